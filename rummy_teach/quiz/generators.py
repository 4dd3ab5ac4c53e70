"""Seeded random questions at three levels, built around the usual mistakes.

``generate("basic", level=2, seed=7)`` always gives the same question;
``generate_many("500", level=3, count=50, seed=1)`` gives distinct ones. The
generators only choose cards: each answer is computed by the engine when the
question is built.

Levels: 1 plain cases (clear sets and runs, junk, too short, small hands); 2 near
misses (a gap, one card off suit or off rank, ace low and ace high, aces in hand);
3 the traps (wrap-arounds, duplicates and second copies, oversized sets, jokers that
do or do not complete a meld or a contract, bigger hands with overlapping melds).
Every card asked about is one the game's decks hold: no joker in a game without
jokers, no second copy of a card where one deck is used.
"""

from __future__ import annotations

import random

from ..cards import SUITS, Card, make_deck
from ..errors import RummyError, UsageError
from ..rules import get_rules
from .questions import ContractQuestion, LayOffQuestion, MeldQuestion, Question, WhichMeldsQuestion
from .scoring import ArrangeQuestion, HandWinnerQuestion, PointsQuestion, ScoreQuestion

LEVELS = (1, 2, 3)
# the kind of question each scoring scheme brings (read from the rule set's fields)
SCORING_KINDS = {"winner_takes": "hand_winner", "melds_minus_hand": "score", "penalty": None}
NAMES = ("Ann", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gia", "Hugo")


def _pos_rank(position: int) -> int:
    return 1 if position == 14 else position


def _top(rules) -> int:
    return 14 if rules.ace_high else 13


def _packs(rules) -> tuple[int, int]:
    return max(d for _, d, _ in rules.decks), max(j for _, _, j in rules.decks)


# --- meld recipes: each returns cards meant to probe one idea ---------------------------

def _run(rules, rng, length, low=None, suit=None):
    low = low if low is not None else rng.randint(1, _top(rules) - length + 1)
    suit = suit or rng.choice(SUITS)
    return [Card(_pos_rank(p), suit) for p in range(low, low + length)]


def _set(rules, rng, size, rank=None):
    rank = rank or rng.randint(1, 13)
    suits = rng.sample(SUITS, min(size, 4))
    cards = [Card(rank, s) for s in suits]
    extra = rng.sample(SUITS, size - 4) if size > 4 else []
    return cards + [Card(rank, s, 2) for s in extra]


def _most_set(rules):
    return rules.max_set or 5


def good_set(rules, rng):
    return _set(rules, rng, rng.randint(rules.min_set, min(4, _most_set(rules))))


def good_run(rules, rng):
    return _run(rules, rng, rng.randint(rules.min_run, rules.min_run + 2))


def junk(rules, rng):
    ranks = rng.sample(range(1, 14), 3)
    suits = [rng.choice(SUITS) for _ in ranks]
    if len(set(suits)) == 1:
        suits[0] = next(s for s in SUITS if s != suits[1])
    return [Card(r, s) for r, s in zip(ranks, suits)]


def short(rules, rng):
    if rng.random() < 0.5:
        return _set(rules, rng, rules.min_set - 1)
    return _run(rules, rng, rules.min_run - 1)


def gap_run(rules, rng):
    cards = _run(rules, rng, rules.min_run + 1)
    del cards[rng.randint(1, len(cards) - 2)]
    return cards


def off_suit_run(rules, rng):
    cards = _run(rules, rng, rng.randint(rules.min_run, rules.min_run + 1))
    i = rng.randrange(len(cards))
    cards[i] = Card(cards[i].rank, rng.choice([s for s in SUITS if s != cards[i].suit]))
    return cards


def off_rank_set(rules, rng):
    cards = _set(rules, rng, rules.min_set)
    old = cards[-1]
    rank = old.rank + 1 if old.rank < 13 else old.rank - 1
    cards[-1] = Card(rank, old.suit)
    return cards


def ace_low_run(rules, rng):
    return _run(rules, rng, rng.randint(rules.min_run, rules.min_run + 1), low=1)


def ace_high_run(rules, rng):
    length = rng.randint(rules.min_run, rules.min_run + 1)
    return _run(rules, rng, length, low=15 - length)  # ends K-A: illegal where the ace is low only


def near_corner_run(rules, rng):
    """A run that stops at the king: legal everywhere, and the mirror of Q-K-A."""
    return _run(rules, rng, rng.randint(rules.min_run, rules.min_run + 1), low=None) \
        if rng.random() < 0.3 else _run(rules, rng, rules.min_run, low=14 - rules.min_run)


def wrap(rules, rng):
    length = rng.randint(max(3, rules.min_run), rules.min_run + 1)
    before = rng.randint(1, length - 2)           # cards up to the king
    ranks = list(range(14 - before, 14)) + [1] + list(range(2, 2 + length - before - 1))
    suit = rng.choice(SUITS)
    return [Card(r, suit) for r in ranks]


def dup_set(rules, rng):
    cards = _set(rules, rng, rules.min_set)
    twin = rng.choice(cards)
    packs, _ = _packs(rules)
    cards[rng.randrange(len(cards))] = Card(twin.rank, twin.suit, 2 if packs > 1 else 1)
    return cards


def big_set(rules, rng):
    size = (rules.max_set or 5) + 1
    packs, _ = _packs(rules)
    cards = _set(rules, rng, 4)
    return cards + [Card(cards[0].rank, s, 2 if packs > 1 else 1) for s in rng.sample(SUITS, size - 4)]


def _joker():
    return Card.joker()


def joker_gap_run(rules, rng):
    cards = _run(rules, rng, rules.min_run)
    cards[rng.randint(1, len(cards) - 2)] = _joker()
    return cards


def joker_two_gaps(rules, rng):
    cards = _run(rules, rng, rules.min_run + 2)
    i = rng.randint(1, len(cards) - 3)
    del cards[i:i + 2]                              # two missing cards, one joker to fill them
    return cards + [_joker()]


def joker_set(rules, rng):
    return _set(rules, rng, rules.min_set - 1) + [_joker()]


def jokers_only(rules, rng):
    return [Card.joker(i) for i in range(1, rules.min_set + 1)]


def joker_extend(rules, rng):
    return _run(rules, rng, rules.min_run - 1) + [_joker()]


LEVEL_RECIPES = {
    1: (good_set, good_run, junk, short),
    2: (gap_run, off_suit_run, off_rank_set, ace_low_run, ace_high_run, good_run, good_set),
    3: (wrap, dup_set, big_set, ace_high_run, gap_run, near_corner_run, ace_low_run, good_set),
}
WILD_RECIPES = (joker_gap_run, joker_two_gaps, joker_set, jokers_only, joker_extend)


def meld_cards(rules, rng, level):
    """Cards for one meld question at ``level``: a recipe's cards, shuffled above level 1."""
    recipes = list(LEVEL_RECIPES[level])
    if _packs(rules)[0] == 1:      # one deck: no second copy of a card exists to ask about
        recipes = [r for r in recipes if r not in (dup_set, big_set)]
    if level == 3 and rules.wild_ranks:
        recipes += list(WILD_RECIPES)
    cards = list(rng.choice(recipes)(rules, rng))
    if level > 1 and rng.random() < 0.6:
        rng.shuffle(cards)
    return cards


# --- a pool of physical cards, for hands that must not repeat a card -----------------------

class _Pool:
    """The physical cards of the smallest table of the game (two decks for Rummy 500
    only when ``big_table``), from which a hand's cards are drawn without repeats."""

    def __init__(self, rules, rng, jokers=True, big_table=False):
        _, packs, wild = rules.decks[-1] if big_table else rules.decks[0]
        self.rng = rng
        self.left = list(make_deck(packs, wild if jokers else 0))

    def take(self, cards):
        """The physical cards for these faces (any free copy), or None if one is gone."""
        chosen, left = [], list(self.left)
        for card in cards:
            match = next((c for c in left if c.face == card.face
                          or (card.is_joker and c.is_joker)), None)
            if match is None:
                return None
            left.remove(match)
            chosen.append(match)
        self.left = left
        return chosen

    def random(self, n, keep=lambda c: True):
        choices = [c for c in self.left if keep(c)]
        picked = self.rng.sample(choices, min(n, len(choices)))
        for card in picked:
            self.left.remove(card)
        return picked


def _plant(pool, rules, rng, recipes, tries=20):
    for _ in range(tries):
        cards = pool.take(rng.choice(recipes)(rules, rng))
        if cards:
            return cards
    return []


# --- one generator per kind ------------------------------------------------------------

def gen_meld(rules, rng, level):
    return MeldQuestion(meld_cards(rules, rng, level), game=rules)


def gen_which_melds(rules, rng, level):
    count = 2 + level
    groups = []
    while len(groups) < count:
        cards = meld_cards(rules, rng, rng.randint(1, level))
        if cards not in groups:
            groups.append(cards)
    return WhichMeldsQuestion(groups, game=rules)


def gen_lay_off(rules, rng, level):
    packs, _ = _packs(rules)
    for _ in range(50):
        if rng.random() < 0.5:
            meld = _set(rules, rng, 4 if level == 3 else rng.randint(rules.min_set, 4))
        else:
            length = rng.randint(rules.min_run, rules.min_run + 1)
            low = {1: None, 2: rng.choice([1, _top(rules) - length + 1, None]),
                   3: rng.choice([1, 14 - length, _top(rules) - length + 1])}[level]
            meld = _run(rules, rng, length, low=low)
            if level == 3 and rules.wild_ranks and rng.random() < 0.5:
                meld[rng.randint(1, length - 2)] = _joker()
        check = rules.check_meld(meld)
        if check.ok:
            break
    else:  # pragma: no cover - the recipes above always find a meld
        raise RummyError("no meld found for a lay-off question")
    on_table = check.meld
    offered = _lay_off_candidates(rules, rng, on_table, packs)
    offered = [c for c in dict.fromkeys(offered) if c not in on_table.cards]
    rng.shuffle(offered)
    return LayOffQuestion(meld, offered[:2 + level], game=rules)


def _lay_off_candidates(rules, rng, meld, packs):
    naturals = [c for c in meld.cards if not rules.is_wild(c)]
    cards = []
    if meld.kind == "set":
        rank = meld.rank
        cards += [Card(rank, s) for s in SUITS if Card(rank, s) not in meld.cards]
        cards.append(Card(rank % 13 + 1, rng.choice(SUITS)))
        if packs > 1:
            cards.append(Card(rank, rng.choice(naturals).suit, 2))
    else:
        suit = meld.suit
        for position in (meld.low - 1, meld.high + 1, meld.high + 2, meld.low - 2):
            if 1 <= position <= 14:
                cards.append(Card(_pos_rank(position), suit))
        cards.append(Card(_pos_rank(min(meld.high + 1, 14)), rng.choice([s for s in SUITS if s != suit])))
        cards.append(Card(1, suit))
        if packs > 1:
            cards.append(Card(naturals[0].rank, suit, 2))
    if rules.wild_ranks:
        cards.append(Card.joker(2))
    cards.append(Card(rng.randint(1, 13), rng.choice(SUITS)))
    return cards


def gen_points(rules, rng, level):
    pool = _Pool(rules, rng, jokers=level == 3, big_table=level == 3)
    size = {1: rng.randint(3, 4), 2: rng.randint(4, 6), 3: rng.randint(6, 9)}[level]
    cards = []
    if level == 1:
        cards = pool.random(size, lambda c: c.rank not in (0, 1))
    else:
        cards += pool.random(rng.randint(1, level), lambda c: c.rank == 1)
        cards += pool.random(1, lambda c: c.rank >= 10)
        if level == 3 and rules.wild_ranks:
            cards += pool.random(1, lambda c: c.is_joker)
        cards += pool.random(size - len(cards))
    rng.shuffle(cards)
    return PointsQuestion(cards, game=rules)


def gen_score(rules, rng, level):
    pool = _Pool(rules, rng, jokers=False, big_table=level == 3)
    recipes = [good_set, good_run] if level == 1 else \
        [ace_low_run, ace_high_run, good_set, good_run, lambda r, g: _set(r, g, 3, rank=1)]
    melds = [_plant(pool, rules, rng, recipes) for _ in range(level)]
    melds = [m for m in melds if m and rules.check_meld(m).ok]
    laid_off = []
    for _ in range(level - 1 if level == 3 else 0):
        table = _plant(pool, rules, rng, [ace_high_run, good_run, good_set])
        if not table or not rules.check_meld(table).ok:
            continue
        fitting = [c for c in pool.left if rules.check_lay_off(rules.meld(table), c).ok]
        if fitting:
            card = rng.choice(fitting)
            pool.left.remove(card)
            laid_off.append((card, table))
    hand = pool.random(rng.randint(0, 2) if level == 1 else rng.randint(1, 2 + level))
    if level > 1 and not any(c.rank == 1 for c in hand) and rng.random() < 0.6:
        hand += pool.random(1, lambda c: c.rank == 1)
    # a player keeps every card dealt (melded, laid off or in hand): never fewer than the
    # smallest deal, or the score could not happen (issue 25)
    least = min(rules.cards_dealt(n, 1) for n in range(rules.min_players, rules.max_players + 1))
    for _ in range(4):
        if sum(map(len, melds)) + len(laid_off) + len(hand) >= least:
            break
        meld = _plant(pool, rules, rng, [good_set, good_run])
        if meld and rules.check_meld(meld).ok:
            melds.append(meld)
    short = least - sum(map(len, melds)) - len(laid_off) - len(hand)
    if short > 0:
        hand += pool.random(short)
    return ScoreQuestion(melds=melds, hand=hand, laid_off=laid_off, game=rules)


def gen_hand_winner(rules, rng, level):
    pool = _Pool(rules, rng, jokers=False)
    players = rng.randint(2, 1 + level)
    names = rng.sample(NAMES, players)
    winner = rng.choice(names)
    # nobody is left with more cards than the deal gives (issue 25), an ace added included
    dealt = rules.cards_dealt(players, 1)
    most = min({1: 4, 2: 6, 3: 8}[level], dealt - (level > 1))
    hands = {n: ([] if n == winner else pool.random(rng.randint(1, most))) for n in names}
    if level > 1:
        loser = next(n for n in names if n != winner)
        hands[loser] += pool.random(1, lambda c: c.rank == 1)
    rummy = level > 1 and rng.random() < 0.5
    return HandWinnerQuestion(hands, rummy=rummy, game=rules)


def gen_contract(rules, rng, level):
    pool = _Pool(rules, rng, jokers=level == 3)
    hands = len(rules.ladder)
    number = rng.randint(1, {1: 4, 2: 6, 3: hands}[level])
    rung = rules.contract_hand(number)
    cards = []
    twist = rng.choice({1: ("clean", "missing"), 2: ("clean", "short_run", "gap", "longer", "pair"),
                        3: ("joker_fills", "joker_short", "joker_short", "duplicates", "missing",
                            "longer")}[level])
    needs = list(rung.contract.requirements)
    spoil = rng.randrange(len(needs))
    for i, need in enumerate(needs):
        size = need.size + (1 if twist == "longer" and i == spoil else 0)
        if need.kind == "set":
            faces = _set(rules, rng, size)
            if twist == "duplicates" and i == spoil:
                faces[-1] = Card(faces[0].rank, faces[0].suit, 2)
        else:
            faces = _run(rules, rng, size)
        if i == spoil:
            if twist == "missing":
                continue
            if twist == "short_run" or twist == "pair":
                faces = faces[:-1]
            elif twist == "gap":
                del faces[len(faces) // 2]
            elif twist == "joker_fills":
                faces[len(faces) // 2] = _joker()
            elif twist == "joker_short":               # one joker for two missing cards
                faces[1:3] = [_joker()]
        taken = pool.take(faces)
        cards += taken or []
    count = rung.dealt + 1  # the hand after the draw (hand 7: all 13 must go down)
    cards = cards[:count]
    cards += pool.random(count - len(cards), lambda c: not c.is_joker)
    rng.shuffle(cards)
    return ContractQuestion(cards, number, game=rules)


def gen_arrange(rules, rng, level):
    pool = _Pool(rules, rng, jokers=level == 3)
    size = {1: rng.randint(6, 7), 2: rng.randint(8, 10), 3: rng.randint(10, 13)}[level]
    cards = _plant(pool, rules, rng, [good_set, good_run])
    if level >= 2:
        cards += _plant(pool, rules, rng, [good_set, good_run, ace_low_run, ace_high_run])
    if level == 3:  # a set and a run that want the same card
        run = _plant(pool, rules, rng, [good_run])
        cards += run
        if run:
            shared = rng.choice(run)
            cards += pool.random(2, lambda c: c.rank == shared.rank and c.suit != shared.suit)
        if rules.wild_ranks:
            cards += pool.random(1, lambda c: c.is_joker)
    cards = [c for c in cards if c][:size]
    cards += pool.random(size - len(cards), lambda c: not c.is_joker)
    rng.shuffle(cards)
    return ArrangeQuestion(cards, game=rules)


GENERATORS = {"meld": gen_meld, "which_melds": gen_which_melds, "lay_off": gen_lay_off,
              "points": gen_points, "score": gen_score, "hand_winner": gen_hand_winner,
              "contract": gen_contract, "arrange": gen_arrange}


def kinds_for(game) -> tuple[str, ...]:
    """The kinds of question generated for a rule set, from its fields."""
    rules = get_rules(game)
    special = [SCORING_KINDS[rules.scoring]] + (["contract"] if rules.ladder else [])
    return ("meld", "which_melds", "lay_off", "points") + tuple(k for k in special if k) + ("arrange",)


GENERATED_KINDS = {game: kinds_for(game) for game in ("basic", "500", "contract")}


def generate(game="basic", level: int = 1, seed=0, kind: str | None = None) -> Question:
    """One question; the same (game, level, seed, kind) always gives the same question."""
    rules = get_rules(game)
    if level not in LEVELS:
        raise UsageError(f"level must be one of {LEVELS}, not {level!r}")
    kinds = kinds_for(rules)
    if kind is not None and kind not in kinds:
        raise UsageError(f"{rules.title} has no generated {kind!r} questions; kinds: {', '.join(kinds)}")
    rng = random.Random(f"{rules.name}/{level}/{kind}/{seed}")  # same seeds as before options
    return GENERATORS[kind or rng.choice(kinds)](rules, rng, level)


def generate_many(game="basic", level: int = 1, count: int = 20, seed=0, kinds=None) -> list[Question]:
    """``count`` distinct questions (by id), the kinds taken in turn."""
    kinds = tuple(kinds or kinds_for(game))
    questions, seen = [], set()
    attempt = 0
    while len(questions) < count:
        if attempt > 20 * count + 100:
            raise UsageError(f"could not find {count} distinct questions of kinds {kinds} at level {level}")
        kind = kinds[len(questions) % len(kinds)]
        question = generate(game, level, f"{seed}:{attempt}", kind)
        attempt += 1
        if question.id not in seen:
            seen.add(question.id)
            questions.append(question)
    return questions
