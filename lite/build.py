"""Build the JupyterLite site: every lesson, live, in the browser, with no server.

The site is JupyterLab running in the browser with a Pyodide (WebAssembly) Python
kernel. ``rummy_teach`` (a wheel built from this checkout), ipywidgets and
anywidget are in the kernel as soon as it starts: no ``%pip``, no CDN, no PyPI at
view time. Everything the build downloads is pinned in ``lite/lite-lock.json``
with its sha256, fetched with the registries' own clients (``npm pack``,
``pip download --require-hashes``) and checked again here; a mismatch stops the
build before anything is written.

What comes from where:

* the Pyodide runtime: the npm package ``pyodide`` (the version
  jupyterlite-pyodide-kernel expects), unpacked into ``static/pyodide/``;
* the browser's Python packages (micropip, IPython and its dependencies, comm,
  ipywidgets, anywidget, psygnal): pure-Python wheels from PyPI, at the versions
  Pyodide's own lock names where it names them. They sit next to the runtime and
  ``pyodide-lock.json`` is rewritten to list exactly these files and their
  hashes (Pyodide checks them), so nothing points at a CDN;
* ``rummy_teach``: ``pip wheel --no-deps`` of a clean copy of this checkout, added to that lock;
* the JupyterLab extensions (the Pyodide kernel, the widget manager, anywidget's
  front end): taken from their PyPI wheels, not from this virtualenv
  (``ignore_sys_prefix``), so the site holds only what the lessons need.

The kernel preloads the packages named in ``lite/jupyter-lite.json``
(``loadPyodideOptions.packages``): Pyodide installs them from the rewritten lock
while it starts, the same mechanism jupyterlite-pyodide-kernel's own lock addon
uses, so ``import rummy_teach`` works in the first cell.

Usage::

    python lite/build.py                    # build into lite/_build/site, copy to book/_build/html/lite
    python lite/build.py --dest none        # build only
    python lite/build.py --relock           # re-pin: fetch and hash afresh, rewrite lite/lite-lock.json
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import fcntl
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from email.parser import Parser
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.append(str(HERE.parent / "book"))
import build_inputs  # noqa: E402  (book/build_inputs.py: what the book and this site are made from)
from lessons import (TRANSLATED, lesson_map, lesson_sources, notebook_name,  # noqa: E402
                     reader_cells, translated_lessons)

BUILD = HERE / "_build"                 # git-ignored: downloads, staging, the site
DOWNLOADS = BUILD / "downloads"
STAGE = BUILD / "stage"                 # the lite dir handed to `jupyter lite build`
SITE = BUILD / "site"
LOCK = HERE / "lite-lock.json"
LITE_JSON = HERE / "jupyter-lite.json"
DEFAULT_DEST = ROOT / "book" / "_build" / "html" / "lite"
DEFAULT_EXECUTED = ROOT / "book" / "_build" / "jupyter_execute" / "tutorials"   # by `make book`
# the Italian and Dutch editions' executed lessons (book/editions.py), by language
EDITION_EXECUTED = ROOT / "book" / "_build" / "editions" / "{lang}" / "_build" / "jupyter_execute" / "tutorials"
# JupyterLab's own words in each language: the language pack's locale (pyproject.toml)
LOCALES = {"it": "it_IT", "nl": "nl_NL"}
BIN = Path(sys.executable).parent

# --- what --relock pins --------------------------------------------------------
PYODIDE_VERSION = "314.0.6"  # what jupyterlite-pyodide-kernel 0.8.6 names (checked below)
# the kernel's own needs; versions (and their dependencies) from Pyodide's lock
PYODIDE_ROOTS = ("micropip", "ipython", "jedi")
# the widgets' Python side; dependencies found in Pyodide's lock are added at its versions
# (ipython-pygments-lexers: IPython 9 asks for it although Pyodide's lock omits it)
BROWSER_EXTRAS = {"comm": "0.2.3", "ipywidgets": "8.1.9", "anywidget": "0.11.0",
                  "psygnal": "0.16.1", "ipython-pygments-lexers": "1.1.1"}
# front ends (labextensions inside these wheels); versions match the Python sides.
# jupyterlab-myst renders the lessons' MyST markdown (admonitions, roles, labels).
EXTENSIONS = {"jupyterlite-pyodide-kernel": "0.8.6", "jupyterlab-widgets": "3.0.17",
              "anywidget": "0.11.0", "jupyterlab-myst": "2.7.0"}
# what the browser never needs although a wheel's metadata asks for it: the kernel
# ships its own widgetsnbextension shim, and jupyterlab-widgets is the front end
NOT_IN_BROWSER = {"widgetsnbextension", "jupyterlab-widgets"}
# the runtime files of the npm package the site uses (the rest: maps, docs, consoles)
RUNTIME_FILES = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "package.json")
PURE_WHEEL_FLAGS = ["--only-binary=:all:", "--no-deps", "--platform", "any",
                    "--implementation", "py", "--abi", "none", "--python-version", "3.14"]


class BuildError(RuntimeError):
    """A download that does not match its pin, or a step that failed."""


def say(message: str) -> None:
    print(f"[lite] {message}", flush=True)


def run(cmd, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise BuildError(f"command failed ({result.returncode}): {' '.join(map(str, cmd))}\n"
                         f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return result


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def npm_integrity(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


# --- wheels ----------------------------------------------------------------------
def wheel_metadata(wheel: Path):
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist()
                    if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
        return Parser().parsestr(archive.read(name).decode())


def wheel_requirements(wheel: Path) -> list[str]:
    """Canonical names of the unconditional requirements (no extras, no markers)."""
    names = []
    for requirement in wheel_metadata(wheel).get_all("Requires-Dist") or []:
        if ";" in requirement:
            continue
        names.append(canonical(re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement).group()))
    return names


def wheel_imports(wheel: Path) -> list[str]:
    """Top-level importable names of a wheel."""
    tops = set()
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            top = name.split("/")[0]
            if top.endswith((".dist-info", ".data")):
                continue
            tops.add(top[:-3] if top.endswith(".py") else top)
    return sorted(t for t in tops if t.isidentifier())


def pip_download(pins: list[dict], dest: Path, hashes: bool) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as reqs:
        for pin in pins:
            line = f"{pin['name']}=={pin['version']}"
            reqs.write(line + (f" --hash=sha256:{pin['sha256']}" if hashes else "") + "\n")
    try:
        run([BIN / "python", "-m", "pip", "download", "--disable-pip-version-check",
             *PURE_WHEEL_FLAGS, *(["--require-hashes"] if hashes else []),
             "-r", reqs.name, "-d", dest])
    finally:
        os.unlink(reqs.name)


def npm_pack(package: str, dest: Path) -> dict:
    dest.mkdir(parents=True, exist_ok=True)
    result = run(["npm", "pack", package, "--json", "--pack-destination", dest], cwd=dest)
    return json.loads(result.stdout)[0]


# --- relock ----------------------------------------------------------------------
def pyodide_lock_closure(lock: dict, roots) -> dict[str, str]:
    """Canonical name -> version for ``roots`` and everything they depend on."""
    packages = {canonical(k): v for k, v in lock["packages"].items()}
    found: dict[str, str] = {}
    todo = [canonical(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found[name] = packages[name]["version"]
        todo += [canonical(d) for d in packages[name]["depends"]]
    return found


def relock() -> None:
    """Fetch every pinned download afresh and write its hash to ``lite/lite-lock.json``."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as KERNEL_WANTS

    if KERNEL_WANTS != PYODIDE_VERSION:
        raise BuildError(f"jupyterlite-pyodide-kernel expects Pyodide {KERNEL_WANTS}, "
                         f"build.py pins {PYODIDE_VERSION}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        packed = npm_pack(f"pyodide@{PYODIDE_VERSION}", tmp)
        tarball = tmp / packed["filename"]
        if npm_integrity(tarball) != packed["integrity"]:
            raise BuildError("npm pack gave a tarball that does not match its own integrity")
        with tarfile.open(tarball) as tar:
            pyodide_lock = json.load(tar.extractfile("package/pyodide-lock.json"))
        in_pyodide = {canonical(k): v["version"] for k, v in pyodide_lock["packages"].items()}

        browser = pyodide_lock_closure(pyodide_lock, PYODIDE_ROOTS)
        browser.update({canonical(k): v for k, v in BROWSER_EXTRAS.items()})
        wheels: dict[str, Path] = {}
        while True:  # download, then add the dependencies Pyodide's lock knows, until closed
            missing = [n for n in browser if n not in wheels]
            if not missing:
                break
            pip_download([{"name": n, "version": browser[n]} for n in missing], tmp / "b", False)
            for name in missing:
                wheels[name] = find_wheel(tmp / "b", name, browser[name])
                for dep in wheel_requirements(wheels[name]):
                    if dep not in browser and dep in in_pyodide and dep not in NOT_IN_BROWSER:
                        browser[dep] = in_pyodide[dep]
        pip_download([{"name": n, "version": v} for n, v in EXTENSIONS.items()], tmp / "e", False)

        entries = []
        for name in sorted(set(browser) | set(EXTENSIONS)):
            uses = [u for u, group in (("browser", browser), ("extension", EXTENSIONS))
                    if name in {canonical(k) for k in group}]
            version = browser.get(name) or EXTENSIONS[name]
            wheel = wheels.get(name) or find_wheel(tmp / "e", name, version)
            entries.append({"name": name, "version": version, "file": wheel.name,
                            "sha256": sha256(wheel), "use": uses})
        lock = {
            "comment": "Written by `python lite/build.py --relock`; `make lite` fetches exactly "
                       "these files and stops on any hash mismatch.",
            "pyodide": {"npm": f"pyodide@{PYODIDE_VERSION}", "file": packed["filename"],
                        "sha256": sha256(tarball), "integrity": packed["integrity"]},
            "wheels": entries,
        }
    LOCK.write_text(json.dumps(lock, indent=2) + "\n")
    say(f"wrote {LOCK.relative_to(ROOT)}: Pyodide {PYODIDE_VERSION} and {len(entries)} wheels")


def find_wheel(folder: Path, name: str, version: str) -> Path:
    for wheel in folder.glob("*.whl"):
        stem_name, stem_version = wheel.name.split("-")[:2]
        if canonical(stem_name) == name and stem_version == version:
            return wheel
    raise BuildError(f"no wheel for {name}=={version} in {folder}")


# --- fetch and verify ---------------------------------------------------------------
def fetch(lock: dict) -> tuple[Path, dict[str, Path]]:
    """The verified npm tarball and wheels (downloaded only when not already cached)."""
    pin = lock["pyodide"]
    tarball = DOWNLOADS / pin["file"]
    if not tarball.exists():
        say(f"npm pack {pin['npm']}")
        npm_pack(pin["npm"], DOWNLOADS)
    check_hash(tarball, pin["sha256"])
    if npm_integrity(tarball) != pin["integrity"]:
        raise BuildError(f"{tarball.name}: npm integrity differs from the pin")

    wheels_dir = DOWNLOADS / "wheels"
    todo = [w for w in lock["wheels"] if not (wheels_dir / w["file"]).exists()]
    if todo:
        say(f"pip download --require-hashes: {', '.join(w['name'] for w in todo)}")
        pip_download(todo, wheels_dir, True)
    wheels = {}
    for pin in lock["wheels"]:
        wheels[pin["name"]] = path = wheels_dir / pin["file"]
        check_hash(path, pin["sha256"])
    say(f"verified Pyodide {pin_version(lock)} and {len(wheels)} wheels against "
        f"{LOCK.relative_to(ROOT)}")
    return tarball, wheels


def pin_version(lock: dict) -> str:
    return lock["pyodide"]["npm"].split("@")[-1]


def check_hash(path: Path, expected: str) -> None:
    if not path.exists():
        raise BuildError(f"{path} was not downloaded")
    actual = sha256(path)
    if actual != expected:
        raise BuildError(f"{path.name}: sha256 {actual} differs from the pin {expected} in "
                         f"{LOCK.relative_to(ROOT)}; delete the file to fetch it again, or "
                         f"re-pin with `python lite/build.py --relock` if the change is wanted")


# --- stage -----------------------------------------------------------------------
# what the wheel is built from: setuptools keeps its work in the source's build/ folder and
# reuses it, so a module deleted from rummy_teach/ would stay in a wheel built in place
WHEEL_SOURCES = ("pyproject.toml", "README.md", "rummy_teach")


def own_wheel(source: Path = ROOT, out: Path = BUILD / "own-wheel") -> Path:
    """A wheel of ``rummy_teach`` built from a fresh copy of the checkout's package files."""
    shutil.rmtree(out, ignore_errors=True)
    say("pip wheel --no-deps (rummy_teach from a clean copy of this checkout)")
    with tempfile.TemporaryDirectory() as tmp:
        for name in WHEEL_SOURCES:
            if (source / name).is_dir():
                shutil.copytree(source / name, Path(tmp) / name,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                shutil.copy2(source / name, Path(tmp) / name)
        run([BIN / "python", "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
             "-w", out, tmp])
    return next(out.glob("rummy_teach-*.whl"))


def stage_pyodide(tarball: Path, lock: dict, wheels: dict[str, Path], rummy: Path) -> list[str]:
    """Runtime, wheels and a pruned, rewritten pyodide-lock.json in ``static/pyodide``."""
    target = STAGE / "static" / "pyodide"
    target.mkdir(parents=True)
    with tarfile.open(tarball) as tar:
        for name in RUNTIME_FILES:
            (target / name).write_bytes(tar.extractfile(f"package/{name}").read())
        original = json.load(tar.extractfile("package/pyodide-lock.json"))

    by_name = {canonical(k): v for k, v in original["packages"].items()}
    browser = {pin["name"]: wheels[pin["name"]] for pin in lock["wheels"]
               if "browser" in pin["use"]}
    browser["rummy-teach"] = rummy
    packages = {}
    for name, wheel in sorted(browser.items()):
        shutil.copy2(wheel, target / wheel.name)
        known = by_name.get(name)
        # Pyodide's own list where it has one, plus what the wheel asks for
        depends = sorted({canonical(d) for d in (known["depends"] if known else [])}
                         | {d for d in wheel_requirements(wheel) if d not in NOT_IN_BROWSER})
        missing = [d for d in depends if d not in browser]
        if missing:
            raise BuildError(f"{name} needs {missing}, which the lite site does not hold")
        packages[name] = {
            "name": name, "version": wheel.name.split("-")[1], "file_name": wheel.name,
            "install_dir": "site", "sha256": sha256(wheel), "package_type": "package",
            "imports": known["imports"] if known else wheel_imports(wheel),
            "depends": depends, "unvendored_tests": False, "shared_library": False,
        }
    rewritten = {"info": original["info"], "packages": packages}
    (target / "pyodide-lock.json").write_text(json.dumps(rewritten, indent=1))
    return sorted(packages)


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def built_outputs(source: Path, executed: Path | None, cells) -> list | None:
    """The outputs the book's build gave each code cell of ``source``, or None.

    The book executes every lesson (``book/_build/jupyter_execute/``); a lesson opened
    in the live site shows those outputs at once (the cards, the verdicts, the charts),
    long before the kernel has started. Widgets are left out: their models live in a
    kernel, and the kernel draws them when the reader runs the cells. Used only when
    the executed notebook has exactly the lesson's cells (same sources, same order).
    """
    import nbformat

    path = executed / notebook_name(source) if executed else None
    if path is None or not path.exists():
        return None
    ran = nbformat.read(path, as_version=4)
    if [c.source for c in ran.cells] != [c.source for c in cells]:
        return None
    kept = []
    for cell in ran.cells:
        outputs = [o for o in cell.get("outputs", [])
                   if WIDGET_VIEW not in o.get("data", {}) and o.get("output_type") != "error"]
        for output in outputs:
            if output.get("output_type") == "execute_result":
                output["execution_count"] = None   # not run in this browser yet
        kept.append(outputs)
    return kept


def stage_contents(sources: list[Path], executed: Path | None = None,
                   folder: str = "") -> None:
    """Every lesson as a notebook for the Pyodide kernel (MyST files via jupytext), with
    the book build's outputs when ``executed`` holds them (:func:`built_outputs`), in
    the contents' ``folder`` (the language's: "", "it", "nl")."""
    import jupytext
    import nbformat

    contents = STAGE / "contents" / folder
    contents.mkdir(parents=True)
    for source in sources:
        notebook = jupytext.read(source)       # the whole lesson, checks included
        notebook.metadata.pop("jupytext", None)
        notebook.metadata["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                           "language": "python"}
        outputs = built_outputs(source, executed, notebook.cells)
        for i, cell in enumerate(notebook.cells):
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = (outputs[i] if outputs else []), None
                if outputs:   # our own build's pictures: shown as drawn (SVG cards, styles)
                    cell.metadata["trusted"] = True
        # the reader's copy (lessons.py): no hidden checks, folded where the book folds
        reader_cells(notebook)
        # not nbformat.write: it drops the cells' "trusted" flags (a server would re-sign)
        nbformat.validate(notebook)
        (contents / notebook_name(source)).write_text(json.dumps(notebook, indent=1), encoding="utf-8")


def stage(tarball: Path, lock: dict, wheels: dict[str, Path], sources: list[Path],
          executed: Path | None = None) -> list[str]:
    shutil.rmtree(STAGE, ignore_errors=True)
    STAGE.mkdir(parents=True)
    in_lock = stage_pyodide(tarball, lock, wheels, own_wheel())
    preload = json.loads(LITE_JSON.read_text())["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]["packages"]
    unknown = [p for p in preload if canonical(p) not in in_lock]
    if unknown:
        raise BuildError(f"{LITE_JSON.name} preloads {unknown}, which are not in the lock")
    stage_contents(sources, executed)
    for lang in TRANSLATED:     # the same lessons in Italian and Dutch, each in its folder
        ran = Path(str(EDITION_EXECUTED).format(lang=lang)) if executed else None
        stage_contents(lesson_sources(translated_lessons(lang, BUILD / "sources" / lang)),
                       ran if ran and ran.is_dir() else None, lang)
    shutil.copy2(LITE_JSON, STAGE / "jupyter-lite.json")
    extensions = [str(wheels[canonical(n)].resolve()) for n in EXTENSIONS]
    config = {"LiteBuildConfig": {
        "apps": ["lab"], "contents": ["contents"], "federated_extensions": extensions,
        "ignore_sys_prefix": True, "no_sourcemaps": True, "no_unused_shared_packages": True,
    }}
    (STAGE / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2))
    return in_lock


# --- build -----------------------------------------------------------------------
def lite_build() -> None:
    shutil.rmtree(SITE, ignore_errors=True)
    say("jupyter lite build")
    # `jupyter lite build`, started as the book build starts Jupyter's programs: without the
    # optional imports none of them uses (rummy_teach/startup.py)
    from rummy_teach.startup import lean_command
    run([*lean_command("jupyterlite_core.app:main", "jupyter-lite"), "build",
         "--lite-dir", STAGE, "--output-dir", SITE],
        cwd=STAGE, env={**os.environ, "JUPYTERLITE_NO_LIBARCHIVE": "1"})


# --- the lesson in front, on a phone ---------------------------------------------
LESSON_VIEW = "lesson-view.js"


def add_lesson_view(site: Path) -> None:
    """Load lite/lesson-view.js in the lab app (and so in its copies for the other
    languages, made after): on a narrow screen it closes the side panel that JupyterLite
    opens to show the lesson in its file browser, so a phone shows the lesson, and lets the
    menu and status bars scroll within the screen."""
    shutil.copy2(HERE / LESSON_VIEW, site / LESSON_VIEW)
    page = site / "lab" / "index.html"
    html = page.read_text(encoding="utf-8")
    if "</head>" not in html:
        raise BuildError(f"{page} has no </head> to load {LESSON_VIEW} before")
    page.write_text(html.replace("</head>", f'  <script src="../{LESSON_VIEW}"></script>\n  </head>', 1),
                    encoding="utf-8")


# --- the languages ------------------------------------------------------------------
#: JupyterLab's words the Italian and Dutch packs leave out, by their codes in the book's
#: catalogue: the menu bar's titles (which JupyterLab translates in the context "menu"; the
#: Italian pack has none, so the bar stayed English) and the item the book page names
#: (book_run_live_how: "Run > Run All Cells")
LAB_WORDS = {"menu\x04File": "lab_menu_file", "menu\x04Edit": "lab_menu_edit",
             "menu\x04View": "lab_menu_view", "menu\x04Run": "lab_menu_run",
             "menu\x04Kernel": "lab_menu_kernel", "menu\x04Tabs": "lab_menu_tabs",
             "menu\x04Settings": "lab_menu_settings", "menu\x04Help": "lab_menu_help",
             "Run All Cells": "lab_run_all_cells"}


def with_our_words(words: dict, lang: str) -> dict:
    """A language pack's ``jupyterlab`` words with ours added where it has none; the
    pack's own are kept (``test_lab_languages.py`` checks that ours agree with them)."""
    from rummy_teach.i18n import catalogue

    ours = catalogue(lang)
    return {**{key: [ours[code]] for key, code in LAB_WORDS.items()}, **words}


def add_languages(site: Path) -> None:
    """JupyterLab in Italian and Dutch in the live site.

    * ``api/translations/``: the language packs' words (what jupyterlite's translation
      addon writes, which it skips when the build ignores this Python's packages, as ours
      does to keep the site small), so Settings › Language offers them, with the words the
      packs leave out added from our catalogue (``LAB_WORDS``);
    * ``lab-it/``, ``lab-nl/``: the lab app again, whose ``jupyter-lite.json`` (merged over
      the site's) sets JupyterLab's language and starts the kernel with
      ``RUMMY_TEACH_LANG``, so a lesson opened there speaks that language in its words
      and in what its cells draw (lessons.py: ``lesson_url(..., lang)``).
    """
    from jupyterlab_server.translation_utils import get_language_pack, get_language_packs

    packs, message = get_language_packs()
    missing = [locale for locale in LOCALES.values() if locale not in packs]
    if missing:
        raise BuildError(f"JupyterLab language packs {missing} are not installed "
                         f"(pyproject.toml, notebook extra): {message}")
    api = site / "api" / "translations"
    shutil.rmtree(api, ignore_errors=True)
    api.mkdir(parents=True)
    (api / "all.json").write_text(json.dumps({"data": packs, "message": ""}, indent=1))
    lang_of = {locale: lang for lang, locale in LOCALES.items()}
    for locale in sorted(packs):
        words = get_language_pack(locale)[0]
        if locale in lang_of:
            words["jupyterlab"] = with_our_words(words.get("jupyterlab", {}), lang_of[locale])
        (api / f"{locale}.json").write_text(json.dumps({"data": words, "message": ""}, indent=1))
    kernel_plugin = "@jupyterlite/pyodide-kernel-extension:kernel"
    kernel = json.loads(LITE_JSON.read_text())["jupyter-config-data"]["litePluginSettings"][
        kernel_plugin]
    for lang, locale in LOCALES.items():
        app = site / f"lab-{lang}"
        shutil.rmtree(app, ignore_errors=True)
        shutil.copytree(site / "lab", app)
        config = json.loads((app / "jupyter-lite.json").read_text())
        data = config["jupyter-config-data"]
        data["appUrl"] = f"/lab-{lang}"
        data.setdefault("settingsOverrides", {})["@jupyterlab/translation-extension:plugin"] = {
            "locale": locale}
        options = {**kernel["loadPyodideOptions"], "env": {"RUMMY_TEACH_LANG": lang}}
        data.setdefault("litePluginSettings", {})[kernel_plugin] = {
            **kernel, "loadPyodideOptions": options}
        (app / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
    say(f"JupyterLab's words in {', '.join(LOCALES.values())}; apps lab-{', lab-'.join(LOCALES)}")


# --- the book pages' snapshot ------------------------------------------------------
# The book's pages start Python from a memory snapshot of Pyodide with rummy_teach's
# controllers imported (book/_play/play/worker.js, docs/book-play.md "Speed"), made here
# by lite/snapshot.mjs under Node, next to the runtime it belongs to.
SNAPSHOT = "book-play.snapshot.gz"
SNAPSHOT_MANIFEST = "book-play.json"
SNAPSHOT_WHEEL_PATH = "/lib/rummy_teach.whl"   # where Python finds the wheel, in both places


def book_snapshot(pyodide_dir: Path) -> dict:
    """Write the snapshot (gzip, no timestamp) and its manifest into ``pyodide_dir``.

    The manifest names the snapshot's sha256 and the wheel it holds (file, sha256 as in
    the lock, path in Pyodide's file system): the page uses the snapshot only when both
    match what it fetched, and starts Python the ordinary way otherwise.
    """
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    wheel = lock["packages"]["rummy-teach"]
    say("memory snapshot of Pyodide with the controllers imported (node lite/snapshot.mjs)")
    with tempfile.TemporaryDirectory() as tmp:
        memory = Path(tmp) / "memory"
        run(["node", HERE / "snapshot.mjs", f"{pyodide_dir}/", pyodide_dir / wheel["file_name"],
             SNAPSHOT_WHEEL_PATH, memory], env={**os.environ, "TZ": "UTC"}, timeout=1200)
        raw = memory.read_bytes()
    packed = gzip.compress(raw, compresslevel=6, mtime=0)
    (pyodide_dir / SNAPSHOT).write_bytes(packed)
    manifest = {
        "comment": "Written by lite/build.py (lite/snapshot.mjs); read by book/_play/play/worker.js.",
        "file": SNAPSHOT, "sha256": hashlib.sha256(packed).hexdigest(), "memory_bytes": len(raw),
        "wheel": {"file": wheel["file_name"], "sha256": wheel["sha256"],
                  "path": SNAPSHOT_WHEEL_PATH},
    }
    (pyodide_dir / SNAPSHOT_MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    say(f"snapshot: {len(raw) / 1e6:.1f} MB of memory, {len(packed) / 1e6:.1f} MB gzipped")
    return manifest


def check_site(site: Path) -> None:
    """The built site loads nothing from a CDN and names no PyPI fallback."""
    config = json.loads((site / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    if not kernel.get("pyodideUrl", "").startswith("./"):
        raise BuildError(f"pyodideUrl is not local: {kernel.get('pyodideUrl')!r}")
    if kernel.get("disablePyPIFallback") is not True:
        raise BuildError("disablePyPIFallback is not set")
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for name, package in lock["packages"].items():
        wheel = site / "static" / "pyodide" / package["file_name"]
        if "://" in package["file_name"] or not wheel.exists():
            raise BuildError(f"{name}: {package['file_name']} is not in the site")
        if sha256(wheel) != package["sha256"]:
            raise BuildError(f"{name}: the site's wheel differs from pyodide-lock.json")
    pyodide = site / "static" / "pyodide"
    manifest = json.loads((pyodide / SNAPSHOT_MANIFEST).read_text())
    if sha256(pyodide / manifest["file"]) != manifest["sha256"]:
        raise BuildError(f"{manifest['file']} differs from {SNAPSHOT_MANIFEST}")
    if manifest["wheel"]["sha256"] != lock["packages"]["rummy-teach"]["sha256"]:
        raise BuildError(f"{SNAPSHOT_MANIFEST} names another rummy_teach wheel than the lock")


def site_size(site: Path) -> int:
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file())


@contextlib.contextmanager
def one_build_at_a_time():
    """Hold this checkout's build lock: the staging folder and the site (lite/_build) are
    shared by `make lite`, `make book` and a `make test` that builds the site in its session,
    and two builds writing them at once would mix their files. A second build says it waits,
    then goes on once the first is done."""
    BUILD.mkdir(parents=True, exist_ok=True)
    with open(BUILD / ".build.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say("another build of the live lessons' site is running in this checkout: waiting for it")
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--relock", action="store_true",
                        help="fetch the pinned versions afresh and rewrite lite/lite-lock.json")
    parser.add_argument("--dest", default=str(DEFAULT_DEST),
                        help="where to copy the site ('none': leave it in lite/_build/site)")
    parser.add_argument("--executed", default=str(DEFAULT_EXECUTED),
                        help="the book build's executed lessons, whose outputs the live lessons "
                             "show before their kernel starts ('none': no outputs)")
    args = parser.parse_args(argv)
    executed = None if args.executed == "none" else Path(args.executed)
    if executed is not None and not executed.is_dir():
        say(f"no executed lessons in {executed}: the live lessons open without outputs")
        executed = None
    try:
        with one_build_at_a_time():
            return build(args, executed)
    except BuildError as error:
        print(f"[lite] build failed: {error}", file=sys.stderr)
        return 1


def build(args, executed: Path | None) -> int:
    """Build the site (or re-pin its downloads, ``--relock``); 0 when done."""
    if args.relock:
        relock()
        return 0
    started = time.monotonic()
    # what the site is made from, taken before reading it (see the copy below)
    made_from = build_inputs.lite_inputs(build_inputs.digest(build_inputs.manifest()),
                                         executed)
    dest = None if args.dest == "none" else Path(args.dest).resolve()
    # `make lite` run again after `make book`: a site in DEST made from exactly these
    # inputs (its record) is the one this build would make; RUMMY_BOOK_REBUILD=1 builds
    # it regardless
    if dest is not None and os.environ.get("RUMMY_BOOK_REBUILD", "") in ("", "0") \
            and (dest / "jupyter-lite.json").exists() \
            and build_inputs.recorded_digest(dest) == build_inputs.digest(made_from):
        say(f"the site in {dest} was made from exactly these inputs ({build_inputs.RECORD}): "
            "nothing to build")
        return 0
    lock = json.loads(LOCK.read_text())
    tarball, wheels = fetch(lock)
    sources = lesson_sources()
    in_lock = stage(tarball, lock, wheels, sources, executed)
    say(f"preinstalled in the kernel's lock: {', '.join(in_lock)}")
    lite_build()
    add_lesson_view(SITE)
    add_languages(SITE)
    book_snapshot(SITE / "static" / "pyodide")
    (SITE / "lessons.json").write_text(json.dumps(lesson_map(), indent=2) + "\n")
    check_site(SITE)
    say(f"site: {SITE.relative_to(ROOT)} ({site_size(SITE) / 1e6:.1f} MB, "
        f"{len(sources)} lessons) in {time.monotonic() - started:.0f} s")
    if dest is not None:
        shutil.rmtree(dest, ignore_errors=True)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(SITE, dest)
        # what the copy was made from: a test session testing a `make book` build
        # takes this copy with it only when it was made from the same inputs
        # (tests/test_book_play.py, book_with_lite)
        build_inputs.record(dest, made_from, True)
        say(f"copied to {dest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
