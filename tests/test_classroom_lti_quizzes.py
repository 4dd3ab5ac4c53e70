"""LTI deep linking among quizzes: a teacher picks a built-in quiz or one of their files in the LMS.

The LMS is ``lti1p3platform`` on loopback (``tests/lti_platform.py``), which checks the tool's
signed deep-linking answer against the tool's JWKS and then, as an LMS does, puts each link in
the course with its own resource link id, its custom parameters and its own line item. The
class is a real ``rummy-teach classroom --lti ... --lti-quizzes DIR`` process.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("pylti1p3")
pytest.importorskip("lti1p3platform")

from browser import CLASSROOM_LOAD_MS, picture  # noqa: E402
from test_classroom_lti import (SESSION, Lms, platform_form, post_launch, refused_code,  # noqa: E402
                                wait_for)

from rummy_teach import i18n  # noqa: E402
from rummy_teach.classroom import open_store  # noqa: E402
from rummy_teach.classroom.grades import points_of  # noqa: E402
from rummy_teach.classroom.lti import student_key  # noqa: E402
from rummy_teach.classroom.ltiquizzes import (QuizRefused, offered, quiz_key, resolve,  # noqa: E402
                                              signed)
from rummy_teach.quiz import Quiz  # noqa: E402
from rummy_teach.reasons import say  # noqa: E402

SAMPLES = Path(__file__).resolve().parent.parent / "rummy_teach" / "quiz" / "samples"
CUSTOM = "https://purl.imsglobal.org/spec/lti/claim/custom"


def points(quiz) -> int:
    return sum(points_of(question) for question in quiz)


def tampered(signed_text: str) -> str:
    """``signed_text`` with its last hex digit changed, so the change is never a no-op."""
    return signed_text[:-1] + ("1" if signed_text[-1] == "0" else "0")


def quiz_folder(home: Path) -> Path:
    """A teacher's folder: two good quiz files and one that is no quiz."""
    folder = home / "quizzes"
    folder.mkdir()
    shutil.copy(SAMPLES / "first-week.json", folder / "first-week.json")
    shutil.copy(SAMPLES / "house-rules-contract.json", folder / "house-rules.json")
    (folder / "broken.json").write_text('{"format": "rummy-teach-quiz/1", "questions": [}',
                                        encoding="utf-8")
    return folder


# --- the ids, without a server -------------------------------------------------------------
def test_a_quiz_id_names_its_quiz_and_is_refused_when_forged_changed_or_gone(tmp_path):
    folder = quiz_folder(tmp_path)
    key, other = quiz_key("the tool's key"), quiz_key("another key")
    choices = {c.file_name or c.source: c for c in offered(str(folder))}
    assert {"basic", "500", "contract", "diagnostic", "first-week.json", "house-rules.json",
            "broken.json"} <= set(choices)
    assert choices["broken.json"].quiz is None and choices["broken.json"].problem is not None
    week = choices["first-week.json"]
    assert resolve(signed(week.quiz_id, key), str(folder), key).quiz_id == week.quiz_id
    assert resolve(signed("builtin:500", key), str(folder), key).source == "500"

    def refusal(value):
        with pytest.raises(QuizRefused) as refused:
            resolve(value, str(folder), key)
        return refused.value.code
    assert refusal(None) == refusal("") == refusal("basic") == "lti_refused_quiz_unknown"
    assert refusal(signed("builtin:basic", other)) == "lti_refused_quiz_forged"
    assert refusal(tampered(signed(week.quiz_id, key))) == "lti_refused_quiz_forged"
    assert refusal(signed("builtin:500", key).replace("500", "basic")) == "lti_refused_quiz_forged"
    assert refusal(signed("builtin:poker", key)) == "lti_refused_quiz_gone"
    assert refusal(signed("other:x", key)) == "lti_refused_quiz_unknown"
    assert refusal(signed(choices["broken.json"].quiz_id, key)) == "lti_refused_quiz_gone"
    assert refusal(signed("file:../lti.json:0", key)) == "lti_refused_quiz_gone"
    text = (folder / "first-week.json").read_text(encoding="utf-8")
    (folder / "first-week.json").write_text(text.replace("First week", "First weeks"),
                                            encoding="utf-8")
    assert refusal(signed(week.quiz_id, key)) == "lti_refused_quiz_changed"
    (folder / "first-week.json").unlink()
    assert refusal(signed(week.quiz_id, key)) == "lti_refused_quiz_gone"


def test_the_quiz_folder_is_checked_when_the_class_starts(tmp_path):
    import argparse

    from rummy_teach.classroom.config import ClassroomConfig, ClassroomError
    from rummy_teach.classroom.server import lti_quizzes
    assert lti_quizzes(argparse.Namespace(lti_quizzes=None)) is None
    folder = quiz_folder(tmp_path)
    assert lti_quizzes(argparse.Namespace(lti_quizzes=str(folder))) == str(folder.resolve())
    with pytest.raises(ClassroomError) as refused:
        lti_quizzes(argparse.Namespace(lti_quizzes=str(tmp_path / "nowhere")))
    assert "nowhere" in str(refused.value) and "--lti-quizzes" in str(refused.value)
    with pytest.raises(ClassroomError):   # a file is no folder
        lti_quizzes(argparse.Namespace(lti_quizzes=str(folder / "first-week.json")))
    settings = {"quiz": "basic", "quiz_name": "basic", "db": "x.db", "session": "s",
                "token_sha256": "0" * 64, "lti_quizzes": str(folder)}
    config = ClassroomConfig.from_dict(settings)
    assert ClassroomConfig.from_dict(config.to_dict()).lti_quizzes == str(folder)
    del settings["lti_quizzes"]                 # a run folder written before: no folder
    assert ClassroomConfig.from_dict(settings).lti_quizzes is None


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_the_quiz_refusals_and_the_picker_are_said_in_each_language(lang):
    codes = ["lti_refused_quiz_unknown", "lti_refused_quiz_forged", "lti_refused_quiz_gone",
             "lti_refused_quiz_changed", "lti_pick_title", "lti_pick_builtin", "lti_pick_files",
             "lti_pick_no_files", "lti_pick_no_folder", "lti_pick_bad_heading", "lti_pick_none",
             "lti_quiz_file_bad"]
    with i18n.language("en"):
        english = {code: say(code) for code in codes}
    with i18n.language(lang):
        said = {code: say(code) for code in codes}
        one, many = say("lti_pick_quiz", title="Q", points=1), say("lti_pick_quiz", title="Q",
                                                                   points=32)
    assert len(set(said.values())) == len(codes)
    assert one != many and "32" in many and "1" not in one.replace("Q", "")
    if lang != "en":
        assert all(said[code] != english[code] for code in codes)


def test_a_results_database_made_before_papers_opens_and_takes_a_paper(tmp_path):
    """``tests/data/lti-class-before-papers.db`` was made by main's code before papers (see
    ``tests/data/make_lti_class_before_papers.py``): it opens, its class is as it was, and a
    paper is one more session in it (the schema is unchanged: no migration)."""
    import dataclasses
    import sqlite3

    from rummy_teach.classroom.config import as_config
    from rummy_teach.classroom.desk import QuizDesk
    from rummy_teach.classroom.ltipapers import paper_session
    from rummy_teach.classroom.ltisend import GradeSender

    db = tmp_path / "results.db"
    shutil.copy(Path(__file__).parent / "data" / "lti-class-before-papers.db", db)
    with sqlite3.connect(str(db)) as raw:
        version = raw.execute("SELECT value FROM rummy_meta WHERE name = 'schema_version'"
                              ).fetchone()
        before = raw.execute("SELECT * FROM rummy_lti_grades").fetchall()
    config = as_config({"quiz": "basic", "quiz_name": "basic", "title": "quiz_title_basic",
                        "db": str(db), "session": "lti-class", "token_sha256": "0" * 64,
                        "attempts": 1, "shuffle": False})
    desk = QuizDesk(config)
    ada = desk.student_by_id("lti-" + "a" * 40)
    assert ada is not None and ada.name == "Ada Lovelace"
    kept = desk.sitting(ada)
    assert (kept.score()["right"], kept.score()["questions"], kept.position) == (1, 32, 1)
    five = Quiz.builtin("500")
    paper = dataclasses.replace(config, session=paper_session("lti-class", "f" * 20),
                                quiz="500", quiz_name="builtin:500")
    room = QuizDesk(paper, quiz=five, store=desk.store())
    again = room.admit(ada.student_id, ada.name)          # the same person, a paper of their own
    room.store().lti_link(paper.session, again.student_id, "https://lms.example/lineitems/dl-0",
                          "user-ada", "https://lms.example")
    sender = GradeSender(room, settings=None)
    room.answer_listeners.append(sender.note)
    sitting = room.sitting(again)
    question = sitting.quiz[sitting.current["id"]]
    room.answer(again, question.id, question.answer_input)
    store = desk.store()
    assert [a.quiz for a in store.answers(session=paper.session)] == ["builtin:500"]
    assert [a.quiz for a in store.answers(session="lti-class")] == ["basic"]
    assert store.lti_sessions_waiting() == sorted(["lti-class", paper.session])
    assert store.lti_grades(paper.session)[0]["max_points"] == points(five)
    desk.close()
    with sqlite3.connect(str(db)) as raw:
        assert raw.execute("SELECT value FROM rummy_meta WHERE name = 'schema_version'"
                           ).fetchone() == version
        assert raw.execute("SELECT * FROM rummy_lti_grades WHERE session_id = 'lti-class'"
                           ).fetchall() == before


# --- a real class, two links in one course -----------------------------------------------
@pytest.fixture(scope="module")
def lms(tmp_path_factory):
    home = tmp_path_factory.mktemp("lti-quizzes")
    found = Lms(home, extra=("--lti-quizzes", str(quiz_folder(home))))
    found.folder = home / "quizzes"
    yield found
    found.stop()


def deep_link(session, lms, quiz_id: str | None):
    """A teacher's deep-linking launch, the picker's page, and the choice sent back."""
    picker = post_launch(session, platform_form(session, lms, "grace", "deeplink"))
    assert picker.status_code == 200, picker.text[:300]
    launch = re.search(r'name="launch" value="([^"]+)"', picker.text).group(1)
    data = {"launch": launch} if quiz_id is None else {"launch": launch, "quiz": quiz_id}
    sent = session.post(lms.base + "/lti/deeplink", data=data, timeout=60)
    return picker, sent


def follow_to_lms(session, answer):
    """The tool's self-posting form to the platform's deep-linking return."""
    action = re.search(r'action="([^"]+)"', answer.text).group(1)
    token = re.search(r'name="JWT" value="([^"]+)"', answer.text).group(1)
    return session.post(action, data={"JWT": token}, timeout=60)


def answer_first(session, page_text: str, address: str):
    """The shown question answered with its first option (or a meld's cards)."""
    question = re.search(r'name="question" value="([^"]+)"', page_text).group(1)
    tried = re.search(r'name="try" value="([^"]*)"', page_text)
    choice = re.search(r'name="choice" value="([^"]+)"', page_text)
    form = {"question": question, "try": tried.group(1) if tried else "0"}
    if choice:
        form["choice"] = choice.group(1)
    else:
        form["text"] = "8S 8H 8D"
    reply = session.post(address, data=form, timeout=60)
    assert reply.status_code == 200, reply.text[:300]
    return reply


@pytest.mark.server
def test_two_links_in_one_course_each_its_quiz_its_students_and_its_grade_column(lms):
    import requests
    from html import unescape
    teacher = requests.Session()
    picker, sent = deep_link(teacher, lms, "builtin:contract")
    page = unescape(picker.text)
    with i18n.language("en"):   # every quiz listed; the broken file with why, and no radio
        for name in ("basic", "500", "contract", "diagnostic"):
            assert f'value="builtin:{name}"' in picker.text
            assert Quiz.builtin(name).title in page
        assert "(file first-week.json)" in page and "(file house-rules.json)" in page
        bad = re.search(r'<li class="rt-pick-bad">([^<]*)</li>', page).group(1)
        assert bad.startswith("broken.json: ") and "JSON" in bad   # the file's own mistake
        assert str(lms.folder) not in page and bad.count("broken.json") == 1
    assert not re.search(r'value="file:broken\.json', picker.text)
    week = next(m for m in re.findall(r'value="(file:first-week\.json:[0-9a-f]+)"', picker.text))
    assert sent.status_code == 200
    follow_to_lms(teacher, sent)
    _, sent = deep_link(teacher, lms, week)
    follow_to_lms(teacher, sent)
    contract_link, week_link = lms.platform.links[-2:]
    n_contract = len(lms.platform.links) - 2
    contract, first_week = Quiz.builtin("contract"), Quiz.from_file(lms.folder / "first-week.json")
    assert contract_link["lineItem"]["scoreMaximum"] == points(contract)
    assert week_link["lineItem"]["scoreMaximum"] == points(first_week) != points(contract)
    assert contract_link["url"] == week_link["url"] == lms.base + "/lti/launch"
    assert contract_link["custom"]["rummy_quiz"].startswith("builtin:contract~")
    assert week_link["custom"]["rummy_quiz"].startswith(week + "~")

    # Ada launches each link: each lands on its own quiz, answers, and the grade goes to
    # that link's own line item in the LMS
    ada, ada_id = requests.Session(), student_key(lms.platform.issuer, "user-ada")
    landed = {}
    for number, quiz in ((n_contract, contract), (n_contract + 1, first_week)):
        response = ada.get(lms.platform.launch_address("ada", link=number), timeout=60)
        form = dict(re.findall(r'name="(id_token|state)" value="([^"]*)"', response.text))
        form["action"] = re.search(r'action="([^"]*)"', response.text).group(1)
        moved = post_launch(ada, form)
        assert moved.status_code == 303, moved.text[:300]
        where = moved.headers["Location"]
        assert re.fullmatch(r"/lti/p/[0-9a-f]{20}/quiz\?lang=en", where)
        shown = ada.get(lms.base + where, timeout=60)
        assert "Ada Lovelace" in shown.text and 'name="name"' not in shown.text
        with i18n.language("en"):
            assert quiz.title in unescape(shown.text)
        answer_first(ada, shown.text, lms.base + where.split("?")[0] + "/answer")
        landed[number] = where.split("/quiz")[0]
    assert landed[n_contract] != landed[n_contract + 1]
    for number, quiz in ((n_contract, contract), (n_contract + 1, first_week)):
        item = f"dl-item-{number}"
        given = wait_for(lambda: lms.platform.scores[item].get("user-ada"), f"Ada's grade on {item}")
        paper = SESSION + "~" + landed[number].rsplit("/", 1)[1]
        with open_store(str(lms.db), create=False) as store:
            answers = store.answers(session=paper, student_id=ada_id)
        assert len(answers) == 1 and answers[0].quiz.startswith(
            "builtin:contract" if quiz is contract else "file:first-week.json:")
        right = points_of(quiz[answers[0].question_id]) if answers[0].outcome == "right" else 0
        assert (given["scoreGiven"], given["scoreMaximum"]) == (right, points(quiz))
    # the class's own quiz and session are untouched by the links' answers
    with open_store(str(lms.db), create=False) as store:
        assert not store.answers(session=SESSION, student_id=ada_id)

    # the teacher launched from the file quiz's link sees that link's dashboard: Ada there
    grace = requests.Session()
    response = grace.get(lms.platform.launch_address("grace", link=n_contract + 1), timeout=60)
    form = dict(re.findall(r'name="(id_token|state)" value="([^"]*)"', response.text))
    form["action"] = re.search(r'action="([^"]*)"', response.text).group(1)
    moved = post_launch(grace, form)
    assert moved.headers["Location"] == landed[n_contract + 1] + "/teacher/dashboard"
    dashboard = grace.get(lms.base + moved.headers["Location"], timeout=60)
    assert dashboard.status_code == 200 and "Ada Lovelace" in dashboard.text
    # every link of the link's teacher pages leads somewhere (no list of every session, no
    # card tables: they are the class's, not this quiz's)
    nav = re.search(r'<nav class="rt-teacher">(.*?)</nav>', dashboard.text, re.S).group(1)
    hrefs = [unescape(h) for h in re.findall(r'href="([^"]*)"', nav)]
    assert len(hrefs) >= 5 and not [h for h in hrefs if "/sessions" in h or "/tables" in h], hrefs
    for href in hrefs:
        assert grace.get(lms.base + href, timeout=60).status_code == 200, href
    report = grace.get(lms.base + landed[n_contract + 1] + "/teacher/report", timeout=60)
    with i18n.language("en"):
        assert first_week.title in unescape(report.text)
    grades = grace.get(lms.base + landed[n_contract + 1] + "/lti/grades", timeout=60)
    assert grades.status_code == 200 and "Ada Lovelace" in grades.text
    # ... and not another link's pages, another session, nor the class's own
    assert grace.get(lms.base + landed[n_contract] + "/teacher/dashboard",
                     timeout=60).status_code == 403
    other = grace.get(lms.base + landed[n_contract + 1] + "/teacher/dashboard",
                      params={"session": SESSION}, timeout=60, allow_redirects=False)
    assert other.status_code in (302, 303) and "session" not in other.headers["Location"]
    assert grace.get(lms.base + "/teacher/dashboard", timeout=60).status_code == 403


@pytest.mark.server
def test_a_link_naming_no_quiz_a_forged_one_or_a_changed_file_is_refused(lms):
    import requests
    teacher = requests.Session()
    house = re.search(r'value="(file:house-rules\.json:[0-9a-f]+)"',
                      deep_link(teacher, lms, None)[0].text).group(1)
    _, nothing_picked = deep_link(teacher, lms, None)
    assert nothing_picked.status_code == 400 and 'role="alert"' in nothing_picked.text
    _, forged_pick = deep_link(teacher, lms, "file:../lti.json:0")
    assert forged_pick.status_code == 400
    _, sent = deep_link(teacher, lms, house)
    follow_to_lms(teacher, sent)
    number = len(lms.platform.links) - 1
    good = dict(lms.platform.links[number]["custom"])
    before = len(lms.platform.links)

    def launch(user, custom, lang_user=None):
        lms.platform.links[number]["custom"] = custom
        session = requests.Session()
        response = session.get(lms.platform.launch_address(user, link=number), timeout=60)
        form = dict(re.findall(r'name="(id_token|state)" value="([^"]*)"', response.text))
        form["action"] = re.search(r'action="([^"]*)"', response.text).group(1)
        return post_launch(session, form)

    def stored():
        """Every row of the class's people, answers and grades, whatever their session."""
        import sqlite3
        with sqlite3.connect(str(lms.db)) as db:
            return [db.execute(f"SELECT COUNT(*), COUNT(DISTINCT session_id) FROM {table}"
                               ).fetchone()
                    for table in ("rummy_students", "rummy_answers", "rummy_lti_grades")]
    sessions_before = stored()
    mark = good["rummy_quiz"].rsplit("~", 1)[1]
    for custom, code in (({"rummy_quiz": "contract"}, "lti_refused_quiz_unknown"),
                         ({"rummy_quiz": ""}, "lti_refused_quiz_unknown"),
                         ({"rummy_quiz": "builtin:basic~" + mark}, "lti_refused_quiz_forged")):
        refused = launch("ada", custom)
        assert refused.status_code == 404 and refused_code(refused) == code, refused.text[:300]
        with i18n.language("en"):
            assert say(code) in refused.text.replace("&#x27;", "'")
        assert f"LTI launch refused ({code})" in lms.server.output()
    # the file changed after the link was made: refused, in the launch's language
    path = lms.folder / "house-rules.json"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"title": "', '"title": "New: ', 1), encoding="utf-8")
    try:
        for user, lang in (("ada", "en"), ("maria", "it"), ("jan", "nl")):
            refused = launch(user, good)
            assert refused_code(refused) == "lti_refused_quiz_changed"
            assert f'<html lang="{lang}"' in refused.text
            with i18n.language(lang):
                assert say("lti_refused_quiz_changed") in refused.text.replace("&#x27;", "'")
        path.unlink()
        assert refused_code(launch("ada", good)) == "lti_refused_quiz_gone"
    finally:
        path.write_text(text, encoding="utf-8")
    assert stored() == sessions_before          # nothing stored by any refusal
    assert len(lms.platform.links) == before
    log = lms.server.output()
    assert good["rummy_quiz"] not in log and lms.private_key.splitlines()[1] not in log
    landed = launch("ada", good)                 # the file back as it was: the link works
    assert landed.status_code == 303 and "/lti/p/" in landed.headers["Location"]
    lms.platform.links[number]["custom"] = good


def launch_link(session, lms, user: str, number: int):
    response = session.get(lms.platform.launch_address(user, link=number), timeout=60)
    form = dict(re.findall(r'name="(id_token|state)" value="([^"]*)"', response.text))
    form["action"] = re.search(r'action="([^"]*)"', response.text).group(1)
    return post_launch(session, form)


@pytest.mark.server
def test_after_a_restart_a_paper_opens_from_its_launch_and_its_waiting_grade_goes(lms):
    import requests
    teacher = requests.Session()
    _, sent = deep_link(teacher, lms, "builtin:500")
    follow_to_lms(teacher, sent)
    number = len(lms.platform.links) - 1
    jan, jan_id = requests.Session(), student_key(lms.platform.issuer, "user-jan")
    landed = launch_link(jan, lms, "jan", number).headers["Location"]
    home = lms.base + landed.split("/quiz")[0]
    paper = SESSION + "~" + home.rsplit("/", 1)[1]
    lms.platform.down = True                    # the LMS away while Jan answers
    try:
        answer_first(jan, jan.get(lms.base + landed, timeout=60).text, home + "/quiz/answer")

        def outbox():
            with open_store(str(lms.db), create=False) as store:
                return store.lti_grades(paper, jan_id)[0]
        wait_for(lambda: outbox()["tries"] >= 1, "a failed send of Jan's grade")
        lms.server.stop()
    finally:
        lms.platform.down = False
    lms.server.start()                          # nobody opens the paper: its grade goes anyway
    item = f"dl-item-{number}"
    given = wait_for(lambda: lms.platform.scores[item].get("user-jan"), "Jan's waiting grade")
    assert given["scoreMaximum"] == points(Quiz.builtin("500"))
    assert wait_for(lambda: outbox()["sent_stamp"] == outbox()["stamp"], "marked sent")
    # Jan's page opens again from the launch's cookie, on the same paper, in Dutch
    again = jan.get(home + "/quiz", timeout=60)
    assert again.status_code == 200 and "Jan de Vries" in again.text
    assert '<html lang="nl"' in again.text
    stranger = requests.get(home + "/quiz", timeout=60)
    assert stranger.status_code == 403 and refused_code(stranger) == "lti_open_from_course"
    cookie = next(c for c in jan.cookies if c.name.startswith("rummy_lti_"))
    forged = requests.get(home + "/quiz", cookies={cookie.name: tampered(cookie.value)},
                          timeout=60)
    assert forged.status_code == 403
    elsewhere = requests.get(lms.base + "/lti/p/" + "0" * 20 + "/quiz",
                             cookies={cookie.name: cookie.value}, timeout=60)
    assert elsewhere.status_code == 403          # a paper's cookie opens that paper only


@pytest.mark.browser
def test_in_chromium_a_teacher_picks_a_file_quiz_by_keyboard_on_a_phone(lms, chromium):
    phone = chromium.new_context(viewport={"width": 390, "height": 844})
    page = phone.new_page()
    page.goto(lms.platform.launch_address("grace", "deeplink"), timeout=CLASSROOM_LOAD_MS)
    with i18n.language("en"):
        title = say("lti_pick_title")
        page.get_by_role("heading", name=title).wait_for(timeout=CLASSROOM_LOAD_MS)
        wanted = say("lti_pick_file_quiz", quiz=say(
            "lti_pick_quiz", title=Quiz.from_file(lms.folder / "first-week.json").title,
            points=points(Quiz.from_file(lms.folder / "first-week.json"))),
            file="first-week.json")
    picture(page, "lti-pick-phone", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390   # no sideways scroll
    before = len(lms.platform.links)
    # Tab to the radio group, arrow keys to the file quiz, Tab to the button, Enter
    page.keyboard.press("Tab")
    radios = page.get_by_role("radio")
    for _ in range(radios.count() + 2):
        focused = page.evaluate("document.activeElement.type")
        if focused == "radio":
            break
        page.keyboard.press("Tab")
    target = page.get_by_role("radio", name=wanted)
    for _ in range(radios.count()):
        if target.is_checked():
            break
        page.keyboard.press("ArrowDown")
    assert target.is_checked()
    box = target.bounding_box()
    assert box and box["width"] >= 12 and 0 <= box["x"] <= 390
    while page.evaluate("document.activeElement.tagName") != "BUTTON":
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.get_by_text("Added to the course").wait_for(timeout=CLASSROOM_LOAD_MS)
    item = lms.platform.links[before]
    assert item["custom"]["rummy_quiz"].startswith("file:first-week.json:")
    assert item["lineItem"]["scoreMaximum"] == points(Quiz.from_file(lms.folder / "first-week.json"))
    phone.close()
