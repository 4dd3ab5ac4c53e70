"""The classroom command's refusals and its ``--no-serve`` message in the class's language
(``--lang``): a teacher who runs the class in Italian or Dutch reads why it cannot start in
that language too. English stays what it was (see ``tests/test_classroom_hygiene.py``)."""

import os
import socket
import subprocess
import sys


def classroom(tmp_path, *argv, env=None):
    base = {k: v for k, v in os.environ.items()
            if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "RUMMY_TEACH_LANG")}
    return subprocess.run([sys.executable, "-m", "rummy_teach.cli", "classroom", *argv],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path,
                          env={**base, **(env or {})})


def test_a_roster_with_a_name_twice_is_refused_in_the_class_language(tmp_path):
    roster = tmp_path / "5B.txt"
    roster.write_text("Ada\nada\n", encoding="utf-8")
    said = {}
    for lang in ("en", "it", "nl"):
        done = classroom(tmp_path, "--lang", lang, "--no-serve", "--roster", str(roster),
                         "--run-dir", str(tmp_path / f"run-{lang}"))
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert "5B.txt" in done.stderr and "'ada'" in done.stderr
        said[lang] = done.stderr
    assert "twice" in said["en"]
    assert "due volte" in said["it"] and "twice" not in said["it"]
    assert "twee keer" in said["nl"] and "twice" not in said["nl"]


def test_an_unreadable_roster_is_refused_in_the_language_of_the_locale(tmp_path):
    done = classroom(tmp_path, "--no-serve", "--roster", str(tmp_path / "missing.txt"),
                     env={"LANG": "nl_NL.UTF-8"})
    assert done.returncode == 2 and "missing.txt" in done.stderr
    assert "kan de klassenlijst" in done.stderr and "cannot read" not in done.stderr


def test_a_busy_port_is_refused_in_the_class_language(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = classroom(tmp_path, "--lang", "it", "--host", "127.0.0.1", "--port", str(port),
                         "--run-dir", str(tmp_path / "run"))
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"la porta {port} su 127.0.0.1 non è libera" in done.stderr
    assert "--port" in done.stderr and "is not free" not in done.stderr
    assert not (tmp_path / "run").exists()


def test_no_serve_says_what_it_wrote_in_the_class_language(tmp_path):
    done = classroom(tmp_path, "--lang", "nl", "--no-serve", "--run-dir", str(tmp_path / "run"),
                     "--token", "abc-teacher-token-1", "--join-code", "K7P4QX", "--session", "s1")
    assert done.returncode == 0, done.stderr
    assert "deelnamecode: K7P4QX" in done.stdout and "token van de docent: abc-teacher-token-1" in done.stdout
    assert "(sessie s1)" in done.stdout
    assert "join code" not in done.stdout and "teacher's token" not in done.stdout


def test_no_serve_says_how_to_serve_the_class_it_wrote_in_every_language(tmp_path):
    """``--no-serve`` names the settings file and the one way to serve them (the same command
    with ``--run-dir``), which keeps the session, join code and token, as a second run shows;
    nothing about kernels and ``RUMMY_CLASSROOM_CONFIG``, which no kernel reads."""
    words = {"en": ("settings:", "without --no-serve"), "it": ("impostazioni:", "senza --no-serve"),
             "nl": ("instellingen:", "zonder --no-serve")}
    for lang, (settings, without) in words.items():
        run = tmp_path / f"run-{lang}"
        argv = ("--lang", lang, "--no-serve", "--run-dir", str(run), "--session", f"s-{lang}")
        first = classroom(tmp_path, *argv)
        assert first.returncode == 0, first.stderr
        lines = [text for text in first.stdout.splitlines() if settings in text]
        assert len(lines) == 1, first.stdout
        line = lines[0]
        assert str(run / "config.json") in line and f"--run-dir {run}" in line and without in line
        assert "RUMMY_CLASSROOM_CONFIG" not in first.stdout and "kernel" not in first.stdout
        again = classroom(tmp_path, *argv)
        assert again.returncode == 0, again.stderr
        assert again.stdout == first.stdout   # the same session, join code and token


# --- the front page (/): the join form in the student's language, like the student page ----
def test_the_front_join_page_honours_the_students_language_cookie(tmp_path):
    import asyncio
    import threading
    import urllib.request

    import tornado.httpserver
    import tornado.netutil
    import tornado.web

    from rummy_teach.classroom.keys import token_digest
    from rummy_teach.classroom.quizpage import LANG_COOKIE
    from rummy_teach.classroom.teacher import teacher_handlers

    config = {"quiz": "basic", "quiz_name": "basic", "title": "quizbank_basic_title",
              "db": str(tmp_path / "r.db"), "session": "s", "lang": "it",
              "token_sha256": token_digest("t"), "projector_key": "wall"}
    app = tornado.web.Application(teacher_handlers("", config, "quiz", "report.ipynb"))
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    port = sockets[0].getsockname()[1]
    ready, box = threading.Event(), {}

    def serve():
        box["loop"] = loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        box["server"] = server = tornado.httpserver.HTTPServer(app)
        server.add_sockets(sockets)
        ready.set()
        loop.run_forever()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert ready.wait(60)

    def front(cookie=None):
        request = urllib.request.Request(f"http://127.0.0.1:{port}/",
                                         headers={"Cookie": cookie} if cookie else {})
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.read().decode("utf-8")

    try:
        teachers = front()
        dutch = front(f"{LANG_COOKIE}=nl")
        english = front(f"{LANG_COOKIE}=en")
        unknown = front(f"{LANG_COOKIE}=xx")
    finally:
        box["loop"].call_soon_threadsafe(box["server"].stop)
        box["loop"].call_soon_threadsafe(box["loop"].stop)
        thread.join(60)
    assert "Scrivi il codice di accesso" in teachers       # no cookie: the teacher's --lang
    assert "Typ de deelnamecode" in dutch and "Scrivi il codice" not in dutch
    assert "Basisrummy" in dutch                            # the class's title too
    assert "Type the join code" in english and "Scrivi" not in english
    assert "Scrivi il codice di accesso" in unknown         # a cookie we cannot read: the teacher's
