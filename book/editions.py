"""Build the book's three editions: English at the root of the site, Italian in ``it/``,
Dutch in ``nl/`` (what ``make book`` runs, after book/vendor.py).

Each translated edition is made from sources written by book/i18n.py (the English pages
with each translated block in place, the code byte for byte the same) next to a copy of
the book's configuration with Sphinx's ``language`` set, the title and the parts' names
from rummy_teach's catalogue, and no files of its own to serve: its pages use the root's
widget scripts, in-page Python and live lessons (book/_ext/rummy_book.py). Its lessons are
executed with ``RUMMY_TEACH_LANG`` set, so everything the engine draws speaks the
edition's language.

The editions are built side by side (each Jupyter Book build executes its lessons one by
one, waiting on its kernel much of the time), then each translated one is copied into
the English site's folder::

    python book/editions.py                         # into book/_build/html (make book)
    python book/editions.py --path-output DIR       # into DIR/_build/html (the tests)
    python book/editions.py --only it               # one edition (and the English)

The exit status is non-zero when any edition's build failed; each build's output is
printed whole, one after the other, a failed one last. An edition whose lesson kernel
failed to start (a race between processes starting kernels, see ``KERNEL_START_FAILED``)
is built a second time, and the log says so.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import yaml

BOOK = Path(__file__).resolve().parent
ROOT = BOOK.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(BOOK))
import build_inputs  # noqa: E402  (book/build_inputs.py: what a build is made from)
import i18n as book_i18n  # noqa: E402  (book/i18n.py: the pages in a language)

from rummy_teach.i18n import DEFAULT, LANGUAGES, language  # noqa: E402
from rummy_teach.reasons import ENGLISH, say  # noqa: E402
from rummy_teach.startup import lean_command  # noqa: E402

TRANSLATED = tuple(code for code in LANGUAGES if code != DEFAULT)
#: the folders every edition's sources share with the English book
SHARED = ("_ext", "_templates", "_static", "_sphinx_locale")
#: a kernel that never started, through no fault of the lesson: jupyter_client picks a
#: kernel's TCP ports by asking for free ones and letting them go, and another process
#: starting a kernel or a server in that window can take one first ("Address already in
#: use", jupyter/jupyter_client#154, nteract/papermill#511). The three editions start 75
#: kernels side by side while the tests start Voila's and JupyterLab's; an edition that
#: lost that race (Sphinx stops the whole edition) is built once more. A lesson that
#: fails in its own code is not retried.
KERNEL_START_FAILED = re.compile(r"Kernel died before replying to kernel_info"
                                 r"|Kernel didn't respond in \d+ seconds"
                                 r"|Address already in use")


def build_command(source: Path, output: Path | None) -> list[str]:
    """`jupyter-book build` as `make book` runs it: every page, warnings as errors."""
    # `jupyter-book`, without the 2 s of CPU its Sphinx process would spend importing
    # what rummy_teach/startup.py skips
    command = [*lean_command("jupyter_book.cli.main:main", "jupyter-book"), "build", "--all",
               "--warningiserror", "--nitpick", "--keep-going"]
    if output is not None:
        command += ["--path-output", str(output)]
    return command + [str(source)]


def part_code(caption: str) -> str:
    """The catalogue code of a part's caption in book/_toc.yml (found by its English)."""
    for code, english in ENGLISH.items():
        if code.startswith("book_part_") and english == caption:
            return code
    raise SystemExit(f"book/_toc.yml: the part {caption!r} has no book_part_* code in "
                     "rummy_teach/messages/book.py (add one, with its translations)")


def edition_config(lang: str) -> dict:
    """book/_config.yml for the ``lang`` edition."""
    config = yaml.safe_load((BOOK / "_config.yml").read_text(encoding="utf-8"))
    with language(lang):
        config["title"] = say("book_title")
    sphinx = config["sphinx"]["config"]
    sphinx["language"] = lang
    # Sphinx's own words its catalogue of the language lacks ("Link to this heading")
    sphinx["locale_dirs"] = ["_sphinx_locale"]
    sphinx["html_extra_path"] = []          # the root's files serve every edition
    sphinx["nb_ipywidgets_js"] = {"../" + path: options
                                  for path, options in sphinx["nb_ipywidgets_js"].items()}
    return config


def edition_toc(lang: str) -> dict:
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    with language(lang):
        for part in toc.get("parts", []):
            part["caption"] = say(part_code(part["caption"]))
    return toc


def write_edition_source(lang: str, folder: Path) -> Path:
    """The sources of the ``lang`` edition in ``folder/source`` (pages rewritten only
    when their text changed); returns that folder."""
    source = folder / "source"
    source.mkdir(parents=True, exist_ok=True)
    book_i18n.build(lang, source)
    for name in SHARED:
        link = source / name
        if not link.is_symlink():
            if link.exists():
                shutil.rmtree(link)
            link.symlink_to(BOOK / name, target_is_directory=True)
    for name, data in (("_config.yml", edition_config(lang)), ("_toc.yml", edition_toc(lang))):
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
        if not (source / name).exists() or (source / name).read_text(encoding="utf-8") != text:
            (source / name).write_text(text, encoding="utf-8")
    return source


def run(command: list[str], env: dict | None = None) -> tuple[int, str]:
    result = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env=env)
    return result.returncode, result.stdout


def build_editions(path_output: Path | None = None, only=TRANSLATED) -> tuple[bool, str]:
    """Build the English book and the ``only`` editions side by side; copy each edition
    into the English site. Returns (all succeeded, the builds' output)."""
    base = (path_output or BOOK) / "_build"
    jobs = {DEFAULT: (build_command(BOOK, path_output), None)}
    for lang in only:
        folder = base / "editions" / lang
        source = write_edition_source(lang, folder)
        env = {**os.environ, "RUMMY_TEACH_LANG": lang}
        jobs[lang] = (build_command(source, folder), env)
    started = time.monotonic()
    with ThreadPoolExecutor(len(jobs)) as pool:
        futures = {lang: pool.submit(run, command, env) for lang, (command, env) in jobs.items()}
        results = {lang: future.result() for lang, future in futures.items()}
    log = []
    for lang, (code, output) in list(results.items()):
        failure = KERNEL_START_FAILED.search(output) if code != 0 else None
        if failure:
            lesson = re.findall(r"(\S+): Executing notebook", output[:failure.start()])
            log.append(f"===== the {LANGUAGES[lang]} edition ({lang}): the kernel of "
                       f"{lesson[-1] if lesson else 'a lesson'} did not start "
                       f"({failure.group(0)}); the edition is built again =====")
            results[lang] = run(*jobs[lang])
    seconds = time.monotonic() - started
    # a failed edition's output last, where a reader of the log's end looks first
    for lang, (code, output) in sorted(results.items(), key=lambda item: item[1][0] != 0):
        log.append(f"===== the {LANGUAGES[lang]} edition ({lang}): exit {code} =====\n{output}")
    html = base / "html"
    for lang in only:
        built = base / "editions" / lang / "_build" / "html"
        target = html / lang
        shutil.rmtree(target, ignore_errors=True)
        if built.is_dir():
            shutil.copytree(built, target)
    ok = all(code == 0 for code, _ in results.values())
    log.append(f"===== editions {', '.join(jobs)} built side by side in {seconds:.0f} s: "
               f"{'all succeeded' if ok else 'FAILED'} =====")
    return ok, "\n".join(log)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--path-output", type=Path, help="build into DIR/_build/html")
    parser.add_argument("--only", action="append", choices=TRANSLATED,
                        help="build only this translated edition (with the English)")
    args = parser.parse_args(argv)
    only = tuple(args.only or TRANSLATED)
    build = (args.path_output or BOOK) / "_build"
    # the record of what the build is made from (book/build_inputs.py), taken before it
    # starts and written when it ends, for a whole build only: the test session reuses a
    # `make book` build only when its record says it succeeded from the inputs of now
    build_inputs.forget(build)
    inputs = build_inputs.manifest()
    ok, log = build_editions(args.path_output, only)
    (build / "build.log").write_text(log, encoding="utf-8")
    if only == TRANSLATED:
        build_inputs.record(build, inputs, ok)
    print(log)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
