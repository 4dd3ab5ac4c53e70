// The book's Python: Pyodide in a web worker, running rummy_teach's widget controllers.
// bookplay.js starts it (when the page is idle, or on the first click) and sends it one
// JSON request per event; it answers with the view drawn by the engine. The runtime and
// the rummy_teach wheel are the live lessons' own files (lite/static/pyodide/), installed
// from their hash-checked lock; nothing comes from outside the site.
//
// Python starts from a memory snapshot made when the book was built (lite/snapshot.mjs):
// Pyodide already started, the controllers already imported. The worker uses it only
// when its manifest (book-play.json) names the very wheel the lock names and the
// snapshot's bytes have the manifest's sha256; otherwise, or if loading it fails, Python
// starts the ordinary way, only slower. `marks.snapshot` says which way it went.
//
// The worker times its own start (performance.now() here, in the worker's thread): the
// page keeps these marks in window.rummyTeachPlay.timings, so a benchmark can tell what
// the design costs from what a busy machine adds (docs/book-play.md, "Speed").
let dispatch = null;
const marks = { created: 0 };   // ms since the worker was created, by phase end
const mark = (name) => { marks[name] = Math.round(performance.now()); };

async function fetchOk(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw Object.assign(new Error(url), { reason: "missing" });
  return response[as]();
}

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The snapshot's memory and the wheel it imports from, both checked, or the reason why not.
async function snapshotFiles(indexURL) {
  try {
    const [manifest, lock] = await Promise.all([
      fetchOk(indexURL + "book-play.json", "json"), fetchOk(indexURL + "pyodide-lock.json", "json")]);
    const wheel = lock.packages["rummy-teach"];
    if (!wheel || wheel.sha256 !== manifest.wheel.sha256 || wheel.file_name !== manifest.wheel.file) {
      return { reason: "stale" };   // made for another build of the engine
    }
    const [packed, wheelBytes] = await Promise.all([
      fetchOk(indexURL + manifest.file, "arrayBuffer"), fetchOk(indexURL + wheel.file_name, "arrayBuffer")]);
    mark("snapshot_fetched");
    if (await sha256(packed) !== manifest.sha256 || await sha256(wheelBytes) !== wheel.sha256) {
      return { reason: "corrupt" };
    }
    const memory = await new Response(
      new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    if (memory.byteLength !== manifest.memory_bytes) return { reason: "corrupt" };
    mark("snapshot_unpacked");
    return { memory, wheel: new Uint8Array(wheelBytes), path: manifest.wheel.path };
  } catch (error) {
    return { reason: error.reason || "failed" };
  }
}

async function start(indexURL) {
  mark("asked");
  const files = snapshotFiles(indexURL);   // fetched while Pyodide's script loads
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  mark("script");
  let pyodide = null;
  try {
    // Pyodide fetches its runtime while the snapshot's files arrive and are checked
    const memory = files.then((got) => got.memory || Promise.reject(new Error(got.reason)));
    memory.catch(() => {});   // handled below; not an "uncaught" rejection in the console
    pyodide = await loadPyodide({ indexURL, _loadSnapshot: memory });
    const { wheel, path } = await files;
    pyodide.FS.writeFile(path, wheel);
    // each page deals its own games: the snapshot's random state is the same everywhere
    pyodide.runPython("import random\nrandom.seed()");
    marks.snapshot = "used";
  } catch (error) {
    const got = await files;
    marks.snapshot = got.memory ? "failed" : got.reason;
    pyodide = null;
  }
  mark("runtime");
  if (!pyodide) {
    pyodide = await loadPyodide({ indexURL });
    mark("runtime");
    await pyodide.loadPackage("rummy-teach", { messageCallback: () => {} });
  }
  mark("engine");
  // import every controller now, while the reader reads: the first click pays none of it
  dispatch = pyodide.runPython("from rummy_teach.play import dispatch, warm\nwarm()\ndispatch");
  mark("imported");
  return marks;
}

self.onmessage = async (event) => {
  const { id, init, request, prepare } = event.data;
  try {
    if (init) {
      self.postMessage({ id, ok: true, value: await start(init) });
    } else {
      const began = performance.now();
      const value = dispatch(request);
      self.postMessage({ id, ok: true, value, ms: performance.now() - began, prepare });
    }
  } catch (error) {
    // the page shows the catalogue's words for this kind of failure; the details go here
    console.error("rummy_teach worker:", error);
    self.postMessage({ id, ok: false, kind: init ? "load" : "event" });
  }
};
