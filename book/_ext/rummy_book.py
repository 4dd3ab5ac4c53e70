"""Sphinx extension for the rummy_teach book: pages for card players, offline.

1. Every lesson page offers its executed notebook (.ipynb) in the theme's download
   menu: myst-nb writes the executed notebook to its output folder; we copy it to
   ``_sources/<page>.ipynb`` as a reader's copy (``lite/lessons.py``: without the
   hidden checks, folded where the page folds) and tell sphinx-book-theme where it
   is (``ipynb_source``).
2. Thebe (live code through a Binder server) is off in this book, but
   sphinx-thebe still puts its script and a constant holding a CDN address on
   every page, twice. Both are dropped, so no page even names a CDN.
3. Every lesson page has one way to go further, right under its title and added
   here only (the lessons do not carry it, so JupyterLab never shows it): a "Run
   this lesson live" box that opens the same lesson in JupyterLite (JupyterLab with
   a Python kernel running in the browser, built by ``make lite`` into ``lite/``
   next to the book's pages).
4. The site must load nothing from another host. After the build every HTML page
   is scanned; a ``<script src>``, ``<link href>``, ``<img src>`` or ``<iframe src>``
   pointing outside the site is a warning (an error under ``-W``). A page with
   equations is a warning too, because Sphinx would load MathJax from a CDN.
5. A page is for card players: a code cell whose output is only a picture or a
   widget (HTML, an image) shows the picture, with its code folded behind a
   "Show code" toggle; a cell that shows nothing (imports, helpers) is folded too. Cells that print text or values stay open, and a cell
   tagged ``show-code`` stays open whatever it shows (the lessons that teach the
   Python API tag theirs). Cells the lesson tags ``hide-input`` get the same toggle.
6. The book has three editions (book/editions.py): English at the root of the site,
   Italian in ``it/``, Dutch in ``nl/``, each built with Sphinx's ``language`` set. The
   words this extension adds come from rummy_teach's catalogue in the edition's
   language; every page gets a language switch (``_templates/language-switch.html``)
   that leads to the same page in the other editions; the other editions share the
   root's scripts (the widgets' vendored files, the in-page Python, the live lessons).
7. The choices this book makes where the sources are silent or leave room are listed,
   one row each, on ``choices.md``. A page that teaches one marks it with the role
   ``{choice}`contract-longer-melds```: a small badge ("our choice", in the edition's
   language) linking to that row. The row itself names its id with
   ``{choicerow}`contract-longer-melds```, which puts the row's anchor
   (``choice-contract-longer-melds``) there. Both roles sit inside prose, so a
   translated block keeps them as it keeps ``{term}``; an id with no row is an
   undefined label, an error under ``-W`` (tests/test_choices.py checks both ways).
8. A card picture drawn more than once on a page is carried once (``share_pictures``):
   the copies ``<use>`` one ``<symbol>``, and look and read as before.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "lite"))
sys.path.insert(0, str(ROOT))
from lessons import lesson_url, reader_cells  # noqa: E402  (the one definition of a reader's copy)

from rummy_teach.i18n import DEFAULT, LANGUAGES, language  # noqa: E402
from rummy_teach.reasons import say  # noqa: E402

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
    target.write_text(reader_copy(executed.read_text(encoding="utf-8")), encoding="utf-8")
    context["ipynb_source"] = pagename + ".ipynb"


class _Node(dict):
    """A JSON object whose keys read as attributes, as nbformat's NotebookNode does."""

    __getattr__ = dict.__getitem__

    def __setattr__(self, name, value):
        self[name] = value


def reader_copy(notebook_json: str) -> str:
    """The executed notebook as a reader gets it (outputs kept, checks dropped)."""
    notebook = json.loads(notebook_json, object_hook=_Node)
    reader_cells(notebook)
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


# --- editions ----------------------------------------------------------------------------
def edition(app) -> str:
    """The language of the edition being built ("en", "it", "nl")."""
    return app.config.language if app.config.language in LANGUAGES else DEFAULT


def site_root(app, pagename: str) -> str:
    """The relative way from ``pagename`` to the root of the whole site (where the
    English edition, the shared scripts and the live lessons are)."""
    return "../" * pagename.count("/") + ("" if edition(app) == DEFAULT else "../")


def add_language_switch(app, pagename, templatename, context, doctree):
    """The links to this page in every edition, for _templates/language-switch.html."""
    root = site_root(app, pagename)
    current = edition(app)
    context["rummy_languages"] = [
        {"code": code, "name": name, "current": code == current,
         "href": root + ("" if code == DEFAULT else code + "/") + pagename + ".html"}
        for code, name in LANGUAGES.items()]
    with language(current):
        context["rummy_languages_label"] = say("book_languages")
        # the theme's search field shows its placeholder as configured, untranslated
        context["theme_search_bar_text"] = say("book_search_placeholder")


# the page's first card table (bookplay.js brings it to life): the skip link's landing
TABLE_ROOT = '<div class="rt-play" data-kind="table"'
TABLE_TARGET = "rummy-card-table"


def add_skip_to_table(app, pagename, templatename, context, doctree):
    """On a page with a card table, a skip link to it (_templates/layout.html): the table's
    element gets an id and tabindex="-1", so the link moves the focus onto it and the next
    Tab reaches the table's first control."""
    body = context.get("body") or ""
    if TABLE_ROOT not in body:
        return
    context["body"] = body.replace(TABLE_ROOT, f'{TABLE_ROOT} id="{TABLE_TARGET}" tabindex="-1"', 1)
    with language(edition(app)):
        context["rummy_skip_to_table"] = {"target": TABLE_TARGET, "words": say("book_skip_to_table")}


# A card table's output (and a worked example's): on a wide screen it takes the in-page
# contents' column too (rummy.css, .rummy-wide). ``full-width`` is sphinx-book-theme's own
# breakout class: its script folds the contents to their title while such an element is on
# the screen, so the two never sit side by side.
WIDE_OUTPUT = re.compile(r'<div class="output text_html">(?=<div class="rt-play" data-kind="(?:table|stepper)")')


def widen_tables(app, pagename, templatename, context, doctree=None):
    """Mark every card table's output on the page as wide (see :data:`WIDE_OUTPUT`)."""
    body = context.get("body")
    if not body:
        return
    context["body"] = WIDE_OUTPUT.sub('<div class="output text_html rummy-wide full-width">', body)


GO_FURTHER = """<aside class="admonition tip rummy-go-further rummy-run-live" aria-label="{label}" data-live-words="{words}">
<p class="admonition-title">{title}</p>
<p><a class="rummy-run-live-link" href="{href}"><strong>&#9654; {run}</strong></a>
&mdash; {how}</p>
</aside>
"""


# what the bar of live.js says, each "book_live_<word>" in the catalogue
LIVE_WORDS = ("bar", "app", "notebook", "kernel", "ready", "missing", "open", "close", "back", "frame",
              "file")


def add_go_further(app, doctree, docname):
    """Put the one "go further" box under the title of every lesson page (tutorials/).
    Its link starts JupyterLab beside the page (book/_play/play/live.js), whose words the
    box carries in the edition's language (``data-live-words``)."""
    import json
    from html import escape

    if app.builder.format != "html" or not docname.startswith("tutorials/"):
        return
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None or not section.children or not isinstance(section[0], nodes.title):
        return
    lang = edition(app)
    # the same lesson in its language, in the live lessons' app of that language
    href = lesson_url(docname.split("/")[-1], f"{site_root(app, docname)}lite/", lang)
    with language(lang):
        box = GO_FURTHER.format(
            href=href, label=escape(say("book_go_further")), title=escape(say("book_go_further_title")),
            words=escape(json.dumps({step: say(f"book_live_{step}") for step in LIVE_WORDS},
                                    ensure_ascii=False)),
            run=escape(say("book_run_live")),
            how=escape(say("book_run_live_how", menu="\0")).replace(
                "\0", f"<em>{escape(say('lab_menu_run'))} › {escape(say('lab_run_all_cells'))}</em>"))
    section.insert(1, nodes.raw("", box, format="html"))


# --- code folded under pictures -------------------------------------------------------
# myst-nb's own words on the toggles of folded cells, said in the edition's language
MYST_NB_PROMPTS = {"Show code cell content": "book_show_cell",
                   "Hide code cell content": "book_hide_cell",
                   "Show code cell output": "book_show_output",
                   "Hide code cell output": "book_hide_output",
                   "Show code cell source": "book_show_source",
                   "Hide code cell source": "book_hide_source"}


def _visit_fold(self, node):
    """myst-nb's toggle, named by the words it shows ("Show code"): myst-nb labels
    every toggle "Toggle hidden content", which differs from its visible text
    (axe: label-content-name-mismatch, WCAG 2.5.3). myst-nb's own English prompts are
    said in the edition's language."""
    from html import escape

    with language(edition(self.builder.app)):
        show, hide = (say(MYST_NB_PROMPTS[p]) if p in MYST_NB_PROMPTS else p
                      for p in (node["prompt_show"], node["prompt_hide"]))
    self.body.append(f'<details class="admonition hide {" ".join(node["classes"])}">\n<summary>\n'
                     f'<p class="collapsed admonition-title">{escape(show)}</p>\n'
                     f'<p class="expanded admonition-title">{escape(hide)}</p>\n'
                     "</summary>\n")


def _depart_fold(self, node):
    self.body.append("</details>\n")


def name_toggles_by_their_words(app):
    from myst_nb.sphinx_ import HideCodeCellNode

    app.add_node(HideCodeCellNode, override=True, html=(_visit_fold, _depart_fold))


SHOW_CODE_TAG = "show-code"
# output nodes that carry words (printed text, a value's repr, markdown, a traceback)
WORDS = (nodes.literal_block, nodes.inline, nodes.paragraph, nodes.Text)


def shows_no_words(cell) -> bool:
    """Whether the code cell shows only pictures or widgets (HTML, images), or nothing
    at all (the setup a card player need not read)."""
    outputs = [child for child in cell.children if child.get("nb_element") == "cell_code_output"]
    if not outputs:
        return True
    pictures = 0
    for node in outputs[0].findall():
        if isinstance(node, nodes.raw) and "html" in node.get("format", ""):
            pictures += 1
        elif isinstance(node, nodes.image):
            pictures += 1
        elif isinstance(node, WORDS) and not isinstance(node.parent, nodes.raw):
            return False
    return pictures > 0


class FoldPictureCode(SphinxPostTransform):
    """Fold the code of every cell that only draws (see 5. above); runs after myst-nb
    has chosen each output's format and before it wraps hidden inputs (priority 199)."""

    default_priority = 150
    formats = ("html",)

    def run(self, **kwargs):
        for cell in self.document.findall(nodes.container):
            if cell.get("nb_element") != "cell_code":
                continue
            tags = set(cell.get("cell_metadata", {}).get("tags", []))
            if not cell.get("hide_mode") and SHOW_CODE_TAG not in tags \
                    and shows_no_words(cell):
                cell["hide_mode"] = "input"
                cell["classes"].append("tag_hide-input")
            if cell.get("hide_mode") == "input":
                with language(edition(self.app)):
                    cell["prompt_show"], cell["prompt_hide"] = (say("book_show_code"),
                                                                say("book_hide_code"))


# A picture as rummy_teach.render draws it (a card, a card's back): an <svg> with its viewBox,
# then perhaps its <title>, then the drawing itself, holding no other <svg>.
PICTURE = re.compile(r'(<svg xmlns="http://www\.w3\.org/2000/svg" viewBox="([^"]*)"[^>]*>'
                     r'(?:<title>[^<]*</title>)?)((?:(?!<svg\b|</svg>).)*)</svg>', re.S)
PICTURE_ID = "rt-picture-"
# A widget whose view the page's Python draws again (a table, a quiz, a meld checker; not a
# worked example, whose steps are all drawn here): its pictures stay whole, as Python draws
# them, so the page's first redraw keeps every card that did not change (bookplay.js,
# patch) and the view reads the same before and after a move that changes nothing.
LIVE = re.compile(r'<div class="rt-play" data-kind="(?!stepper")')
# a <div> or </div> tag; a script is passed over whole (the replies a table draws ahead are
# HTML in JSON, with its "</" written "<\/")
DIV = re.compile(r'<script\b.*?</script>|<(/?)div\b', re.S)


def live_views(body: str) -> list[tuple[int, int]]:
    """Where each widget the page's Python draws again starts and ends in ``body``."""
    spans = []
    for start in LIVE.finditer(body):
        depth = 0
        for tag in DIV.finditer(body, start.start()):
            if tag.group(0).startswith("<script"):
                continue
            depth += -1 if tag.group(1) else 1
            if depth == 0:
                spans.append((start.start(), tag.end()))
                break
    return spans


def share_pictures(app, pagename, templatename, context, doctree=None):
    """Carry each picture drawn more than once on the page once: its drawing becomes a
    ``<symbol>`` at the top of the page, and every copy an ``<svg>`` with the same
    opening tag and title (so the same size and the same name for a screen reader)
    holding a ``<use>`` of it. A page showing a hand of Contract Rummy at each of its
    turns drew the same few dozen cards 1,500 times: 5 MB of HTML, 1.8 MB now (issue 27:
    a phone receives and parses all of it before the page answers). What a widget draws
    afresh (in the page's Python, in JupyterLab, in Voila) has whole pictures, and so has
    the first view of a widget the page's Python draws again (:data:`LIVE`)."""
    body = context.get("body")
    if not body:
        return
    live = live_views(body)

    def static(match) -> bool:
        return not any(start <= match.start() < end for start, end in live)

    drawn = Counter((match.group(2), match.group(3)) for match in PICTURE.finditer(body) if static(match))
    shared = {key: number for number, key in enumerate(key for key, times in drawn.items() if times > 1)}
    if not shared:
        return

    def one(match):
        number = shared.get((match.group(2), match.group(3)))
        if number is None or not static(match):
            return match.group(0)
        return f'{match.group(1)}<use href="#{PICTURE_ID}{number}"/></svg>'

    symbols = "".join(f'<symbol id="{PICTURE_ID}{number}" viewBox="{box}">{drawing}</symbol>'
                      for (box, drawing), number in shared.items())
    context["body"] = ('<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" class="rt-pictures" '
                       'style="position:absolute;width:0;height:0;overflow:hidden">'
                       f'<defs>{symbols}</defs></svg>' + PICTURE.sub(one, body))


def drop_thebe(app, pagename, templatename, context, doctree):
    """Remove sphinx-thebe's scripts: the book never starts Thebe (launch_buttons.thebe)."""
    scripts = context.get("script_files")
    if not scripts:
        return
    context["script_files"] = [
        js for js in scripts
        if "sphinx-thebe" not in str(getattr(js, "filename", js) or "")
        and "THEBE_JS_URL" not in str(getattr(js, "attributes", {}).get("body", ""))]


def drop_widget_state(app, pagename, templatename, context, doctree):
    """Remove the saved ipywidgets state myst-nb writes into each notebook's page (a
    ``<script type="application/vnd.jupyter.widget-state+json">``, 250-350 KB on a lesson
    with a table): only the Jupyter widget manager reads it, and no page loads that
    (``nb_ipywidgets_js: {}``; every widget output shows its own page element). On a slow
    phone the browser still had to receive and parse it before the page's first answer
    (issue 27, point 5)."""
    scripts = context.get("script_files")
    if scripts:
        context["script_files"] = [
            js for js in scripts
            if getattr(js, "attributes", {}).get("type") != "application/vnd.jupyter.widget-state+json"]


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


# The theme's sidebar folds a page's sub-pages under a <summary> holding only a
# chevron icon: a control with no name (axe: summary-name, WCAG 4.1.2).
EMPTY_TOC_TOGGLE = '<summary><span class="toctree-toggle" role="presentation">'
NAMED_TOC_TOGGLE = ('<summary aria-label="{label}">'
                    '<span class="toctree-toggle" role="presentation">')


def own_pages(app):
    """The HTML pages this build wrote (not another edition's, nor the live lessons')."""
    others = {code for code in LANGUAGES if code != DEFAULT} | {"lite"}
    for page in sorted(Path(app.outdir).rglob("*.html")):
        if page.relative_to(app.outdir).parts[0] not in others:
            yield page


def name_sidebar_toggles(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    from html import escape

    with language(edition(app)):
        named = NAMED_TOC_TOGGLE.format(label=escape(say("book_toc_toggle"), quote=True))
    for page in own_pages(app):
        text = page.read_text(encoding="utf-8")
        if EMPTY_TOC_TOGGLE in text:
            page.write_text(text.replace(EMPTY_TOC_TOGGLE, named), encoding="utf-8")


def check_offline(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    for page in own_pages(app):
        found = outside_loads(page.read_text(encoding="utf-8", errors="replace"))
        if found:
            logger.warning(f"{page.relative_to(app.outdir)} loads from outside the site: "
                           + ", ".join(sorted(set(found))))


# --- the choices of the book -----------------------------------------------------------
CHOICE_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def choice_anchor(ident: str) -> str:
    """The anchor of a choice's row on choices.md (also its std label)."""
    return "choice-" + ident


def _choice_id(text, lineno, inliner):
    ident = text.strip()
    if CHOICE_ID.match(ident):
        return ident, []
    message = inliner.reporter.error(f"a choice id is lower-case words joined by '-', "
                                     f"not {ident!r}", line=lineno)
    return None, [inliner.problematic(text, text, message), message]


def choice_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``{choice}`id```: the badge "our choice", linking to the choice's row."""
    ident, problems = _choice_id(text, lineno, inliner)
    if ident is None:
        return problems[:1], problems[1:]
    env = inliner.document.settings.env
    with language(edition(env.app)):
        badge = say("book_choice_badge")
    ref = addnodes.pending_xref(rawtext, refdomain="std", reftype="ref",
                                reftarget=choice_anchor(ident), refexplicit=True,
                                refwarn=True, refdoc=env.docname)
    ref += nodes.Text(badge)
    mark = nodes.inline(rawtext, "", classes=["rummy-choice"])
    mark += ref
    return [mark], []


def choice_row_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``{choicerow}`id```: the anchor of the choice's row, and its id shown as code."""
    ident, problems = _choice_id(text, lineno, inliner)
    if ident is None:
        return problems[:1], problems[1:]
    anchor = choice_anchor(ident)
    target = nodes.target("", "", ids=[anchor], names=[anchor])
    inliner.document.note_explicit_target(target)
    return [target, nodes.literal(ident, ident, classes=["rummy-choice-id"])], []


def add_page_scripts(app):
    """The widgets' in-page engine (book/_play/, at the site's root): relative to the
    edition's _static, hence "../" (and one more for the Italian and Dutch editions)."""
    up = "../" if edition(app) == DEFAULT else "../../"
    # async: it sets the widgets up when the HTML is parsed, before the theme's deferred
    # scripts (issue 27; bookplay.js waits for the parse itself)
    app.add_js_file(f"{up}play/bookplay.js", loading_method="async")
    # "Run this lesson live": JupyterLab started beside the lesson page
    app.add_js_file(f"{up}play/live.js", loading_method="async")


def setup(app):
    app.connect("builder-inited", add_page_scripts)
    app.add_role("choice", choice_role)
    app.add_role("choicerow", choice_row_role)
    app.connect("html-page-context", add_language_switch)
    app.connect("html-page-context", add_skip_to_table)
    app.connect("html-page-context", widen_tables)
    app.connect("html-page-context", share_pictures, priority=600)   # after the others' changes
    # before sphinx-book-theme builds its header buttons (priority 501)
    app.connect("html-page-context", add_notebook_download, priority=400)
    app.connect("html-page-context", drop_thebe, priority=900)
    app.connect("html-page-context", drop_widget_state, priority=900)
    app.connect("doctree-resolved", add_go_further)
    app.add_post_transform(FoldPictureCode)
    app.connect("builder-inited", name_toggles_by_their_words)  # after myst-nb's setup
    app.connect("html-page-context", refuse_mathjax)
    app.connect("build-finished", name_sidebar_toggles)
    app.connect("build-finished", check_offline)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
