"""Rule sets as data: every game and variant is a named, frozen :class:`RuleSet`.

``get_rules("basic")``, ``get_rules("500", target=750)``, ``get_rules("shanghai")``.
Options are the fields of :class:`RuleSet`; an unknown name, an unknown option or
options that contradict each other raise :class:`RuleOptionError` — nothing is
silently replaced by a default. Each decision RULES.md takes where the sources are
silent is an option here with the documented default. Jokers on the table are never
swapped out: RULES.md allows a swap option, but game play has no swap action, so the
option is not offered (asking for it is an unknown-option error, not a silent no-op).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable

from .cards import Card, parse_cards
from .contracts import SHANGHAI_EIGHTH, STANDARD_LADDER, Contract, ContractHand
from .errors import NoSuchCardError, RuleOptionError
from .melds import Meld, check_lay_off, check_meld, impossible_cards, make_meld
from .reasons import ENGLISH, Reason
from .solver import arrange, find_contract

GAMES = ("basic", "500", "contract")
SCORINGS = ("winner_takes", "melds_minus_hand", "penalty")

# Points a card counts when left in hand, indexed by rank (0 = joker, 1 = ace ... 13 = king).
BASIC_VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
R500_VALUES = (0, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
PERSIAN_VALUES = (20,) + R500_VALUES[1:]
CONTRACT_VALUES = (25, 15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)


@dataclass(frozen=True)
class RuleSet:
    """Everything that differs between the games and their variants, as data.

    The meld, scoring, contract and solver methods at the bottom delegate to the
    modules that implement them, so ``rules.check_meld(cards)`` reads naturally.
    """

    name: str
    game: str
    english_title: str     # the source of the catalogue's "game_<name>": read .title instead
    min_players: int
    max_players: int
    # (up to this many players, 52-card decks, jokers)
    decks: tuple[tuple[int, int, int], ...]
    # cards dealt by player count (basic, 500); contract games use `ladder`
    deal: tuple[tuple[int, int], ...] = ()
    min_set: int = 3
    max_set: int | None = 4            # None: as many as the decks hold
    min_run: int = 3
    ace_high: bool = False             # Q-K-A allowed
    wild_ranks: frozenset = frozenset()  # 0 = jokers, 12 = queens (California)
    natural_majority: bool = False     # house rule: naturals must outnumber wilds in a meld
    hand_values: tuple[int, ...] = BASIC_VALUES
    wild_hand_value: int | None = None  # a wild card caught in hand (None: its rank's value)
    # how a hand is scored: "winner_takes" (Basic: the one who goes out scores what is left in
    # the other hands), "melds_minus_hand" (Rummy 500: what you put down minus what you hold),
    # "penalty" (Contract: everybody but the one who went out adds what they hold)
    scoring: str = "winner_takes"
    scores_melds: bool = False         # Rummy 500: melded cards score for whoever laid them
    ace_low_value: int = 1             # Rummy 500: an ace used low in a run
    ace_high_value: int = 15           # Rummy 500: an ace used high, or in a set of aces
    wild_meld_value: int = 0           # Persian: a joker on the table is worth 20
    target: int | None = 100
    target_choices: tuple[int, ...] = ()
    # basic
    rummy_doubles: bool = False
    discard_restriction: bool = False
    stock_turnovers: int | None = None  # basic: 2 turnovers, the third exhaustion voids the hand
    # what happens when the stock is empty: "turn_over" | "end_hand" | "reshuffle"
    stock_exhausted: str = "turn_over"
    # who deals first: the "lowest_cut" or the "highest_cut"
    first_dealer: str = "lowest_cut"
    # when lay-offs are allowed: "any_time", or "turn_after_contract" (from the turn after
    # the player's contract went down)
    layoffs: str = "any_time"
    # 500
    fanned_discards: bool = False
    take_must_use: bool = False         # a card taken from the pile must go on the table at once
    final_discard_required: bool = False
    booting_bonus: int = 0
    partnership: bool = False
    persian_joker_layoff: bool = False  # a joker may not stand in for a playable natural
    # contract
    ladder: tuple[ContractHand, ...] = ()
    contract_melds_exact: bool = True   # the first lay-down holds exactly the contract's melds
    melds_after_contract: bool = False  # new melds after the contract (else only lay-offs)
    go_out_by_discard: bool = True      # hands 1-6: going out by discarding the last card
    buying: bool = False
    max_buys: int = 3
    buy_penalty_cards: int = 1
    lowest_score_wins: bool = False
    aliases: tuple[str, ...] = field(default=(), compare=False)

    # --- the game's name, in the language in use --------------------------------
    @property
    def term(self):
        """The game's title as a language-neutral parameter of a sentence (a
        :class:`~rummy_teach.reasons.Reason` of the code ``game_<name>``): it is said in
        the language in use when the sentence is said. A rule set built by hand with a
        name the catalogue lacks is named by its English title."""
        code = "game_" + self.name.replace("-", "_")
        return Reason(code) if code in ENGLISH else self.english_title

    @cached_property
    def meld_verdicts(self) -> dict:
        """The verdicts :func:`~rummy_teach.melds.check_meld` has given under these rules,
        by cards and kind, kept because a game asks for the same ones again and again (a
        rule set never changes, and verdicts are language-neutral, so neither do they).
        Not part of the rule set's value: equality, ``repr`` and JSON leave it out."""
        return {}

    @cached_property
    def deck_limits(self) -> tuple[int, int]:
        """The most 52-card packs and the most jokers any table of this game plays with:
        a card with a higher copy number is in no deck of the game."""
        return max(d for _, d, _ in self.decks), max(j for _, _, j in self.decks)

    @property
    def title(self) -> str:
        """The game's title in the language in use ("Basic Rummy", "Ramino base" ...)."""
        return str(self.term)

    # --- consistency ----------------------------------------------------------
    def __post_init__(self):
        if self.target_choices and self.target not in self.target_choices:
            # a learner meets this one (asking for a target the game does not offer),
            # so it is said in the reader's language
            raise RuleOptionError(Reason("rules_target_not_offered", {
                "target": self.target, "game": self.term,
                "choices": ", ".join(map(str, self.target_choices))}))
        problems = list(self._inconsistencies())
        if problems:
            raise RuleOptionError(f"rule set {self.name!r} is inconsistent: " + "; ".join(problems))

    def _inconsistencies(self) -> Iterable[str]:
        if self.game not in GAMES:
            yield f"game must be one of {', '.join(GAMES)}, not {self.game!r}"
        if not 2 <= self.min_players <= self.max_players:
            yield f"players must be a range from at least 2, got {self.min_players}-{self.max_players}"
        if self.min_set < 3 or self.min_run < 3:
            yield "sets and runs have at least 3 cards"
        if self.max_set is not None and self.max_set < self.min_set:
            yield f"max_set {self.max_set} is below min_set {self.min_set}"
        if self.target_choices and self.target not in self.target_choices:
            choices = ", ".join(map(str, self.target_choices))
            yield f"target {self.target} is not offered; choose one of {choices}"
        if self.stock_exhausted not in ("turn_over", "end_hand", "reshuffle"):
            yield f"stock_exhausted must be turn_over, end_hand or reshuffle, not {self.stock_exhausted!r}"
        if self.wild_hand_value is not None and (isinstance(self.wild_hand_value, bool)
                                                 or not isinstance(self.wild_hand_value, int)):
            yield f"wild_hand_value is a whole number or None, not {self.wild_hand_value!r}"
        if len(self.hand_values) != 14 or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in self.hand_values):
            yield ("hand_values is 14 whole numbers: a joker's value, then ace to king, "
                   f"not {self.hand_values!r}")
        if self.scoring not in SCORINGS:
            yield f"scoring must be one of {', '.join(SCORINGS)}, not {self.scoring!r}"
        if self.first_dealer not in ("lowest_cut", "highest_cut"):
            yield f"first_dealer must be lowest_cut or highest_cut, not {self.first_dealer!r}"
        if self.layoffs not in ("any_time", "turn_after_contract"):
            yield f"layoffs must be any_time or turn_after_contract, not {self.layoffs!r}"
        if self.layoffs == "turn_after_contract" and not self.ladder:
            yield "layoffs='turn_after_contract' needs contracts (a ladder)"
        if self.scoring == "melds_minus_hand" and not self.scores_melds:
            yield "scoring='melds_minus_hand' needs scores_melds=True"
        if self.target is None and not self.ladder:
            yield "a game without contracts is played to a target score"
        if not self.wild_ranks and self.natural_majority:
            yield "natural_majority needs wild cards, and this game has none"
        if self.game == "contract":
            if not self.ladder:
                yield "a contract game needs its ladder of contracts"
            if self.buying and not 1 <= self.max_buys <= 10:
                yield f"max_buys must be from 1 to 10, got {self.max_buys}"
        else:
            if self.buying:
                yield "buying belongs to Contract Rummy"
            if self.ladder:
                yield "contracts belong to Contract Rummy"
        if self.game != "500" and (self.final_discard_required or self.booting_bonus or self.partnership):
            yield "final_discard_required, booting_bonus and partnership belong to Rummy 500"
        if self.partnership and not (self.min_players == self.max_players == 4):
            yield "Partnership 500 is for exactly 4 players"
        if self.deal:
            dealt = dict(self.deal)
            missing = [n for n in range(self.min_players, self.max_players + 1) if n not in dealt]
            if missing:
                yield f"no deal size for {missing} players"

    # --- options --------------------------------------------------------------
    def with_options(self, **options) -> "RuleSet":
        """This rule set with some options changed (checked like any rule set)."""
        known = {f.name for f in dataclasses.fields(self)} - {"name", "game", "english_title", "aliases"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise RuleOptionError(Reason("rules_unknown_option", {
                "unknown": ", ".join(unknown), "count": len(unknown), "name": repr(self.name),
                "known": ", ".join(sorted(known))}))
        for key, value in options.items():
            current = getattr(self, key)
            if isinstance(current, bool) and not isinstance(value, bool):
                raise RuleOptionError(f"option {key} takes True or False, not {value!r}")
            if isinstance(current, int) and not isinstance(current, bool) and (
                    isinstance(value, bool) or not isinstance(value, int)):
                raise RuleOptionError(f"option {key} takes a whole number, not {value!r}")
            if isinstance(current, str) and not isinstance(value, str):
                raise RuleOptionError(f"option {key} takes a word, not {value!r}")
            if isinstance(current, frozenset):
                options[key] = _as_ranks(key, value)
            elif isinstance(current, tuple) and key != "ladder":
                options[key] = _as_tuple(key, value)
        if "ladder" in options:
            options["ladder"] = _as_ladder(options["ladder"])
        changed = dataclasses.replace(self, **options)
        return changed

    @property
    def options(self) -> dict:
        """Every option with its value (what a comparison table shows)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                if f.name not in ("name", "game", "english_title", "aliases")}

    # --- table facts ----------------------------------------------------------
    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            code = ("rules_bad_players_exact" if self.min_players == self.max_players
                    else "rules_bad_players")
            raise RuleOptionError(Reason(code, {
                "game": self.term, "least": self.min_players, "most": self.max_players,
                "players": repr(players)}))

    def deck_for(self, players: int) -> tuple[int, int]:
        """(52-card decks, jokers) used with this many players."""
        self.check_players(players)
        for up_to, decks, jokers in self.decks:
            if players <= up_to:
                return decks, jokers
        raise RuleOptionError(f"no deck is defined for {players} players in {self.name!r}")

    def cards_dealt(self, players: int, hand: int = 1) -> int:
        """How many cards each player gets (by player count, or by hand in Contract Rummy)."""
        self.check_players(players)
        if self.ladder:
            return self.contract_hand(hand).dealt
        return dict(self.deal)[players]

    @property
    def hands_in_game(self) -> int | None:
        """Number of hands in a contract game; None where play goes to a target."""
        return len(self.ladder) if self.ladder else None

    def contract_hand(self, hand: int) -> ContractHand:
        if not self.ladder:
            raise RuleOptionError(Reason("rules_no_contracts", {"game": self.term}))
        if not isinstance(hand, int) or not 1 <= hand <= len(self.ladder):
            raise RuleOptionError(Reason("rules_bad_hand", {"last": len(self.ladder), "game": self.term,
                                                            "hand": repr(hand)}))
        return self.ladder[hand - 1]

    def contract(self, hand: int) -> Contract:
        return self.contract_hand(hand).contract

    def is_wild(self, card: Card) -> bool:
        return card.rank in self.wild_ranks

    # --- values ---------------------------------------------------------------
    def card_points(self, card: Card) -> int:
        """Points ``card`` counts when caught in hand at the end of a hand."""
        if self.wild_hand_value is not None and self.is_wild(card):
            return self.wild_hand_value
        return self.hand_values[card.rank]

    def hand_points(self, cards) -> int:
        """Points a group of cards counts left in hand: ``hand_points("KC QD 9S AC") == 30``."""
        return sum(self.card_points(c) for c in self.real_cards(cards))

    def real_cards(self, cards) -> tuple[Card, ...]:
        """``cards`` (text or cards) as cards, once it is sure they can all be in one game of
        these rules at once (:class:`~rummy_teach.errors.NoSuchCardError` if not: a card
        twice, a joker where none is played, a copy beyond the decks)."""
        cards = tuple(parse_cards(cards))
        problems = impossible_cards(self, cards)
        if problems:
            raise NoSuchCardError(problems[0])
        return cards

    # --- delegations to the judging modules -------------------------------------
    def check_meld(self, cards, kind: str | None = None):
        return check_meld(self, parse_cards(cards), kind=kind)

    def is_meld(self, cards) -> bool:
        return self.check_meld(cards).ok

    def meld(self, cards, kind: str | None = None):
        """The :class:`~rummy_teach.melds.Meld` these cards make (IllegalMeldError if none)."""
        return make_meld(self, cards, kind=kind)

    def check_lay_off(self, meld, card):
        """Can ``card`` be laid off on ``meld`` (a Meld, or its cards as text)?"""
        meld = meld if isinstance(meld, Meld) else self.meld(meld)
        card = card if isinstance(card, Card) else Card.parse(card)
        return check_lay_off(self, meld, card)

    def arrange(self, cards):
        return arrange(self, self.real_cards(cards))

    def holds_contract(self, cards, hand: int, before_draw: bool = False):
        """Do ``cards`` hold hand ``hand``'s contract? In a whole-hand hand (hand 7) every
        card must go down at once: 13 cards after the draw; with ``before_draw`` the
        question is asked of the 12 cards dealt (see :func:`~rummy_teach.solver.find_contract`)."""
        return find_contract(self, self.real_cards(cards), hand, before_draw=before_draw)

    def __repr__(self) -> str:
        """The call that rebuilds this rule set, options included."""
        base = RULE_SETS.get(self.name)
        if base is None or base.game != self.game:
            return f"get_rules({self.game!r}, **{self.options!r})"
        defaults = base.options
        changed = [f"{k}={v!r}" for k, v in self.options.items() if defaults[k] != v]
        return f"get_rules({', '.join([repr(self.name)] + changed)})"

    def __copy__(self) -> "RuleSet":
        return self

    def __deepcopy__(self, memo) -> "RuleSet":
        """A rule set is a frozen value, so a copy of a game or a table shares it, as it
        shares a number. Copied, it took along every verdict it keeps (``meld_verdicts``,
        up to thousands): a table's page, which copies its controller for each reply it
        draws ahead, took 8 s instead of 0.5 s once a game had filled them."""
        return self


def _as_ranks(key, value) -> frozenset:
    """A set of ranks as given in Python or read from JSON (a list): ``[0, 12]``."""
    if isinstance(value, (list, tuple, set, frozenset)) and all(
            isinstance(r, int) and not isinstance(r, bool) and 0 <= r <= 13 for r in value):
        return frozenset(value)
    raise RuleOptionError(f"option {key} takes a list of ranks from 0 (jokers) to 13 (kings), "
                          f"not {value!r}")


def _as_tuple(key, value) -> tuple:
    """A tuple option as given in Python or read from JSON (lists, also nested)."""
    if not isinstance(value, (list, tuple)):
        raise RuleOptionError(f"option {key} takes a list, not {value!r}")
    return tuple(_as_tuple(key, v) if isinstance(v, (list, tuple)) else v for v in value)


def _as_ladder(value) -> tuple[ContractHand, ...]:
    """Accept a ladder as ContractHand rows or (dealt, contract text[, whole_hand]) tuples."""
    rows = []
    try:
        for row in value:
            if isinstance(row, ContractHand):
                rows.append(row)
            elif isinstance(row, str):
                rows.append(ContractHand(12 if len(rows) >= 4 else 10, Contract.parse(row)))
            else:
                dealt, text, *rest = row
                rows.append(ContractHand(int(dealt), Contract.parse(text), bool(rest and rest[0])))
    except (TypeError, ValueError) as error:
        raise RuleOptionError(
            f"ladder must be a list of contracts such as [(10, 'two sets of 3'), ...]: {error}") from None
    return tuple(rows)


# --- the named rule sets ---------------------------------------------------------
BASIC = RuleSet(
    name="basic", game="basic", english_title="Basic Rummy", min_players=2, max_players=6,
    decks=((6, 1, 0),), deal=((2, 10), (3, 7), (4, 7), (5, 6), (6, 6)),
    min_run=3, max_set=4, ace_high=False, hand_values=BASIC_VALUES,
    target=100, target_choices=tuple(range(50, 301, 25)),
    rummy_doubles=True, discard_restriction=True, stock_turnovers=2, stock_exhausted="turn_over",
    scoring="winner_takes", aliases=("rummy", "basic-rummy"),
)

RUMMY_500 = RuleSet(
    name="500", game="500", english_title="Rummy 500", min_players=2, max_players=8,
    decks=((4, 1, 0), (8, 2, 0)), deal=((2, 13),) + tuple((n, 7) for n in range(3, 9)),
    min_run=3, max_set=4, ace_high=True, hand_values=R500_VALUES, scores_melds=True,
    target=500, target_choices=(300, 500, 600, 750), stock_exhausted="end_hand",
    fanned_discards=True, take_must_use=True, scoring="melds_minus_hand",
    aliases=("rummy500", "rummy-500", "500-rum", "pinochle-rum"),
)

CONTRACT = RuleSet(
    name="contract", game="contract", english_title="Contract Rummy", min_players=3, max_players=8,
    decks=((6, 2, 4), (8, 3, 6)), min_run=4, max_set=None, ace_high=True,
    wild_ranks=frozenset({0}), hand_values=CONTRACT_VALUES, target=None,
    stock_exhausted="reshuffle", ladder=STANDARD_LADDER, buying=True, lowest_score_wins=True,
    scoring="penalty", first_dealer="highest_cut", layoffs="turn_after_contract",
    aliases=("contract-rummy", "progressive", "progressive-rummy", "liverpool-rummy"),
)

_VARIANTS = (
    BASIC,
    RUMMY_500,
    dataclasses.replace(RUMMY_500, name="500-short", english_title="Rummy 500, short game (to 300)",
                        target=300, aliases=("500-300",)),
    dataclasses.replace(RUMMY_500, name="persian", english_title="Persian Rummy",
                        decks=((4, 1, 4), (8, 2, 4)), wild_ranks=frozenset({0}),
                        hand_values=PERSIAN_VALUES, wild_meld_value=20, persian_joker_layoff=True,
                        aliases=("persian-rummy",)),
    dataclasses.replace(RUMMY_500, name="partnership", english_title="Partnership 500",
                        min_players=4, max_players=4, deal=((4, 7),), partnership=True,
                        aliases=("partnership-500",)),
    dataclasses.replace(RUMMY_500, name="booting", english_title="Rummy 500 with booting",
                        booting_bonus=25, aliases=("boot",)),
    CONTRACT,
    dataclasses.replace(CONTRACT, name="shanghai", english_title="Shanghai",
                        ladder=STANDARD_LADDER[:6] + (dataclasses.replace(STANDARD_LADDER[6]),
                                                      SHANGHAI_EIGHTH),
                        aliases=("shanghai-rummy",)),
    dataclasses.replace(CONTRACT, name="california", english_title="California Contract Rummy",
                        decks=((6, 2, 0), (8, 3, 0)), wild_ranks=frozenset({12}),
                        wild_hand_value=25, aliases=("california-contract",)),
    dataclasses.replace(CONTRACT, name="liverpool", english_title="Liverpool Rummy (UK, no buying)",
                        buying=False, aliases=("liverpool-uk",)),
    dataclasses.replace(CONTRACT, name="strict-no-buy", english_title="Contract Rummy, strict no-buy",
                        buying=False, aliases=("no-buy",)),
    dataclasses.replace(CONTRACT, name="double-progressive", english_title="Double Progressive Rummy",
                        ladder=(dataclasses.replace(STANDARD_LADDER[0], dealt=7),) + STANDARD_LADDER[1:],
                        aliases=()),
)

RULE_SETS = {rules.name: rules for rules in _VARIANTS}
_BY_ALIAS = {alias: rules.name for rules in _VARIANTS for alias in rules.aliases}


def _normal(name: str) -> str:
    return "-".join(str(name).strip().lower().replace("_", " ").split())


def rule_set_names() -> tuple[str, ...]:
    return tuple(RULE_SETS)


def get_rules(name: str | RuleSet = "basic", **options) -> RuleSet:
    """The named rule set, with any ``options`` changed (see :class:`RuleSet` fields).

    >>> get_rules("500", target=750).target
    750
    """
    if isinstance(name, RuleSet):
        base = name
    else:
        key = _normal(name)
        key = _BY_ALIAS.get(key, key)
        if key not in RULE_SETS:
            raise RuleOptionError(Reason("rules_unknown_game", {"name": repr(name),
                                                                "names": ", ".join(RULE_SETS)}))
        base = RULE_SETS[key]
    return base.with_options(**options) if options else base
