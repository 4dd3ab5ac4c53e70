"""The meld checker's logic: pick cards, choose the game, read the engine's verdict.

The picker offers the whole deck of the chosen game (jokers where the game has
them); the verdict and the reasons are :func:`rummy_teach.melds.check_meld`'s,
shown by :func:`rummy_teach.render.meld_check_html`. Nothing here works out a
reason of its own.
"""

from __future__ import annotations

import html

from .. import render
from ..cards import RANKS, SUITS, Card, cards_text, parse_cards
from ..reasons import Reason, say
from ..rules import get_rules
from .controller import Controller, PlayError
from .buttons import button

# The games whose meld rules differ; any other rule set name is accepted as well.
GAME_CHOICES = ("basic", "500", "persian", "contract", "california")

PROMPT_CODE = "checker_prompt"  # what the verdict area says while no card is picked


def picker_cards(rules) -> tuple[Card, ...]:
    """One of each face, plus the jokers of the game's usual deck (each copy: a meld may
    hold several)."""
    jokers = rules.decks[0][2] if 0 in rules.wild_ranks else 0
    return tuple(Card(rank, suit) for suit in SUITS for rank in RANKS) + tuple(
        Card.joker(copy) for copy in range(1, jokers + 1))


class MeldCheckerController(Controller):
    """``MeldCheckerController(game="basic", cards="QH KH AH")``: :meth:`click` a card,
    :meth:`set_game`, :meth:`clear`; ``check`` is the engine's verdict."""

    kind = "meld_checker"

    def __init__(self, game: str = "basic", cards="", size: int = 40, four_colour: bool = False):
        self.rules = get_rules(game)
        # each game as the checker was given it: going back to a game keeps its options
        self._chosen = {self.rules.name: self.rules}
        self.size, self.four_colour = int(size), bool(four_colour)
        self.selected: list[Card] = []
        if cards:
            self.select(cards)

    @classmethod
    def from_config(cls, config: dict) -> "MeldCheckerController":
        return cls(config.get("game", "basic"), config.get("cards", ""), config.get("size", 40),
                   config.get("four_colour", False))

    def config(self) -> dict:
        return {"kind": self.kind, "game": self.rules.name, "cards": cards_text(self.selected, ascii=True),
                "size": self.size, "four_colour": self.four_colour}

    # --- events ---------------------------------------------------------------------------
    def offered(self) -> tuple[Card, ...]:
        return picker_cards(self.rules)

    def select(self, cards) -> None:
        """Make exactly ``cards`` the selection (in this order)."""
        wanted = list(parse_cards(cards))
        missing = [str(c) for c in wanted if c not in self.offered()]
        if missing:
            raise PlayError(Reason("checker_not_offered", {"cards": " ".join(missing),
                                                           "game": self.rules.term}))
        self.selected = wanted

    def click(self, card) -> None:
        """Pick a card, or put it back if it was picked."""
        card = card if isinstance(card, Card) else Card.parse(card)
        if card not in self.offered():
            raise PlayError(Reason("checker_not_offered", {"cards": card, "game": self.rules.term}))
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)

    def set_game(self, game) -> None:
        """Judge by another game's rules (a name, or a rule set with its options); cards
        that game lacks (jokers) leave the selection. A game named again comes back with
        the options it was given (``MeldChecker(game=get_rules("basic", min_run=4))``
        switched to Rummy 500 and back still asks for runs of 4)."""
        rules = get_rules(game)
        if isinstance(game, str):
            rules = self._chosen.get(rules.name, rules)
        self._chosen[rules.name] = rules
        self.rules = rules
        self.selected = [c for c in self.selected if c in self.offered()]

    def clear(self) -> None:
        self.selected = []

    def handle(self, act: str, arg: str = "", fields: dict | None = None) -> None:
        if act == "card":
            return self.click(arg)
        if act == "game":
            return self.set_game(arg)
        if act == "colours":
            self.four_colour = arg in ("on", "true", "1")
            return None
        if act == "clear":
            return self.clear()
        raise PlayError(f"a meld checker answers card, game, colours and clear, not {act!r}")

    def answer_ahead(self, path: tuple) -> bool:
        """A book page carries the verdict on each card picked first (:mod:`.ahead`,
        issue 27), worked out when the book is built: the reader's first click answers
        before the page's Python has started."""
        return len(path) == 0 or (len(path) == 1 and path[0][0] == "card")

    # --- the verdict ------------------------------------------------------------------------
    @property
    def check(self):
        """The engine's verdict on the selected cards, or None while nothing is selected."""
        return self.rules.check_meld(self.selected) if self.selected else None

    def verdict_text(self) -> str:
        """The verdict in plain words: the headline, then one reason a line."""
        check = self.check
        if check is None:
            return say(PROMPT_CODE)
        headline = (say("checker_legal", cards=cards_text(check.cards), kind=render.kind_word(check.kind))
                    if check.ok else say("checker_not_meld", cards=cards_text(check.cards)))
        return "\n".join([headline] + [r.text() for r in check.reasons])

    def verdict_html(self) -> str:
        check = self.check
        if check is None:
            return f'<p style="font:15px sans-serif;color:#444">{html.escape(say(PROMPT_CODE))}</p>'
        return render.meld_check_html(check, size=56, four_colour=self.four_colour)

    # --- the view ---------------------------------------------------------------------------
    def picker_html(self, interactive: bool = True) -> str:
        rows = []
        cards = self.offered()
        for suit in ("S", "H", "D", "C", None):
            row = [c for c in cards if c.suit == suit]
            if row:
                rows.append(render.cards_html(
                    row, size=self.size, four_colour=self.four_colour, selected=self.selected,
                    interactive=interactive, label=render.suit_word(suit), in_toolbar=True))
        if interactive:     # every row one toolbar: one tab stop, arrow keys inside
            return render.toolbar_html("".join(rows), say("checker_picker"), "picker",
                                       css_class="rt-clickable-cards", style="display:grid;gap:4px")
        return (f'<div class="rt-clickable-cards" aria-label="{html.escape(say("checker_picker"))}" '
                f'style="display:grid;gap:4px">{"".join(rows)}</div>')

    def html(self) -> str:
        names = list(GAME_CHOICES) + ([self.rules.name] if self.rules.name not in GAME_CHOICES else [])
        options = "".join(
            f'<option value="{n}"{" selected" if n == self.rules.name else ""}>'
            f'{html.escape(get_rules(n).title)}</option>' for n in names)
        checked = " checked" if self.four_colour else ""
        controls = (f'<div style="display:flex;flex-wrap:wrap;align-items:center;gap:12px;margin:4px 0">'
                    f'<label>{html.escape(say("checker_game"))} <select data-act="game" style="font-size:15px">'
                    f'{options}</select></label><label><input type="checkbox" data-act="colours"{checked}> '
                    f'{html.escape(say("checker_four_colour"))}</label>'
                    + button(say("checker_clear"), act="clear", tip=say("checker_clear_tip")) + '</div>')
        return (f'<div class="rt-meld-checker" style="font:15px/1.45 {render.FONT}">'
                f'<b style="font-size:16px">{html.escape(say("checker_title"))}</b>{controls}{self.picker_html()}'
                f'<div class="rt-verdict-area">{self.verdict_html()}</div></div>')
