"""Reasons: why the engine judged as it did, as stable codes with parameters.

A :class:`Reason` is what quizzes, widgets and error messages show. Its ``code``
never changes once published (tests, stored quiz results and translations rely on
it); its ``params`` fill the message template. English is the only catalogue today;
another language is another dict of the same codes, made the one in use with
:func:`speaking` (every ``say`` inside the ``with`` block reads it).
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from string import Formatter

from .plural import Percent, Plural, Signed, plural_form  # noqa: F401  (part of this module's interface)
from .plural import is_number, number_text

ENGLISH = {
    # meld checks
    "too_few_cards": Plural(
        "A {kind} needs at least {minimum}; this is only one.",
        "A {kind} needs at least {minimum}; these are only {count}.", count="count"),
    "empty": "There are no cards here to judge.",
    "duplicate_card": "{card} appears twice, but there is only one such physical card.",
    "joker_not_allowed": "{game} is played without jokers, so {card} cannot be part of a meld.",
    "not_in_deck": "{card} is not in the cards of {game}, which uses {packs} and {jokers}.",
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
    "card_not_in_hand": "{card} is not in your hand ({hand}).",
    "card_named_twice": "{card} is named twice.",
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

    # --- quiz questions about play, and teaching lines (issue 13: quizzes that ask about
    # play). Each teach_* line says the rule and how to recognise it next time.
    "move_refused": "No. {who} may not play \u201c{move}\u201d now:",  # the judge's reasons follow
    "move_allowed": "Yes. {done}.",
    "card_went_to": Plural(
        "{who} ends up holding {card}; {who}'s hand grew by one card.",
        "{who} ends up holding {card}; {who}'s hand grew by {gained} cards.", count="gained"),
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


# positions that prove themselves (rummy_teach/game/position.py): why a scripted position
# could not arise in a real game, said to the teacher or author who wrote it
ENGLISH.update({
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
    "quizcheck_all_good": "{file}: {questions} checked, every one can be used in class.",
    "quizcheck_some_bad": "{file}: {questions} checked; {bad} cannot be used as written (see above).",
    "position_constructed": "A simplified illustration: not a position from a real game.",
})

_IN_USE: ContextVar[dict] = ContextVar("rummy_teach_catalogue", default=ENGLISH)


def catalogue_in_use() -> dict:
    """The catalogue that :func:`say` reads now (English unless :func:`speaking` chose another)."""
    return _IN_USE.get()


@contextmanager
def speaking(catalogue: dict):
    """Say everything inside the ``with`` block from ``catalogue`` (codes it lacks fall back
    to English). Caches of drawn pictures key on the catalogue in use, so a language switch
    never shows words of the previous one."""
    token = _IN_USE.set(catalogue)
    try:
        yield catalogue
    finally:
        _IN_USE.reset(token)


class _Writer(Formatter):
    """Fills a template as ``str.format`` does, but writes a number parameter (an int, a
    float, a :class:`~rummy_teach.plural.Percent`) as the language in use writes it, so
    no caller writes a number itself: "circa 19 punti", "ongeveer 0,5 punt", "1.234"."""

    def format_field(self, value, spec: str) -> str:
        if is_number(value):
            value = number_text(value, getattr(_IN_USE.get(), "language", "en"))
        return format(value, spec)


_WRITER = _Writer()


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
        """The message in the given catalogue's language (the one in use by default).

        A parameter that is itself a :class:`Reason` (a word such as a suit's name, a
        game's title, a meld's description) is said in the same language, when the
        sentence is said: params stay language-neutral, only the words change."""
        if catalogue is not None and catalogue is not _IN_USE.get():
            with speaking(catalogue):
                return self.text()
        code = addressed(self.code, self.params)
        template = _IN_USE.get().get(code, ENGLISH[code])
        english = ENGLISH[code]
        if isinstance(english, Plural):
            if not isinstance(template, tuple):    # a catalogue that kept one form only
                template = english
            template = template[plural_form(self.params[english.count])]
        return _WRITER.vformat(template, (), self.params)

    def __format__(self, spec: str) -> str:
        return format(self.text(), spec)

    def to_json(self) -> dict:
        """A JSON-able form, ``{"code", "params"}``, language-neutral (nested reasons too);
        :meth:`from_json` reads it back."""
        return {"code": self.code, "params": {k: _to_json(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: dict) -> "Reason":
        return cls(data["code"], {k: _from_json(v) for k, v in data.get("params", {}).items()})

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Reason({self.code!r}, {self.params!r})"


@dataclass(frozen=True)
class Player:
    """A player a sentence names: the seat's ``name`` (text, or words said when the sentence
    is said) and whether that player is the reader, ``you``.

    Code passes a Player where a message names a player; the message decides the person.
    A code ``X_you`` is message ``X`` said to the reader about themselves ("You go out"
    for "{who} goes out"); it leaves out the one parameter through which ``X`` names the
    player. :func:`addressed` picks it when that parameter is a Player who is the reader,
    so "Tu ha chiuso" or "vanno a Tu" cannot be said: a learner's seat name never fills a
    third-person sentence. Formatted by itself (a label: "You +30", "Tu: 7♣"), a Player is
    its name."""

    name: object
    you: bool = False

    def __format__(self, spec: str) -> str:
        return format(str(self.name), spec)

    def __str__(self) -> str:
        return str(self.name)

    def to_json(self) -> dict:
        return {"player": {"name": _to_json(self.name), "you": self.you}}


def seated(names, seat=None) -> tuple:
    """The players at a table named ``names``, the one at ``seat`` (None: nobody, as in a
    transcript of computer players) being the reader."""
    return tuple(Player(name, p == seat) for p, name in enumerate(names))


def _addressed_forms() -> dict:
    """Message code -> (the code of its form for the reader, the parameter that names them)."""
    forms = {}
    for code in ENGLISH:
        base = code[:-len("_you")]
        if code.endswith("_you") and base in ENGLISH:
            left_out = placeholders(ENGLISH[base]) - placeholders(ENGLISH[code])
            if len(left_out) == 1:
                forms[base] = (code, left_out.pop())
    return forms


def placeholders(template) -> set[str]:
    """The names a template fills in (``{card}`` -> ``card``); of a counted message's
    forms, every name any form fills in."""
    if isinstance(template, tuple):
        return set().union(*(placeholders(form) for form in template))
    return {name for _, name, _, _ in Formatter().parse(template) if name}


_ADDRESSED: dict = {}


def addressed(code: str, params: dict) -> str:
    """The code to say: ``code``, or its form for the reader (``code + "_you"``) when the
    player it names is the reader (see :class:`Player`). The one place the person is chosen."""
    if not _ADDRESSED:
        _ADDRESSED.update(_addressed_forms())
    form = _ADDRESSED.get(code)
    if form is not None:
        player = params.get(form[1])
        if isinstance(player, Player) and player.you:
            return form[0]
    return code


class Reasons(tuple):
    """Several reasons as one parameter of a sentence ("... is not allowed now: {why}"):
    said one per line (or joined by ``joiner``), in the language in use; ``run_on`` starts
    the first with a small letter, for a sentence that goes on after a colon."""

    run_on = False
    joiner = "\n"

    def __new__(cls, reasons=(), run_on: bool = False, joiner: str = "\n"):
        made = super().__new__(cls, reasons)
        made.run_on, made.joiner = run_on, joiner
        return made

    def __format__(self, spec: str) -> str:
        text = self.joiner.join(r.text() for r in self)
        if self.run_on and text[:2].isalpha() and text[1].islower():
            text = text[0].lower() + text[1:]
        return format(text, spec)

    def __str__(self) -> str:
        return format(self, "")


#: Readers of the other words a parameter may be (rummy_teach.quiz.words registers a game's
#: name, a contract, a joined list): the key that marks the stored form -> its reader. Such
#: an object writes itself with its own ``to_json()``.
READERS: dict = {"percent": lambda stored: Percent(stored["percent"]),
                  "signed": lambda stored: Signed(stored["signed"])}


def _to_json(value):
    """A parameter's stored form, the one form of every stored sentence: a nested Reason is
    ``{"reason": {"code", "params"}}``, several ``{"reasons": [...]}``, a dict ``{"dict"}``."""
    if isinstance(value, Reasons):
        return {"reasons": [r.to_json() for r in value], "run_on": value.run_on,
                "joiner": value.joiner}
    if isinstance(value, Reason):
        return {"reason": value.to_json()}
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_to_json(v) for v in value]
    if isinstance(value, dict):
        return {"dict": {k: _to_json(v) for k, v in value.items()}}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)       # cards, actions: their notation, which reads the same in every language


def _from_json(value):
    """A parameter from its stored form. A nested reason stored bare, ``{"code", "params"}``
    (how quiz files and the classroom store kept it before the two forms became one), is
    read too. A dict of none of these forms is not a stored sentence: ValueError."""
    if isinstance(value, list):
        return [_from_json(v) for v in value]
    if isinstance(value, dict):
        if "reason" in value:
            return Reason.from_json(value["reason"])
        if "reasons" in value:
            return Reasons((Reason.from_json(r) for r in value["reasons"]), value.get("run_on", False),
                           value.get("joiner", "\n"))
        if "dict" in value:
            return {k: _from_json(v) for k, v in value["dict"].items()}
        if "code" in value:
            return Reason.from_json(value)
        if "player" in value:
            return Player(_from_json(value["player"]["name"]), bool(value["player"].get("you")))
        for key, read in READERS.items():
            if key in value:
                return read(value)
        raise ValueError(f"not a stored sentence: {sorted(value)}")
    return value


class Verdict:
    """What every judgement shares (a meld check, a move verdict): ``ok`` and its
    ``reasons``; the boolean, the codes and the words are read from them."""

    ok: bool
    reasons: tuple[Reason, ...]

    def __bool__(self) -> bool:
        return self.ok

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(r.code for r in self.reasons)

    def explain(self) -> str:
        """Every reason in words, one line each."""
        return "\n".join(r.text() for r in self.reasons)


# --- the classroom's pages and refusals (issue 14) -----------------------------------------
# Kept apart from the engine's reasons above so that parallel additions merge cleanly.
ENGLISH.update({
    "join_title": "Join the class",
    "join_prompt": "Type the join code your teacher gives you, then press Join.",
    "join_label": "Join code:",
    "join_button": "Join",
    "join_wrong": "That is not this class's join code. Check it with your teacher and type it again.",
    "class_full_title": "This class is full",
    "class_full": "This class is full just now: every seat is taken. Wait a minute and reload "
                  "the page; if it stays full, tell your teacher.",
    "access_refused": "access refused",
    # the teacher's pages
    "report_title": "Class results: {title}",
    "report_heading": "Class report - session {session}",
    "report_updated": Plural(
        "{answers} answer · refreshed every {seconds} s",
        "{answers} answers · refreshed every {seconds} s", count="answers"),
    "report_terminal": "In a terminal:",
    "dashboard_heading": "Live dashboard - session {session}",
    "dashboard_summary": Plural(
        "{students}, {finished} has finished, {answers} so far.",
        "{students}, {finished} have finished, {answers} so far.", count="finished"),
    # the counted words of the summaries (a sentence with three counts nests two)
    "class_joined": Plural(
        "{count} student joined",
        "{count} students joined", count="count"),
    "count_answers": Plural(
        "{count} answer",
        "{count} answers", count="count"),
    "dashboard_questions": "Right and wrong per question",
    "dashboard_students": "Who is in",
    "projector_summary": Plural(
        "{students} · {finished} has finished",
        "{students} · {finished} have finished", count="finished"),
    "bar_label": "Question {number} ({question})",
    "bar_counts": "{right} right, {wrong} wrong",
    "student_finished": "finished",
    "student_on_question": "question {number} of {total}",
    "seconds_ago": "{n} s ago",
    "minutes_ago": "{n} min ago",
    "col_student": "Student", "col_where": "Now on", "col_answered": "Answered",
    "col_right": "Right", "col_seen": "Last seen", "col_rejoin": "Rejoin code",
    "col_session": "Session", "col_quiz": "Quiz", "col_students": "Students",
    "col_answers": "Answers", "col_started": "Started",
    "nav_report": "Report", "nav_dashboard": "Live dashboard", "nav_gradebook": "Gradebook (CSV)",
    "nav_answers": "All answers (CSV)", "nav_sessions": "Past sessions", "nav_paper": "Printable paper",
    "sessions_title": "Sessions in this results database",
    "paper_answer_with": "Answer with {form}.",
    "paper_points": Plural(
        "{n} point",
        "{n} points", count="n"),
    "paper_key_title": "Answer key",
    # the student's page
    "quiz_tries_left": Plural(
        "You may try again: one try left.",
        "You may try again: {n} tries left.", count="n"),
    "type_name_intro": "Type the name your teacher will see, then start. Only you and your "
                       "teacher see your answers and score.",
    "pick_name_intro": "Pick your name from the list, then start. Only you and your teacher see "
                       "your answers and score.",
    "pick_name_label": "Your name:",
    "name_missing": "Type your name first.",
    "name_too_long": "Please use at most {limit} characters.",
    "name_not_on_roster": "Pick your name from the list; if it is missing, tell your teacher.",
    "name_taken": "{name} has already joined this class. If that is you on another device or "
                  "browser, type the rejoin code shown at the top of your first page. If it is "
                  "not you, add your initial or surname to your name.",
    "rejoin_label": "Rejoin code:",
    "rejoin_placeholder": "6 digits",
    "rejoin_button": "Continue",
    "rejoin_wrong": Plural(
        "That is not the rejoin code for this name (one try left).",
        "That is not the rejoin code for this name ({left} tries left).", count="left"),
    "rejoin_locked": "Too many wrong codes. Ask your teacher: the dashboard shows your rejoin code.",
    "store_unavailable": "Your answers cannot be kept just now ({error}); please tell your teacher.",
    "joined_note": "You are {name}. Your rejoin code is {code}: with it you can go on from "
                   "another device.",
    "resumed_note": Plural(
        "Welcome back, {name}: your one answer so far is kept, and you are on question {number}"
        " of {total}. (Rejoin code {code}.)",
        "Welcome back, {name}: your {answers} answers so far are kept, and you are on question "
        "{number} of {total}. (Rejoin code {code}.)", count="answers"),
    "resumed_device_note": Plural(
        "Welcome back, {name}: you go on from this browser. Your one answer so far is kept, and"
        " you are on question {number} of {total}. (Rejoin code {code}.)",
        "Welcome back, {name}: you go on from this browser. Your {answers} answers so far are "
        "kept, and you are on question {number} of {total}. (Rejoin code {code}.)", count="answers"),
    "resumed_finished": "You have finished the quiz.",
    "answer_too_fast": "Slow down: wait a moment before you submit again.",
    "answer_already_given": "This question was already answered (in another tab or window?). "
                            "Reload the page to go on where you are.",
    "connection_lost": "This page lost its connection to the quiz. Your answers so far are "
                       "saved. Reload the page to go on where you were.",
    "reload_button": "Reload the page",
})

# --- the book's pages and tables in words (issue 12: words from the catalogue) -----------
# What the static book's script says while Python starts (rummy_teach.play.page_html
# hands these to book/_play/play/bookplay.js), the card table's status line and region
# labels (rummy_teach/board.py).
ENGLISH.update({
    "play_starting": "Starting the rules engine in your browser…",
    "play_failed": "The rules engine could not start in this browser:",
})
ENGLISH.update({
    # seats (rummy_teach.board.default_names)
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
})

# --- the book page's worker when it fails (issue 12: the worker's error text) -------------
# book/_play/play/bookplay.js shows "play_failed" followed by the reason it could not
# start, or "play_failed_event" when Python stopped on one event; never a browser's or
# Python's own text (rummy_teach.play.STATUS_WORDS hands these to the page).
ENGLISH.update({
    "play_failed_file": "Pages opened from a file cannot run it: serve the book's folder "
                        "(for example with python -m http.server) and open the page from there.",
    "play_failed_load": "Its files did not load. Reload the page to try again.",
    "play_failed_event": "The rules engine stopped while answering; the view above is the "
                         "last one it drew. Reload the page to start again.",
})


# --- the worked examples' words (issue 12: words from the catalogue) ----------------------
# rummy_teach/worked_examples.py: each example's title, its opening words (step 0) and
# one caption per step. A caption's {fields} are facts the engine computes about the
# game after that step (WorkedExample.facts), never typed-in numbers.
ENGLISH.update({
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
})

# --- the results database made once, and its least-privilege student role (issue 15) ------
# Kept apart from the blocks above so that parallel additions merge cleanly.
ENGLISH.update({
    "store_needs_init": "{where} has no rummy_teach tables yet. The classroom does not make "
                        "them on PostgreSQL (its role may only add answers): the teacher or "
                        "administrator runs once  rummy-teach db init --db OWNER_URL "
                        "--student-role ROLE  and the classroom is given the role's URL",
    "db_init_ready": "rummy-teach db init: the tables {tables} are ready in {where}",
    "db_init_role": "  student role {role}: may add answers and read them; may not change or "
                    "delete them, nor the tables",
    "db_init_url": "  give the classroom this database URL (shown once): {url}",
    "db_init_url_kept": "  give the classroom the database URL with this role and its password",
    "db_init_sqlite_role": "a SQLite results file has no roles: --student-role is for "
                           "PostgreSQL; give a postgresql:// owner URL or leave it out",
    "hub_env_missing": "--teachers-group runs the classroom as a JupyterHub service, but "
                       "the environment variables {names} are not set: start it from the hub "
                       "(a managed service in "
                       "jupyterhub_config.py, see deploy/jupyterhub_config.py) or set them",
    "db_init_bad_role": "{role!r} cannot be a role name; give lower-case letters, digits and _ "
                        "(at most 63), starting with a letter or _",
})


# --- the coach: hints and the review of a hand (issue 17) ----------------------------------
# Kept apart from the blocks above so that parallel additions merge cleanly. "coach_do_*"
# name a move as advice ("discard K♣"), and as the subject of a refusal ("discard K♣ is
# not allowed now", game/narrate.py move_words); the other codes say why, or report a review.
ENGLISH.update({
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
    # without and with the card (coach/contract_play.py shortfall)
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
    # melds kept in hand (coach/expert.py keeps_melds): {fewest} is the smallest hand of
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
})

# --- the classroom's student page served without a kernel (issue 15) ----------------------
# rummy_teach/classroom/quizview.py draws the page with these; kept apart so that parallel
# additions merge cleanly. The words every quiz page shares (Submit, Right!, the score line,
# the answer boxes' labels) are the "quiz_*" codes of the widgets' block below.
ENGLISH.update({
    "desk_name_label": "Your name:",
    "desk_name_placeholder": "your name",
    "desk_start_button": "Start the quiz",
    "desk_pick_cards": "{label}: pick the cards that fit (none picked means none)",
    "desk_your_answer": "Your answer: {given}",
    "desk_the_answer": "The answer: {correct}",
    "desk_rule": "Rule: {rule}",
    "desk_join_first": "This page does not know you yet: open the class's address again and "
                       "type the join code.",
    "desk_back_to_join": "Go to the join page",
})


# --- the widgets' own words (issue 12: the last English outside the catalogue) ------------
# Button labels and tooltips, prompts, refusals and headlines of the card table, the meld
# checker, the worked-example stepper and the self-study quiz (rummy_teach/play/ and the
# kernel widgets in rummy_teach/widgets/), the narrator's hand endings and the renderer's
# captions. "table_button_*"/"table_tip_*" follow play/table.py's BUTTONS by name.
ENGLISH.update({
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
    # pictures of cards and hands (rummy_teach/render.py, rummy_teach/board.py)
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
})

# --- languages (rummy_teach/i18n.py, issue 16) -----------------------------------------
ENGLISH.update({
    "language_unknown": "'{value}' is not a language rummy_teach speaks; choose one of {accepted}.",
})

# --- words said when the sentence is said (issue 16, part "core") --------------------------
# Parameters hold neutral values (cards, numbers, or a Reason of these codes) so that a
# verdict made in one language is said in another: a suit's name, a rank in the plural,
# a game's title, a meld or a contract described, why a card does not fit. Kept apart so
# that parallel additions merge cleanly; their translations are in locale/*/core.po.
ENGLISH.update({
    # a rank in the plural ("a set of eights") and with its article ("an eight (any suit)")
    **{f"ranks_{rank}": word for rank, word in enumerate(
        ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
         "tens", "jacks", "queens", "kings"), start=1)},
    **{f"rank_a_{rank}": word for rank, word in enumerate(
        ("an ace", "a two", "a three", "a four", "a five", "a six", "a seven", "an eight",
         "a nine", "a ten", "a jack", "a queen", "a king"), start=1)},
    "wild_any_suit": "{rank} (any suit)",
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
    # choosing a game (rummy_teach/rules.py)
    "rules_no_contracts": "{game} has no contracts",
    "rules_bad_hand": "hand must be 1 to {last} in {game}, not {hand}",
    "rules_unknown_game": "unknown game or variant {name}; choose one of {names}",
    "rules_bad_players": "{game} is for {least} to {most} players, not {players}",
    "rules_unknown_option": Plural(
        "unknown rule option {unknown} for {name}; options are: {known}",
        "unknown rule options {unknown} for {name}; options are: {known}", count="count"),
    # the transcript of an all-computer game (rummy_teach/game/transcript.py, rummy-teach play)
    "transcript_player": "player {number}",
    "transcript_seat": "player {number} {level}",
    "level_easy": "easy", "level_medium": "medium", "level_hard": "hard", "level_expert": "expert",
    "transcript_title": "{game}: {seats}; seed {seed}",
    "transcript_hand": "Hand {hand}: dealer {dealer}, player {player} starts; the discard pile "
                       "shows {card}",
    "transcript_hand_contract": "Hand {hand}: dealer {dealer}, player {player} starts, contract: "
                                "{contract}; the discard pile shows {card}",
    "transcript_holds": "player {number} holds {cards}",
    "transcript_totals": "Totals: {totals}.",
    "transcript_game_over": Plural(
        "Game over after one hand. Final scores: {scores}",
        "Game over after {hands} hands. Final scores: {scores}", count="hands"),
    "transcript_score": "player {number} {score}",
    "transcript_teams": "Teams: players 0 & 2 {first}, players 1 & 3 {second}",
    "transcript_winner": "Winner: {winners}",
    "transcript_winners_shared": "Winner: {winners} (shared)",
    # refusals raised as errors (rummy_teach/game/state.py, rummy_teach/melds.py)
    "move_not_allowed": "{action} is not allowed now: {why}",
    "meld_refused": "{cards} is not a meld: {why}",
    # the widgets' dispatch (rummy_teach/play/__init__.py)
    "play_bad_config": "a widget configuration is a dict with a 'kind', not {config}",
    "play_no_kind": "no widget kind {kind}; kinds are {kinds}",
})

# issue 25: tables on every game's page
# A table's deal (rummy_teach/play/table.py, rummy_teach/board.py): its number, shown on the
# table and put in the page's address to replay or share it (book/_play/play/bookplay.js);
# a Contract table that starts later in the ladder; the page's words while it deals.
ENGLISH.update({
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
})

# --- the quizzes' own words in every language (issue 16: quizzes and classroom) -----------
# Prompts, options, feedback, explanation lines, rules and notes of every built-in question,
# and the hints for an unreadable answer: rummy_teach/quiz_words.py (locale/<lang>/quiz.po).
from .quiz_words import QUIZ_WORDS  # noqa: E402  (plain data, no imports)

ENGLISH.update(QUIZ_WORDS)

# --- the classroom in every language (issue 16: quizzes and classroom) ---------------------
# The class report's words, the CSV headers and the student page's language switch:
# rummy_teach/classroom_words.py (locale/<lang>/classroom.po).
from .classroom_words import CLASSROOM_WORDS  # noqa: E402  (plain data, no imports)

ENGLISH.update(CLASSROOM_WORDS)

# --- the lessons' own words in every language (issue 16, part "lesson words") ------------
# The comparison table of the three games and the headings and labels the lessons' code
# shows: rummy_teach/lesson_words.py (locale/<lang>/lessons.po).
from .lesson_words import LESSON_WORDS  # noqa: E402  (plain data, no imports)

ENGLISH.update(LESSON_WORDS)

# --- the book's own words, in each of its editions (book/_ext/rummy_book.py, book/editions.py;
# issue 16, part "book"). The parts' names are the captions of book/_toc.yml, found by their
# English; translations in locale/*/book.po.
ENGLISH.update({
    "book_title": "Learn Rummy",
    "book_part_start": "Start here",
    "book_part_basic": "Basic Rummy",
    "book_part_500": "Rummy 500",
    "book_part_contract": "Contract Rummy",
    "book_part_rules": "The rules in full",
    "book_part_side": "Side by side",
    "book_part_teachers": "For teachers",
    "book_languages": "This book in other languages",
    "book_search_placeholder": "Search this book...",
    "book_skip_to_table": "Skip to the card table",
    "book_go_further": "Go further",
    "book_go_further_title": "Go further: change the code",
    "book_run_live": "Run this lesson live",
    "book_run_live_how": "the same lesson in JupyterLab, running in your browser: nothing to "
                         "install, no server. Choose {menu}, then change any cell and run it "
                         "again. The first start takes about 15 seconds.",
    "book_run_live_menu": "Run › Run All Cells",
    "book_show_code": "Show code",
    "book_hide_code": "Hide code",
    # myst-nb's toggles of the cells a lesson folds whole (hide-cell, hide-output)
    "book_show_cell": "Show code cell content",
    "book_hide_cell": "Hide code cell content",
    "book_show_output": "Show code cell output",
    "book_hide_output": "Hide code cell output",
    "book_show_source": "Show code cell source",
    "book_hide_source": "Hide code cell source",
    "book_toc_toggle": "Show or hide the pages under it",
    # the badge of the {choice} role: a rule the sources leave open, as this book plays it
    "book_choice_badge": "our choice",
})


# --- review
# The review of a hand as an analysis board (play/review_board.py, render_review.py).
ENGLISH.update({
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
})


# --- leftovers
# the table at a glance (issue 27): how many buys a player has left this hand, beside their
# card count on the table (board.py), only in a game with buying (Contract Rummy)
ENGLISH.update({
    "board_buys_left": Plural("1 buy left", "{count} buys left", count="count"),
    "board_no_buys_left": "no buys left",
})
