"""Whole-game scoring: tally the hands of a real game, played by the engine's computer
players from a seed, so that every hand shown could happen (issue 25).

``{"kind": "tally", "game": "contract", "players": 3, "seed": 1, "hands": 4, "player": 1}``
shows the first four hands of that game, each player's score in each (Rummy 500: what
they melded and what was left in hand) and asks player 1's total after them;
``"ask": "winner"`` with every hand of the game asks who has won. The game is played
once per process (a cache), the same from the same seed.
"""

from __future__ import annotations

from functools import lru_cache

from ..errors import UsageError
from ..reasons import Reason, say
from . import answers
from .play import NAMES
from .questions import Question
from .words import Joined, line

ASKS = ("total", "winner")
LEVEL = "medium"                # the computer players who play the game


@lru_cache(maxsize=32)
def played(rules, players: int, seed: int):
    """The finished game the computer players play from ``seed`` (one per process)."""
    from ..game import play_game

    return play_game(rules, [LEVEL] * players, seed=seed)


class TallyQuestion(Question):
    """After these hands of a real game, what is a player's total (or who has won)?"""

    kind = "tally"
    form_code = "quiz_form_number"

    def __init__(self, players, seed, hands, ask="total", player=0, game="contract", **kw):
        self.players, self.seed, self.hands = int(players), int(seed), int(hands)
        self.ask, self.player = ask, int(player)
        if ask not in ASKS:
            raise UsageError(Reason("quiz_tally_ask", {"given": repr(ask), "asks": ", ".join(ASKS)}))
        if not 0 <= self.player < self.players:
            raise UsageError(Reason("quiz_wanted_seat", {"seat": repr(player), "most": self.players - 1}))
        self.names = NAMES[:self.players]
        if ask == "winner":
            self.input, self.form_code, self.options = "multi", "quiz_form_game_end_won", self.names
        else:
            self.input = "number"
        super().__init__(game, **kw)

    def _solve(self):
        rules = self.rules
        rules.check_players(self.players)
        game = played(rules, self.players, self.seed)
        results = game.hand_results
        if not 2 <= self.hands <= len(results):
            raise UsageError(say("quiz_tally_hands", given=self.hands, most=len(results)))
        if self.ask == "winner" and self.hands != len(results):
            raise UsageError(say("quiz_tally_winner_whole", hands=len(results)))
        self.results = results[:self.hands]
        totals = [0] * self.players
        lines = []
        for result in self.results:
            totals = [t + s for t, s in zip(totals, result.scores)]
            lines.append(line("quiz_tally_after", hand=result.hand, totals=self._scores(totals)))
        self.totals = tuple(totals)
        if self.ask == "total":
            self.answer = totals[self.player]
            sums = " + ".join(f"({s})" if s < 0 else str(s)
                              for s in (r.scores[self.player] for r in self.results))
            lines.append(line("quiz_tally_sum", name=self.names[self.player], sum=sums,
                              total=self.answer))
        else:
            from ..game.results import game_winners

            self.winners = tuple(self.names[p] for p in game_winners(game))
            self.answer = frozenset(self.winners)
            self.answer_words = ", ".join(self.winners)
            code = "game_end_shared" if len(self.winners) > 1 else (
                "game_end_lowest" if rules.lowest_score_wins else "game_end_highest")
            last = game.scores.count(min(game.scores) if rules.lowest_score_wins
                                     else max(game.scores))
            if last > 1 and len(self.winners) == 1:
                code = "game_end_last_hand"
            lines.append(line(code, game=self.game_name, winners=self.answer_words,
                              target=rules.target or 0))
        self.reasons = (line("teach_tally", game=self.game_name),)
        self.explaining = tuple(lines)

    def _scores(self, values) -> Joined:
        return Joined(line("quiz_tally_score", name=n, points=v) for n, v in zip(self.names, values))

    def _hand_line(self, result):
        if self.rules.scores_melds:
            parts = Joined(line("quiz_tally_500_score", name=n, melded=m, left=d)
                           for n, m, d in zip(self.names, result.melded_points, result.deadwood_points))
        else:
            parts = self._scores(result.scores)
        code = "quiz_tally_hand_out" if result.went_out is not None else "quiz_tally_hand"
        out = self.names[result.went_out] if result.went_out is not None else ""
        return line(code, hand=result.hand, scores=parts, out=out)

    def _rule(self):
        return line("quizbank_tally_winner" if self.ask == "winner" else "quizbank_tally_total")

    @property
    def prompt_words(self):
        hands = Joined((self._hand_line(r) for r in self.results), " ")
        if self.ask == "winner":
            return line("quiz_prompt_tally_winner", game=self.game_name, players=self.players,
                        hands=hands)
        return line("quiz_prompt_tally_total", game=self.game_name, players=self.players,
                    hands=hands, name=self.names[self.player], hand=self.hands)

    @property
    def groups(self):
        return ()

    def _read(self, answer):
        if self.ask == "total":
            return answers.read_number(answer, negative=bool(self.rules.scores_melds))
        text = " ".join(answers.answer_text(answer).lower().replace(",", " ").split())
        names = {n.lower(): n for n in self.names}
        picked = [names.get(part) for part in text.split() if part not in ("and", "e", "en")]
        if not picked or None in picked:
            raise answers.Unreadable(say("quiz_hint_one_of", options=", ".join(self.names)))
        return frozenset(picked)

    def _given(self, value):
        return ", ".join(sorted(value)) if isinstance(value, frozenset) else str(value)

    @property
    def answer_input(self):
        return ", ".join(sorted(self.answer)) if self.ask == "winner" else str(self.answer)

    def _fields(self):
        data = {"players": self.players, "seed": self.seed, "hands": self.hands}
        if self.ask != "total":
            data["ask"] = self.ask
        else:
            data["player"] = self.player
        return data
