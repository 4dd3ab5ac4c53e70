"""A quiz file that cannot be used is refused from catalogue codes: ``str(error)`` says it in
the language in use when it is shown (English by default, as before), and the classroom
command says it in the class's ``--lang``."""

import subprocess
import sys

import pytest

from rummy_teach import i18n
from rummy_teach.errors import RummyError
from rummy_teach.quiz import Quiz
from rummy_teach.quiz.fileformat import QuizFileError

BAD = [
    ({"questions": [{"kind": "riddle"}]},
     {"en": "question 1, field 'kind': 'riddle' is not a question kind",
      "it": "domanda 1, campo 'kind': 'riddle' non è un tipo di domanda",
      "nl": "vraag 1, veld 'kind': 'riddle' is geen soort vraag"}),
    ({"questions": [{"kind": "meld", "cards": "8S 8H 8D", "points": 0}]},
     {"en": "must be a whole number from 1 to",
      "it": "deve essere un numero intero da 1 a",
      "nl": "moet een geheel getal van 1 tot"}),
    ({"questions": [], "colour": "red"},
     {"en": "unknown top-level field colour", "it": "campo principale sconosciuto: colour",
      "nl": "onbekend veld bovenaan: colour"}),
]


@pytest.mark.parametrize("data, said", BAD)
def test_a_bad_quiz_is_refused_in_the_language_in_use(data, said):
    with pytest.raises(QuizFileError) as caught:
        Quiz.from_data(data, "week1.json")
    for lang, words in said.items():
        with i18n.language(lang):
            shown = str(caught.value)
        assert shown.startswith("week1.json: ") and words in shown, (lang, shown)
    assert said["en"] in str(caught.value)          # English when no language is chosen


def test_unknown_names_and_unreadable_files_in_every_language(tmp_path):
    with pytest.raises(QuizFileError) as missing:
        Quiz.load(str(tmp_path / "nope.json"))
    with pytest.raises(RummyError) as builtin:
        Quiz.builtin("poker")
    broken = tmp_path / "broken.json"
    broken.write_bytes(b"\xff\xfe not text")
    with pytest.raises(QuizFileError) as unreadable:
        Quiz.from_file(broken)
    with i18n.language("it"):
        assert "non è né un quiz incluso (basic, 500, contract, diagnostic) né un file esistente" in str(missing.value)
        assert "non c'è un quiz incluso 'poker'" in str(builtin.value)
        assert "il file non è testo UTF-8" in str(unreadable.value)
    with i18n.language("nl"):
        assert "geen ingebouwde quiz" in str(missing.value)
        assert "het bestand is geen UTF-8-tekst" in str(unreadable.value)
    assert "is neither a built-in quiz" in str(missing.value)


def test_the_classroom_refuses_a_bad_quiz_file_in_the_class_language(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"questions": [{"kind": "meld", "cards": "8S 8H 8D", "answer": "set"}]}',
                   encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "rummy_teach.cli", "classroom", "--lang", "nl",
                           "--quiz", str(bad), "--no-serve", "--run-dir", str(tmp_path / "run")],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "bad.json: vraag 1, veld 'answer': de antwoorden rekent de engine zelf uit" in done.stderr
    assert "computed by the engine" not in done.stderr
    assert not (tmp_path / "run").exists() and not (tmp_path / "bad-results.db").exists()


def test_what_is_wrong_inside_a_field_is_said_in_the_language_in_use():
    with pytest.raises(QuizFileError) as caught:
        Quiz.from_data({"questions": [{"kind": "which_melds", "groups": ["8S 8H 8D", 7]}]})
    with pytest.raises(QuizFileError) as wrong_type:
        Quiz.from_data({"questions": [{"kind": "stock_out", "game": "basic", "times": "two"}]})
    english = str(caught.value)
    assert "field 'groups': item 2: cards must be text such as \"8S 8H 8D\"" in english
    assert "must be a whole number, not 'two'" in str(wrong_type.value)
    with i18n.language("it"):
        assert ("campo 'groups': elemento 2: le carte devono essere un testo come \"8S 8H 8D\""
                in str(caught.value))
        assert "deve essere un numero intero, non 'two'" in str(wrong_type.value)
    with i18n.language("nl"):
        assert "veld 'groups': onderdeel 2: kaarten moeten tekst zijn" in str(caught.value)
