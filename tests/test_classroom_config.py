"""The classroom's settings, one typed and checked :class:`ClassroomConfig`.

Made once from the command line (``prepare``) and read back by a lesson's kernels from the
run folder: a bad value, wherever it comes from, is refused with a sentence naming the
setting, the value and what is accepted, in the class's language. And the desk's rules
for a lesson's quiz answers (``--notebook``), which the kernels reach through it.
"""

import json
import subprocess
import sys

import pytest

from rummy_teach import i18n
from rummy_teach.classroom.config import ClassroomConfig, as_config, load_config
from rummy_teach.classroom.keys import token_digest
from rummy_teach.classroom.server import ClassroomError

GOOD = {"quiz": "basic", "quiz_name": "basic", "db": "/tmp/r.db", "session": "5B",
        "token_sha256": token_digest("teacher-token-1234"), "join_code": "K7P4QX"}


def refusal(**changed) -> str:
    with pytest.raises(ClassroomError) as caught:
        ClassroomConfig.from_dict({**GOOD, **changed})
    return str(caught.value)


def test_a_good_config_goes_to_the_run_folder_and_back_unchanged(tmp_path):
    config = ClassroomConfig.from_dict({**GOOD, "roster": ["Ada", "Bruno"], "lang": "it"})
    assert config.roster == ("Ada", "Bruno") and config.attempts == 1 and not config.kernels
    (tmp_path / "config.json").write_text(json.dumps(config.to_dict()))
    assert load_config(str(tmp_path / "config.json")) == config
    assert as_config(config) is config and as_config(config.to_dict()) == config
    with pytest.raises(AttributeError):
        config.attempts = 5  # frozen: read in one place, changed in none


@pytest.mark.parametrize("changed, words", [
    ({"attempts": 0}, "The classroom setting attempts cannot be 0: give a whole number from 1 to 20."),
    ({"attempts": "3"}, "The classroom setting attempts cannot be '3': give a whole number from 1 to 20."),
    ({"attempts": True}, "attempts cannot be True: give a whole number from 1 to 20"),
    ({"students": 501}, "students cannot be 501: give a whole number from 1 to 500"),
    ({"join_code": "abc1"}, "join_code cannot be 'abc1': give 4 to 12 capital letters A-Z and digits"),
    ({"lang": "fr"}, "lang cannot be 'fr': give one of en, it, nl"),
    ({"token_sha256": "short"}, "token_sha256 cannot be 'short': give the SHA-256 of the teacher's"),
    ({"shuffle": "yes"}, "shuffle cannot be 'yes': give true or false"),
    ({"roster": []}, "roster cannot be []: give a list of 1 to 2,000 names"),
    ({"base_url": "classroom"}, "base_url cannot be 'classroom': give an address prefix that starts"),
    ({"session": ""}, "session cannot be '': give a text of 1 to 200 characters"),
    ({"connections_per_address": -1}, "connections_per_address cannot be -1: give a whole number from 0 to 100,000"),
    ({"connection_idle_seconds": 0}, "connection_idle_seconds cannot be 0: give a whole number from 1 to 3,600"),
])
def test_a_bad_value_is_named_with_what_is_accepted(changed, words):
    assert words in refusal(**changed)


def test_unknown_and_missing_settings_are_named():
    assert "name colour, which this version does not know" in refusal(colour="red")
    with pytest.raises(ClassroomError) as caught:
        ClassroomConfig.from_dict({k: v for k, v in GOOD.items() if k != "db"})
    assert "lack db" in str(caught.value)
    with pytest.raises(ClassroomError) as caught:
        ClassroomConfig.from_dict(["not", "an", "object"])
    assert "not a JSON object" in str(caught.value)


def test_the_refusal_speaks_the_class_language():
    with i18n.language("it"):
        assert "L'impostazione attempts della classe non può essere 0: indica un numero intero " \
               "da 1 a 20." in refusal(attempts=0)
    with i18n.language("nl"):
        assert "De klasinstelling lang kan niet 'fr' zijn: geef een van deze: en, it, nl." \
               in refusal(lang="fr")


def test_a_hand_edited_run_folder_is_refused_at_start_with_the_setting_named(tmp_path):
    run = tmp_path / "run"
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--no-serve", "--run-dir",
            str(run), "--session", "s1", "--token", "teacher-token-1234"]
    assert subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path,
                          timeout=120).returncode == 0
    config = json.loads((run / "config.json").read_text())
    config["join_code"] = "no good"  # kept for the same session when the class resumes
    (run / "config.json").write_text(json.dumps(config))
    done = subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "join_code cannot be 'no good': give 4 to 12 capital letters" in done.stderr


# --- a lesson's quiz answers, kept by the desk -------------------------------------------------

def test_the_desk_keeps_a_lessons_answers_under_the_class_rules(tmp_path):
    from rummy_teach.classroom import open_store
    from rummy_teach.classroom.desk import QuizDesk, Refused
    from rummy_teach.quiz import Quiz

    desk = QuizDesk({**GOOD, "db": str(tmp_path / "r.db"), "attempts": 2,
                     "lesson": "lesson.ipynb"})
    ada = desk.join("a" * 64, "Ada").student
    quiz = Quiz.from_data({"format": "rummy-teach-quiz/1", "title": "T", "game": "basic",
                           "questions": [{"id": "q-set", "kind": "meld", "cards": "9S 9D 9C"}]})
    question = quiz["q-set"]
    result, left = desk.lesson_answer(ada, "lesson-check", question, "thirty")
    assert result.outcome == "unreadable" and left == 2         # a hint, not a try
    result, left = desk.lesson_answer(ada, "lesson-check", question, "run")
    assert result.outcome == "wrong" and left == 1
    result, left = desk.lesson_answer(ada, "lesson-check", question, "set")
    assert result.outcome == "right" and left == 0
    with pytest.raises(Refused) as refused:                        # done with: nothing kept
        desk.lesson_answer(ada, "lesson-check", question, "set")
    assert refused.value.said.code == "lesson_answer_done"
    with open_store(str(tmp_path / "r.db"), create=False) as store:
        kept = [(a.quiz, a.question_id, a.given, a.outcome) for a in store.answers(session="5B")]
    assert kept == [("lesson-check", "q-set", "thirty", "unreadable"),
                    ("lesson-check", "q-set", "run", "wrong"), ("lesson-check", "q-set", "set", "right")]
    assert desk.lesson_history(ada, "lesson-check") == [("q-set", "thirty"), ("q-set", "run"),
                                                        ("q-set", "set")]
    assert desk.lesson_history(ada, "another-quiz") == []
