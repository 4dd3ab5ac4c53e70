"""The lessons' words: the worked examples' titles and captions; :data:`LESSON_WORDS`
below holds what the lessons' own code shows (``locale/<lang>/lessons.po``).

Part of the message catalogue (:mod:`rummy_teach.messages`).

The words the lessons' own code shows (issue 16, part "lesson words"): the comparison
table of the three games (:mod:`rummy_teach.lessons.compare`), the headings of the lessons' small
tables and the labels of their pictures.

Translations: ``locale/<lang>/lessons.po``.
Parameters are neutral: numbers, card notation, and other codes said when the sentence is.
"""

from ..plural import Plural

WORDS = {
    # --- the worked examples' words (issue 12: words from the catalogue) ----------------------
    # rummy_teach/lessons/worked_examples.py: each example's title, its opening words (step 0) and
    # one caption per step. A caption's {fields} are facts the engine computes about the
    # game after that step (WorkedExample.facts), never typed-in numbers.
    "seat_opponent": "Opponent",
    "seat_left": "Left",
    "seat_right": "Right",
    "example_nothing": "nothing",
    # thirty_points
    "example_thirty_points_title": "The 30-point hand (Basic Rummy, two players)",
    "example_thirty_points_intro": (
        "Two players, ten cards each. This worked example shows BOTH hands face up so you can"
        " follow every card; at a real table you would see only your own. You hold 8♠ 8♥ 8♦ "
        "and 4♥ 5♥ 6♥; the top discard is 3♣."),
    "example_thirty_points_1": "You draw from the stock: 7♥. Now 4♥ 5♥ 6♥ 7♥ is a run.",
    "example_thirty_points_2": "You meld the three eights: a set.",
    "example_thirty_points_3": "You meld the run 4♥ 5♥ 6♥ 7♥.",
    "example_thirty_points_4": "You discard 9♣ and keep J♠ J♥ 2♦, hoping for a third jack.",
    "example_thirty_points_5": "The opponent draws from the stock (10♦).",
    "example_thirty_points_6": (
        "The opponent lays off 8♣ on your set of eights: anyone may lay off on any meld. Four"
        " eights is the most a set can hold."),
    "example_thirty_points_7": "The opponent melds a run of five spades.",
    "example_thirty_points_8": "The opponent discards 10♦ and is left with K♣ Q♦ 9♠ A♣.",
    "example_thirty_points_9": "You draw J♦: three jacks.",
    "example_thirty_points_10": "You meld the jacks; only 2♦ is left in your hand.",
    "example_thirty_points_11": (
        "You discard 2♦, your last card: you are out and the hand ends. The opponent still "
        "holds {left[1]}: {deadwood[1]} points, so you score {hand_score[0]}. Had you gone "
        "out with a rummy (everything down in the one turn), the score would be doubled: "
        "{rummy_points}."),
    # thirty_points_rummy
    "example_thirty_points_rummy_title": "The same hand, gone out with a rummy",
    "example_thirty_points_rummy_intro": (
        "The same ending as the 30-point hand, reached as a rummy: nothing of yours is on the"
        " table until the turn you go out. Both hands face up."),
    "example_thirty_points_rummy_1": "You draw 7♥.",
    "example_thirty_points_rummy_2": "Down go the eights...",
    "example_thirty_points_rummy_3": "...the run of hearts...",
    "example_thirty_points_rummy_4": "...and the jacks.",
    "example_thirty_points_rummy_5": (
        "Your last card goes on the discard pile: a rummy, worth {hand_score[0]} points."),
    # rummy500_dig
    "example_rummy500_dig_title": "Digging deep in the fanned pile (Rummy 500)",
    "example_rummy500_dig_intro": (
        "A Rummy 500 hand under way, both hands shown face up. The discard pile is fanned: "
        "every card in it shows, bottom 3♣ to top 9♣. You have a run of spades and four aces "
        "on the table; the opponent has three runs, among them 4♦ 5♦ 6♦."),
    "example_rummy500_dig_1": (
        "You dig four deep for Q♠: it comes to your hand with every card above it (8♣ 2♥ 9♣)."
        " Q♠ must be used at once."),
    "example_rummy500_dig_2": "You meld Q♠ Q♥ Q♦: three queens, 30 points on the table for you.",
    "example_rummy500_dig_3": (
        "You lay off 7♦ on the opponent's run. In Rummy 500 the card scores for you, the "
        "player who laid it off."),
    "example_rummy500_dig_4": (
        "You discard 9♣ and keep K♠ K♥ 8♣ 2♥: the dig brought cards that now count against "
        "you."),
    "example_rummy500_dig_5": "The opponent draws from the stock (3♥).",
    "example_rummy500_dig_6": "The opponent melds three jacks.",
    "example_rummy500_dig_7": "The opponent lays off 8♦ on the diamond run.",
    "example_rummy500_dig_8": (
        "The opponent discards 3♥, the last card, and goes out. Each player scores melded "
        "minus deadwood: you {melded[0]} - {deadwood[0]} = {hand_score[0]}; the opponent "
        "{melded[1]} - {deadwood[1]} = {hand_score[1]}."),
    # contract_last_hand
    "example_contract_last_hand_title": "A buy and the last hand (Contract Rummy, hand 7)",
    "example_contract_last_hand_intro": (
        "Hand 7 of Contract Rummy: twelve cards each, and the contract is three runs of four."
        " In this hand there is no final discard: you go out only by laying your whole hand "
        "down. Only your hand is shown face up. You are one card short: 5♦ would turn 2♦ 3♦ "
        "4♦ into a run of four."),
    "example_contract_last_hand_1": (
        "Left draws from the stock. The others are offered K♥, the card turned up to start "
        "the pile."),
    "example_contract_last_hand_2": "Right does not want K♥.",
    "example_contract_last_hand_3": (
        "Neither do you: buying costs a penalty card, so buy only what you need."),
    "example_contract_last_hand_4": "Left discards 5♦: the card you want.",
    "example_contract_last_hand_5": (
        "Right, whose turn it is, had first refusal on 5♦ and drew from the stock instead. "
        "Now the others may buy 5♦."),
    "example_contract_last_hand_6": (
        "You call buy: 5♦ comes to your hand, with one card from the stock as the penalty "
        "(7♠, as it happens, a lucky one)."),
    "example_contract_last_hand_7": "Right discards 2♠.",
    "example_contract_last_hand_8": "Your turn: you draw 6♦. Your fifteen cards make three runs.",
    "example_contract_last_hand_9": "Left is offered Right's 2♠ and passes.",
    "example_contract_last_hand_10": (
        "You lay down the contract, three runs of five, and with it your whole hand: you go "
        "out with no discard. Penalties: Left {hand_score[1]}, Right {hand_score[2]}, you 0. "
        "Final totals: you {score[0]}, Left {score[1]}, Right {score[2]}; the lowest total "
        "wins."),
    # rummy500_three
    "example_rummy500_three_title": "A deep dig at a table of three (Rummy 500)",
    "example_rummy500_three_intro": (
        "Three players, half-way through a Rummy 500 hand; all hands are shown face up so you"
        " can follow every card. Cleo owns the run 9♣ 10♣ J♣, Ben the set 5♠ 5♥ 5♦. The "
        "fanned pile holds seven cards, 3♥ at the bottom, K♦ six from the top. You hold K♠ "
        "K♥: the K♦ would make a set of kings."),
    "example_rummy500_three_1": (
        "You dig six deep for K♦. Every card above it comes too: 7♠ 2♣ 8♥ 4♦ 6♣. K♦ is the "
        "must-use card: it goes on the table first."),
    "example_rummy500_three_2": "You meld the three kings: 30 points on the table for you.",
    "example_rummy500_three_3": (
        "You lay off Q♣ on Cleo's run of clubs. The card stays with Cleo's meld, but its 10 "
        "points are yours."),
    "example_rummy500_three_4": (
        "And 5♣ on Ben's set of fives: 5 more points for you, on another opponent's meld."),
    "example_rummy500_three_5": (
        "You discard 2♣. The dig filled your hand: seven cards now wait in it, {deadwood[0]} "
        "points if the hand ended now."),
    "example_rummy500_three_6": "Ben draws from the stock: 8♣.",
    "example_rummy500_three_7": "Ben melds three nines.",
    "example_rummy500_three_8": "Ben lays off 8♣ at the low end of Cleo's run; it scores for Ben.",
    "example_rummy500_three_9": (
        "Ben discards 3♠, his last card, and goes out before Cleo ever plays. Melded minus "
        "left in hand: you {melded[0]} - {deadwood[0]} = {hand_score[0]}; Ben {melded[1]} - "
        "{deadwood[1]} = {hand_score[1]}; Cleo {melded[2]} - {deadwood[2]} = {hand_score[2]}."
        " The deep dig earned you 30 in kings but left you holding more than that."),
    # contract_contested_buy
    "example_contract_contested_buy_title": (
        "Two players buy the same card (Contract Rummy, hand 7)"),
    "example_contract_contested_buy_intro": (
        "Hand 7, the last hand, with four players: twelve cards each, and the contract is "
        "three runs of four, all cards at once. Your hand and Ben's are shown face up. You "
        "hold 2♣ 3♣ 4♣ and want 5♣; so does Ben, for 5♣ 6♣ 7♣ 8♣. Cleo is to play first."),
    "example_contract_contested_buy_1": (
        "Cleo draws from the stock. The others are asked in turn whether they want to buy A♥,"
        " the card that opened the pile."),
    "example_contract_contested_buy_2": "Dana passes.",
    "example_contract_contested_buy_3": (
        "You pass: a buy costs a penalty card, so buy only what you need."),
    "example_contract_contested_buy_4": "Ben passes.",
    "example_contract_contested_buy_5": "Cleo discards 5♣: the card both you and Ben want.",
    "example_contract_contested_buy_6": (
        "Dana, whose turn it is, has first refusal on 5♣. She draws from the stock instead, "
        "so the others may now buy it."),
    "example_contract_contested_buy_7": "You call buy.",
    "example_contract_contested_buy_8": (
        "Ben calls buy too. The card goes to the buyer first in turn order after Dana: you. "
        "5♣ comes to your hand with a penalty card from the stock (7♠); Ben gets nothing and "
        "keeps his buys."),
    "example_contract_contested_buy_9": "Dana discards J♣.",
    "example_contract_contested_buy_10": (
        "Your turn: you draw A♣. With the bought card and the penalty card you hold fifteen "
        "cards."),
    "example_contract_contested_buy_11": "Ben passes on J♣.",
    "example_contract_contested_buy_12": "So does Cleo.",
    "example_contract_contested_buy_13": (
        "You lay down three runs of five, all fifteen cards: the contract, and you are out "
        "with no discard. Penalty points: Ben {hand_score[1]}, Cleo {hand_score[2]}, Dana "
        "{hand_score[3]}. Final totals: you {score[0]}, Ben {score[1]}, Cleo {score[2]}, Dana"
        " {score[3]}; the lowest total wins."),
}

LESSON_WORDS = {
    # --- the three games side by side (rummy_teach/lessons/compare.py) ---------------------------
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
