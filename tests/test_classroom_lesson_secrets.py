"""A lesson's kernel holds none of the class's secrets (``rummy-teach classroom --notebook``).

The kernel runs the teacher's lesson, so whatever the kernel can see a lesson (or a student
who found a way to run code) could show: the results database's address (with its
password on PostgreSQL), the teacher's token, the run folder's config. One real classroom
is started with the database and the token given through the environment, as the
deployment guide advises; its lesson is a notebook whose code prints everything its
kernel sees: the environment, and every file in its folder or named by a variable. A
student joins over HTTP and opens the lesson; none of it may hold a secret. A classmate
who chose Dutch on the quiz page gets the lesson's kernel in Dutch (the class's is Italian).
"""

import http.cookiejar
import json
import sys
import urllib.parse
import urllib.request
from html import unescape

import pytest

from browser import CommandServer, free_port

# starts a classroom and a kernel (the serve lane)
pytestmark = [pytest.mark.server, pytest.mark.slow]

TOKEN = "lesson-secret-token-3141592"
JOIN = "SCR739"
LOOK = r'''import json, os
seen = {"env": dict(os.environ), "cwd": os.getcwd(), "files": {}}
for root, dirs, names in os.walk("."):
    for name in names:
        path = os.path.join(root, name)
        try:
            seen["files"][path] = open(path, errors="replace").read()
        except OSError:
            pass
for value in list(os.environ.values()):
    for part in value.split(os.pathsep):
        if os.path.isfile(part):
            try:
                seen["files"][part] = open(part, errors="replace").read()[:200000]
            except OSError:
                pass
print("KERNEL-SEES:" + json.dumps(seen).encode().hex() + ":END")
print("KERNEL-SPEAKS:" + os.environ.get("RUMMY_TEACH_LANG", "?") + ":END")
'''


def lesson(path):
    path.write_text(json.dumps({
        "nbformat": 4, "nbformat_minor": 5, "metadata": {},
        "cells": [{"cell_type": "markdown", "id": "t", "metadata": {}, "source": "# What a kernel sees"},
                  {"cell_type": "code", "id": "c", "metadata": {}, "execution_count": None,
                   "outputs": [], "source": LOOK}]}))
    return path


def test_a_lesson_kernel_sees_no_secret_and_speaks_its_students_language(tmp_path, monkeypatch):
    db = tmp_path / "private-results-7d1f.db"
    monkeypatch.setenv("RUMMY_TEACH_DB", str(db))
    monkeypatch.setenv("RUMMY_TEACH_TOKEN", TOKEN)
    port = free_port()
    run = tmp_path / "run"
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--quiz", "basic",
            "--notebook", str(lesson(tmp_path / "look.ipynb")), "--students", "2",
            "--pool", "0", "--host", "127.0.0.1", "--port", str(port), "--session", "secrets",
            "--join-code", JOIN, "--lang", "it", "--run-dir", str(run)]
    server = CommandServer(argv, root=tmp_path, port=port, ready_path="/voila/static/voila.js",
                           name="classroom-lesson-secrets").start()
    try:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        assert opener.open(f"{server.base}/quiz?join={JOIN}", timeout=60).status == 200
        joined = opener.open(urllib.request.Request(
            f"{server.base}/quiz/join", data=urllib.parse.urlencode({"name": "Ada"}).encode(),
            headers={"X-Rummy-Part": "main"}), timeout=60).read().decode()
        assert "Ada" in joined
        with opener.open(f"{server.base}/voila/render/lesson.ipynb", timeout=180) as page:
            body = unescape(page.read().decode("utf-8"))
        # a classmate who chose Dutch on the quiz page gets the lesson in Dutch
        dutch = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(
            http.cookiejar.CookieJar()))
        assert dutch.open(f"{server.base}/quiz?join={JOIN}&lang=nl", timeout=60).status == 200
        dutch.open(urllib.request.Request(
            f"{server.base}/quiz/join", data=urllib.parse.urlencode({"name": "Bram"}).encode(),
            headers={"X-Rummy-Part": "main"}), timeout=60).read()
        with dutch.open(f"{server.base}/voila/render/lesson.ipynb", timeout=180) as page:
            dutch_body = unescape(page.read().decode("utf-8"))
    finally:
        server.stop()
    assert "KERNEL-SPEAKS:it:END" in body
    assert "KERNEL-SPEAKS:nl:END" in dutch_body, dutch_body[-1500:]
    assert "KERNEL-SEES:" in body, body[-2000:]
    seen = json.loads(bytes.fromhex(body.split("KERNEL-SEES:")[1].split(":END")[0]))
    assert seen["cwd"] == str(run / "pages")
    assert seen["env"].get("HTTP_X_RUMMY_STUDENT")  # the kernel knows its student
    shown = json.dumps(seen)
    for secret in (TOKEN, str(db), db.name, str(run / "config.json"), "secret.json",
                   "token_sha256"):
        assert secret not in shown, secret
