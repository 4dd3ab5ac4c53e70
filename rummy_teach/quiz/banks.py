"""The fixed question banks: every situation and worked example of RULES.md, per game.

The banks are written in the teacher's file format (plain dicts, no answers) and
read through it, so they double as examples of that format. Each names the rule it
tests in RULES.md's terms; where a decision of RULES.md settles a question, the
question's note says so.
"""

from __future__ import annotations

from ..errors import RuleOptionError
from ..rules import get_rules
from .fileformat import FORMAT

_TABLE = "the source's table of situations"
_THIRTY = "the 30-point two-player hand"

BASIC = {
    "format": FORMAT,
    "title": "Basic Rummy: the rule book's situations",
    "description": "The source's table of situations, the 30-point hand, and the run rules "
                   "(ace low only, no wrap-around).",
    "game": "basic",
    "questions": [
        {"id": "basic-eights", "kind": "meld", "cards": "8S 8H 8D",
         "rule": "a set is 3 or 4 cards of one rank (" + _TABLE + ")"},
        {"id": "basic-eights-lay-off", "kind": "lay_off", "meld": "8S 8H 8D", "cards": "8C 9S 7D",
         "rule": "a set takes the fourth card of its rank later (" + _TABLE + ")"},
        {"id": "basic-four-eights-lay-off", "kind": "lay_off", "meld": "8S 8H 8D 8C", "cards": "8S 9C",
         "rule": "a set never gets a fifth card (" + _TABLE + ")"},
        {"id": "basic-hearts-4-7", "kind": "meld", "cards": "4H 5H 6H 7H",
         "rule": "a run is 3 or more cards of one suit in sequence (" + _TABLE + ")"},
        {"id": "basic-hearts-4-7-lay-off", "kind": "lay_off", "meld": "4H 5H 6H 7H",
         "cards": "3H 8H 9H 4S", "rule": "a run grows at both ends (" + _TABLE + ")"},
        {"id": "basic-hearts-10-k-lay-off", "kind": "lay_off", "meld": "10H JH QH KH", "cards": "AH 9H",
         "rule": "ace low only in Basic Rummy: a run never goes past the K (" + _TABLE + ")"},
        {"id": "basic-hearts-2-4-lay-off", "kind": "lay_off", "meld": "2H 3H 4H", "cards": "AH KH 5H",
         "rule": "ace low only in Basic Rummy: the ace goes below the 2"},
        {"id": "basic-qka", "kind": "meld", "cards": "QH KH AH",
         "rule": "ace low only in Basic Rummy: Q-K-A is not a run (" + _TABLE + ")"},
        {"id": "basic-ka2", "kind": "meld", "cards": "KH AH 2H",
         "rule": "a run never turns the corner K-A-2"},
        {"id": "basic-a23", "kind": "meld", "cards": "AH 2H 3H", "rule": "ace low (A-2-3) in every game"},
        {"id": "basic-spades-5-6-8", "kind": "meld", "cards": "5S 6S 8S"},
        {"id": "basic-5-6-7-two-suits", "kind": "meld", "cards": "5S 6H 7S"},
        {"id": "basic-which-melds", "kind": "which_melds",
         "groups": ["8S 8H 8D", "QH KH AH", "AH 2H 3H", "KC AC 2C", "9D 9C"]},
        {"id": "basic-taken-king", "kind": "discard", "taken": "KC", "cards": "KC 5D 7S",
         "rule": "a card taken from the discard pile may not be discarded the same turn (" + _TABLE + ")"},
        {"id": "basic-taken-king-alone", "kind": "discard", "taken": "KC", "cards": "KC",
         "rule": "...unless it is your last card (" + _TABLE + ")"},
        {"id": "basic-opponent-cards", "kind": "points", "cards": "KC QD 9S AC",
         "rule": "cards left in hand: K Q J 10 count 10, A 1, others face value (" + _THIRTY + ")"},
        {"id": "basic-two-player-hand", "kind": "hand_winner",
         "players": {"You": "", "Opponent": "KC QD 9S AC"}, "rummy": False,
         "rule": "whoever goes out scores the opponents' cards (" + _THIRTY + ")"},
        {"id": "basic-two-player-hand-one-turn", "kind": "hand_winner",
         "players": {"You": "", "Opponent": "KC QD 9S AC"}, "rummy": True,
         "rule": "a rummy doubles the hand score (" + _THIRTY + ")"},
        {"id": "basic-two-player-hand-melds", "kind": "arrange",
         "cards": "8S 8H 8D 4H 5H 6H 7H 2C 9D KS JC",
         "rule": "fewest deadwood points in Basic Rummy (" + _THIRTY + ")"},
        {"id": "basic-aces-points", "kind": "points", "cards": "AS AH 5D JC",
         "rule": "an ace left in hand counts 1 in Basic Rummy"},
        {"id": "basic-three-players", "kind": "hand_winner",
         "players": {"Ann": "AS 4C", "Ben": "", "Cleo": "QH QS 2D"}, "rummy": False},
    ],
}

R500 = {
    "format": FORMAT,
    "title": "Rummy 500: aces high and low, and what a hand scores",
    "description": "Q-K-A and A-2-3 but never K-A-2; the ace worth 15 or 1; melded minus deadwood.",
    "game": "500",
    "questions": [
        {"id": "500-qka", "kind": "meld", "cards": "QH KH AH", "rule": "ace high allowed in Rummy 500 (Q-K-A)"},
        {"id": "500-a23", "kind": "meld", "cards": "AH 2H 3H", "rule": "ace low (A-2-3) in every game"},
        {"id": "500-ka2", "kind": "meld", "cards": "KH AH 2H", "rule": "a run never turns the corner K-A-2"},
        {"id": "500-qka2", "kind": "meld", "cards": "QS KS AS 2S"},
        {"id": "500-three-aces", "kind": "meld", "cards": "AS AH AD"},
        {"id": "500-which-melds", "kind": "which_melds",
         "groups": ["QS KS AS", "KS AS 2S", "AS 2S 3S", "AS AH AC AD"]},
        {"id": "500-qka-score", "kind": "score", "melds": ["QH KH AH"], "hand": "",
         "rule": "an ace used high scores 15 (ace 15 vs 1 in Rummy 500)"},
        {"id": "500-a23-score", "kind": "score", "melds": ["AH 2H 3H"], "hand": "",
         "rule": "an ace used low scores 1 (ace 15 vs 1 in Rummy 500)"},
        {"id": "500-aces-score", "kind": "score", "melds": ["AS AH AD"], "hand": "7C",
         "rule": "aces in a set count high, 15 each (ace 15 vs 1 in Rummy 500)"},
        {"id": "500-ace-7-points", "kind": "points", "cards": "AC 7D"},
        {"id": "500-clubs-score", "kind": "score", "melds": ["4C 5C 6C"], "hand": "AS KD QH",
         "rule": "a Rummy 500 hand score can be negative"},
        {"id": "500-score-with-lay-off", "kind": "score", "melds": ["9S 9H 9D"],
         "laid_off": [{"card": "AH", "on": "JH QH KH"}], "hand": "3C",
         "rule": "a laid-off card scores for whoever laid it off"},
        {"id": "500-jqk-lay-off", "kind": "lay_off", "meld": "JH QH KH", "cards": "AH 10H AS",
         "rule": "ace high allowed in Rummy 500 (Q-K-A)"},
        {"id": "500-a23-lay-off", "kind": "lay_off", "meld": "AH 2H 3H", "cards": "KH 4H",
         "rule": "a run never turns the corner K-A-2"},
        {"id": "500-two-deck-eights", "kind": "meld", "cards": "8S 8S#2 8H",
         "rule": "with two decks (5 or more players) a set may hold two copies of a card"},
        {"id": "500-two-deck-eights-lay-off", "kind": "lay_off", "meld": "8S 8H 8D 8C", "cards": "8S#2",
         "rule": "a set has at most 4 cards in Rummy 500, even with two decks"},
        {"id": "500-arrange", "kind": "arrange", "cards": "QH KH AH 2H 3H AS AD 9C",
         "rule": "Rummy 500: meld so that melded minus deadwood is highest (ace 15 vs 1)"},
    ],
}

_LADDER = "the contract ladder"
CONTRACT = {
    "format": FORMAT,
    "title": "Contract Rummy: the seven contracts, jokers and long runs",
    "description": "The contract ladder hand by hand, runs of 4, aces at either end, jokers, "
                   "two-deck sets and penalty points.",
    "game": "contract",
    "questions": [
        {"id": "contract-hand-1-a", "kind": "contract", "hand": 1, "cards": "8S 8H 8D KC KD KS 2C 5D 9H JS 4C",
         "rule": "hand 1: two sets of 3 (" + _LADDER + ")"},
        {"id": "contract-hand-1-b", "kind": "contract", "hand": 1,
         "cards": "8S 8H 8D KC KD JK 2C 5D 9H JS 4D", "rule": "a joker completes a set of the contract"},
        {"id": "contract-hand-1-c", "kind": "contract", "hand": 1,
         "cards": "8S 8H 8D 8C KC KD KS 2C 5D 9H 4H"},
        {"id": "contract-hand-2-a", "kind": "contract", "hand": 2, "cards": "7C 7D 7H 3S 4S 5S 6S 9D JC QH 2H",
         "rule": "hand 2: one set of 3 and one run of 4 (" + _LADDER + ")"},
        {"id": "contract-hand-2-b", "kind": "contract", "hand": 2,
         "cards": "7C 7D 7H 3S 4S 5S 9D JC QH KD 2H", "rule": "a run in Contract Rummy needs 4 cards"},
        {"id": "contract-hand-3-a", "kind": "contract", "hand": 3, "cards": "3H 4H 5H 6H 9C 10C JC QC 2D KS 7S",
         "rule": "hand 3: two runs of 4 (" + _LADDER + ")"},
        {"id": "contract-hand-3-b", "kind": "contract", "hand": 3,
         "cards": "3H 4H JK 6H 9C 10C JC QC 2D KS 7S", "rule": "a joker fills the gap in a run"},
        {"id": "contract-hand-3-c", "kind": "contract", "hand": 3,
         "cards": "3H 4H JK 7H 9C 10C JC QC 2D KS 7S", "rule": "one joker fills one gap, not two"},
        {"id": "contract-hand-4", "kind": "contract", "hand": 4, "cards": "2S 2H 2D 6C 6D 6H JS JH JD 9C 4D",
         "rule": "hand 4: three sets of 3 (" + _LADDER + ")"},
        {"id": "contract-hand-5", "kind": "contract", "hand": 5,
         "cards": "4S 4H 4D 9C 9D 9H 5C 6C 7C 8C KD 2S 10H",
         "rule": "hand 5: two sets of 3 and one run of 4 (" + _LADDER + ")"},
        {"id": "contract-hand-6", "kind": "contract", "hand": 6,
         "cards": "QS QH QD 2D 3D 4D 5D 8S 9S 10S JS 3C 6H",
         "rule": "hand 6: one set of 3 and two runs of 4 (" + _LADDER + ")"},
        {"id": "contract-hand-7-a", "kind": "contract", "hand": 7,
         "cards": "AH 2H 3H 4H 5C 6C 7C 8C JS QS KS AS",
         "rule": "hand 7: three runs of 4, the whole hand at once (" + _LADDER + ")"},
        {"id": "contract-hand-7-b", "kind": "contract", "hand": 7,
         "cards": "AH 2H 3H 4H 5C 6C 7C 8C JS QS KS AS 9D",
         "rule": "hand 7: no final discard, every card goes down (" + _LADDER + ")"},
        {"id": "contract-qka", "kind": "meld", "cards": "QH KH AH"},
        {"id": "contract-jqka", "kind": "meld", "cards": "JH QH KH AH",
         "rule": "an ace may end a run high: J-Q-K-A"},
        {"id": "contract-ka23", "kind": "meld", "cards": "KH AH 2H 3H"},
        {"id": "contract-two-deck-eights", "kind": "meld", "cards": "8S 8S#2 8H",
         "rule": "two decks: a set may repeat a card"},
        {"id": "contract-five-eights", "kind": "meld", "cards": "8S 8S#2 8H 8D 8C",
         "rule": "a set is 3 or more cards of one rank in Contract Rummy"},
        {"id": "contract-spades-joker", "kind": "meld", "cards": "5S JK 7S 8S"},
        {"id": "contract-points", "kind": "points", "cards": "JK AS KD 5C 9H",
         "rule": "penalty points: joker 25, A 15, K Q J 10 count 10, others 5"},
        {"id": "contract-spades-lay-off", "kind": "lay_off", "meld": "5S 6S 7S 8S", "cards": "4S 9S JK 8S#2 10S"},
        {"id": "contract-which-melds", "kind": "which_melds",
         "groups": ["8S 8S#2 8H", "QH KH AH", "JH QH KH AH", "JK JK#2 JK#3", "2C 3C 4C JK"]},
        {"id": "contract-arrange", "kind": "arrange", "cards": "7S 7H 7D 4C 5C 6C JK KH KS QD 2D 9S"},
    ],
}

BANKS = {"basic": BASIC, "500": R500, "contract": CONTRACT}


def find_bank(name: str) -> str | None:
    """The bank a name refers to: a bank name or any alias of its game; else None."""
    if name in BANKS:
        return name
    try:
        game = get_rules(name).game
    except (RuleOptionError, TypeError):
        return None
    return game if game in BANKS else None


def builtin_quiz(name: str):
    from .quiz import Quiz

    key = find_bank(name)
    if key is None:
        raise RuleOptionError(f"no built-in quiz {name!r}; built-in quizzes: {', '.join(BANKS)}")
    return Quiz.from_data(BANKS[key], source=f"built-in quiz {key!r}", name=key)
