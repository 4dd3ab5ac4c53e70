"""LTI 1.3: a school's LMS launches its students and teachers into the class.

The LMS is ``lti1p3platform`` (OpenLearning's platform library from PyPI, see
``tests/lti_platform.py``) served on loopback; the class is ``rummy-teach classroom --lti``,
a real server process. The browser tests follow a course link in Chromium the whole way
(the platform's login initiation, the tool's redirect to the platform's authorisation, the
platform's self-posting form with the signed ``id_token``, the tool's checks, the page);
the refusals are driven with ``requests`` through the same platform, each spoiled in one way.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("pylti1p3")
pytest.importorskip("lti1p3platform")

from browser import CLASSROOM_LOAD_MS, CommandServer, free_port, picture  # noqa: E402
from lti_platform import CLIENT_ID, DEPLOYMENT_ID, Platform, new_key  # noqa: E402

from rummy_teach import i18n  # noqa: E402
from rummy_teach.classroom import open_store  # noqa: E402
from rummy_teach.classroom.config import ClassroomError  # noqa: E402
from rummy_teach.classroom.ltigrades import LONGEST_WAIT_SECONDS  # noqa: E402
from rummy_teach.classroom.lti import (KEY_ENV, LtiSettings, NonceBook, role_of,  # noqa: E402
                                       shown_name, student_key)
from rummy_teach.reasons import say  # noqa: E402

SESSION = "lti-class"
TOKEN = "lti-teacher-token-0123456789"


# --- the settings, the names, the nonces: no server -------------------------------------
def settings_file(tmp_path, **change) -> str:
    private, _ = new_key()
    key = tmp_path / "tool.pem"
    key.write_text(private)
    data = {"issuer": "https://lms.school.example", "client_id": "abc", "deployment_ids": ["1"],
            "auth_login_url": "https://lms.school.example/auth",
            "auth_token_url": "https://lms.school.example/token",
            "key_set_url": "https://lms.school.example/jwks",
            "tool_url": "https://rummy.school.example/class", "private_key_file": str(key)}
    data.update(change)
    data = {k: v for k, v in data.items() if v is not None}
    path = tmp_path / "lti.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_settings_are_read_and_the_tool_publishes_its_public_key_only(tmp_path):
    settings = LtiSettings.from_file(settings_file(tmp_path))
    assert settings.launch_url == "https://rummy.school.example/class/lti/launch"
    keys = settings.public_jwks()["keys"]
    assert len(keys) == 1 and keys[0]["kty"] == "RSA" and keys[0]["kid"]
    assert "d" not in keys[0] and "p" not in keys[0]  # no private part
    assert "PRIVATE" not in repr(settings)
    registration = settings.registration_json()
    assert registration["oidc_initiation_url"] == "https://rummy.school.example/class/lti/login"
    assert registration["public_jwk_url"] == "https://rummy.school.example/class/lti/jwks"


@pytest.mark.parametrize("change, named", [
    ({"tool_url": "rummy.school.example"}, "tool_url"),
    ({"deployment_ids": []}, "deployment_ids"),
    ({"client_id": None}, "client_id"),
    ({"colour": "blue"}, "colour"),
])
def test_a_wrong_setting_is_named(tmp_path, change, named):
    with pytest.raises(ClassroomError) as refused:
        LtiSettings.from_file(settings_file(tmp_path, **change))
    assert named in str(refused.value)


def test_the_key_comes_from_the_environment_and_is_never_repeated(tmp_path):
    private, _ = new_key()
    path = settings_file(tmp_path, private_key_file=None)
    assert LtiSettings.from_file(path, env={KEY_ENV: private}).private_key == private
    with pytest.raises(ClassroomError) as missing:
        LtiSettings.from_file(path, env={})
    assert KEY_ENV in str(missing.value)
    secret = "-----BEGIN PRIVATE KEY-----\nc2VjcmV0LXZhbHVlLW5vdC1hLWtleQ==\n-----END PRIVATE KEY-----\n"
    with pytest.raises(ClassroomError) as bad:
        LtiSettings.from_file(path, env={KEY_ENV: secret})
    assert "c2VjcmV0" not in str(bad.value) and "PEM" in str(bad.value)


def test_a_student_is_the_platform_and_its_sub_never_the_name():
    assert student_key("https://a", "42") == student_key("https://a", "42")
    assert student_key("https://a", "42") != student_key("https://b", "42")
    assert len(student_key("https://a", "42")) <= 64
    assert shown_name({"name": "  Ａｄａ\u200b  Lovelace ", "sub": "1"}) == "Ada Lovelace"
    assert shown_name({"given_name": "Grace", "family_name": "Hopper", "sub": "2"}) == "Grace Hopper"
    assert shown_name({"email": "jan@school.nl", "sub": "3"}) == "jan"
    assert shown_name({"sub": "user-77"}) == "user-77"


def test_roles():
    claim = "https://purl.imsglobal.org/spec/lti/claim/roles"
    base = "http://purl.imsglobal.org/vocab/lis/v2/membership#"
    assert role_of({claim: [base + "Instructor"]}) == "teacher"
    assert role_of({claim: [base + "Learner"]}) == "student"
    assert role_of({claim: []}) is None
    assert role_of({}) is None
    assert role_of({claim: "Learner"}) is None


def test_a_nonce_opens_one_launch_and_not_after_its_time():
    now = [0.0]
    book = NonceBook(clock=lambda: now[0])
    book.put("n1", True, 60)
    book.put("n2", True, 60)
    assert book.take("n1") and not book.take("n1")
    now[0] = 61
    assert not book.take("n2")


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_every_refusal_is_said_in_each_language(lang):
    codes = ["lti_refused_form", "lti_refused_issuer", "lti_refused_audience", "lti_refused_state",
             "lti_refused_replay", "lti_refused_signature", "lti_refused_expired",
             "lti_refused_platform_keys", "lti_refused_deployment", "lti_refused_role",
             "lti_refused_launch", "lti_refused_login", "lti_open_from_course",
             "lti_refused_title", "lti_refused_again"]
    with i18n.language("en"):
        english = {code: say(code) for code in codes}
    with i18n.language(lang):
        said = {code: say(code) for code in codes}
    assert len(set(said.values())) == len(codes)  # each its own sentence
    if lang != "en":
        assert all(said[code] != english[code] for code in codes)


# --- a real class launched from the platform ---------------------------------------------
class Lms:
    """The platform and the class, both on loopback."""

    def __init__(self, home: Path, lang: str = "en", extra: tuple = ()):
        self.home = home
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.platform = Platform(self.base + "/").start()
        private, _ = new_key()
        key = home / "tool.pem"
        key.write_text(private)
        key.chmod(0o600)
        self.private_key = private
        self.settings = home / "lti.json"
        self.settings.write_text(json.dumps(self.platform.tool_settings(str(key))))
        self.db = home / "results.db"
        argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--quiz", "basic",
                "--host", "127.0.0.1", "--port", str(self.port), "--token", TOKEN,
                "--session", SESSION, "--same-order", "--run-dir", str(home / "run"),
                "--db", str(self.db), "--lang", lang, "--lti", str(self.settings), *extra]
        self.server = CommandServer(argv, root=home, port=self.port,
                                    ready_path="/voila/static/voila.js", name="lti-class")
        self.server.start()

    def stop(self):
        self.server.stop()
        self.platform.stop()

    def students(self):
        with open_store(str(self.db), create=False) as store:
            return store.students(SESSION)

    def answers(self):
        with open_store(str(self.db), create=False) as store:
            return store.answers(session=SESSION)


@pytest.fixture(scope="module")
def lms(tmp_path_factory):
    found = Lms(tmp_path_factory.mktemp("lti"))
    yield found
    found.stop()


def platform_form(session, lms, user: str, variant: str = "") -> dict:
    """Follow a course link through the login to the platform's self-posting launch form."""
    page = session.get(lms.platform.launch_address(user, variant), timeout=60)
    assert page.status_code == 200, page.text[:500]
    found = dict(re.findall(r'name="(id_token|state)" value="([^"]*)"', page.text))
    found["action"] = re.search(r'action="([^"]*)"', page.text).group(1)
    return found


def post_launch(session, form, **change):
    data = {"id_token": form["id_token"], "state": form["state"], **change}
    return session.post(form["action"], data=data, allow_redirects=False, timeout=60)


def refused_code(response) -> str | None:
    found = re.search(r'data-code="([a-z_]+)"', response.text)
    return found.group(1) if found else None


@pytest.mark.server
def test_a_launch_is_checked_and_a_learner_is_a_student_named_by_the_lms(lms):
    import requests
    session = requests.Session()
    form = platform_form(session, lms, "ada")
    assert form["action"] == lms.base + "/lti/launch"
    landed = post_launch(session, form)
    assert landed.status_code == 303 and landed.headers["Location"].startswith("/quiz")
    page = session.get(lms.base + landed.headers["Location"], timeout=60)
    assert page.status_code == 200
    assert "Ada Lovelace" in page.text and 'name="join"' not in page.text
    assert 'name="name"' not in page.text  # no name box
    ada = [s for s in lms.students() if s.student_id == student_key(lms.platform.issuer, "user-ada")]
    assert [s.name for s in ada] == ["Ada Lovelace"]
    # the same launch sent again (a replay) is refused, and nobody new is in the class
    again = post_launch(requests.Session(), form)
    assert again.status_code == 403 and refused_code(again) in ("lti_refused_replay",
                                                                "lti_refused_state")
    again_same_browser = post_launch(session, form)
    assert again_same_browser.status_code == 403
    assert refused_code(again_same_browser) == "lti_refused_replay"


@pytest.mark.server
@pytest.mark.parametrize("variant, code", [
    ("expired", "lti_refused_expired"),
    ("issuer", "lti_refused_issuer"),
    ("audience", "lti_refused_audience"),
    ("deployment", "lti_refused_deployment"),
    ("forged", "lti_refused_signature"),
])
def test_a_spoiled_launch_is_refused_with_a_page_saying_why(lms, variant, code):
    import requests
    session = requests.Session()
    before = len(lms.students())
    refused = post_launch(session, platform_form(session, lms, "ada", variant))
    assert refused.status_code == 403
    assert refused_code(refused) == code
    with i18n.language("en"):
        assert say(code) in refused.text.replace("&#x27;", "'")
    assert len(lms.students()) == before
    log = lms.server.output()
    assert f"LTI launch refused ({code})" in log


@pytest.mark.server
def test_a_changed_token_fails_its_signature_and_no_role_is_refused(lms):
    import base64

    import requests
    session = requests.Session()
    form = platform_form(session, lms, "ada")
    head, body, mark = form["id_token"].split(".")
    claims = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    claims["sub"] = "user-grace"  # Ada pretends to be someone else, keeping the signature
    forged = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
    refused = post_launch(session, form, id_token=f"{head}.{forged}.{mark}")
    assert refused.status_code == 403 and refused_code(refused) == "lti_refused_signature"
    nobody = post_launch(session, platform_form(session, lms, "nobody"))
    assert nobody.status_code == 403 and refused_code(nobody) == "lti_refused_role"
    no_state = post_launch(requests.Session(), platform_form(requests.Session(), lms, "ada"))
    assert no_state.status_code == 403 and refused_code(no_state) == "lti_refused_state"
    assert "No Body" not in {s.name for s in lms.students()}
    log = lms.server.output()
    assert form["id_token"] not in log and head + "." + forged not in log
    assert lms.private_key.splitlines()[1] not in log


@pytest.mark.server
def test_the_refusal_speaks_the_launch_language_and_nobody_enters_without_a_launch(lms):
    import requests
    for user, lang in (("maria", "it"), ("jan", "nl")):
        session = requests.Session()
        refused = post_launch(session, platform_form(session, lms, user, "expired"))
        assert refused.status_code == 403 and f'<html lang="{lang}"' in refused.text
        with i18n.language(lang):
            assert say("lti_refused_expired") in refused.text.replace("&#x27;", "'")
    stranger = requests.get(lms.base + "/lti/login", params={
        "iss": "https://elsewhere.example", "login_hint": "x", "client_id": CLIENT_ID}, timeout=60)
    assert stranger.status_code == 403 and refused_code(stranger) == "lti_refused_issuer"
    hintless = requests.get(lms.base + "/lti/login", params={
        "iss": lms.platform.issuer, "client_id": CLIENT_ID}, timeout=60)
    assert hintless.status_code == 400 and refused_code(hintless) == "lti_refused_login"
    outsider = requests.get(lms.base + "/quiz", timeout=60)
    assert outsider.status_code == 403 and refused_code(outsider) == "lti_open_from_course"
    teacher_page = requests.get(lms.base + "/teacher/dashboard", timeout=60)
    assert teacher_page.status_code == 403
    keys = requests.get(lms.base + "/lti/jwks", timeout=60).json()["keys"]
    assert [k["kty"] for k in keys] == ["RSA"] and "d" not in keys[0]


@pytest.mark.browser
def test_in_chromium_a_student_answers_and_the_teacher_sees_them(lms, chromium):
    phone = chromium.new_context(viewport={"width": 390, "height": 844})
    page = phone.new_page()
    page.goto(lms.platform.launch_address("maria"), timeout=CLASSROOM_LOAD_MS)
    page.wait_for_url(re.compile(r".*/quiz.*"), timeout=CLASSROOM_LOAD_MS)
    page.wait_for_selector("text=Maria Rossi", timeout=CLASSROOM_LOAD_MS)
    assert page.locator("html").get_attribute("lang") == "it"
    assert "Bentornato" not in page.inner_text("body")  # a first visit, not "welcome back"
    assert page.locator("input[name=join]").count() == 0
    assert page.locator("input[name=name]").count() == 0
    picture(page, "lti-student-phone")
    answer = page.locator("form[action$='quiz/answer']")
    answer.wait_for(timeout=CLASSROOM_LOAD_MS)
    if answer.get_by_role("radio").count():
        answer.get_by_role("radio").first.check()
    else:
        answer.locator("input[type=text]").first.fill("8S 8H 8D")
    answer.locator("button[type=submit]").first.click()
    page.locator(".rt-feedback").first.wait_for(timeout=CLASSROOM_LOAD_MS)
    maria = student_key(lms.platform.issuer, "user-maria")
    assert [a.student_name for a in lms.answers() if a.student_id == maria] == ["Maria Rossi"]
    phone.close()
    desk = chromium.new_context(viewport={"width": 1280, "height": 900})
    teacher = desk.new_page()
    teacher.goto(lms.platform.launch_address("grace"), timeout=CLASSROOM_LOAD_MS)
    teacher.wait_for_url(re.compile(r".*/teacher/dashboard.*"), timeout=CLASSROOM_LOAD_MS)
    teacher.wait_for_selector("text=Maria Rossi", timeout=CLASSROOM_LOAD_MS)
    picture(teacher, "lti-teacher")
    desk.close()


def wait_for(condition, what: str, seconds: float = 90):
    """Poll ``condition`` (the outbox retries on its own clock: 2 s rounds, 5 s then 10 s waits)."""
    import time
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.25)
    raise AssertionError(f"still waiting for {what}")


def answer_shown_question(page):
    answer = page.locator("form[action$='quiz/answer']")
    answer.wait_for(timeout=CLASSROOM_LOAD_MS)
    if answer.get_by_role("radio").count():
        answer.get_by_role("radio").first.check()
    else:
        answer.locator("input[type=text]").first.fill("8S 8H 8D")
    answer.locator("button[type=submit]").first.click()
    page.locator(".rt-feedback").first.wait_for(timeout=CLASSROOM_LOAD_MS)


@pytest.mark.browser
def test_scores_reach_the_lms_gradebook_and_wait_out_an_lms_that_is_down(lms, chromium):
    from lti_platform import LINEITEM
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(lms.platform.launch_address("jan"), timeout=CLASSROOM_LOAD_MS)
    page.wait_for_selector("text=Jan de Vries", timeout=CLASSROOM_LOAD_MS)
    jan = student_key(lms.platform.issuer, "user-jan")

    def outbox():
        with open_store(str(lms.db), create=False) as store:
            return store.lti_grades(SESSION, jan)[0]
    launched = outbox()  # the launch's line item is kept; no score before an answer
    assert launched["lineitem"] == f"{lms.platform.url}/lineitems/{LINEITEM}"
    assert (launched["lti_user"], launched["stamp"]) == ("user-jan", "")
    answer_shown_question(page)   # the first question's first option: right (a set of eights)
    gradebook = lms.platform.scores[LINEITEM]
    first = wait_for(lambda: gradebook.get("user-jan"), "Jan's first score in the LMS")
    assert (first["scoreGiven"], first["activityProgress"]) == (1, "InProgress")
    assert first["scoreMaximum"] == len(__import__("rummy_teach").quiz.Quiz.builtin("basic"))
    taken = lms.platform.score_posts["user-jan"]

    lms.platform.down = True       # the LMS goes away while Jan answers on
    page.locator("form[action$='quiz/next'] button").click()
    # the answered question's feedback goes with it (else its greyed form would be answered)
    page.locator(".rt-feedback").first.wait_for(state="detached", timeout=CLASSROOM_LOAD_MS)
    answer_shown_question(page)
    failed = wait_for(lambda: outbox()["tries"] >= 1 and outbox(), "a failed send")
    assert failed["last_error"] == "HTTP 503" and failed["stamp"] != failed["sent_stamp"]
    assert gradebook["user-jan"]["timestamp"] == first["timestamp"]  # the LMS has the old one

    teacher = context.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    teacher.goto(lms.platform.launch_address("grace"), timeout=CLASSROOM_LOAD_MS)
    teacher.wait_for_url(re.compile(r".*/teacher/dashboard.*"), timeout=CLASSROOM_LOAD_MS)
    teacher.get_by_role("link", name="Grades sent to the LMS").click()  # from the dashboard
    teacher.wait_for_url(re.compile(r".*/lti/grades$"), timeout=CLASSROOM_LOAD_MS)
    row = teacher.locator("tr", has_text="Jan de Vries")
    assert "HTTP 503" in row.inner_text() and "1 of 32" in row.inner_text()

    lms.platform.down = False      # back: the waiting score goes, once
    final = wait_for(lambda: gradebook["user-jan"]["timestamp"] == outbox()["stamp"] and
                     gradebook["user-jan"], "the waiting score in the LMS",
                     seconds=LONGEST_WAIT_SECONDS + 120)  # a slow machine: the longest wait
    with open_store(str(lms.db), create=False) as store:
        points = [a for a in store.answers(session=SESSION, student_id=jan)]
    assert final["scoreGiven"] == sum(1 for a in points if a.outcome == "right")
    # whatever the outbox holds last reaches the LMS and nothing stays waiting (a score
    # sent once per stamp: test_a_score_goes_once_changes_go_again_and_the_last_question_completes;
    # here, once under heavy load, the outbox took a second stamp 0.7 s after the first
    # with no answer between, not yet explained: see the session's note)
    wait_for(lambda: outbox()["sent_stamp"] == outbox()["stamp"] == gradebook["user-jan"]["timestamp"],
             "nothing waiting in the outbox", seconds=LONGEST_WAIT_SECONDS + 120)
    assert lms.platform.score_posts["user-jan"] >= taken + 1
    teacher.reload()
    row = teacher.locator("tr", has_text="Jan de Vries")
    assert "HTTP 503" not in row.inner_text()
    picture(teacher, "lti-grades")
    context.close()


@pytest.mark.server
def test_a_score_goes_once_changes_go_again_and_the_last_question_completes(lms, tmp_path):
    """The outbox's rules, with the real platform: sent once; a new answer, sent again; the
    paper done, ``Completed``. (The class's server sends the same way every 2 s.)"""
    from lti_platform import LINEITEM

    from rummy_teach.classroom.desk import QuizDesk
    from rummy_teach.classroom.ltisend import GradeSender
    from rummy_teach.quiz import Quiz

    settings = LtiSettings.from_file(str(lms.settings))
    basic = Quiz.builtin("basic")
    short = Quiz(list(basic)[:2], title="two questions", name="two")
    config = {"quiz": "basic", "quiz_name": "two", "title": "T", "db": str(tmp_path / "g.db"),
              "session": "g", "token_sha256": "0" * 64, "attempts": 1, "shuffle": False}
    desk = QuizDesk(config, quiz=short)
    student = desk.admit("lti-outbox", "Olga Outbox")
    desk.store().lti_link("g", "lti-outbox", f"{lms.platform.url}/lineitems/{LINEITEM}",
                          "user-olga", lms.platform.issuer)
    sender = GradeSender(desk, settings)
    desk.answer_listeners.append(sender.note)
    assert sender.send_waiting() == 0          # nothing answered: nothing to send

    def answer_right():
        sitting = desk.sitting(student)
        question = sitting.quiz[sitting.current["id"]]
        desk.answer(student, question.id, question.answer_input)

    answer_right()
    assert sender.send_waiting() == 1
    assert sender.send_waiting() == 0 and lms.platform.score_posts["user-olga"] == 1  # once
    olga = lms.platform.scores[LINEITEM]["user-olga"]
    assert (olga["scoreGiven"], olga["scoreMaximum"], olga["activityProgress"]) == \
        (1, 2, "InProgress")
    answer_right()                             # the last question: the paper is done
    assert sender.send_waiting() == 1
    olga = lms.platform.scores[LINEITEM]["user-olga"]
    assert (olga["scoreGiven"], olga["activityProgress"], olga["gradingProgress"]) == \
        (2, "Completed", "FullyGraded")
    assert sender.send_waiting() == 0 and lms.platform.score_posts["user-olga"] == 2
    desk.close()


@pytest.mark.browser
def test_a_teacher_adds_the_class_to_the_course_by_deep_linking(lms, chromium):
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(lms.platform.launch_address("grace", "deeplink"), timeout=CLASSROOM_LOAD_MS)
    with i18n.language("en"):
        page.get_by_role("button", name=say("lti_deep_link_button")).wait_for(
            timeout=CLASSROOM_LOAD_MS)
    picture(page, "lti-deep-link")
    before = len(lms.platform.links)
    from rummy_teach.quiz import Quiz
    with i18n.language("en"):   # the built-in quizzes to pick from (no folder of files here)
        basic = say("lti_pick_quiz", title=Quiz.builtin("basic").title,
                    points=len(Quiz.builtin("basic")))
        assert say("lti_pick_no_folder") in page.inner_text("body")
    page.get_by_role("radio", name=basic).check()
    page.get_by_role("button", name="Add to the course").click()
    page.get_by_text("Added to the course").wait_for(timeout=CLASSROOM_LOAD_MS)
    item = lms.platform.links[before]   # checked by the platform against the tool's JWKS
    assert (item["type"], item["url"]) == ("ltiResourceLink", lms.base + "/lti/launch")
    assert item["custom"]["rummy_quiz"].startswith("builtin:basic~")
    with i18n.language("en"):
        assert item["title"] == Quiz.builtin("basic").title
        assert item["title"] in page.inner_text("body")
    assert item["lineItem"]["scoreMaximum"] == len(Quiz.builtin("basic"))
    context.close()
    import requests
    session = requests.Session()           # a student cannot add anything to the course
    refused = post_launch(session, platform_form(session, lms, "ada", "deeplink"))
    assert refused.status_code == 403 and refused_code(refused) == "lti_refused_not_teacher"


@pytest.mark.server
def test_a_score_waiting_for_a_down_lms_is_sent_by_the_class_started_again(lms, tmp_path):
    """The outbox is in the database: a score the LMS did not take waits out its retry time,
    and a new server process over the same database (a restart) sends it."""
    from datetime import datetime, timedelta, timezone

    from lti_platform import LINEITEM

    from rummy_teach.classroom.desk import QuizDesk
    from rummy_teach.classroom.ltisend import GradeSender
    from rummy_teach.quiz import Quiz

    settings = LtiSettings.from_file(str(lms.settings))
    short = Quiz(list(Quiz.builtin("basic"))[:2], title="two questions", name="two")
    config = {"quiz": "basic", "quiz_name": "two", "title": "T", "db": str(tmp_path / "r.db"),
              "session": "r", "token_sha256": "0" * 64, "attempts": 1, "shuffle": False}
    now = datetime.now(timezone.utc)
    desk = QuizDesk(config, quiz=short)
    student = desk.admit("lti-restart", "Rita Restart")
    desk.store().lti_link("r", "lti-restart", f"{lms.platform.url}/lineitems/{LINEITEM}",
                          "user-rita", lms.platform.issuer)
    sender = GradeSender(desk, settings, clock=lambda: now)
    desk.answer_listeners.append(sender.note)
    sitting = desk.sitting(student)
    question = sitting.quiz[sitting.current["id"]]
    lms.platform.down = True
    try:
        desk.answer(student, question.id, question.answer_input)
        assert sender.send_waiting() == 0
    finally:
        lms.platform.down = False
    desk.close()
    assert "user-rita" not in lms.platform.scores[LINEITEM]

    again = QuizDesk(config, quiz=short)            # the class started again
    early = GradeSender(again, settings, clock=lambda: now + timedelta(seconds=1))
    assert early.send_waiting() == 0                # not due yet: 5 s after the failure
    later = GradeSender(again, settings, clock=lambda: now + timedelta(seconds=6))
    assert later.send_waiting() == 1
    assert lms.platform.scores[LINEITEM]["user-rita"]["scoreGiven"] == 1
    assert lms.platform.score_posts["user-rita"] == 1
    again.close()
