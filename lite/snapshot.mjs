// A memory snapshot of Pyodide started, with rummy_teach's widget controllers imported
// and what their first use would compute done ahead (rummy_teach.play.warm):
// the book's pages load it instead of starting Python (book/_play/play/worker.js,
// docs/book-play.md "Speed"). Run by lite/build.py under Node, offline:
//
//     node lite/snapshot.mjs SITE/static/pyodide/ rummy_teach-….whl /lib/rummy_teach.whl OUT
//
// The runtime is the site's own (the pinned, hash-checked npm package). The wheel is put
// at WHEEL_PATH in Pyodide's file system and imported from there as a zip archive: the
// page writes the same wheel (checked against the lock) at the same path after loading the
// snapshot, so any module imported later still finds its file.
//
// The same inputs give the same bytes: while the snapshot is made, the random bytes
// Python asks for come from a fixed sequence and the clocks tick by one per reading, and
// the hash seed, locale, time zone and program name are fixed. The page seeds Python's
// `random` afresh after loading it.
import crypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [indexDir, wheelFile, wheelPath, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node snapshot.mjs PYODIDE_DIR/ WHEEL WHEEL_PATH OUT");
  process.exit(2);
}

let state = 0x2545f491;   // a fixed linear congruential sequence instead of the OS's randomness
crypto.randomFillSync = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return view;
};
let tick = 0;
performance.now = () => (tick += 1);
Date.now = () => Date.UTC(2026, 0, 1) + tick;

const indexURL = indexDir.endsWith("/") ? indexDir : `${indexDir}/`;
const { loadPyodide } = await import(pathToFileURL(`${indexURL}pyodide.mjs`).href);
const pyodide = await loadPyodide({
  indexURL, _makeSnapshot: true, _sysExecutable: "./this.program",
  env: { PYTHONHASHSEED: "0", LANG: "C.UTF-8", TZ: "UTC", HOME: "/home/pyodide" },
  stdout: () => {}, stderr: (line) => console.error(line),
});
// A page restores the snapshot into the heap a fresh runtime starts with, without growing
// it (pyodide/pyodide#6254: "offset is out of bounds"), and then starts Python the slow
// way. So what warm() keeps must fit in that heap: a snapshot that outgrew it is refused
// here, where the build can say so, rather than shipped to pages that cannot load it.
const heap = () => pyodide._module.HEAP8.length;
const startHeap = heap();
pyodide.FS.writeFile(wheelPath, readFileSync(wheelFile));
pyodide.runPython(`
import sys
sys.path.insert(0, ${JSON.stringify(wheelPath)})
from rummy_teach.play import warm
warm(ahead=True)
`);
if (heap() > startHeap) {
  const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);
  console.error(`snapshot: warm(ahead=True) grew Pyodide's heap from ${mib(startHeap)} to `
    + `${mib(heap())} MiB; a page can restore a snapshot only into the ${mib(startHeap)} MiB a `
    + "fresh runtime has (pyodide/pyodide#6254), so the pages would start Python without it. "
    + "Keep less in rummy_teach.play.warm (KEPT_QUIZZES, the solver's tables, the card pictures).");
  process.exit(3);
}
writeFileSync(out, pyodide.makeMemorySnapshot());
