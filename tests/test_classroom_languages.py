"""The classroom in Italian and Dutch: stored answers stay language-neutral, the teacher's
report, dashboard, paper and CSV headers speak the teacher's language, and ``classroom
--lang`` refuses a language it does not speak.

The same class in a real browser is in ``tests/test_classroom_chromium_languages.py``.
"""

import csv
import io
import subprocess
import sys

from rummy_teach import i18n
from rummy_teach.classroom import open_store
from rummy_teach.classroom.keys import token_digest
from rummy_teach.classroom.dashboard import dashboard_html, paper_html
from rummy_teach.classroom.desk import QuizDesk
from rummy_teach.classroom.grades import gradebook, gradebook_csv
from rummy_teach.classroom.quizview import feedback_html
from rummy_teach.classroom.report import answers_csv, build_report, questions_csv, report_text
from rummy_teach.classroom.report_html import report_html
from rummy_teach.quiz import Quiz

SEAT = "c" * 64


def config_for(tmp_path, **extra):
    config = {"quiz": "basic", "quiz_name": "basic", "title": "quizbank_basic_title",
              "db": str(tmp_path / "r.db"), "session": "s", "token_sha256": token_digest("t"),
              "attempts": 1, "shuffle": False, "lang": "it"}
    config.update(extra)
    return config


def stored(config):
    with open_store(config["db"], create=False) as store:
        return store.answers(session=config["session"]), store.students(config["session"])


def answer_in_italian(tmp_path):
    """Ada answers the first two questions of the basic quiz on an Italian page: the first
    right ("tris", typed in Italian), the second wrong."""
    config = config_for(tmp_path)
    desk = QuizDesk(config)
    with i18n.language("it"):
        ada = desk.join(SEAT, "Ada").student
        right, public, _ = desk.answer(ada, "basic-eights", "tris")
        wrong, _, _ = desk.answer(ada, "basic-opponent-cards", "25")
        page = feedback_html(wrong, desk.sitting(ada).public_of("basic-opponent-cards"))
    assert right.right and public["prompt"].startswith("Nel Rummy base")
    assert wrong.outcome == "wrong" and "Hai risposto 25; le carte fanno 30." in page
    return config


def test_an_answer_given_in_italian_is_stored_neutral_and_reads_back_in_dutch(tmp_path):
    config = answer_in_italian(tmp_path)
    answers, students = stored(config)
    assert [(a.question_id, a.given, a.outcome, a.rule) for a in answers] == [
        ("basic-eights", "tris", "right", "quizbank_basic_eights"),
        ("basic-opponent-cards", "25", "wrong", "quizbank_basic_opponent_cards")]
    report = build_report(answers)
    with i18n.language("nl"):
        page = report_html(report)
        text = report_text(report)
        dashboard = dashboard_html(Quiz.builtin("basic"), students, answers)
        again = QuizDesk(config).sitting(students[0])          # the server started again
        prompt = again.current["prompt"]
    for shown in (page, text):
        assert "een drieling is 3 of 4 kaarten van één waarde" in shown
        assert "Per vraag" in shown and "1 leerling, 2 antwoorden geteld, goed: 1 (50%)" in shown
        assert "Ada" in shown
    assert "Ada" in dashboard
    assert again.score()["right"] == 1 and again.score()["wrong"] == 1   # still counted
    assert prompt.startswith("Bij Basisrummy")     # the third question, in Dutch now
    with i18n.language("it"):
        assert "un tris è di 3 o 4 carte dello stesso valore" in report_html(report)


def test_the_csv_headers_follow_the_teachers_language_and_the_cells_stay_neutral(tmp_path):
    config = answer_in_italian(tmp_path)
    answers, students = stored(config)
    quiz = Quiz.builtin("basic")
    with i18n.language("it"):
        files = {"answers": answers_csv(answers), "questions": questions_csv(build_report(answers)),
                 "grades": gradebook_csv(quiz, gradebook(quiz, answers, students))}
    english = answers_csv(answers)
    table = list(csv.reader(io.StringIO(files["answers"])))
    assert table[0] == ["risposto_il", "sessione", "id_studente", "nome_studente", "quiz",
                        "id_domanda", "regola", "risposta", "esito"]
    assert table[1:] == list(csv.reader(io.StringIO(english)))[1:]      # the same data cells
    assert table[1][5:] == ["basic-eights", "quizbank_basic_eights", "tris", "right"]
    questions = list(csv.reader(io.StringIO(files["questions"])))
    assert questions[0][:3] == ["quiz", "id_domanda", "regola"]
    assert questions[1][2] == "quizbank_basic_eights"
    grades = list(csv.reader(io.StringIO(files["grades"])))
    assert grades[0][:4] == ["id_studente", "nome_studente", "punti", "punti_massimi"]
    assert "basic-eights" in grades[0]                                   # question ids as they are
    with i18n.language("nl"):
        assert answers_csv(answers).startswith("beantwoord_op,sessie,leerling_id")


def test_the_printable_paper_speaks_the_teachers_language():
    quiz = Quiz.builtin("basic")
    with i18n.language("nl"):
        paper = paper_html(quiz, quiz.title)
    assert "Basisrummy: de situaties uit het regelboek" in paper
    assert "drieling / reeks / geen combinatie" in paper
    assert "Is dit bij Basisrummy een geldige combinatie?" in paper
    assert "is this a legal meld" not in paper


def test_classroom_refuses_a_language_it_does_not_speak(tmp_path):
    run = subprocess.run([sys.executable, "-m", "rummy_teach.cli", "classroom", "--lang", "xx",
                          "--no-serve", "--run-dir", str(tmp_path / "run"),
                          "--db", str(tmp_path / "r.db")],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "'xx' is not a language rummy_teach speaks" in run.stderr
    assert "en, it, nl" in run.stderr
    assert not (tmp_path / "run").exists() and not (tmp_path / "r.db").exists()


def test_classroom_takes_its_language_from_lang_or_the_locale(tmp_path):
    import json
    for given, environ, expected in ((["--lang", "nl"], {}, "nl"),
                                     ([], {"LANG": "it_IT.UTF-8"}, "it"),
                                     ([], {"LANG": "C.UTF-8"}, "en")):
        run_dir = tmp_path / f"run-{expected}"
        env = {k: v for k, v in __import__("os").environ.items()
               if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "RUMMY_TEACH_LANG")}
        run = subprocess.run([sys.executable, "-m", "rummy_teach.cli", "classroom", *given,
                              "--no-serve", "--run-dir", str(run_dir),
                              "--db", str(tmp_path / "r.db")],
                             capture_output=True, text=True, timeout=300, cwd=tmp_path,
                             env={**env, **environ})
        assert run.returncode == 0, run.stderr
        config = json.loads((run_dir / "config.json").read_text(encoding="utf-8"))
        assert config["lang"] == expected
        assert config["title"] == "quizbank_basic_title"      # said in each reader's language


def test_the_classroom_tells_the_teacher_where_to_go_in_the_class_language(tmp_path):
    from argparse import Namespace

    from rummy_teach.classroom.server import startup_message

    config = {"db": str(tmp_path / "r.db"), "session": "5B", "join_code": "K7P4QX",
              "projector_key": "p1", "attempts": 1, "practice": False,
              "title": "quizbank_basic_title", "quiz_name": "basic", "quiz": "basic",
              "token_sha256": token_digest("t")}
    prepared = {"quiz": Quiz.builtin("basic"), "token": "t", "pool": 0, "run": tmp_path,
                "config": config}
    args = Namespace(host="127.0.0.1", port=8866, students=2, idle_minutes=2)
    english = startup_message(prepared, args)
    italian = startup_message(prepared | {"config": {**config, "lang": "it"}}, args)
    dutch = startup_message(prepared | {"config": {**config, "lang": "nl"}}, args)
    assert "Basic Rummy: the rule book's situations" in english and "type the join code K7P4QX" in english
    assert "Rummy base: le situazioni del regolamento" in italian
    assert "e scrivono il codice di accesso K7P4QX" in italian and "1 tentativo per domanda" in italian
    assert "en typen de deelnamecode K7P4QX" in dutch and "druk op Ctrl+C" in dutch
    for text in (italian, dutch):
        assert "http://127.0.0.1:8866/teacher/dashboard?token=t" in text


def test_the_banner_says_when_the_quiz_has_questions_unfit_to_use_unseen(tmp_path):
    """A teacher's file whose positions hide cards under the pile still starts the class,
    and the banner says how many questions to check, with the command that lists them."""
    from argparse import Namespace

    from rummy_teach.classroom.server import startup_message

    dig = {"kind": "move", "game": "500", "hands": ["QH QD 7D KS KH 5C 9H", "JC JD JS 8D",
                                                    "2C 4H 6S 10D AC 3S 7S"],
           "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S", "table": [[1, "4D 5D 6D"]]}
    quiz = Quiz.from_data({"questions": [dict(dig, id="a", action="take 4"),
                                         dict(dig, id="b", action="take 2")]})
    config = {"db": str(tmp_path / "r.db"), "session": "5B", "join_code": "K7P4QX",
              "projector_key": "p1", "attempts": 1, "practice": False, "quiz": "week3.json",
              "quiz_name": "week3", "token_sha256": token_digest("t")}
    prepared = {"quiz": quiz, "token": "t", "pool": 0, "run": tmp_path, "config": config}
    args = Namespace(host="127.0.0.1", port=8866, students=2, idle_minutes=2)
    said = {lang: startup_message(prepared | {"config": {**config, "lang": lang}}, args)
            for lang in ("en", "it", "nl")}
    assert ("check first:     2 questions of this quiz cannot be used unseen as written: "
            "rummy-teach quiz check week3.json") in said["en"]
    assert "2 domande di questo quiz non si possono usare senza rivederle" in said["it"]
    assert "2 vragen van deze quiz zijn zoals ze er staan niet ongezien te gebruiken" in said["nl"]
    one = Quiz.from_data({"questions": [dict(dig, id="a", action="take 4"),
                                        dict(dig, id="b", action="take 2", stock="3H 10S 5S ...")]})
    assert "1 question of this quiz cannot be used" in startup_message(prepared | {"quiz": one}, args)
    fixed = Quiz.from_data({"questions": [dict(dig, id="a", action="take 4", stock="3H 10S 5S ...")]})
    assert "quiz check" not in startup_message(prepared | {"quiz": fixed}, args)


def test_the_kernel_quiz_widget_speaks_its_language_in_every_callback():
    """Each quiz widget told a language (a lesson's, ``--notebook``) speaks it: its callbacks
    run later, outside any ``with``, and still speak it."""
    from rummy_teach.widgets.quiz import QuizWidget

    widget = QuizWidget(Quiz.builtin("basic"), lang="it")
    assert widget.current["prompt"].startswith("Nel Rummy base")
    widget.choose("run")
    result = widget.submit()                       # a button's callback: no language around it
    assert result.outcome == "wrong" and result.correct == "un tris"
    assert "un tris è di 3 o 4 carte dello stesso valore" in result.rule
    widget.next()
    assert widget.current["prompt"].startswith("Rummy base: la mano è finita")
    assert Quiz.builtin("basic")["basic-eights"].prompt.startswith("In Basic Rummy")


def test_a_lessons_quiz_speaks_the_class_language_and_reports_to_the_class():
    """In a lesson's kernel (``--notebook``) a quiz the lesson draws with no ``on_answer``
    takes the class's language, attempts and earlier answers from the lesson's first cell
    (here a stand-in for the server, which keeps what it is sent)."""
    from rummy_teach.widgets import quiz as quiz_module
    from rummy_teach.widgets.quiz import QuizWidget

    sent = []

    class Class:
        attempts, lang = 2, "nl"

        def recorder(self, quiz):
            return lambda public, text, result: sent.append((public["id"], text, result.outcome))

        def history(self, quiz):
            return [("basic-eights", "run")]    # one wrong try already kept

    quiz_module.classroom = Class()
    try:
        widget = QuizWidget(Quiz.builtin("basic"))
    finally:
        quiz_module.classroom = None
    assert widget.lang == "nl" and widget.attempts == 2
    assert widget.current["id"] == "basic-eights" and widget.sitting.tries("basic-eights") == 1
    widget.choose("set")
    assert widget.submit().outcome == "right"         # a callback: no language around it
    assert sent == [("basic-eights", "set", "right")]
    assert widget.current["prompt"].startswith("Is dit bij Basisrummy")
    assert QuizWidget(Quiz.builtin("basic")).on_answer is None  # outside a lesson: self-study
