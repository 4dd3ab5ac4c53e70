"""``rummy-teach classroom``: Voilà serving the quiz to a class, and the teacher's report.

What the command does:

1. loads the quiz (a built-in name or a teacher's file) so a bad file stops here;
2. opens (creates) the results database: ``--db``, else ``<quiz>-results.db`` next
   to the quiz file, else ``rummy-results.db`` in the current directory;
3. writes a run folder ``<run>/config.json`` (quiz, database, session, the token's
   SHA-256) and ``<run>/pages/quiz.ipynb`` + ``<run>/pages/report.ipynb``, one cell
   each, calling :mod:`rummy_teach.classroom.app`;
4. prints the students' address and the teacher's report address with its token;
5. runs Voilà on ``<run>/pages`` only, through :class:`ClassroomVoila`, which
   answers 404 for every address but the two pages and what they need (no tree,
   no contents API, no files, no other notebook), with sources stripped,
   tracebacks hidden, a pool of preheated kernels for the quiz page and idle
   kernels culled.

Students cannot run code: Voilà's kernel websocket only lets widget (comm) and
kernel-info messages through to the kernel.

Importing this module needs only the standard library (the CLI imports it);
Voilà is imported when the server starts.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

HELP = "serve a quiz to a class with Voilà, record every answer, and a teacher's report page"
STUDENT_PAGE = "quiz.ipynb"
REPORT_PAGE = "report.ipynb"
DEFAULT_PORT = 8866
DEFAULT_STUDENTS = 30
DEFAULT_IDLE_MINUTES = 30
DEFAULT_REFILL_SECONDS = 60.0

_CELLS = {
    STUDENT_PAGE: "from rummy_teach.classroom.app import student_page\n\nstudent_page();",
    REPORT_PAGE: "from rummy_teach.classroom.app import teacher_page\n\nteacher_page();",
}


def configure_classroom(parser):
    parser.add_argument("--quiz", default="basic", metavar="NAME|FILE",
                        help="a built-in quiz (basic, 500, contract) or a quiz file (default basic)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"default {DEFAULT_PORT}")
    parser.add_argument("--host", default="0.0.0.0",
                        help="address to listen on (default 0.0.0.0: every network interface; "
                             "127.0.0.1 for this machine only)")
    parser.add_argument("--students", type=int, default=DEFAULT_STUDENTS,
                        help=f"how many students at once; sizes the kernel pool (default "
                             f"{DEFAULT_STUDENTS})")
    parser.add_argument("--pool", type=int, default=None,
                        help="preheated kernels kept ready (default: one per student); 0 turns "
                             "preheating off")
    parser.add_argument("--refill-seconds", type=float, default=DEFAULT_REFILL_SECONDS,
                        help="wait this long before replacing a used pool kernel (default "
                             f"{DEFAULT_REFILL_SECONDS:g}: a class arriving at once is not slowed "
                             "down by the refill)")
    parser.add_argument("--db", metavar="PATH_OR_URL",
                        help="results database (default: <quiz>-results.db next to the quiz file, "
                             "or rummy-results.db here for a built-in quiz)")
    parser.add_argument("--token", help="the teacher's report token (default: a random one)")
    parser.add_argument("--session", help="name of this class session (default: the date and time)")
    parser.add_argument("--title", help="title shown to the students (default: the quiz's title)")
    parser.add_argument("--idle-minutes", type=int, default=DEFAULT_IDLE_MINUTES,
                        help="stop a kernel whose page was closed this long ago (default "
                             f"{DEFAULT_IDLE_MINUTES})")
    parser.add_argument("--run-dir", help="folder for the generated pages and config "
                        "(default: a new temporary folder)")
    parser.add_argument("--no-serve", action="store_true",
                        help="only write the pages and the config and say how to serve them "
                             "(e.g. on JupyterHub: see docs/deployment.md)")
    parser.set_defaults(func=cmd_classroom)


def default_db(quiz_arg: str, is_file: bool) -> Path:
    if is_file:
        path = Path(quiz_arg).resolve()
        return path.with_name(f"{path.stem}-results.db")
    return Path.cwd() / "rummy-results.db"


def db_url(value: str) -> str:
    """Plain paths become absolute (kernels run in another folder); URLs are kept."""
    if "://" in value:
        return value
    return str(Path(value).expanduser().resolve())


def write_notebook(path: Path, source: str) -> None:
    notebook = {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "classroom",
                   "metadata": {}, "outputs": [], "source": source.splitlines(True)}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")


def prepare(args) -> dict:
    """Check the quiz and the database, write the run folder; the settings to serve with."""
    from ..quiz import Quiz
    from .store import open_store

    from ..quiz.banks import find_bank

    quiz = Quiz.load(args.quiz)
    is_file = not find_bank(args.quiz)
    url = db_url(args.db) if args.db else str(default_db(args.quiz, is_file))
    with open_store(url):  # creates the tables now: a bad path fails before the class arrives
        pass
    run = Path(args.run_dir).resolve() if args.run_dir else Path(
        tempfile.mkdtemp(prefix="rummy-classroom-"))
    pages = run / "pages"
    pages.mkdir(parents=True, exist_ok=True)
    for name, source in _CELLS.items():
        write_notebook(pages / name, source)
    token = args.token or secrets.token_urlsafe(18)
    session = args.session or datetime.now(timezone.utc).astimezone().strftime("%Y-%m-%d-%H%M")
    from .app import token_digest
    config = {"quiz": str(Path(args.quiz).resolve()) if is_file else args.quiz,
              "quiz_name": quiz.name or quiz.title, "title": args.title or quiz.title,
              "db": url, "session": session, "token_sha256": token_digest(token)}
    config_path = run / "config.json"
    config_path.write_text(json.dumps(config, indent=1), encoding="utf-8")
    os.chmod(config_path, 0o600)
    pool = args.students if args.pool is None else args.pool
    return {"run": run, "pages": pages, "config_path": config_path, "config": config,
            "token": token, "pool": max(pool, 0), "quiz": quiz}


def public_host(host: str) -> str:
    if host not in ("0.0.0.0", "", "::"):
        return host
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "localhost"


def voila_argv(pages: Path, args, pool: int) -> list[str]:
    argv = [str(pages), "--no-browser", f"--port={args.port}", f"--Voila.ip={args.host}",
            "--strip_sources=True", "--show_tracebacks=False", "--theme=light",
            f"--MappingKernelManager.cull_idle_timeout={args.idle_minutes * 60}",
            "--MappingKernelManager.cull_interval=60"]
    if pool > 0:
        argv += ["--preheat_kernel=True", f"--pool_size={pool}"]
    return argv


def startup_message(prepared: dict, args) -> str:
    base = f"http://{public_host(args.host)}:{args.port}"
    config = prepared["config"]
    return "\n".join([
        f"rummy-teach classroom: {prepared['quiz'].title} ({len(prepared['quiz'])} questions)",
        f"  students open:   {base}/",
        f"  teacher report:  {base}/voila/render/{REPORT_PAGE}?token={prepared['token']}",
        f"  results saved to {config['db']} (session {config['session']})",
        f"  afterwards:      rummy-teach report --db {config['db']} --session {config['session']}",
        f"  kernels: {prepared['pool']} preheated for {args.students} students (memory for "
        f"about twice as many: the pool refills); closed pages are stopped after "
        f"{args.idle_minutes} min",
        f"  pages and config in {prepared['run']}",
        "  press Ctrl+C to stop the class",
    ])


def cmd_classroom(args) -> int:
    prepared = prepare(args)
    if args.no_serve:
        print("\n".join([
            f"rummy-teach classroom: wrote {prepared['pages']}/{STUDENT_PAGE} and {REPORT_PAGE}",
            f"  config: {prepared['config_path']} (set RUMMY_CLASSROOM_CONFIG to it for the kernels)",
            f"  teacher's token: {prepared['token']}",
            f"  results: {prepared['config']['db']} (session {prepared['config']['session']})"]))
        return 0
    print(startup_message(prepared, args), flush=True)
    serve(prepared, args)
    return 0


def serve(prepared: dict, args) -> None:
    """Run the classroom's Voilà in this process until it is stopped."""
    os.environ["RUMMY_CLASSROOM_CONFIG"] = str(prepared["config_path"])
    from traitlets.config import Config

    config = Config()
    config.VoilaConfiguration.file_allowlist = []  # /voila/files serves nothing (and is refused)
    config.VoilaKernelManager.fill_delay = float(getattr(args, "refill_seconds",
                                                         DEFAULT_REFILL_SECONDS))
    config.VoilaKernelManager.kernel_pools_config = {
        "default": {"pool_size": prepared["pool"]}, REPORT_PAGE: {"pool_size": 0}}
    app_class = classroom_voila_class()
    app_class.launch_instance(argv=voila_argv(prepared["pages"], args, prepared["pool"]),
                              config=config)


def classroom_voila_class():
    """Voilà with every address refused but the two classroom pages and what they load."""
    import tornado.web
    from voila.app import Voila

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
                rf"/voila/render/(?!{STUDENT_PAGE.replace('.', '[.]')}$|"
                rf"{REPORT_PAGE.replace('.', '[.]')}$).*",
            ]
            front = [(base + "/?", tornado.web.RedirectHandler,
                      {"url": f"{base}/voila/render/{STUDENT_PAGE}"})]
            front += [(base + pattern, NotFound) for pattern in refused]
            return front + super().init_handlers()

    return ClassroomVoila


def main(argv=None) -> int:  # python -m rummy_teach.classroom.server ...
    import argparse

    parser = argparse.ArgumentParser(prog="rummy-teach classroom", description=HELP)
    configure_classroom(parser)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
