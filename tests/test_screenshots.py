"""The pictures of the card table on the README and the book's start page (issue 27, point 6):
made by book/screenshots.py from the built book (`make screenshots`), never pasted by hand.

- The README and book/intro.md show every picture the script makes, and those files are
  in the repository, as PNGs of the screens the script takes.
- The script, run on the built book in Chromium, writes those pictures: a phone's screen
  and a desktop's, the dealt table on them.
"""

from __future__ import annotations

import importlib.util
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from test_book_play import book_with_lite  # noqa: F401  (fixture: the book with its Python)

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("book_screenshots", ROOT / "book" / "screenshots.py")
screenshots = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(screenshots)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


def expected_size(name: str) -> tuple[int, int]:
    screen = screenshots.SCREENS[name]
    scale = screen.get("device_scale_factor", 1)
    return screen["viewport"]["width"] * scale, screen["viewport"]["height"] * scale


def test_the_readme_and_the_start_page_show_the_pictures_the_script_makes():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    intro = (ROOT / "book" / "intro.md").read_text(encoding="utf-8")
    shown_readme = set(re.findall(r'src="(book/_static/screenshots/[^"]+)"', readme))
    shown_intro = set(re.findall(r"\]\((_static/screenshots/[^)]+)\)", intro))
    made = set(screenshots.NAMES)
    assert {Path(p).name for p in shown_readme} == made, shown_readme
    assert {Path(p).name for p in shown_intro} == made, shown_intro
    for path in [ROOT / p for p in shown_readme] + [ROOT / "book" / p for p in shown_intro]:
        assert path.is_file(), f"{path} is missing: run `make screenshots`"
        assert path.resolve().parent == screenshots.OUT.resolve()
        assert png_size(path) == expected_size(path.name), path
    # the start page's words around them are translated like the rest of the page
    for lang in ("it", "nl"):
        po = (ROOT / "book" / "locale" / lang / "intro.po").read_text(encoding="utf-8")
        for name in made:
            assert po.count(f"_static/screenshots/{name}") == 2, (lang, name)   # msgid and msgstr


def test_the_script_refuses_a_folder_that_is_no_built_book(tmp_path, capsys):
    assert screenshots.main(["--html", str(tmp_path), "--out", str(tmp_path / "out")]) == 2
    assert "not a built book" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
@pytest.mark.browser
def test_the_script_takes_the_pictures_from_the_built_book(book_with_lite, tmp_path):
    # as `make screenshots` runs it (its own Playwright, beside the tests' own)
    made = subprocess.run([sys.executable, str(ROOT / "book" / "screenshots.py"),
                           "--html", str(book_with_lite), "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=900)
    assert made.returncode == 0, made.stderr[-3000:]
    written = [Path(line) for line in made.stdout.split()]
    assert sorted(p.name for p in written) == sorted(screenshots.NAMES)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(screenshots.NAMES)
    for path in written:
        assert png_size(path) == expected_size(path.name), path
        # a real picture of a page, not an empty screen: many distinct bytes
        assert path.stat().st_size > 20_000 and len(set(path.read_bytes()[-4000:])) > 200, path
