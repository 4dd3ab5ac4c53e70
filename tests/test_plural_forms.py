"""Counted messages: gettext's plural forms, in the catalogue and in the .po files."""

import pytest

from rummy_teach import i18n
from rummy_teach.reasons import ENGLISH, Plural, Reason, plural_form, speaking


@pytest.fixture
def counted(monkeypatch):
    monkeypatch.setitem(ENGLISH, "test_cards_left", Plural("{who} has one card left.",
                                                           "{who} has {count} cards left."))
    return "test_cards_left"


@pytest.mark.parametrize("n, form", [(0, 1), (1, 0), (2, 1), (5, 1), (21, 1)])
def test_plural_form_is_the_first_only_for_one(n, form):
    assert plural_form(n) == form


def test_english_picks_the_form_by_the_count(counted):
    said = [Reason(counted, {"who": "Ann", "count": n}).text() for n in (0, 1, 2, 5)]
    assert said == ["Ann has 0 cards left.", "Ann has one card left.",
                    "Ann has 2 cards left.", "Ann has 5 cards left."]


def test_a_translation_picks_its_own_form(counted):
    italian = i18n.Catalogue("it", {counted: ("A {who} resta una carta.", "A {who} restano {count} carte.")})
    with speaking(italian):
        assert Reason(counted, {"who": "Ann", "count": 1}).text() == "A Ann resta una carta."
        assert Reason(counted, {"who": "Ann", "count": 0}).text() == "A Ann restano 0 carte."


def test_a_counted_message_goes_through_a_po_file_and_back(counted):
    entry = i18n.Entry(counted, ENGLISH[counted], ("Ann: een kaart.", "Ann: {count} kaarten."))
    text = i18n.write_po([entry], "nl")
    assert "msgid_plural" in text and "msgstr[1]" in text and "Plural-Forms: nplurals=2" in text
    (back,) = i18n.read_po(text)
    assert back.english == tuple(ENGLISH[counted]) and back.text == entry.text


def test_entries_after_a_counted_message_are_read_too(counted):
    entries = [i18n.Entry(counted, ENGLISH[counted], ("een", "{count}")), i18n.Entry("empty", ENGLISH["empty"], "Leeg.")]
    assert [e.code for e in i18n.read_po(i18n.write_po(entries, "nl"))] == [counted, "empty"]


def test_a_counted_message_half_translated_is_not_usable(counted):
    entry = i18n.Entry(counted, ENGLISH[counted], ("Ann: een kaart.", ""))
    (back,) = i18n.read_po(i18n.write_po([entry], "nl"))
    assert not back.usable


def test_a_message_that_became_counted_is_stale_until_translated_again(counted, tmp_path):
    (tmp_path / "nl").mkdir()
    old = [i18n.Entry(counted, "{who} has {count} card(s) left.", "{who} heeft {count} kaart(en).")]
    (tmp_path / "nl" / "messages.po").write_text(i18n.write_po(old, "nl"), encoding="utf-8")
    assert f"{counted}: translates an older English text" in i18n.problems("nl", tmp_path)
    i18n.sync("nl", root=tmp_path)
    (entry,) = [e for e in i18n.read_po((tmp_path / "nl" / "messages.po").read_text(encoding="utf-8"))
                if e.code == counted]
    assert entry.english == tuple(ENGLISH[counted]) and entry.fuzzy and not entry.usable
    assert entry.text == ("{who} heeft {count} kaart(en).", "")


def test_every_counted_message_of_the_catalogue_says_each_count():
    counted = {code: t for code, t in ENGLISH.items() if isinstance(t, Plural)}
    for lang in ("en", "it", "nl"):
        catalogue = i18n.catalogue(lang)
        for code, english in counted.items():
            forms = catalogue.get(code, english)
            assert isinstance(forms, tuple) and len(forms) == 2, f"{lang} {code}"
            for n in (0, 1, 2, 5):
                params = {name: n if name == english.count else "X" for name in i18n.placeholders(english)}
                params.setdefault(english.count, n)
                with i18n.language(lang):
                    text = Reason(code, params).text()
                assert "(s)" not in text and "(en)" not in text and "(i)" not in text, f"{lang} {code}: {text}"


def test_a_page_that_counts_by_itself_gets_both_forms_in_its_language(counted):
    """plural_templates: what the class table's page fills as the turn's seconds run out."""
    from rummy_teach.reasons import plural_templates
    assert plural_templates(counted) == ("{who} has one card left.", "{who} has {count} cards left.")
    italian = i18n.Catalogue("it", {counted: ("A {who} resta una carta.", "A {who} restano {count} carte.")})
    with speaking(italian):
        assert plural_templates(counted) == ("A {who} resta una carta.", "A {who} restano {count} carte.")
    with i18n.language("nl"):
        one, many = plural_templates("table_page_left")
        assert "{count}" in many and one != many and "seconde" in many
    with pytest.raises(TypeError):
        plural_templates("table_seat_name")
