"""The built book, once per test session, served as plain files.

``built_book``  the HTML folder of one fresh build (``make book``'s command into a
                temporary folder, warnings as errors) shared by every module that
                asks for it in a session.
``book_site``   that folder served by a plain static file server on a free
                localhost port (the base URL); with ``browser_page`` every request
                that would leave localhost is blocked and recorded.
``axe_source``  the text of axe-core's ``axe.min.js``, from the npm registry
                (``npm pack``, pinned and integrity-checked) into ``tests/.cache/``;
                never from a CDN.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import http.server
import subprocess
import sys
import tarfile
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
BIN = Path(sys.executable).parent
CACHE = Path(__file__).resolve().parent / ".cache"
AXE_VERSION = "4.14.1"
AXE_INTEGRITY = ("sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASy"
                 "FNNtuFooJpZe37OgudVGtQ==")


@pytest.fixture(scope="session")
def built_book(tmp_path_factory) -> Path:
    vendor = subprocess.run([sys.executable, str(BOOK / "vendor.py")], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert vendor.returncode == 0, vendor.stdout + vendor.stderr
    out = tmp_path_factory.mktemp("book")
    build = subprocess.run(
        [str(BIN / "jupyter-book"), "build", "--all", "--warningiserror", "--nitpick",
         "--keep-going", "--path-output", str(out), str(BOOK)],
        cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert build.returncode == 0, (build.stdout + build.stderr)[-6000:]
    return out / "_build" / "html"


@pytest.fixture(scope="session")
def book_site(built_book):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(Quiet, directory=str(built_book)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


@pytest.fixture(scope="session")
def axe_source() -> str:
    script = CACHE / f"axe-core-{AXE_VERSION}" / "axe.min.js"
    if not script.exists():
        CACHE.mkdir(exist_ok=True)
        tarball = CACHE / f"axe-core-{AXE_VERSION}.tgz"
        if not tarball.exists():
            packed = subprocess.run(["npm", "pack", f"axe-core@{AXE_VERSION}",
                                     "--pack-destination", str(CACHE)],
                                    capture_output=True, text=True, timeout=300)
            if packed.returncode != 0:
                pytest.skip(f"npm could not fetch axe-core: {packed.stderr[-500:]}")
        data = tarball.read_bytes()
        if _integrity(data) != AXE_INTEGRITY:
            tarball.unlink()
            pytest.fail(f"{tarball.name} does not match its pinned integrity")
        with tarfile.open(tarball) as archive:
            member = archive.extractfile("package/axe.min.js")
            script.parent.mkdir(parents=True, exist_ok=True)
            script.write_bytes(member.read())
    return script.read_text(encoding="utf-8")
