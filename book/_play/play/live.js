// "Run this lesson live" without leaving the lesson (issue 27, docs/lite.md).
//
// The link under a lesson's title goes to the lesson in JupyterLite, JupyterLab running in
// the browser. JupyterLab is a large application: on a slow device it takes 20 s and more
// before it shows the notebook, and longer before its Python can run a cell. So a plain
// click on the link does not leave the page: JupyterLab starts in a hidden frame beside
// it, a bar at the bottom of the screen says how far it has got, and the page's own
// tables, already live, keep playing meanwhile. "Open JupyterLab" shows the frame over the
// page (at once when it is ready, else on its own progress); "Back to the lesson page"
// (or the browser's Back) hides it again, with JupyterLab and the reader's changes kept.
// A click with a modifier key (a new tab, a new window) follows the link as before, and
// so does every click when this script does not run. Every word comes from the link's box
// (data-live-words: the catalogue's sentences in the edition's language, written by
// book/_ext/rummy_book.py).
(() => {
  "use strict";
  const STEP_MS = 500;          // how often the bar looks at JupyterLab's progress
  let live = null;               // once started: its bar, layer, frame, buttons, step, timer

  // How far JupyterLab has got in its frame, read from what it shows (the frame is of the
  // same site): "app" (its application loading), "notebook" (its shell up, the lesson not
  // yet drawn), "kernel" (the lesson drawn, its Python starting), "ready" (the notebook's
  // execution indicator says idle: a cell can run); "missing": the frame holds a page that
  // is not JupyterLite's (the site was published without its live lessons).
  function progress(frame) {
    let doc = null;
    try {
      doc = frame.contentDocument;
    } catch (error) {
      return "app";
    }
    if (!doc || !doc.querySelector(".jp-LabShell")) {
      // a page came that is not JupyterLite's (its files missing from the site: an error page)
      const loaded = doc && doc.readyState === "complete" && doc.URL !== "about:blank";
      return loaded && !doc.getElementById("jupyter-config-data") ? "missing" : "app";
    }
    if (!doc.querySelector(".jp-NotebookPanel .jp-Cell")) return "notebook";
    // (in the notebook's toolbar, or in the status bar on a narrow screen)
    const indicator = doc.querySelector(".jp-Notebook-ExecutionIndicator");
    return indicator && indicator.dataset.status === "idle" ? "ready" : "kernel";
  }

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // Everything of the page but the layer is inert while JupyterLab is shown over it.
  function shown(on) {
    for (const child of document.body.children) {
      if (child !== live.layer) child.inert = on;
    }
    live.layer.classList.toggle("rummy-live-shown", on);
    live.layer.setAttribute("aria-hidden", on ? "false" : "true");
    live.layer.inert = !on;
    if (on) live.frame.focus();
    else live.open.focus();
  }

  function openLab() {
    if (live.layer.classList.contains("rummy-live-shown")) return;
    history.pushState({ rummyLive: true }, "");
    shown(true);
  }

  function backToPage() {
    if (!live.layer.classList.contains("rummy-live-shown")) return;
    if (history.state && history.state.rummyLive) history.back();   // popstate hides it
    else shown(false);
  }

  function stop() {
    if (live.layer.classList.contains("rummy-live-shown")) return;
    clearInterval(live.timer);
    live.layer.remove();
    live.bar.remove();
    live.link.focus();
    live = null;
  }

  function start(link, words) {
    const bar = element("div", { class: "rummy-live-bar", role: "region", "aria-label": words.bar });
    const status = element("p", { class: "rummy-live-status", role: "status" });
    bar.append(status);
    if (location.protocol === "file:") {   // JupyterLite needs http: say so, start nothing
      bar.dataset.step = "file";
      status.textContent = words.file;
      const close = element("button", { type: "button", class: "rummy-live-close" }, words.close);
      close.addEventListener("click", () => { bar.remove(); link.focus(); });
      bar.append(close);
      document.body.append(bar);
      close.focus();
      return;
    }
    const open = element("button", { type: "button", class: "rummy-live-open" }, words.open);
    const close = element("button", { type: "button", class: "rummy-live-close" }, words.close);
    bar.append(open, close);
    const layer = element("div", { class: "rummy-live-layer", "aria-hidden": "true" });
    const back = element("button", { type: "button", class: "rummy-live-back" }, `\u25C0 ${words.back}`);
    const frame = element("iframe", { class: "rummy-live-frame", title: words.frame, src: link.href });
    layer.append(back, frame);
    layer.inert = true;
    document.body.append(layer, bar);
    live = { bar, frame, status, open, layer, link, step: null, timer: null };
    open.addEventListener("click", openLab);
    back.addEventListener("click", backToPage);
    close.addEventListener("click", stop);
    const look = () => {
      const step = progress(frame);
      if (step === live.step) return;
      live.step = step;
      bar.dataset.step = step;
      status.textContent = words[step];
      if (step === "ready" || step === "missing") clearInterval(live.timer);
      if (step === "missing") {          // nothing to open: the focus, if on Open, to Close
        if (document.activeElement === open) close.focus();
        open.hidden = true;
      }
    };
    look();
    live.timer = setInterval(look, STEP_MS);
    open.focus();
  }

  addEventListener("popstate", () => {
    if (live && live.layer.classList.contains("rummy-live-shown")) shown(false);
  });

  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a.rummy-run-live-link");
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const box = link.closest("[data-live-words]");
    if (!box) return;
    event.preventDefault();
    const said = document.querySelector(".rummy-live-bar[data-step=file]");
    if (said) {                 // said already: back to its bar
      said.querySelector("button").focus();
      return;
    }
    if (live) {                 // started already: the link shows it again, or its bar
      if (live.step === "ready") openLab();
      else (live.open.hidden ? live.bar.querySelector(".rummy-live-close") : live.open).focus();
      return;
    }
    start(link, JSON.parse(box.dataset.liveWords));
  });
})();
