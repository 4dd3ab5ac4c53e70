"""The README's commands timed from a fresh clone, as a newcomer and as CI run them.

    .venv/bin/python benchmarks/two_commands.py                   # the README's path
    .venv/bin/python benchmarks/two_commands.py --path ci         # CI's path
    .venv/bin/python benchmarks/two_commands.py --path both --json /tmp/two.json

Issue 29: `make test` within ten minutes and `make check` within two on this 2-core
machine, from a fresh clone. The repository's commit (``--repo``, ``--rev``, by default
this one's HEAD) is cloned once for each path, into ``--folder`` (by default a new
temporary folder). The README's path runs `make book`, `make test`, then `make check` in
its clone; CI's path runs `CI=true .ci/run`
alone in a clone of its own (the environment made and the book built inside the run). A
path stops at its first command that fails. For each command: its wall time and exit
status, the load average before it, the time of each of its lanes (tests/run_lanes.py's
last line) and the tests passed and failed (pytest's summary lines). Each command's
output is kept in a log beside its clone, named in the output. docs/testing.md
("Measured") quotes it; a run takes 25-35 minutes for both paths here.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PATHS = {
    "readme": [["make", "book"], ["make", "test"], ["make", "check"]],
    "ci": [[".ci/run"]],
}
#: tests/run_lanes.py's last line: "== lane 'cpu': exit 0, 769 s; ...; all: 781 s"
LAST_LINE = re.compile(r"^== (.*); all: (\d+) s$", re.M)
LANE = re.compile(r"(?:lane|process) '([\w-]+)': exit (-?\d+), (\d+) s")
#: pytest's summary line of each process: "===== 2956 passed, 581 deselected in 762.10s ====="
SUMMARY = re.compile(r"^=+ (.*) in [\d.]+s(?: \([\d:]+\))? =+$", re.M)


def read_output(text: str) -> dict:
    """The lanes' times and the tests' counts in a command's output."""
    figures = {"lanes": {}, "passed": 0, "failed": 0, "errors": 0}
    last = LAST_LINE.findall(text)
    if last:
        lanes, total = last[-1]
        figures["lanes"] = {lane: int(seconds) for lane, _, seconds in LANE.findall(lanes)}
        figures["all_lanes_s"] = int(total)
    for summary in SUMMARY.findall(text):
        for count, what in re.findall(r"(\d+) (passed|failed|errors?)\b", summary):
            figures["errors" if what.startswith("error") else what] += int(count)
    return figures


def run(command: list[str], where: Path, log: Path, env: dict) -> dict:
    load = os.getloadavg()[0]
    start = time.monotonic()
    with open(log, "w") as out:
        code = subprocess.call(command, cwd=where, stdout=out, stderr=subprocess.STDOUT, env=env)
    took = time.monotonic() - start
    return {"command": " ".join(command), "exit": code, "wall_s": round(took, 1),
            "load_before": round(load, 2), "log": str(log),
            **read_output(log.read_text(errors="replace"))}


def one_path(name: str, repo: Path, rev: str, folder: Path) -> list[dict]:
    clone = folder / f"{name}-clone"
    subprocess.run(["git", "clone", "--quiet", str(repo), str(clone)], check=True)
    subprocess.run(["git", "checkout", "--quiet", rev], cwd=clone, check=True)
    env = {key: value for key, value in os.environ.items() if key not in ("CI", "VIRTUAL_ENV")}
    if name == "ci":
        env["CI"] = "true"
    results = []
    for command in PATHS[name]:
        log = folder / f"{name}-{'-'.join(Path(c).name for c in command)}.log"
        print(f"{name}: {' '.join(command)} ...", flush=True)
        results.append(run(command, clone, log, env))
        shown = results[-1]
        lanes = ", ".join(f"{lane} {s}" for lane, s in shown["lanes"].items())
        print(f"{name}: {shown['command']}: exit {shown['exit']}, {shown['wall_s']:.0f} s"
              f" (load before {shown['load_before']}); passed {shown['passed']}, failed {shown['failed']}"
              + (f", errors {shown['errors']}" if shown["errors"] else "")
              + (f"; lanes: {lanes}" if lanes else ""), flush=True)
        if shown["exit"] != 0:
            break
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=ROOT)
    parser.add_argument("--rev", default="HEAD")
    parser.add_argument("--path", choices=["readme", "ci", "both"], default="readme")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--folder", type=Path, help="where the clones and logs go (default: a new temporary folder)")
    args = parser.parse_args()
    rev = subprocess.run(["git", "rev-parse", args.rev], cwd=args.repo, capture_output=True,
                         text=True).stdout.strip()
    if not rev:
        sys.exit(f"{args.repo} has no commit {args.rev!r}: give --repo a git repository and --rev one of its commits.")
    folder = args.folder or Path(tempfile.mkdtemp(prefix="two-commands-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"commit {rev[:12]}, clones and logs in {folder}", flush=True)
    figures = {"commit": rev, "paths": {}}
    for name in (["readme", "ci"] if args.path == "both" else [args.path]):
        figures["paths"][name] = one_path(name, args.repo, rev, folder)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    failed = [r for runs in figures["paths"].values() for r in runs if r["exit"] != 0]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
