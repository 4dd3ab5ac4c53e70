"""The book in Italian and Dutch: each page's prose in a gettext ``.po`` file, and the page
written in a language from it.

A page (a MyST source: ``tutorials/*.md``, ``intro.md``, ``glossary.md``, ``teachers.md``,
``choices.md``, ``rules/*.md``) is cut into blocks a translator translates (headings, paragraphs, list
items, table rows, admonition titles and bodies, glossary terms and definitions) and
blocks nobody touches (code cells with their options, directive options, math, raw HTML,
MyST targets, the front matter). ``book/locale/<lang>/<page>.po`` holds one entry per
prose block: ``msgid`` the English block verbatim, ``msgstr`` its translation, a ``#:``
line saying where it is. Writing a page in a language puts each translation where its
English was, keeps every untranslated or ``fuzzy`` block in English and every other line
byte for byte (so code cells are the same in every edition).

    python book/i18n.py extract          # sync every .po with the English pages
    python book/i18n.py build it DIR     # DIR/<page>.md in Italian
    python book/i18n.py status           # how much of each language is translated

``extract`` keeps every translation whose English is unchanged; a block whose English
changed keeps the translation of the most similar old block, marked ``fuzzy`` (English is
shown until a translator looks again), like ``python -m rummy_teach.i18n sync``.
See docs/translating.md.
"""

from __future__ import annotations

import difflib
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

BOOK = Path(__file__).resolve().parent
sys.path.insert(0, str(BOOK.parent))
from rummy_teach.i18n import LANGUAGES, po_quote, po_unquote  # noqa: E402  (one .po quoting)

LOCALE = BOOK / "locale"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
#: the pages, as paths relative to book/ (book/tutorials is a link to the lessons)
PAGE_GLOBS = ("intro.md", "glossary.md", "teachers.md", "choices.md", "rules/*.md", "tutorials/*.md")

#: directives whose whole block (options and body) is left alone
UNTOUCHED = {"code-cell", "tableofcontents", "raw", "math", "toctree", "eval-rst"}
#: directives whose argument (the text after the name) is prose, such as a box's title
TITLED = {"admonition", "dropdown", "figure", "table", "card"}

FENCE = re.compile(r"^(`{3,}|:{3,})\s*(\{([\w-]+)\})?\s*(.*)$")
LIST_ITEM = re.compile(r"^([-*+]|\d+[.)])( +)")
HEADING = re.compile(r"^#{1,6} ")
OPTION = re.compile(r"^:[\w-]+:")
TARGET = re.compile(r"^\(.+\)=\s*$")


def pages(book: Path = BOOK) -> list[str]:
    """Every page of the book that has prose, relative to ``book``."""
    found = set()
    for pattern in PAGE_GLOBS:
        found.update(p.relative_to(book).as_posix() for p in book.glob(pattern))
    return sorted(found)


# --- cutting a page into blocks -----------------------------------------------------------

@dataclass
class Block:
    """Prose lines ``start``..``end`` of the page (0-based, end excluded). ``text`` is
    the English without the structure around it; written back, a translation's first line
    gets ``first`` in front of it, the others ``rest``."""

    start: int
    end: int
    text: str
    first: str = ""
    rest: str = ""
    kind: str = "prose"     # or "term": a glossary term, kept as a second name


def _fence_end(lines, i, fence):
    """The index of the line closing the fence opened at ``i`` (or len(lines))."""
    char, size = fence[0], len(fence)
    for j in range(i + 1, len(lines)):
        stripped = lines[j].strip()
        if len(stripped) >= size and set(stripped) == {char}:
            return j
    return len(lines)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _interrupts_paragraph(item: re.Match | None) -> bool:
    """Whether a list item interrupts the paragraph above it. CommonMark lets a bullet do
    so, but an ordered list only when it starts at 1: "2. ..." or "1998. was a year" in the
    middle of a paragraph is a line of that paragraph."""
    if not item:
        return False
    number = item.group(1)[:-1]
    return not number.isdigit() or int(number) == 1


def _starts_structure(line: str) -> bool:
    return bool(FENCE.match(line) or HEADING.match(line)
                or _interrupts_paragraph(LIST_ITEM.match(line))
                or line.startswith("|") or TARGET.match(line) or line.startswith("<"))


def cut(lines: list[str], base: int = 0, glossary: bool = False) -> list[Block]:
    """The prose blocks of ``lines`` (lines already stripped of any enclosing indent;
    ``base`` is the index of ``lines[0]`` in the page)."""
    blocks: list[Block] = []
    i = 0
    if not base and lines and lines[0].strip() == "---":            # front matter
        i = next((j + 1 for j in range(1, len(lines)) if lines[j].strip() == "---"), 0)
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if not line.strip() or TARGET.match(line) or line.startswith(("%", "+++")):
            i += 1
        elif line.startswith("<"):                                     # raw HTML: to a blank
            while i < len(lines) and lines[i].strip():
                i += 1
        elif line.startswith("$$"):
            i = next((j + 1 for j in range(i + 1, len(lines)) if lines[j].strip().endswith("$$")),
                     len(lines))
        elif fence:
            i = _directive(lines, i, fence, base, blocks)
        elif HEADING.match(line):
            marks = line.split(" ", 1)[0] + " "
            blocks.append(Block(base + i, base + i + 1, line[len(marks):], marks))
            i += 1
        elif line.startswith("|"):                                     # a table, row by row
            if not re.fullmatch(r"[|:\- ]+", line.strip()):
                blocks.append(Block(base + i, base + i + 1, line))
            i += 1
        elif LIST_ITEM.match(line):
            i = _list_item(lines, i, base, blocks)
        elif glossary and not line.startswith(" "):                    # a term
            blocks.append(Block(base + i, base + i + 1, line, kind="term"))
            i += 1
        elif glossary:                                                 # its definition
            width = _indent(line)
            j = i
            while j < len(lines) and (not lines[j].strip() or _indent(lines[j]) >= width):
                j += 1
            while j > i and not lines[j - 1].strip():
                j -= 1
            blocks.extend(_shifted(cut([l[width:] for l in lines[i:j]], base + i), " " * width))
            i = j
        else:                                                          # a paragraph
            j = i + 1
            while j < len(lines) and lines[j].strip() and not _starts_structure(lines[j]):
                j += 1
            blocks.append(Block(base + i, base + j, "\n".join(lines[i:j])))
            i = j
    return blocks


def _shifted(blocks, first, rest=None):
    """``blocks`` cut from indented lines, with the indent put back."""
    rest = first if rest is None else rest
    return [Block(b.start, b.end, b.text, first + b.first, rest + b.rest, b.kind)
            for b in blocks]


def _directive(lines, i, fence, base, blocks) -> int:
    end = _fence_end(lines, i, fence.group(1))
    name, argument = fence.group(3), fence.group(4)
    if not name or name in UNTOUCHED:
        return end + 1
    if argument.strip() and name in TITLED:
        head = lines[i][: len(lines[i]) - len(argument)]
        blocks.append(Block(base + i, base + i + 1, argument, head))
    body = i + 1
    while body < end and OPTION.match(lines[body]):
        body += 1
    blocks.extend(cut(lines[body:end], base + body, glossary=(name == "glossary")))
    return end + 1


def _list_item(lines, i, base, blocks) -> int:
    marker = LIST_ITEM.match(lines[i]).group(0)
    width = len(marker)
    j = i + 1
    while j < len(lines):
        if lines[j].strip() and _indent(lines[j]) < width:
            break
        j += 1
    while j > i + 1 and not lines[j - 1].strip():
        j -= 1
    body = [lines[i][width:]] + [l[width:] for l in lines[i + 1:j]]
    inner = cut(body, base + i)
    for block in inner:
        first = marker if block.start == base + i else " " * width
        blocks.extend(_shifted([block], first, " " * width))
    return j


# --- writing a page in a language -------------------------------------------------------

def render(source: str, translations: dict[str, str]) -> str:
    """``source`` with every block that has a translation in ``translations`` (English ->
    text) translated; every other line byte for byte as it was."""
    lines = source.split("\n")
    out: list[str] = []
    done = 0
    for block in cut(lines):
        text = translations.get(block.text)
        if not text:
            continue
        out.extend(lines[done:block.start])
        new = text.split("\n")
        written = [block.first + new[0]] + [(block.rest + l) if l else block.rest.rstrip()
                                             for l in new[1:]]
        if block.kind == "term" and text.strip().lower() != block.text.strip().lower():
            written.append(block.first + block.text)     # the English name still links
        out.extend(written)
        done = block.end
    out.extend(lines[done:])
    return "\n".join(out)


# --- the .po files ------------------------------------------------------------------------

@dataclass
class Entry:
    english: str
    text: str = ""
    fuzzy: bool = False
    places: list[str] = field(default_factory=list)
    previous: str = ""          # the English a fuzzy translation was made for
    obsolete: bool = False


def read_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a page's ``.po`` text (the header is skipped; obsolete ``#~``
    entries are read too, so their translations can be offered again)."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    state = {"flags": set(), "places": [], "previous": "", "obsolete": False, "key": None}

    def finish():
        if fields.get("msgid"):
            entries.append(Entry(fields["msgid"], fields.get("msgstr", ""),
                                 "fuzzy" in state["flags"], list(state["places"]),
                                 state["previous"], state["obsolete"]))
        fields.clear()
        state.update(flags=set(), places=[], previous="", obsolete=False, key=None)

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name} line {number}"
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            continue
        if line.startswith("#") and "msgstr" in fields:
            finish()
        if line.startswith("#,"):
            state["flags"].update(f.strip() for f in line[2:].split(","))
        elif line.startswith("#:"):
            state["places"].append(line[2:].strip())
        elif line.startswith("#| msgid "):
            state["previous"] = po_unquote(line[len("#| msgid "):].strip(), where)
            state["key"] = "previous"
        elif line.startswith('#| "'):
            state["previous"] += po_unquote(line[3:].strip(), where)
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            if state["key"] not in ("msgid", "msgstr"):
                raise ValueError(f"{where}: a string continues no msgid or msgstr")
            fields[state["key"]] += po_unquote(line, where)
        else:
            keyword, _, rest = line.partition(" ")
            if keyword not in ("msgid", "msgstr"):
                raise ValueError(f"{where}: unexpected {keyword!r} (a page's entries have "
                                 "msgid and msgstr)")
            if keyword == "msgid" and "msgstr" in fields:
                finish()
            state["obsolete"] = state["obsolete"] or obsolete
            state["key"] = keyword
            fields[keyword] = po_unquote(rest.strip(), where)
    finish()
    return entries


def write_po(entries: list[Entry], lang: str, page: str) -> str:
    out = [f"# {page} in {LANGUAGES[lang]}: translate each msgstr, keep the MyST markup.",
           "# How: docs/translating.md.",
           'msgid ""', 'msgstr ""', '"Project-Id-Version: rummy_teach book\\n"',
           '"MIME-Version: 1.0\\n"', '"Content-Type: text/plain; charset=UTF-8\\n"',
           '"Content-Transfer-Encoding: 8bit\\n"', f'"Language: {lang}\\n"', ""]
    for entry in entries:
        mark = "#~ " if entry.obsolete else ""
        out.extend(f"#: {place}" for place in entry.places)
        if entry.fuzzy:
            out.append("#, fuzzy")
        if entry.previous:
            out.extend("#| " + l for l in f"msgid {po_quote(entry.previous)}".split("\n"))
        out.extend(mark + l for l in f"msgid {po_quote(entry.english)}".split("\n"))
        out.extend(mark + l for l in f"msgstr {po_quote(entry.text)}".split("\n"))
        out.append("")
    return "\n".join(out)


def po_path(lang: str, page: str, locale: Path = LOCALE) -> Path:
    return locale / lang / Path(page).with_suffix(".po")


def sync(lang: str, page: str, book: Path = BOOK, locale: Path = LOCALE) -> int:
    """Bring ``page``'s ``.po`` for ``lang`` in step with the English page; returns how
    many entries changed. The file is rewritten only when something changed."""
    source = (book / page).read_text(encoding="utf-8")
    path = po_path(lang, page, locale)
    old = read_po(path.read_text(encoding="utf-8"), str(path)) if path.exists() else []
    by_english = {e.english: e for e in old}
    used: set[str] = set()
    entries: dict[str, Entry] = {}
    for block in cut(source.split("\n")):
        place = f"{page}:{block.start + 1}"
        if block.text in entries:
            entries[block.text].places.append(place)
            continue
        known = by_english.get(block.text)
        if known is not None:
            entry = Entry(block.text, known.text, known.fuzzy, [place], known.previous)
            used.add(block.text)
        else:
            entry = Entry(block.text, places=[place])
        entries[block.text] = entry
    orphans = [e for e in old if e.english not in used and e.text]
    for entry in entries.values():
        if entry.text or not orphans:
            continue
        best = max(orphans, key=lambda e: difflib.SequenceMatcher(
            None, e.english, entry.english).ratio())
        if difflib.SequenceMatcher(None, best.english, entry.english).ratio() >= 0.6:
            entry.text, entry.fuzzy, entry.previous = best.text, True, best.english
            orphans.remove(best)
    kept = list(entries.values()) + [
        Entry(e.english, e.text, e.fuzzy, [], "", True) for e in orphans]
    text = write_po(kept, lang, page)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    before = {(e.english, e.text, e.fuzzy, e.obsolete) for e in old}
    return len({(e.english, e.text, e.fuzzy, e.obsolete) for e in kept} ^ before) or 1


def translations(lang: str, page: str, locale: Path = LOCALE) -> dict[str, str]:
    """English block -> its usable translation (not empty, not fuzzy, not obsolete)."""
    path = po_path(lang, page, locale)
    if not path.exists():
        return {}
    return {e.english: e.text for e in read_po(path.read_text(encoding="utf-8"), str(path))
            if e.text and not e.fuzzy and not e.obsolete}


def build(lang: str, target: Path, book: Path = BOOK, locale: Path = LOCALE) -> list[Path]:
    """Write every page in ``lang`` to ``target/<page>``; returns the files written
    (a file whose text is already right is left alone, so its time stamp stays)."""
    written = []
    for page in pages(book):
        text = render((book / page).read_text(encoding="utf-8"), translations(lang, page, locale))
        path = Path(target) / page
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def status(lang: str, book: Path = BOOK, locale: Path = LOCALE) -> dict[str, tuple[int, int]]:
    """page -> (blocks translated and usable, blocks in the page)."""
    found = {}
    for page in pages(book):
        blocks = {b.text for b in cut((book / page).read_text(encoding="utf-8").split("\n"))}
        done = translations(lang, page, locale)
        found[page] = (len(blocks & done.keys()), len(blocks))
    return found


def main(argv=None) -> int:
    import argparse
    parser = argparse.ArgumentParser(prog="python book/i18n.py", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    extract = commands.add_parser("extract", help="sync every page's .po with the English")
    extract.add_argument("--lang", action="append", choices=TRANSLATED)
    make = commands.add_parser("build", help="write every page in LANG to DIR")
    make.add_argument("lang", choices=TRANSLATED)
    make.add_argument("dir", type=Path)
    show = commands.add_parser("status", help="how much of each page is translated")
    show.add_argument("--lang", action="append", choices=TRANSLATED)
    args = parser.parse_args(argv)
    if args.command == "extract":
        for lang in args.lang or TRANSLATED:
            changed = sum(sync(lang, page) for page in pages())
            print(f"{lang}: {len(pages())} pages, {changed} entries changed")
    elif args.command == "build":
        print(f"{len(build(args.lang, args.dir))} pages written to {args.dir}")
    else:
        for lang in args.lang or TRANSLATED:
            for page, (done, total) in status(lang).items():
                print(f"{lang} {page}: {done}/{total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
