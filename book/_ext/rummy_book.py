"""Sphinx extension for the rummy_teach book: notebook downloads and an offline guard.

1. Every lesson page offers its executed notebook (.ipynb) in the theme's download
   menu: myst-nb writes the executed notebook to its output folder; we copy it to
   ``_sources/<page>.ipynb`` and tell sphinx-book-theme where it is
   (``ipynb_source``), so a reader can open the lesson live in JupyterLab.
2. Thebe (live code through a Binder server) is off in this book, but
   sphinx-thebe still puts its script and a constant holding a CDN address on
   every page, twice. Both are dropped, so no page even names a CDN.
3. Every lesson page starts with a "Run this lesson live" link that opens the same
   lesson in JupyterLite (JupyterLab with a Python kernel running in the browser,
   built by ``make lite`` into ``lite/`` next to the book's pages).
4. The site must load nothing from another host. After the build every HTML page
   is scanned; a ``<script src>``, ``<link href>``, ``<img src>`` or ``<iframe src>``
   pointing outside the site is a warning (an error under ``-W``). A page with
   equations is a warning too, because Sphinx would load MathJax from a CDN.
"""

from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

from sphinx.util import logging

logger = logging.getLogger(__name__)

LOADING_ATTRIBUTES = {"script": "src", "link": "href", "img": "src", "iframe": "src",
                      "source": "src", "audio": "src", "video": "src", "embed": "src"}
OUTSIDE = re.compile(r"^(https?:)?//", re.IGNORECASE)


def add_notebook_download(app, pagename, templatename, context, doctree):
    """Copy the executed notebook next to the page's source and show it in the menu."""
    if app.builder.format != "html" or doctree is None:
        return
    config = getattr(app.env, "mystnb_config", None)
    if config is None or not config.output_folder:
        return
    executed = Path(config.output_folder, *pagename.split("/")).with_suffix(".ipynb")
    if not executed.exists():
        return  # not a notebook page
    target = Path(app.outdir, "_sources", *pagename.split("/")).with_suffix(".ipynb")
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(executed, target)
    context["ipynb_source"] = pagename + ".ipynb"


LIVE_LINK = """<div class="admonition tip rummy-run-live" role="note">
<p class="admonition-title">Play with this page</p>
<p><a class="rummy-run-live-link" href="{href}"><strong>&#9654; Run this lesson live</strong></a>
&mdash; the same lesson in JupyterLab, running in your browser: nothing to install, no
server. Choose <em>Run &rsaquo; Run All Cells</em>, then click the cards. The first start
takes about 15 seconds.</p>
</div>
"""


def add_live_link(app, pagename, templatename, context, doctree):
    """Put the JupyterLite link on top of every lesson page (the pages in tutorials/)."""
    if app.builder.format != "html" or not pagename.startswith("tutorials/"):
        return
    if "body" not in context:
        return
    name = pagename.split("/")[-1]
    up = "../" * pagename.count("/")
    href = f"{up}lite/lab/index.html?path={name}.ipynb"
    context["body"] = LIVE_LINK.format(href=href) + context["body"]


def drop_thebe(app, pagename, templatename, context, doctree):
    """Remove sphinx-thebe's scripts: the book never starts Thebe (launch_buttons.thebe)."""
    scripts = context.get("script_files")
    if not scripts:
        return
    context["script_files"] = [
        js for js in scripts
        if "sphinx-thebe" not in str(getattr(js, "filename", js) or "")
        and "THEBE_JS_URL" not in str(getattr(js, "attributes", {}).get("body", ""))]


def refuse_mathjax(app, pagename, templatename, context, doctree):
    if app.builder.format != "html":
        return
    if app.env.get_domain("math").has_equations(pagename):
        logger.warning(f"{pagename} holds equations: Sphinx would load MathJax from a CDN, "
                       "and this book must work offline", location=pagename)


class _Loads(HTMLParser):
    """Collect every URL a page asks the browser to load."""

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        wanted = LOADING_ATTRIBUTES.get(tag)
        for name, value in attrs:
            if value and (name == wanted or name == "srcset"):
                self.urls.append(value)


def outside_loads(html: str) -> list[str]:
    """The URLs in ``html`` that a browser would fetch from another host."""
    parser = _Loads()
    parser.feed(html)
    return [url for url in parser.urls if OUTSIDE.match(url.strip())]


def check_offline(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    for page in sorted(Path(app.outdir).rglob("*.html")):
        found = outside_loads(page.read_text(encoding="utf-8", errors="replace"))
        if found:
            logger.warning(f"{page.relative_to(app.outdir)} loads from outside the site: "
                           + ", ".join(sorted(set(found))))


def setup(app):
    # the widgets' in-page engine (book/_play/): relative to _static, hence "../"
    app.add_js_file("../play/bookplay.js", loading_method="defer")
    # before sphinx-book-theme builds its header buttons (priority 501)
    app.connect("html-page-context", add_notebook_download, priority=400)
    app.connect("html-page-context", drop_thebe, priority=900)
    app.connect("html-page-context", add_live_link)
    app.connect("html-page-context", refuse_mathjax)
    app.connect("build-finished", check_offline)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
