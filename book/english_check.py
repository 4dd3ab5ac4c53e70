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
Rummy 500, JupyterLab, ...; card notation such as ``8♠`` has no letters to count).

    python book/english_check.py book/_build/html it      # every lesson page of the edition
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
SKIPPED_CLASSES = {"cell_input", "headerlink"}
BLOCKS = {"p", "li", "div", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "tr", "dt", "dd",
          "section", "aside", "details", "summary", "caption", "figcaption", "blockquote",
          "table", "ul", "ol", "dl", "br", "button", "label", "option"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class _ArticleText(HTMLParser):
    """The text of the page's ``<article>``, code left out, a line break between blocks."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []     # open elements: (tag, skipped)
        self.parts: list[str] = []
        self.in_article = 0

    def handle_starttag(self, tag, attrs):
        classes = set((dict(attrs).get("class") or "").split())
        if tag == "article":
            self.in_article += 1
        if tag in BLOCKS:
            self.parts.append("\n")
        if tag in VOID:
            return
        skipped = tag in SKIPPED or bool(classes & SKIPPED_CLASSES)
        self.stack.append((tag, skipped))

    def handle_endtag(self, tag):
        if tag == "article":
            self.in_article -= 1
        if tag in BLOCKS:
            self.parts.append("\n")
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break

    def handle_data(self, data):
        if self.in_article and not any(skipped for _, skipped in self.stack):
            self.parts.append(data)


def sentences(page_html: str) -> list[str]:
    """The sentences of a page's article, outside code, whitespace made single."""
    parser = _ArticleText()
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


def english_sentences(page_html: str, english_page_html: str | None = None) -> list[str]:
    """The English sentences of a translated page (see the module's docstring); the
    English edition's same page, when given, finds every untranslated sentence."""
    reference = set()
    if english_page_html is not None:
        reference = {s for s in sentences(english_page_html) if common_words(s) >= 3}
    return [s for s in sentences(page_html) if s in reference or looks_english(s)]


def check_edition(html: Path, lang: str, pages=("tutorials/*.html",)) -> dict[str, list[str]]:
    """Page (relative to the edition) -> its English sentences, for the pages matching
    ``pages`` in the ``lang`` edition of the site in ``html``; pages with none left out."""
    problems = {}
    for pattern in pages:
        for page in sorted((html / lang).glob(pattern)):
            name = page.relative_to(html / lang).as_posix()
            english = html / name
            found = english_sentences(page.read_text(encoding="utf-8"),
                                      english.read_text(encoding="utf-8")
                                      if english.exists() else None)
            if found:
                problems[name] = found
    return problems


def main(argv=None) -> int:
    html, lang = (argv or sys.argv[1:])[:2]
    problems = check_edition(Path(html), lang)
    for page, found in problems.items():
        print(f"{page}: {len(found)} English sentence(s)")
        for sentence in found:
            print(f"    {sentence}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
