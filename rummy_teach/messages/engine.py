"""The engine's words: cards, ranks and suits, melds and their checks, lay-offs,
contracts, rule sets, counts and the card notation, and the languages' names.

Part of the message catalogue (:mod:`rummy_teach.messages`).
"""

from ..plural import Plural

WORDS = {
    # meld checks
    "too_few_cards": Plural(
        "A {kind} needs at least {minimum}; this is only one.",
        "A {kind} needs at least {minimum}; these are only {count}.", count="count"),
    "empty": "There are no cards here to judge.",
    "duplicate_card": "{card} appears twice, but there is only one such physical card.",
    "joker_not_allowed": "{game} is played without jokers, so {card} cannot be part of a meld.",
    "not_in_deck": "{card} is not in the cards of {game}, which uses {packs} and {jokers}.",
    "joker_not_in_game": "{game} is played without jokers: {card} is not among its cards.",
    "no_natural_card": "A meld needs at least one natural card; these are all wild.",
    "too_many_wilds": "House rule: natural cards must outnumber wild cards; "
                      "here it is {wilds} against {naturals}.",
    "mixed_ranks_and_suits": "Not a set, because the ranks differ ({ranks}), "
                             "and not a run, because the suits differ ({suits}).",
    "not_same_rank": "Not a set: a set's cards all have one rank, these have {ranks}.",
    "not_same_suit": "Not a run: a run's cards all have one suit, these have {suits}.",
    "set_too_big": "A set in {game} has at most {maximum} cards; this one has {count}.",
    "repeated_rank_in_run": "A run cannot hold two cards of rank {rank}.",
    "gap": "There is a gap in the run: {missing} missing between {low} and {high}.",
    "gap_not_filled": Plural(
        "The run has gaps ({missing}) and only one wild card to fill them.",
        "The run has gaps ({missing}) and only {wilds} wild cards to fill them.", count="wilds"),
    "wraps_around": "A run cannot turn the corner from king to ace to 2 ({cards}).",
    "ace_high_not_allowed": "In {game} the ace is low only: it comes before the 2, "
                            "so {cards} is not a run.",
    "ace_both_ends": "An ace may end a run at one end only, never at both.",
    "run_too_long": "A run goes from ace to ace at the longest (14 cards); this one would need {count}.",
    # meld verdicts (good news also gets a reason, so feedback can always explain)
    "is_set": "A set of {count} {rank_plural}.",
    "is_run": "A run of {count} {suit}, from {low} to {high}.",
    "wild_stands_for": "{card} stands for {stands_for}.",
    # lay-offs
    "layoff_fits": "{card} fits on {meld}.",
    "layoff_does_not_fit": "{card} does not fit on {meld}: {why}",
    "joker_layoff_natural_playable": "Persian rule: a joker may not be laid off where the natural "
                                     "card it would stand for ({stands_for}) is still playable.",
    # contracts
    "contract_held": "These cards hold the contract {contract}: {melds}.",
    "contract_missing": "These cards do not hold the contract {contract}: {why}",
    "contract_wrong_meld_count": Plural(
        "The first lay-down holds exactly {expected} for {contract}; this is one.",
        "The first lay-down holds exactly {expected} for {contract}; these are {count}.", count="count"),
    # discarding the card just taken from the discard pile
    "taken_discard_blocked": "{card} was taken from the discard pile this turn, so it may not "
                             "go straight back; another card must be discarded.",
    "taken_discard_last_card": "{card} was taken from the discard pile, but it is the last card "
                               "in hand, so discarding it to go out is allowed.",
    "taken_discard_free": "{game} has no rule against discarding the card just taken, so {card} "
                          "may be discarded.",
    "card_not_in_hand": "{card} is not in your hand ({hand}).",
    "card_named_twice": "{card} is named twice.",
    # --- words for cards and moves (issue 12: pages for card players) ---------------------
    # A card's spoken name (screen readers, tooltips) and a move told as a card player
    # says it ("You lay 8♣ off on the eights"), never as an engine command. "you" codes
    # are the learner's own moves (English conjugates "you" apart).
    "card_name": "{rank} of {suit}",
    "card_copy": "{name}, copy {copy}",
    "card_joker": "joker",
    **{f"rank_{rank}": word for rank, word in enumerate(
        ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "jack", "queen", "king"), start=1)},
    "suit_S": "spades", "suit_H": "hearts", "suit_D": "diamonds", "suit_C": "clubs",



    # a card's name with its article, for a sentence that names it ("take the queen of
    # spades"): one message per rank, since the article agrees with the rank's word
    # ("la regina", "il re", "l'asso") and Dutch makes suit and rank one word ("de schoppenvrouw")
    **{f"card_the_{rank}": f"the {word} of {{suit}}" for rank, word in enumerate(
        ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "jack", "queen", "king"), start=1)},
    "card_the_joker": "the joker",
    "meld_name_set": "the {rank_plural}",
    "meld_name_run": "the run {cards}",
    "meld_name_numbered": "meld {number}",
    # --- languages (rummy_teach/i18n.py, issue 16) -----------------------------------------
    "language_unknown": "'{value}' is not a language rummy_teach speaks; choose one of {accepted}.",
    # --- words said when the sentence is said (issue 16, part "core") --------------------------
    # Parameters hold neutral values (cards, numbers, or a Reason of these codes) so that a
    # verdict made in one language is said in another: a suit's name, a rank in the plural,
    # a game's title, a meld or a contract described, why a card does not fit. Kept apart so
    # that parallel additions merge cleanly; their translations are in locale/*/core.po.
    # a rank in the plural ("a set of eights") and with its article ("an eight (any suit)")
    **{f"ranks_{rank}": word for rank, word in enumerate(
        ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
         "tens", "jacks", "queens", "kings"), start=1)},
    **{f"rank_a_{rank}": word for rank, word in enumerate(
        ("an ace", "a two", "a three", "a four", "a five", "a six", "a seven", "an eight",
         "a nine", "a ten", "a jack", "a queen", "a king"), start=1)},
    "wild_any_suit": "{rank} (any suit)",
    # joining words
    "words_and": "{first} and {second}",
    **{f"count_{n}": word for n, word in enumerate(("one", "two", "three", "four", "five"),
                                                    start=1)},
    # counted words, the parameter of a sentence that has a count of its own already
    # ("which uses {packs} and {jokers}": a second count is nested this way)
    "count_cards": Plural(
        "{count} card",
        "{count} cards", count="count"),
    "count_decks": Plural(
        "{count} deck",
        "{count} decks", count="count"),
    "count_jokers": Plural(
        "{count} joker",
        "{count} jokers", count="count"),
    "count_wild_cards": Plural(
        "{count} wild card",
        "{count} wild cards", count="count"),
    "count_natural_cards": Plural(
        "{count} natural card",
        "{count} natural cards", count="count"),
    "count_melds": Plural(
        "{count} meld",
        "{count} melds", count="count"),
    "count_sets": Plural(
        "{count} set",
        "{count} sets", count="count"),
    "count_runs_of": Plural(
        "{count} run of {min_run}+",
        "{count} runs of {min_run}+", count="count"),
    # a contract in words (rummy_teach/contracts.py): "one set of 3", "two sets of 3";
    # {number} is the count in words up to five
    "contract_sets": Plural(
        "one set of {size}",
        "{number} sets of {size}", count="count"),
    "contract_runs": Plural(
        "one run of {size}",
        "{number} runs of {size}", count="count"),
    # a meld named in a lay-off ("7♥ fits on the run 4♥ 5♥ 6♥")
    "layoff_meld_set": "the set {cards}",
    "layoff_meld_run": "the run {cards}",
    "layoff_meld_meld": "the meld {cards}",
    # why a card does not fit on a meld (the {why} of layoff_does_not_fit)
    "layoff_why_set_rank": "a set of {rank_plural} only takes another {rank}.",
    "layoff_why_set_rank_wild": "a set of {rank_plural} only takes another {rank} (or a wild card).",
    "layoff_why_set_full": "the set already has {count} cards, the most {game} allows.",
    "layoff_why_wilds": "natural cards must outnumber wild cards (house rule).",
    "layoff_why_run_long": "a run cannot be longer than 13 cards.",
    "layoff_why_no_room_low": "there is no room at the low end of this run.",
    "layoff_why_no_room_high": "there is no room at the high end of this run.",
    "layoff_why_suit": "the run is in {suit} and {card} is not.",
    "layoff_why_ace_low": "in {game} the ace is low only, so it cannot follow the king.",
    "layoff_why_no_end": "the run cannot grow at either end.",
    "layoff_why_ends": "a run grows only at its ends, so the cards that fit are {wanted}.",
    # contracts in words ("two sets of 3 and one run of 4")
    "contract_why_whole_hand": "in this hand every card must go down at once, in exactly the "
                               "contract's melds.",
    "contract_why_kinds": "these melds do not match the contract's kinds and sizes.",
    "contract_why_best": "the best these cards make is {have}.",
    "contract_have_sets": Plural(
        "{sets} where one is needed",
        "{sets} where {wanted} are needed", count="wanted"),
    "contract_have_runs": Plural(
        "{runs} where one is needed",
        "{runs} where {wanted} are needed", count="wanted"),
    "when_before_draw": "before the draw",
    "when_after_draw": "after the draw",
    "stock_empty_or_end": " or 'end' the hand",
    # card notation that cannot be read (rummy_teach/cards.py)
    "notation_accepted": "rank A 2 3 4 5 6 7 8 9 10 J Q K (T for 10) followed by suit S H D C "
                         "or ♠ ♥ ♦ ♣, e.g. 8S, 10H, Q♦; JK or Joker for a joker; #2 after a "
                         "card names its second copy",
    "notation_not_text": "{text} is not card text; write a card as {accepted}",
    "notation_copy": "{text} is not a card: the copy number after '#' must be 1, 2, 3...",
    "notation_short": "{text} is not a card: write a card as {accepted}",
    "notation_bad_suit": "{text} is not a card: the suit {suit} is not one of S H D C or ♠ ♥ ♦ ♣",
    "notation_bad_rank": "{text} is not a card: the rank {rank} is not one of "
                         "A 2 3 4 5 6 7 8 9 10 J Q K (T for 10)",
    "notation_card_at": "card {position} of {count}: {error}",
    "notation_not_cards": "{given} is not a list of cards: give cards as text, like \"8S 8H 8D\", or as a list, "
                          "like [\"8S\", \"8H\", \"8D\"]",
    # choosing a game (rummy_teach/rules.py)
    "rules_no_contracts": "{game} has no contracts",
    "rules_bad_hand": "hand must be 1 to {last} in {game}, not {hand}",
    "rules_unknown_game": "unknown game or variant {name}; choose one of {names}",
    "rules_bad_players": "{game} is for {least} to {most} players, not {players}",
    # a game for one number of players only (Partnership 500: four)
    "rules_bad_players_exact": Plural("{game} is for exactly one player, not {players}",
                                      "{game} is for exactly {least} players, not {players}",
                                      count="least"),
    "rules_unknown_option": Plural(
        "unknown rule option {unknown} for {name}; options are: {known}",
        "unknown rule options {unknown} for {name}; options are: {known}", count="count"),
    # refusals raised as errors (rummy_teach/game/state.py, rummy_teach/melds.py)
    "move_not_allowed": "You can't {action} now: {why}",
    "meld_refused": "{cards} is not a meld: {why}",
}
