// The live lessons on a narrow screen. JupyterLite opens the lesson a link names
// (index.html?path=...) and then reveals it in its file browser, which opens the side
// panel: on a phone the panel takes three quarters of the width and leaves the lesson a
// column one letter wide. On a screen narrower than NARROW CSS pixels this closes the side
// panel right after that first reveal, once; the reader opens it again from its icon, and
// a reveal the reader asks for later (File > Show in File Browser) is left alone.
//
// JupyterLab's menu bar (File to Help, about 400 px) is wider than a phone and its last
// menus fell off the screen's edge: below NARROW the bar takes the width left to it and
// scrolls sideways (Lumino's own "..." overflow menu never comes here: the bar measures its
// menus while the app is still hidden, all 0 px wide). The status bar (about 510 px: the
// kernel, the mode, the cell, the line...) scrolls sideways too.
//
// lite/build.py copies this file into the site and loads it from each JupyterLab app's
// index.html; the app is reachable as window.jupyterapp because the site's
// jupyter-lite.json sets exposeAppInBrowser.
(function () {
  "use strict";
  const NARROW = 900;
  const REVEAL = "docmanager:show-in-file-browser";
  const GIVE_UP = Date.now() + 300000;   // an app that never starts is not waited for
  const menuBar = document.createElement("style");
  menuBar.textContent = `@media (max-width: ${NARROW - 0.02}px) {
    #jp-top-panel > #jp-menu-panel { min-width: 0; flex: 0 1 auto; }
    #jp-MainMenu, #jp-main-statusbar { overflow-x: auto; }
  }`;
  document.head.appendChild(menuBar);
  const waiting = setInterval(() => {
    const app = window.jupyterapp;
    if (!app && Date.now() < GIVE_UP) return;
    clearInterval(waiting);
    if (!app) return;
    const onCommand = (_, { id, result }) => {
      if (id !== REVEAL) return;
      app.commands.commandExecuted.disconnect(onCommand);
      if (window.innerWidth >= NARROW) return;
      Promise.resolve(result).then(() => app.shell.collapseLeft(), () => {});
    };
    app.commands.commandExecuted.connect(onCommand);
  }, 20);
})();
