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


BASIC = {
    "format": FORMAT,
    "title": "quizbank_basic_title",
    "description": "quizbank_basic_description",
    "game": "basic",
    "questions": [
        {"id": "basic-eights", "kind": "meld", "cards": "8S 8H 8D",
         "rule": "quizbank_basic_eights"},
        {"id": "basic-opponent-cards", "kind": "points", "cards": "KC QD 9S AC",
         "rule": "quizbank_basic_opponent_cards"},
        {"id": "basic-eights-lay-off", "kind": "lay_off", "meld": "8S 8H 8D", "cards": "8C 9S 7D",
         "rule": "quizbank_basic_eights_lay_off"},
        # issue 25: the offered cards are refused for their rank, not because the set is full
        # (one deck has no fifth eight to offer), so the engine names the rule
        {"id": "basic-four-eights-lay-off", "kind": "lay_off", "meld": "8S 8H 8D 8C", "cards": "9C 7S"},
        {"id": "basic-hearts-4-7", "kind": "meld", "cards": "4H 5H 6H 7H",
         "rule": "quizbank_basic_hearts_4_7"},
        {"id": "basic-hearts-4-7-lay-off", "kind": "lay_off", "meld": "4H 5H 6H 7H",
         "cards": "3H 8H 9H 4S", "rule": "quizbank_basic_hearts_4_7_lay_off"},
        {"id": "basic-hearts-10-k-lay-off", "kind": "lay_off", "meld": "10H JH QH KH", "cards": "AH 9H",
         "rule": "quizbank_basic_hearts_10_k_lay_off"},
        {"id": "basic-hearts-2-4-lay-off", "kind": "lay_off", "meld": "2H 3H 4H", "cards": "AH KH 5H",
         "rule": "quizbank_basic_hearts_2_4_lay_off"},
        {"id": "basic-qka", "kind": "meld", "cards": "QH KH AH",
         "rule": "quizbank_basic_qka"},
        {"id": "basic-ka2", "kind": "meld", "cards": "KH AH 2H",
         "rule": "quizbank_basic_ka2"},
        {"id": "basic-a23", "kind": "meld", "cards": "AH 2H 3H", "rule": "quizbank_basic_a23"},
        {"id": "basic-spades-5-6-8", "kind": "meld", "cards": "5S 6S 8S"},
        {"id": "basic-5-6-7-two-suits", "kind": "meld", "cards": "5S 6H 7S"},
        {"id": "basic-which-melds", "kind": "which_melds",
         "groups": ["7S 7H 7C", "QS KS AS", "AD 2D 3D", "KC AC 2C", "9D 9C"]},
        {"id": "basic-taken-king", "kind": "discard", "taken": "KC", "cards": "KC 5D 7S",
         "rule": "quizbank_basic_taken_king"},
        {"id": "basic-taken-king-alone", "kind": "discard", "taken": "KC", "cards": "KC",
         "rule": "quizbank_basic_taken_king_alone"},
        {"id": "basic-two-player-hand-melds", "kind": "arrange",
         "cards": "8S 8H 8D 4H 5H 6H 7H 2C 9D KS JC",
         "rule": "quizbank_basic_two_player_hand_melds"},
        {"id": "basic-aces-points", "kind": "points", "cards": "AS AH 5D JC",
         "rule": "quizbank_basic_aces_points"},
        {"id": "basic-two-player-hand", "kind": "hand_winner",
         "players": {"You": "", "Opponent": "KC QD 9S AC"}, "rummy": False,
         "rule": "quizbank_basic_two_player_hand"},
        {"id": "basic-three-players", "kind": "hand_winner",
         "players": {"Ann": "AS 4C", "Ben": "", "Cleo": "QH QS 2D"}, "rummy": False},
        # --- play: deal sizes, the stock running out, the turn, the end of the game ---
        {"id": "basic-deal-two", "kind": "deal", "players": 2, "difficulty": "easy"},
        {"id": "basic-deal-four", "kind": "deal", "players": 4, "difficulty": "easy"},
        {"id": "basic-deal-five", "kind": "deal", "players": 5, "difficulty": "medium"},
        {"id": "basic-refill-1st", "kind": "stock_out", "times": 1, "difficulty": "medium"},
        {"id": "basic-refill-3rd", "kind": "stock_out", "times": 3, "difficulty": "hard",
         "rule": "quizbank_basic_refill_3rd"},
        {"id": "basic-draw-first", "kind": "move", "difficulty": "easy",
         "hands": ["8S 8H 8D 4C 9D JC 2H 3C 6S KD", "2S 3S 5D 6D KH QC 7C 10D JH 4S"],
         "discard": "AD", "stock": "5C 10H ...", "action": "meld 8S 8H 8D", "teach": "teach_draw_first",
         "rule": "quizbank_basic_draw_first"},
        {"id": "basic-take-two-deep", "kind": "move", "difficulty": "medium",
         "hands": ["8S 8H 4C 9D JC 2H 3C 6S KD QS", "2S 3S 5D 6D KH QC 7C 10D JH 4S"],
         "discard": "8D 7H", "stock": "5C 10H ...", "action": "take 2", "teach": "teach_top_only",
         "rule": "quizbank_basic_take_two_deep"},
        {"id": "basic-go-out-by-discard", "kind": "move", "difficulty": "medium",
         "hands": ["7H 8H 9H 4C", "2S 3S 5D 6D KH QC 7C"], "discard": "AD", "stock": "10H 5C ...",
         "table": [[0, "QS QH QD"], [0, "9S 9D 9C"], [1, "JS JH JD"]],
         "before": ["draw", "meld 7H 8H 9H 10H"], "action": "discard 4C", "teach": "teach_go_out",
         "rule": "quizbank_basic_go_out_by_discard"},
        {"id": "basic-two-player-hand-one-turn", "kind": "hand_winner",
         "players": {"You": "", "Opponent": "KC QD 9S AC"}, "rummy": True,
         "rule": "quizbank_basic_two_player_hand_one_turn"},
        # issue 25: only the player who goes out scores, so two players never pass the target
        # in one hand (the old items basic-game-end-highest and basic-game-end-tie could not happen)
        {"id": "basic-game-end-first", "kind": "game_end", "totals": [85, 120], "difficulty": "medium",
         "rule": "quizbank_basic_game_end_first"},
        {"id": "basic-game-end-exactly", "kind": "game_end", "totals": [100, 65, 80], "difficulty": "medium",
         "rule": "quizbank_basic_game_end_exactly"},
        {"id": "basic-game-end-not-yet", "kind": "game_end", "totals": [95, 60, 80], "difficulty": "easy",
         "rule": "quizbank_basic_game_end_not_yet"},
    ],
}

R500 = {
    "format": FORMAT,
    "title": "quizbank_500_title",
    "description": "quizbank_500_description",
    "game": "500",
    "questions": [
        {"id": "500-qka", "kind": "meld", "cards": "QH KH AH", "rule": "quizbank_500_qka"},
        {"id": "500-a23", "kind": "meld", "cards": "AH 2H 3H", "rule": "quizbank_basic_a23"},
        {"id": "500-ka2", "kind": "meld", "cards": "KH AH 2H", "rule": "quizbank_basic_ka2"},
        {"id": "500-qka2", "kind": "meld", "cards": "QS KS AS 2S"},
        {"id": "500-three-aces", "kind": "meld", "cards": "AS AH AD"},
        {"id": "500-which-melds", "kind": "which_melds",
         "groups": ["QS KS AS", "KS AS 2S", "AS 2S 3S", "AS AH AC AD"]},
        # issue 25: a player holds at least the 7 cards dealt (melded, laid off or in hand)
        {"id": "500-qka-score-hand", "kind": "score", "melds": ["QH KH AH", "6S 7S 8S 9S"], "hand": "",
         "rule": "quizbank_500_qka_score"},
        {"id": "500-a23-score-hand", "kind": "score", "melds": ["AH 2H 3H", "9C 9D 9S"], "hand": "5D",
         "rule": "quizbank_500_a23_score"},
        {"id": "500-aces-score-hand", "kind": "score", "melds": ["AS AH AD", "10D JD QD"], "hand": "7C",
         "rule": "quizbank_500_aces_score"},
        {"id": "500-ace-7-points", "kind": "points", "cards": "AC 7D"},
        {"id": "500-clubs-score-hand", "kind": "score", "melds": ["4C 5C 6C"], "hand": "AS KD QH 2D",
         "rule": "quizbank_500_clubs_score"},
        {"id": "500-score-with-lay-off-hand", "kind": "score", "melds": ["9S 9H 9D", "5D 6D 7D"],
         "laid_off": [{"card": "AH", "on": "JH QH KH"}], "hand": "3C",
         "rule": "quizbank_500_score_with_lay_off"},
        {"id": "500-jqk-lay-off", "kind": "lay_off", "meld": "JH QH KH", "cards": "AH 10H AS",
         "rule": "quizbank_500_qka"},
        # issue 25: K♥ is refused because a run grows only at its ends (the engine's reason),
        # so the engine names the rule, not the wrap-around
        {"id": "500-a23-lay-off", "kind": "lay_off", "meld": "AH 2H 3H", "cards": "KH 4H"},
        {"id": "500-two-deck-eights", "kind": "meld", "cards": "8S 8S#2 8H",
         "rule": "quizbank_500_two_deck_eights"},
        {"id": "500-two-deck-eights-lay-off", "kind": "lay_off", "meld": "8S 8H 8D 8C", "cards": "8S#2",
         "rule": "quizbank_500_two_deck_eights_lay_off"},
        {"id": "500-arrange", "kind": "arrange", "cards": "QH KH AH 2H 3H AS AD 9C",
         "rule": "quizbank_500_arrange"},
        {"id": "500-jqka", "kind": "meld", "cards": "JS QS KS AS", "difficulty": "easy"},
        # --- play: deal sizes and decks, digging, lay-offs, the end of a hand and a game ---
        {"id": "500-deal-two", "kind": "deal", "players": 2, "difficulty": "easy"},
        {"id": "500-deal-four", "kind": "deal", "players": 4, "difficulty": "easy"},
        {"id": "500-deal-six", "kind": "deal", "players": 6, "difficulty": "medium",
         "rule": "quizbank_500_deal_six"},
        {"id": "500-refill", "kind": "stock_out", "times": 1, "difficulty": "medium"},
        {"id": "500-dig-useless", "kind": "move", "difficulty": "medium", "hands": ["QH QD 7D KS KH 5C 9H", "JC JD JS 8D", "2C 4H 6S 10D AC 3S 7S"], "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S ...", "table": [[1, "4D 5D 6D"]],
         "action": "take 2", "teach": "teach_dig", "rule": "quizbank_500_dig_useless"},
        {"id": "500-dig-bottom", "kind": "move", "difficulty": "medium", "hands": ["QH QD 7D KS KH 5C 9H", "JC JD JS 8D", "2C 4H 6S 10D AC 3S 7S"], "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S ...", "table": [[1, "4D 5D 6D"]],
         "action": "take 5", "teach": "teach_dig", "rule": "quizbank_500_dig_useless"},
        {"id": "500-dig-queen", "kind": "move", "difficulty": "medium", "hands": ["QH QD 7D KS KH 5C 9H", "JC JD JS 8D", "2C 4H 6S 10D AC 3S 7S"], "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S ...", "table": [[1, "4D 5D 6D"]],
         "action": "take 4", "teach": "teach_dig", "rule": "quizbank_500_dig_queen"},
        {"id": "500-dig-comes-along", "kind": "who_gets", "difficulty": "hard", "hands": ["QH QD 7D KS KH 5C 9H", "JC JD JS 8D", "2C 4H 6S 10D AC 3S 7S"], "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S ...", "table": [[1, "4D 5D 6D"]],
         "before": ["take 4"], "card": "8C", "teach": "teach_dig",
         "rule": "quizbank_500_dig_comes_along"},
        {"id": "500-must-use", "kind": "move", "difficulty": "hard", "hands": ["QH QD 7D KS KH 5C 9H", "JC JD JS 8D", "2C 4H 6S 10D AC 3S 7S"], "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S ...", "table": [[1, "4D 5D 6D"]],
         "before": ["take 4"], "action": "discard 9C", "teach": "teach_must_use",
         "rule": "quizbank_500_must_use"},
        {"id": "500-lay-off-on-opponent", "kind": "move", "difficulty": "medium", "hands": ["QH QD 7D KS KH 5C 9H", "JC JD JS 8D", "2C 4H 6S 10D AC 3S 7S"], "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S ...", "table": [[1, "4D 5D 6D"]],
         "before": ["take 4", "meld QS QH QD"], "action": "layoff 7D on 1", "teach": "teach_layoff_any_meld",
         "rule": "quizbank_500_lay_off_any_meld"},
        # issue 25: tally the first hands of a real game (the computer's players, seed 1)
        {"id": "500-tally-three", "kind": "tally", "players": 3, "seed": 1, "hands": 3, "player": 0,
         "difficulty": "medium", "rule": "quizbank_tally_total"},
        {"id": "500-tally-five", "kind": "tally", "players": 3, "seed": 1, "hands": 5, "player": 1,
         "difficulty": "hard", "rule": "quizbank_tally_total"},
        {"id": "500-game-end-highest", "kind": "game_end", "totals": [520, 540, 300], "difficulty": "medium",
         "rule": "quizbank_500_game_end_highest"},
        {"id": "500-game-end-tie", "kind": "game_end", "totals": [510, 510, 200], "difficulty": "hard",
         "rule": "quizbank_basic_game_end_tie",
         "note": "quizbanknote_500_game_end_tie"},
    ],
}

CONTRACT = {
    "format": FORMAT,
    "title": "quizbank_contract_title",
    "description": "quizbank_contract_description",
    "game": "contract",
    "questions": [
        {"id": "contract-hand-1-a", "kind": "contract", "hand": 1, "cards": "8S 8H 8D KC KD KS 2C 5D 9H JS 4C",
         "rule": "quizbank_contract_hand_1_a"},
        {"id": "contract-hand-1-b", "kind": "contract", "hand": 1,
         "cards": "8S 8H 8D KC KD JK 2C 5D 9H JS 4D", "rule": "quizbank_contract_hand_1_b"},
        {"id": "contract-hand-1-c", "kind": "contract", "hand": 1,
         "cards": "8S 8H 8D 8C KC KD KS 2C 5D 9H 4H"},
        {"id": "contract-hand-2-a", "kind": "contract", "hand": 2, "cards": "7C 7D 7H 3S 4S 5S 6S 9D JC QH 2H",
         "rule": "quizbank_contract_hand_2_a"},
        {"id": "contract-hand-2-b", "kind": "contract", "hand": 2,
         "cards": "7C 7D 7H 3S 4S 5S 9D JC QH KD 2H", "rule": "quizbank_contract_hand_2_b"},
        {"id": "contract-hand-3-a", "kind": "contract", "hand": 3, "cards": "3H 4H 5H 6H 9C 10C JC QC 2D KS 7S",
         "rule": "quizbank_contract_hand_3_a"},
        {"id": "contract-hand-3-b", "kind": "contract", "hand": 3,
         "cards": "3H 4H JK 6H 9C 10C JC QC 2D KS 7S", "rule": "quizbank_contract_hand_3_b"},
        {"id": "contract-hand-3-c", "kind": "contract", "hand": 3,
         "cards": "3H 4H JK 7H 9C 10C JC QC 2D KS 7S", "rule": "quizbank_contract_hand_3_c"},
        {"id": "contract-hand-4", "kind": "contract", "hand": 4, "cards": "2S 2H 2D 6C 6D 6H JS JH JD 9C 4D",
         "rule": "quizbank_contract_hand_4"},
        {"id": "contract-hand-5", "kind": "contract", "hand": 5,
         "cards": "4S 4H 4D 9C 9D 9H 5C 6C 7C 8C KD 2S 10H",
         "rule": "quizbank_contract_hand_5"},
        {"id": "contract-hand-6", "kind": "contract", "hand": 6,
         "cards": "QS QH QD 2D 3D 4D 5D 8S 9S 10S JS 3C 6H",
         "rule": "quizbank_contract_hand_6"},
        {"id": "contract-hand-7-a", "kind": "contract", "hand": 7,
         "cards": "AH 2H 3H 4H 5C 6C 7C 8C 9C JS QS KS AS",
         "rule": "quizbank_contract_hand_7_a"},
        {"id": "contract-hand-7-b", "kind": "contract", "hand": 7,
         "cards": "AH 2H 3H 4H 5C 6C 7C 8C JS QS KS AS 9D",
         "rule": "quizbank_contract_hand_7_b"},
        {"id": "contract-qka", "kind": "meld", "cards": "QH KH AH"},
        {"id": "contract-jqka", "kind": "meld", "cards": "JH QH KH AH",
         "rule": "quizbank_contract_jqka"},
        {"id": "contract-ka23", "kind": "meld", "cards": "KH AH 2H 3H"},
        {"id": "contract-two-deck-eights", "kind": "meld", "cards": "8S 8S#2 8H",
         "rule": "quizbank_contract_two_deck_eights"},
        {"id": "contract-five-eights", "kind": "meld", "cards": "8S 8S#2 8H 8D 8C",
         "rule": "quizbank_contract_five_eights"},
        {"id": "contract-spades-joker", "kind": "meld", "cards": "5S JK 7S 8S"},
        {"id": "contract-points", "kind": "points", "cards": "JK AS KD 5C 9H",
         "rule": "quizbank_contract_points"},
        {"id": "contract-spades-lay-off", "kind": "lay_off", "meld": "5S 6S 7S 8S", "cards": "4S 9S JK 8S#2 10S"},
        {"id": "contract-which-melds", "kind": "which_melds",
         "groups": ["9D 9D#2 9C", "QS KS AS", "JC QC KC AC", "JK JK#2 JK#3", "2C 3C 4C JK"]},
        {"id": "contract-arrange", "kind": "arrange", "cards": "7S 7H 7D 4C 5C 6C JK KH KS QD 2D 9S"},
        # --- play: deal sizes and decks, buying, lay-off timing, the stock, the end ---
        {"id": "contract-deal-hand-1", "kind": "deal", "players": 4, "hand": 1, "difficulty": "easy"},
        {"id": "contract-deal-hand-5", "kind": "deal", "players": 5, "hand": 5, "difficulty": "easy"},
        {"id": "contract-deal-seven-players", "kind": "deal", "players": 7, "hand": 1, "difficulty": "medium",
         "rule": "quizbank_contract_deal_seven_players"},
        {"id": "contract-refill", "kind": "stock_out", "times": 1, "difficulty": "medium",
         "note": "quizbanknote_contract_refill"},
        # issue 25: the three buying items say who wants the card, never who takes, refuses or buys
        # it (the old contract-first-refusal and contract-buy-penalty said so in their prompts)
        {"id": "contract-refusal-first", "kind": "who_gets", "difficulty": "medium", "hands": ["8S 8H 8D KC KD KS 2C 5D 9H 4C", "3H 4H 6S 7S", "3C 4D 6C 7H 9S 10D JH 2H 3S 4S"], "discard": "9C 2S 7D QC", "stock": "8C 10S QS QD 5D#2 6H 7C 9D AS AD KH ...", "table": [[1, "5H 5S 5C"], [1, "JD JS JC"]], "hand": 1,
         "wanted_by": [1, 2, 0], "card": "QC", "teach": "teach_first_refusal",
         "rule": "quizbank_contract_first_refusal"},
        {"id": "contract-buy-penalty-card", "kind": "who_gets", "difficulty": "medium", "hands": ["8S 8H 8D KC KD KS 2C 5D 9H 4C", "3H 4H 6S 7S", "3C 4D 6C 7H 9S 10D JH 2H 3S 4S"], "discard": "9C 2S 7D QC", "stock": "8C 10S QS QD 5D#2 6H 7C 9D AS AD KH ...", "table": [[1, "5H 5S 5C"], [1, "JD JS JC"]], "hand": 1,
         "wanted_by": [2], "card": "10S", "teach": "teach_buy",
         "rule": "quizbank_contract_buy_penalty"},
        {"id": "contract-buy-nearest", "kind": "who_gets", "difficulty": "hard", "hands": ["8S 8H 8D KC KD KS 2C 5D 9H 4C", "3H 4H 6S 7S", "3C 4D 6C 7H 9S 10D JH 2H 3S 4S"], "discard": "9C 2S 7D QC", "stock": "8C 10S QS QD 5D#2 6H 7C 9D AS AD KH ...", "table": [[1, "5H 5S 5C"], [1, "JD JS JC"]], "hand": 1,
         "wanted_by": [2, 1], "card": "QC", "teach": "teach_buy_order",
         "rule": "quizbank_contract_buy_order",
         "note": "quizbanknote_contract_buy_order"},
        {"id": "contract-lay-off-too-early", "kind": "move", "difficulty": "medium", "hands": ["8S 8H 8D KC KD KS 2C 5D 9H 4C", "3H 4H 6S 7S", "3C 4D 6C 7H 9S 10D JH 2H 3S 4S"], "discard": "9C 2S 7D QC", "stock": "8C 10S QS QD 5D#2 6H 7C 9D AS AD KH ...", "table": [[1, "5H 5S 5C"], [1, "JD JS JC"]], "hand": 1,
         "before": ["draw", "pass", "pass"], "action": "layoff 5D on 1", "teach": "teach_contract_layoff",
         "rule": "quizbank_contract_lay_off_too_early"},
        {"id": "contract-lay-off-same-turn", "kind": "move", "difficulty": "hard", "hands": ["8S 8H 8D KC KD KS 2C 5D 9H 4C", "3H 4H 6S 7S", "3C 4D 6C 7H 9S 10D JH 2H 3S 4S"], "discard": "9C 2S 7D QC", "stock": "8C 10S QS QD 5D#2 6H 7C 9D AS AD KH ...", "table": [[1, "5H 5S 5C"], [1, "JD JS JC"]], "hand": 1,
         "before": ["draw", "pass", "pass", "meld 8S 8H 8D | KC KD KS"], "action": "layoff 5D on 1",
         "teach": "teach_contract_layoff", "rule": "quizbank_contract_lay_off_same_turn"},
        {"id": "contract-lay-off-next-turn", "kind": "move", "difficulty": "hard", "hands": ["8S 8H 8D KC KD KS 2C 5D 9H 4C", "3H 4H 6S 7S", "3C 4D 6C 7H 9S 10D JH 2H 3S 4S"], "discard": "9C 2S 7D QC", "stock": "8C 10S QS QD 5D#2 6H 7C 9D AS AD KH ...", "table": [[1, "5H 5S 5C"], [1, "JD JS JC"]], "hand": 1,
         "before": ["draw", "pass", "pass", "meld 8S 8H 8D | KC KD KS", "discard 2C", "draw", "pass",
                    "discard 3H", "draw", "pass", "discard 3C", "draw", "pass"],
         "action": "layoff 5D on 1", "teach": "teach_contract_layoff",
         "rule": "quizbank_contract_lay_off_next_turn"},
        # issue 25: tally a real game (the computer's players, seed 1): hands 1-4, then all 7
        {"id": "contract-tally-four", "kind": "tally", "players": 3, "seed": 1, "hands": 4, "player": 1,
         "difficulty": "medium", "rule": "quizbank_tally_total"},
        {"id": "contract-tally-winner", "kind": "tally", "players": 3, "seed": 1, "hands": 7,
         "ask": "winner", "difficulty": "hard", "rule": "quizbank_tally_winner"},
        {"id": "contract-game-end-lowest", "kind": "game_end", "totals": [80, 95, 130], "last": [0, 15, 40],
         "difficulty": "easy", "rule": "quizbank_contract_game_end_lowest"},
        {"id": "contract-game-end-tie", "kind": "game_end", "totals": [120, 100, 100], "last": [0, 65, 60],
         "difficulty": "hard", "rule": "quizbank_contract_game_end_tie"},
        {"id": "contract-game-end-shared", "kind": "game_end", "totals": [120, 100, 100], "last": [0, 60, 60],
         "difficulty": "hard", "rule": "quizbank_contract_game_end_shared"},
    ],
}

# issue 25: a diagnostic across the three games, a few questions on each kind of rule
# (melds, the turn, lay-offs, going out, scoring, contracts, buying, digging, the deal, the
# stock, the end of a game), taken from the banks above so each is the same tested item.
DIAGNOSTIC_ITEMS = (
    # melds, one game after another
    "basic-qka", "500-qka", "contract-spades-joker", "contract-five-eights",
    # the turn: draw, the taken card, digging and the must-use card
    "basic-draw-first", "basic-taken-king", "500-dig-queen", "500-must-use",
    # lay-offs and when they are allowed
    "basic-hearts-4-7-lay-off", "500-lay-off-on-opponent", "contract-lay-off-too-early",
    # going out
    "basic-go-out-by-discard", "contract-hand-7-a",
    # contracts
    "contract-hand-2-b", "contract-hand-3-b",
    # buying and first refusal
    "contract-refusal-first", "contract-buy-nearest",
    # scoring, the deal, the stock, the end of a game
    "basic-two-player-hand-one-turn", "500-score-with-lay-off-hand", "contract-points",
    "500-deal-six", "basic-refill-3rd", "basic-game-end-first", "contract-tally-four",
)


def _diagnostic() -> dict:
    by_id = {q["id"]: (bank["game"], q) for bank in (BASIC, R500, CONTRACT) for q in bank["questions"]}
    questions = []
    for qid in DIAGNOSTIC_ITEMS:
        game, item = by_id[qid]
        questions.append({**item, "id": "diag-" + qid, "game": item.get("game", game)})
    return {"format": FORMAT, "title": "quizbank_diagnostic_title",
            "description": "quizbank_diagnostic_description", "game": "basic",
            "questions": questions}


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
BANKS["diagnostic"] = _diagnostic()


def find_bank(name: str) -> str | None:
    """The bank a name refers to: a bank name or any alias of its game; else None."""
    if name in BANKS:
        return name
    try:
        game = get_rules(name).game
    except (RuleOptionError, TypeError):
        return None
    return game if game in BANKS else None
