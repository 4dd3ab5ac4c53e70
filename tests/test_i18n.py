"""The language catalogues: .po files read and written faithfully, languages chosen from
what people type or their environment, and ``sync`` keeping translations in step."""

import pytest

from rummy_teach import i18n
from rummy_teach.errors import RummyError
from rummy_teach.reasons import ENGLISH, say


def test_po_text_round_trips_quotes_newlines_and_fuzzy_flags():
    entries = [i18n.Entry("a", 'Say "hi"\\ now', 'Di\' "ciao"', comments=["# note"]),
               i18n.Entry("b", "two\nlines", "due\nrighe\n", fuzzy=True)]
    back = i18n.read_po(i18n.write_po(entries, "it"))
    assert [(e.code, e.english, e.text, e.fuzzy) for e in back] == \
        [(e.code, e.english, e.text, e.fuzzy) for e in entries]
    assert back[0].comments == ["# note"]
    assert back[0].usable and not back[1].usable


def test_a_broken_po_file_names_its_line():
    with pytest.raises(RummyError, match="line 2"):
        i18n.read_po('msgctxt "x"\nmsgfoo "y"\n', "broken.po")


@pytest.mark.parametrize("typed, code", [("it", "it"), ("it_IT.UTF-8", "it"), ("NL", "nl"),
                                         ("Nederlands", "nl"), ("en_GB", "en")])
def test_languages_are_read_the_way_people_write_them(typed, code):
    assert i18n.resolve_language(typed) == code


def test_an_unknown_language_names_the_ones_accepted():
    with pytest.raises(RummyError) as caught:
        i18n.resolve_language("klingon")
    assert "klingon" in str(caught.value) and "en, it, nl" in str(caught.value)


def test_the_environment_chooses_the_language_and_falls_back_to_english():
    assert i18n.language_from_environment({"LANG": "nl_NL.UTF-8"}) == "nl"
    assert i18n.language_from_environment({"RUMMY_TEACH_LANG": "it", "LANG": "nl_NL"}) == "it"
    assert i18n.language_from_environment({"LANG": "C.UTF-8", "LANGUAGE": "fr:it"}) == "it"
    assert i18n.language_from_environment({"LANG": "fr_FR"}) == "en"


def test_sync_adds_new_codes_marks_changed_english_fuzzy_and_drops_old_codes(tmp_path):
    code = next(c for c, english in ENGLISH.items() if isinstance(english, str))   # one form
    (tmp_path / "it").mkdir()
    (tmp_path / "it" / "messages.po").write_text(i18n.write_po([
        i18n.Entry(code, "an older English text", "un testo"),
        i18n.Entry("no_longer_a_code", "gone", "sparito")], "it"), encoding="utf-8")
    i18n.sync("it", root=tmp_path)
    entries = {e.code: e for e in i18n.read_po((tmp_path / "it" / "messages.po").read_text())}
    assert set(entries) == set(ENGLISH)
    assert entries[code].fuzzy and entries[code].text == "un testo"
    assert entries[code].english == ENGLISH[code]
    problems = i18n.problems("it", root=tmp_path)
    assert f"{code}: marked fuzzy" in problems
    assert any(line.endswith("not translated") for line in problems)


def test_a_translation_with_other_placeholders_is_a_problem(tmp_path):
    (tmp_path / "nl").mkdir()
    (tmp_path / "nl" / "messages.po").write_text(i18n.write_po(
        [i18n.Entry("layoff_fits", ENGLISH["layoff_fits"], "{kaart} past op {meld}.")], "nl"))
    assert any(line.startswith("layoff_fits: placeholders")
               for line in i18n.problems("nl", root=tmp_path))


def test_language_switches_what_say_speaks_and_falls_back_for_missing_codes(monkeypatch):
    fake = i18n.Catalogue("it", {"layoff_fits": "{card} si attacca a {meld}."})
    monkeypatch.setattr(i18n, "catalogue", lambda lang: fake if lang == "it" else ENGLISH)
    with i18n.language("it"):
        assert i18n.current_language() == "it"
        assert say("layoff_fits", card="7♥", meld="4♥ 5♥ 6♥") == "7♥ si attacca a 4♥ 5♥ 6♥."
        assert say("empty") == ENGLISH["empty"]
    assert i18n.current_language() == "en"


@pytest.mark.parametrize("lang", [l for l in i18n.LANGUAGES if l != i18n.DEFAULT])
def test_every_message_is_translated_with_the_same_placeholders(lang):
    """A new message cannot land without its Italian and Dutch: every code of the English
    catalogue is in exactly one .po file of each language, translated from the current
    English, not fuzzy, with the same placeholders (`python -m rummy_teach.i18n check`)."""
    assert i18n.problems(lang) == []
