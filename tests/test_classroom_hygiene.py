"""The classroom's hygiene: spreadsheet formulas, control characters, passwords, the port,
numbers, quiz-file bounds, file modes, the banner, and a class resumed from its run folder."""

import csv
import io
import json
import re
import socket
import subprocess
import sys
from argparse import Namespace
from pathlib import Path

import pytest

from rummy_teach.classroom import answers_csv, open_store
from rummy_teach.classroom.server import startup_message
from rummy_teach.quiz import Quiz
from rummy_teach.quiz.fileformat import QuizFileError


def run_cli(*argv, cwd=None):
    return subprocess.run([sys.executable, "-m", "rummy_teach.cli", *argv], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def record(store, **fields):
    answer = dict(session="s", student_id="a", student_name="Ana", quiz="q", question_id="q1",
                  rule="r", given="set", outcome="right")
    answer.update(fields)
    return store.record(**answer)


# --- CSV: nothing a spreadsheet would run ----------------------------------------------------
@pytest.mark.parametrize("given", ['=HYPERLINK("http://x","y")', "+1+2", "-2+3", "@SUM(A1)",
                                   "\tTAB", "\rCR"])
def test_csv_cells_that_would_start_a_formula_are_kept_as_text(tmp_path, given):
    with open_store(tmp_path / "r.db") as store:
        record(store, given=given, student_name="=cmd|' /C calc'!A0")
        text = answers_csv(store.answers())
    row = list(csv.DictReader(io.StringIO(text)))[0]
    assert row["given"].lstrip("'").strip() == given.strip()  # the words kept
    assert row["student_name"] == "'=cmd|' /C calc'!A0"
    for cell in row.values():
        assert not cell.startswith(("=", "+", "-", "@", "\t", "\r"))


@pytest.mark.parametrize("cell", ["=1+1", "+1", "-1", "@A1", "\tx", "\rx"])
def test_every_formula_start_gets_an_apostrophe(cell):
    from rummy_teach.classroom.report import csv_cell
    assert csv_cell(cell) == "'" + cell and csv_cell(-1) == -1 and csv_cell("8S") == "8S"


def test_a_plain_answer_is_not_changed_in_the_csv(tmp_path):
    with open_store(tmp_path / "r.db") as store:
        record(store, given="8S 8H 8D")
        row = list(csv.DictReader(io.StringIO(answers_csv(store.answers()))))[0]
    assert row["given"] == "8S 8H 8D"


# --- control and bidi characters never reach a screen -----------------------------------------
def test_control_and_bidi_characters_are_stripped_from_names_and_answers(tmp_path):
    with open_store(tmp_path / "r.db") as store:
        record(store, student_name="Ada\u202e\u2066evil\x1b[31m\x07 Lo\u200fve", given="run\x00\u202e x\tz")
        stored = store.answers()[0]
    assert stored.student_name == "Adaevil[31m Love"
    assert stored.given == "run x z"


# --- the banner: no password, the token URL-encoded -------------------------------------------
def test_the_banner_hides_the_database_password_and_encodes_the_token(tmp_path):
    prepared = {"quiz": Quiz.builtin("basic"), "token": "a b&c/d?e", "pool": 2, "run": tmp_path,
                "config": {"db": "postgresql://teacher:s3cret@db.school/results", "session": "5B",
                           "join_code": "K7P4QX", "projector_key": "p1", "attempts": 1,
                           "practice": False, "quiz": "basic", "quiz_name": "basic",
                           "token_sha256": "0" * 64}}
    args = Namespace(host="127.0.0.1", port=8866, students=2, idle_minutes=2)
    text = startup_message(prepared, args)
    assert "s3cret" not in text and "postgresql://teacher:***@db.school/results" in text
    assert "token=a%20b%26c%2Fd%3Fe" in text and "a b&c" not in text


# --- the port and the numbers -----------------------------------------------------------------
def test_a_busy_port_is_a_clear_error_with_exit_2(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = run_cli("classroom", "--host", "127.0.0.1", "--port", str(port),
                       "--run-dir", str(tmp_path / "run"), cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"port {port} on 127.0.0.1 is not free" in done.stderr and "--port" in done.stderr
    assert "Traceback" not in done.stderr and "students open" not in done.stdout


@pytest.mark.parametrize("option, value", [("--port", "99999"), ("--port", "0"),
                                           ("--students", "-5"), ("--students", "0"),
                                           ("--pool", "-1"), ("--refill-seconds", "nan"),
                                           ("--idle-minutes", "0"), ("--attempts", "0"),
                                           ("--students", "many")])
def test_numbers_out_of_range_are_refused(tmp_path, option, value):
    done = run_cli("classroom", option, value, "--no-serve", "--run-dir", str(tmp_path / "run"),
                   cwd=tmp_path)
    assert done.returncode == 2 and option in done.stderr and repr(value) in done.stderr
    assert not (tmp_path / "run").exists()


# --- quiz files are bounded -------------------------------------------------------------------
SPADES = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H 6H 7H"


@pytest.mark.parametrize("data, words", [
    ({"questions": [{"kind": "arrange", "cards": SPADES}]}, ["field 'cards'", "20 cards", "14"]),
    ({"questions": [{"kind": "which_melds", "groups": ["8S 8H 8D"] * 13}]}, ["13 items", "12"]),
    ({"questions": [{"kind": "meld", "cards": "8S 8H 8D"}] * 201}, ["201 questions"]),
    ({"questions": [{"kind": "meld", "cards": "8S 8H 8D", "points": 0}]}, ["field 'points'"]),
])
def test_a_quiz_file_past_the_bounds_is_refused_clearly(data, words):
    with pytest.raises(QuizFileError) as caught:
        Quiz.from_data(data)
    assert all(word in str(caught.value) for word in words), str(caught.value)


def test_deep_nesting_and_a_huge_file_are_refused_before_parsing(tmp_path):
    with pytest.raises(QuizFileError, match="nests 5,000 levels"):   # a count: grouped
        Quiz.from_text("[" * 5000 + "]" * 5000)
    big = tmp_path / "big.json"
    big.write_text('{"questions": [], "description": "' + "x" * 1_100_000 + '"}')
    with pytest.raises(QuizFileError, match="at most 1,000,000"):
        Quiz.from_file(big)
    done = run_cli("classroom", "--quiz", str(big), "--no-serve", cwd=tmp_path)
    assert done.returncode == 2 and "big.json" in done.stderr and "Traceback" not in done.stderr


def test_points_per_question_are_read_from_the_file():
    quiz = Quiz.from_data({"questions": [{"kind": "meld", "cards": "8S 8H 8D", "points": 3},
                                         {"kind": "points", "cards": "KS 9H"}]})
    assert [q.points for q in quiz] == [3, 1]


# --- private files, and a class resumed from its run folder ------------------------------------
def test_results_database_and_run_folder_are_private(tmp_path):
    done = run_cli("classroom", "--no-serve", "--run-dir", str(tmp_path / "run"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    mode = lambda path: oct(path.stat().st_mode & 0o777)
    assert mode(tmp_path / "rummy-results.db") == "0o600"
    assert mode(tmp_path / "run") == "0o700"
    assert mode(tmp_path / "run" / "config.json") == "0o600"
    assert mode(tmp_path / "run" / "secret.json") == "0o600"


def test_the_same_run_folder_resumes_the_same_class(tmp_path):
    run = tmp_path / "run"
    first = run_cli("classroom", "--no-serve", "--run-dir", str(run), cwd=tmp_path)
    config = json.loads((run / "config.json").read_text())
    token = json.loads((run / "secret.json").read_text())["token"]
    again = run_cli("classroom", "--no-serve", "--run-dir", str(run), cwd=tmp_path)
    assert first.returncode == again.returncode == 0
    resumed = json.loads((run / "config.json").read_text())
    assert resumed["session"] == config["session"] and resumed["join_code"] == config["join_code"]
    assert resumed["token_sha256"] == config["token_sha256"]
    assert f"teacher's token: {token}" in again.stdout
    assert json.loads((run / "secret.json").read_text())["token"] == token


def test_practice_mode_and_attempts_reach_the_pages_config(tmp_path):
    done = run_cli("classroom", "--no-serve", "--practice", "--run-dir", str(tmp_path / "p"),
                   cwd=tmp_path)
    config = json.loads((tmp_path / "p" / "config.json").read_text())
    assert done.returncode == 0 and config["practice"] and config["attempts"] == 20
    run_cli("classroom", "--no-serve", "--attempts", "3", "--same-order",
            "--run-dir", str(tmp_path / "a"), cwd=tmp_path)
    config = json.loads((tmp_path / "a" / "config.json").read_text())
    assert config["attempts"] == 3 and not config["practice"] and not config["shuffle"]


def test_a_roster_file_is_read_and_checked(tmp_path):
    roster = tmp_path / "5B.txt"
    roster.write_text("# class 5B\nAda Lovelace\n\nAlan\u202e Turing\n")
    done = run_cli("classroom", "--no-serve", "--roster", str(roster),
                   "--run-dir", str(tmp_path / "r"), cwd=tmp_path)
    config = json.loads((tmp_path / "r" / "config.json").read_text())
    assert done.returncode == 0 and config["roster"] == ["Ada Lovelace", "Alan Turing"]
    roster.write_text("Ada\nada\n")
    done = run_cli("classroom", "--no-serve", "--roster", str(roster), cwd=tmp_path)
    assert done.returncode == 2 and "twice" in done.stderr


# --- behind JupyterHub: the URL prefix, and a service started without the hub ----------
@pytest.mark.parametrize("given, env, expected", [
    (None, {}, "/"),
    ("/services/class-3b", {}, "/services/class-3b/"),
    ("services//x/", {}, "/services/x/"),
    (None, {"JUPYTERHUB_SERVICE_PREFIX": "/services/rummy-classroom/"}, "/services/rummy-classroom/"),
    ("/mine/", {"JUPYTERHUB_SERVICE_PREFIX": "/services/rummy-classroom/"}, "/mine/"),
])
def test_the_url_prefix_comes_from_base_url_or_the_hub(monkeypatch, given, env, expected):
    from rummy_teach.classroom.server import base_url
    monkeypatch.delenv("JUPYTERHUB_SERVICE_PREFIX", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert base_url(Namespace(base_url=given)) == expected


def test_teacher_links_and_the_join_form_keep_the_prefix():
    from rummy_teach.classroom.dashboard import teacher_nav
    from rummy_teach.classroom.pages import join_page
    hrefs = re.findall(r'href="([^"]+)"', teacher_nav("", "s1", "/services/c/"))
    assert hrefs and all(h.startswith("/services/c/") and "token" not in h for h in hrefs)
    assert 'action="/services/c/voila/render/quiz.ipynb"' in join_page("T", base="/services/c/")
    assert all("token=t0k" in h for h in re.findall(r'href="([^"]+)"', teacher_nav("t0k", "s1")))


def test_teachers_group_outside_a_hub_stops_with_the_missing_settings(tmp_path):
    env = {k: v for k, v in __import__("os").environ.items() if not k.startswith("JUPYTERHUB_")}
    result = subprocess.run([sys.executable, "-m", "rummy_teach.cli", "classroom", "--teachers-group",
                             "teachers", "--db", str(tmp_path / "r.db"), "--port", "1"],
                            capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 2 and "JUPYTERHUB_API_TOKEN" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "r.db").exists()


_ARENA_PROBE = r'''
import ctypes, os, sys, tempfile, threading
if sys.argv[1] == "limit":
    from rummy_teach.classroom.server import few_malloc_arenas
    assert few_malloc_arenas()
start = threading.Barrier(8)
def work():  # a worker thread reading pages: blocks past pymalloc's size, from the C allocator
    start.wait()
    for _ in range(200):
        blocks = [bytearray(64 * 1024) for _ in range(20)]
        del blocks
threads = [threading.Thread(target=work) for _ in range(8)]
[t.start() for t in threads]
[t.join() for t in threads]
libc = ctypes.CDLL("libc.so.6")
libc.fopen.restype = ctypes.c_void_p
path = tempfile.mktemp()
out = libc.fopen(path.encode(), b"w")
libc.malloc_info(0, ctypes.c_void_p(out))
libc.fclose(ctypes.c_void_p(out))
print(open(path).read().count("<heap nr="))
os.remove(path)
'''


def test_the_server_holds_the_c_allocator_to_two_arenas():
    """Issue 28's soak grew with the server's worker threads, each of which glibc gave an
    arena of its own that kept the most it ever held: the server limits them at its start.
    Eight threads allocating at once make eight arenas, or two after few_malloc_arenas()."""
    import subprocess
    import sys

    pytest.importorskip("ctypes")
    if not sys.platform.startswith("linux"):
        pytest.skip("glibc's arenas")
    heaps = {}
    for mode in ("none", "limit"):
        done = subprocess.run([sys.executable, "-c", _ARENA_PROBE, mode], capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        heaps[mode] = int(done.stdout.split()[-1])
    assert heaps["limit"] <= 2 < heaps["none"], heaps
