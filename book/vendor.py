"""Fetch the JavaScript the book needs to show widgets offline, and check it.

The built book must load nothing from outside itself. Pages that hold widget
state need require.js and the Jupyter widgets HTML manager (plus the font files
the manager's CSS points at), and anywidget's front end for the package's own
widgets. Instead of the public CDNs myst-nb uses
by default, this script takes them from the npm registry with ``npm pack``, at a
pinned version, checks each tarball against its pinned npm integrity (sha512),
and unpacks the few files the pages use into ``book/_vendor/`` (git-ignored).
``_config.yml`` copies that folder into the site with ``html_extra_path``, which
is deliberately not ``_static``: Jupyter Book adds every ``_static/**/*.js`` to
every page, and the manager would then load, and draw every widget, twice.
Since issue 27 no page loads them (``nb_ipywidgets_js: {}``): every widget output
shows its page element, never a view, and on a slow device the manager was the
page's longest task. They stay vendored for a page that would show a view.

Usage::

    python book/vendor.py            # fetch if needed, verify, unpack
    python book/vendor.py --check    # verify what is unpacked; fetch nothing

A tarball whose hash differs from the pin is an error: nothing is unpacked.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
VENDOR = HERE / "_vendor"          # copied into the site root by html_extra_path
CACHE = HERE / ".vendor-cache"     # downloaded tarballs, kept between builds
TARGET = VENDOR / "jupyter-widgets"
MANIFEST = TARGET / "MANIFEST.json"

# name, version, npm integrity of the tarball, files to take: (path inside package/,
# name in the site) pairs; a glob keeps each file's own name
PINS = (
    ("@jupyter-widgets/html-manager", "1.0.15",
     "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==",
     (("dist/embed-amd.js", None), ("dist/*.woff2", None), ("dist/*.woff", None),
      ("dist/*.ttf", None), ("dist/*.eot", None), ("dist/*.svg", None),
      ("dist/embed.js.LICENSE.txt", "html-manager.LICENSE.txt"))),
    ("requirejs", "2.3.8",
     "sha512-7/cTSLOdYkNBNJcDMWf+luFvMriVm7eYxp4BcFCsAX0wF421Vyce5SXP17c+Jd5otXKGNehIonFlyQXSowL6Mw==",
     (("require.js", None),)),
    # the front end of anywidget-based widgets (rummy_teach.widgets), an AMD module;
    # keep its version equal to the anywidget Python package's
    ("anywidget", "0.11.0",
     "sha512-LHZgW2j5UjyerZSZcO+BtZPXGMSORQV2bUT480hOR5x/BXS8sOradi/71amJfMueSEnKX0dqPwTfsOGHTsyZpQ==",
     (("dist/index.js", "anywidget.js"), ("LICENSE", "anywidget.LICENSE.txt"))),
)


def integrity(path: Path) -> str:
    """The npm-style integrity string (``sha512-<base64>``) of a file."""
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tarball_name(name: str, version: str) -> str:
    return f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"


def fetch(name: str, version: str) -> Path:
    """The package tarball, from the cache or from the registry via ``npm pack``."""
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / tarball_name(name, version)
    if not path.exists():
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("vendor: npm is needed to fetch the widget scripts (install Node.js 18+)")
        print(f"vendor: npm pack {name}@{version}")
        subprocess.run([npm, "pack", f"{name}@{version}", "--pack-destination", str(CACHE),
                        "--silent"], check=True, stdout=subprocess.DEVNULL)
    return path


def verify(path: Path, expected: str) -> None:
    actual = integrity(path)
    if actual != expected:
        path.unlink()  # never keep a tarball that does not match its pin
        sys.exit(f"vendor: {path.name} does not match its pinned integrity\n"
                 f"  expected {expected}\n  got      {actual}\nNothing was unpacked.")


def unpack(path: Path, wanted) -> list[Path]:
    """Copy the files ``wanted`` (pattern, new name) from ``package/`` into TARGET."""
    taken = []
    with tarfile.open(path) as archive:
        for member in archive.getmembers():
            if not member.isfile() or not member.name.startswith("package/"):
                continue
            inner = Path(member.name[len("package/"):])
            names = [name or inner.name for pattern, name in wanted
                     if inner.as_posix() == pattern or (any(c in pattern for c in "*?[")
                                                        and inner.match(pattern))]
            if not names:
                continue
            destination = TARGET / names[0]
            with archive.extractfile(member) as source:
                destination.write_bytes(source.read())
            taken.append(destination)
    return taken


# Written next to the scripts: tells require.js where the vendored modules live.
CONFIG_JS = """\
// Written by book/vendor.py. Loaded after require.js and before embed-amd.js.
(function () {
  var script = document.currentScript;
  var here = script.src.replace(/\\/[^\\/]*$/, "");
  // the manager's bundles find their font files next to their own module address
  // ("@jupyter-widgets/<file>"), and anywidget's front end is served from here too,
  // whatever the depth of the page
  require.config({paths: {
    "@jupyter-widgets": here,
    "@jupyter-widgets/html-manager/dist": here,
    "anywidget": here + "/anywidget"
  }});
  // any other widget module the manager cannot find is looked for in this site,
  // never on a CDN (the manager reads this attribute from every script tag)
  script.setAttribute("data-jupyter-widgets-cdn", here + "/npm/");
})();
"""


def vendor() -> None:
    if TARGET.exists():
        shutil.rmtree(TARGET)
    TARGET.mkdir(parents=True)
    manifest = {"packages": {}, "files": {}}
    for name, version, expected, patterns in PINS:
        tarball = fetch(name, version)
        verify(tarball, expected)
        files = unpack(tarball, patterns)
        names = {f.name for f in files}
        missing = [pattern for pattern, name in patterns
                   if not any(c in pattern for c in "*?[") and (name or Path(pattern).name) not in names]
        if missing:
            sys.exit(f"vendor: {name}@{version} lacks {', '.join(missing)}")
        manifest["packages"][name] = {"version": version, "integrity": expected}
        for file in files:
            manifest["files"][file.name] = sha256(file)
    config = TARGET / "config.js"
    config.write_text(CONFIG_JS)
    manifest["files"][config.name] = sha256(config)
    MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    print(f"vendor: {len(manifest['files'])} files verified in {TARGET.relative_to(HERE.parent)}")


def check(quiet: bool = False) -> int:
    """Is what is unpacked exactly what the pins produced? (no network)"""
    if not MANIFEST.exists():
        if not quiet:
            print("vendor: nothing vendored yet; run python book/vendor.py", file=sys.stderr)
        return 1
    manifest = json.loads(MANIFEST.read_text())
    pinned = {name: version for name, version, *_ in PINS}
    recorded = {name: p["version"] for name, p in manifest["packages"].items()}
    if recorded != pinned:
        print(f"vendor: vendored {recorded}, pinned {pinned}", file=sys.stderr)
        return 1
    bad = [name for name, digest in manifest["files"].items()
           if not (TARGET / name).exists() or sha256(TARGET / name) != digest]
    if (TARGET / "config.js").exists() and (TARGET / "config.js").read_text() != CONFIG_JS:
        bad.append("config.js (out of date)")
    if bad:
        print(f"vendor: changed or missing: {', '.join(bad)}", file=sys.stderr)
        return 1
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="verify only, fetch nothing")
    args = parser.parse_args(argv)
    if args.check:
        return check()
    if check(quiet=True) == 0:
        print("vendor: widget scripts already vendored and verified")
        return 0
    vendor()
    return check()


if __name__ == "__main__":
    sys.exit(main())
