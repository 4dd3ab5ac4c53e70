"""``rummy-teach classroom``: Voilà serving the quiz to a class, and the teacher's report.

What the command does:

1. loads the quiz (a built-in name or a teacher's file) so a bad file stops here;
2. opens (creates) the results database: ``--db``, else ``<quiz>-results.db`` next
   to the quiz file, else ``rummy-results.db`` in the current directory;
3. writes a private run folder (0700): ``<run>/config.json`` (the class's
   :class:`~rummy_teach.classroom.config.ClassroomConfig`: quiz, database, session,
   join code, the token's SHA-256), ``<run>/secret.json`` (the token, so a restart
   prints the same link) and, with ``--notebook LESSON``, ``<run>/pages/lesson.ipynb``
   (:mod:`~rummy_teach.classroom.lesson`). Started again with the same ``--run-dir``,
   it resumes the same class: session, token, join code;
4. checks the port is free (a busy port is an error, never a silent move) and prints
   the students' address with the join code and the teacher's addresses;
5. runs Voilà on ``<run>/pages`` only, through :class:`ClassroomVoila`, which
   answers 404 for every address but the classroom's pages and what they need (no
   tree, no contents API, no files, no other notebook). The students' quiz is served
   and judged by this process itself, with no kernel per student
   (:mod:`~rummy_teach.classroom.quizpage`). With ``--notebook LESSON`` the students
   join there as ever and then get the teacher's lesson, Voilà's page of it, with
   sources stripped, tracebacks hidden, a pool of preheated kernels and idle kernels
   culled. Kernels are budgeted (students + pool, see
   :mod:`~rummy_teach.classroom.kernels`): the lesson page starts one only for a
   student who joined and while the budget allows, else it answers with a page
   saying why; the teacher's pages are rendered by the server itself
   (:mod:`~rummy_teach.classroom.teacher`) and start no kernel at all. Its HTTP server
   holds each client to limits (:mod:`~rummy_teach.classroom.limits`: body size, idle
   time, connections per address), and its access log never shows the token.

The token and the database may come from a file or the environment instead of the
command line (:mod:`~rummy_teach.classroom.keys`), where ``ps`` would show them.

Students cannot run code: Voilà's kernel websocket only lets widget (comm) and
kernel-info messages through to the kernel.

Importing this module needs only the standard library (the CLI imports it);
Voilà is imported when the server starts.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import secrets
import socket
import sys
import tempfile
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote

from ..errors import RummyError
from ..reasons import Reason, say
from .config import (MAX_ATTEMPTS, MAX_STUDENTS, ROSTER_LIMIT, ClassroomConfig, ClassroomError,  # noqa: F401
                     as_config)

HELP = "serve a quiz to a class with Voilà, record every answer, and a teacher's report page"
REPORT_PAGE = "report.ipynb"   # the report's address of earlier versions (teacher.py serves it)
DEFAULT_PORT = 8866
DEFAULT_STUDENTS = 30
DEFAULT_IDLE_MINUTES = 2
DEFAULT_REFILL_SECONDS = 60.0
DEFAULT_ATTEMPTS = 1
JOIN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L to misread
PER_ADDRESS = 64  # open connections from one address (rummy_teach.classroom.limits)
IDLE_SECONDS = 30  # a connection sending no request this long is closed (the same)

def _number(kind, low, high, what):
    """An argparse type: a number of ``kind`` between ``low`` and ``high`` (None: no bound)."""
    def parse(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a {what}") from None
        if (kind is float and not math.isfinite(value)) or (low is not None and value < low) \
                or (high is not None and value > high):
            bounds = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise argparse.ArgumentTypeError(f"{text!r} is out of range; give {bounds}")
        return value
    return parse


def _language(value: str) -> str:
    """``--lang``: a language rummy_teach speaks (it, nl, en, or a locale like it_IT.UTF-8)."""
    from .. import i18n
    try:
        return i18n.resolve_language(value)
    except RummyError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def configure_classroom(parser):
    from .. import i18n
    from ..reasons import say
    parser.add_argument("--lang", type=_language, default=None, metavar="|".join(i18n.LANGUAGES),
                        help=say("class_lang_help", languages=", ".join(i18n.LANGUAGES)))
    parser.add_argument("--quiz", default="basic", metavar="NAME|FILE",
                        help="a built-in quiz (basic, 500, contract) or a quiz file (default basic)")
    parser.add_argument("--port", type=_number(int, 1, 65535, "port number"), default=DEFAULT_PORT,
                        help=f"default {DEFAULT_PORT}; a busy port is an error")
    parser.add_argument("--host", default="0.0.0.0",
                        help="address to listen on (default 0.0.0.0: every network interface; "
                             "127.0.0.1 for this machine only)")
    parser.add_argument("--students", type=_number(int, 1, MAX_STUDENTS, "number of students"),
                        default=DEFAULT_STUDENTS,
                        help=f"with --notebook: how many students at once (1-{MAX_STUDENTS}); with "
                             f"the pool, the most kernels ever started (default {DEFAULT_STUDENTS})")
    parser.add_argument("--notebook", metavar="LESSON",
                        help="serve this lesson (a .ipynb, or a MyST .md like tutorials/*.md) to "
                             "the students who join, each in their own Voila kernel (about 60 MB "
                             "a student), its quizzes' answers kept with the class's; --pool, "
                             "--refill-seconds and --idle-minutes are for this mode")
    parser.add_argument("--pool", type=_number(int, 0, MAX_STUDENTS, "number of kernels"),
                        default=None, help="with --notebook: preheated kernels kept ready "
                                           "(default: one per student); 0 turns preheating off")
    parser.add_argument("--refill-seconds", type=_number(float, 0, 3600, "number of seconds"),
                        default=DEFAULT_REFILL_SECONDS,
                        help="wait this long before replacing a used pool kernel (default "
                             f"{DEFAULT_REFILL_SECONDS:g}: a class arriving at once is not slowed "
                             "down by the refill)")
    db = parser.add_mutually_exclusive_group()
    db.add_argument("--db", metavar="PATH_OR_URL",
                    help="results database (default: <quiz>-results.db next to the quiz file, "
                         "or rummy-results.db here for a built-in quiz); a URL with a password "
                         "is better given with --db-file or $RUMMY_TEACH_DB (ps shows options)")
    db.add_argument("--db-file", metavar="FILE",
                    help="a file whose first line is the results database (instead of --db; "
                         "else $RUMMY_TEACH_DB)")
    token = parser.add_mutually_exclusive_group()
    token.add_argument("--token", help="the teacher's report token, at least 16 characters "
                                       "(default: a random one, kept in the run folder); "
                                       "better given with --token-file or $RUMMY_TEACH_TOKEN")
    token.add_argument("--token-file", metavar="FILE",
                       help="a file whose first line is the teacher's token (instead of --token; "
                            "else $RUMMY_TEACH_TOKEN)")
    parser.add_argument("--session", help="name of this class session (default: the date and "
                                          "time; kept in the run folder)")
    parser.add_argument("--join-code", help="the code students type to join (default: a random "
                                            "one, kept in the run folder)")
    parser.add_argument("--title", help="title shown to the students (default: the quiz's title)")
    parser.add_argument("--attempts", type=_number(int, 1, MAX_ATTEMPTS, "number of attempts"),
                        default=DEFAULT_ATTEMPTS,
                        help="answers allowed per question (default 1: one honest attempt); the "
                             "right answer is shown only when no try is left")
    parser.add_argument("--practice", action="store_true",
                        help=f"practice mode: up to {MAX_ATTEMPTS} tries per question, the answer "
                             "shown once right or out of tries")
    parser.add_argument("--roster", metavar="FILE",
                        help="a text file with one student name a line: students pick their name")
    parser.add_argument("--same-order", action="store_true",
                        help="every student gets the questions and answers in the quiz's order "
                             "(default: shuffled per student)")
    parser.add_argument("--variants", action="store_true",
                        help="give each student other cards for the questions whose rule does "
                             "not depend on them (points, score, arrange)")
    parser.add_argument("--user-header", metavar="NAME",
                        help="an HTTP header set by an authenticating proxy (e.g. JupyterHub's) "
                             "that names the student; only behind such a proxy")
    parser.add_argument("--base-url", metavar="PREFIX",
                        help="serve every page under this URL prefix (default: the hub's "
                             "JUPYTERHUB_SERVICE_PREFIX when run as a hub service, else /)")
    parser.add_argument("--teachers-group", metavar="GROUP",
                        help="run as a JupyterHub service: students log in through the hub (the "
                             "hub user is the student, no join code, no name to type) and the "
                             "teacher's pages are for members of this hub group, with no token")
    parser.add_argument("--lti", metavar="FILE",
                        help="let a school's LMS launch the class (LTI 1.3): FILE is the "
                             "platform's registration of the tool (docs/deployment.md); "
                             "students arrive named by the LMS, its teachers on the dashboard")
    parser.add_argument("--lti-quizzes", metavar="DIR",
                        help="with --lti: a folder of quiz files the course's teachers may pick "
                             "from inside the LMS, besides the built-in quizzes (deep linking)")
    parser.add_argument("--idle-minutes", type=_number(int, 1, 24 * 60, "number of minutes"),
                        default=DEFAULT_IDLE_MINUTES,
                        help="stop a kernel whose page was closed this long ago (default "
                             f"{DEFAULT_IDLE_MINUTES}; the student's answers are kept and a reload "
                             "resumes)")
    parser.add_argument("--connections-per-address",
                        type=_number(int, 0, 100_000, "number of connections"), default=None,
                        metavar="N",
                        help="open connections one address may hold at once (default "
                             f"{PER_ADDRESS}; 0: no cap, the default behind --teachers-group or "
                             "--user-header, where every student comes through the proxy)")
    parser.add_argument("--connection-idle-seconds",
                        type=_number(int, 1, 3600, "number of seconds"), default=IDLE_SECONDS,
                        metavar="S",
                        help="close a connection that sends no request for this many seconds "
                             f"(default {IDLE_SECONDS})")
    parser.add_argument("--run-dir", help="folder for the generated pages and config; give the "
                        "same folder again to resume the class (default: a new temporary folder)")
    parser.add_argument("--no-serve", action="store_true",
                        help="only write the pages and the config and say how to serve them "
                             "(e.g. on JupyterHub: see docs/deployment.md)")
    parser.set_defaults(func=cmd_classroom)


def base_url(args) -> str:
    """The URL prefix, '/' or '/services/classroom/' (always starting and ending with /)."""
    given = getattr(args, "base_url", None) or os.environ.get("JUPYTERHUB_SERVICE_PREFIX") or "/"
    return "/" + "/".join(part for part in given.split("/") if part) + ("/" if given.strip("/") else "")


def default_db(quiz_arg: str, is_file: bool) -> Path:
    if is_file:
        path = Path(quiz_arg).resolve()
        return path.with_name(f"{path.stem}-results.db")
    return Path.cwd() / "rummy-results.db"


def db_url(value: str) -> str:
    """Plain paths become absolute (kernels run in another folder); URLs are kept. What is no
    database (``postgresql:u:pw@host`` without ``//``, a libpq keyword string) is refused
    here, before it could become a file named after it."""
    from .store import parse_url
    parse_url(value)
    if "://" in value:
        return value
    return str(Path(value).expanduser().resolve())


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(6))


def check_join_code(code: str) -> str:
    """A teacher's ``--join-code`` as students will type it (upper case, no spaces): 4 to
    12 letters A-Z and digits, the most the join form takes; else ClassroomError."""
    from .gate import join_code_key
    key = join_code_key(code)
    if not (4 <= len(key) <= 12 and key.isascii() and key.isalnum()):
        raise ClassroomError(Reason("class_error_join_code", {"code": repr(code)}))
    return key


def read_roster(path: str) -> list[str]:
    """The names of a roster file (one a line, blank lines and # comments skipped)."""
    from .store import safe_text
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise ClassroomError(Reason("class_error_roster_unreadable", {
            "path": path, "error": getattr(error, "strerror", None) or error})) from None
    names, seen = [], set()
    for line in text.splitlines():
        name = " ".join(safe_text(line).split())
        if not name or name.startswith("#"):
            continue
        if len(name) > 60:
            raise ClassroomError(Reason("class_error_roster_long_name",
                                        {"path": path, "start": repr(name[:20])}))
        if name.casefold() in seen:
            raise ClassroomError(Reason("class_error_roster_twice",
                                        {"path": path, "name": repr(name)}))
        seen.add(name.casefold())
        names.append(name)
    if not names or len(names) > ROSTER_LIMIT:
        raise ClassroomError(Reason("class_error_roster_count",
                                    {"path": path, "count": len(names), "limit": ROSTER_LIMIT}))
    return names


def _read_json(path: Path) -> dict:
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ClassroomError(Reason("class_error_run_dir", {"path": path, "error": error})) from None
    return data if isinstance(data, dict) else {}


def private_dir(path: Path) -> Path:
    """``path`` made (if needed) and closed to everyone but its owner (0700)."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(path, 0o700)
    return path


def write_private(path: Path, data: dict) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)
    os.chmod(path, 0o600)


def prepare(args) -> dict:
    """Check the quiz and the database, write the run folder; the settings to serve with.

    A run folder that holds a class already resumes it: its session, token and join
    code are kept unless given again on the command line.
    """
    from ..quiz import Quiz
    from ..quiz.banks import find_bank
    from .keys import DB_ENV, TOKEN_ENV, check_token, given_secret, token_digest
    from .store import mask_password, open_store

    quiz = Quiz.load(args.quiz)
    from .. import i18n
    lang = getattr(args, "lang", None) or i18n.language_from_environment()
    lesson = getattr(args, "notebook", None)
    if lesson:  # a bad lesson stops here, before anything is written
        from .lesson import read_lesson
        notebook = read_lesson(lesson, lang)
    roster = read_roster(args.roster) if getattr(args, "roster", None) else None
    is_file = not find_bank(args.quiz)
    given_db = given_secret(args.db, getattr(args, "db_file", None), "--db-file", DB_ENV,
                            ClassroomError)
    given_token = given_secret(args.token, getattr(args, "token_file", None), "--token-file",
                               TOKEN_ENV, ClassroomError)
    if given_token:
        check_token(given_token, ClassroomError)
    join_code = check_join_code(args.join_code) if getattr(args, "join_code", None) else None
    url = db_url(given_db) if given_db else str(default_db(args.quiz, is_file))
    # creates the tables now (a bad path fails before the class arrives), checks a SQLite
    # file for damage, and gives the store's identity, which the run folder keeps
    with open_store(url) as store:
        store_id = store.store_id
    run = Path(args.run_dir).resolve() if args.run_dir else Path(
        tempfile.mkdtemp(prefix="rummy-classroom-"))
    private_dir(run)
    pages = private_dir(run / "pages")
    earlier = _read_json(run / "config.json")
    secret = _read_json(run / "secret.json")
    resumed = bool(earlier.get("session"))
    token = given_token or secret.get("token") or secrets.token_urlsafe(18)
    session = args.session or earlier.get("session") or \
        datetime.now(timezone.utc).astimezone().strftime("%Y-%m-%d-%H%M")
    join_code = join_code or (
        earlier.get("join_code") if session == earlier.get("session") else None) or new_join_code()
    kept_id = earlier.get("store_id")
    if session == earlier.get("session") and earlier.get("db") == url and kept_id and \
            store_id != kept_id:  # deleted or replaced since: never "resume" over it
        raise ClassroomError(Reason("class_error_not_this_store", {
            "db": mask_password(url), "run": str(run)}))
    practice = bool(getattr(args, "practice", False))
    title = args.title or quiz.title_key
    attempts = MAX_ATTEMPTS if practice else getattr(args, "attempts", DEFAULT_ATTEMPTS)
    if lesson:
        from .lesson import LESSON_PAGE, lesson_notebook, lesson_title
        title = args.title or lesson_title(notebook, lesson)
        (pages / LESSON_PAGE).write_text(json.dumps(lesson_notebook(notebook, lang, attempts),
                                                    indent=1), encoding="utf-8")
        from .lesson import language_page, read_lesson
        for other in i18n.LANGUAGES:  # a student who chose another language gets the lesson in it
            if other != lang:
                (pages / language_page(other)).write_text(json.dumps(lesson_notebook(
                    read_lesson(lesson, other), other, attempts), indent=1), encoding="utf-8")
    settings = {"quiz": str(Path(args.quiz).resolve()) if is_file else args.quiz,
              "quiz_name": quiz.name or quiz.title, "title": title,
              "lang": lang,
              "db": url, "store_id": store_id, "session": session,
              "token_sha256": token_digest(token),
              "join_code": join_code,
              "projector_key": earlier.get("projector_key") or secrets.token_urlsafe(9),
              "attempts": attempts,
              "practice": practice, "shuffle": not getattr(args, "same_order", False),
              "variants": bool(getattr(args, "variants", False)),
              "roster": roster, "user_header": getattr(args, "user_header", None),
              "students": args.students, "base_url": base_url(args),
              "hub_teachers": getattr(args, "teachers_group", None),
              "lesson": LESSON_PAGE if lesson else None,
              "lti": lti_file(args), "lti_quizzes": lti_quizzes(args)}
    if settings["hub_teachers"]:
        from .hub import HUB_USER_HEADER
        settings["user_header"] = HUB_USER_HEADER
    given_cap = getattr(args, "connections_per_address", None)
    settings["connections_per_address"] = given_cap if given_cap is not None else (
        0 if settings["user_header"] else PER_ADDRESS)
    settings["connection_idle_seconds"] = getattr(args, "connection_idle_seconds", IDLE_SECONDS)
    config = ClassroomConfig.from_dict(settings)  # every value checked, once
    config_path = run / "config.json"
    write_private(config_path, config.to_dict())
    write_private(run / "secret.json", {"token": token})
    pool = args.students if args.pool is None else args.pool
    if not config.kernels:
        pool = 0  # no kernel per student: nothing to preheat
    return {"run": run, "pages": pages, "config_path": config_path, "config": config,
            "token": token, "pool": max(pool, 0), "quiz": quiz,
            "resumed": resumed and earlier.get("session") == session}


def lti_file(args) -> str | None:
    """``--lti FILE`` as an absolute path, its settings checked now (a mistake stops the
    command before anything is served), or None."""
    given = getattr(args, "lti", None)
    if not given:
        return None
    from .lti import LtiSettings
    path = str(Path(given).expanduser().resolve())
    LtiSettings.from_file(path)
    return path


def lti_quizzes(args) -> str | None:
    """``--lti-quizzes DIR`` as an absolute path, checked to be a folder it can list."""
    given = getattr(args, "lti_quizzes", None)
    if not given:
        return None
    path = Path(given).expanduser().resolve()
    try:
        os.listdir(path)
    except OSError as error:
        raise ClassroomError(Reason("class_error_lti_quizzes", {
            "path": str(path), "error": error.strerror or error})) from None
    return str(path)


def check_port_free(host: str, port: int) -> None:
    """ClassroomError if something listens on ``port`` already (Voilà would move away)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host or "0.0.0.0", port))
        except OSError as error:
            # ports as typed (8888, never "8,888"): numbers that name, not quantities
            raise ClassroomError(Reason("class_error_port_busy", {
                "port": str(port), "host": host, "error": error.strerror or error,
                "other": str(port + 1 if port < 65535 else 8866)})) from None


def public_host(host: str) -> str:
    if host not in ("0.0.0.0", "", "::"):
        return host
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "localhost"


def voila_argv(pages: Path, args, pool: int) -> list[str]:
    argv = [str(pages), "--no-browser", f"--port={args.port}", f"--Voila.ip={args.host}",
            f"--Voila.base_url={base_url(args)}",
            "--Voila.port_retries=0", "--strip_sources=True", "--show_tracebacks=False",
            "--theme=light",
            f"--MappingKernelManager.cull_idle_timeout={args.idle_minutes * 60}",
            "--MappingKernelManager.cull_interval=30"]
    if pool > 0:
        argv += ["--preheat_kernel=True", f"--pool_size={pool}"]
    return argv


def teacher_links(base: str, prepared: dict) -> dict:
    token = quote(prepared["token"], safe="")
    config = as_config(prepared["config"])
    return {"report": f"{base}/voila/render/{REPORT_PAGE}?token={token}",
            "dashboard": f"{base}/teacher/dashboard?token={token}",
            "projector": f"{base}/projector/{quote(config.projector_key, safe='')}",
            "join": f"{base}/?join={quote(config.join_code or '', safe='')}"}


def startup_message(prepared: dict, args) -> str:
    """What the teacher reads when the class starts, in the class's language (``--lang``)."""
    from .. import i18n
    from .messages import class_language, class_title
    from .store import mask_password
    base = f"http://{public_host(args.host)}:{args.port}{base_url(args).rstrip('/')}"
    config = prepared["config"]
    config = as_config(config)
    links = teacher_links(base, prepared)
    db = mask_password(config.db)
    projector = quote(config.projector_key, safe="")
    with i18n.language(class_language(config)):
        mode = (say("class_start_practice") if config.practice else
                say("class_start_attempts", n=config.attempts))
        if config.hub_teachers:  # behind the hub: its address, its logins, no token
            hub = os.environ.get("JUPYTERHUB_HOST", "") + base_url(args).rstrip("/")
            who = [say("class_start_hub_students", url=f"{hub}/"),
                   say("class_start_hub_teacher", dashboard=f"{hub}/teacher/dashboard",
                       report=f"{hub}/teacher/report", group=config.hub_teachers),
                   say("class_start_projector", url=f"{hub}/projector/{projector}")]
        elif config.lti:  # the LMS launches everyone: its addresses for the administrator
            from .lti import LtiSettings
            lti = LtiSettings.from_file(config.lti)
            who = [say("class_start_lti", issuer=lti.issuer, login=lti.login_url,
                       launch=lti.launch_url, jwks=lti.jwks_url,
                       registration=lti.tool_url + "lti/config.json"),
                   say("class_start_lti_grades", url=lti.tool_url + "lti/grades"),
                   say("class_start_projector", url=links["projector"])]
        else:
            who = [say("class_start_students", url=f"{base}/", join_code=config.join_code),
                   say("class_start_link", url=links["join"]),
                   say("class_start_report", url=links["report"]),
                   say("class_start_dashboard", url=links["dashboard"]),
                   say("class_start_projector", url=links["projector"])]
        kernels = (say("class_start_lesson", path=str(Path(args.notebook).resolve())) + "\n" +
                   say("class_start_kernels", most=args.students + prepared["pool"],
                       students=args.students, pool=prepared["pool"], minutes=args.idle_minutes)
                   if config.kernels else say("class_start_no_kernels"))
        return "\n".join([
            (say("class_start_lesson_title", title=class_title(config), mode=mode)
             if config.kernels else
             say("class_start_title", title=class_title(config) or prepared["quiz"].title,
                 count=len(prepared["quiz"]), mode=mode)) + (say("class_start_resumed") if prepared.get("resumed") else ""),
            *who,
            *_quiz_check(prepared["quiz"], config.quiz),
            say("class_start_saved", db=db, session=config.session),
            say("class_start_afterwards", db=db, session=config.session),
            kernels,
            say("class_start_resume", run=prepared["run"]),
            say("class_start_stop"),
        ])


def _quiz_check(quiz, source) -> list[str]:
    """A line for the banner when the audit finds questions of the quiz unfit to use unseen
    (the class may still take it: the teacher is told what ``quiz check`` would list)."""
    from ..quiz.audit import audit_quiz

    bad = {question_id for question_id, _ in audit_quiz(quiz)}
    return [say("class_start_quiz_check", count=len(bad), quiz=source)] if bad else []


@contextmanager
def refusals_in(lang):
    """Speak ``lang`` inside the block; a refusal raised there (a bad roster, a busy port, a
    bad quiz file) is said at once in ``lang``, so whoever prints it shows the class's language."""
    from .. import i18n
    with i18n.language(lang):
        try:
            yield
        except RummyError as error:
            error.args = (str(error),) + error.args[1:]
            raise


def cmd_classroom(args) -> int:
    from .. import i18n
    with refusals_in(getattr(args, "lang", None) or i18n.language_from_environment()):
        if getattr(args, "teachers_group", None) and not args.no_serve:
            from .hub import missing_hub_env
            missing = missing_hub_env()
            if missing:
                raise ClassroomError(Reason("hub_env_missing", {"names": ", ".join(missing)}))
        if not args.no_serve:
            check_port_free(args.host, args.port)
        prepared = prepare(args)
        if args.no_serve:
            from .store import mask_password
            config = prepared["config"]
            print("\n".join([
                say("class_no_serve_run", run=prepared["run"]),
                say("class_no_serve_settings", path=prepared["config_path"],
                    run=prepared["run"]),
                say("class_no_serve_token", token=prepared["token"]),
                say("class_no_serve_join", join_code=config.join_code),
                say("class_no_serve_results", db=mask_password(config.db),
                    session=config.session)]))
            return 0
    print(startup_message(prepared, args), flush=True)   # said in the class's language
    serve(prepared, args)   # each page chooses its own language
    return 0


MALLOC_ARENAS = 2
_M_ARENA_MAX = -8   # glibc's mallopt parameter (malloc.h)


def few_malloc_arenas(arenas: int = MALLOC_ARENAS) -> bool:
    """Hold the C allocator (glibc) to ``arenas`` arenas, as ``MALLOC_ARENA_MAX`` would; call
    it before threads start. Each worker thread that reads the database otherwise gets an
    arena of its own, and each keeps the most it ever held: the classroom's memory grew all
    through a soak (issue 28: 3.5 MB a minute for 2 classes, 1.6 with two arenas). False
    where the allocator is not glibc's (nothing changed)."""
    import ctypes
    import ctypes.util
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return bool(libc.mallopt(_M_ARENA_MAX, int(arenas)))
    except (OSError, AttributeError):
        return False


def serve(prepared: dict, args) -> None:
    """Run the classroom's Voilà in this process until it is stopped. The secrets read at the
    start leave this process's environment (kernels are started from it); no kernel is told
    where the run folder's config is (:mod:`~rummy_teach.classroom.kernels`)."""
    from .keys import DB_ENV, TOKEN_ENV
    for name in (DB_ENV, TOKEN_ENV):
        os.environ.pop(name, None)
    few_malloc_arenas()
    from traitlets.config import Config

    from .kernels import ClassroomKernelManager

    config = Config()
    config.VoilaConfiguration.file_allowlist = []  # /voila/files serves nothing (and is refused)
    config.VoilaConfiguration.multi_kernel_manager_class = ClassroomKernelManager
    from .lesson import ANSWERS_ENV, STUDENT_HEADER

    user_header = prepared["config"].user_header
    headers = [STUDENT_HEADER] + ([user_header] if user_header else [])
    # where a lesson's kernels send their quizzes' answers: this server, on this machine
    loopback = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "[::1]"}.get(
        args.host, f"[{args.host}]" if ":" in args.host else args.host)
    os.environ[ANSWERS_ENV] = f"http://{loopback}:{args.port}{base_url(args)}lesson"
    config.VoilaConfiguration.http_header_envs = headers
    config.ClassroomKernelManager.kernel_budget = args.students + prepared["pool"]
    config.VoilaKernelManager.fill_delay = float(getattr(args, "refill_seconds",
                                                         DEFAULT_REFILL_SECONDS))
    from .. import i18n
    from .lesson import language_page
    config.VoilaKernelManager.kernel_pools_config = {
        "default": {"pool_size": prepared["pool"]}, REPORT_PAGE: {"pool_size": 0},
        # the lesson in the other languages: a kernel when a student asks (the pool is the
        # class language's)
        **{language_page(other): {"pool_size": 0} for other in i18n.LANGUAGES}}
    app_class = classroom_voila_class(prepared["config"])
    app_class.launch_instance(argv=voila_argv(prepared["pages"], args, prepared["pool"]),
                              config=config)


def classroom_voila_class(config: ClassroomConfig):
    """Voilà with every address refused but the classroom's pages and what they load."""
    import tornado.web
    from voila.app import Voila

    from .desk import QuizDesk
    from .lesson import lesson_handlers
    from .quizpage import STUDENT_PATH, quiz_handlers, seat_hash_reader
    from .tablehall import table_handlers
    from .tablepage import table_page_handlers
    from .tableteacher import table_teacher_handlers
    from .teacher import teacher_handlers

    class NotFound(tornado.web.RequestHandler):
        def prepare(self):
            self.set_status(404)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish("not found")

    class ClassroomVoila(Voila):
        def init_handlers(self):
            base = self.server_url.rstrip("/")
            refused = [
                r"/voila/tree(/.*)?", r"/voila/api/contents(/.*)?", r"/voila/files/.*",
                r"/tree(/.*)?", r"/api/contents(/.*)?", r"/files/.*", r"/notebooks/.*",
                r"/edit/.*", r"/lab(/.*)?", r"/api/sessions(/.*)?", r"/api/kernels/?",
                r"/api/terminals(/.*)?", r"/api/nbconvert(/.*)?",
                # Voilà renders no page but the lesson (and that one behind the door below)
                r"/voila/render/.*",
            ]
            render_kwargs = {"template_paths": self.template_paths, "config": self.config,
                             "voila_configuration": self.voila_configuration}
            door = None
            desk = QuizDesk(config)  # one desk: the students', the lesson's and the teacher's
            if config.hub_teachers:
                from .hub import HubDoor
                door = HubDoor(config.hub_teachers)
            elif config.lti:  # the school's LMS launches students and teachers (LTI 1.3)
                from .lti import LtiSettings
                from .ltiweb import LtiDoor
                door = LtiDoor(config, desk, LtiSettings.from_file(config.lti), base)
            tables = table_handlers(base, config, desk, door=door)   # the class's card tables (issue 30)
            the_hall = tables[0][1].the_hall
            front = teacher_handlers(base, config, STUDENT_PATH, REPORT_PAGE, door=door, desk=desk,
                                     the_hall=the_hall)
            if config.hub_teachers:
                front += [(base + "/oauth_callback", door.callback_handler())]
            elif config.lti:
                from .ltiweb import lti_handlers
                front += lti_handlers(base, config, desk, door, report_page=REPORT_PAGE)
            front += quiz_handlers(base, config, door=door, desk=desk)
            front += tables + table_page_handlers(base, config, desk, the_hall, door=door)
            front += table_teacher_handlers(base, config, desk, the_hall, door=door,
                                            deliver=tables[0][1].send_frames)
            if config.kernels:
                front += lesson_handlers(base, config, desk, seat_hash_reader(config),
                                         render_kwargs, door=door)
            front += [(base + pattern, NotFound) for pattern in refused]
            return front + super().init_handlers()

        def listen(self):
            """Voilà's ``listen`` (one port, no retry: the port was checked free), through the
            classroom's HTTP server and its limits (:mod:`~rummy_teach.classroom.limits`)."""
            import tornado.ioloop

            from .. import i18n
            from .limits import ClassroomHTTPServer
            from .messages import class_language, say
            from .teacher import log_request

            def words(code, **params):
                with i18n.language(class_language(config)):
                    return say(code, **params)

            self.app.settings["log_function"] = log_request  # the token never in the log
            server = ClassroomHTTPServer(self.app, words=words,
                                         per_address=config.connections_per_address,
                                         idle_connection_timeout=config.connection_idle_seconds)
            try:
                server.listen(self.port, self.ip)
            except OSError as error:
                self.log.critical("cannot listen on %s port %s: %s", self.ip, self.port, error)
                self.exit(1)
            self.log.info("Voilà is running at:\n%s" % self.display_url)
            self.ioloop = tornado.ioloop.IOLoop.current()
            try:
                self.ioloop.start()
            except KeyboardInterrupt:
                self.log.info("Stopping...")
            finally:
                self.stop()

    return ClassroomVoila


def main(argv=None) -> int:  # python -m rummy_teach.classroom.server ...
    parser = argparse.ArgumentParser(prog="rummy-teach classroom", description=HELP)
    configure_classroom(parser)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except RummyError as error:
        print(f"rummy-teach classroom: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
