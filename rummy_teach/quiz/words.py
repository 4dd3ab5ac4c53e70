"""A question's words, said in the language in use when they are read.

A question keeps what it says as catalogue codes with neutral parameters (cards,
numbers, names, other codes), never as sentences: a :class:`~rummy_teach.reasons.Reason`
whose parameters may themselves be Reasons, a :class:`Joined` list of them, or a
:class:`GameName`. Each turns into words only when it is formatted, so the same
question reads in Italian inside ``with i18n.language("it")`` and in Dutch inside
``with i18n.language("nl")``.

A question's rule and note are also *stored* (with each classroom answer, in quiz
files): :func:`encode` turns them into a language-neutral text (a bare code, or JSON
of codes and parameters) and :func:`decode` reads that back; a text that is neither
(a teacher's own rule in a quiz file, an answer stored before issue 16) stays as it
was written.
"""

from __future__ import annotations

import json

from ..reasons import ENGLISH, READERS, Player, Reason, param_from_json, param_to_json


class Joined:
    """Several words objects said one after another with ``sep`` between them."""

    def __init__(self, items, sep: str = ", "):
        self.items = tuple(items)
        self.sep = sep

    def __str__(self) -> str:
        return self.sep.join(str(item) for item in self.items)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __bool__(self) -> bool:
        return bool(self.items)

    def to_json(self) -> dict:
        return {"join": self.sep, "items": [param_to_json(v) for v in self.items]}


class GameName:
    """A game's title in the language in use (the rule set's title, catalogue code ``game_<name>``)."""

    def __init__(self, rules):
        self.rules = rules

    def __str__(self) -> str:
        return self.rules.title

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def to_json(self) -> dict:
        return {"game": self.rules.name}


class ContractWords:
    """Hand N's contract of a game, said by the engine's :class:`~rummy_teach.contracts.Contract`
    in the language in use ("due tris di 3"; its notation, "two sets of 3", is English)."""

    def __init__(self, rules, hand: int):
        self.rules, self.hand = rules, int(hand)

    def __str__(self) -> str:
        return self.rules.contract_hand(self.hand).contract.words().text()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def to_json(self) -> dict:
        return {"contract": self.rules.name, "hand": self.hand}


def line(code: str, **params) -> Reason:
    """A sentence by code (the quiz's shorthand for ``Reason(code, params)``)."""
    return Reason(code, params)


def text(words) -> str:
    """The words in the language in use ("" for nothing)."""
    return "" if words is None else str(words)


# --- stored form ------------------------------------------------------------------------
# One form for every stored sentence: Reason.to_json's (rummy_teach/reasons.py), with the
# words of this module as parameters that write themselves (``to_json``) and are read back
# by the readers registered below. Rules and notes stored before the two forms became one
# (a nested reason as a bare ``{"code", "params"}``) are read by the same reader.

def _read_joined(value):
    return Joined((param_from_json(v) for v in value.get("items", ())), value["join"])


def _read_game(value):
    from ..rules import get_rules

    return GameName(get_rules(value["game"]))


def _read_contract(value):
    from ..rules import get_rules

    return ContractWords(get_rules(value["contract"]), value.get("hand", 1))


READERS.update({"join": _read_joined, "game": _read_game, "contract": _read_contract})


#: the codes a stored rule, note or title may be by itself (a teacher's rule "gap" stays text)
STORED_PREFIXES = ("quizrule_", "quiznote_", "quizbank_", "quizbanknote_", "quiz_")


def encode(words) -> str:
    """The stored, language-neutral form of a rule or note ("" for none)."""
    if words is None or isinstance(words, str):
        return words or ""
    if isinstance(words, Reason) and not words.params:
        return words.code
    data = words.to_json() if isinstance(words, Reason) else param_to_json(words)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def decode(stored):
    """Words from a stored rule or note: a code, JSON of codes, or a person's own text."""
    if not stored or not isinstance(stored, str):
        return stored or ""
    if stored in ENGLISH and stored.startswith(STORED_PREFIXES):
        return Reason(stored)
    if stored.startswith("{"):
        try:
            words = param_from_json(json.loads(stored))
            str(words)                      # every code known, every parameter there
            return words
        except Exception:  # not ours after all: a person's own text
            return stored
    return stored


def said(stored) -> str:
    """A stored rule or note in the language in use."""
    return text(decode(stored))


# --- players in the built-in banks ----------------------------------------------------

#: Player names of the banks that are words, not names: shown in the reader's language,
#: and what a learner types is read in any language.
PLAYER_WORDS = {"You": "quiz_player_you", "Opponent": "quiz_player_opponent"}


def player(name: str) -> str:
    """A player's name as shown: "You" and "Opponent" in the language in use."""
    code = PLAYER_WORDS.get(name)
    return Reason(code).text() if code else name


def named(name: str) -> Player:
    """A bank's player as a sentence names them: "You" is the reader, so sentences about
    them are said to them ("You went out", "Hai chiuso", "Je bent uitgegaan"); their name,
    and "Opponent", in the language in use (see :class:`~rummy_teach.reasons.Player`)."""
    code = PLAYER_WORDS.get(name)
    return Player(Reason(code) if code else name, you=str(name).lower() == "you")


def player_aliases(names) -> dict:
    """Every language's word for the word-named players among ``names`` (lower case -> name)."""
    from .. import i18n

    found = {}
    for name in names:
        code = PLAYER_WORDS.get(name)
        if code:
            for lang in i18n.LANGUAGES:
                found[i18n.catalogue(lang).get(code, ENGLISH[code]).lower()] = name
    return found


def every_language(*codes) -> set:
    """What ``codes`` say in every language rummy_teach speaks, lower case (for reading answers)."""
    from .. import i18n

    words = set()
    for lang in i18n.LANGUAGES:
        table = i18n.catalogue(lang)
        for code in codes:
            words.add(table.get(code, ENGLISH[code]).lower())
    return words
