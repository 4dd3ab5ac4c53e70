"""The book's pages in Italian and Dutch (book/i18n.py): cutting a page into prose blocks,
writing it back in a language, and keeping each page's .po file in step with the English."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("book_i18n", ROOT / "book" / "i18n.py")
book_i18n = sys.modules["book_i18n"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(book_i18n)

PAGE = """\
---
kernelspec:
  name: python3
---

(sample)=
# A sample lesson

Some prose over
two lines with {term}`set` and 8♠.

- an item
  that goes on;

  ```{admonition} Book's choice
  :class: decision
  The sources are silent.
  ```

- a second item

| card | points |
|---|---|
| K | 10 |

```{code-cell} ipython3
:tags: [remove-cell]

assert 1 + 1 == 2
```

:::{admonition} Solution to exercise 1
:class: dropdown

The answer.
:::

```{glossary}
set
  Three cards of one rank.
```
"""


def blocks(text=PAGE):
    return [b.text for b in book_i18n.cut(text.split("\n"))]


def test_a_page_is_cut_into_its_prose_blocks():
    assert blocks() == [
        "A sample lesson",
        "Some prose over\ntwo lines with {term}`set` and 8♠.",
        "an item\nthat goes on;",
        "Book's choice",
        "The sources are silent.",
        "a second item",
        "| card | points |",
        "| K | 10 |",
        "Solution to exercise 1",
        "The answer.",
        "set",
        "Three cards of one rank.",
    ]


def test_only_a_list_starting_at_one_interrupts_a_paragraph():
    """CommonMark: a bullet or "1." ends the paragraph above it; "2." or "1998." inside a
    paragraph is a line of that paragraph (Jupyter Book renders it so)."""
    assert blocks("The year\n1998. was a year\n2. and so on.\n") == [
        "The year\n1998. was a year\n2. and so on."]
    assert blocks("Steps:\n1. first\n2. second\n") == ["Steps:", "first", "second"]
    assert blocks("Kinds:\n- one\n* two\n") == ["Kinds:", "one", "two"]
    assert blocks("3. a list may start at three\n4. and go on\n") == [
        "a list may start at three", "and go on"]


def test_code_options_targets_and_front_matter_are_never_prose():
    text = "\n".join(blocks())
    for untouchable in ("kernelspec", "(sample)=", ":class:", ":tags:", "assert", "|---|"):
        assert untouchable not in text


def test_a_translated_page_keeps_every_other_line_byte_for_byte():
    english = {b: "T " + b for b in blocks()}
    out = book_i18n.render(PAGE, english)
    assert "# T A sample lesson" in out
    assert "- T an item\n  that goes on;" in out
    assert "  ```{admonition} T Book's choice\n  :class: decision\n  T The sources are silent." in out
    assert ":::{admonition} T Solution to exercise 1" in out
    code = re.search(r"```\{code-cell\}.*?\n```", PAGE, re.S).group(0)
    assert code in out
    assert out.startswith(PAGE.split("(sample)=")[0])


def test_nothing_translated_is_the_english_page():
    assert book_i18n.render(PAGE, {}) == PAGE
    assert book_i18n.render(PAGE, {b: b for b in blocks()}) == PAGE


def test_a_translation_on_more_lines_is_indented_like_the_english():
    out = book_i18n.render(PAGE, {"an item\nthat goes on;": "una voce\nche continua\nancora;"})
    assert "- una voce\n  che continua\n  ancora;\n" in out


def test_a_translated_glossary_term_keeps_its_english_name_as_a_second_term():
    out = book_i18n.render(PAGE, {"set": "tris", "Three cards of one rank.": "Tre carte."})
    assert "```{glossary}\ntris\nset\n  Tre carte.\n```" in out


def test_every_real_page_round_trips_and_keeps_its_code_cells(tmp_path):
    for page in book_i18n.pages():
        source = (book_i18n.BOOK / page).read_text(encoding="utf-8")
        assert book_i18n.render(source, {}) == source, page
        shouting = {b.text: b.text.upper() for b in book_i18n.cut(source.split("\n"))
                    if b.kind == "prose"}
        out = book_i18n.render(source, shouting)
        cells = re.findall(r"```\{code-cell\}.*?\n```", source, re.S)
        assert cells == re.findall(r"```\{code-cell\}.*?\n```", out, re.S), page


def _book(tmp_path, text):
    book = tmp_path / "book"
    (book / "tutorials").mkdir(parents=True, exist_ok=True)
    (book / "tutorials" / "lesson.md").write_text(text, encoding="utf-8")
    return book, tmp_path / "locale"


def test_sync_keeps_translations_and_marks_a_changed_block_fuzzy(tmp_path):
    book, locale = _book(tmp_path, PAGE)
    assert book_i18n.sync("it", "tutorials/lesson.md", book, locale)
    path = book_i18n.po_path("it", "tutorials/lesson.md", locale)
    entries = book_i18n.read_po(path.read_text(encoding="utf-8"))
    assert [e.english for e in entries] == blocks()
    assert entries[0].places == ["tutorials/lesson.md:7"]
    filled = path.read_text(encoding="utf-8").replace(
        'msgid "A sample lesson"\nmsgstr ""', 'msgid "A sample lesson"\nmsgstr "Una lezione"'
    ).replace('msgid "a second item"\nmsgstr ""', 'msgid "a second item"\nmsgstr "una seconda"')
    path.write_text(filled, encoding="utf-8")
    assert book_i18n.sync("it", "tutorials/lesson.md", book, locale) == 0

    (book / "tutorials" / "lesson.md").write_text(
        PAGE.replace("a second item", "a second, longer item"), encoding="utf-8")
    book_i18n.sync("it", "tutorials/lesson.md", book, locale)
    entries = {e.english: e for e in book_i18n.read_po(path.read_text(encoding="utf-8"))}
    assert entries["A sample lesson"].text == "Una lezione"
    changed = entries["a second, longer item"]
    assert (changed.text, changed.fuzzy, changed.previous) == ("una seconda", True, "a second item")
    assert "a second item" not in entries
    assert book_i18n.translations("it", "tutorials/lesson.md", locale) == {
        "A sample lesson": "Una lezione"}          # a fuzzy translation is not used


def _translated(tmp_path, lang, english, text):
    """The sample page's book and locale, with ``english`` translated as ``text`` in
    ``lang``'s .po file (returned too)."""
    book, locale = _book(tmp_path, PAGE)
    book_i18n.sync(lang, "tutorials/lesson.md", book, locale)
    path = book_i18n.po_path(lang, "tutorials/lesson.md", locale)
    path.write_text(path.read_text(encoding="utf-8").replace(
        f'msgid "{english}"\nmsgstr ""', f'msgid "{english}"\nmsgstr "{text}"'), encoding="utf-8")
    return book, locale, path


def test_a_translation_whose_block_is_gone_is_kept_obsolete(tmp_path):
    book, locale, path = _translated(tmp_path, "nl", "The answer.", "Het antwoord.")
    (book / "tutorials" / "lesson.md").write_text(
        PAGE.replace("The answer.", "Nothing like the old sentence at all, really."),
        encoding="utf-8")
    book_i18n.sync("nl", "tutorials/lesson.md", book, locale)
    text = path.read_text(encoding="utf-8")
    assert '#~ msgid "The answer."\n#~ msgstr "Het antwoord."' in text
    assert "The answer." not in book_i18n.translations("nl", "tutorials/lesson.md", locale)


def test_build_writes_every_page_in_the_language(tmp_path):
    book, locale, _ = _translated(tmp_path, "it", "The answer.", "La risposta.")
    written = book_i18n.build("it", tmp_path / "out", book, locale)
    assert written == [tmp_path / "out" / "tutorials" / "lesson.md"]
    assert "\nLa risposta.\n" in written[0].read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", book_i18n.TRANSLATED)
def test_the_books_po_files_are_in_step_with_the_english_pages(lang):
    """Every prose block of every page has its entry, and no entry waits for a block that
    is gone: a page whose English prose changed needs `python book/i18n.py extract`. (Where
    a block is, the `#:` line, may lag behind: code added to a lesson moves it.)"""
    stale = {}
    for page in book_i18n.pages():
        source = (book_i18n.BOOK / page).read_text(encoding="utf-8")
        blocks = {b.text for b in book_i18n.cut(source.split("\n"))}
        path = book_i18n.po_path(lang, page)
        entries = book_i18n.read_po(path.read_text(encoding="utf-8")) if path.exists() else []
        listed = {e.english for e in entries if not e.obsolete}
        if blocks != listed:
            stale[page] = sorted(blocks ^ listed)[:2]
    assert not stale, f"run `python book/i18n.py extract`: {stale}"


# --- the checker of English left on a translated page (book/english_check.py) -------------

_check_spec = importlib.util.spec_from_file_location("english_check",
                                                     ROOT / "book" / "english_check.py")
english_check = sys.modules["english_check"] = importlib.util.module_from_spec(_check_spec)
_check_spec.loader.exec_module(english_check)

ENGLISH_PAGE = """<html><body><nav>Skip to main content</nav><article class="bd-article">
<h1>Basic Rummy: cards and melds</h1>
<p>A set is made of cards of one rank. Three eights are enough:</p>
<div class="cell_input"><pre>basic.check_meld("8S 8H 8D")</pre></div>
<div class="cell_output"><p>8♠ 8♥ 8♦ is a set of eights.</p></div>
<p>Play <strong>Rummy 500</strong> in JupyterLab.</p>
</article></body></html>"""


def test_the_checker_finds_a_sentence_left_in_english():
    italian = ENGLISH_PAGE.replace("Basic Rummy: cards and melds", "Rummy base: carte e combinazioni")
    found = english_check.english_sentences(italian, ENGLISH_PAGE)
    assert found == ["A set is made of cards of one rank.", "Three eights are enough:",
                     "8♠ 8♥ 8♦ is a set of eights."]


def test_the_checker_passes_a_translated_page_with_names_notation_and_code():
    italian = (ENGLISH_PAGE
               .replace("Basic Rummy: cards and melds", "Rummy base: carte e combinazioni")
               .replace("A set is made of cards of one rank. Three eights are enough:",
                        "Un tris è fatto di carte dello stesso valore. Bastano tre otto:")
               .replace("is a set of eights.", "è un tris di otto.")
               .replace("Play <strong>Rummy 500</strong> in JupyterLab.",
                        "Gioca a <strong>Rummy 500</strong> in JupyterLab."))
    assert english_check.english_sentences(italian, ENGLISH_PAGE) == []


def test_the_checker_finds_english_that_is_not_on_the_english_page():
    dutch = ("<article><p>Je legt een drieling neer.</p><p>Dit is een reeks of een drieling.</p>"
             "<p>Take the card that you want from the pile, then discard.</p></article>")
    assert english_check.english_sentences(dutch) == [
        "Take the card that you want from the pile, then discard."]


def test_the_checker_reads_only_the_article_and_never_code():
    page = ("<nav>The theme says this in its own words when they are missing.</nav><article>"
            "<pre>the and you with which</pre><code>for the card in the hand</code>"
            "<template><p>the words that are in this template</p></template>"
            "<p>Una frase italiana.</p></article>")
    assert english_check.sentences(page) == ["Una frase italiana."]


# what a reader sees besides the prose (issue 26.4): a cell's printed output, the words of a
# picture, tooltips, accessible names, alternative texts and the page's title. The fragments
# are the Italian edition's pages as main built them before the fix.
OLD_ITALIAN_PAGE = """<html><head><title>Rummy base: le carte e le combinazioni &#8212; Impara il Rummy</title></head>
<body><article class="bd-article"><p>Ecco il punteggio:</p>
<div class="cell docutils container"><div class="cell_input docutils container"><pre>
print("You score", result.scores[0], "- a rummy?", result.rummy)</pre></div>
<div class="cell_output docutils container"><div class="output stream highlight-myst-ansi notranslate">
<div class="highlight"><pre><span></span>You score 30 - a rummy? False
</pre></div></div></div></div>
<div class="cell_output docutils container"><div class="output text_html">
<section class="rt-table" aria-label="Rummy base (punto di vista: Tu)"><div class="rt-seat" role="group"
aria-label="Opponent"><div>Opponent · 4 carte · punteggio 0</div></div></section>
<svg role="img" aria-label="running totals of two players"><text x="1" y="2">target 100</text>
<text x="3" y="4">hands played</text></svg>
<img src="x.png" alt="bar chart of hands"><button title="Draw the top card of the stock">Pesca</button>
</div></div>
<div class="cell_output docutils container"><div class="output text_plain highlight-myst-ansi notranslate">
<div class="highlight"><pre><span></span>(True, ['draw', 'take 4', 'layoff K♦ on 1'], Card.parse('8S'))</pre></div></div></div>
<div class="cell_output docutils container"><div class="output text_plain highlight-myst-ansi notranslate">
<div class="highlight"><pre><span></span>{'You': 120, 'Ben': 35}</pre></div></div></div>
</article></body></html>"""


def test_the_checker_reads_what_the_code_printed_and_drew():
    found = english_check.english_sentences(OLD_ITALIAN_PAGE)
    assert found == [
        "Opponent", "running totals of two players", "bar chart of hands",
        "Draw the top card of the stock", "You score 30 - a rummy?", "False",
        "Opponent · 4 carte · punteggio 0", "target 100", "hands played", "{'You':"]


def test_the_checker_reads_the_pages_title_tooltips_and_alt_texts():
    page = ('<html><head><title>The deal step by step &#8212; Impara il Rummy</title></head><body>'
            '<article><p>Una frase italiana.</p>'
            '<span title="the number of this deal"> Smazzata 5</span>'
            '<img alt="your cards in the hand"></article></body></html>')
    assert english_check.page_texts(page) == [
        ("title", "The deal step by step — Impara il Rummy"),
        ("attribute", "the number of this deal"), ("attribute", "your cards in the hand"),
        ("prose", "Una frase italiana."), ("prose", "Smazzata 5")]
    assert english_check.english_sentences(page) == [
        "The deal step by step — Impara il Rummy", "the number of this deal", "your cards in the hand"]


def test_the_checker_leaves_out_the_code_cells_input_and_pythons_own_words():
    page = OLD_ITALIAN_PAGE.replace("You score 30 - a rummy? False", "Fai 30 punti, senza rummy.")
    kinds = {kind for kind, _ in english_check.page_texts(page)}
    assert kinds == {"title", "attribute", "prose", "output", "value"}
    assert not any("print(" in text for _, text in english_check.page_texts(page))
    found = english_check.english_sentences(page)
    assert "Fai 30 punti, senza rummy." not in found
    assert not any("True" in s or "draw" in s or "Card.parse" in s for s in found)


def test_the_checker_passes_a_page_drawn_in_italian():
    italian = (OLD_ITALIAN_PAGE
               .replace("You score 30 - a rummy? False", "Fai 30 punti, senza rummy.")
               .replace("Opponent", "Avversario")
               .replace("running totals of two players", "i punteggi dei due giocatori, mano dopo mano")
               .replace("target 100", "punteggio obiettivo: 100")
               .replace("hands played", "mani giocate")
               .replace("bar chart of hands", "grafico a barre delle mani")
               .replace("Draw the top card of the stock", "Prendi la prima carta del tallone")
               .replace("'You'", "'Tu'"))
    assert english_check.english_sentences(italian) == []


def test_the_checker_finds_a_drawn_line_left_as_on_the_english_page():
    english = ('<article><div class="cell_output"><svg><text>hands played</text><text>no</text>'
               '<text>Ann 0, Ben 0</text></svg></div></article>')
    italian = english.replace("hands played", "mani giocate")
    assert english_check.english_sentences(english.replace("<text>no", "<text>nessuno"), english) == \
        ["hands played"]
    assert english_check.english_sentences(italian, english) == []   # "no" is Italian too; names


def test_the_checker_reads_the_tooltip_of_the_link_beside_a_heading():
    page = ('<article><h2>Le regole<a class="headerlink" href="#x" title="Link to this heading">#</a>'
            '</h2></article>')
    assert english_check.english_sentences(page) == ["Link to this heading"]
    translated = page.replace("Link to this heading", "Collegamento a questo titolo")
    assert english_check.english_sentences(translated) == []


def test_the_checker_reads_the_themes_tooltips_and_names_but_not_its_print_only_contents():
    page = ('<html><body><button title="Toggle primary sidebar"></button>'
            '<nav aria-label="Site navigation"><a href="x">Rummy base</a></nav>'
            '<div class="onlyprint"><nav aria-label="Page"></nav></div>'
            '<script>var label = "the words of a script";</script>'
            '<article><p>Una frase italiana.</p></article>'
            '<input type="search" placeholder="Search this book..."></body></html>')
    assert english_check.english_sentences(page, page) == [
        "Toggle primary sidebar", "Site navigation", "Search this book..."]
