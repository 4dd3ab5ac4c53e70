"""The renderer: every card draws, says its name, and the HTML stays static and valid."""

import re
from collections import Counter
from html.parser import HTMLParser
from xml.etree import ElementTree

import pytest

from rummy_teach import Card, get_rules, make_deck, parse_cards, render
from rummy_teach.play import board
from rummy_teach.solver import arrange

ALL_FACES = make_deck(decks=1, jokers=1)
SVG = "{http://www.w3.org/2000/svg}"


class _Collector(HTMLParser):
    """Every start tag with its attributes, so tests can look at the markup as a browser does."""

    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def tags(markup):
    collector = _Collector()
    collector.feed(markup)
    collector.close()
    return collector.tags


def labelled_images(markup):
    return [a["aria-label"] for t, a in tags(markup) if a.get("role") == "img" and t == "svg"]


def assert_static(markup):
    """No script, no inline event handler, no javascript: address."""
    assert "<script" not in markup.lower()
    assert "javascript:" not in markup.lower()
    for tag, attributes in tags(markup):
        handlers = [name for name in attributes if name.startswith("on")]
        assert not handlers, f"<{tag}> carries event handler(s) {handlers}"


def assert_ids_unique(markup):
    ids = [a["id"] for _, a in tags(markup) if "id" in a]
    repeated = [i for i, n in Counter(ids).items() if n > 1]
    assert not repeated, f"ids used more than once: {repeated}"
    # every internal reference must point at an id on the page
    for target in re.findall(r'(?:href="#|url\(#)([^")]+)', markup):
        assert target in ids, f"reference to missing id {target!r}"


# --- single cards --------------------------------------------------------------------

@pytest.mark.parametrize("card", ALL_FACES, ids=str)
def test_every_card_is_well_formed_svg_named_in_words(card):
    svg = render.card_svg(card)
    root = ElementTree.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img"
    assert root.get("aria-label") == card.name
    assert root.find(SVG + "title").text == card.name
    # corner index (twice) in the suit's ink, and a drawn shape in the middle
    assert root.findall(f".//{SVG}path"), "no suit shape drawn"


def test_card_names_read_as_words():
    assert render.card_svg("8S").count('aria-label="eight of spades"') == 1
    assert 'aria-label="queen of hearts"' in render.card_svg("QH")
    assert 'aria-label="joker"' in render.card_svg("JK")


def test_faces_differ_from_each_other():
    drawings = {render.card_svg(card).split("</title>", 1)[1] for card in ALL_FACES}
    assert len(drawings) == len(ALL_FACES)


def test_suit_symbols_are_paths_not_font_glyphs():
    for card in ALL_FACES:
        svg = render.card_svg(card)
        assert not set("♠♥♦♣") & set(svg.split("</title>", 1)[1]), str(card)


def test_size_sets_pixel_width_and_keeps_the_card_shape():
    root = ElementTree.fromstring(render.card_svg("AS", size=40))
    assert root.get("width") == "40" and root.get("height") == "56"
    root = ElementTree.fromstring(render.card_svg("AS", size=150))
    assert root.get("width") == "150" and root.get("height") == "210"


def test_two_colour_deck_inks_red_and_black():
    assert f'fill="{render.TWO_COLOURS["H"]}"' in render.card_svg("5H")
    assert render.TWO_COLOURS["H"] == render.TWO_COLOURS["D"]
    assert render.TWO_COLOURS["S"] == render.TWO_COLOURS["C"]
    assert render.card_svg("5D") != render.card_svg("5D", four_colour=True)


def test_four_colour_deck_gives_every_suit_its_own_ink():
    inks = {suit: render.FOUR_COLOURS[suit] for suit in "SHDC"}
    assert len(set(inks.values())) == 4
    for suit, ink in inks.items():
        svg = render.card_svg(Card(7, suit), four_colour=True)
        assert f'fill="{ink}"' in svg
        others = set(inks.values()) - {ink}
        assert not any(f'fill="{other}"' in svg for other in others)


def test_suits_have_four_different_shapes():
    middles = {suit: re.search(r'<path d="([^"]+)"', render.card_svg(Card(1, suit))
                               .split("</text>", 1)[1]).group(1) for suit in "SHDC"}
    assert len(set(middles.values())) == 4


def test_selected_card_says_so_in_words_and_drawing():
    plain, chosen = render.card_svg("9C"), render.card_svg("9C", selected=True)
    assert 'aria-label="nine of clubs, selected"' in chosen
    assert render.SELECTED_COLOUR in chosen and render.SELECTED_COLOUR not in plain


def test_copies_of_one_face_are_told_apart_by_name():
    assert 'aria-label="joker, copy 2"' in render.card_svg("JK#2")


def test_back_has_a_name_and_no_face():
    back = render.back_svg(size=30, label="face-down card")
    root = ElementTree.fromstring(back)
    assert root.get("aria-label") == "face-down card" and root.get("width") == "30"
    assert "<text" not in back


def test_card_repr_html_uses_the_renderer():
    assert 'aria-label="eight of spades"' in Card.parse("8S")._repr_html_()


def test_bad_card_text_is_refused_with_the_input_quoted():
    with pytest.raises(ValueError, match="'1X'"):
        render.card_svg("1X")


# --- rows, melds, arrangements ----------------------------------------------------------

def test_row_shows_every_card_once_in_order():
    row = render.cards_html("8S 8H 8D JK")
    assert labelled_images(row) == ["eight of spades", "eight of hearts", "eight of diamonds", "joker"]
    assert 'role="group"' in row and 'aria-label="8♠ 8♥ 8♦ JK"' in row


def test_fan_overlaps_cards_and_row_does_not():
    assert "margin-left:-" in render.cards_html("4H 5H 6H", fan=True)
    assert "margin-left:-" not in render.cards_html("4H 5H 6H")


def test_interactive_row_marks_toggle_buttons_without_script():
    row = render.cards_html("QH KH AH", selected="KH", interactive=True)
    buttons = [a for t, a in tags(row) if a.get("role") == "button"]
    assert [b["data-card"] for b in buttons] == ["QH", "KH", "AH"]
    assert [b["aria-pressed"] for b in buttons] == ["false", "true", "false"]
    # one tab stop for the row, the first card; the arrow keys reach the others
    assert [b["tabindex"] for b in buttons] == ["0", "-1", "-1"]
    toolbars = [a for t, a in tags(row) if a.get("role") == "toolbar"]
    assert len(toolbars) == 1 and toolbars[0]["data-roving"] and toolbars[0]["aria-label"]
    assert_static(row)


def test_a_toolbar_makes_its_first_control_the_one_tab_stop():
    items = "".join(f'<span role="button" {render.TOOLBAR_ITEM} data-card="{c}"></span>'
                    for c in ("4H", "5H", "6H"))
    bar = render.toolbar_html(items, "your hand", "hand")
    assert [a["tabindex"] for t, a in tags(bar) if a.get("role") == "button"] == ["0", "-1", "-1"]
    outer = tags(bar)[0][1]
    assert (outer["role"], outer["data-roving"], outer["aria-label"]) == ("toolbar", "hand", "your hand")


def test_rows_in_one_toolbar_are_groups_with_one_tab_stop_in_all():
    rows = "".join(render.cards_html(cards, interactive=True, in_toolbar=True, label=suit)
                   for cards, suit in (("4H 5H", "hearts"), ("9S", "spades")))
    bar = render.toolbar_html(rows, "cards to pick", "picker")
    roles = [a.get("role") for t, a in tags(bar) if a.get("role")]
    assert roles.count("toolbar") == 1 and roles.count("group") == 2
    assert [a["tabindex"] for t, a in tags(bar) if a.get("role") == "button"] == ["0", "-1", "-1"]


def test_static_row_has_no_buttons():
    assert 'role="button"' not in render.cards_html("QH KH AH", selected="KH")


def test_backs_write_the_true_count_even_when_drawing_fewer():
    backs = render.backs_html(30, limit=5)
    assert backs.count("<svg") == 5
    assert 'aria-label="30 face-down cards"' in backs and ">30</span>" in backs


def test_meld_caption_names_kind_and_cards():
    meld = get_rules("basic").check_meld("7H 4H 6H 5H").meld
    shown = render.meld_html(meld)
    assert "run: 4♥ 5♥ 6♥ 7♥" in shown
    assert labelled_images(shown) == ["four of hearts", "five of hearts", "six of hearts", "seven of hearts"]


def test_arrangement_shows_melds_and_deadwood_with_points():
    rules = get_rules("basic")
    arrangement = arrange(rules, parse_cards("8S 8H 8D 4H 5H 6H 7H KC QD 9S AC"))
    shown = render.arrangement_html(arrangement)
    assert "deadwood: 30 points" in shown
    assert len(labelled_images(shown)) == 11
    assert arrangement._repr_html_() == shown


def test_rummy_500_arrangement_adds_meld_points():
    rules = get_rules("500")
    arrangement = arrange(rules, parse_cards("QS KS AS 9D"))
    shown = render.arrangement_html(arrangement)
    assert f"Melds score {arrangement.meld_points}" in shown
    assert f"{arrangement.score:+d} in all" in shown


def test_meld_check_shows_verdict_and_the_engines_reasons():
    rules = get_rules("basic")
    bad = rules.check_meld("QH KH AH")
    shown = render.meld_check_html(bad)
    assert "Not a meld" in shown and "the ace is low only" in shown
    good = rules.check_meld("QH KH JH")
    shown = render.meld_check_html(good)
    assert "A legal run" in shown and "from J♥ to K♥" in shown
    assert labelled_images(shown) == ["jack of hearts", "queen of hearts", "king of hearts"]


# --- the table snapshot -----------------------------------------------------------------

VIEW = {
    "title": "Contract Rummy",
    "seat": "Ann",
    "players": [
        {"name": "Ann", "hand": "8S 8H JK 4C 5C 6C 7C", "melds": [], "score": 0},
        {"name": "Bob", "hand_count": 9, "melds": ["QS QH QD"], "score": 35},
        {"name": "Cy", "hand_count": 10, "score": 5},
    ],
    "turn": "Bob",
    "stock": 61,
    "discard": "KC 5H 2D",
    "contract": "two sets of 3",
    "hand_number": 1,
    "message": "Bob laid down three queens.",
}


def test_table_shows_own_hand_face_up_and_others_as_counted_backs():
    shown = board.table_html(VIEW)
    images = labelled_images(shown)
    assert "eight of spades" in images and "joker" in images
    assert 'aria-label="Bob&#x27;s hand: 9 face-down cards"' in shown
    assert 'aria-label="Cy&#x27;s hand: 10 face-down cards"' in shown


def test_table_shows_stock_discard_top_melds_scores_turn_and_contract():
    shown = board.table_html(VIEW)
    assert "Stock · 61 cards" in shown and 'aria-label="stock: 61 cards"' in shown
    assert "Discard pile · 3 cards" in shown
    assert 'aria-label="discard pile: the two of diamonds on top"' in shown
    assert "five of hearts" not in labelled_images(shown)  # only the top discard shows
    assert "Q♠ Q♥ Q♦" in shown and "score 35" in shown
    assert "Bob to play" in shown and "Contract: two sets of 3" in shown and "Hand 1" in shown
    assert "Bob laid down three queens." in shown


def test_table_seats_the_viewer_last():
    shown = board.table_html(VIEW)
    assert shown.index('aria-label="Bob"') < shown.index('aria-label="Ann"')
    assert shown.index('aria-label="Cy"') < shown.index('aria-label="Ann"')
    assert "Ann (you)" in shown


def test_fanned_discard_pile_shows_every_card():
    shown = board.table_html({**VIEW, "discard_fanned": True})
    assert "discard pile, bottom to top: K♣ 5♥ 2♦" in shown
    for name in ("king of clubs", "five of hearts", "two of diamonds"):
        assert name in labelled_images(shown)


def test_table_turn_may_be_an_index():
    assert "Cy to play" in board.table_html({**VIEW, "turn": 2})


def test_table_accepts_card_values_and_meld_values():
    meld = get_rules("basic").check_meld("QS QH QD").meld
    view = {"players": [{"name": "Ann", "hand": parse_cards("2C 3C"), "melds": [meld]}],
            "stock": 0, "discard": []}
    shown = board.table_html(view)
    assert "set: Q♠ Q♥ Q♦" in shown and "two of clubs" in labelled_images(shown)


@pytest.mark.parametrize("view, complaint", [
    ({**VIEW, "stok": 3}, "'stok'"),
    ({**VIEW, "players": [{"name": "Ann", "cards": "8S"}]}, "'cards'"),
    ({**VIEW, "turn": "Zed"}, "Zed"),
    ({**VIEW, "seat": "Zed"}, "Zed"),
    ({**VIEW, "players": []}, "players"),
])
def test_table_refuses_a_view_it_does_not_understand(view, complaint):
    with pytest.raises(ValueError, match=complaint):
        board.table_html(view)


# --- a whole page --------------------------------------------------------------------------

def test_a_page_of_everything_is_static_with_unique_ids():
    rules = get_rules("contract")
    page = "".join([
        render.gallery_html(), render.gallery_html(four_colour=True, size=30),
        render.cards_html(make_deck(decks=2, jokers=4), interactive=True),
        board.table_html(VIEW), board.table_html({**VIEW, "discard_fanned": True}),
        render.arrangement_html(arrange(rules, parse_cards("8S 8H JK 4C 5C 6C 7C 9D"))),
        render.meld_check_html(rules.check_meld("QH KH AH JK")),
    ])
    assert_static(page)
    assert_ids_unique(page)
    assert len(labelled_images(page)) > 250


def test_gallery_holds_every_face_and_a_back():
    shown = render.gallery_html()
    assert labelled_images(shown) == [c.name for c in ALL_FACES] + ["face-down card"]


def test_backs_in_a_counted_pile_are_named_once_by_the_pile():
    backs = render.backs_html(3)
    assert backs.count('aria-hidden="true"') == 3
    assert labelled_images(backs) == []
    assert 'role="img" aria-label="3 face-down cards"' in backs


def test_renderer_imports_no_notebook_machinery():
    import subprocess
    import sys

    code = ("import sys, rummy_teach, rummy_teach.render, rummy_teach.play.board as r; r.table_html({'players': [{}]}); "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('IPython', 'ipywidgets', 'anywidget', 'traitlets', 'ipykernel')]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_selected_card_is_raised_without_an_animation():
    """A card's lift when selected is not a CSS transition: on a quarter of a core in
    desktop Chromium the transition's frames were half of a click's rendering (traced, 7 Dec:
    about 96 ms of CPU a click with it, 50 without; docs/benchmarks.md)."""
    shown = (board.hand_html("AS 2S 3S", selected="2S", interactive=True)
             + render.cards_html("AS 2S 3S", selected="2S", interactive=True))
    assert "translateY(-8px)" in shown
    assert "transition" not in shown
