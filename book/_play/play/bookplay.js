// rummy_teach's widgets, live on the book's static pages (docs/book-play.md says why so).
//
// Each widget output of a lesson is a <div class="rt-play"> holding its first view
// (drawn at build time), the JSON configuration of its controller and, for a worked
// example, every step's view as a <template>. Stepping a worked example swaps those
// templates: no Python. Every other event (a card clicked, Draw, Submit...) goes to a
// Pyodide worker (worker.js) that runs the same Python controller as the kernel's
// widget and answers with the new view. The worker starts as soon as this script runs on
// a page with a widget that needs Python; clicks made before it is ready wait for it.
//
// A card table whose lesson gave it no deal number ("fresh" in its configuration) deals
// afresh on each visit: as soon as Python is up, the worker deals it from a new number
// (or from the number in the page's address, #deal=1234, for the page's first such
// table) and the build's picture is replaced; until then that picture is inert. The
// number shown on the table becomes a link to the page with that deal in its address.
//
// Answers drawn ahead (issue 27; rummy_teach/play/ahead.py): a table's or a meld
// checker's element also carries the engine's replies to a reader's first clicks (a
// table: the whole first turn), worked out when the book was built by the same
// controller. A click made before Python is up is answered from them at once; the same
// event still goes to the worker, which replays it when Python is up, and the page
// compares Python's reply with what it showed (equal by construction; if not, Python's
// is shown and every later event waits for Python). A fresh table is played as the book
// dealt it on this browser's first visit to the page (so its first turn answers at
// once); every later visit deals afresh, as before.
(() => {
  "use strict";
  const here = new URL(".", document.currentScript.src);
  const PYODIDE = new URL("../lite/static/pyodide/", here).href;
  // the edition's language (<html lang>: "en", "it", "nl"): the engine draws in it
  const PAGE_LANGUAGE = document.documentElement.lang || "en";
  // How long the start took, for benchmarks and the curious: in the page's clock
  // (performance.now()) when the worker was asked for and when it was ready, the worker's
  // own marks (ms after its creation: script, runtime, engine, imported), and how long
  // Python took for each event in the worker (dispatch_ms) and for each widget it built
  // ahead of the reader's first click (prepare_ms); `events` lists the reader's events and
  // the builds ahead of time ("ahead") or on reaching for a widget ("reach"), with times.
  const timings = { dispatch_ms: [], prepare_ms: [], events: [], ahead: [] };
  window.rummyTeachPlay = { timings };

  let worker = null;
  let ready = null;
  let counter = 0;
  const waiting = new Map();

  // A failure says only what kind it was ("file", "load", "event"): the page shows the
  // catalogue's sentence for that kind (data-words), never a browser's or Python's own text,
  // which goes to the console for whoever debugs.
  const failure = (kind) => Object.assign(new Error(kind), { kind });

  function startWorker() {
    if (ready) return ready;
    timings.started = performance.now();
    // browsers start no worker for a page opened from disk: say so rather than fail later
    if (location.protocol === "file:") return (ready = Promise.reject(failure("file")));
    try {
      worker = new Worker(new URL("worker.js", here), { type: "module" });
    } catch (error) {
      console.error("rummy_teach: no worker", error);
      return (ready = Promise.reject(failure("load")));
    }
    worker.onmessage = (event) => {
      const { id, ok, value, ms, prepare, kind } = event.data;
      if (ms !== undefined) timings[prepare ? "prepare_ms" : "dispatch_ms"].push(Math.round(ms));
      const promise = waiting.get(id);
      waiting.delete(id);
      if (promise) (ok ? promise.resolve : promise.reject)(ok ? value : failure(kind));
    };
    worker.onerror = (event) => {   // the worker's script itself did not load or run
      console.error("rummy_teach: the worker failed", event.message);
      for (const promise of waiting.values()) promise.reject(failure("load"));
      waiting.clear();
    };
    ready = call({ init: PYODIDE }).then((marks) => {
      timings.ready = performance.now();
      timings.worker = marks;
    });
    return ready;
  }

  function call(message) {
    const id = ++counter;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }

  const started = { done: false };
  // The worker runs one thing at a time, so a controller built ahead of time (a quiz of 31
  // questions takes most of a second in the page's Python) would delay a click that comes
  // meanwhile. Widgets are therefore built ahead only once the reader has left the page
  // alone for QUIET ms, and the one the reader points at or tabs into comes first. Alone
  // means no click of the reader's waiting for Python, and QUIET ms since the last click
  // or the last answer shown, whichever came later: the reader is reading it (a slow
  // start's first answer came 4 s after its click, a build began at once, and the next
  // click, 0.1 s later, waited 190 ms behind it on a quarter of a core).
  const QUIET = 1500;
  const reader = { last: -Infinity, waiting: 0 };
  const sinceReader = () => (reader.waiting ? 0 : performance.now() - reader.last);
  const whenQuiet = () => new Promise((resolve) => {
    const check = () => (sinceReader() >= QUIET ? resolve() : setTimeout(check, QUIET - sinceReader()));
    check();
  });
  // the reader quiet, then the page's next idle moment, and the reader still quiet then
  // (they may have clicked while the page waited for it): when a build ahead may go on
  const quietMoment = () => whenQuiet()
    .then(() => new Promise((resolve) => idle(resolve, 1000)))
    .then(() => (sinceReader() >= QUIET ? undefined : quietMoment()));

  function ask(request) {
    return startWorker().then(() => {
      started.done = true;
      return call({ request: JSON.stringify({ ...request, lang: PAGE_LANGUAGE }),
                    prepare: request.act === null });
    });
  }

  // Build a widget's controller ahead of the reader's click a step at a time (a quiz: one
  // question per step; see rummy_teach.play.dispatch), each step a message of its own at an
  // idle moment when the reader has been quiet (`between`): the worker runs one message at
  // a time, so a click on another widget waits for one step at most, not the whole build.
  function buildInSteps(request, between) {
    const step = () => ask({ ...request, act: null, step: true }).then((text) => {
      if (JSON.parse(text).prepared !== false) return text;
      return between().then(step);
    });
    return step();
  }

  // the status line for a failure: the engine stopped on an event, or never started (why)
  const failedWords = (words, kind) => (kind === "event" ? words.failed_event || ""
    : `${words.failed || ""} ${words[`failed_${kind}`] || words.failed_load || ""}`.trim());

  // run `job` at the page's next idle moment (or after `wait` ms at the latest)
  const idle = (job, wait) => ("requestIdleCallback" in window
    ? requestIdleCallback(job, { timeout: wait }) : setTimeout(job, Math.min(wait, 200)));

  // One tab stop per toolbar (the WAI-ARIA Authoring Practices' toolbar pattern, with a
  // roving tabindex): in each [data-roving] element inside `root` one control has
  // tabindex 0 and the others -1; the arrow keys move the focus among them (wrapping
  // round), Home and End to the first and the last; Enter and Space do what a click does
  // (the caller's listeners). A toolbar remembers its last focused control across redraws
  // (by its card, region or move) unless it is now greyed (aria-disabled: the arrows reach
  // it, and it says why, but it is no stop), else keeps the one the HTML made its stop. A listbox
  // whose selection follows the focus (data-follow: the review's moves) selects the option
  // the arrow keys reach (a click on it), and after a redraw its stop is the option the HTML
  // selected, scrolled into view inside the list. Returns `settle`, to call after each redraw. The same text is in book/_play/play/bookplay.js
  // and rummy_teach/widgets/base.py (tests/test_play_keyboard.py checks).
  function roving(root) {
    const memory = new Map();
    const MOVES = new Map([["ArrowRight", 1], ["ArrowDown", 1], ["ArrowLeft", -1], ["ArrowUp", -1]]);
    const itemKey = (node) => node.dataset.card || node.dataset.click || node.dataset.arg || "";
    const barOf = (node) => {
      const bar = node.closest("[data-roving]");
      return bar && root.contains(bar) ? bar : null;
    };
    const items = (bar) => [...bar.querySelectorAll("[tabindex]")]
      .filter((node) => !node.disabled && node.closest("[data-roving]") === bar);
    const choose = (bar, chosen) => {
      for (const node of items(bar)) {   // written only where it changes: each write is work
        const stop = node === chosen ? 0 : -1;          // for the page's style at every redraw
        if (node.tabIndex !== stop) node.tabIndex = stop;
      }
    };
    root.addEventListener("focusin", (event) => {
      const bar = barOf(event.target);
      if (!bar || !items(bar).includes(event.target)) return;
      memory.set(bar.dataset.roving, itemKey(event.target));
      choose(bar, event.target);
    });
    root.addEventListener("keydown", (event) => {
      const bar = barOf(event.target);
      if (!bar || event.altKey || event.ctrlKey || event.metaKey) return;
      const list = items(bar);
      const at = list.indexOf(event.target);
      if (at < 0) return;
      let to = null;
      if (MOVES.has(event.key)) to = (at + MOVES.get(event.key) + list.length) % list.length;
      else if (event.key === "Home") to = 0;
      else if (event.key === "End") to = list.length - 1;
      if (to === null) return;
      event.preventDefault();
      list[to].focus();
      if (bar.hasAttribute("data-follow")) list[to].click();
    });
    return () => {
      for (const bar of root.querySelectorAll("[data-roving]")) {
        const list = items(bar);
        const follow = bar.hasAttribute("data-follow");
        const kept = !follow && list.find((node) => itemKey(node) === memory.get(bar.dataset.roving)
    && node.getAttribute("aria-disabled") !== "true");
        const chosen = kept || list.find((node) => node.tabIndex === 0) || list[0];
        if (chosen) choose(bar, chosen);
        if (follow && chosen) bar.scrollTop = chosen.offsetTop - (bar.clientHeight - chosen.offsetHeight) / 2;
      }
    };
  }

  // What a redraw added to the table's log (.rt-log, an <ol> numbered from its start whose
  // earlier lines are hidden but there: one move can add more lines than are shown),
  // said once by a polite live region put in `root` beside the view: "The computer
  // discards 10♥." rather than the whole log again; likewise a quiz's verdict
  // (.rt-feedback) when it appears or changes, which is also scrolled into view (it may
  // sit below the screen, under the question). Returns `tell`, to call after each
  // redraw (`tell(true)` after a fresh deal: count the lines, say nothing). The same text
  // is in book/_play/play/bookplay.js and rummy_teach/widgets/base.py.
  function announcer(root, view) {
    const region = document.createElement("p");
    region.className = "rt-news";
    region.setAttribute("aria-live", "polite");
    region.style.cssText = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;"
      + "overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0";
    root.append(region);
    // null: no log drawn now (the review of a hand shows none), so nothing new and nothing
    // forgotten: when the log comes back, its lines are not news
    const count = () => {
      const log = view.querySelector(".rt-log");
      if (!log) return null;
      const lines = [...log.querySelectorAll(":scope > li")];
      return { lines, last: Number(log.getAttribute("start") || 1) + lines.length - 1 };
    };
    const verdict = () => {
      const box = view.querySelector(".rt-feedback");
      return { box, text: box ? (box.innerText || box.textContent).replace(/\s+/g, " ").trim() : "" };
    };
    let seen = (count() || { last: 0 }).last;
    let heard = verdict().text;
    return (quiet) => {
      const now = count();
      const { box, text } = verdict();
      const news = [];
      if (now) {
        const { lines, last } = now;
        if (!quiet && last > seen) {
          const fresh = lines.slice(Math.max(0, lines.length - (last - seen)));
          news.push(...fresh.map((line) => line.textContent.trim()));
        }
        seen = last;
      } else if (quiet) {
        seen = 0;   // a fresh deal with nothing logged yet
      }
      if (!quiet && text && text !== heard) {
        news.push(text);
        box.scrollIntoView({ block: "nearest" });
      }
      if (news.length) region.textContent = news.join(" ");
      heard = text;
    };
  }

  // what a control is, across redraws: its name if it has one (the stepper's Next keeps
  // its name while the step it goes to changes), else its event
  const keyOf = (node) => !node ? null : node.dataset.name ? `name|${node.dataset.name}`
    : [node.dataset.act, node.dataset.arg, node.dataset.card, node.dataset.click].join("|");
  const CONTROL = "[data-act], [data-card], [data-click]";
  // a control that cannot be used now: disabled, or greyed with its reason (aria-disabled)
  const isOff = (node) => node.disabled || node.getAttribute("aria-disabled") === "true";
  const ON = ':not([disabled]):not([aria-disabled="true"])';
  // A greyed control's reason (.rt-why, its aria-describedby) has an id of the view's own:
  // prefixed here with the widget's name, no two widgets of a page share one.
  const ownReasons = (view, prefix) => {
    for (const why of view.querySelectorAll(".rt-why[id]")) {
      const owner = view.querySelector(`[aria-describedby="${why.id}"]`);
      why.id = `${prefix}-${why.id}`;
      if (owner) owner.setAttribute("aria-describedby", why.id);
    }
  };

  // A redraw changes only what changed (issue 27): a table's view is some 75 kB of card
  // pictures, most of them the same after a click, and putting the whole text in again
  // made the page build, style and lay out every card at every click (on a quarter of a
  // core, a click waited for that). The new view is parsed once, outside the page; then,
  // child by child, a node equal to the one in its place is kept, an element of the same
  // tag takes the new one's attributes and its children the same way, anything else is
  // replaced. What the view holds afterwards is what innerHTML would have made of the
  // text; only the unchanged nodes are the old ones. Text boxes and selects are always
  // replaced: their value is the reader's, not their attribute's.
  const FIELDS = new Set(["INPUT", "SELECT", "TEXTAREA"]);
  function patch(into, from) {
    const fresh = [...from.childNodes];
    const old = into.childNodes;
    for (let i = 0; i < fresh.length; i++) {
      const [a, b] = [old[i], fresh[i]];
      if (!a) { into.append(...fresh.slice(i)); break; }
      if (a.isEqualNode(b)) continue;
      if (a.nodeType === Node.ELEMENT_NODE && b.nodeType === Node.ELEMENT_NODE && a.tagName === b.tagName
          && a.namespaceURI === b.namespaceURI && !FIELDS.has(a.tagName)) {
        for (const name of a.getAttributeNames()) if (!b.hasAttribute(name)) a.removeAttribute(name);
        for (const { name, value } of b.attributes) if (a.getAttribute(name) !== value) a.setAttribute(name, value);
        patch(a, b);
      } else if (a.nodeType === Node.TEXT_NODE && b.nodeType === Node.TEXT_NODE) {
        a.data = b.data;
      } else {
        a.replaceWith(b);
      }
    }
    while (old.length > fresh.length) into.lastChild.remove();
  }
  const fragmentOf = (text) => {
    const template = document.createElement("template");
    template.innerHTML = text;
    return template.content;
  };

  // the deal a shared link names (#deal=1234), or null
  const dealInAddress = () => {
    const found = /(?:^#|&)deal=(\d{1,9})(?:&|$)/.exec(location.hash);
    return found ? Number(found[1]) : null;
  };
  let linkedTable = null;    // the page's first fresh table: the one #deal= names

  // Is this the browser's first visit to this page's fresh table `index` as the book dealt
  // it (`seed`)? Remembered in localStorage; without it, every visit deals afresh.
  function firstVisit(index, seed) {
    try {
      const key = `rummy-teach-dealt:${location.pathname}:${index}`;
      if (localStorage.getItem(key) === String(seed)) return false;
      localStorage.setItem(key, String(seed));
      return true;
    } catch (error) {
      return false;
    }
  }

  function setup(root, index) {
    const view = root.querySelector(".rt-play-view");
    const status = root.querySelector(".rt-play-status");
    const config = JSON.parse(root.dataset.config);
    // the status lines' words, from the engine's message catalogue (drawn at build time)
    const words = JSON.parse(root.dataset.words || "{}");
    const templates = new Map();
    for (const template of root.querySelectorAll("template[data-view]")) {
      templates.set(template.dataset.view, template);
    }
    const shared = root.querySelector("template[data-pictures]");
    const pictures = shared ? [...shared.content.children] : [];
    let queue = Promise.resolve();
    let widget = index;          // the worker's name for this widget's controller
    view.tabIndex = -1;
    ownReasons(view, index);
    const settleBars = roving(view);
    const tell = announcer(root, view);
    const fresh = config.kind === "table" && config.fresh === true;
    const linked = fresh && linkedTable === null;
    if (linked) linkedTable = root;
    // the deal the address named when the page opened: read now, for the skip link and any
    // other in-page link changes the address before Python is up to deal it
    const named = linked ? dealInAddress() : null;
    // the replies drawn ahead, read at the first click that needs one (see the top)
    const aheadScript = root.querySelector("script.rt-ahead");
    const ahead = aheadScript && named === null
      && (!fresh || firstVisit(index, config.seed)) ? { on: true, path: "", texts: null } : null;
    const dealsHere = fresh && !ahead;   // dealt afresh in the worker once Python is up
    if (fresh && ahead) widget = `${index}/deal${config.seed}`;

    // a view drawn at build time: its card pictures are shared by every step
    function fromTemplate(template) {
      const view = template.content.cloneNode(true);
      for (const slot of view.querySelectorAll("i[data-picture]")) {
        slot.replaceWith(pictures[Number(slot.dataset.picture)].cloneNode(true));
      }
      return view;
    }

    // After a redraw the focus stays on the control the reader used (by its key); when
    // that control is gone or greyed, it goes where the next step lies: the stepper's or
    // the quiz's Next, else the toolbar the view marks (data-focus-next: the hand after a
    // draw, the moves after a discard), else the view's first control; never the page.
    function show(content, focusKey, quiet) {
      if (typeof content === "string") patch(view, fragmentOf(content));
      else view.replaceChildren(content);
      ownReasons(view, index);
      settleBars();
      tell(quiet === true || focusKey === null);
      if (focusKey === null) return;
      let again = null;
      for (const node of view.querySelectorAll(CONTROL)) {
        if (keyOf(node) === focusKey) { again = node; break; }
      }
      if (!again || isOff(again)) {
        again = view.querySelector(`button[data-act="next"]${ON}`)
          || view.querySelector(`[data-focus-next] [tabindex="0"]${ON}`)
          || view.querySelector(`[tabindex="0"]${ON}, button${ON}`) || again;
      }
      (again && !again.disabled ? again : view).focus();
    }

    // the deal number on the table: a link to this page with the deal in its address
    function linkDeal() {
      const label = view.querySelector("span.rt-deal[data-deal]");
      if (!label || !linked) return;
      const link = document.createElement("a");
      link.className = label.className;
      link.dataset.deal = label.dataset.deal;
      link.title = label.title;
      link.href = `#deal=${label.dataset.deal}`;
      link.style.color = "inherit";
      link.textContent = label.textContent;
      label.replaceWith(link);
    }

    // the exact text of the reply drawn ahead to the events `key` names, or null
    function aheadText(key) {
      if (!ahead.texts) {
        ahead.data = JSON.parse(aheadScript.textContent);
        ahead.texts = new Map([["", whole(ahead.data.base)]]);
      }
      if (ahead.texts.has(key)) return ahead.texts.get(key);
      const entry = ahead.data.answers[key];
      const before = entry ? aheadText(entry[0]) : null;
      if (before === null) return null;
      let text = "";
      let at = 0;
      for (const [start, end, part] of entry[1]) {
        text += before.slice(at, start) + whole(part);
        at = end;
      }
      text += before.slice(at);
      ahead.texts.set(key, text);
      return text;
    }
    const whole = (text) => text.replace(/<i data-picture="(\d+)"><\/i>/g,
      (_, n) => ahead.data.pictures[Number(n)]);

    // Answer an event from the replies drawn ahead, if Python is not up yet and the reader
    // has not left them; Python replays it later and its reply is compared. True if answered.
    function answerAhead(act, arg, fields, focusKey) {
      if (!ahead || !ahead.on) return false;
      const key = (ahead.path ? `${ahead.path}>` : "") + `${act}|${arg}`;
      const text = timings.ready === undefined ? aheadText(key) : null;
      if (text === null) {
        ahead.on = false;        // from here on, every event of this widget waits for Python
        return false;
      }
      ahead.path = key;
      show(text, focusKey);
      timings.ahead.push({ key, at: performance.now() });
      queue = queue
        .then(() => ask({ widget, config, act, arg, fields }))
        .then((answer) => {
          const { html, error } = JSON.parse(answer);
          const same = html === text;
          timings.ahead.push({ key, checked: performance.now(), same });
          if (same && !ahead.broken) return;
          if (!same) console.error("rummy_teach: the reply drawn ahead differs from Python's", key);
          ahead.broken = true;   // Python's reply is the one shown, now and after
          ahead.on = false;
          status.textContent = error || "";
          if (html !== undefined) show(html, focusKey);
        })
        .catch((error) => { status.textContent = failedWords(words, error.kind); });
      return true;
    }

    // deal this table afresh in the worker (from `number`, or a new number if null)
    function deal(number) {
      if (ahead) ahead.on = false;
      config.seed = number;
      widget = `${index}/deal${number === null ? "" : number}`;
      root.setAttribute("aria-busy", "true");
      view.inert = true;
      status.textContent = words.dealing || "";
      prepared = queue = queue
        .then(() => ask({ widget, config, act: "start" }))
        .then((text) => {
          const answer = JSON.parse(text);
          status.textContent = answer.error || "";
          if (answer.html === undefined) return;
          show(answer.html, null);
          const label = view.querySelector("[data-deal]");
          if (label) config.seed = Number(label.dataset.deal);   // a rebuild deals the same
          root.dataset.config = JSON.stringify(config);
          linkDeal();
        })
        .catch((error) => { status.textContent = failedWords(words, error.kind); })
        .finally(() => { view.inert = false; root.removeAttribute("aria-busy"); });
      return prepared;
    }
    if (linked) {
      window.addEventListener("hashchange", () => {
        const number = dealInAddress();
        if (number !== null && number !== config.seed) deal(number);
      });
    }

    function send(act, arg, focusKey) {
      if (act === "go" && templates.has(arg)) {
        show(fromTemplate(templates.get(arg)), focusKey);
        return;
      }
      const fields = {};
      for (const input of view.querySelectorAll("input[name]")) fields[input.name] = input.value;
      reader.last = performance.now();
      timings.events.push({ event: act, at: reader.last });
      if (answerAhead(act, arg, fields, focusKey)) return;
      if (!started.done) status.textContent = words.starting || "";
      root.setAttribute("aria-busy", "true");
      reader.waiting += 1;
      queue = queue
        .then(() => ask({ widget, config, act, arg, fields }))
        .then((text) => {
          const answer = JSON.parse(text);
          status.textContent = answer.error || "";
          if (answer.html !== undefined) show(answer.html, focusKey);
          linkDeal();
        })
        .catch((error) => { status.textContent = failedWords(words, error.kind); })
        .finally(() => {
          root.removeAttribute("aria-busy");
          reader.waiting -= 1;
          reader.last = Math.max(reader.last, performance.now());
          timings.events.push({ answered: act, at: reader.last });
        });
    }

    // build this widget's controller in the worker before the reader's first click, so
    // that click pays only for its own event (act null: build, answer nothing)
    let prepared = null;
    function prepare(why) {
      if (prepared) return prepared;
      // ahead of time, each step waits for an idle moment with the reader quiet; when the
      // reader reaches for this widget, the steps follow one another (the click may come)
      const between = why === "ahead" ? quietMoment : () => Promise.resolve();
      // not part of `queue`: the reader's own event on this widget does not wait for the
      // steps (the worker finishes a half-built controller before answering it). Ahead of
      // time the first step waits too, once what is queued before it is done: an answer
      // Python gave late (its start) is news the reader is reading.
      prepared = queue.then(between).then(() => {
        timings.events.push({ prepare: index, why, at: performance.now() });
        return buildInSteps({ widget, config }, between);
      }).then(() => { timings.events.push({ prepared: index, at: performance.now() }); })
        .catch(() => {});
      return prepared;
    }
    // the widget the reader reaches for is built first (if Python is already up)
    const reachFor = () => {
      if (ready && !prepared) (dealsHere ? deal(named) : prepare("reach"));
    };
    root.addEventListener("pointerenter", reachFor);
    root.addEventListener("focusin", reachFor);

    function eventOf(node) {
      if (node.dataset.act) return [node.dataset.act, node.dataset.arg || ""];
      if (node.dataset.card) return ["card", node.dataset.card];
      return ["region", node.dataset.click];
    }

    function activate(target) {
      const node = target.closest(CONTROL);
      if (!node || !view.contains(node) || isOff(node)) return false;
      if (node.matches("select, input")) return false;   // these answer "change"
      const [act, arg] = eventOf(node);
      send(act, arg, keyOf(node));
      return true;
    }

    view.addEventListener("click", (event) => {
      if (activate(event.target) && event.target.closest("a")) event.preventDefault();
    });
    view.addEventListener("keydown", (event) => {
      const node = event.target;
      if (event.key === "Enter" && node.matches("input[name]")) {
        const submit = view.querySelector(`[data-act="submit"]${ON}`);
        if (submit) { event.preventDefault(); send("submit", "", keyOf(submit)); }
        return;
      }
      // native buttons click themselves on Enter and Space; role="button" elements do not
      if ((event.key === "Enter" || event.key === " ") && !node.matches("button") && activate(node)) {
        event.preventDefault();
      }
    });
    view.addEventListener("change", (event) => {
      const node = event.target;
      if (!node.dataset.act) return;
      const arg = node.type === "checkbox" ? (node.checked ? "on" : "off") : node.value;
      send(node.dataset.act, arg, keyOf(node));
    });
    if (ahead) {   // it answers the reader's first clicks now, without Python
      root.dataset.ahead = "ready";
      if (fresh) linkDeal();
    }
    if (dealsHere) {   // dealt first of all, as soon as Python is up (see boot)
      status.textContent = words.dealing || "";
      view.inert = true;
      root.setAttribute("aria-busy", "true");
      return { prepare: () => prepared || deal(named), first: true };
    }
    return templates.size === 0 ? { prepare, first: false } : null;   // null: needs no Python
  }

  function boot() {
    const prepares = [];
    const deals = [];
    document.querySelectorAll(".rt-play[data-config]").forEach((root, index) => {
      const made = setup(root, `w${index}`);
      if (made) (made.first ? deals : prepares).push(made.prepare);
    });
    if (!prepares.length && !deals.length) return;
    // When a table must be dealt by Python (no replies drawn ahead: a later visit), start
    // Python at once: the worker fetches the runtime and the snapshot and compiles them in
    // its own thread while the page lays itself out and paints (issue 27). When every
    // widget answers its first clicks from the replies drawn ahead, Python starts after the
    // page's load event at an idle moment, or at the reader's first click (whose replay
    // needs it): on a slow device with one core's share for the whole browser, the
    // worker's start took the CPU from the page's layout and first answer (0.35-0.95 s
    // later on a quarter of a core, docs/benchmarks.md). Then deal the fresh tables and
    // build the widgets' controllers one at a time, each at an idle moment when the reader
    // has not clicked for QUIET ms (see whenQuiet).
    if (deals.length) startWorker().catch(() => {});
    const ahead = (prepare) => quietMoment().then(() => prepare("ahead"));
    // fresh tables are dealt first; when Python cannot start, their deal says why
    const warm = () => startWorker().catch(() => {})
      .then(() => deals.reduce((done, dealt) => done.then(() => dealt()), Promise.resolve()))
      .then(() => startWorker())
      .then(() => prepares.reduce((done, prepare) => done.then(() => ahead(prepare)), Promise.resolve()))
      .catch(() => {});
    const later = () => requestAnimationFrame(() => setTimeout(() => idle(warm, 500), 0));
    if (deals.length || document.readyState === "complete") later();
    else addEventListener("load", later, { once: true });
  }

  // Set up as soon as the page's HTML is parsed ("interactive"), not at DOMContentLoaded:
  // this script loads async, so it need not wait for the theme's deferred scripts
  // (fontawesome.js alone is 1.5 MB), which took 0.5-0.7 s on a quarter of a core before
  // the first table could answer (issue 27).
  const parsed = () => document.readyState !== "loading";
  if (parsed()) {
    boot();
  } else {
    document.addEventListener("readystatechange", function once() {
      if (!parsed()) return;
      document.removeEventListener("readystatechange", once);
      boot();
    });
  }
})();
