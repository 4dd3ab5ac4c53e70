"""The one family of errors rummy_teach raises.

Every error a learner, a teacher or a calling program can cause derives from
:class:`RummyError`, so ``except RummyError`` catches them all and nothing else.
Messages quote the input and say what would have been accepted.

An error a learner reads is raised with a :class:`~rummy_teach.reasons.Reason` as its
message (a catalogue code and neutral parameters): ``str(error)`` then says it in the
language in use at the moment it is shown, and ``error.reason`` keeps the code for
programs. Errors only a programmer meets (a wrong argument type, an inconsistent rule
set) keep an English message.
"""

from __future__ import annotations


class RummyError(ValueError):
    """Base class of every error caused by bad input or a forbidden action."""

    @property
    def reason(self):
        """The catalogue :class:`~rummy_teach.reasons.Reason` this error says, or None."""
        from .reasons import Reason

        first = self.args[0] if self.args else None
        return first if isinstance(first, Reason) else None


class NotationError(RummyError):
    """Text that cannot be read as a card, a list of cards, an action or a contract."""


class IllegalMeldError(RummyError):
    """Cards that are not a legal meld where a legal meld is required.

    ``reasons`` holds the engine's :class:`~rummy_teach.reasons.Reason` values.
    """

    def __init__(self, message: str, reasons: tuple = ()):
        super().__init__(message)
        self.reasons = tuple(reasons)


class IllegalMoveError(RummyError):
    """A well-formed action that the rules forbid at this moment of the game.

    The game it was tried on is left exactly as it was. ``verdict`` is the judge's
    :class:`~rummy_teach.game.judge.MoveVerdict` and ``reasons`` its reasons (stable
    codes with parameters, see :mod:`rummy_teach.reasons`).
    """

    def __init__(self, message: str, reasons: tuple = (), verdict=None):
        super().__init__(message)
        self.reasons = tuple(reasons)
        self.verdict = verdict

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(r.code for r in self.reasons)


class ImpossiblePositionError(RummyError):
    """A scripted position that no real game can reach (a hand too big for the deal, a
    partial contract on the table, a fourth buy...). ``reasons`` holds every reason found
    (see :mod:`rummy_teach.game.position`)."""

    def __init__(self, message, reasons: tuple = ()):
        super().__init__(message)
        self.reasons = tuple(reasons)


class NoSuchCardError(RummyError):
    """Cards that cannot all be in one game at once: a card its decks do not hold (a joker
    where the game plays none, a third copy with two decks), or one physical card twice."""


class RuleOptionError(RummyError):
    """An unknown rule set, an unknown option, or options that contradict each other."""


class UsageError(RummyError):
    """A value a public call does not accept: a level, a seat, a step, a question's data,
    a table view. The message names the value and what is accepted."""
