// The book's Python: Pyodide in a web worker, running rummy_teach's widget controllers.
// bookplay.js starts it (when the page is idle, or on the first click) and sends it one
// JSON request per event; it answers with the view drawn by the engine. The runtime and
// the rummy_teach wheel are the live lessons' own files (lite/static/pyodide/), installed
// from their hash-checked lock; nothing comes from outside the site.
//
// The worker times its own start (performance.now() here, in the worker's thread): the
// page keeps these marks in window.rummyTeachPlay.timings, so a benchmark can tell what
// the design costs from what a busy machine adds (docs/book-play.md, "Speed").
let dispatch = null;
const marks = { created: 0 };   // ms since the worker was created, by phase end
const mark = (name) => { marks[name] = Math.round(performance.now()); };

async function start(indexURL) {
  mark("asked");
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  mark("script");
  const pyodide = await loadPyodide({ indexURL });
  mark("runtime");
  await pyodide.loadPackage("rummy-teach", { messageCallback: () => {} });
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
    self.postMessage({ id, ok: false, value: String((error && error.message) || error) });
  }
};
