"""Question kinds about play: what may be done at a moment of a hand, who gets a
bought card, how many cards are dealt, what an empty stock means, who wins a game.

Each answer comes from the engine: a position is built with ``Game.from_deal`` and
the move is tried on it (the refusal or the move's effect is the explanation); deal
sizes, decks and the empty-stock rule are read off the rule set; the winners of a
game come from the engine's own ``game_winners``.
"""

from __future__ import annotations

from ..cards import cards_text, parse_cards
from ..errors import UsageError
from ..reasons import Reason, Reasons
from . import answers
from .questions import ContractQuestion, Question, describe_decks

class _Facts:
    """Plain attributes, standing in for a finished game where only its numbers matter."""

    def __init__(self, **facts):
        self.__dict__.update(facts)


NAMES = ("Ann", "Ben", "Cleo", "Dana", "Eli", "Fay", "Gus", "Hana")


def _player(names, p) -> str:
    return names[p]


class _Scene:
    """A position of a hand, as the learner sees it, rebuilt by the engine."""

    def __init__(self, rules, hands, discard="", stock="", table=(), hand=1, before=()):
        self.hands = tuple(parse_cards(h) for h in hands)
        self.discard = parse_cards(discard)
        self.stock = parse_cards(stock)
        self.table = tuple((int(owner), parse_cards(cards)) for owner, cards in table)
        self.hand = hand
        self.before = tuple(before)
        self.names = NAMES[:len(self.hands)]
        self.rules = rules

    def game(self):
        """The position before the moves of ``before`` (a fresh game every call)."""
        from ..game import Game

        extra = {"hand": self.hand} if self.rules.ladder else {}
        return Game.from_deal(self.rules, hands=[cards_text(h, ascii=True) for h in self.hands],
                              discard=cards_text(self.discard, ascii=True),
                              stock=cards_text(self.stock, ascii=True),
                              table=[(o, cards_text(c, ascii=True)) for o, c in self.table], **extra)

    def played(self):
        """The game after the moves of ``before``, and those moves told in words."""
        game, told = self.game(), []
        for text in self.before:
            who = game.current_player
            told.append(self.say(game, who, text))
            game.apply(text)
        return game, told

    def say(self, game, who, text) -> str:
        from ..game.actions import Action

        action = Action.parse(text)
        name = self.names[who]
        kind = action.kind
        if kind == "draw":
            return f"{name}: draws from the stock"
        if kind == "take":
            taken = game.discard_pile[-action.depth:]
            if action.depth == 1:
                return f"{name}: takes {taken[0]} from the discard pile"
            return f"{name}: digs {action.depth} deep for {taken[0]}, picking up {cards_text(taken)}"
        if kind == "meld":
            return f"{name}: melds " + " | ".join(cards_text(g) for g in action.melds)
        if kind == "layoff":
            return f"{name}: lays off {action.card} on meld {action.target}"
        if kind == "discard":
            return f"{name}: discards {action.card}"
        if kind == "buy":
            return f"{name}: calls buy for {game.discard_top}"
        if kind == "pass":
            return f"{name}: does not buy {game.discard_top}"
        return f"{name}: {action}"

    def groups(self):
        groups = []
        for p in range(len(self.hands)):
            groups.append((f"{self.names[p]}'s hand", self.hands[p]))
        if self.discard:
            groups.append(("discard pile, bottom to top", self.discard))
        for number, (owner, cards) in enumerate(self.table, 1):
            groups.append((f"meld {number}, {self.names[owner]}'s", cards))
        if self.stock:
            groups.append(("stock, top first (face down at the table)", self.stock))
        return tuple(groups)

    def fields(self) -> dict:
        data = {"hands": [cards_text(h, ascii=True) for h in self.hands]}
        if self.discard:
            data["discard"] = cards_text(self.discard, ascii=True)
        if self.stock:
            data["stock"] = cards_text(self.stock, ascii=True)
        if self.table:
            data["table"] = [[owner, cards_text(c, ascii=True)] for owner, c in self.table]
        if self.rules.ladder:
            data["hand"] = self.hand
        if self.before:
            data["before"] = list(self.before)
        return data


class MoveQuestion(Question):
    """At this moment of a hand, may the player to move make this move?

    The judge (:func:`rummy_teach.game.judge.judge`) decides on the position: a refused
    move is explained by the judge's reasons (codes, kept with the question), an
    accepted one by what it does."""

    kind = "move"
    input = "choice"
    options = ("yes", "no")
    form = "yes or no"
    ALIASES = ContractQuestion.ALIASES

    def __init__(self, hands, action, discard="", stock="", table=(), hand=1, before=(),
                 teach="", game="basic", **kw):
        self._scene_args = (hands, discard, stock, table, hand, before)
        self.action = str(action)
        self.teach = _teach_code(teach)
        super().__init__(game, **kw)

    @property
    def scene(self):
        hands, discard, stock, table, hand, before = self._scene_args
        return _Scene(self.rules, hands, discard, stock, table, hand, before)

    def _card_scenes(self):
        scene = self.scene
        return (tuple(c for h in scene.hands for c in h) + scene.discard + scene.stock
                + tuple(c for _, m in scene.table for c in m),)

    def _solve(self):
        scene = self.scene
        game, self.story = scene.played()
        self.mover = scene.names[game.current_player]
        verdict = game.judge(self.action)
        if verdict.ok:
            self.answer = "yes"
            done = scene.say(game.clone(), game.current_player, self.action)
            why = (Reason("move_allowed", {"who": self.mover, "move": self.action, "done": done}),)
        else:
            self.answer = "no"
            why = (Reason("move_refused", {"who": self.mover, "move": self.action}),) + verdict.reasons
        self.answer_text = self.answer
        self.reasons = why + ((Reason(self.teach, teach_params(self.rules)),) if self.teach else ())
        self.explanation = "\n".join(r.text() for r in self.reasons)

    def _rule(self):
        return f"what may be done at this moment of a turn in {self.rules.title}"

    @property
    def prompt(self):
        story = "; ".join(self.story)
        so_far = f" So far this turn: {story}." if story else ""
        return (f"{self.rules.title}.{so_far} It is now {self.mover}'s move. "
                f"May {self.mover} play \u201c{self.action}\u201d now?")

    @property
    def groups(self):
        return self.scene.groups()

    def _read(self, answer):
        return answers.read_choice(answer, self.options, self.ALIASES)

    def _fields(self):
        data = self.scene.fields()
        data["action"] = self.action
        if self.teach:
            data["teach"] = self.teach
        return data


class WhoGetsQuestion(Question):
    """After these moves, who holds this card? (Buying, first refusal, digging.)"""

    kind = "who_gets"
    input = "choice"
    form = "a player's name"

    def __init__(self, hands, card, before, discard="", stock="", table=(), hand=1,
                 teach="", game="contract", **kw):
        self._scene_args = (hands, discard, stock, table, hand, before)
        self.card = parse_cards(card)[0] if isinstance(card, str) else card
        self.teach = _teach_code(teach)
        self.options = NAMES[:len(hands)]
        super().__init__(game, **kw)

    scene = MoveQuestion.scene
    _card_scenes = MoveQuestion._card_scenes

    def _solve(self):
        scene = self.scene
        game, self.story = scene.played()
        start = scene.game()
        holders = [p for p in range(len(scene.hands)) if self.card in game.hand(p)]
        if len(holders) != 1:
            raise UsageError(f"after these moves nobody holds {self.card} in hand")
        who = holders[0]
        gained = len(game.hand(who)) - len(start.hand(who))
        self.answer = scene.names[who]
        self.answer_text = self.answer
        self.reasons = (Reason("card_went_to", {"who": self.answer, "card": str(self.card),
                                                "gained": gained}),)
        if self.teach:
            self.reasons += (Reason(self.teach, teach_params(self.rules)),)
        self.explanation = "\n".join(r.text() for r in self.reasons)

    def _rule(self):
        return f"who may take a discard in {self.rules.title}"

    @property
    def prompt(self):
        return (f"{self.rules.title}. {'; '.join(self.story)}. "
                f"Who now holds {self.card}?")

    @property
    def groups(self):
        return self.scene.groups()

    def _read(self, answer):
        return answers.read_choice(answer, self.options, {n.lower(): n for n in self.options})

    def _fields(self):
        data = self.scene.fields()
        data["card"] = self.card.text(ascii=True)
        if self.teach:
            data["teach"] = self.teach
        return data


class DealQuestion(Question):
    """How many cards does each player get?"""

    kind = "deal"
    input = "number"
    form = "a whole number, in digits"

    def __init__(self, players, hand=1, game="basic", **kw):
        self.players = int(players)
        self.hand = int(hand)
        super().__init__(game, **kw)

    def _solve(self):
        rules = self.rules
        rules.check_players(self.players)
        self.answer = rules.cards_dealt(self.players, self.hand)
        self.answer_text = str(self.answer)
        decks, jokers = rules.deck_for(self.players)
        if rules.ladder:
            sizes = Reasons((Reason("deal_sizes_hand", {"hand": n, "cards": rung.dealt})
                             for n, rung in enumerate(rules.ladder, 1)), joiner=", ")
        else:
            sizes = Reasons((Reason("deal_sizes_players", {"players": n, "cards": k})
                             for n, k in rules.deal), joiner=", ")
        self.reasons = (
            Reason("deal_size", {"game": rules.term, "players": self.players, "cards": self.answer,
                                 "hand": self.hand if rules.ladder else ""}),
            Reason("deal_table", {"game": rules.term, "sizes": sizes}),
            Reason("deal_decks", {"players": self.players, "decks": decks, "jokers": jokers}),
        )
        self.explanation = "\n".join(r.text() for r in self.reasons)

    def _rule(self):
        return f"deal sizes in {self.rules.title}"

    @property
    def prompt(self):
        which = f" in hand {self.hand}" if self.rules.ladder else ""
        return (f"{self.rules.title} with {self.players} players: how many cards does each "
                f"player get{which}?")

    @property
    def groups(self):
        return ()

    def _read(self, answer):
        return answers.read_number(answer)

    def _fields(self):
        return {"players": self.players, **({"hand": self.hand} if self.rules.ladder else {})}


STOCK_OPTIONS = {
    "turn_over": "the discard pile is turned over as it lies and becomes the stock",
    "reshuffle": "the discard pile, all but its top card, is shuffled into a new stock",
    "end_hand": "the hand ends, with nobody going out",
    "void": "the hand is void and nobody scores",
}


class StockOutQuestion(Question):
    """The stock is empty and a player wants to draw: what happens?"""

    kind = "stock_out"
    input = "choice"
    form = "one of the options"
    options = tuple(STOCK_OPTIONS.values())

    def __init__(self, times=1, game="basic", **kw):
        self.times = int(times)
        super().__init__(game, **kw)

    def _solve(self):
        rules = self.rules
        way = rules.stock_exhausted
        if way == "turn_over" and rules.stock_turnovers is not None and self.times > rules.stock_turnovers:
            way = "void"
        self.answer = STOCK_OPTIONS[way]
        self.answer_text = self.answer
        self.reasons = (Reason(f"stock_out_{way}", {"game": rules.term, "times": self.times,
                                                    "turnovers": rules.stock_turnovers or 0}),)
        self.explanation = self.reasons[0].text()

    def _rule(self):
        return f"when the stock runs out in {self.rules.title}"

    @property
    def prompt(self):
        nth = {1: "for the first time", 2: "for the second time", 3: "for the third time"}.get(
            self.times, f"for time number {self.times}")
        return (f"{self.rules.title}: the stock has run out {nth} in this hand, and the next "
                "player would like to draw from it. What happens?")

    @property
    def groups(self):
        return ()

    def _read(self, answer):
        aliases = {"turn over": self.options[0], "turned over": self.options[0],
                   "shuffle": self.options[1], "reshuffle": self.options[1],
                   "ends": self.options[2], "end": self.options[2], "void": self.options[3]}
        return answers.read_choice(answer, self.options, aliases)

    def _fields(self):
        return {"times": self.times}


class GameEndQuestion(Question):
    """The last hand is scored: who wins the game (or is another hand needed)?"""

    kind = "game_end"
    input = "multi"
    form = "the winner's name (several names if they share the win), or: nobody yet"
    NOBODY = "nobody yet"

    def __init__(self, totals, last=(), game="basic", **kw):
        self.totals = tuple(int(t) for t in totals)
        self.last = tuple(int(t) for t in last) if last else ()
        self.names = NAMES[:len(self.totals)]
        self.options = self.names + (self.NOBODY,)
        super().__init__(game, **kw)

    def _solve(self):
        from ..game.results import game_winners

        rules = self.rules
        hands = len(rules.ladder) if rules.ladder else 1
        if rules.ladder and len(self.last) != len(self.totals):
            raise UsageError("give the last hand's score of every player ('last')")
        state = _Facts(rules=rules, num_players=len(self.totals), scores=self.totals,
                                hand_number=hands, team_scores=self.totals,
                                hand_results=[_Facts(scores=self.last or self.totals)])
        winners = game_winners(state)
        self.winners = tuple(self.names[p] for p in winners)
        self.answer = frozenset(self.winners) or frozenset({self.NOBODY})
        self.answer_text = ", ".join(self.winners) or self.NOBODY
        if rules.lowest_score_wins:
            code = "game_end_lowest" if len(winners) == 1 else "game_end_shared"
            low = min(self.totals)
            if self.totals.count(low) > 1 and len(winners) == 1:
                code = "game_end_last_hand"
        else:
            top = max(self.totals)
            code = ("game_end_not_yet" if top < rules.target else
                    "game_end_tie_again" if not winners else "game_end_highest")
        self.reasons = (Reason(code, {"game": rules.term, "winners": self.answer_text,
                                      "target": rules.target or 0}),)
        self.explanation = self.reasons[0].text()

    def _rule(self):
        return f"who wins a game of {self.rules.title}, and ties"

    @property
    def prompt(self):
        totals = ", ".join(f"{n} {t}" for n, t in zip(self.names, self.totals))
        if self.rules.ladder:
            last = ", ".join(f"{n} {t}" for n, t in zip(self.names, self.last))
            return (f"{self.rules.title}: hand {len(self.rules.ladder)}, the last, has just been "
                    f"scored. Totals: {totals}. Scores in that last hand: {last}. Who wins?")
        return (f"{self.rules.title}, playing to {self.rules.target}: a hand has just been scored "
                f"and the totals are {totals}. Who has won the game?")

    @property
    def groups(self):
        return ()

    def _read(self, answer):
        text = " ".join(answers._text(answer).lower().replace(",", " ").split())
        if text in ("nobody", "nobody yet", "no one", "none", "another hand"):
            return frozenset({self.NOBODY})
        names = {n.lower(): n for n in self.names}
        picked = [names.get(part) for part in text.split() if part != "and"]
        if not picked or None in picked:
            raise answers.Unreadable(f"write one or more of {', '.join(self.names)} separated by "
                                     f"commas, or \u201c{self.NOBODY}\u201d")
        return frozenset(picked)

    def _given(self, value):
        return ", ".join(sorted(value))

    @property
    def answer_input(self):
        return ", ".join(sorted(self.answer))

    def _fields(self):
        return {"totals": list(self.totals), **({"last": list(self.last)} if self.last else {})}


def _teach_code(code: str) -> str:
    from ..reasons import ENGLISH

    if code and (not code.startswith("teach_") or code not in ENGLISH):
        known = ", ".join(c for c in ENGLISH if c.startswith("teach_"))
        raise UsageError(f"{code!r} is not a teaching line; known ones: {known}")
    return code


def teach_params(rules) -> dict:
    """What teaching lines may mention about a rule set."""
    return {"game": rules.term, "decks": describe_decks(rules)}
