"""The meld checker and the clickable cards, driven from Python as the browser drives them."""

import pytest

pytest.importorskip("anywidget")

from rummy_teach import get_rules  # noqa: E402
from rummy_teach.widgets import ClickableCards, MeldChecker, picker_cards  # noqa: E402


def front_end_click(widget, card):
    """What the browser sends when a card is clicked or Enter/Space is pressed on it.

    ``_handle_custom_msg`` is where ipywidgets delivers a front end's custom message.
    """
    widget._handle_custom_msg({"event": "click", "card": card}, [])


# --- the clickable cards ------------------------------------------------------------------

def test_click_toggles_selection_in_click_order():
    cards = ClickableCards("QH KH AH 2C")
    cards.click("AH")
    cards.click("QH")
    assert cards.selected == ["AH", "QH"]
    cards.click("AH")
    assert cards.selected == ["QH"]
    assert [str(c) for c in cards.selected_cards] == ["Q♥"]


def test_a_message_from_the_browser_is_a_click():
    cards = ClickableCards("QH KH AH")
    front_end_click(cards, "KH")
    assert cards.selected == ["KH"]
    assert 'data-card="KH" aria-pressed="true"' in cards.html


def test_html_is_redrawn_on_every_change():
    cards = ClickableCards("QH KH")
    before = cards.html
    cards.click("QH")
    assert cards.html != before and "queen of hearts, selected" in cards.html
    cards.four_colour = True
    assert "#0b57d0" not in cards.html  # no diamonds shown
    cards.cards = ["5D"]
    assert "#0b57d0" in cards.html and cards.selected == []


def test_cards_and_selection_accept_any_notation():
    cards = ClickableCards(["Q♥", "10h", "JK#2"], selected="TH")
    assert cards.cards == ["QH", "10H", "JK#2"]
    assert cards.selected == ["10H"]


def test_clicking_a_card_not_shown_is_refused_in_words():
    cards = ClickableCards("QH KH")
    cards.click("2C")
    assert "2♣ is not one of the cards shown here" in cards.error
    assert 'role="alert"' in cards.html and cards.selected == []
    cards.click("QH")
    assert cards.error == "" and 'role="alert"' not in cards.html


def test_callback_error_is_shown_in_the_widget_not_lost():
    cards = ClickableCards("QH KH", toggle=False)

    def broken(card):
        raise RuntimeError(f"cannot play {card}")

    cards.on_click(broken)
    front_end_click(cards, "KH")
    assert cards.error == "RuntimeError: cannot play K♥"
    assert "cannot play K♥" in cards.html
    assert cards.selected == []  # toggle=False: clicks never select


def test_callbacks_receive_the_card_clicked():
    seen = []
    cards = ClickableCards("QH KH", toggle=False)
    cards.on_click(seen.append)
    cards.click("KH")
    cards.on_click(seen.append, remove=True)
    cards.click("QH")
    assert [str(c) for c in seen] == ["K♥"]


def test_disabled_cards_draw_no_buttons_and_refuse_clicks():
    cards = ClickableCards("QH KH", disabled=True)
    assert 'role="button"' not in cards.html
    cards.click("QH")
    assert cards.selected == [] and "cannot be clicked" in cards.error


def test_layout_is_checked():
    with pytest.raises(Exception, match="layout_style must be one of"):
        ClickableCards("QH", layout_style="pile")


def test_static_snapshot_travels_with_the_widget_output():
    cards = ClickableCards("QH KH", selected="KH")
    data, _ = cards._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert 'aria-label="king of hearts, selected"' in data["text/html"]
    assert 'role="button"' not in data["text/html"]


# --- the meld checker ------------------------------------------------------------------------

def test_picker_holds_the_deck_and_the_games_jokers():
    assert len(picker_cards(get_rules("basic"))) == 52
    assert len(picker_cards(get_rules("contract"))) == 56
    assert len(picker_cards(get_rules("california"))) == 52  # wild queens, no jokers


def test_clicking_queen_king_ace_of_hearts_in_basic_rummy_explains_the_ace():
    checker = MeldChecker(game="basic")
    for card in ("QH", "KH", "AH"):
        front_end_click(checker.picker, card)
    assert not checker.check.ok
    text = checker.verdict_text()
    assert text.startswith("Q♥ K♥ A♥: not a meld")
    assert "In Basic Rummy the ace is low only" in text
    assert "the ace is low only" in checker.verdict.value
    assert "Not a meld" in checker.verdict.value


def test_the_same_cards_are_a_run_in_rummy_500():
    checker = MeldChecker(game="basic", cards="QH KH AH")
    checker.game = "500"
    assert checker.check.ok
    assert "A run of 3 hearts, from Q♥ to A♥." in checker.verdict_text()
    assert "worth 35 points" in checker.verdict.value


def test_changing_the_selection_to_a_legal_meld_changes_the_verdict():
    checker = MeldChecker(game="basic", cards="QH KH AH")
    checker.click("AH")
    checker.click("JH")
    assert checker.check.ok
    assert checker.verdict_text().splitlines()[1] == "A run of 3 hearts, from J♥ to K♥."
    assert "A legal run" in checker.verdict.value


def test_wild_joker_reasons_come_from_the_engine():
    checker = MeldChecker(game="contract", cards="8S 8H JK")
    expected = [r.text() for r in get_rules("contract").check_meld("8S 8H JK").reasons]
    assert checker.verdict_text().splitlines()[1:] == expected
    assert "JK stands for an eight" in checker.verdict_text()


def test_switching_games_and_back_keeps_the_options_the_checker_was_given():
    checker = MeldChecker(game=get_rules("basic", min_run=4), cards="4H 5H 6H")
    assert not checker.check.ok
    checker.game = "500"
    assert checker.check.ok
    checker.game = "basic"
    assert checker.rules.min_run == 4 and not checker.check.ok
    assert "at least 4 cards" in checker.verdict_text()


def test_a_game_without_jokers_drops_them_from_the_selection():
    checker = MeldChecker(game="contract", cards="8S 8H JK")
    checker.game = "basic"
    assert checker.picker.selected == ["8S", "8H"]
    assert "at least 3 cards" in checker.verdict_text()


def test_clear_button_empties_the_selection_and_prompts_again():
    checker = MeldChecker(cards="8S 8H 8D")
    checker.clear_button.click()
    assert checker.check is None and "Click cards" in checker.verdict.value


def test_four_colour_box_recolours_the_picker():
    checker = MeldChecker(cards="8D 8H 8S")
    assert "#0b57d0" not in checker.picker.html
    checker.four_colour_box.value = True
    assert "#0b57d0" in checker.picker.html and "#0b57d0" in checker.verdict.value


def test_selecting_cards_the_game_lacks_is_refused():
    checker = MeldChecker(game="basic")
    with pytest.raises(ValueError, match="JK cannot be picked in Basic Rummy"):
        checker.select("8S 8H JK")


def test_an_error_in_a_reaction_shows_in_the_widget(monkeypatch):
    checker = MeldChecker(game="basic")

    def broken(*args, **kwargs):
        raise RuntimeError("judging failed")

    monkeypatch.setattr(type(checker.rules), "check_meld", broken)
    checker.click("8S")
    assert "judging failed" in checker.problem.value and 'role="alert"' in checker.problem.value


def test_unknown_game_is_an_error_naming_it():
    with pytest.raises(ValueError, match="nosuchgame"):
        MeldChecker(game="nosuchgame")


def test_snapshot_is_the_in_page_checker_with_the_verdict_and_its_configuration():
    checker = MeldChecker(game="basic", cards="QH KH AH")
    snapshot = checker.snapshot_html()
    assert "the ace is low only" in snapshot and 'data-card="QH"' in snapshot
    assert 'data-kind="meld_checker"' in snapshot and "&quot;cards&quot;:&quot;QH KH AH&quot;" in snapshot
    data, _ = checker._repr_mimebundle_()
    assert data["text/html"] == snapshot
