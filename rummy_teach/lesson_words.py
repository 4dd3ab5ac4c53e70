"""The words the lessons' own code shows (issue 16, part "lesson words"): the comparison
table of the three games (:mod:`rummy_teach.compare`), the headings of the lessons' small
tables and the labels of their pictures.

Kept apart from :mod:`rummy_teach.reasons` (which adds them to ``ENGLISH``) so that the
helpers adding codes in parallel merge cleanly. Translations: ``locale/<lang>/lessons.po``.
Parameters are neutral: numbers, card notation, and other codes said when the sentence is.
"""

from .plural import Plural

LESSON_WORDS = {
    # --- the three games side by side (rummy_teach/compare.py) ---------------------------
    # the rows' labels
    "compare_row_players": "Players",
    "compare_row_cards": "Cards",
    "compare_row_dealt": "Cards dealt to each",
    "compare_row_set": "A set",
    "compare_row_run": "A run",
    "compare_row_ace": "The ace in a run",
    "compare_row_wild": "Wild cards",
    "compare_row_caught": "Cards caught in hand count",
    "compare_row_scoring": "Scoring",
    "compare_row_end": "The game ends",
    # the cells
    "compare_range": "{low} to {high}",
    "compare_packs": Plural(
        "one pack",
        "{decks} packs", count="decks"),
    "compare_pack_jokers": Plural(
        "{pack} and one joker",
        "{pack} and {jokers} jokers", count="jokers"),
    "compare_pack_players": "{pack} ({players} players)",
    "compare_dealt_hands": "{count} in hands {first} to {last}",
    "compare_dealt_players": "{count} with {players} players",
    "compare_size_either": "{low} or {high} cards",
    "compare_size_or_more": "{size} or more cards",
    "compare_ace_high": "low or high: A-2-3 and Q-K-A",
    "compare_ace_low": "low only: A-2-3",
    "compare_none": "none",
    "compare_caught_value": "{cards}: {value}",
    "compare_face_value": "2 to 9: face value",
    "compare_scores_melds": "your melded cards score for you, cards left in hand count against you",
    "compare_penalty": "whoever goes out scores 0; the others add up their cards as penalty points",
    "compare_winner_scores": "whoever goes out scores the cards left in the others' hands",
    "compare_rummy_doubles": "{scoring}; doubled for a rummy",
    "compare_end_hands": "after {hands} hands, the lowest total wins",
    "compare_end_target": "the first to {target} points wins",
    # --- the lessons' small tables and pictures (tutorials/*.md) -------------------------
    # the same cards judged by each game (three_games.md)
    "lesson_not_a_meld": "not a meld",
    # the ladder of contracts (contract_ladder.md)
    "lesson_ladder_label": "the ladder of {count} contracts",
    "lesson_ladder_dealt": "{count} dealt",
    "lesson_ladder_whole_hand": "no discard: everything goes down",
    # the contract variants side by side (contract_variants.md)
    "lesson_row_hands_in_game": "Hands in a game",
    "lesson_row_dealt_first_hand": "Cards dealt in hand 1",
    "lesson_row_buying": "Buying",
    "lesson_buying_yes": "yes, {count} per hand",
    "lesson_buying_no": "no",
    "lesson_row_last_contract": "Last contract",
    "lesson_penalty_before_after": "penalty in your hand: {before} before, {after} after",
    # the Rummy 500 variants side by side (r500_variants.md)
    "lesson_players_teams": "{players}, in two teams",
    "lesson_row_jokers": "Jokers",
    "lesson_no_jokers": "none",
    "lesson_row_joker_meld": "A joker in a meld",
    "lesson_joker_points": "{points} points",
    "lesson_row_joker_caught": "A joker caught in hand",
    "lesson_row_booting_bonus": "Bonus for going out on the first turn",
    "lesson_no_bonus": "none",
    "lesson_row_target": "Target",
    # a target the game does not offer, refused (rummy_teach/rules.py; r500_variants.md)
    "rules_target_not_offered": "target {target} is not offered in {game}; choose one of {choices}",
    # the deal (basic_turn.md)
    "lesson_deal_players": "players",
    "lesson_deal_each": "cards each",
    "lesson_deal_in_hands": "cards in hands",
    "lesson_deal_left": "cards left over",
    # a turn of Basic Rummy, step by step (basic_turn.md)
    "lesson_dealer": "dealer: {name}",
    "lesson_first_to_play": "first to play: {name}",
    "lesson_stock_cards": "cards in the stock: {count}",
    "lesson_pile_turned_over": Plural(
        "after turn {turn}: the pile of one card is turned over and becomes the stock",
        "after turn {turn}: the pile of {count} cards is turned over and becomes the stock", count="count"),
    "lesson_turn_ending": "after turn {turn}: {ending}",
    # --- what the lessons' code prints and draws, in the reader's language (issue 26.4) ---
    # a worked example step by step, the deal before its steps (contract_play.md, r500_digging.md)
    "lesson_the_deal": "The deal.",
    # a move the engine accepts (contract_play.md)
    "lesson_move_allowed": "The move is allowed.",
    # a hand's score (basic_melds.md, basic_scoring.md, basic_coach.md)
    "lesson_you_score": Plural(
        "You score one point.",
        "You score {points} points.", count="points"),
    "lesson_score_no_rummy": Plural(
        "You score one point, without a rummy.",
        "You score {points} points, without a rummy.", count="points"),
    "lesson_score_rummy": Plural(
        "You score one point, with a rummy.",
        "You score {points} points, with a rummy.", count="points"),
    "lesson_player_scores": Plural(
        "{name} scores one point.",
        "{name} scores {points} points.", count="points"),
    "lesson_points_left_in_hand": Plural(
        "{name}: one point left in hand",
        "{name}: {points} points left in hand", count="points"),
    "lesson_opponent_cards_left": "Cards left with the opponent: {cards}",
    "lesson_opponent_went_out": Plural(
        "Your opponent went out; the card left in your hand costs you one point.",
        "Your opponent went out; the cards left in your hand cost you {points} points.",
        count="points"),
    # a whole game of two computer players, and its chart (basic_scoring.md)
    "lesson_game_result": Plural(
        "The game took one hand: {first} {first_score}, {second} {second_score}; {winner} wins.",
        "The game took {hands} hands: {first} {first_score}, {second} {second_score}; {winner} wins.",
        count="hands"),
    "lesson_chart_totals": "the two players' running totals, hand after hand",
    "lesson_chart_target": "target {target}",
    "lesson_chart_hands": "hands played",
    # the computer's three levels tried on one turn (basic_play.md)
    "lesson_bot_took": Plural(
        "{level}: took {card} once in {tries} tries; threw away {cards}",
        "{level}: took {card} {took} times in {tries} tries; threw away {cards}", count="took"),
    "lesson_my_questions": "My two questions",
    # a run's points shared by who laid its cards (r500_digging.md)
    "lesson_points_from_run": Plural(
        "{name}: one point from this run",
        "{name}: {points} points from this run", count="points"),
    # who goes out, counted over many hands (experiment.md)
    "lesson_place_1": "1st",
    "lesson_place_2": "2nd",
    "lesson_place_3": "3rd",
    "lesson_place_4": "4th",
    "lesson_place_5": "5th",
    "lesson_place_6": "6th",
    "lesson_place_void": "void",
    "lesson_exp_went_out": "went out",
    "lesson_exp_batch": "batch {seed}",
    "lesson_exp_all": "all {count}",
    "lesson_exp_chart": "bar chart of the hands, by who went out",
    "lesson_exp_somebody": Plural(
        "Somebody went out in one hand of {hands}.",
        "Somebody went out in {played} hands of {hands}.", count="played"),
    "lesson_exp_first_share": Plural(
        "The first player went out in one of them: {percent} percent.",
        "The first player went out in {count} of them: {percent} percent.", count="count"),
    "lesson_exp_void": Plural(
        "hands where nobody went out: one of {hands}",
        "hands where nobody went out: {void} of {hands}", count="void"),
    "lesson_exp_fair_share": Plural(
        "a fair share of the one other hand: {share} each",
        "a fair share of the {finished} other hands: {share} each", count="finished"),
    "lesson_exp_deal": Plural(
        "one player: {dealt} cards, {stock} cards in the first stock, about {draws} draws",
        "{players} players: {dealt} cards each, {stock} cards in the first stock, "
        "about {draws} draws each", count="players"),
}

# the Rummy 500 lessons' printed lines (r500_melds, r500_strategy, r500_variants)
LESSON_WORDS.update({
    # three low cards melded or caught in hand (r500_melds.md): what each ending adds to your
    # score (Signed numbers, +6 and -20) and the points between them
    "lesson_r500_melded_or_caught": "melded: {melded}   caught: {caught}   difference: {difference}",
    # one player's hand when it ends, a line per player (r500_melds.md); {name} may be the
    # reader's own seat (seat_you)
    "lesson_r500_hand_line": "{name}: melded {melded}, caught {caught}, score {score}",
    # what you would score if the hand stopped now, before and after a deep dig (r500_strategy.md)
    "lesson_r500_dig_before_after": "before the dig: {before}   after: {after}",
    # your score minus an opponent's, going out now or a turn later (r500_strategy.md)
    "lesson_r500_gap_swing": Plural(
        "you minus {name}: {now} if you go out, {later} if you wait; a swing of one point",
        "you minus {name}: {now} if you go out, {later} if you wait; a swing of {swing} points",
        count="swing"),
})
