"""The JupyterLite site (``make lite``) in a real browser, with no network at all.

The site is served by a plain static file server on localhost, as any web host
would serve it. Chromium opens a lesson in JupyterLab-in-the-browser, runs every
cell with Run > Run All Cells, and the Pyodide kernel (Python compiled to
WebAssembly, inside the page) runs the lesson: ``rummy_teach`` must import with
no ``%pip``, the engine's verdicts must show, and the meld checker widget must
answer a click with a new verdict computed by Python in the browser. Every
request that would leave localhost is blocked and recorded; any such attempt
fails the test.

Build the site first (``make lite``; ``make test`` does it). The measured times
are printed (``pytest -s``) and saved to ``tests/screenshots/lite-timings.json``;
docs/lite.md quotes them.
"""

from __future__ import annotations

import functools
import http.server
import json
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "lite"))
from lessons import lesson_map, lesson_url  # noqa: E402

from browser import SCREENSHOTS  # noqa: E402

BOOK_HTML = ROOT / "book" / "_build" / "html"
LITE_SITE = ROOT / "lite" / "_build" / "site"
LESSON = "basic_melds"
KERNEL_SECONDS = 120
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
pytestmark = [pytest.mark.browser, pytest.mark.slow]


def served_root(tmp_path_factory) -> Path:
    """A folder whose ``lite/`` is the site: the book's HTML if the site was copied there."""
    if (BOOK_HTML / "lite" / "jupyter-lite.json").exists():
        return BOOK_HTML
    if (LITE_SITE / "jupyter-lite.json").exists():
        root = tmp_path_factory.mktemp("served")
        (root / "lite").symlink_to(LITE_SITE, target_is_directory=True)
        return root
    pytest.skip("the JupyterLite site is not built: run `make lite` (make test builds it)")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def lite_server(tmp_path_factory):
    """A static file server for the site; ``lite_server + "/lite/..."`` is a URL."""
    root = served_root(tmp_path_factory)
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", root
    server.shutdown()
    server.server_close()


def test_every_lesson_is_in_the_site(lite_server):
    _, root = lite_server
    site = root / "lite"
    lessons = lesson_map()
    assert lessons, "no lessons found in tutorials/"
    assert json.loads((site / "lessons.json").read_text()) == lessons
    for name in lessons:
        assert (site / "files" / f"{name}.ipynb").exists(), f"{name} is missing from the site"


def test_the_site_names_no_cdn(lite_server):
    _, root = lite_server
    config = json.loads((root / "lite" / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert "rummy-teach" in kernel["loadPyodideOptions"]["packages"]
    lock = json.loads((root / "lite" / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert "rummy-teach" in lock["packages"]
    assert all("://" not in p["file_name"] for p in lock["packages"].values())


def _menu(page, menu: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=menu).first.click()
    page.locator(".lm-Menu-itemLabel", has_text=item).first.click()


def wait_for_kernel(page) -> None:
    """Until the Pyodide kernel, with its preloaded packages, reports idle in the status bar."""
    page.locator(".jp-StatusBar-Item", has_text="Python (Pyodide) | Idle").first.wait_for(
        timeout=KERNEL_SECONDS * 1000)


def run_all(page) -> None:
    """Run > Run All Cells, then wait until every cell has run, or one has failed.

    (The toolbar's execution indicator is no guide here: in JupyterLite it stays
    "busy" after an error. The prompts and the status bar are.)
    """
    _menu(page, "Run", "Run All Cells")
    # a folded cell's prompt is empty; any other must carry its number, not [ ] or [*];
    # after an error the rest stay unrun, and assert_no_errors says which error
    page.wait_for_function(
        f"""() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]
                  .every(el => !/\\[[ *]?\\]/.test(el.textContent))
                  || document.querySelector("{ERROR_OUTPUT}") !== null""",
        timeout=KERNEL_SECONDS * 1000)
    wait_for_kernel(page)


def assert_no_errors(page) -> None:
    """No cell printed a traceback (read from the DOM, folded outputs included)."""
    texts = page.evaluate(
        f"""() => [...document.querySelectorAll("{ERROR_OUTPUT}")].map(el => el.textContent)""")
    tracebacks = [t for t in texts if "Error" in t or "Traceback" in t]
    assert not tracebacks, f"a cell failed in the browser: {tracebacks[:2]}"


def test_a_lesson_runs_live_in_the_browser(lite_server, browser_page):
    base, _ = lite_server
    page = browser_page.page
    timings = {}
    start = time.monotonic()
    page.goto(f"{base}/lite/{lesson_url(LESSON)}")

    notebook = page.locator(".jp-NotebookPanel .jp-Notebook")
    notebook.wait_for(timeout=60_000)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
    timings["ui_s"] = time.monotonic() - start

    wait_for_kernel(page)
    timings["kernel_ready_s"] = time.monotonic() - start
    browser_page.shot("lite-kernel-ready")

    _menu(page, "Run", "Run All Cells")
    # the engine's own words, computed by Python in the page
    page.get_by_text("A set of 3 eights.").first.wait_for(timeout=KERNEL_SECONDS * 1000)
    timings["first_verdict_s"] = time.monotonic() - start

    # the live meld checker: anywidget's front end draws clickable cards
    picker = page.locator(".jp-OutputArea-output .rt-clickable")
    picker.locator("[data-card='AH']").first.wait_for(timeout=KERNEL_SECONDS * 1000)
    timings["first_widget_s"] = time.monotonic() - start
    checker = picker.locator("xpath=ancestor::*[contains(@class,'widget-vbox')][1]")
    checker.get_by_text("the ace is low only").first.wait_for(timeout=30_000)
    wait_for_kernel(page)
    picker.scroll_into_view_if_needed()
    browser_page.shot("lite-meld-checker-before")

    clicked = time.monotonic()
    picker.locator("[data-card='AH']").first.click()
    picker.locator("[data-card='JH']").first.click()
    verdict = checker.get_by_text("A run of 3 hearts, from J♥ to K♥.").first
    verdict.wait_for(timeout=30_000)
    timings["two_clicks_to_verdict_s"] = time.monotonic() - clicked
    verdict.scroll_into_view_if_needed()
    browser_page.shot("lite-meld-checker-after")

    assert_no_errors(page)
    browser_page.assert_offline()
    assert not browser_page.outside, f"requests tried to leave localhost: {browser_page.outside}"

    timings = {k: round(v, 2) for k, v in timings.items()}
    SCREENSHOTS.mkdir(exist_ok=True)
    (SCREENSHOTS / "lite-timings.json").write_text(json.dumps(timings, indent=2) + "\n")
    print("\nlite timings (seconds from opening the lesson):", timings)


@pytest.mark.parametrize("lesson", [n for n in lesson_map() if n != LESSON])
def test_every_other_lesson_runs_live(lite_server, browser_page, lesson):
    base, _ = lite_server
    page = browser_page.page
    page.goto(f"{base}/lite/{lesson_url(lesson)}")
    page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
    wait_for_kernel(page)
    run_all(page)
    assert_no_errors(page)
    browser_page.shot(f"lite-{lesson}")
    browser_page.assert_offline()
    assert not browser_page.outside, f"requests tried to leave localhost: {browser_page.outside}"
