"""Find English left on a built Italian or Dutch page of the book.

A page of a translated edition should hold no English a reader sees. What a reader sees,
here: the page's ``<title>``; in its article, the prose, what the code cells printed and
drew (their outputs, ``<pre>`` included), the words of the pictures (an SVG's ``<text>``,
``<title>`` and ``<desc>``); and on the whole page, the theme's buttons and menus too, the
words an element carries for the reader in its attributes: tooltips (``title=``),
accessible names (``aria-label=``), alternative texts (``alt=``) and placeholders (the
text of the theme's menus is not read: it comes from Sphinx's and the theme's catalogues).
Left out as code: the code cells' input, code in the prose (``<pre>``, ``<code>``,
``<kbd>``, ``<samp>``), scripts, styles, templates and math; left out as never on a
screen: the theme's contents for printing.

A sentence is English when

1. it is also on the same page of the English edition (an untranslated block of prose, or
   a widget's words that fell back to English) and has three words or more that are not
   names (a line of players' scores, "Ann 0, Ben 0", is not English);
2. at least three of its words are English words no Italian or Dutch sentence uses
   (``the``, ``with``, ``which``...), making a fifth of its words;
3. it is not prose (it is what the code printed or drew, or an attribute, or the title)
   and holds one English word of the game's own that no Italian or Dutch sentence uses
   (``you``, ``opponent``, ``deal``, ``discard``, ``False``...), or it is also on the
   English page with one word or more that is not a name ("hands played"): the lessons'
   outputs and pictures are short, so one such word is enough. Prose is spared this rule
   because a translated lesson may name an English term on purpose ("booting").

A cell's value shown as Python writes it (``text/plain``: ``(True, 54)``, ``['draw',
'take 4']``) is read without what :data:`PYTHON_VALUE` allows: Python's own words, a
value's rebuilding ``repr`` and the move notation the reader types in every edition.

Names and notation that read the same in every language are allowed (:data:`ALLOWED`,
each with the reason; card notation such as ``8♠`` has no letters to count). A link to
another page of the book shows that page's title, which is checked on that page.

    python book/english_check.py book/_build/html it            # every lesson page of the edition
    python book/english_check.py book/_build/html it --prose    # its prose only, not the outputs
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

#: what reads the same in every language (removed before a sentence's words are counted)
ALLOWED = (
    # the games' names, kept by the sources of both languages (docs/glossary-i18n.md)
    "Rummy 500", "Basic Rummy", "Contract Rummy", "Persian Rummy", "California", "Shanghai",
    "Liverpool",
    # the tools' names, which are not translated
    "JupyterLab", "JupyterLite", "Jupyter", "Voilà", "Pyodide", "Python", "rummy_teach")
#: English words that are not Italian or Dutch words
ENGLISH_ONLY = frozenset(
    "the and you your with which what this that are when from each have has will can for "
    "they their there these those would should must into than then only also because where "
    "who whose does doesn't don't isn't it's you're".split())
#: English words of the game (and Python's printed values) that no Italian or Dutch
#: sentence uses; one is enough in what the code printed or drew (rule 3). Left out on
#: purpose, as Italian or Dutch words too: hand, score, set, contract, joker, rummy, is,
#: in, of, bar, won.
GAME_ENGLISH = ENGLISH_ONLY | frozenset(
    "opponent opponents deal dealt dealer discard discards discarded draw draws drew "
    "meld melds melded stock pile player players points cards card turn turns wins "
    "went out goes takes took lay laid off allowed not move moves run runs true false none "
    "yes sets scores score's total left caught penalty step steps target hands played "
    "tries threw away somebody first other fair share about minus before after wait "
    "swing winner chart red blue dig".split())
SKIPPED = {"pre", "code", "script", "style", "template", "kbd", "math", "samp", "nav"}
# the code cells' input; a link to another page, whose words (that page's title) are
# checked on that page; the link beside a heading (its mark; its tooltip is read)
SKIPPED_CLASSES = {"cell_input", "headerlink", "internal"}
#: left out with their attributes: what is never shown
UNREAD = {"script", "style", "template"}
#: the theme's table of contents for printing (``display: none`` on a screen)
PRINT_ONLY = {"onlyprint"}
#: where code cells' outputs are (a ``<pre>`` inside is what the code printed)
OUTPUT_CLASS = "cell_output"
#: the attributes whose words a reader sees or hears
READ_ATTRIBUTES = ("title", "aria-label", "alt", "placeholder")
#: inside a picture, the elements whose words are shown or said
SVG_WORDS = {"text", "tspan", "title", "desc", "textpath"}
BLOCKS = {"p", "li", "div", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "tr", "dt", "dd",
          "section", "aside", "details", "summary", "caption", "figcaption", "blockquote",
          "table", "ul", "ol", "dl", "br", "button", "label", "option", "pre", "svg", "g",
          "text", "title", "desc"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
#: where a code cell's value is shown as Python writes it (``repr``), not printed
VALUE_CLASS = "text_plain"
#: the kinds of text read, each a part of what the page shows
PROSE, OUTPUT, VALUE, ATTRIBUTE, TITLE = "prose", "output", "value", "attribute", "title"
#: what a cell's value (kind ``value``) may show as Python writes it: Python's own words
#: (``True``, ``False``, ``None``), a value's rebuilding ``repr`` (``Card.parse('8S')``),
#: and the engine's move notation in quotes (``'take 4'``, ``'layoff K♦ on 1'``), which
#: the reader types into the code cells of every edition (``game.apply("take 4")``)
PYTHON_VALUE = re.compile(
    r"\b(True|False|None)\b|\b[A-Z]\w*\.parse\('[^']*'\)|'(draw|take( \d+)?|end|next|buy|pass"
    r"|meld [^']+|discard \S+|layoff \S+ on \d+( low| high)?)'")


class _PageText(HTMLParser):
    """The texts of a page a reader sees, each with its kind: the page's title, and in its
    ``<article>`` the prose and the outputs, a line break between blocks, and the read
    attributes (the code cells' outputs left out when ``outputs`` is false).

    A left-out element is followed by counting only its own tag in and out, so a stray
    end tag of another element inside it (HTML allows many) cannot end it early."""

    def __init__(self, outputs: bool = True):
        super().__init__(convert_charrefs=True)
        self.outputs = outputs
        self.texts: list[tuple[str, str]] = []
        self.parts: dict[str, list[str]] = {PROSE: [], OUTPUT: [], VALUE: []}
        self.in_article = 0
        self.in_head_title = False
        self.head_title: list[str] = []
        self.skip_tag: str | None = None
        self.skip_depth = 0
        self.output_tag: str | None = None      # the element holding a cell's output
        self.output_depth = 0
        self.value_tag: str | None = None       # the element holding a cell's value
        self.value_depth = 0
        self.svg_depth = 0
        self.svg_words = 0                      # inside an SVG element whose words are read

    @property
    def kind(self) -> str:
        if self.value_tag is not None:
            return VALUE
        return OUTPUT if self.output_tag is not None else PROSE

    def _break(self):
        self.parts[self.kind].append("\n")

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "title" and not self.in_article and not self.svg_depth:
            self.in_head_title = True
            return
        if tag == "article":
            self.in_article += 1
        if not self.in_article:
            self._theme_tag(tag, attrs)
            return
        if tag in BLOCKS:
            self._break()
        if self.skip_tag is not None:
            if tag not in VOID:
                self.skip_depth += tag == self.skip_tag
            return
        classes = set((attrs.get("class") or "").split())
        skipped = tag in SKIPPED or classes & SKIPPED_CLASSES
        if self.output_tag is None and OUTPUT_CLASS in classes:
            if not self.outputs:
                skipped = True
            else:
                self.output_tag, self.output_depth = tag, 0
        if self.output_tag is not None and self.value_tag is None and VALUE_CLASS in classes:
            self.value_tag, self.value_depth = tag, 0
        if tag == "pre" and self.output_tag is not None:
            skipped = False                     # what the code printed
        if not skipped or not (tag in UNREAD or classes & {"cell_input"}):
            # a left-out element's own tooltip is still read (the link beside a heading)
            for name in READ_ATTRIBUTES:
                if attrs.get(name) and attrs.get("aria-hidden") != "true":
                    self.texts.append((ATTRIBUTE, attrs[name]))
        if skipped:
            if tag not in VOID:
                self.skip_tag, self.skip_depth = tag, 1
            return
        if tag in VOID:
            return
        if tag == self.output_tag:
            self.output_depth += 1
        if tag == self.value_tag:
            self.value_depth += 1
        if tag == "svg":
            self.svg_depth += 1
        elif self.svg_depth and tag.lower() in SVG_WORDS:
            self.svg_words += 1

    def handle_endtag(self, tag):
        if tag == "title" and self.in_head_title:
            self.in_head_title = False
            self.texts.append((TITLE, "".join(self.head_title)))
            return
        if not self.in_article:
            if tag == self.skip_tag:
                self.skip_depth -= 1
                if self.skip_depth == 0:
                    self.skip_tag = None
            return
        if tag in BLOCKS:
            self._break()
        if tag == "article":
            self.in_article -= 1
            return
        if self.skip_tag is not None:
            if tag == self.skip_tag:
                self.skip_depth -= 1
                if self.skip_depth == 0:
                    self.skip_tag = None
            return
        if tag == "svg" and self.svg_depth:
            self.svg_depth -= 1
        elif self.svg_depth and tag.lower() in SVG_WORDS and self.svg_words:
            self.svg_words -= 1
        if tag == self.value_tag:
            self.value_depth -= 1
            if self.value_depth == 0:
                self._break()
                self.value_tag = None
        if tag == self.output_tag:
            self.output_depth -= 1
            if self.output_depth == 0:
                self._break()
                self.output_tag = None

    def _theme_tag(self, tag, attrs):
        """Outside the article (the theme's menus and buttons): only the read attributes,
        not in what is never shown or shown only on paper."""
        if self.skip_tag is not None:
            if tag not in VOID:
                self.skip_depth += tag == self.skip_tag
            return
        if tag in UNREAD or set((attrs.get("class") or "").split()) & PRINT_ONLY:
            if tag not in VOID:
                self.skip_tag, self.skip_depth = tag, 1
            return
        for name in READ_ATTRIBUTES:
            if attrs.get(name) and attrs.get("aria-hidden") != "true":
                self.texts.append((ATTRIBUTE, attrs[name]))

    def handle_data(self, data):
        if self.in_head_title:
            self.head_title.append(data)
        elif self.in_article and self.skip_tag is None and (not self.svg_depth or self.svg_words):
            self.parts[self.kind].append(data)


def _split(text: str) -> list[str]:
    found = []
    for block in text.split("\n"):
        for sentence in re.split(r"(?<=[.!?:;])\s+", " ".join(block.split())):
            if sentence:
                found.append(sentence)
    return found


def page_texts(page_html: str, outputs: bool = True) -> list[tuple[str, str]]:
    """(kind, sentence) for every sentence of the page a reader sees (module docstring):
    kind is ``prose``, ``output`` (what the code cells printed and drew), ``attribute``
    (a tooltip, accessible name, alternative text) or ``title`` (the page's)."""
    parser = _PageText(outputs)
    parser.feed(page_html)
    found = [(kind, s) for kind, text in parser.texts for s in _split(text)]
    for kind in (PROSE, OUTPUT, VALUE):
        found += [(kind, s) for s in _split("".join(parser.parts[kind]))]
    return found


def sentences(page_html: str, outputs: bool = True) -> list[str]:
    """The sentences of a page a reader sees, outside code, whitespace made single (the
    prose only, without what the code cells drew, when ``outputs`` is false)."""
    return [s for _, s in page_texts(page_html, outputs)]


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


#: words that are the same in English and in the edition's language, which a line of what
#: the code drew may share with the English page without being English (rule 3)
SHARED_WORDS = {
    # "no" is Italian too (the Contract variants' table: buying "no")
    "it": frozenset({"no"}),
    # the Dutch sources call a joker a joker (docs/glossary-i18n.md: joker, jokers)
    "nl": frozenset({"joker", "jokers"}),
}


def drawn_words(sentence: str, lang: str | None = None) -> int:
    """How many of the sentence's words are neither names nor shared by English and the
    edition's language (every edition's shared words when ``lang`` is not given)."""
    shared = SHARED_WORDS.get(lang) if lang else frozenset().union(*SHARED_WORDS.values())
    return sum(word[0].islower() and word not in shared for word in words(sentence))


def has_game_english(sentence: str) -> bool:
    """Whether one of the sentence's words is English of the game (rule 3)."""
    return any(w.lower().strip("'") in GAME_ENGLISH for w in words(sentence))


def english_sentences(page_html: str, english_page_html: str | None = None,
                      outputs: bool = True, lang: str | None = None) -> list[str]:
    """The English sentences of a translated page (see the module's docstring); the
    English edition's same page, when given, finds every untranslated sentence.
    ``outputs=False`` reads the prose only, not what the code cells drew; ``lang`` is the
    edition's language (for the words it shares with English)."""
    reference, drawn = set(), set()
    if english_page_html is not None:
        english = sentences(english_page_html, outputs)
        reference = {s for s in english if common_words(s) >= 3}
        drawn = {s for s in english if drawn_words(s, lang) >= 1}

    found = []
    for kind, sentence in page_texts(page_html, outputs):
        if kind == VALUE:
            sentence = " ".join(PYTHON_VALUE.sub(" ", sentence).split())
        if sentence in reference or looks_english(sentence) or \
                (kind != PROSE and (has_game_english(sentence) or sentence in drawn)):
            if sentence not in found:
                found.append(sentence)
    return found


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
                                      if english.exists() else None, outputs, lang)
            if found:
                problems[name] = found
    return problems


def main(argv=None) -> int:
    args = argv or sys.argv[1:]
    html, lang = args[:2]
    pages = [a for a in args[2:] if not a.startswith("--")] or ["tutorials/*.html"]
    problems = check_edition(Path(html), lang, pages, outputs="--prose" not in args)
    for page, found in problems.items():
        print(f"{page}: {len(found)} English sentence(s)")
        for sentence in found:
            print(f"    {sentence}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
