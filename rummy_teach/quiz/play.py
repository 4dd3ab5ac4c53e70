"""Question kinds about play: what may be done at a moment of a hand, who gets a
bought card, how many cards are dealt, what an empty stock means, who wins a game.

Each answer comes from the engine: a position is built with ``Game.from_deal`` and
the move is tried on it (the refusal or the move's effect is the explanation); deal
sizes, decks and the empty-stock rule are read off the rule set; the winners of a
game come from the engine's own ``game_winners``.
"""

from __future__ import annotations

from ..cards import cards_text, parse_cards
from ..errors import RummyError, UsageError
from ..game.actions import Action
from ..game.deal import stock_text, stock_top
from ..game.position import count
from ..reasons import Reason, say
from . import answers
from .questions import ContractQuestion, Question, describe_decks
from .words import Joined, line

class _Facts:
    """Plain attributes, standing in for a finished game where only its numbers matter."""

    def __init__(self, **facts):
        self.__dict__.update(facts)


NAMES = ("Ann", "Ben", "Cleo", "Dana", "Eli", "Fay", "Gus", "Hana")


def _player(names, p) -> str:
    return names[p]


class _Scene:
    """A position of a hand, as the learner sees it, rebuilt by the engine.

    ``stock`` is the stock's cards from the top (ending in ``...``: its top cards, every
    card placed nowhere else below them), or how many it holds; ``table`` holds
    ``(owner, cards)`` or ``(owner, cards, {player: cards laid off})``; ``buys`` the buys
    so far this hand, one count per player. The position must be one a real game can
    reach (``from_deal`` checks it), unless ``constructed`` says it is a simplified
    illustration."""

    def __init__(self, rules, hands, discard="", stock="", table=(), hand=1, before=(),
                 buys=None, constructed=False):
        self.hands = tuple(parse_cards(h) for h in hands)
        self.discard = parse_cards(discard)
        self.stock_size = stock if isinstance(stock, int) and not isinstance(stock, bool) else None
        top, self.stock_rest = stock_top(stock) if isinstance(stock, str) else (stock, False)
        self.stock = () if self.stock_size is not None else parse_cards(top)
        self.table = tuple((int(entry[0]), parse_cards(entry[1]),
                            {int(p): parse_cards(c) for p, c in (entry[2] if len(entry) > 2 else {}).items()})
                           for entry in table)
        self.hand = hand
        self.before = tuple(before)
        self.buys = tuple(buys) if buys else ()
        self.constructed = bool(constructed)
        self.names = NAMES[:len(self.hands)]
        self.rules = rules

    def game(self):
        """The position before the moves of ``before`` (a fresh game every call)."""
        from ..game import Game

        extra = {"hand": self.hand} if self.rules.ladder else {}
        table = [(o, cards_text(c, ascii=True), {p: cards_text(l, ascii=True) for p, l in off.items()})
                 for o, c, off in self.table]
        stock = self.stock_size if self.stock_size is not None else self._stock_text()
        return Game.from_deal(self.rules, hands=[cards_text(h, ascii=True) for h in self.hands],
                              discard=cards_text(self.discard, ascii=True), stock=stock, table=table,
                              buys=self.buys or None, names=self.names,
                              constructed=self.constructed, **extra)

    def _stock_text(self) -> str:
        return stock_text(self.stock, self.stock_rest)

    def played(self, hidden=False):
        """The game after the moves of ``before``, and those moves told in words
        (``hidden``: a dig names only the card dug for, not the cards that come along)."""
        game, told = self.game(), []
        for text in self.before:
            who = game.current_player
            try:
                told.append(self.say(game, who, text, hidden))
                game.apply(text)
            except RummyError as refused:   # unreadable, or not allowed there
                raise BeforeMoveError(*refused.args) from refused
        return game, told

    def say(self, game, who, text, hidden=False) -> Reason:
        """A move told as a card player says it (the narrator's move_* sentences)."""
        action = Action.parse(text)
        name = self.names[who]
        kind = action.kind
        if kind == "draw":
            return line("move_draw", who=name)
        if kind == "take":
            taken = game.discard_pile[-action.depth:]
            if action.depth > len(taken):   # a move asked about may reach below the pile
                return line("quiz_move_take_many", who=name, depth=action.depth)
            if action.depth == 1:
                return line("move_take", who=name, card=str(taken[0]))
            if hidden:
                return line("quiz_story_dig", who=name, card=str(taken[0]))
            return line("move_dig", who=name, depth=action.depth, card=str(taken[0]),
                        cards=cards_text(taken))
        if kind == "meld":
            return line("move_meld", who=name, melds=" | ".join(cards_text(g) for g in action.melds))
        if kind == "layoff":
            return line("move_layoff", who=name, card=str(action.card),
                        meld=line("meld_name_numbered", number=action.target))
        if kind == "discard":
            return line("move_discard", who=name, card=str(action.card))
        if kind in ("buy", "pass") and game.discard_top is None:
            return line("quiz_move_other", who=name, move=str(action))
        if kind == "buy":
            return line("move_buy", who=name, card=str(game.discard_top))
        if kind == "pass":
            return line("move_pass", who=name, card=str(game.discard_top))
        return line("quiz_move_other", who=name, move=str(action))

    def groups(self):
        groups = []
        for p in range(len(self.hands)):
            groups.append((line("quiz_group_hand_of", name=self.names[p]), self.hands[p]))
        if self.discard:
            groups.append((line("quiz_group_discard"), self.discard))
        for number, (owner, cards, _) in enumerate(self.table, 1):
            groups.append((line("quiz_group_meld_of", number=number, name=self.names[owner]), cards))
        if self.stock:
            below = self.game().stock_size - len(self.stock) if self.stock_rest else 0
            label = line("quiz_group_stock_top", count=below) if below else line("quiz_group_stock")
            groups.append((label, self.stock))
        return tuple(groups)

    def fields(self) -> dict:
        data = {"hands": [cards_text(h, ascii=True) for h in self.hands]}
        if self.discard:
            data["discard"] = cards_text(self.discard, ascii=True)
        if self.stock or self.stock_rest:
            data["stock"] = self._stock_text()
        elif self.stock_size is not None:
            data["stock"] = self.stock_size
        if self.table:
            data["table"] = [[owner, cards_text(c, ascii=True)] + (
                [{str(p): cards_text(l, ascii=True) for p, l in off.items()}] if off else [])
                for owner, c, off in self.table]
        if self.rules.ladder:
            data["hand"] = self.hand
        if self.before:
            data["before"] = list(self.before)
        if any(self.buys):
            data["buys"] = list(self.buys)
        if self.constructed:
            data["constructed"] = True
        return data


class AskedCardError(RummyError):
    """The card a question asks about (in its move, or the card whose holder it asks for)
    is not a card of the game: the field that names it is to blame."""


class BeforeMoveError(RummyError):
    """A move of a question's ``before`` that cannot be read or played where it comes: the
    quiz file's field ``before`` is to blame, not the move asked about."""


class MoveQuestion(Question):
    """At this moment of a hand, may the player to move make this move?

    The judge (:func:`rummy_teach.game.judge.judge`) decides on the position: a refused
    move is explained by the judge's reasons (codes, kept with the question), an
    accepted one by what it does."""

    kind = "move"
    input = "choice"
    options = ("yes", "no")
    option_codes = ContractQuestion.option_codes
    form_code = "quiz_form_yes_no"
    ALIASES = ContractQuestion.ALIASES

    def __init__(self, hands, action, discard="", stock="", table=(), hand=1, before=(),
                 teach="", game="basic", buys=None, constructed=False, **kw):
        self._scene_args = dict(hands=hands, discard=discard, stock=stock, table=table, hand=hand,
                                before=before, buys=buys, constructed=constructed)
        self.action = str(action)
        self.teach = _teach_code(teach)
        super().__init__(game, **kw)

    @property
    def scene(self):
        return _Scene(self.rules, **self._scene_args)

    def _card_scenes(self):
        scene = self.scene
        return (tuple(c for h in scene.hands for c in h) + scene.discard + scene.stock
                + tuple(c for _, m, _ in scene.table for c in m),)

    def _check_cards(self):
        """The position's cards, then the move's: a move with a card the game has not got
        (a joker in Rummy 500) asks about nothing that can happen at a table."""
        super()._check_cards()
        action = Action.parse(self.action)
        named = [card for group in action.melds or () for card in group]
        self._refuse_cards_outside_decks(named + ([action.card] if action.card else []), AskedCardError)

    def _solve(self):
        scene = self.scene
        game, self.story = scene.played()
        self.mover = scene.names[game.current_player]
        verdict = game.judge(self.action, scene.names)
        # the move in words (the narrator's move_* sentences), never the engine's command
        self.move_words = scene.say(game.clone(), game.current_player, self.action)
        if verdict.ok:
            self.answer = "yes"
            done = scene.say(game.clone(), game.current_player, self.action)
            why = (Reason("quiz_move_allowed", {"done": done}),)
        else:
            self.answer = "no"
            why = (Reason("quiz_move_refused", {"who": self.mover}),) + verdict.reasons
        self.answer_words = line(self.option_codes[self.answer])
        self.reasons = why + ((Reason(self.teach, teach_params(self.rules)),) if self.teach else ())
        self.explaining = self.reasons

    def _rule(self):
        return line("quizrule_move_moment", game=self.game_name)

    @property
    def prompt_words(self):
        if not self.story:
            return line("quiz_prompt_move", game=self.game_name, who=self.mover,
                        move=self.move_words)
        return line("quiz_prompt_move_story", game=self.game_name, story=Joined(self.story, " "),
                    who=self.mover, move=self.move_words)

    @property
    def groups(self):
        return self.scene.groups()

    def _read(self, answer):
        return answers.read_choice(answer, self.options, self.ALIASES, self.option_codes)

    def _fields(self):
        data = self.scene.fields()
        data["action"] = self.action
        if self.teach:
            data["teach"] = self.teach
        return data


class WhoGetsQuestion(Question):
    """After these moves, who holds this card? (Buying, first refusal, digging.)

    ``before`` gives the moves played; or ``wanted_by`` (seat numbers) says who would
    like the top discard at the start of the turn, and the engine plays the turn's
    beginning: the player to move takes it if they want it, else draws, and the others
    answer the buy window (``buy`` if they want the card, ``pass`` if not). The prompt
    then tells only the wishes, never who took, refused or bought the card."""

    kind = "who_gets"
    input = "choice"
    form_code = "quiz_form_player"

    def __init__(self, hands, card, before=(), discard="", stock="", table=(), hand=1,
                 teach="", wanted_by=(), game="contract", buys=None, constructed=False, **kw):
        self._scene_args = dict(hands=hands, discard=discard, stock=stock, table=table, hand=hand,
                                before=before, buys=buys, constructed=constructed)
        self.card = parse_cards(card)[0] if isinstance(card, str) else card
        self.teach = _teach_code(teach)
        self.options = NAMES[:len(hands)]
        self.wanted_by = tuple(wanted_by or ())
        self.before = tuple(before or ())
        if not before and not self.wanted_by:
            raise UsageError(Reason("quiz_who_gets_needs_moves"))
        for seat in self.wanted_by:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(hands):
                raise UsageError(Reason("quiz_wanted_seat", {"seat": repr(seat), "most": len(hands) - 1}))
        super().__init__(game, **kw)

    scene = MoveQuestion.scene
    _card_scenes = MoveQuestion._card_scenes

    def _check_cards(self):
        """The position's cards, then the card asked about: who holds a joker in Rummy 500
        is no question."""
        super()._check_cards()
        self._refuse_cards_outside_decks([self.card], AskedCardError)

    def _solve(self):
        scene = self.scene
        game, self.story = scene.played(hidden=True)      # what the prompt tells
        happened = list(scene.played()[1])               # what the explanation tells
        start = scene.game()
        self.mover = scene.names[game.current_player]
        self.offered = game.discard_top
        how = None
        self.buy_calls = ()          # the seats that called buy in the wished turn
        self.limited = ()            # why a seat that wanted the card could not buy it
        if self.wanted_by:
            how = self._play_wishes(game, scene, happened)
        holders = [p for p in range(len(scene.hands)) if self.card in game.hand(p)]
        if len(holders) != 1:
            raise UsageError(say("quiz_nobody_holds", card=str(self.card)))
        who = holders[0]
        gained = len(game.hand(who)) - len(start.hand(who))
        self.answer = scene.names[who]
        if how is None and self.before:
            how = self._dig_words(start, scene)
        self.reasons = (Reason("card_went_to", {"who": self.answer, "card": str(self.card),
                                                "gained": gained}),)
        if how is not None:
            self.reasons += (how,)
        self.reasons += self.limited
        if self.teach:
            self.reasons += (Reason(self.teach, teach_params(self.rules)),)
        self.explaining = ((line("quiz_what_happened", story=Joined(happened, " ")),)
                           if happened else ()) + self.reasons

    def _play_wishes(self, game, scene, happened):
        """Play the start of the turn as the wishes say; the reason that tells how the
        card went where it went."""
        if self.offered is None or game.phase != "draw":
            raise UsageError(Reason("quiz_wanted_needs_discard"))
        mover = game.current_player
        first = "take" if mover in self.wanted_by else "draw"
        happened.append(scene.say(game, mover, first))
        game.apply(first)
        callers = []
        while game.buy_offer is not None:
            asked = game.current_player
            answer = "buy" if asked in self.wanted_by else "pass"
            if answer == "buy":
                callers.append(scene.names[asked])
                self.buy_calls += (asked,)
            happened.append(scene.say(game, asked, answer))
            game.apply(answer)
        offered, names = str(self.offered), scene.names
        # a player who has used every buy of the hand is not asked: say so, or the
        # explanation would leave a wish unanswered
        limit = [line("quiz_buy_limit", who=names[p], card=offered,
                      buys=count("count_times", game.rules.max_buys))
                 for p in sorted(set(self.wanted_by))
                 if p != mover and game.rules.buying and not game.buys_left(p)]
        if limit:
            self.limited = tuple(limit)
        if first == "take":
            return line("quiz_got_first_refusal", who=names[mover], card=offered)
        if not callers:
            return line("quiz_got_nobody_bought", who=names[mover], card=offered)
        buyer = next(p for p in range(len(names)) if self.offered in game.hand(p))
        if self.card != self.offered:
            return line("quiz_got_penalty", who=names[buyer], card=str(self.card), bought=offered)
        if len(callers) > 1:
            return line("quiz_got_nearest_buyer", who=names[buyer], card=offered,
                        mover=names[mover], callers=name_list(callers))
        return line("quiz_got_bought", who=names[buyer], card=offered)

    def _dig_words(self, start, scene):
        """A card that came along with a dig: how it got into the digger's hand."""
        game = start
        for text in self.before:
            action = Action.parse(text)
            if action.kind == "take" and action.depth > 1:
                taken = game.discard_pile[-action.depth:]
                if self.card in taken[1:]:
                    return line("quiz_got_came_along", who=scene.names[game.current_player],
                                card=str(self.card), chosen=str(taken[0]))
            game.apply(text)
        return None

    def _rule(self):
        return line("quizrule_who_takes", game=self.game_name)

    @property
    def prompt_words(self):
        if self.wanted_by:
            wanting = [self.scene.names[p] for p in sorted(set(self.wanted_by))]
            wishes = line("quiz_wishes_one" if len(wanting) == 1 else "quiz_wishes_many",
                          names=name_list(wanting))
            ask = (line("quiz_ask_who_gets", card=str(self.card)) if self.card == self.offered
                   else line("quiz_ask_who_holds", card=str(self.card)))
            return line("quiz_prompt_wanted_story" if self.story else "quiz_prompt_wanted",
                        game=self.game_name, story=Joined(self.story, " "), mover=self.mover,
                        card=str(self.offered), wishes=wishes, ask=ask)
        return line("quiz_prompt_who_gets", game=self.game_name, story=Joined(self.story, " "),
                    card=str(self.card))

    @property
    def groups(self):
        return self.scene.groups()

    def _read(self, answer):
        return answers.read_choice(answer, self.options, {n.lower(): n for n in self.options})

    def _fields(self):
        data = self.scene.fields()
        data["card"] = self.card.text(ascii=True)
        if self.wanted_by:
            data["wanted_by"] = list(self.wanted_by)
        if self.teach:
            data["teach"] = self.teach
        return data


def name_list(names) -> Reason | str:
    """``Ann``, ``Ann and Ben``, ``Ann, Ben and Cleo`` in the language in use."""
    names = list(names)
    if len(names) == 1:
        return names[0]
    return line("quiz_names_and", names=", ".join(names[:-1]), last=names[-1])


class DealQuestion(Question):
    """How many cards does each player get?"""

    kind = "deal"
    input = "number"
    form_code = "quiz_form_number"

    def __init__(self, players, hand=1, game="basic", **kw):
        self.players = int(players)
        self.hand = int(hand)
        super().__init__(game, **kw)

    def _solve(self):
        rules = self.rules
        rules.check_players(self.players)
        self.answer = rules.cards_dealt(self.players, self.hand)
        decks, jokers = rules.deck_for(self.players)
        if rules.ladder:
            sizes = Joined(line("quiz_deal_item_hand", hand=n, cards=rung.dealt)
                           for n, rung in enumerate(rules.ladder, 1))
        else:
            sizes = Joined(line("quiz_deal_item_players", players=n, cards=k) for n, k in rules.deal)
        self.reasons = (
            Reason("deal_size", {"game": self.game_name, "players": self.players,
                                 "cards": self.answer, "hand": self.hand if rules.ladder else ""}),
            Reason("deal_table", {"game": self.game_name, "sizes": sizes}),
            Reason("deal_decks", {"players": self.players,
                                  "decks": Reason("count_decks", {"count": decks}),
                                  "jokers": Reason("count_jokers", {"count": jokers})}),
        )
        self.explaining = self.reasons

    def _rule(self):
        return line("quizrule_deal_sizes", game=self.game_name)

    @property
    def prompt_words(self):
        return line("quiz_prompt_deal_hand" if self.rules.ladder else "quiz_prompt_deal",
                    game=self.game_name, players=self.players, hand=self.hand)

    @property
    def groups(self):
        return ()

    def _read(self, answer):
        return answers.read_number(answer)

    def _fields(self):
        return {"players": self.players, **({"hand": self.hand} if self.rules.ladder else {})}


#: what may happen when the stock runs out: the option (stored) -> its label's code
STOCK_OPTIONS = {way: f"quiz_stock_{way}" for way in ("turn_over", "reshuffle", "end_hand", "void")}
#: the options' English sentences, as answers stored before issue 16 hold them
STOCK_SENTENCES = {
    "the discard pile is turned over as it lies and becomes the stock": "turn_over",
    "the discard pile, all but its top card, is shuffled into a new stock": "reshuffle",
    "the hand ends, with nobody going out": "end_hand",
    "the hand is void and nobody scores": "void",
}


class StockOutQuestion(Question):
    """The stock is empty and a player wants to draw: what happens?"""

    kind = "stock_out"
    input = "choice"
    form_code = "quiz_form_option"
    options = tuple(STOCK_OPTIONS)
    option_codes = STOCK_OPTIONS

    def __init__(self, times=1, game="basic", **kw):
        self.times = int(times)
        if self.times < 1:
            raise UsageError(Reason("quiz_stock_out_times", {"given": self.times}))
        super().__init__(game, **kw)

    def _solve(self):
        rules = self.rules
        way = rules.stock_exhausted
        if way == "turn_over" and rules.stock_turnovers is not None and self.times > rules.stock_turnovers:
            way = "void"
        self.answer = way
        self.answer_words = line(STOCK_OPTIONS[way])
        self.reasons = (Reason(f"stock_out_{way}", {"game": self.game_name, "times": self.times,
                                                    "turnovers": rules.stock_turnovers or 0}),)
        self.explaining = self.reasons

    def _rule(self):
        return line("quizrule_stock_out", game=self.game_name)

    @property
    def prompt_words(self):
        nth = (line(f"quiz_times_{self.times}") if self.times in (1, 2, 3)
               else line("quiz_times_n", times=self.times))
        return line("quiz_prompt_stock_out", game=self.game_name, nth=nth)

    @property
    def groups(self):
        return ()

    def _read(self, answer):
        aliases = {"turn over": "turn_over", "turned over": "turn_over", "shuffle": "reshuffle",
                   "ends": "end_hand", "end": "end_hand", "end hand": "end_hand",
                   **STOCK_SENTENCES}
        return answers.read_choice(answer, self.options, aliases, self.option_codes)

    def _fields(self):
        return {"times": self.times}


class GameEndQuestion(Question):
    """The last hand is scored: who wins the game (or is another hand needed)?"""

    kind = "game_end"
    input = "multi"
    form_code = "quiz_form_game_end"
    NOBODY = "nobody yet"
    option_codes = {NOBODY: "quiz_option_nobody"}

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
            raise UsageError(Reason("quiz_game_end_needs_last"))
        state = _Facts(rules=rules, num_players=len(self.totals), scores=self.totals,
                                hand_number=hands, team_scores=self.totals,
                                hand_results=[_Facts(scores=self.last or self.totals)])
        winners = game_winners(state)
        self.winners = tuple(self.names[p] for p in winners)
        self.answer = frozenset(self.winners) or frozenset({self.NOBODY})
        self.answer_words = ", ".join(self.winners) or line("quiz_option_nobody")
        if rules.lowest_score_wins:
            code = "game_end_lowest" if len(winners) == 1 else "game_end_shared"
            low = min(self.totals)
            if self.totals.count(low) > 1 and len(winners) == 1:
                code = "game_end_last_hand"
        else:
            top = max(self.totals)
            code = ("game_end_not_yet" if top < rules.target else
                    "game_end_tie_again" if not winners else "game_end_highest")
            if code == "game_end_highest" and rules.scoring == "winner_takes":
                code = "quiz_game_end_first"    # one scorer a hand: nobody passes it together
        self.reasons = (Reason(code, {"game": self.game_name, "winners": self.answer_words,
                                      "target": rules.target or 0}),)
        if code == "game_end_not_yet" and rules.scoring == "winner_takes":
            self.reasons += (Reason("quiz_game_end_one_scorer", {"game": self.game_name}),)
        self.explaining = self.reasons

    def _rule(self):
        return line("quizrule_game_end", game=self.game_name)

    @property
    def prompt_words(self):
        totals = ", ".join(f"{n} {t}" for n, t in zip(self.names, self.totals))
        if self.rules.ladder:
            last = ", ".join(f"{n} {t}" for n, t in zip(self.names, self.last))
            return line("quiz_prompt_game_end_ladder", game=self.game_name,
                        hand=len(self.rules.ladder), totals=totals, last=last)
        return line("quiz_prompt_game_end", game=self.game_name, target=self.rules.target,
                    totals=totals)

    @property
    def groups(self):
        return ()

    def _read(self, answer):
        from .words import every_language

        text = " ".join(answers.answer_text(answer).lower().replace(",", " ").split())
        if text in ("nobody", "nobody yet", "no one", "none", "another hand", "nessuno",
                    "nessuno ancora", "niemand", "nog niemand") or text in every_language(
                        "quiz_option_nobody"):
            return frozenset({self.NOBODY})
        names = {n.lower(): n for n in self.names}
        picked = [names.get(part) for part in text.split() if part not in ("and", "e", "en")]
        if not picked or None in picked:
            raise answers.Unreadable(say("quiz_hint_game_end", names=", ".join(self.names),
                                         nobody=say("quiz_option_nobody")))
        return frozenset(picked)

    def _given(self, value):
        return ", ".join(sorted(self.option_label(v) for v in value))

    @property
    def answer_input(self):
        return ", ".join(sorted(self.answer))

    def _fields(self):
        return {"totals": list(self.totals), **({"last": list(self.last)} if self.last else {})}


def _teach_code(code: str) -> str:
    from ..reasons import ENGLISH

    if code and (not code.startswith("teach_") or code not in ENGLISH):
        known = ", ".join(c for c in ENGLISH if c.startswith("teach_"))
        raise UsageError(Reason("quiz_teach_unknown", {"code": code, "known": known}))
    return code


def teach_params(rules) -> dict:
    """What teaching lines may mention about a rule set."""
    from .words import GameName

    return {"game": GameName(rules), "decks": describe_decks(rules)}
