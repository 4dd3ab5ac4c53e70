"""Find English left on a built Italian or Dutch page of the book.

A page of a translated edition should hold no English sentence outside code. What counts
as an English sentence here, on the page's article (not the theme's menus), leaving out
code (``<pre>``, ``<code>``, the code cells' input, scripts, templates, pictures):

1. a sentence that is also on the same page of the English edition (an untranslated block
   of prose, or a widget's words that fell back to English), of three words or more that
   are not names (a line of players' scores, "Ann 0, Ben 0", is not English);
2. any other sentence with at least three of the English words no Italian or Dutch
   sentence uses (``the``, ``with``, ``which``...) making a fifth of its words.

Names and notation that read the same in every language are allowed (:data:`ALLOWED`:
Rummy 500, JupyterLab, ...; card notation such as ``8♠`` has no letters to count). A link
to another page of the book shows that page's title, which is checked on that page.

    python book/english_check.py book/_build/html it            # every lesson page of the edition
    python book/english_check.py book/_build/html it --prose    # its prose only, not the outputs
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

#: what reads the same in every language (removed before a sentence's words are counted)
ALLOWED = ("Rummy 500", "Basic Rummy", "Contract Rummy", "Persian Rummy", "California",
           "Shanghai", "Liverpool", "JupyterLab", "JupyterLite", "Jupyter", "Voilà", "Pyodide",
           "Python", "rummy_teach", "Run All Cells")
#: English words that are not Italian or Dutch words
ENGLISH_ONLY = frozenset(
    "the and you your with which what this that are when from each have has will can for "
    "they their there these those would should must into than then only also because where "
    "who whose does doesn't don't isn't it's you're".split())
SKIPPED = {"pre", "code", "script", "style", "template", "svg", "kbd", "math", "samp", "nav"}
# the code cells' input; a link to another page, whose words (that page's title) are
# checked on that page
SKIPPED_CLASSES = {"cell_input", "headerlink", "internal"}
BLOCKS = {"p", "li", "div", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "tr", "dt", "dd",
          "section", "aside", "details", "summary", "caption", "figcaption", "blockquote",
          "table", "ul", "ol", "dl", "br", "button", "label", "option"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class _ArticleText(HTMLParser):
    """The text of the page's ``<article>``, code left out, a line break between blocks
    (and the code cells' outputs left out too when ``outputs`` is false).

    A left-out element is followed by counting only its own tag in and out, so a stray
    end tag of another element inside it (HTML allows many) cannot end it early."""

    def __init__(self, outputs: bool = True):
        super().__init__(convert_charrefs=True)
        self.skipped_classes = SKIPPED_CLASSES | (set() if outputs else {"cell_output"})
        self.parts: list[str] = []
        self.in_article = 0
        self.skip_tag: str | None = None
        self.skip_depth = 0

    def handle_starttag(self, tag, attrs):
        if tag == "article":
            self.in_article += 1
        if tag in BLOCKS:
            self.parts.append("\n")
        if tag in VOID:
            return
        if self.skip_tag is not None:
            self.skip_depth += tag == self.skip_tag
            return
        classes = set((dict(attrs).get("class") or "").split())
        if tag in SKIPPED or classes & self.skipped_classes:
            self.skip_tag, self.skip_depth = tag, 1

    def handle_endtag(self, tag):
        if tag == "article":
            self.in_article -= 1
        if tag in BLOCKS:
            self.parts.append("\n")
        if tag == self.skip_tag:
            self.skip_depth -= 1
            if self.skip_depth == 0:
                self.skip_tag = None

    def handle_data(self, data):
        if self.in_article and self.skip_tag is None:
            self.parts.append(data)


def sentences(page_html: str, outputs: bool = True) -> list[str]:
    """The sentences of a page's article, outside code, whitespace made single (the
    prose only, without what the code cells drew, when ``outputs`` is false)."""
    parser = _ArticleText(outputs)
    parser.feed(page_html)
    found = []
    for block in "".join(parser.parts).split("\n"):
        for sentence in re.split(r"(?<=[.!?:;])\s+", " ".join(block.split())):
            if sentence:
                found.append(sentence)
    return found


def words(sentence: str) -> list[str]:
    for name in ALLOWED:
        sentence = sentence.replace(name, " ")
    return re.findall(r"[A-Za-zÀ-ÿ']{2,}", sentence)


def common_words(sentence: str) -> int:
    """How many of the sentence's words are not names (names are capitalised: the
    players Ann, Ben and Cleo, the variants Double Progressive Rummy)."""
    return sum(word[0].islower() for word in words(sentence))


def looks_english(sentence: str) -> bool:
    found = [w.lower() for w in words(sentence)]
    english = sum(w in ENGLISH_ONLY for w in found)
    return english >= 3 and english * 5 >= len(found)


def english_sentences(page_html: str, english_page_html: str | None = None,
                      outputs: bool = True) -> list[str]:
    """The English sentences of a translated page (see the module's docstring); the
    English edition's same page, when given, finds every untranslated sentence.
    ``outputs=False`` reads the prose only, not what the code cells drew."""
    reference = set()
    if english_page_html is not None:
        reference = {s for s in sentences(english_page_html, outputs) if common_words(s) >= 3}
    return [s for s in sentences(page_html, outputs) if s in reference or looks_english(s)]


def check_edition(html: Path, lang: str, pages=("tutorials/*.html",),
                  outputs: bool = True) -> dict[str, list[str]]:
    """Page (relative to the edition) -> its English sentences, for the pages matching
    ``pages`` in the ``lang`` edition of the site in ``html``; pages with none left out."""
    problems = {}
    for pattern in pages:
        for page in sorted((html / lang).glob(pattern)):
            name = page.relative_to(html / lang).as_posix()
            english = html / name
            found = english_sentences(page.read_text(encoding="utf-8"),
                                      english.read_text(encoding="utf-8")
                                      if english.exists() else None, outputs)
            if found:
                problems[name] = found
    return problems


def main(argv=None) -> int:
    args = argv or sys.argv[1:]
    html, lang = args[:2]
    problems = check_edition(Path(html), lang, outputs="--prose" not in args)
    for page, found in problems.items():
        print(f"{page}: {len(found)} English sentence(s)")
        for sentence in found:
            print(f"    {sentence}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
