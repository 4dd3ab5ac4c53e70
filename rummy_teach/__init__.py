"""rummy_teach: learn Basic Rummy, Rummy 500 and Contract Rummy.

The engine (cards, melds, rule sets, scoring, the solver and game play) is pure
standard-library Python, so it also runs in a browser Python. Rendering, widgets,
quizzes and the classroom are layers on top of it.
"""

from .cards import Card, cards_text, make_deck, number_copies, parse_cards, shuffled
from .contracts import Contract
from .errors import (IllegalMeldError, IllegalMoveError, ImpossiblePositionError, NotationError,
                     RuleOptionError, RummyError)
from .melds import Meld, MeldCheck
from .reasons import Reason
from .rules import RuleSet, get_rules, rule_set_names

__all__ = [
    "Card", "parse_cards", "cards_text", "make_deck", "number_copies", "shuffled",
    "Contract", "Meld", "MeldCheck", "Reason", "RuleSet", "get_rules", "rule_set_names",
    "RummyError", "NotationError", "IllegalMeldError", "IllegalMoveError", "ImpossiblePositionError",
    "RuleOptionError",
]
__version__ = "0.1.0"

# RUMMY_TEACH_LANG=it|nl makes everything the package says Italian or Dutch from the first
# import (the book's editions execute their lessons so; see rummy_teach/i18n.py)
import os as _os  # noqa: E402

if _os.environ.get("RUMMY_TEACH_LANG"):
    from .i18n import speak_environment_language as _speak_environment_language

    _speak_environment_language()
