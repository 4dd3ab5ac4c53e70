// The live lessons on a narrow screen. JupyterLite opens the lesson a link names
// (index.html?path=...) and then reveals it in its file browser, which opens the side
// panel: on a phone the panel takes three quarters of the width and leaves the lesson a
// column one letter wide. On a screen narrower than NARROW CSS pixels this closes the side
// panel right after that first reveal, once; the reader opens it again from its icon, and
// a reveal the reader asks for later (File > Show in File Browser) is left alone.
//
// lite/build.py copies this file into the site and loads it from each JupyterLab app's
// index.html; the app is reachable as window.jupyterapp because the site's
// jupyter-lite.json sets exposeAppInBrowser.
(function () {
  "use strict";
  const NARROW = 900;
  const REVEAL = "docmanager:show-in-file-browser";
  const GIVE_UP = Date.now() + 300000;   // an app that never starts is not waited for
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
