"""The game's words: the judge's verdicts on moves, moves narrated, positions that
cannot arise, the computer players' levels, transcripts and the command line.

Part of the message catalogue (:mod:`rummy_teach.messages`).
"""

from ..plural import Plural

WORDS = {
    # --- moves: the judge of moves (rummy_teach/game/judge.py), issue 11 -----------
    "move_ok": "{action} is allowed now.",
    "game_over": "The game is over; no more moves.",
    "deal_next": "The hand is over: 'next' deals the next hand.",
    "answer_buy": "{who} is asked whether to buy {card}: answer 'buy' or 'pass'.",
    "draw_first": "First draw a card: 'draw' from the stock or 'take' from the discard pile.",
    "play_not_draw": "You have drawn already: meld, lay off, or discard to end the turn.",
    "not_now": "'{kind}' is not a move at this moment; possible now: {allowed}.",
    "end_needs_empty_stock": "The hand ends this way only when the stock is empty.",
    "no_end_in_game": "{game} has no 'end' move: an empty stock is handled for you.",
    "stock_empty": "The stock is empty; take from the discard pile{or_end}.",
    "discard_pile_empty": "The discard pile is empty, so there is nothing to take.",
    "take_top_only": "Only the top card of the discard pile may be taken in {game}.",
    "take_too_deep": Plural(
        "The discard pile holds only one card, so 'take {depth}' reaches past its bottom.",
        "The discard pile holds only {size} cards, so 'take {depth}' reaches past its bottom.", count="size"),
    "take_unusable": "{card} must be used at once in a meld or a lay-off, and these cards "
                     "give no way to use it.",
    "boot_must_go_out": "Before drawing, cards go down only on your first turn and only to go out "
                        "at once without drawing (booting); these moves leave no way to do that.",
    "no_booting": "Before drawing you may not meld or lay off: draw first.",
    "must_use_taken": "{card}, taken from the discard pile, must be used at once: meld it or lay "
                      "it off before anything else.",
    "not_a_meld": "{cards} is not a meld.",
    "contract_already_down": "Your contract is down: more cards go down only by laying them off.",
    "contract_whole_hand": "In hand {hand} the contract goes down only together with every card "
                           "in your hand, which ends the hand.",
    "keep_final_discard": "A final discard is required, so keep one card to discard.",
    "no_such_meld": Plural(
        "There is no meld number {target}; the table has one meld.",
        "There is no meld number {target}; the table has {count} melds.", count="count"),
    "layoff_before_contract": "Lay-offs start only after your contract is down.",
    "layoff_same_turn": "Lay-offs start on your turn after the one you laid your contract down in.",
    "no_out_by_discard_whole_hand": "In hand {hand} you go out only by laying your whole hand down, "
                                    "never by a discard.",
    "no_out_by_discard": "Going out by discarding is not allowed with these rules.",
    # -- without going out by a discard, a lone card left in hand could never be played --
    "keep_no_single_card": "Going out by discarding is not allowed with these rules, so do not "
                           "leave yourself one card: you could only discard it. Play every card, "
                           "or keep at least two.",
    "no_buy_window": "Nobody is being offered a card to buy now.",
    "bad_player": "{player!r} is not a player at this table; players are 0 to {last}.",
    "lay_down_choices": Plural(
        "A lay-down is chosen meld by meld: one meld chosen, {needed} needed.",
        "A lay-down is chosen meld by meld: {count} melds chosen, {needed} needed.", count="count"),
    "contract_wrong_card_count": Plural(
        "In hand {hand} the contract takes every card at once: {expected} {when}, and this is "
        "one.",
        "In hand {hand} the contract takes every card at once: {expected} {when}, and these are"
        " {count}.", count="count"),
    "deal_size": "In {game} with {players} players each player is dealt {cards} cards.",
    "deal_size_hand": "In {game} every player is dealt {cards} cards in hand {hand}, "
                      "whatever the number of players ({players} here).",
    "deal_table": "The deal sizes of {game}: {sizes}.",
    "deal_decks": "With {players} players the game uses {decks} of 52 cards and {jokers}; "
                  "more players need more cards, so count the players first.",
    "stock_out_turn_over": Plural(
        "In {game} the discard pile is turned over as it lies, without shuffling, and becomes "
        "the new stock; no discard pile is left, so the next player draws from the stock. This "
        "may happen only once in a hand, so keep count.",
        "In {game} the discard pile is turned over as it lies, without shuffling, and becomes "
        "the new stock; no discard pile is left, so the next player draws from the stock. This "
        "may happen {turnovers} times in a hand, so keep count.", count="turnovers"),
    "stock_out_void": Plural(
        "In {game} the stock may be renewed only once in a hand. When it runs out once more the"
        " hand is void: nobody scores and the deal passes on. Count the turnovers as you play.",
        "In {game} the stock may be renewed only {turnovers} times in a hand. When it runs out "
        "once more the hand is void: nobody scores and the deal passes on. Count the turnovers "
        "as you play.", count="turnovers"),
    "stock_out_end_hand": "In {game} an empty stock ends the hand when the player to move cannot, "
                          "or will not, take from the discard pile. Nobody went out; everyone "
                          "scores melded cards minus cards left in hand.",
    "stock_out_reshuffle": "In {game} the discard pile, all but its top card, is shuffled into a "
                           "new stock and play goes on. The sources are silent here; this book "
                           "plays it so.",
    "game_end_highest": "{winners} wins. In {game} the game ends in the hand in which somebody "
                        "reaches {target}; when several pass it together, the highest total wins.",
    "game_end_tie_again": "Nobody has won yet. Two or more players share the highest total at or "
                          "above {target}, so another hand is played to break the tie.",
    "game_end_not_yet": "Nobody has won yet: nobody has reached {target}, so the game goes on.",
    "game_end_lowest": "{winners} wins. In {game} the lowest total after the last hand wins: "
                       "penalty points count against you, so look for the smallest number.",
    "game_end_last_hand": "{winners} wins. Two or more players share the lowest total, so the "
                          "lower score in the last hand breaks the tie.",
    "game_end_shared": "{winners} share the win: their totals are level and so are their "
                       "scores in the last hand.",
    "move_draw": "{who} draws from the stock.",
    "move_draw_you": "You draw from the stock.",
    "move_draw_seen": "You draw {cards} from the stock.",
    "move_take": "{who} takes {card} from the discard pile.",
    "move_take_you": "You take {card} from the discard pile.",
    "move_dig": "{who} digs {depth} deep for {card}, picking up {cards}.",
    "move_dig_you": "You dig {depth} deep for {card}, picking up {cards}.",
    "move_meld": "{who} melds {melds}.",
    "move_meld_you": "You meld {melds}.",
    "move_layoff": "{who} lays {card} off on {meld}.",
    "move_layoff_you": "You lay {card} off on {meld}.",
    "move_discard": "{who} discards {card}.",
    "move_discard_you": "You discard {card}.",
    "move_buy": "{who} buys {card} (and takes a penalty card from the stock).",
    "move_buy_you": "You buy {card} (and take a penalty card from the stock).",
    "move_pass": "{who} does not buy {card}.",
    "move_pass_you": "You do not buy {card}.",
    "move_end": "{who} takes nothing from the empty stock: the hand ends.",
    "move_end_you": "You take nothing from the empty stock: the hand ends.",
    # positions that prove themselves (rummy_teach/game/position.py): why a scripted position
    # could not arise in a real game, said to the teacher or author who wrote it
    "count_cards_left": Plural("only {count} card is left", "only {count} cards are left"),
    "count_times": Plural("once", "{count} times"),
    "count_players": Plural("{count} player", "{count} players"),
    "count_points": Plural("{count} point", "{count} points"),
    "position_hand_size": "{who} holds {cards} at the start of a turn, with {laid} on the table. "
                          "In this hand each player is dealt {dealt}; every turn draws one card "
                          "and discards one, and only melds and lay-offs make a hand smaller, "
                          "so {who} would hold {expected}.",
    "position_hand_size_buys": "{who} holds {cards} at the start of a turn, with {laid} on the table, "
                               "and has bought {buys} this hand. Each player is dealt {dealt}; every "
                               "turn draws one card and discards one, every buy brings two cards (the "
                               "discard and a penalty card), and only melds and lay-offs make a hand "
                               "smaller, so {who} would hold {expected}.",
    "position_hand_too_small": "{who} holds {cards} with {laid} on the table: each player is dealt "
                               "{dealt}, and a hand shrinks only by what its player puts on the table, "
                               "so {who} holds at least {expected}.",
    "position_hand_too_big_nothing_down": "{who} holds {cards} with nothing on the table: a hand grows "
                                          "beyond the {dealt} dealt only by taking several cards from the "
                                          "discard pile, and the card chosen there goes on the table at once.",
    "position_empty_hand": "{who} holds no cards: whoever plays their last card goes out, and the hand "
                           "ends at once.",
    "position_too_many_buys": "{who} has bought {buys} this hand, but a player may buy at most {most} "
                              "in a hand.",
    "position_buying_off": "{who} has bought cards, but {game} is played here without buying.",
    "position_stock_too_big": "The stock holds {cards}, but after the deal ({dealt} to each of {players}) "
                              "{most}, and the stock only gets smaller. Give the stock fewer cards: the "
                              "others lie in the discard pile.",
    "position_no_discard": "The discard pile is empty: it starts with the card turned up after the deal, "
                           "and every turn ends with a discard.",
    "position_table_in_whole_hand": "In hand {hand} the contract goes down only with every card at once, "
                                    "which ends the hand, so nothing can be on the table while the hand "
                                    "goes on.",
    "position_layoff_before_contract": "{who} has laid off cards but has no contract on the table: "
                                       "lay-offs come only after your own contract.",
    "position_not_the_contract": "{who} has {melds} on the table, but hand {hand}'s contract is "
                                 "{contract}: a player's first melds are the whole contract, laid down "
                                 "in one turn, and no new meld follows it.",
    "position_scores_in_first_hand": "There are scores, but the first hand is not over yet: give the "
                                     "hand's number.",
    "position_game_over": "{who} has {score}, at or above the target of {target}: the game would be over.",
    "position_impossible": "This position cannot happen in a real game:\n{why}",
    "count_questions": Plural("{count} question", "{count} questions"),
    "position_constructed": "A simplified illustration: not a position from a real game.",
    # the games' titles (rummy_teach/rules.py: "game_" + the rule set's name, - as _)
    "game_basic": "Basic Rummy",
    "game_500": "Rummy 500",
    "game_500_short": "Rummy 500, short game (to 300)",
    "game_persian": "Persian Rummy",
    "game_partnership": "Partnership 500",
    "game_booting": "Rummy 500 with booting",
    "game_contract": "Contract Rummy",
    "game_shanghai": "Shanghai",
    "game_california": "California Contract Rummy",
    "game_liverpool": "Liverpool Rummy (UK, no buying)",
    "game_strict_no_buy": "Contract Rummy, strict no-buy",
    "game_double_progressive": "Double Progressive Rummy",
    # the command line (rummy_teach/cli.py)
    "cli_legal": "legal: {cards} ({kind})",
    "cli_not_meld": "not a meld: {cards}",
    "cli_arrange_meld": "meld ({kind}): {cards}",
    "cli_arrange_deadwood": "deadwood: {cards}",
    "cli_arrange_score": "melded {melded} - deadwood {deadwood} = {score}",
    "cli_demo_hand": "{game}: the hand {cards}",
    "cli_demo_yes": "meld",
    "cli_demo_no": "no",
    "cli_demo_best": "best arrangement: {arrangement}",
    "cli_demo_caught": "opponent caught with {cards}: {points} points for you, {double} with a rummy",
    "cli_no_cards": "no cards given; write cards like: 8S 8H 8D (or '8♠ 8♥ 8♦')",
    "cli_accepted": "accepted: rank A 2-10 J Q K (T for 10) then suit S H D C or ♠ ♥ ♦ ♣; "
                    "JK or Joker for a joker",
    "cli_error": "rummy-teach {command}: {error}",
    # the transcript of an all-computer game (rummy_teach/game/transcript.py, rummy-teach play)
    "transcript_player": "Player {number}",
    "transcript_seat": "Player {number} {level}",
    "level_easy": "easy", "level_medium": "medium", "level_hard": "hard", "level_expert": "expert",



    "transcript_title": "{game}: {seats}; seed {seed}",
    "transcript_hand": "Hand {hand}: Player {dealer} deals, Player {player} starts; the discard pile "
                       "shows {card}",
    "transcript_hand_contract": "Hand {hand}: Player {dealer} deals, Player {player} starts, contract: "
                                "{contract}; the discard pile shows {card}",
    "transcript_holds": "Player {number} holds {cards}",
    "transcript_totals": "Totals: {totals}.",
    "transcript_game_over": Plural(
        "Game over after one hand. Final scores: {scores}",
        "Game over after {hands} hands. Final scores: {scores}", count="hands"),
    "transcript_score": "Player {number} {score}",
    "transcript_teams": "Teams: players 1 & 3 {first}, players 2 & 4 {second}",
    "transcript_winner": "Winner: {winners}",
    "transcript_winners_shared": "Winner: {winners} (shared)",
    "transcript_winners_team": "Winning team: {winners}",
}
