"""The pictures' and widgets' words: cards and hands drawn, the card table (its
status line, results and seats), the meld checker, the stepper and the table widget.

Part of the message catalogue (:mod:`rummy_teach.messages`).
"""

from ..plural import Plural

WORDS = {
    # seats (rummy_teach.game.view.default_names)
    "seat_you": "You",
    "seat_computer": "Computer",
    "seat_computer_numbered": "Computer {number}",
    # the status line over the table
    "status_game_over_wins": "Game over: {winners} wins.",
    "status_game_over_win": "Game over: {winners} win.",
    # the reader among the winners: alone, or with {others}
    "status_game_over_wins_you": "Game over: you win.",
    "status_game_over_win_you": "Game over: you and {others} win.",
    "status_winners_joined": "{first} and {second}",
    "status_hand_over": "The hand is over.",
    "status_buy_you": "Buy {card}? You would also take a penalty card from the stock.",
    "status_buy_other": "{who} is deciding whether to buy {card}.",
    "status_to_play": "{who} to play.",
    "status_draw": "Your turn: draw from the stock or take from the discard pile.",
    "status_must_use": "Use {card} in a meld or a lay-off now.",
    "status_play": "Meld, lay off, then discard to end your turn.",
    # the hand's result box
    "result_went_out": "{who} went out.",
    "result_went_out_rummy": "{who} went out with a rummy!",
    "result_went_out_you": "You went out.",
    "result_went_out_rummy_you": "You went out with a rummy!",
    "result_ended": "{how}.",
    "result_row": Plural(
        "{name}: {melded}left in hand {left} ({points} point) → {score} this hand",
        "{name}: {melded}left in hand {left} ({points} points) → {score} this hand", count="points"),
    "result_melded": "melded {points}, ",
    "result_nothing_left": "nothing",
    # the header, the seats and the regions a learner clicks (names for screen readers too)
    "board_hand_number": "Hand {number}",
    "board_contract": "Contract: {contract}",
    "board_scores": "Scores: {scores}",
    "board_score_item": "{name} {score}",
    "board_score_item_you": "you {score}",
    "board_seat_you": "{name} (you)",
    "board_to_play": "▶ to play",
    "board_cards": Plural(
        "{count} card",
        "{count} cards", count="count"),
    "board_seat_score": "score {score}",
    "board_contract_down": "contract down ✔",
    "board_contract_not_down": "contract not down yet",
    "board_hand_backs": Plural(
        "{name}'s hand: {count} face-down card",
        "{name}'s hand: {count} face-down cards", count="count"),
    "board_hand_yours": Plural(
        "your hand, {count} card",
        "your hand, {count} cards", count="count"),
    "board_hand_face_up": "{name}'s hand, shown face up",
    "board_gathered": "Melds gathered for the lay-down: {melds}",
    "board_meld_row": "meld {number}, {kind}: {cards}",
    "board_meld_label": "meld {number} of {owner}: {cards}",
    "board_meld_label_fits": "meld {number} of {owner}: {cards}; your selected card fits here",
    "board_meld_label_you": "your meld {number}: {cards}",
    "board_meld_label_fits_you": "your meld {number}: {cards}; your selected card fits here",
    "board_fits_badge": "fits ✔",
    "board_empty": "empty",
    "board_stock_backs": Plural(
        "stock: {count} card",
        "stock: {count} cards", count="count"),
    "board_stock_click": Plural(
        "stock, {count} card: click to draw",
        "stock, {count} cards: click to draw", count="count"),
    "board_stock_heading": "Stock · {cards}",
    "board_pile_heading": "Discard pile · {cards}",
    "board_pile_heading_fanned": "Discard pile · {cards} (fanned)",
    "board_pile_fan": "discard pile, bottom to top: {cards}",
    "board_pile_top": "discard pile: {card} on top",
    "board_pile_top_click": "discard pile, {card} on top: click to take it",
    "board_take_top": "take {card} from the top",
    "board_take_deep": "take {card}, {depth} deep, with the cards above it",
    "board_buy_offer": "Buy offer: {card}, asked: {who}",
    "board_buy_offer_you": "Buy offer: {card}, asked: you",
    "board_log_label": "what happened",
    "board_piles_label": "Stock and discard pile",
    "board_seen_by": "{title}, seen by {name}",
    "board_seen_by_you": "{title}, from your seat",
    # --- the widgets' own words (issue 12: the last English outside the catalogue) ------------
    # Button labels and tooltips, prompts, refusals and headlines of the card table, the meld
    # checker, the worked-example stepper and the self-study quiz (rummy_teach/play/ and the
    # kernel widgets in rummy_teach/widgets/), the narrator's hand endings and the renderer's
    # captions. "table_button_*"/"table_tip_*" follow play/table.py's BUTTONS by name.
    # how a hand ended (rummy_teach/game/narrate.py)
    "ending_void": "the stock ran out a third time: the hand is void",
    "ending_stock_empty": "the stock is empty: nobody went out",
    "ending_stalled": "no new card could come into play: the hand stops",
    "ending_other": "the hand ends ({ending})",
    "ending_went_out": "{who} went out",
    "ending_went_out_rummy": "{who} went out with a rummy",
    "ending_booted": "{who} went out without drawing (booting)",
    "ending_booted_rummy": "{who} went out with a rummy, without drawing (booting)",
    # the same endings when the one who went out is the reader (reasons.Player)
    "ending_went_out_you": "you went out",
    "ending_went_out_rummy_you": "you went out with a rummy",
    "ending_booted_you": "you went out without drawing (booting)",
    "ending_booted_rummy_you": "you went out with a rummy, without drawing (booting)",
    "hand_over_line": "Hand {hand} over: {how}. This hand: {scores}.",
    "hand_dealt": "Hand {number} is dealt.",
    # the kinds of meld, as captions and verdicts name them
    "meld_kind_set": "set",
    "meld_kind_run": "run",
    "meld_kind_meld": "meld",
    "meld_caption": "{kind}: {cards}",
    "board_meld_caption": "{number}: {kind}",
    "verdict_legal": "✔ A legal {kind}",
    "verdict_legal_points": "✔ A legal {kind}, worth {points} points on the table",
    "verdict_not_meld": "✘ Not a meld",
    # pictures of cards and hands (rummy_teach/render.py, rummy_teach/play/board.py)
    "card_back": "face-down card",
    "card_selected": "{name}, selected",
    "backs": Plural(
        "{count} face-down card",
        "{count} face-down cards", count="count"),
    "card_jokers": "jokers",
    "hand_label": "your hand",
    "table_default_title": "Card table",
    "seat_player_numbered": "Player {number}",
    "arrangement_no_melds": "No melds.",
    "arrangement_no_deadwood": "none",
    "arrangement_deadwood": Plural(
        "deadwood: {points} point",
        "deadwood: {points} points", count="points"),
    "arrangement_summary": "Melds score {melded}, deadwood counts {deadwood}: {score} in all.",
    # an arrangement's accessible name (render.arrangement_html)
    "arrangement_label": Plural(
        "{melds}; deadwood {cards}: {points} point",
        "{melds}; deadwood {cards}: {points} points", count="points"),
    "arrangement_label_no_melds": Plural(
        "no melds; deadwood {cards}: {points} point",
        "no melds; deadwood {cards}: {points} points", count="points"),
    "arrangement_label_no_deadwood": "{melds}; no deadwood",
    # the card table (rummy_teach/play/table.py, rummy_teach/widgets/table.py)
    "table_label": "card table",
    "table_button_draw": "Draw",
    "table_tip_draw": "Take the top card of the stock",
    "table_button_take": "Take discard",
    "table_tip_take": "Take the top card of the discard pile",
    "table_button_group": "Add meld to lay-down",
    "table_tip_group": "Put the selected cards aside as one meld of your lay-down",
    "table_button_meld": "Meld",
    "table_tip_meld": "Put the selected cards on the table as a meld",
    "table_button_layoff": "Lay off",
    "table_tip_layoff": "Add the selected card to a meld where it fits",
    "table_button_discard": "Discard",
    "table_tip_discard": "Discard the selected card and end your turn",
    "table_button_buy": "Buy",
    "table_tip_buy": "Take the offered discard, plus a penalty card from the stock",
    "table_button_pass": "Pass",
    "table_tip_pass": "Do not buy the offered discard",
    "table_button_end": "End hand",
    "table_tip_end": "The stock is empty: take nothing and end the hand",
    "table_button_next": "Next hand",
    "table_tip_next": "Deal the next hand",
    "table_sort_suit": "Sort by suit",
    "table_sort_rank": "Sort by rank",
    "table_clear": "Clear selection",
    "table_moves_label": "Your moves",
    "table_not_in_hand": "{card} is not in your hand.",
    "table_card_gathered": "{card} is already in a meld gathered for the lay-down.",
    "table_pick_then_meld": "Select exactly one card of your hand, then click the meld to lay it off on.",
    "table_pick_discard": "Select the one card you want to discard.",
    "table_pick_group": "Select the cards of one meld, then add it to the lay-down.",
    "table_pick_meld": "Select the cards of a meld first.",
    # why a move button is greyed in the learner's turn (its tooltip; play/table.py why_off)
    "table_off_meld": "Your hand holds no meld to put down now.",
    "table_off_layoff": "None of your cards fits on a meld on the table.",
    "table_off_no_melds": "There is no meld on the table to lay off on yet.",
    "table_pick_layoff": "Select the one card you want to lay off.",
    "table_fits_nowhere": "{card} fits on no meld on the table.",
    "table_fits_several": "It fits on several melds: click the one to lay it off on.",
    "table_wait": "Wait: it is {who}'s move.",
    "table_answer_offer": "First answer the offer: Buy takes {card} with a penalty card, Pass leaves it.",
    "widget_failed": "Something went wrong:",
    # the meld checker (rummy_teach/play/meld.py, rummy_teach/widgets/meld_checker.py)
    "checker_title": "Meld checker",
    "checker_prompt": "Click cards to build a meld; the verdict appears here.",
    "checker_game": "Game:",
    "checker_four_colour": "four-colour deck",
    "checker_clear": "Clear",
    "checker_clear_tip": "Deselect every card",
    "checker_picker": "card picker",
    "checker_legal": "{cards}: a legal {kind}",
    "checker_not_meld": "{cards}: not a meld",
    "checker_not_offered": "{cards} cannot be picked in {game}: its deck has no such card.",
    # the worked-example stepper (rummy_teach/play/stepper.py)
    "stepper_restart": "⟲ Restart",
    "stepper_prev": "◀ Back",
    "stepper_next": "Next ▶",
    "stepper_counter": "Step {step} of {last}",
    # why a stepper's button is greyed (its tooltip)
    "stepper_off_start": "You are at the deal, the first step.",
    "stepper_off_end": "This is the last step: the hand is over.",
    # issue 25: tables on every game's page
    # A table's deal (rummy_teach/play/table.py, rummy_teach/play/board.py): its number, shown on the
    # table and put in the page's address to replay or share it (book/_play/play/bookplay.js);
    # a Contract table that starts later in the ladder; the page's words while it deals.
    "board_deal_number": "Deal no. {number}",
    "board_deal_tip": "The number of this deal: the same number deals the same cards.",
    "table_button_replay": "Replay this deal",
    "table_tip_replay": "Deal the same cards again and play them from the start",
    "table_replayed": "The same cards again: deal no. {number}, from the start.",
    "table_sat_down": Plural("The computer played hand 1 in every seat; you sit down at hand {hand}.",
                             "The computer played hands 1 to {count} in every seat; "
                             "you sit down at hand {hand}."),
    "table_hand_no_ladder": "{game} has no contracts: its table starts at hand 1, not at hand {hand}.",
    "play_dealing": "Dealing fresh cards…",
    # the review of a hand as an analysis board (play/review_board.py, render_review.py)
    # The review of a hand as an analysis board (play/review_board.py, render_review.py).
    "review_board_title": "Review of hand {hand}",
    "review_board_dealt": "The hand as dealt",
    # {move} is the table's log line for the move, a whole sentence
    "review_board_move": "Move {number} of {total}: {move}",
    "review_moves_label": "Moves of the hand",
    "review_steps_label": "Step through the hand",
    "review_first": "Start of the hand",
    "review_prev_move": "Previous move",
    "review_next_move": "Next move",
    "review_last": "End of the hand",
    "review_chart_title": "Your standing, in estimated points",
    # {start}, {end}, {low}, {high}: signed points, ahead of the others (+) or behind (-)
    "review_chart_text": "Your estimated standing against the others: {start} after the deal, {end} at "
                         "the end of the hand; lowest {low} (move {low_move}), highest {high} (move {high_move}).",
    "review_chart_marks": Plural("One mistake is marked on it.", "{count} mistakes are marked on it.",
                                 count="count"),
    "review_chart_no_marks": "No mistake is marked on it.",
    "review_marks_label": "Mistakes on the chart",
    "review_mark": Plural("Move {number}: a mistake of about {cost} point. Go to this move.",
                          "Move {number}: a mistake of about {cost} points. Go to this move.", count="cost"),
    "review_mistake_tag": Plural("mistake, about {cost} point", "mistake, about {cost} points", count="cost"),
    # a seat's title once the hand is over, beside its card count: the points the engine
    # counted for the cards left in that hand (deadwood, penalty or minus points)
    "board_seat_left_points": Plural(
        "{points} point in hand",
        "{points} points in hand", count="points"),
    # how many buys a player has left this hand, beside their card count on the table
    # (play/board.py), only in a game with buying (Contract Rummy)
    "board_buys_left": Plural("1 buy left", "{count} buys left", count="count"),
    "board_no_buys_left": "no buys left",
    # the review board's greyed step buttons say why (render_review.step_buttons): at the
    # start, « and ‹ lead nowhere; at the end, › and »
    "review_off_at_start": "This is the start of the hand: there is no move before it.",
    "review_off_at_end": "This is the end of the hand: there is no move after it.",
}
