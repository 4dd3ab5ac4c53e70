"""What a process of ours skips at its start because it costs seconds and serves nothing here.

``jsonschema`` is imported at the start of every Jupyter process: nbformat, jupytext,
nbclient, Voilà and jupyter_server (through jupyter_events) all import it. When the
optional package ``rfc3987_syntax`` is installed (jupyter_events asks for
``jsonschema[format-nongpl]``, which brings it), jsonschema imports it to check the JSON
Schema formats "iri" and "iri-reference", and that import builds some forty Earley parsers
of RFC 3987's grammar with Lark: about 2 s of CPU time on this project's machine, in every
such process, before the first line of ours runs (a classroom server's whole start is
about 4 s; see docs/testing.md). Nothing in this project validates an IRI against a schema:
jsonschema only checks formats when asked to, nbformat never asks, and jupyter_events'
schemas use no IRI format.

:func:`skip_slow_optional_imports` marks that module as absent (``None`` in
``sys.modules``: ``import rfc3987_syntax`` then raises ImportError, as on a machine
without it), so jsonschema leaves those two formats unchecked, as it does, and documents,
without the optional package. Call it first thing in a process's entry point (the
``rummy-teach`` command, the test session), never from a library module: importing
``rummy_teach`` changes nothing of another program's interpreter.
"""

from __future__ import annotations

import sys

#: optional modules whose import costs seconds of CPU and whose features we never use
SLOW_OPTIONAL = ("rfc3987_syntax",)


def skip_slow_optional_imports() -> None:
    """Make ``SLOW_OPTIONAL``'s modules unimportable in this process, unless already imported
    (then they stay: a module in use is never taken away)."""
    for name in SLOW_OPTIONAL:
        sys.modules.setdefault(name, None)


def lean_command(entry: str, name: str) -> list[str]:
    """The command line that runs a console script's ``entry`` (``"voila.app:main"``) in
    this Python after :func:`skip_slow_optional_imports`, as the script ``name`` would
    (its usage messages say ``name``): for the Jupyter programs the project starts itself
    (the book build, the test servers), whose own scripts would import what it skips."""
    module, _, function = entry.partition(":")
    if not (module and function.isidentifier()):
        raise ValueError(f"an entry point is 'module:function', not {entry!r}")
    code = ("import sys\n"
            "from rummy_teach.startup import skip_slow_optional_imports\n"
            "skip_slow_optional_imports()\n"
            f"from {module} import {function}\n"
            f"sys.argv[0] = {name!r}\n"
            f"sys.exit({function}())\n")
    return [sys.executable, "-c", code]
