"""Every count in the catalogue is said through a counted message (issue 26, point 1):
the form for one only for 1, the other form for 0, 2, 5; never "card(s)" or "kaart(en)"."""

import re

import pytest

from rummy_teach import get_rules, i18n
from rummy_teach.contracts import Contract
from rummy_teach.i18n import LOCALE_DIR, read_po
from rummy_teach.reasons import ENGLISH, Plural, Reason, plural_form

LANGS = ("en", "it", "nl")
COUNTED = {code: english for code, english in ENGLISH.items() if isinstance(english, Plural)}
#: a plural written as a singular with a bracketed ending: card(s), kaart(en), mazzo/i(i), carta(e)
MARKER = re.compile(r"\w\((?:s|en|i|e|es|n)\)")
#: nouns that follow a number, by the number they agree with (tris, jolly, keer: the same in both)
ONE_WORDS = {
    "en": {"card", "meld", "set", "run", "hand", "try", "point", "answer", "deck", "joker", "question",
           "level", "field", "option", "time"},
    "it": {"carta", "combinazione", "scala", "mano", "tentativo", "punto", "risposta", "mazzo",
           "domanda", "volta", "livello", "campo", "opzione"},
    "nl": {"kaart", "combinatie", "drieling", "reeks", "ronde", "poging", "punt", "antwoord",
           "kaartspel", "joker", "vraag", "wildkaart", "niveau", "veld"},
}
OTHER_WORDS = {
    "en": {"cards", "melds", "sets", "runs", "hands", "tries", "points", "answers", "decks", "jokers",
           "questions", "levels", "fields", "options", "times"},
    "it": {"carte", "combinazioni", "scale", "mani", "tentativi", "punti", "risposte", "mazzi",
           "domande", "volte", "livelli", "campi", "opzioni"},
    "nl": {"kaarten", "combinaties", "drielingen", "reeksen", "ronden", "rondes", "pogingen", "punten",
           "antwoorden", "kaartspellen", "jokers", "vragen", "wildkaarten", "niveaus", "velden"},
}


def forms_of(template):
    return template if isinstance(template, tuple) else (template,)


def said(code, lang, n):
    english = ENGLISH[code]
    params = {name: "X" for name in i18n.placeholders(english)}
    params[english.count] = n
    with i18n.language(lang):
        return Reason(code, params).text(), params


def test_the_catalogue_has_counted_messages():
    assert len(COUNTED) >= 40 and {"not_in_deck", "too_many_wilds"}.isdisjoint(COUNTED)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", sorted(COUNTED))
def test_every_counted_message_says_one_and_other_counts_apart(code, lang):
    forms = i18n.catalogue(lang).get(code, ENGLISH[code])
    assert isinstance(forms, tuple) and len(forms) == 2, f"{lang} {code}: {forms!r}"
    assert forms[0] != forms[1], f"{lang} {code}: the one-form and the other form are the same"
    for n in (0, 1, 2, 5):
        text, params = said(code, lang, n)
        assert text == forms[plural_form(n)].format(**params), f"{lang} {code} {n}: {text}"
        assert not MARKER.search(text), f"{lang} {code} {n}: {text}"
        after = re.findall(rf"(?<![\w.,]){n} (\w+)", text)
        wrong = ONE_WORDS[lang] if n != 1 else OTHER_WORDS[lang]
        assert not wrong & set(after), f"{lang} {code} with {n}: {text}"
    # more than the number changes between 1 and 2
    assert said(code, lang, 1)[0] != re.sub(r"(?<!\d)2(?!\d)", "1", said(code, lang, 2)[0])


def test_no_template_writes_a_plural_with_a_bracketed_ending():
    found = [f"en {code}: {form}" for code, english in ENGLISH.items()
             for form in forms_of(english) if MARKER.search(form)]
    for lang in ("it", "nl"):
        for path in sorted((LOCALE_DIR / lang).glob("*.po")):
            for entry in read_po(path.read_text(encoding="utf-8"), str(path)):
                found += [f"{lang} {path.name} {entry.code}: {form}" for form in forms_of(entry.text)
                          if MARKER.search(form)]
    assert not found, found


@pytest.mark.parametrize("lang, text, words", [
    ("en", "two sets of 3 and one run of 4", "two sets of 3 and one run of 4"),
    ("it", "two sets of 3 and one run of 4", "due tris da 3 e una scala da 4"),
    ("it", "one set of 3 and two runs of 4", "un tris da 3 e due scale da 4"),
    ("it", "three runs of 4", "tre scale da 4"),
    ("nl", "one set of 3 and two runs of 4", "één drieling van 3 en twee reeksen van 4"),
    ("nl", "two sets of 3 and one run of 4", "twee drielingen van 3 en één reeks van 4"),
])
def test_contract_words_agree_with_their_count(lang, text, words):
    with i18n.language(lang):
        assert Contract.parse(text).words().text() == words


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_no_contract_of_any_ladder_is_said_with_a_digit_one(lang):
    from rummy_teach.rules import RULE_SETS
    with i18n.language(lang):
        said_ = {rung.contract.words().text() for rules in RULE_SETS.values() for rung in rules.ladder or ()}
    assert said_ and not [s for s in said_ if re.search(r"\b1 ", s)], said_


@pytest.mark.parametrize("lang, hand, cards, expected", [
    ("en", 2, "2S 5C 9H JD KC 3D 7H 10S QC AH",
     "0 sets where one is needed and 0 runs of 4+ where one is needed"),
    ("it", 2, "2S 5C 9H JD KC 3D 7H 10S QC AH",
     "0 tris (ne serve uno) e 0 scale di almeno 4 carte (ne serve una)"),
    ("nl", 2, "2S 5C 9H JD KC 3D 7H 10S QC AH",
     "0 drielingen waar er één nodig is en 0 reeksen van 4 of meer waar er één nodig is"),
    ("nl", 1, "8S 8H 8D 2S 5C 9H JD KC 3D 7H",
     "1 drieling waar er 2 nodig zijn"),
    ("it", 1, "8S 8H 8D 2S 5C 9H JD KC 3D 7H", "un tris (ne servono 2)"),
])
def test_what_a_contract_lacks_reads_well(lang, hand, cards, expected):
    verdict = get_rules("contract").holds_contract(cards, hand=hand)
    with i18n.language(lang):
        text = " ".join(reason.text() for reason in verdict.reasons)
    assert not verdict.ok and expected in text, text


@pytest.mark.parametrize("lang, cards, expected", [
    ("en", "8S", "needs at least 3 cards; this is only one."),
    ("it", "8S", "servono almeno 3 carte; qui ce n'è solo una."),
    ("nl", "8S", "minstens 3 kaarten nodig; dit is er maar één."),
    ("en", "8S 8H", "needs at least 3 cards; these are only 2."),
    ("en", "8S 8H 8D 8C 8S#2", "which uses 1 deck and 0 jokers."),
    ("it", "8S 8H 8D 8C 8S#2", "che si gioca con 1 mazzo e 0 jolly."),
    ("nl", "8S 8H 8D 8C 8S#2", "dat spel gebruikt 1 kaartspel en 0 jokers."),
])
def test_meld_verdicts_count_in_words_that_agree(lang, cards, expected):
    with i18n.language(lang):
        assert expected in get_rules("basic").check_meld(cards).explain()


@pytest.mark.parametrize("lang, expected", [
    ("en", "here it is 2 wild cards against 1 natural card."),
    ("it", "qui il conto è 2 carte jolly contro 1 carta naturale."),
    ("nl", "hier staat het 2 wildkaarten tegen 1 natuurlijke kaart."),
])
def test_two_counts_in_one_sentence_each_agree(lang, expected):
    with i18n.language(lang):
        assert expected in get_rules("contract", natural_majority=True).check_meld("8S JK JK#2").explain()
