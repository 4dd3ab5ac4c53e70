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
    # --- moves: the judge of moves (rummy_teach/game/judge.py), issue 11 -----------
    "move_ok": "{action} is allowed now.",
    "game_over": "The game is over; no more moves.",
    "deal_next": "The hand is over: 'next' deals the next hand.",
    "answer_buy": "Player {player} is asked whether to buy {card}: answer 'buy' or 'pass'.",
    "draw_first": "First draw a card: 'draw' from the stock or 'take' from the discard pile.",
    "play_not_draw": "You have drawn already: meld, lay off, or discard to end the turn.",
    "not_now": "'{kind}' is not a move at this moment; possible now: {allowed}.",
    "end_needs_empty_stock": "The hand ends this way only when the stock is empty.",
    "no_end_in_game": "{game} has no 'end' move: an empty stock is handled for you.",
    "stock_empty": "The stock is empty; take from the discard pile{or_end}.",
    "discard_pile_empty": "The discard pile is empty, so there is nothing to take.",
    "take_top_only": "Only the top card of the discard pile may be taken in {game}.",
    "take_too_deep": "The discard pile holds only {size} card(s), so 'take {depth}' reaches past its bottom.",
    "take_unusable": "{card} must be used at once in a meld or a lay-off, and these cards "
                     "give no way to use it.",
    "boot_must_go_out": "Before drawing, cards go down only on your first turn and only to go out "
                        "at once without drawing (booting); these moves leave no way to do that.",
    "no_booting": "Before drawing you may not meld or lay off: draw first.",
    "must_use_taken": "{card}, taken from the discard pile, must be used at once: meld it or lay "
                      "it off before anything else.",
    "card_not_in_hand": "{card} is not in your hand ({hand}).",
    "card_named_twice": "{card} is named twice.",
    "not_a_meld": "{cards} is not a meld.",
    "contract_already_down": "Your contract is down: more cards go down only by laying them off.",
    "contract_whole_hand": "In hand {hand} the contract goes down only together with every card "
                           "in your hand, which ends the hand.",
    "keep_final_discard": "A final discard is required, so keep one card to discard.",
    "no_such_meld": "There is no meld number {target}; the table has {count} meld(s).",
    "layoff_before_contract": "Lay-offs start only after your contract is down.",
    "layoff_same_turn": "Lay-offs start on your turn after the one you laid your contract down in.",
    "no_out_by_discard_whole_hand": "In hand {hand} you go out only by laying your whole hand down, "
                                    "never by a discard.",
    "no_out_by_discard": "Going out by discarding is not allowed with these rules.",
    "no_buy_window": "Nobody is being offered a card to buy now.",
    "bad_player": "{player!r} is not a player at this table; players are 0 to {last}.",
    "lay_down_choices": "A lay-down is chosen meld by meld: {count} meld(s) chosen, {needed} needed.",
    "contract_wrong_card_count": "In hand {hand} the contract takes every card at once: {expected} "
                                 "cards {when}, and these are {count}.",
}


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
