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
        {"id": "basic-opponent-cards", "kind": "points", "cards": "KC QD 9S AC",
         "rule": "cards left in hand: K Q J 10 count 10, A 1, others face value (" + _THIRTY + ")"},
        {"id": "basic-eights-lay-off", "kind": "lay_off", "meld": "8S 8H 8D", "cards": "8C 9S 7D",
         "rule": "a set takes the fourth card of its rank later (" + _TABLE + ")"},
        {"id": "basic-four-eights-lay-off", "kind": "lay_off", "meld": "8S 8H 8D 8C", "cards": "9C 7S",
         "rule": "a set never gets a fifth card: one deck holds four of each rank (" + _TABLE + ")"},
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
        {"id": "basic-two-player-hand-melds", "kind": "arrange",
         "cards": "8S 8H 8D 4H 5H 6H 7H 2C 9D KS JC",
         "rule": "fewest deadwood points in Basic Rummy (" + _THIRTY + ")"},
        {"id": "basic-aces-points", "kind": "points", "cards": "AS AH 5D JC",
         "rule": "an ace left in hand counts 1 in Basic Rummy"},
        {"id": "basic-two-player-hand", "kind": "hand_winner",
         "players": {"You": "", "Opponent": "KC QD 9S AC"}, "rummy": False,
         "rule": "whoever goes out scores the opponents' cards (" + _THIRTY + ")"},
        {"id": "basic-three-players", "kind": "hand_winner",
         "players": {"Ann": "AS 4C", "Ben": "", "Cleo": "QH QS 2D"}, "rummy": False},
        # --- play: deal sizes, the stock running out, the turn, the end of the game ---
        {"id": "basic-deal-two", "kind": "deal", "players": 2, "difficulty": "easy"},
        {"id": "basic-deal-four", "kind": "deal", "players": 4, "difficulty": "easy"},
        {"id": "basic-deal-five", "kind": "deal", "players": 5, "difficulty": "medium"},
        {"id": "basic-refill-1st", "kind": "stock_out", "times": 1, "difficulty": "medium"},
        {"id": "basic-refill-3rd", "kind": "stock_out", "times": 3, "difficulty": "hard",
         "rule": "the third time the stock runs out the hand is void (the void hand)"},
        {"id": "basic-draw-first", "kind": "move", "difficulty": "easy",
         "hands": ["8S 8H 8D 4C 9D JC 2H", "2S 3S 5D 6D KH QC 7C"], "discard": "AD", "stock": "5C 10H",
         "action": "meld 8S 8H 8D", "teach": "teach_draw_first",
         "rule": "a turn begins with a draw"},
        {"id": "basic-take-two-deep", "kind": "move", "difficulty": "medium",
         "hands": ["8S 8H 4C 9D JC 2H 3C", "2S 3S 5D 6D KH QC 7C"], "discard": "8D 7H", "stock": "5C 10H",
         "action": "take 2", "teach": "teach_top_only",
         "rule": "only the top discard may be taken in Basic Rummy"},
        {"id": "basic-go-out-by-discard", "kind": "move", "difficulty": "medium",
         "hands": ["7H 8H 9H 4C", "2S 3S 5D 6D KH QC 7C"], "discard": "AD", "stock": "10H 5C",
         "before": ["draw", "meld 7H 8H 9H 10H"], "action": "discard 4C", "teach": "teach_go_out",
         "rule": "going out: the last card may be discarded"},
        {"id": "basic-two-player-hand-one-turn", "kind": "hand_winner",
         "players": {"You": "", "Opponent": "KC QD 9S AC"}, "rummy": True,
         "rule": "a rummy doubles the hand score (" + _THIRTY + ")"},
        {"id": "basic-game-end-highest", "kind": "game_end", "totals": [105, 120], "difficulty": "medium",
         "rule": "if two pass the target in the same hand, the higher total wins"},
        {"id": "basic-game-end-tie", "kind": "game_end", "totals": [110, 110, 60], "difficulty": "hard",
         "rule": "an exact tie at the top means another hand"},
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
        {"id": "500-jqka", "kind": "meld", "cards": "JS QS KS AS", "difficulty": "easy"},
        # --- play: deal sizes and decks, digging, lay-offs, the end of a hand and a game ---
        {"id": "500-deal-two", "kind": "deal", "players": 2, "difficulty": "easy"},
        {"id": "500-deal-four", "kind": "deal", "players": 4, "difficulty": "easy"},
        {"id": "500-deal-six", "kind": "deal", "players": 6, "difficulty": "medium",
         "rule": "five or more players use two decks"},
        {"id": "500-refill", "kind": "stock_out", "times": 1, "difficulty": "medium"},
        {"id": "500-dig-useless", "kind": "move", "difficulty": "medium", "hands": ["QH QD 7D KS KH", "JC JD JS 8D"], "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S", "table": [[1, "4D 5D 6D"]],
         "action": "take 2", "teach": "teach_dig", "rule": "digging: the card taken must be used at once"},
        {"id": "500-dig-bottom", "kind": "move", "difficulty": "medium", "hands": ["QH QD 7D KS KH", "JC JD JS 8D"], "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S", "table": [[1, "4D 5D 6D"]],
         "action": "take 5", "teach": "teach_dig", "rule": "digging: the card taken must be used at once"},
        {"id": "500-dig-queen", "kind": "move", "difficulty": "medium", "hands": ["QH QD 7D KS KH", "JC JD JS 8D"], "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S", "table": [[1, "4D 5D 6D"]],
         "action": "take 4", "teach": "teach_dig", "rule": "digging: any card of the pile, with all above it"},
        {"id": "500-dig-comes-along", "kind": "who_gets", "difficulty": "hard", "hands": ["QH QD 7D KS KH", "JC JD JS 8D"], "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S", "table": [[1, "4D 5D 6D"]],
         "before": ["take 4"], "card": "8C", "teach": "teach_dig",
         "rule": "digging: the cards above the chosen one come to your hand"},
        {"id": "500-must-use", "kind": "move", "difficulty": "hard", "hands": ["QH QD 7D KS KH", "JC JD JS 8D"], "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S", "table": [[1, "4D 5D 6D"]],
         "before": ["take 4"], "action": "discard 9C", "teach": "teach_must_use",
         "rule": "the must-use card goes on the table before the discard"},
        {"id": "500-lay-off-on-opponent", "kind": "move", "difficulty": "medium", "hands": ["QH QD 7D KS KH", "JC JD JS 8D"], "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S", "table": [[1, "4D 5D 6D"]],
         "before": ["take 4", "meld QS QH QD"], "action": "layoff 7D on 1", "teach": "teach_layoff_any_meld",
         "rule": "a lay-off on an opponent's meld scores for you"},
        {"id": "500-game-end-highest", "kind": "game_end", "totals": [520, 540, 300], "difficulty": "medium",
         "rule": "if several reach 500 in the same hand, the highest total wins"},
        {"id": "500-game-end-tie", "kind": "game_end", "totals": [510, 510, 200], "difficulty": "hard",
         "rule": "an exact tie at the top means another hand",
         "note": "Decision: the sources are silent on an exact tie; this book plays another hand."},
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
         "cards": "AH 2H 3H 4H 5C 6C 7C 8C 9C JS QS KS AS",
         "rule": "hand 7: after the draw all 13 cards go down as three runs (" + _LADDER + ")"},
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
        # --- play: deal sizes and decks, buying, lay-off timing, the stock, the end ---
        {"id": "contract-deal-hand-1", "kind": "deal", "players": 4, "hand": 1, "difficulty": "easy"},
        {"id": "contract-deal-hand-5", "kind": "deal", "players": 5, "hand": 5, "difficulty": "easy"},
        {"id": "contract-deal-seven-players", "kind": "deal", "players": 7, "hand": 1, "difficulty": "medium",
         "rule": "7 or 8 players: three decks and six jokers"},
        {"id": "contract-refill", "kind": "stock_out", "times": 1, "difficulty": "medium",
         "note": "Decision: the sources are silent; the discard pile but its top card is shuffled into a new stock."},
        {"id": "contract-first-refusal", "kind": "who_gets", "difficulty": "medium", "hands": ["8S 8H 8D KC KD KS 2C 5D 9H 4C", "3H 4H 6S 7S 9C 10C QH 2S 6D 7D", "3C 4D 6C 7H 9S 10D JH 2H 3S 4S"], "discard": "QC", "stock": "8C 10S QS QD 5D#2 6H 7C 9D AS AD KH", "table": [[1, "5H 5S 5C"], [1, "JD JS JC"]], "hand": 1,
         "before": ["draw", "buy", "pass"], "card": "QC", "teach": "teach_first_refusal",
         "rule": "first refusal: the player to move decides before anyone may buy"},
        {"id": "contract-buy-penalty", "kind": "who_gets", "difficulty": "medium", "hands": ["8S 8H 8D KC KD KS 2C 5D 9H 4C", "3H 4H 6S 7S 9C 10C QH 2S 6D 7D", "3C 4D 6C 7H 9S 10D JH 2H 3S 4S"], "discard": "QC", "stock": "8C 10S QS QD 5D#2 6H 7C 9D AS AD KH", "table": [[1, "5H 5S 5C"], [1, "JD JS JC"]], "hand": 1,
         "before": ["draw", "pass", "buy"], "card": "QC", "teach": "teach_buy",
         "rule": "buying: the discard and one penalty card from the stock"},
        {"id": "contract-buy-order", "kind": "who_gets", "difficulty": "hard", "hands": ["8S 8H 8D KC KD KS 2C 5D 9H 4C", "3H 4H 6S 7S 9C 10C QH 2S 6D 7D", "3C 4D 6C 7H 9S 10D JH 2H 3S 4S"], "discard": "QC", "stock": "8C 10S QS QD 5D#2 6H 7C 9D AS AD KH", "table": [[1, "5H 5S 5C"], [1, "JD JS JC"]], "hand": 1,
         "before": ["draw", "buy", "buy"], "card": "QC", "teach": "teach_buy_order",
         "rule": "two players buy: the nearer in turn order gets the card",
         "note": "Decision: the sources are silent; the first player in turn order after the player to move gets it."},
        {"id": "contract-lay-off-too-early", "kind": "move", "difficulty": "medium", "hands": ["8S 8H 8D KC KD KS 2C 5D 9H 4C", "3H 4H 6S 7S 9C 10C QH 2S 6D 7D", "3C 4D 6C 7H 9S 10D JH 2H 3S 4S"], "discard": "QC", "stock": "8C 10S QS QD 5D#2 6H 7C 9D AS AD KH", "table": [[1, "5H 5S 5C"], [1, "JD JS JC"]], "hand": 1,
         "before": ["draw", "pass", "pass"], "action": "layoff 5D on 1", "teach": "teach_contract_layoff",
         "rule": "lay-offs only after your own contract is down"},
        {"id": "contract-lay-off-same-turn", "kind": "move", "difficulty": "hard", "hands": ["8S 8H 8D KC KD KS 2C 5D 9H 4C", "3H 4H 6S 7S 9C 10C QH 2S 6D 7D", "3C 4D 6C 7H 9S 10D JH 2H 3S 4S"], "discard": "QC", "stock": "8C 10S QS QD 5D#2 6H 7C 9D AS AD KH", "table": [[1, "5H 5S 5C"], [1, "JD JS JC"]], "hand": 1,
         "before": ["draw", "pass", "pass", "meld 8S 8H 8D | KC KD KS"], "action": "layoff 5D on 1",
         "teach": "teach_contract_layoff", "rule": "no lay-offs in the turn the contract goes down"},
        {"id": "contract-lay-off-next-turn", "kind": "move", "difficulty": "hard", "hands": ["8S 8H 8D KC KD KS 2C 5D 9H 4C", "3H 4H 6S 7S 9C 10C QH 2S 6D 7D", "3C 4D 6C 7H 9S 10D JH 2H 3S 4S"], "discard": "QC", "stock": "8C 10S QS QD 5D#2 6H 7C 9D AS AD KH", "table": [[1, "5H 5S 5C"], [1, "JD JS JC"]], "hand": 1,
         "before": ["draw", "pass", "pass", "meld 8S 8H 8D | KC KD KS", "discard 2C", "draw", "pass",
                    "discard 3H", "draw", "pass", "discard 3C", "draw", "pass"],
         "action": "layoff 5D on 1", "teach": "teach_contract_layoff",
         "rule": "from the turn after your contract, lay off on any meld"},
        {"id": "contract-game-end-lowest", "kind": "game_end", "totals": [80, 95, 130], "last": [0, 15, 40],
         "difficulty": "easy", "rule": "the lowest total after hand 7 wins"},
        {"id": "contract-game-end-tie", "kind": "game_end", "totals": [120, 100, 100], "last": [0, 65, 60],
         "difficulty": "hard", "rule": "a tie is broken by the lower score in hand 7"},
        {"id": "contract-game-end-shared", "kind": "game_end", "totals": [120, 100, 100], "last": [0, 60, 60],
         "difficulty": "hard", "rule": "still level after hand 7: the win is shared"},
    ],
}

# How hard a question is, where its entry does not say: recognising one meld or counting
# cards is easy; judging a lay-off, a contract or a whole hand takes more; finding the
# best arrangement is the hardest. Questions about play set their own.
KIND_DIFFICULTY = {"meld": "easy", "points": "easy", "deal": "easy", "which_melds": "medium",
                   "lay_off": "medium", "discard": "medium", "contract": "medium",
                   "hand_winner": "medium", "score": "medium", "arrange": "hard"}


def _rated(bank: dict) -> dict:
    for question in bank["questions"]:
        question.setdefault("difficulty", KIND_DIFFICULTY.get(question["kind"], "medium"))
    return bank


BANKS = {"basic": _rated(BASIC), "500": _rated(R500), "contract": _rated(CONTRACT)}


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
