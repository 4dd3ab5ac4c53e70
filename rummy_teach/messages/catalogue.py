"""The catalogue's machinery: how a code and its parameters become words.

:func:`say` reads the catalogue in use (English, :data:`ENGLISH` of :mod:`.english`,
unless :func:`speaking` or :func:`speak_from_now_on` chose another), fills the template
with the parameters said in the reader's language (numbers, counts through their plural
forms, other reasons, players addressed as "you"), and :class:`Reason`,
:class:`Reasons` and :class:`Verdict` carry codes through the engine until a person reads
them. :mod:`rummy_teach.reasons` is the public face of this module and the codes.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from itertools import count
from string import Formatter

from ..plural import Percent, Plural, Signed, plural_form  # noqa: F401  (part of this module's interface)
from ..plural import is_number, number_text
from .english import ENGLISH


_IN_USE: ContextVar[dict] = ContextVar("rummy_teach_catalogue", default=ENGLISH)


def catalogue_in_use() -> dict:
    """The catalogue that :func:`say` reads now (English unless :func:`speaking` chose another)."""
    return _IN_USE.get()


_KEYS = count(1)


def new_catalogue_key() -> int:
    """A number for a new catalogue (:class:`rummy_teach.i18n.Catalogue` takes one)."""
    return next(_KEYS)


def catalogue_key() -> int:
    """A number naming the catalogue in use, for caches of drawn pictures that hold words.

    Never given to two catalogues in one process, as ``id()`` may be: a catalogue read
    again after :func:`rummy_teach.i18n.sync` can take the memory, and so the ``id``, of
    one in another language that was let go (seen: Dutch cards drawn with Italian names).
    English is 0; a catalogue made some other way (a test's plain dict) gets a new number
    each time, so nothing drawn in it is kept.
    """
    catalogue = _IN_USE.get()
    if catalogue is ENGLISH:
        return 0
    return getattr(catalogue, "key", None) or -new_catalogue_key()


def speak_from_now_on(catalogue: dict) -> None:
    """Say everything from ``catalogue`` from now on, in this context (unlike
    :func:`speaking`, which ends with its ``with`` block)."""
    _IN_USE.set(catalogue)


@contextmanager
def speaking(catalogue: dict):
    """Say everything inside the ``with`` block from ``catalogue`` (codes it lacks fall back
    to English). Caches of drawn pictures key on the catalogue in use, so a language switch
    never shows words of the previous one."""
    token = _IN_USE.set(catalogue)
    try:
        yield catalogue
    finally:
        _IN_USE.reset(token)


class _Writer(Formatter):
    """Fills a template as ``str.format`` does, but writes a number parameter (an int, a
    float, a :class:`~rummy_teach.plural.Percent`) as the language in use writes it, so
    no caller writes a number itself: "circa 19 punti", "ongeveer 0,5 punt", "1.234"."""

    def format_field(self, value, spec: str) -> str:
        if is_number(value):
            value = number_text(value, getattr(_IN_USE.get(), "language", "en"))
        return format(value, spec)


_WRITER = _Writer()


def say(code: str, catalogue: dict | None = None, **params) -> str:
    """The catalogue's sentence for ``code`` with ``params`` filled in."""
    return Reason(code, params).text(catalogue)


def plural_templates(code: str) -> tuple[str, str]:
    """The two forms of the counted message ``code`` (a :class:`Plural`) in the language in
    use, placeholders unfilled: for a page that counts by itself (a turn's seconds left),
    choosing the form as CLDR's plural rules do for the language (``Intl.PluralRules``)."""
    english = ENGLISH[code]
    if not isinstance(english, Plural):
        raise TypeError(f"{code} is not a counted message")
    template = _IN_USE.get().get(code, english)
    return tuple(template) if isinstance(template, tuple) else tuple(english)


@dataclass(frozen=True)
class Reason:
    """One judgement in words: a stable ``code`` and the ``params`` of its message."""

    code: str
    params: dict = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self):
        if self.code not in ENGLISH:
            raise KeyError(f"unknown reason code {self.code!r}")

    def text(self, catalogue: dict | None = None) -> str:
        """The message in the given catalogue's language (the one in use by default).

        A parameter that is itself a :class:`Reason` (a word such as a suit's name, a
        game's title, a meld's description) is said in the same language, when the
        sentence is said: params stay language-neutral, only the words change."""
        if catalogue is not None and catalogue is not _IN_USE.get():
            with speaking(catalogue):
                return self.text()
        code = addressed(self.code, self.params)
        template = _IN_USE.get().get(code, ENGLISH[code])
        english = ENGLISH[code]
        if isinstance(english, Plural):
            if not isinstance(template, tuple):    # a catalogue that kept one form only
                template = english
            template = template[plural_form(self.params[english.count])]
        return _WRITER.vformat(template, (), self.params)

    def __format__(self, spec: str) -> str:
        return format(self.text(), spec)

    def to_json(self) -> dict:
        """A JSON-able form, ``{"code", "params"}``, language-neutral (nested reasons too);
        :meth:`from_json` reads it back."""
        return {"code": self.code, "params": {k: param_to_json(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: dict) -> "Reason":
        return cls(data["code"], {k: param_from_json(v) for k, v in data.get("params", {}).items()})

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Reason({self.code!r}, {self.params!r})"


@dataclass(frozen=True)
class Player:
    """A player a sentence names: the seat's ``name`` (text, or words said when the sentence
    is said) and whether that player is the reader, ``you``.

    Code passes a Player where a message names a player; the message decides the person.
    A code ``X_you`` is message ``X`` said to the reader about themselves ("You go out"
    for "{who} goes out"); it leaves out the one parameter through which ``X`` names the
    player. :func:`addressed` picks it when that parameter is a Player who is the reader,
    so "Tu ha chiuso" or "vanno a Tu" cannot be said: a learner's seat name never fills a
    third-person sentence. Formatted by itself (a label: "You +30", "Tu: 7♣"), a Player is
    its name."""

    name: object
    you: bool = False

    def __format__(self, spec: str) -> str:
        return format(str(self.name), spec)

    def __str__(self) -> str:
        return str(self.name)

    def to_json(self) -> dict:
        return {"player": {"name": param_to_json(self.name), "you": self.you}}


def seated(names, seat=None) -> tuple:
    """The players at a table named ``names``, the one at ``seat`` (None: nobody, as in a
    transcript of computer players) being the reader."""
    return tuple(Player(name, p == seat) for p, name in enumerate(names))


def _addressed_forms() -> dict:
    """Message code -> (the code of its form for the reader, the parameter that names them)."""
    forms = {}
    for code in ENGLISH:
        base = code[:-len("_you")]
        if code.endswith("_you") and base in ENGLISH:
            left_out = placeholders(ENGLISH[base]) - placeholders(ENGLISH[code])
            if len(left_out) == 1:
                forms[base] = (code, left_out.pop())
    return forms


def placeholders(template) -> set[str]:
    """The names a template fills in (``{card}`` -> ``card``); of a counted message's
    forms, every name any form fills in."""
    if isinstance(template, tuple):
        return set().union(*(placeholders(form) for form in template))
    return {name for _, name, _, _ in Formatter().parse(template) if name}


_ADDRESSED: dict = {}


def addressed(code: str, params: dict) -> str:
    """The code to say: ``code``, or its form for the reader (``code + "_you"``) when the
    player it names is the reader (see :class:`Player`). The one place the person is chosen."""
    if not _ADDRESSED:
        _ADDRESSED.update(_addressed_forms())
    form = _ADDRESSED.get(code)
    if form is not None:
        player = params.get(form[1])
        if isinstance(player, Player) and player.you:
            return form[0]
    return code


class Reasons(tuple):
    """Several reasons as one parameter of a sentence ("You can't ... now: {why}"):
    said one per line (or joined by ``joiner``), in the language in use; ``run_on`` starts
    the first with a small letter, for a sentence that goes on after a colon."""

    run_on = False
    joiner = "\n"

    def __new__(cls, reasons=(), run_on: bool = False, joiner: str = "\n"):
        made = super().__new__(cls, reasons)
        made.run_on, made.joiner = run_on, joiner
        return made

    def __format__(self, spec: str) -> str:
        text = self.joiner.join(r.text() for r in self)
        if self.run_on and text[:2].isalpha() and text[1].islower():
            text = text[0].lower() + text[1:]
        return format(text, spec)

    def __str__(self) -> str:
        return format(self, "")


#: Readers of the other words a parameter may be (rummy_teach.quiz.words registers a game's
#: name, a contract, a joined list): the key that marks the stored form -> its reader. Such
#: an object writes itself with its own ``to_json()``.
READERS: dict = {"percent": lambda stored: Percent(stored["percent"]),
                  "signed": lambda stored: Signed(stored["signed"])}


def param_to_json(value):
    """A parameter's stored form, the one form of every stored sentence: a nested Reason is
    ``{"reason": {"code", "params"}}``, several ``{"reasons": [...]}``, a dict ``{"dict"}``."""
    if isinstance(value, Reasons):
        return {"reasons": [r.to_json() for r in value], "run_on": value.run_on,
                "joiner": value.joiner}
    if isinstance(value, Reason):
        return {"reason": value.to_json()}
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [param_to_json(v) for v in value]
    if isinstance(value, dict):
        return {"dict": {k: param_to_json(v) for k, v in value.items()}}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)       # cards, actions: their notation, which reads the same in every language


def param_from_json(value):
    """A parameter from its stored form. A nested reason stored bare, ``{"code", "params"}``
    (how quiz files and the classroom store kept it before the two forms became one), is
    read too. A dict of none of these forms is not a stored sentence: ValueError."""
    if isinstance(value, list):
        return [param_from_json(v) for v in value]
    if isinstance(value, dict):
        if "reason" in value:
            return Reason.from_json(value["reason"])
        if "reasons" in value:
            return Reasons((Reason.from_json(r) for r in value["reasons"]), value.get("run_on", False),
                           value.get("joiner", "\n"))
        if "dict" in value:
            return {k: param_from_json(v) for k, v in value["dict"].items()}
        if "code" in value:
            return Reason.from_json(value)
        if "player" in value:
            return Player(param_from_json(value["player"]["name"]), bool(value["player"].get("you")))
        for key, read in READERS.items():
            if key in value:
                return read(value)
        raise ValueError(f"not a stored sentence: {sorted(value)}")
    return value


class Verdict:
    """What every judgement shares (a meld check, a move verdict): ``ok`` and its
    ``reasons``; the boolean, the codes and the words are read from them."""

    ok: bool
    reasons: tuple[Reason, ...]

    def __bool__(self) -> bool:
        return self.ok

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(r.code for r in self.reasons)

    def explain(self) -> str:
        """Every reason in words, one line each."""
        return "\n".join(r.text() for r in self.reasons)
