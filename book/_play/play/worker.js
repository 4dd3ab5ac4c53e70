// The book's Python: Pyodide in a web worker, running rummy_teach's widget controllers.
// bookplay.js starts it (when the page is idle, or on the first click) and sends it one
// JSON request per event; it answers with the view drawn by the engine. The runtime and
// the rummy_teach wheel are the live lessons' own files (lite/static/pyodide/), installed
// from their hash-checked lock; nothing comes from outside the site.
let dispatch = null;

async function start(indexURL) {
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL });
  await pyodide.loadPackage("rummy-teach", { messageCallback: () => {} });
  dispatch = pyodide.runPython("from rummy_teach.play import dispatch\ndispatch");
}

self.onmessage = async (event) => {
  const { id, init, request } = event.data;
  try {
    if (init) {
      await start(init);
      self.postMessage({ id, ok: true, value: null });
    } else {
      self.postMessage({ id, ok: true, value: dispatch(request) });
    }
  } catch (error) {
    self.postMessage({ id, ok: false, value: String((error && error.message) || error) });
  }
};
