"""Languages: the catalogues that make rummy_teach speak Italian and Dutch as well as English.

English lives in :data:`rummy_teach.reasons.ENGLISH` (code -> template). Every other
language is a set of gettext ``.po`` files under ``rummy_teach/locale/<lang>/``: each entry
has the stable code as its context (``msgctxt``), the English template it translates as
``msgid`` and the translation as ``msgstr``. Keeping the English beside each translation
lets a tool see when the English changed and the translation went stale (it is then marked
``fuzzy`` and English is shown until a translator looks again).

Standard library only, so it runs in the browser Python too::

    with language("it"):
        print(check_meld(...).explain())        # in Italian

``python -m rummy_teach.i18n sync`` adds every new code to each language's files (empty,
for a translator) and marks changed ones fuzzy; ``python -m rummy_teach.i18n check`` lists
what is missing, stale or has other placeholders than the English (exit 1 if anything).
"""

from __future__ import annotations

import os
import re
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

from . import plural
from .errors import UsageError
from .reasons import ENGLISH, catalogue_in_use, new_catalogue_key, placeholders, say, speak_from_now_on, speaking  # noqa: F401

#: Every language rummy_teach speaks, by its code, with its name in that language.
LANGUAGES = {"en": "English", "it": "Italiano", "nl": "Nederlands"}
DEFAULT = "en"
LOCALE_DIR = resources.files(__package__) / "locale"   # a Path, or a zipfile.Path in a zip
#: Where new codes go when ``sync`` is not told a domain.
DEFAULT_DOMAIN = "messages"


class Catalogue(dict):
    """A language's templates by code (codes it lacks are said in English)."""

    def __init__(self, language: str, entries=()):
        super().__init__(entries)
        self.language = language
        self.key = new_catalogue_key()      # what caches of drawn words key on


# --- reading and writing .po files -----------------------------------------------------

@dataclass
class Entry:
    """One message of a ``.po`` file."""

    code: str
    english: str
    text: str = ""
    fuzzy: bool = False
    comments: list[str] = field(default_factory=list)

    @property
    def usable(self) -> bool:
        """Translated, every form of a counted message, and not marked fuzzy."""
        forms = self.text if isinstance(self.text, tuple) else (self.text,)
        return all(forms) and not self.fuzzy


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def po_unquote(token: str, where: str) -> str:
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise UsageError(f"{where}: expected a quoted string, found {token!r}")
    return re.sub(r'\\(.)', lambda m: _ESCAPES.get(m.group(1), "\\" + m.group(1)), token[1:-1])


def po_quote(text: str) -> str:
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = body.split("\n")
    if len(lines) == 1:
        return f'"{body}"'
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{p}"' for p in parts)


def read_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a ``.po`` file's text (the header entry, without a code, is skipped)."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    flags: set[str] = set()
    comments: list[str] = []
    current = None

    def finish():
        if "msgid" in fields and fields.get("msgctxt"):
            english, text = fields["msgid"], fields.get("msgstr", "")
            if "msgid_plural" in fields:     # a counted message: its forms, in order
                english = (english, fields["msgid_plural"])
                forms = (fields.get("msgstr[0]", ""), fields.get("msgstr[1]", ""))
                text = forms if any(forms) else ""
            entries.append(Entry(fields["msgctxt"], english, text, "fuzzy" in flags, list(comments)))
        fields.clear(), flags.clear(), comments.clear()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name} line {number}"
        if not line:
            continue
        if line.startswith("#,"):
            if "msgid" in fields:
                finish()
            flags.update(f.strip() for f in line[2:].split(","))
        elif line.startswith("#"):
            if "msgid" in fields:
                finish()
            if not line.startswith("#|") and not line.startswith("#~"):
                comments.append(raw)
        elif line.startswith('"'):
            if current is None:
                raise UsageError(f"{where}: a string continues no msgid, msgstr or msgctxt")
            fields[current] += po_unquote(line, where)
        else:
            keyword, _, rest = line.partition(" ")
            if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr", "msgstr[0]", "msgstr[1]"):
                raise UsageError(f"{where}: unknown keyword {keyword!r}; a .po entry has "
                                 "msgctxt, msgid and msgstr (msgid_plural, msgstr[0] and "
                                 "msgstr[1] for a counted message)")
            if keyword in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in fields):
                finish()
            current = keyword
            fields[keyword] = po_unquote(rest.strip(), where)
    finish()
    return entries


def write_po(entries: list[Entry], language: str) -> str:
    """The text of a ``.po`` file holding ``entries`` (in their order)."""
    out = [
        f"# rummy_teach messages in {LANGUAGES.get(language, language)}.",
        "# msgctxt is the message's stable code, msgid the English it translates.",
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        f'"Language: {language}\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
        "",
    ]
    for entry in entries:
        out.extend(c for c in entry.comments)
        if entry.fuzzy:
            out.append("#, fuzzy")
        out.append(f"msgctxt {po_quote(entry.code)}")
        if isinstance(entry.english, tuple):
            # a message that became counted keeps its old translation as the first form
            forms = entry.text if isinstance(entry.text, tuple) else (entry.text, "")
            out.append(f"msgid {po_quote(entry.english[0])}")
            out.append(f"msgid_plural {po_quote(entry.english[1])}")
            out.extend(f"msgstr[{i}] {po_quote(form)}" for i, form in enumerate(forms))
        else:
            out.append(f"msgid {po_quote(entry.english)}")
            out.append(f"msgstr {po_quote(entry.text)}")
        out.append("")
    return "\n".join(out)


def po_files(language: str, root: Path = LOCALE_DIR) -> list[Path]:
    """The ``.po`` files of ``language``. ``root`` may also be a folder inside a zip
    (the book's browser Python imports rummy_teach from its wheel as a zip archive)."""
    folder = root / language
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.iterdir() if p.name.endswith(".po")), key=lambda p: p.name)


def _entries(language: str, root: Path = LOCALE_DIR) -> dict[Path, list[Entry]]:
    return {path: read_po(path.read_text(encoding="utf-8"), str(path))
            for path in po_files(language, root)}


# --- choosing a language ----------------------------------------------------------------

@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict:
    """The catalogue of ``lang`` (always the same object, so caches may key on it)."""
    lang = resolve_language(lang)
    if lang == DEFAULT:
        return ENGLISH
    found = Catalogue(lang)
    # found afresh, not LOCALE_DIR: in the book's browser Python the package was imported
    # (from its wheel, a zip) into a memory snapshot, and an archive opened then is gone
    for entries in _entries(lang, resources.files(__package__) / "locale").values():
        for entry in entries:
            if entry.usable and entry.code in ENGLISH:
                found[entry.code] = entry.text
    return found


def resolve_language(text) -> str:
    """The language code for ``text`` ("it", "it_IT.UTF-8", "Italiano", "NL" ...).

    Raises :class:`~rummy_teach.errors.UsageError` naming the languages accepted."""
    value = str(text or "").strip()
    key = re.split(r"[_.@-]", value, maxsplit=1)[0].lower()
    if key in LANGUAGES:
        return key
    for code, name in LANGUAGES.items():
        if value.lower() == name.lower():
            return code
    raise UsageError(say("language_unknown", value=value, accepted=", ".join(LANGUAGES)))


def language_from_environment(environ=None) -> str:
    """The reader's language from ``RUMMY_TEACH_LANG`` or the locale variables
    (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, ``LANGUAGE``); English when none names one we speak."""
    environ = os.environ if environ is None else environ
    for name in ("RUMMY_TEACH_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        for value in str(environ.get(name, "")).split(":"):
            try:
                return resolve_language(value)
            except UsageError:
                continue
    return DEFAULT


def speak_environment_language(environ=None) -> str:
    """Speak the language ``RUMMY_TEACH_LANG`` names from now on (in this context), and
    return it: ``import rummy_teach`` calls this, so a kernel started with
    ``RUMMY_TEACH_LANG=it`` (a book edition being built, a lesson opened in Italian)
    speaks Italian from its first cell. Only this variable counts here, not the locale, so
    a program keeps English unless told otherwise. A name we do not speak is said on
    stderr and leaves the language as it was."""
    value = str((os.environ if environ is None else environ).get("RUMMY_TEACH_LANG", "")).strip()
    if value:
        try:
            speak_from_now_on(catalogue(value))
        except UsageError as error:
            print(f"RUMMY_TEACH_LANG: {error}", file=sys.stderr)
    return current_language()


def current_language() -> str:
    """The language :func:`rummy_teach.reasons.say` speaks now."""
    return getattr(catalogue_in_use(), "language", DEFAULT)


def number_text(value) -> str:
    """``value`` as the language in use writes it, as a message's number parameter is
    written (:func:`rummy_teach.plural.number_text`), for a value shown outside a sentence,
    such as a table's cell. 1234 is "1,234" in English, "1.234" in Italian and Dutch; 0.3
    is "0,3" in both; a measured 19.04 is "19"; ``Percent(0.625)`` is "63%". Anything
    else (a name, a dash for no value) is shown as ``str(value)``."""
    return plural.number_text(value, current_language())


@contextmanager
def language(lang):
    """Speak ``lang`` inside the ``with`` block (see :func:`rummy_teach.reasons.speaking`)."""
    with speaking(catalogue(lang)) as chosen:
        yield chosen


# --- keeping the catalogues in step with the English -----------------------------------

def problems(lang: str, root: Path = LOCALE_DIR) -> list[str]:
    """Everything that keeps ``lang`` from saying each code well, one line each."""
    found: dict[str, Entry] = {}
    out = []
    for path, entries in _entries(lang, root).items():
        for entry in entries:
            if entry.code in found:
                out.append(f"{path.name}: {entry.code} is also in another file")
            found[entry.code] = entry
    for code, english in ENGLISH.items():
        entry = found.get(code)
        if entry is None:
            out.append(f"{code}: missing")
        elif entry.english != english:
            out.append(f"{code}: translates an older English text")
        elif not entry.text or (isinstance(entry.text, tuple) and not all(entry.text)):
            out.append(f"{code}: not translated")
        elif entry.fuzzy:
            out.append(f"{code}: marked fuzzy")
        elif placeholders(entry.text) != placeholders(english):
            out.append(f"{code}: placeholders {sorted(placeholders(entry.text))} "
                       f"differ from the English {sorted(placeholders(english))}")
    out.extend(f"{code}: no such code" for code in found if code not in ENGLISH)
    return out


def sync(lang: str, domain: str = DEFAULT_DOMAIN, root: Path = LOCALE_DIR) -> int:
    """Bring ``lang``'s files in step with the English: new codes go, untranslated, to
    ``<domain>.po``; entries whose English changed keep their text, marked fuzzy; codes
    that no longer exist are dropped. Returns how many entries changed."""
    changed = 0
    files = _entries(lang, root)
    touched = set()
    seen = set()
    for path, entries in files.items():
        kept = []
        for entry in entries:
            if entry.code not in ENGLISH or entry.code in seen:
                touched.add(path)
                continue
            seen.add(entry.code)
            if entry.english != ENGLISH[entry.code]:
                entry.english, entry.fuzzy = ENGLISH[entry.code], bool(entry.text)
                touched.add(path)
                changed += 1
            kept.append(entry)
        changed += len(entries) - len(kept)
        files[path] = kept
    target = root / lang / f"{domain}.po"
    new = [Entry(code, english) for code, english in ENGLISH.items() if code not in seen]
    if new:
        files.setdefault(target, []).extend(new)
        touched.add(target)
        changed += len(new)
    for path in touched:        # files nothing changed in stay byte for byte as they were
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(write_po(files[path], lang), encoding="utf-8")
    catalogue.cache_clear()
    return changed


def main(argv=None) -> int:
    import argparse
    parser = argparse.ArgumentParser(prog="python -m rummy_teach.i18n",
                                     description="Keep the Italian and Dutch catalogues in step.")
    parser.add_argument("command", choices=("sync", "check"))
    parser.add_argument("--lang", action="append", choices=[l for l in LANGUAGES if l != DEFAULT])
    parser.add_argument("--domain", default=DEFAULT_DOMAIN,
                        help="the file (without .po) that new codes go to")
    args = parser.parse_args(argv)
    status = 0
    for lang in args.lang or [l for l in LANGUAGES if l != DEFAULT]:
        if args.command == "sync":
            print(f"{lang}: {sync(lang, args.domain)} entries changed")
        else:
            found = problems(lang)
            print(f"{lang}: {len(found)} problem{'' if len(found) == 1 else 's'}")   # a tool's English
            for line in found:
                print("  " + line)
            status |= bool(found)
    return status


if __name__ == "__main__":
    sys.exit(main())
