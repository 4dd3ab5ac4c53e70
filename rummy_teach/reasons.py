"""Reasons: why the engine judged as it did, as stable codes with parameters.

A :class:`Reason` is what quizzes, widgets and error messages show. Its ``code``
never changes once published (tests, stored quiz results and translations rely on
it); its ``params`` fill the message template. English is the only catalogue today;
another language is another dict of the same codes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ENGLISH = {
    # meld checks
    "too_few_cards": "A {kind} needs at least {minimum} cards; these are only {count}.",
    "empty": "There are no cards here to judge.",
    "duplicate_card": "{card} appears twice, but there is only one such physical card.",
    "joker_not_allowed": "{game} is played without jokers, so {card} cannot be part of a meld.",
    "not_in_deck": "{card} is not in the cards of {game}, which uses {packs} pack(s) and {jokers} joker(s).",
    "no_natural_card": "A meld needs at least one natural card; these are all wild.",
    "too_many_wilds": "House rule: natural cards must outnumber wild cards; "
                      "here {wilds} wild against {naturals} natural.",
    "mixed_ranks_and_suits": "Not a set, because the ranks differ ({ranks}), "
                             "and not a run, because the suits differ ({suits}).",
    "not_same_rank": "Not a set: a set's cards all have one rank, these have {ranks}.",
    "not_same_suit": "Not a run: a run's cards all have one suit, these have {suits}.",
    "set_too_big": "A set in {game} has at most {maximum} cards; this one has {count}.",
    "repeated_rank_in_run": "A run cannot hold two cards of rank {rank}.",
    "gap": "There is a gap in the run: {missing} missing between {low} and {high}.",
    "gap_not_filled": "The run has gaps ({missing}) and only {wilds} wild card(s) to fill them.",
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
    "contract_wrong_meld_count": "The first lay-down holds exactly {expected} melds for {contract}; "
                                 "these are {count}.",
    # discarding the card just taken from the discard pile
    "taken_discard_blocked": "{card} was taken from the discard pile this turn, so it may not "
                             "go straight back; another card must be discarded.",
    "taken_discard_last_card": "{card} was taken from the discard pile, but it is the last card "
                               "in hand, so discarding it to go out is allowed.",
    "taken_discard_free": "{game} has no rule against discarding the card just taken, so {card} "
                          "may be discarded.",
}

# --- words for cards and moves (issue 12: pages for card players) ---------------------
# A card's spoken name (screen readers, tooltips) and a move told as a card player
# says it ("You lay 8♣ off on the eights"), never as an engine command. "you" codes
# are the learner's own moves (English conjugates "you" apart).
ENGLISH.update({
    "card_name": "{rank} of {suit}",
    "card_copy": "{name}, copy {copy}",
    "card_joker": "joker",
    **{f"rank_{rank}": word for rank, word in enumerate(
        ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "jack", "queen", "king"), start=1)},
    "suit_S": "spades", "suit_H": "hearts", "suit_D": "diamonds", "suit_C": "clubs",
    "meld_name_set": "the {rank_plural}",
    "meld_name_run": "the run {cards}",
    "meld_name_numbered": "meld {number}",
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
})


def say(code: str, catalogue: dict | None = None, **params) -> str:
    """The catalogue's sentence for ``code`` with ``params`` filled in."""
    return Reason(code, params).text(catalogue)


@dataclass(frozen=True)
class Reason:
    """One judgement in words: a stable ``code`` and the ``params`` of its message."""

    code: str
    params: dict = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self):
        if self.code not in ENGLISH:
            raise KeyError(f"unknown reason code {self.code!r}")

    def text(self, catalogue: dict | None = None) -> str:
        """The message in the given catalogue's language (English by default)."""
        template = (catalogue or ENGLISH).get(self.code, ENGLISH[self.code])
        return template.format(**self.params)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Reason({self.code!r}, {self.params!r})"
