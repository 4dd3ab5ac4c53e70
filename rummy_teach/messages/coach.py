"""The coach's words: hints, the strongest move and the review of a hand.

Part of the message catalogue (:mod:`rummy_teach.messages`).
"""

from ..plural import Plural

WORDS = {
    # --- the coach: hints and the review of a hand (issue 17) ----------------------------------
    # Kept apart from the blocks above so that parallel additions merge cleanly. "coach_do_*"
    # name a move as advice ("discard K♣"), and inside a refusal ("You can't discard K♣
    # now", game/narrate.py move_words); the other codes say why, or report a review.
    "coach_do_draw": "draw from the stock",
    "coach_do_take": "take {card} from the discard pile",
    "coach_do_dig": "take {card} from the discard pile, {depth} deep (with {cards})",
    "coach_do_meld": "meld {melds}",
    "coach_do_layoff": "lay {card} off on {meld}",
    "coach_do_discard": "discard {card}",
    "coach_do_buy": "buy {card}",
    "coach_do_pass": "let {card} go",
    "coach_do_end": "take nothing from the empty stock",
    "coach_do_next": "deal the next hand",
    # a move the position cannot hold, named all the same in a refusal (issue 26.4)
    "move_take_cards": Plural(
        "take the top card of the discard pile",
        "take {depth} cards from the discard pile", count="depth"),
    "move_buy_nothing": "buy the top card of the discard pile",
    "move_pass_nothing": "let the top card of the discard pile go",
    "coach_hint": "Hint: {move}.",
    # going out, said by the rule set's scoring (coach/explain.py GO_OUT): only where the
    # winner takes the points left in the other hands do those cards count for you
    "coach_go_out": "You can go out this turn: {move} starts it, and the cards left in the "
                    "other hands count for you.",
    "coach_go_out_melds_minus_hand": "You can go out this turn: {move} starts it. The hand "
                                     "ends with no card left to count against you, while the "
                                     "cards in the other hands count against their owners.",
    "coach_go_out_penalty": "You can go out this turn: {move} starts it. You take no penalty "
                            "points this hand, and the cards left in the other hands are "
                            "penalty points for their owners.",
    "coach_meld": "Put {cards} down now: {points} points that can no longer be caught in your hand.",
    "coach_lay_off": Plural(
        "Lay {card} off on {meld} rather than hold it: {points} point fewer in your hand.",
        "Lay {card} off on {meld} rather than hold it: {points} points fewer in your hand.", count="points"),
    "coach_take_makes": "Take {card}: it makes {meld} with your cards.",
    "coach_take_lays_off": "Take {card}: it goes straight onto {meld} on the table.",
    "coach_take_partner": "Take {card}: with {cards} in your hand it is one card from a meld.",
    "coach_take_low": "Take {card}: a low card, cheaper to hold than whatever the stock gives.",
    "coach_take_reveals": "Taking {card} shows the others that you collect {what}.",
    "coach_draw_nothing": "Draw from the stock: {card} joins nothing in your hand.",
    "coach_draw_hides": "Draw from the stock: {card} fits your cards, but taking it would show "
                        "the others that you collect {what}, and the stock does about as well.",
    "coach_discard_fits_nothing": Plural(
        "Discard {card}: {points} point that fits nothing in your hand.",
        "Discard {card}: {points} points that fit nothing in your hand.", count="points"),
    "coach_discard_least": "Discard {card}: of your loose cards it has the fewest ways left "
                           "to join a meld.",
    "coach_discard_breaks": "Discard {card}: it breaks up {meld}, but the rest of your hand "
                            "does better without it.",
    "coach_keep": "Keep {card}: it makes {meld}.",
    "coach_buy": "Buy {card}: it makes {meld}, worth the penalty card.",
    # Contract Rummy: {before} and {after}, the cards the hand lacks for its contract
    # without and with the card (game/contract_play.py shortfall)
    "coach_buy_contract": "Buy {card}: it brings your hand nearer its contract (cards still "
                          "missing: {after} instead of {before}), worth the penalty card.",
    "coach_buy_wild": "Buy {card}: a wild card can stand for any card your contract lacks, "
                      "worth the penalty card.",
    "coach_buy_any": "Buy {card}: the card on offer is worth more to your hand than the "
                     "penalty card costs.",
    "coach_take_contract": "Take {card}: it brings your hand nearer its contract (cards still "
                           "missing: {after} instead of {before}).",
    "coach_pass": "Let {card} go: it does not bring your contract near enough to pay a penalty card.",
    "coach_only_move": "This is the only move you have.",
    # melds kept in hand (game/expert.py keeps_melds): {fewest} is the smallest hand of
    # an opponent, {hold} the hand size at which the melds go down
    "coach_hold_melds": "Keep {melds} in your hand for now: nobody can lay off on melds they "
                        "have not seen. No one else is close to going out (the smallest other hand "
                        "holds {fewest} cards); put them down once someone is down to {hold}.",
    "coach_hold_melds_rummy": "Keep {melds} in your hand for now: nobody can lay off on melds "
                              "they have not seen, and going out with all of them at once is a "
                              "rummy, scored double. No one else is close to going out (the smallest "
                              "other hand holds {fewest} cards); put them down once someone is down to {hold}.",
    "coach_contract_first": "Your contract may go down now, and that comes first: until it is "
                            "down you may not lay off, and you cannot go out.",
    # {points}: how far the learner stands from the others at the rollouts' end, on average
    # (a measured number: written whole, "about 19 points", one decimal only below 1)
    "coach_estimate_ahead": Plural(
        "Estimated over {samples} deals of the cards you cannot see: after this move you end up "
        "about {points} point ahead of the others on average, {margin} better than the next best "
        "move ({second}).",
        "Estimated over {samples} deals of the cards you cannot see: after this move you end up "
        "about {points} points ahead of the others on average, {margin} better than the next best "
        "move ({second}).", count="points"),
    "coach_estimate_behind": Plural(
        "Estimated over {samples} deals of the cards you cannot see: after this move you end up "
        "about {points} point behind the others on average, {margin} better than the next best "
        "move ({second}).",
        "Estimated over {samples} deals of the cards you cannot see: after this move you end up "
        "about {points} points behind the others on average, {margin} better than the next best "
        "move ({second}).", count="points"),
    # the same, when the next best move comes out level with it (a margin written 0)
    "coach_estimate_ahead_level": Plural(
        "Estimated over {samples} deals of the cards you cannot see: after this move you end up "
        "about {points} point ahead of the others on average; the next best move ({second}) comes "
        "out the same.",
        "Estimated over {samples} deals of the cards you cannot see: after this move you end up "
        "about {points} points ahead of the others on average; the next best move ({second}) comes "
        "out the same.", count="points"),
    "coach_estimate_behind_level": Plural(
        "Estimated over {samples} deals of the cards you cannot see: after this move you end up "
        "about {points} point behind the others on average; the next best move ({second}) comes "
        "out the same.",
        "Estimated over {samples} deals of the cards you cannot see: after this move you end up "
        "about {points} points behind the others on average; the next best move ({second}) comes "
        "out the same.", count="points"),
    # the expert's move, when another looks better by the learner's next turn (coach/hint.py)
    "coach_estimate_later_ahead": Plural(
        "Estimated over {samples} deals of the cards you cannot see: after this move you end up "
        "about {points} point ahead of the others by your next turn; {second} would leave you "
        "about {margin} further ahead by then. That look stops at your next turn; the expert "
        "player, whose moves win the most games, chooses this one.",
        "Estimated over {samples} deals of the cards you cannot see: after this move you end up "
        "about {points} points ahead of the others by your next turn; {second} would leave you "
        "about {margin} further ahead by then. That look stops at your next turn; the expert "
        "player, whose moves win the most games, chooses this one.", count="points"),
    "coach_estimate_later_behind": Plural(
        "Estimated over {samples} deals of the cards you cannot see: after this move you end up "
        "about {points} point behind the others by your next turn; {second} would come out about "
        "{margin} better by then. That look stops at your next turn; the expert player, whose "
        "moves win the most games, chooses this one.",
        "Estimated over {samples} deals of the cards you cannot see: after this move you end up "
        "about {points} points behind the others by your next turn; {second} would come out about "
        "{margin} better by then. That look stops at your next turn; the expert player, whose "
        "moves win the most games, chooses this one.", count="points"),
    "coach_what_set": "the {rank_plural}",
    "coach_what_run": "{suit} around {card}",
    # the review of a hand
    "review_title": "Review of the first player's moves in hand {hand} of {game} (deal no. {seed}):",
    # {cost}, {points}, {threshold}: measured points (written whole, one decimal only below 1);
    # the second number of a sentence is a count_points, "4 points"
    "review_line": Plural(
        "Turn {turn}: you chose to {played}; better: {better} (about {cost} point).",
        "Turn {turn}: you chose to {played}; better: {better} (about {cost} points).", count="cost"),
    "review_summary": Plural(
        "1 mistake, {points} lost (estimated)",
        "{count} mistakes, {points} lost (estimated)", count="count"),
    "review_none": "No costly decision found: every move was within {threshold} of the coach's.",
    "review_step": "Decision {number} of {total}",
    # a meld laid down early, weighed to the end of the hand (coach/review.py)
    "review_hold_measured": Plural(
        "Played to the end of the hand over {samples} deals of the cards you could not see, keeping "
        "the melds back came out about {points} point better.",
        "Played to the end of the hand over {samples} deals of the cards you could not see, keeping "
        "the melds back came out about {points} points better.", count="points"),
    "review_hand_beyond": Plural(
        "this game ended after one hand: --hand can only be 1",
        "this game ended after {hands} hands: give --hand a number from 1 to {hands}", count="hands"),
    "review_levels_bad": Plural(
        "unknown level {bad}; levels are {levels}",
        "unknown levels {bad}; levels are {levels}", count="count"),
    # the coach on the card table
    "coach_panel_title": "Coach",
    "coach_button_hint": "Hint",
    "coach_tip_hint": "What would the coach do now, and why?",
    "coach_button_coach": "Coach mode",
    "coach_tip_coach": "The coach comments on each of your moves",
    "coach_button_review": "Review my hand",
    "coach_tip_review": "After a hand: the decisions that cost you the most, one by one",
    "coach_button_prev": "Previous mistake",
    "coach_button_next": "Next mistake",
    "coach_button_close": "Back to the table",
    "coach_tip_step": "Show the table as it was at that decision",
    "coach_mode_on": "Coach mode is on: the coach comments on each of your moves.",
    "coach_mode_off": "Coach mode is off.",
    "coach_comment_good": "Coach: you chose to {move}; that was the best move or close to it.",
    "coach_comment_better": Plural(
        "Coach: you chose to {move}; better: {better} (about {cost} point).",
        "Coach: you chose to {move}; better: {better} (about {cost} points).", count="cost"),
    "coach_review_at": "Mistake {number} of {total}, as the table was then. {line}",
    "coach_review_open": "The review is open: press Back to the table to play on.",
    "coach_nothing_to_review": "There is nothing of yours to review in this hand yet.",
    "review_players_bad": "players must be a whole number that the game accepts, not {value!r}",
    # the coach's refusals (bad arguments to hint, review and the review command)
    "coach_whole_number": "{what} must be a whole number from {least}, not {value!r}",
    "coach_samples_bad": "the number of sampled deals is a whole number from 1, not {value!r}",
    "coach_not_to_act": "player {player} is not the one to act now (player {current} is): "
                        "hints are for the player to act",
    "coach_game_over": "there is no move to advise on: the game is over",
}
