"""The termbase: one word per concept per language, and the words it refuses.

The termbase is the table between ``<!-- termbase -->`` and ``<!-- /termbase -->`` in
``docs/glossary-i18n.md``: one row per concept, with the Italian and Dutch term and, in the
"not" columns, the variants a reviewer would strike, separated by ``;``. A variant is
matched as whole words, case-insensitive, across line breaks; ``#`` in a variant stands
for a number (``scala di #`` refuses "scala di 4" and "scala di quattro").

What is read is what a reader sees: in a catalogue's ``msgstr``, MyST markup is taken
away first (a role's target, ``{term}`carte morte <deadwood>``` reads "carte morte";
code between backticks and ``{placeholders}`` are left out); on a built page, the text of
the article outside code, the code cells' outputs included (``book/english_check.py``).

    python book/termbase.py                          # every catalogue, both languages
    python book/termbase.py book/_build/html it nl   # and every page of those editions
"""

from __future__ import annotations

import importlib.util
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "glossary-i18n.md"
LANGS = ("it", "nl")
#: what ``#`` in a variant stands for: a number in digits or in words
NUMBER = (r"(?:\d+|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|tredici"
          r"|twee|drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf|dertien)")


def _module(name: str, path: Path):
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, path)
        module = sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return module


@dataclass
class Concept:
    english: str
    terms: dict[str, str] = field(default_factory=dict)
    refused: dict[str, list[str]] = field(default_factory=dict)


def termbase(doc: Path = DOC) -> list[Concept]:
    """The concepts of the termbase table of ``doc``."""
    text = doc.read_text(encoding="utf-8")
    table = text.split("<!-- termbase -->", 1)[1].split("<!-- /termbase -->", 1)[0]
    concepts = []
    for row in table.splitlines():
        row = row.strip()
        if not row.startswith("|") or set(row) <= set("|-: "):
            continue
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        if cells[0].lower().startswith("english"):
            continue                                            # the header
        english, it, it_not, nl, nl_not = cells
        concepts.append(Concept(english, {"it": it, "nl": nl},
                                {"it": _variants(it_not), "nl": _variants(nl_not)}))
    return concepts


def _variants(cell: str) -> list[str]:
    cell = re.sub(r"\s*\([^)]*\)", "", cell)            # a note in brackets is for the reader
    return [v.strip().strip("\"'“”") for v in cell.split(";")
            if v.strip() and v.strip() not in ("—", "-")]


def pattern(variant: str) -> re.Pattern:
    """A variant as a whole-word, case-insensitive pattern (any space between words)."""
    parts = [NUMBER if word == "#" else re.escape(word) for word in variant.split()]
    body = r"\s+".join(parts)
    start = r"\b" if re.match(r"\w", variant) or variant.startswith("#") else ""
    end = r"\b" if re.search(r"\w$", variant) or variant.endswith("#") else ""
    return re.compile(start + body + end, re.IGNORECASE)


def refusals(lang: str, doc: Path = DOC) -> list[tuple[str, str, re.Pattern]]:
    """(concept, variant, pattern) for every variant the termbase refuses in ``lang``."""
    return [(c.english, v, pattern(v)) for c in termbase(doc) for v in c.refused[lang]]


def prose(text: str, placeholders: bool = False) -> str:
    """What a reader sees of a catalogue's text: a role's shown words (not its target),
    no code between backticks, and no ``{placeholders}`` (kept when ``placeholders``)."""
    text = re.sub(r"\{[\w:-]+\}`([^`]*?)(?:\s*<[^<>`]*>)?`", r"\1", text)   # {term}`words <target>`
    text = re.sub(r"`[^`]*`", " ", text)
    return text if placeholders else re.sub(r"\{[^{}]*\}", " ", text)


def refused_in(text: str, lang: str, rules=None) -> list[str]:
    """The refused variants found in ``text`` (a reader's text), as 'variant: found'.
    A variant naming a placeholder ("scala di {size}") is looked for in a catalogue's text
    with its placeholders (``prose(text, placeholders=True)``); the others without."""
    rules = refusals(lang) if rules is None else rules
    plain = prose(text)
    kept = prose(text, placeholders=True)
    return [f"{variant} ({concept}): {found.group(0)!r}"
            for concept, variant, rx in rules
            for found in rx.finditer(kept if "{" in variant else plain)]


def catalogue_texts(lang: str):
    """(where, text) for every msgstr of ``lang``: the package's and the book's catalogues
    (every form of a counted message; obsolete book entries left out)."""
    from rummy_teach.i18n import LOCALE_DIR, read_po
    for path in sorted(Path(str(LOCALE_DIR / lang)).glob("*.po")):
        for entry in read_po(path.read_text(encoding="utf-8")):
            for form in (entry.text if isinstance(entry.text, tuple) else (entry.text,)):
                if form:
                    yield f"{path.relative_to(ROOT)} {entry.code}", form
    book_i18n = _module("book_i18n", ROOT / "book" / "i18n.py")
    for path in sorted((book_i18n.LOCALE / lang).rglob("*.po")):
        for entry in book_i18n.read_po(path.read_text(encoding="utf-8")):
            if entry.text and not entry.obsolete:
                yield f"{path.relative_to(ROOT)} {entry.english[:50]!r}", entry.text


def check_catalogues(lang: str) -> list[str]:
    rules = refusals(lang)
    return [f"{where}: {found}" for where, text in catalogue_texts(lang)
            for found in refused_in(text, lang, rules)]


def check_edition(html: Path, lang: str) -> dict[str, list[str]]:
    """Page -> the refused variants on it, for every page of the ``lang`` edition built in
    ``html`` (its article's text outside code, the code cells' outputs included)."""
    english_check = _module("english_check", ROOT / "book" / "english_check.py")
    rules = refusals(lang)
    problems = {}
    for page in sorted((html / lang).rglob("*.html")):
        name = page.relative_to(html / lang).as_posix()
        if name.split("/")[0] in ("_static", "_sources", "lite"):
            continue
        text = " ".join(english_check.sentences(page.read_text(encoding="utf-8"), outputs=True))
        found = refused_in(text, lang, rules)
        if found:
            problems[name] = found
    return problems


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    sys.path.insert(0, str(ROOT))
    bad = 0
    for lang in LANGS:
        for line in check_catalogues(lang):
            print(f"{lang} {line}")
            bad += 1
    if argv:
        html, langs = Path(argv[0]), argv[1:] or list(LANGS)
        for lang in langs:
            for page, found in check_edition(html, lang).items():
                for line in found:
                    print(f"{lang} {page}: {line}")
                    bad += 1
    print(f"{bad} refused word(s)", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
