"""The quizzes' words: questions about play and their teaching lines, the quiz
widget's words and the quiz file checks; :data:`QUIZ_WORDS` below holds every
built-in question's own words (translated in ``locale/<lang>/quiz.po``).

Part of the message catalogue (:mod:`rummy_teach.messages`).

The quizzes' own words (issue 16): every built-in question's prompt, options, feedback,
explanation lines, rules and notes, and the hints for an answer that cannot be read.

Translations: ``locale/<lang>/quiz.po``.
Parameters are neutral: cards in notation, numbers, player names, and other codes (a
question's words are said when read, see :mod:`rummy_teach.quiz.words`).
"""

from ..plural import Plural

WORDS = {

    # --- quiz questions about play, and teaching lines (issue 13: quizzes that ask about
    # play). Each teach_* line says the rule and how to recognise it next time.
    "move_refused": "No. {who} may not play \u201c{move}\u201d now:",  # the judge's reasons follow
    "move_allowed": "Yes. {done}.",
    "card_went_to": Plural(
        "{who} ends up holding {card}; {who}'s hand grew by one card.",
        "{who} ends up holding {card}; {who}'s hand grew by {gained} cards.", count="gained"),
    "teach_dig": "Digging: in {game} you may take any card of the discard pile together with "
                 "every card above it, but only if the card you pick can go on the table at once "
                 "(a new meld or a lay-off). Before you dig, find the meld it will join.",
    "teach_must_use": "After a dig the card you dug for must go on the table before anything "
                      "else, even before the discard: plan its meld before you dig.",
    "teach_top_only": "In {game} only the top card of the discard pile may be taken; taking a "
                      "deeper card (digging) belongs to Rummy 500.",
    "teach_layoff_any_meld": "In {game} you may lay off on every meld on the table, an "
                             "opponent's too, and the card scores for you: look at the ends of "
                             "every run and at every set of three.",
    "teach_contract_layoff": "In {game} you may lay off only after your own contract is down, and "
                             "only from your next turn on; then every meld on the table is open "
                             "to you. Ask two questions: is my contract down, and was it before "
                             "this turn?",
    "teach_contract_down_once": "In {game} the contract goes down in one lay-down, complete; "
                                "after that, more cards go down only by laying off.",
    "teach_first_refusal": "First refusal: the player whose turn it is decides first. Taking "
                           "the discard ends the matter; only when that player draws from the "
                           "stock may the others call buy.",
    "teach_buy": "A buy takes the top discard out of turn together with a penalty card from the "
                 "stock, so the buyer's hand grows by two cards; buy only a card you need.",
    "teach_buy_order": "When several players call buy, the card goes to the one who comes first "
                       "in turn order after the player whose turn it is (the sources are silent; "
                       "this book plays it so).",
    "teach_hand_seven": "In the last hand laying down the contract is going out: all the cards "
                        "you hold after the draw go down at once as runs, so nobody has melds "
                        "on the table before somebody goes out.",
    "teach_draw_first": "Every turn begins with a draw, from the stock or the discard pile; "
                        "melding, laying off and discarding come after it.",
    "teach_go_out": "Going out: the hand ends the moment a player has no card left, whether the "
                    "last card was melded, laid off or discarded.",
    "teach_set": "How to spot a set: every card has the same rank; {game} allows {set_size}.",
    "teach_run": "How to spot a run: one suit, ranks in a row with no gap, at least {min_run} "
                 "cards; {ace}.",
    "teach_ace_low": "the ace goes only below the 2",
    "teach_ace_both": "the ace goes below the 2 or above the king, never in the middle (K-A-2)",
    "teach_wild": "A joker is wild: ask which single card it would stand for; if one card fills "
                  "each gap, the meld stands.",
    "teach_layoff_set": "To lay off on a set the card must have the set's rank, and the set must "
                        "have room: {game} allows {set_size}.",
    "teach_layoff_run": "To lay off on a run the card must be of the run's suit and touch one of "
                        "its ends: one below the lowest card or one above the highest.",
    "teach_contract": "To check a contract, find its runs first (each {min_run} or more of one "
                      "suit), then the sets among the cards left; every meld must be complete.",
    "teach_taken_card": "The card you took from the discard pile stays in your hand this turn; "
                        "the only exception is when it is your very last card.",
    "teach_taken_free": "{game} has no rule about the card just taken: any card may be "
                        "discarded.",
    "teach_points": "Cards left in hand in {game}: {values}. Add the big cards first, then the "
                    "small ones.",
    "teach_score": "A {game} hand scores what you put on the table (your melds and your "
                   "lay-offs) minus what is left in your hand: add each side, then subtract.",
    "teach_hand_winner": "Only the player who goes out scores: add up every other player's "
                         "cards, and double it only for a rummy (everything in one turn, "
                         "nothing of theirs on the table before).",
    "teach_arrange": "Look for runs and sets that share no card; where one card could join two "
                     "melds, try both and keep the way that {goal}.",
    "teach_arrange_fewest": "leaves the fewest points in hand",
    "teach_arrange_most": "scores the most (melded minus left in hand)",
    "quizcheck_all_good": "{file}: {questions} checked, every one can be used in class.",
    "quizcheck_some_bad": "{file}: {questions} checked; {bad} cannot be used as written (see above).",
    # the self-study quiz's page (rummy_teach/play/quiz.py, rummy_teach/widgets/quiz.py)
    "quiz_default_title": "Quiz",
    "quiz_answer_with": "Answer with {form}.",
    "quiz_no_cards": "(no cards)",
    "quiz_right": "Right!",
    "quiz_not_quite": "Not quite.",
    "quiz_try_again": "Try again",
    "quiz_not_counted": "This did not count as an attempt.",
    "quiz_your_answer": "Your answer:",
    "quiz_the_answer": "The answer:",
    "quiz_rule": "Rule:",
    "quiz_score": "Score: {right} right, {wrong} wrong · {where}",
    "quiz_where_finished": "finished",
    "quiz_where_question": "question {number} of {total}",
    "quiz_finished": Plural(
        "Finished! You answered {right} of {total} question right.",
        "Finished! You answered {right} of {total} questions right.", count="total"),
    "quiz_label_choice": "Your answer:",
    "quiz_label_multi": "Legal melds:",
    "quiz_label_winner": "Winner:",
    "quiz_label_melds": "Melds:",
    "quiz_label_points": "Points:",
    "quiz_label_answer": "Answer:",
    "quiz_hint_melds": "e.g. 8S 8H 8D | 4H 5H 6H",
    "quiz_hint_points": "points",
    "quiz_hint_number": "a number",
    "quiz_pick_cards": "{label} (click to pick; none picked means none)",
    "quiz_pick_cards_label": "{label}: click the cards that fit",
    "quiz_group_tip": "group {option}",
    "quiz_submit": "Submit",
    "quiz_submit_tip": "Check my answer",
    "quiz_next": "Next question",
    "quiz_next_tip": "Go to the next question",
    # why a quiz button is greyed (its tooltip)
    "quiz_off_answered": "You have answered this question: go on to the next one.",
    "quiz_off_answer_first": "Answer this question first, then press {submit}.",
    "quiz_see_score": "See my score",
    "quiz_not_saved": "Your answer could not be saved ({error}). Press Submit again; if this "
                      "keeps happening, tell your teacher.",
}

QUIZ_WORDS = {
    "quiz_generated_title": "{game}: practice, level {level} (seed {seed})",
    # options (what is stored is the option's value; this is what the learner reads)
    "quiz_option_set": "set",
    "quiz_option_run": "run",
    "quiz_option_not_meld": "not a meld",
    "quiz_option_yes": "yes",
    "quiz_option_no": "no",
    "quiz_option_nobody": "nobody yet",
    "quiz_stock_turn_over": "the discard pile is turned over as it lies and becomes the stock",
    "quiz_stock_reshuffle": "the discard pile, all but its top card, is shuffled into a new stock",
    "quiz_stock_end_hand": "the hand ends, with nobody going out",
    "quiz_stock_void": "the hand is void and nobody scores",
    "quiz_player_you": "You",
    "quiz_player_opponent": "Opponent",
    # the form an answer takes ("Answer with {form}.")
    "quiz_form_meld": "set, run, or not a meld",
    "quiz_form_which_melds": "the letters of the legal melds, or none",
    "quiz_form_lay_off": "the cards that fit, in card notation, or none",
    "quiz_form_yes_no": "yes or no",
    "quiz_form_number": "a whole number, in digits",
    "quiz_form_score": "a whole number in digits, with a minus sign if it is below zero",
    "quiz_form_winner": "the winner's name, then the points in digits",
    "quiz_form_arrange": "each meld's cards in card notation, with | between melds; cards not named are deadwood",
    "quiz_form_player": "a player's name",
    "quiz_form_option": "one of the options",
    "quiz_form_game_end": "the winner's name (several names if they share the win), or: nobody yet",
    # the labels over the cards a question shows
    "quiz_group_cards": "cards",
    "quiz_group_on_table": "on the table",
    "quiz_group_offered": "offered",
    "quiz_group_your_hand": "your hand",
    "quiz_group_left_in_hand": "left in hand",
    "quiz_group_melded": "melded",
    "quiz_group_laid_off_on": "laid off {card} on",
    "quiz_group_hand_of": "{name}'s hand",
    "quiz_group_discard": "discard pile, bottom to top",
    "quiz_group_meld_of": "meld {number}, {name}'s",
    "quiz_group_stock": "stock, top first (face down at the table)",
    "quiz_group_stock_top": Plural(
        "stock, top first; {count} more card below these (face down at the table)",
        "stock, top first; {count} more cards below these (face down at the table)", count="count"),
    # prompts
    "quiz_prompt_meld": "In {game}, is this a legal meld? If it is, is it a set or a run?",
    "quiz_prompt_which_melds": "In {game}, which of these groups are legal melds?",
    "quiz_prompt_lay_off": "In {game}, this meld is on the table. Which of the offered cards "
                           "could be laid off on it (each on its own)?",
    "quiz_prompt_contract": "{game}, hand {hand}: the contract is {contract}. Do these cards hold it?",
    "quiz_prompt_contract_whole": "{game}, hand {hand}: the contract is {contract}. Do these cards "
                                  "hold it? In this hand every card must go down at once: these "
                                  "are your cards after the draw.",
    "quiz_prompt_discard": "{game}: this turn you took {card} from the discard pile, and these are "
                           "now your cards. May you discard {card} to end this turn?",
    "quiz_prompt_points": "{game}: the hand is over and these cards are still in your hand. How "
                          "many points do they count?",
    "quiz_prompt_score": "{game}: the hand is over. Here are your melds, and the cards still in "
                         "your hand. What do you score for this hand?",
    "quiz_prompt_score_laid": "{game}: the hand is over. Here are your melds and the cards laid "
                              "off, and the cards still in your hand. What do you score for this hand?",
    "quiz_prompt_winner": "{game}: {winner} has just got rid of their last card, after having "
                          "melded earlier in the hand. These cards are left in the other hands. "
                          "Who wins this hand, and by how many points?",
    "quiz_prompt_winner_rummy": "{game}: {winner} has just got rid of their last card, in a single "
                                "turn, with nothing of theirs on the table before that turn. These "
                                "cards are left in the other hands. Who wins this hand, and by how "
                                "many points?",
    "quiz_prompt_winner_you": "{game}: You have just got rid of your last card, after having "
                              "melded earlier in the hand. These cards are left in the other "
                              "hands. Who wins this hand, and by how many points?",
    "quiz_prompt_winner_rummy_you": "{game}: You have just got rid of your last card, in a single "
                                    "turn, with nothing of yours on the table before that turn. "
                                    "These cards are left in the other hands. Who wins this hand, "
                                    "and by how many points?",
    "quiz_prompt_arrange_fewest": "{game}: arrange these cards into melds so that the hand leaves "
                                  "the fewest points of deadwood. Cards you leave out are deadwood.",
    "quiz_prompt_arrange_most": "{game}: arrange these cards into melds so that the hand scores "
                                "the most (melded minus left in hand). Cards you leave out are deadwood.",
    "quiz_prompt_move": "{game}. It is now {who}'s move. The move in question: {move} May {who} "
                        "make it now?",
    "quiz_prompt_move_story": "{game}. So far this turn: {story} It is now {who}'s move. The move "
                              "in question: {move} May {who} make it now?",
    "quiz_prompt_who_gets": "{game}. {story} Who now holds {card}?",
    "quiz_prompt_deal": "{game} with {players} players: how many cards does each player get?",
    "quiz_prompt_deal_hand": "{game} with {players} players: how many cards does each player get "
                             "in hand {hand}?",
    "quiz_prompt_stock_out": "{game}: the stock has run out {nth} in this hand, and the next "
                             "player would like to draw from it. What happens?",
    "quiz_times_1": "for the first time",
    "quiz_times_2": "for the second time",
    "quiz_times_3": "for the third time",
    "quiz_times_n": "for time number {times}",
    "quiz_prompt_game_end": "{game}, playing to {target}: a hand has just been scored and the "
                            "totals are {totals}. Who has won the game?",
    "quiz_prompt_game_end_ladder": "{game}: hand {hand}, the last, has just been scored. Totals: "
                                   "{totals}. Scores in that last hand: {last}. Who wins?",
    # the correct answer in words, and what was given
    "quiz_answer_set": "a set",
    "quiz_answer_run": "a run",
    "quiz_none_of_them": "none of them",
    "quiz_given_none": "none",
    "quiz_no_melds": "no melds",
    "quiz_winner_points": "{winner} {points}",
    "quiz_arrange_answer": "{melds}; deadwood {deadwood}",
    # feedback on this learner's answer
    "quiz_feedback_right": "Right.",
    "quiz_feedback_wrong": "Not quite.",
    "quiz_left_out": Plural(
        "You left out {labels}, which is legal.",
        "You left out {labels}, which are legal.", count="count"),
    "quiz_not_legal": Plural(
        "{labels} is not legal.",
        "{labels} are not legal.", count="count"),
    "quiz_would_fit": "{cards} would fit too.",
    "quiz_cannot_lay_off": Plural(
        "{cards} cannot be laid off there: it does not fit that meld.",
        "{cards} cannot be laid off there: they do not fit that meld.", count="count"),
    "quiz_points_wrong": "You said {given}; the cards add up to {answer}.",
    "quiz_score_wrong": "You said {given}; the hand scores {answer}.",
    "quiz_not_out": "{name} did not go out.",
    "quiz_not_out_you": "You did not go out.",
    "quiz_not_the_score": "{points} is not the score of this hand.",
    "quiz_not_a_meld_because": "{cards} is not a meld: {why}",
    "quiz_arrange_right_score": "Your melds score {score}, as much as these cards can.",
    "quiz_arrange_wrong_score": Plural(
        "Your arrangement scores {score} ({melded} melded - {deadwood} in hand); the best "
        "scores {best}: {short} point more.",
        "Your arrangement scores {score} ({melded} melded - {deadwood} in hand); the best "
        "scores {best}: {short} points more.", count="short"),
    "quiz_arrange_right_fewest": Plural(
        "Your melds leave {points} point of deadwood, the fewest possible.",
        "Your melds leave {points} points of deadwood, the fewest possible.", count="points"),
    "quiz_arrange_wrong_fewest": Plural(
        "Your melds leave {points} point of deadwood ({sum}); the best arrangement leaves "
        "{best}, {short} fewer.",
        "Your melds leave {points} points of deadwood ({sum}); the best arrangement leaves "
        "{best}, {short} fewer.", count="points"),
    # explanation lines (the engine's reasons come with them)
    "quiz_which_line": "{label} ({cards}): {verdict}. {reasons}",
    "quiz_verdict_legal": "legal",
    "quiz_no_cards_sum": "no cards = 0",
    "quiz_points_sum": "In {game}: {sum}.",
    "quiz_score_melded": "Melded {kind}: {sum}",
    "quiz_score_laid_off": "Laid off {card} on {cards}, scoring for you: {value}",
    "quiz_score_left": "Left in hand: {sum}",
    "quiz_score_total": "Score: {melded} melded - {left} in hand = {score}",
    "quiz_line_hand": "{name}: {sum}",
    "quiz_winner_takes": "{winner} went out, so the points left in the other hands go to "
                         "{winner}: {total}.",
    "quiz_winner_takes_you": "You went out, so the points left in the other hands go to you: "
                             "{total}.",
    "quiz_rummy_doubles": "It was a rummy (all in one turn, nothing on the table before), so the "
                          "score doubles: 2 x {total} = {points}.",
    "quiz_rummy_not_doubled": "{game} here does not double a rummy.",
    "quiz_no_rummy": "{winner} had melded earlier in the hand, so it was no rummy: no doubling.",
    "quiz_no_rummy_you": "You had melded earlier in the hand, so it was no rummy: no doubling.",
    "quiz_deadwood_line": "Deadwood: {sum}",
    "quiz_arrange_best_score": "Score: {melded} melded - {deadwood} in hand = {score}, the most "
                               "these cards can make.",
    "quiz_arrange_fewest": Plural(
        "No arrangement leaves fewer than {points} point; any that leaves as few is just as "
        "good.",
        "No arrangement leaves fewer than {points} points; any that leaves as few is just as "
        "good.", count="points"),
    "quiz_move_allowed": "Yes. {done}",
    "quiz_move_other": "{who}: {move}.",
    "quiz_deal_item_hand": "hand {hand} {cards}",
    "quiz_deal_item_players": "{players} players {cards}",
    "quiz_decks_one": "one 52-card deck, no jokers",
    "quiz_decks_one_jokers": Plural(
        "one 52-card deck and one joker",
        "one 52-card deck and {jokers} jokers", count="jokers"),
    "quiz_decks_many": "{decks} decks of 52 cards, no jokers",
    "quiz_decks_many_jokers": Plural(
        "{decks} decks of 52 cards and one joker",
        "{decks} decks of 52 cards and {jokers} jokers", count="jokers"),
    "quiz_set_size_open": "{least} or more cards, even repeats of a card from another deck",
    "quiz_set_size_range": "{least} to {most} cards",
    "quiz_value_joker": "joker {points}",
    "quiz_value_face": "2-9 face value",
    # the rule a question tests (stored with every classroom answer as these codes)
    "quizrule_ace_high_not_allowed": "ace low only in {game}",
    "quizrule_wraps_around": "a run never turns the corner K-A-2",
    "quizrule_gap": "a run has no gaps",
    "quizrule_gap_not_filled": "each joker fills one gap in a run",
    "quizrule_not_same_suit": "a run is all one suit",
    "quizrule_not_same_rank": "a set is all one rank",
    "quizrule_mixed_ranks_and_suits": "a meld is one rank, or one suit in sequence",
    "quizrule_too_few_cards": "a {kind} needs at least {minimum} cards in {game}",
    "quizrule_set_too_big": "a set has at most {maximum} cards in {game}",
    "quizrule_duplicate_card": "one deck holds each card once",
    "quizrule_joker_not_allowed": "no jokers in {game}",
    "quizrule_not_in_deck": "only the cards of the decks in play",
    "quizrule_no_natural_card": "a meld needs at least one natural card",
    "quizrule_too_many_wilds": "house rule: natural cards outnumber jokers",
    "quizrule_repeated_rank_in_run": "a run holds each rank once",
    "quizrule_ace_both_ends": "an ace ends a run at one end only",
    "quizrule_run_too_long": "a run goes from ace to ace at the longest",
    "quizrule_legal_meld": "what makes a legal meld in {game}",
    "quizrule_joker_stands": "a joker stands for any card in {game}",
    "quizrule_wild_stands": "wild cards stand for any card in {game}",
    "quizrule_set_repeat": "a set may repeat a card from another deck in {game}",
    "quizrule_set_size_open": "a set is {least} or more cards of one rank in {game}",
    "quizrule_set_size_or": "a set is {least} or {most} cards of one rank in {game}",
    "quizrule_set_size_to": "a set is {least} to {most} cards of one rank in {game}",
    "quizrule_ace_high": "ace high allowed in {game} (Q-K-A)",
    "quizrule_ace_low_every": "ace low (A-2-3) in every game",
    "quizrule_run_size": "a run is {least} or more cards of one suit in sequence in {game}",
    "quizrule_joker_in_hand": "a joker caught in hand costs {points} in {game}",
    "quizrule_ace_in_hand": "an ace left in hand counts {points} in {game}",
    "quizrule_hand_values": "cards left in hand count {values} in {game}",
    "quizrule_layoff_set": "laying off on a set in {game}: same rank",
    "quizrule_layoff_set_most": "laying off on a set in {game}: same rank, at most {maximum} cards",
    "quizrule_ace_low_only": "ace low only in {game}",
    "quizrule_layoff_run": "laying off on a run in {game}: it grows only at its ends",
    "quizrule_contract": "hand {hand}'s contract: {contract}",
    "quizrule_contract_whole": "hand {hand}'s contract: {contract}, the whole hand going down at once",
    "quizrule_joker_any": "a joker stands for any card",
    "quizrule_no_discard_restriction": "no discard restriction in {game}",
    "quizrule_taken_stays": "a card taken from the discard pile stays for the turn, unless it is "
                            "the last card",
    "quizrule_ace_in_hand_against": "an ace left in hand counts {value} against you in {game}",
    "quizrule_ace_on_table": "an ace on the table scores {high} high, {low} low",
    "quizrule_scores_melds": "{game} scores melded cards minus cards left in hand",
    "quizrule_rummy_doubles": "going out with a rummy doubles the hand score in Basic Rummy",
    "quizrule_winner_takes": "whoever goes out scores the points left in the opponents' hands",
    "quizrule_arrange_most": "{game}: meld so that melded minus deadwood is highest",
    "quizrule_arrange_fewest": "fewest deadwood points in {game}",
    "quizrule_move_moment": "what may be done at this moment of a turn in {game}",
    "quizrule_who_takes": "who may take a discard in {game}",
    "quizrule_deal_sizes": "deal sizes in {game}",
    "quizrule_stock_out": "when the stock runs out in {game}",
    "quizrule_game_end": "who wins a game of {game}, and ties",
    # the decisions of RULES.md that settle a question
    "quiznote_ace_in_hand": "An ace left in hand counts {points}, its high value: the sources' own "
                            "advice counts aces at 15 and warns against being caught with them.",
    "quiznote_contract_exact": "Decision: a meld of the contract may be longer than asked (a set "
                               "of 4 counts as a set of 3), but the first lay-down holds exactly "
                               "the contract's number of melds.",
    "quiznote_natural_majority": "House rule in force: natural cards must outnumber jokers in a meld.",
    "quiznote_jokers_free": "Decision: the sources set no limit on jokers in one meld, so there is "
                            "none here, except that a meld holds at least one natural card (some "
                            "groups require more natural cards than jokers).",
    "quiznote_two_decks": "With two decks a set may hold two copies of one card, still at most "
                          "{maximum} cards.",
    # an answer that cannot be read (never counted; the learner is asked again)
    "quiz_hint_type_first": "Type an answer first.",
    "quiz_hint_choose_first": "No answer is chosen yet: choose one, then submit it.",
    "quiz_hint_winner_first": "No answer yet: choose the winner, type the points, then submit.",
    "quiz_hint_as_text": "Type your answer as text, not {kind}.",
    "quiz_hint_empty": "The answer is empty: type something before checking.",
    "quiz_hint_whole": "Type a whole number in digits.",
    "quiz_hint_whole_signed": "Type a whole number in digits (a minus sign in front if it is below zero).",
    "quiz_hint_nothing_else": "{whole} Nothing else.",
    "quiz_hint_no_points_word": "Type just the number, without the word 'points'.",
    "quiz_hint_no_decimals": "Card points are whole numbers: leave out the decimal part.",
    "quiz_hint_no_spaces": "Type the number without spaces inside it.",
    "quiz_hint_digits": "Write the number with the digits 0-9 rather than in words.",
    "quiz_hint_not_negative": "Points here are never below zero: type 0 or more.",
    "quiz_hint_too_many": "That is far more points than any hand can make; the answer is between "
                          "-{limit} and {limit}.",
    "quiz_hint_one_of": "Answer with one of: {options}.",
    "quiz_hint_not_a_group": "'{token}' is not one of the groups. Type the letters of the groups "
                             "you pick ({labels}), or 'none'.",
    "quiz_hint_named_too_often": "{card} is named more times than it is among {what}.",
    "quiz_hint_not_among": "{card} is not among {what} ({cards}).",
    "quiz_among_offered": "the offered cards",
    "quiz_among_hand": "the cards of the hand",
    "quiz_hint_card_notation": "{error}. Type the cards you pick in card notation, or 'none'.",
    "quiz_hint_melds_form": "Type each meld's cards in card notation, with | between melds (or 'none').",
    "quiz_hint_deadwood_rest": "The deadwood you named is not what those melds leave in the hand. "
                               "You may also leave the deadwood out: the cards you do not meld are it.",
    "quiz_hint_error_then": "{error}. {form}",
    "quiz_hint_several_melds": "{cards} looks like several melds written together: put | between melds.",
    "quiz_hint_winner_form": "Type the winner's name, then the points in digits (players: {players}).",
    "quiz_hint_add_points": "Add the points after the name. {form}",
    "quiz_hint_game_end": "Write one or more of {names} separated by commas, or \u201c{nobody}\u201d.",
    # a question a quiz file describes wrongly (refused when the file is read)
    "quiz_card_not_in_decks": "{cards} is not a card of {game}'s decks; with {players} players it "
                              "uses {decks}",
    "quiz_card_twice": "{cards} appears twice, but each card exists once in {game}'s decks; a "
                       "second copy is written like 8S#2 and exists only where the game uses "
                       "several decks",
    "quiz_groups_count": "give 2 to {most} groups, not {count}",
    "quiz_lay_off_needs_cards": "a lay-off question needs at least one card to offer",
    "quiz_discard_one_card": "name exactly one card as the card taken from the discard pile",
    "quiz_points_needs_cards": "a points question needs at least one card",
    "quiz_contract_needs_cards": "a contract question needs the cards of a hand",
    "quiz_score_needs_cards": "a score question needs at least one card: melded, laid off or left in hand",
    "quiz_stock_out_times": "'times' is how often the stock has run out this hand, counting this time: "
                            "a whole number from 1, not {given}",
    "quiz_score_needs_500": "{game} does not score melds; score questions are for Rummy 500",
    "quiz_players_names": "give at least two players, each with a different, non-empty name",
    "quiz_players_one_out": "exactly one player must have no cards left (the one who went out); "
                            "here {count} have none",
    "quiz_winner_needs_basic": "hand_winner questions are for games where whoever goes out scores "
                               "the other hands (Basic Rummy), not {game}",
    "quiz_arrange_needs_cards": "an arrange question needs cards",
    "quiz_nobody_holds": "after these moves nobody holds {card} in hand",
    "quiz_game_end_needs_last": "give the last hand's score of every player ('last')",
    "quiz_teach_unknown": "'{code}' is not a teaching line; known ones: {known}",
    # the built-in banks: titles, descriptions, the rule each question names, and notes
    "quizbank_basic_eights": "a set is 3 or 4 cards of one rank (the source's table of situations)",
    "quizbank_basic_opponent_cards": "cards left in hand: K Q J 10 count 10, A 1, others face value (the 30-point two-player hand)",
    "quizbank_basic_eights_lay_off": "a set takes the fourth card of its rank later (the source's table of situations)",
    "quizbank_basic_four_eights_lay_off": "a set never gets a fifth card: one deck holds four of each rank (the source's table of situations)",
    "quizbank_basic_hearts_4_7": "a run is 3 or more cards of one suit in sequence (the source's table of situations)",
    "quizbank_basic_hearts_4_7_lay_off": "a run grows at both ends (the source's table of situations)",
    "quizbank_basic_hearts_10_k_lay_off": "ace low only in Basic Rummy: a run never goes past the K (the source's table of situations)",
    "quizbank_basic_hearts_2_4_lay_off": "ace low only in Basic Rummy: the ace goes below the 2",
    "quizbank_basic_qka": "ace low only in Basic Rummy: Q-K-A is not a run (the source's table of situations)",
    "quizbank_basic_ka2": "a run never turns the corner K-A-2",
    "quizbank_basic_a23": "ace low (A-2-3) in every game",
    "quizbank_basic_taken_king": "a card taken from the discard pile may not be discarded the same turn (the source's table of situations)",
    "quizbank_basic_taken_king_alone": "...unless it is your last card (the source's table of situations)",
    "quizbank_basic_two_player_hand_melds": "fewest deadwood points in Basic Rummy (the 30-point two-player hand)",
    "quizbank_basic_aces_points": "an ace left in hand counts 1 in Basic Rummy",
    "quizbank_basic_two_player_hand": "whoever goes out scores the opponents' cards (the 30-point two-player hand)",
    "quizbank_basic_refill_3rd": "the third time the stock runs out the hand is void (the void hand)",
    "quizbank_basic_draw_first": "a turn begins with a draw",
    "quizbank_basic_take_two_deep": "only the top discard may be taken in Basic Rummy",
    "quizbank_basic_go_out_by_discard": "going out: the last card may be discarded",
    "quizbank_basic_two_player_hand_one_turn": "a rummy doubles the hand score (the 30-point two-player hand)",
    "quizbank_basic_game_end_highest": "if two pass the target in the same hand, the higher total wins",
    "quizbank_basic_game_end_tie": "an exact tie at the top means another hand",
    "quizbank_500_qka": "ace high allowed in Rummy 500 (Q-K-A)",
    "quizbank_500_qka_score": "an ace used high scores 15 (ace 15 vs 1 in Rummy 500)",
    "quizbank_500_a23_score": "an ace used low scores 1 (ace 15 vs 1 in Rummy 500)",
    "quizbank_500_aces_score": "aces in a set count high, 15 each (ace 15 vs 1 in Rummy 500)",
    "quizbank_500_clubs_score": "a Rummy 500 hand score can be negative",
    "quizbank_500_score_with_lay_off": "a laid-off card scores for whoever laid it off",
    "quizbank_500_two_deck_eights": "with two decks (5 or more players) a set may hold two copies of a card",
    "quizbank_500_two_deck_eights_lay_off": "a set has at most 4 cards in Rummy 500, even with two decks",
    "quizbank_500_arrange": "Rummy 500: meld so that melded minus deadwood is highest (ace 15 vs 1)",
    "quizbank_500_deal_six": "five or more players use two decks",
    "quizbank_500_dig_useless": "digging: the card taken must be used at once",
    "quizbank_500_dig_queen": "digging: any card of the pile, with all above it",
    "quizbank_500_dig_comes_along": "digging: the cards above the chosen one come to your hand",
    "quizbank_500_must_use": "the must-use card goes on the table before the discard",
    "quizbank_500_lay_off_on_opponent": "a lay-off on an opponent's meld scores for you",
    "quizbank_500_game_end_highest": "if several reach 500 in the same hand, the highest total wins",
    "quizbanknote_500_game_end_tie": "Decision: the sources are silent on an exact tie; this book plays another hand.",
    "quizbank_contract_hand_1_a": "hand 1: two sets of 3 (the contract ladder)",
    "quizbank_contract_hand_1_b": "a joker completes a set of the contract",
    "quizbank_contract_hand_2_a": "hand 2: one set of 3 and one run of 4 (the contract ladder)",
    "quizbank_contract_hand_2_b": "a run in Contract Rummy needs 4 cards",
    "quizbank_contract_hand_3_a": "hand 3: two runs of 4 (the contract ladder)",
    "quizbank_contract_hand_3_b": "a joker fills the gap in a run",
    "quizbank_contract_hand_3_c": "one joker fills one gap, not two",
    "quizbank_contract_hand_4": "hand 4: three sets of 3 (the contract ladder)",
    "quizbank_contract_hand_5": "hand 5: two sets of 3 and one run of 4 (the contract ladder)",
    "quizbank_contract_hand_6": "hand 6: one set of 3 and two runs of 4 (the contract ladder)",
    "quizbank_contract_hand_7_a": "hand 7: after the draw all 13 cards go down as three runs (the contract ladder)",
    "quizbank_contract_hand_7_b": "hand 7: no final discard, every card goes down (the contract ladder)",
    "quizbank_contract_jqka": "an ace may end a run high: J-Q-K-A",
    "quizbank_contract_two_deck_eights": "two decks: a set may repeat a card",
    "quizbank_contract_five_eights": "a set is 3 or more cards of one rank in Contract Rummy",
    "quizbank_contract_points": "penalty points: joker 25, A 15, K Q J 10 count 10, others 5",
    "quizbank_contract_deal_seven_players": "7 or 8 players: three decks and six jokers",
    "quizbanknote_contract_refill": "Decision: the sources are silent; the discard pile but its top card is shuffled into a new stock.",
    "quizbank_contract_first_refusal": "first refusal: the player to move decides before anyone may buy",
    "quizbank_contract_buy_penalty": "buying: the discard and one penalty card from the stock",
    "quizbank_contract_buy_order": "two players buy: the nearer in turn order gets the card",
    "quizbanknote_contract_buy_order": "Decision: the sources are silent; the first player in turn order after the player to move gets it.",
    "quizbank_contract_lay_off_too_early": "lay-offs only after your own contract is down",
    "quizbank_contract_lay_off_same_turn": "no lay-offs in the turn the contract goes down",
    "quizbank_contract_lay_off_next_turn": "from the turn after your contract, lay off on any meld",
    "quizbank_contract_game_end_lowest": "the lowest total after hand 7 wins",
    "quizbank_contract_game_end_tie": "a tie is broken by the lower score in hand 7",
    "quizbank_contract_game_end_shared": "still level after hand 7: the win is shared",
    "quizbank_basic_title": "Basic Rummy: the rule book's situations",
    "quizbank_basic_description": "The source's table of situations, the 30-point hand, and the run rules (ace low only, no wrap-around).",
    "quizbank_500_title": "Rummy 500: aces high and low, and what a hand scores",
    "quizbank_500_description": "Q-K-A and A-2-3 but never K-A-2; the ace worth 15 or 1; melded minus deadwood.",
    "quizbank_contract_title": "Contract Rummy: the seven contracts, jokers and long runs",
    "quizbank_contract_description": "The contract ladder hand by hand, runs of 4, aces at either end, jokers, two-deck sets and penalty points.",
    # a move question says the move in words (the move_* sentences), not as a command
    "quiz_move_refused": "No. {who} may not make this move now:",
    "quiz_move_take_many": "{who} takes the top {depth} cards of the discard pile.",
    # a quiz file that cannot be used: where in the file, then what is wrong
    "quizfile_at_question": "question {number}",
    "quizfile_at_question_id": "question {number} (id {id})",
    "quizfile_at_field": "field {field}",
    "quizfile_too_many_chars": "the file has {size} characters; a quiz file holds at most {most}",
    "quizfile_too_many_bytes": "the file has {size} bytes; a quiz file holds at most {most}",
    "quizfile_too_deep": "the JSON nests {depth} levels deep; a quiz file needs at most {most}",
    "quizfile_bad_json": "not valid JSON at line {line}, column {column}: {error}",
    "quizfile_not_object": "the file must hold one JSON object with a \"questions\" list",
    "quizfile_unknown_top": Plural(
        "unknown top-level field {fields}; allowed: {allowed}",
        "unknown top-level fields {fields}; allowed: {allowed}", count="count"),
    "quizfile_format": "format {given} is not {format}",
    "quizfile_must_be_text": "must be text",
    "quizfile_no_questions": "a quiz needs a non-empty \"questions\" list",
    "quizfile_too_many_questions": "{count} questions; a quiz holds at most {most}",
    "quizfile_id_used": "id {id} is already used by question {number}",
    "quizfile_game_name": "must be the name of a game, e.g. \"basic\", \"500\" or \"contract\"",
    "quizfile_options_object": "must be an object of rule options, e.g. {{\"natural_majority\": true}}",
    "quizfile_question_object": "each question must be a JSON object with at least \"kind\"",
    "quizfile_no_answer": "answers are computed by the engine; remove this field",
    "quizfile_id_text": "must be non-empty text",
    "quizfile_unknown_kind": "{kind} is not a question kind; kinds are {kinds}",
    "quizfile_kind_missing": "missing; kinds are {kinds}",
    "quizfile_unknown_field": "not a field of a {kind} question; its fields are {allowed}",
    "quizfile_points": "must be a whole number from 1 to {most}, not {given}",
    "quizfile_field_missing": "missing; a {kind} question needs {needed}",
    "quizfile_difficulty": "must be one of {allowed}, not {given}",
    "quizfile_empty": "a quiz needs at least one question",
    "quizfile_ids_repeated": "question ids must be unique; repeated: {ids}",
    "quizfile_unreadable": "cannot read the file: {error}",
    "quizfile_not_utf8": "the file is not UTF-8 text",
    "quizfile_not_found": "{name} is neither a built-in quiz ({builtin}) nor an existing file",
    "quizfile_no_builtin": "no built-in quiz {name}; built-in quizzes: {names}",
    # ... and what is wrong inside one field of a question
    "quizfile_too_many_cards": "has {count} cards; this kind of question holds at most {most}",
    "quizfile_item_too_many_cards": "item {number} has {count} cards; this kind of question holds "
                                    "at most {most}",
    "quizfile_too_many_items": "has {count} items; a question holds at most {most}",
    "quizfile_cards_text": "cards must be text such as \"8S 8H 8D\"",
    "quizfile_one_card": "must be exactly one card, not {count}",
    "quizfile_exactly_one_card": "must be exactly one card",
    "quizfile_groups_list": "must be a list of card texts, e.g. [\"8S 8H 8D\", \"4H 5H 6H\"]",
    "quizfile_item": "item {number}",
    "quizfile_item_card": "item {number}, card",
    "quizfile_item_on": "item {number}, on",
    "quizfile_player": "player {name}",
    "quizfile_texts_list": "must be a list of texts, e.g. [\"draw\", \"discard 9C\"]",
    "quizfile_ints_list": "must be a list of whole numbers, e.g. [120, 95, 95]",
    "quizfile_table_list": "must be a list of melds, each [owner, cards] or [owner, cards, "
                           "{{\"player\": cards laid off}}], e.g. [[1, \"4D 5D 6D 7D\", {{\"0\": \"7D\"}}]]",
    "quizfile_stock": "must be the stock's cards from the top (e.g. \"9C 2H\"), its top cards "
                      "and then ... for all the others below them (e.g. \"9C 2H ...\"), or how "
                      "many cards it holds (e.g. 20), not {given}",
    "quizfile_counts_list": "must be a list of counts of 0 or more, one per player, e.g. [0, 2, 1]",
    "quizfile_int": "must be a whole number, not {given}",
    "quizfile_bool": "must be true or false, not {given}",
    "quizfile_players_object": "must be an object from player name to cards left, e.g. "
                               "{{\"Ann\": \"\", \"Bob\": \"KC 9S\"}}",
    "quizfile_laid_off_list": "must be a list of {{\"card\": ..., \"on\": ...}} objects",
    "quizfile_laid_off_item": "item {number} must be an object with exactly \"card\" and \"on\"",
    # issue 25: quizzes a teacher can trust
    # -- who gets the card: the wishes told, the moves only in the explanation
    "quiz_who_gets_needs_moves": "give the moves played ('before') or who wants the top discard "
                                 "('wanted_by')",
    "quiz_wanted_seat": "{seat} is not a seat: give seat numbers from 0 to {most}",
    "quiz_wanted_needs_discard": "'wanted_by' asks about the start of a turn: the player to move "
                                 "must be about to draw, with a card on the discard pile",
    "quiz_prompt_wanted": "{game}. It is {mover}'s turn and {card} is on top of the discard pile. "
                          "{wishes} {ask}",
    "quiz_prompt_wanted_story": "{game}. So far: {story} It is {mover}'s turn and {card} is on top "
                                "of the discard pile. {wishes} {ask}",
    "quiz_wishes_one": "Only {names} wants it.",
    "quiz_wishes_many": "{names} each want it.",
    "quiz_names_and": "{names} and {last}",
    "quiz_ask_who_gets": "Who gets {card}?",
    "quiz_ask_who_holds": "Once the turn has begun and any buying is settled, who holds {card}?",
    "quiz_story_dig": "{who} digs in the discard pile for {card}.",
    "quiz_what_happened": "What happened: {story}",
    "quiz_got_first_refusal": "It was {who}'s turn, so {who} had first refusal and took {card}: "
                              "the others never got the chance to buy it.",
    "quiz_buy_limit": "{who} wanted {card} too, but has already bought {buys} this hand, "
                      "the most a player may: no more buys until the next hand.",
    "quiz_got_nobody_bought": "{who} drew from the stock and nobody bought {card}.",
    "quiz_got_bought": "{who} bought {card} once the player to move had drawn from the stock.",
    "quiz_got_nearest_buyer": "{callers} wanted to buy {card}; {who} comes first in turn order "
                              "after {mover}, so {who} gets it.",
    "quiz_got_penalty": "{card} was then the top card of the stock: {who} took it as the penalty "
                        "card for buying {bought}.",
    "quiz_got_came_along": "{who} dug for {chosen}; {card} lay above it, so it came into "
                           "{who}'s hand too.",
    "quiz_game_end_first": "{winners} wins. In {game} only the player who goes out scores, so the "
                           "first to reach {target} wins; two players never get there in the "
                           "same hand.",
    "quiz_game_end_one_scorer": "In {game} only the player who goes out scores in a hand, so "
                                "the totals climb one at a time and the first to reach the target "
                                "wins.",
    # -- tallying a real game (rummy_teach/quiz/tally.py)
    "quiz_tally_ask": "'ask' must be one of {asks}, not {given}",
    "quiz_tally_hands": "this game lasts {most} hands: show from 2 to {most} of them, not {given}",
    "quiz_tally_winner_whole": "asking who has won needs every hand of the game: 'hands': {hands}",
    "quiz_form_game_end_won": "the winner's name (several names if they share the win)",
    "quiz_prompt_tally_total": "{game} with {players} players, a game the computer played: {hands} "
                               "What is {name}'s total after hand {hand}?",
    "quiz_prompt_tally_winner": "{game} with {players} players, a whole game the computer played: "
                                "{hands} Who has won?",
    "quiz_tally_hand": "Hand {hand}: {scores}.",
    "quiz_tally_hand_out": "Hand {hand}, {out} went out: {scores}.",
    "quiz_tally_score": "{name} {points}",
    "quiz_tally_500_score": "{name} melded {melded} and kept {left} in hand",
    "quiz_tally_after": "After hand {hand}: {totals}.",
    "quiz_tally_sum": "{name}: {sum} = {total}",
    "teach_tally": "Keep the score sheet as you play: after each hand write every player's score "
                   "for it, then add it to their total, one row per hand.",
    "quizbank_tally_total": "running totals over several hands of a real game",
    "quizbank_tally_winner": "who wins a whole game, read from its score sheet",
    # -- the diagnostic quiz across the three games
    "quizbank_diagnostic_title": "Diagnostic: the three games, every kind of rule",
    "quizbank_diagnostic_description": "Melds, the turn, lay-offs, going out, contracts, buying, "
                                       "digging and scoring in Basic Rummy, Rummy 500 and Contract "
                                       "Rummy: what a class knows already, and what to teach next.",
    # -- printable score sheets (rummy_teach/sheets.py, rummy-teach sheet)
    "sheet_title": "{game}: score sheet",
    "sheet_how_basic": "After each hand write what the player who went out scores; the others "
                       "score nothing. The first to reach {target} wins.",
    "sheet_how_500": "After each hand write each player's score: melded and laid off, minus what is "
                     "left in hand (it may be below zero). The first to reach {target} wins; if "
                     "several reach it in the same hand, the highest total.",
    "sheet_how_contract": "After each hand write each player's penalty points (0 for whoever went "
                          "out). After hand {hands} the lowest total wins.",
    "sheet_hand": "Hand",
    "sheet_row_hand": "{hand}",
    "sheet_row_contract": "{hand}: {contract} ({cards} cards)",
    "sheet_total": "Total",
    "sheet_player": "Player {number}",
    "sheet_no_names": "give at least one player's name",
    # -- the built-in rules of the items added or rewritten
    "quizbank_basic_game_end_first": "only the player who goes out scores: the first to reach the "
                                     "target wins",
    "quizbank_basic_game_end_exactly": "reaching the target exactly is enough to win",
    "quizbank_basic_game_end_not_yet": "the game goes on until somebody reaches the target",
    "quizbank_500_lay_off_any_meld": "in Rummy 500 you may lay off on an opponent's meld too",
    # -- the audit: why an item cannot be used unseen (rummy_teach/quiz/audit.py)
    "quizaudit_rule_not_tested": "the item is tagged \u201c{rule}\u201d, but the engine's answer "
                                 "does not turn on that rule",
    "quizaudit_negative_total": "a total below zero cannot happen in {game}",
    "quizaudit_two_reach_target": "in {game} only the player who goes out scores, so {names} "
                                  "cannot all have reached {target} in the same hand",
    "quizaudit_not_multiple": "in {game} every penalty is a multiple of {unit}, and so is every total",
    "quizaudit_one_goes_out": "in {game} exactly one player goes out of a hand and scores 0 in it",
    "quizaudit_total_below_last": "a total cannot be lower than the score of the last hand",
    "quizaudit_earlier_hands": "these totals cannot come from the {hands} earlier hands: in each "
                               "one player scores 0 and every other player pays for at least one card",
    "quizaudit_hand_too_big": "{name} holds {count} cards, but with {players} players {game} deals "
                              "only {most}",
    "quizaudit_too_few_cards": "cards melded, laid off and left in hand: {count} in all; but a "
                               "player of {game} is dealt at least {least} and keeps every one",
    "quizaudit_points_too_many": "{count} cards left in hand, but {game} deals at most {most}",
    "quizaudit_pile_hides": Plural(
        "{count} card the position places nowhere else lies under the discard pile, where "
        "students never see it: put it in the stock (end the stock's cards with ..., e.g. "
        "\"9C 2H ...\")",
        "{count} cards the position places nowhere else lie under the discard pile, where "
        "students never see them: put them in the stock (end the stock's cards with ..., e.g. "
        "\"9C 2H ...\")", count="count"),
    "quizaudit_prompt_tells": "the prompt gives the answer away: \u201c{sentence}\u201d",
    "quizaudit_asked_before": "question {id} asked about the same cards earlier in this quiz, and "
                              "its feedback gave this answer",
    # a sitting's refusals (rummy_teach/quiz/sitting.py)
    "sitting_form_unreadable": "Your answer could not be read from the page. Nothing was "
                               "counted: answer again.",
    "sitting_answer_too_long": "Your answer is longer than {limit} characters. Nothing was "
                               "counted: shorten it and answer again.",
}
