"""The classroom's secrets as a teacher gives them: never needed on the command line.

A teacher's token or a database URL holding a password, written on the command line,
can be read by anyone on the machine (``ps`` shows every process's arguments). Each can
instead come from a file (``--token-file``, ``--db-file``: the first line, the file best
readable by its owner only) or from an environment variable (``RUMMY_TEACH_TOKEN``,
``RUMMY_TEACH_DB``). The order: the option itself, its file, the variable, the default.

A token shorter than :data:`TOKEN_LEAST` characters is refused: it is the only key to
the teacher's pages, and a short one can be guessed.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..reasons import Reason

TOKEN_ENV = "RUMMY_TEACH_TOKEN"
DB_ENV = "RUMMY_TEACH_DB"
TOKEN_LEAST = 16
_FILE_LIMIT = 64 * 1024


def read_secret_file(path: str, option: str, error_class) -> str:
    """The first line of ``path``, given with ``option`` (spaces around it dropped);
    ``error_class`` with a Reason if the file cannot be read or holds nothing."""
    try:
        with open(Path(path).expanduser(), encoding="utf-8-sig") as handle:
            text = handle.read(_FILE_LIMIT)
    except (OSError, UnicodeDecodeError) as error:
        raise error_class(Reason("class_error_secret_file", {
            "option": option, "path": path,
            "error": getattr(error, "strerror", None) or error})) from None
    first = text.strip().splitlines()[0].strip() if text.strip() else ""
    if not first:
        raise error_class(Reason("class_error_secret_empty", {"option": option, "path": path}))
    return first


def given_secret(value: str | None, path: str | None, option: str, env: str,
                 error_class) -> str | None:
    """The secret from the option, else its file (given with ``option``), else the
    environment variable ``env``, else None."""
    if value:
        return value
    if path:
        return read_secret_file(path, option, error_class)
    return os.environ.get(env, "").strip() or None


def check_token(token: str, error_class) -> str:
    """``token`` if it is long enough to keep the teacher's pages; else ``error_class``."""
    if len(token) < TOKEN_LEAST:
        raise error_class(Reason("class_error_token_short",
                                 {"length": len(token), "least": TOKEN_LEAST}))
    return token


def token_digest(token: str) -> str:
    """What the run folder keeps of the teacher's token: its SHA-256, in hex."""
    import hashlib
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_ok(token: str | None, config) -> bool:
    """True if ``token`` is the teacher's (compared in constant time)."""
    import hmac
    if not token:
        return False
    return hmac.compare_digest(token_digest(token), config.token_sha256)
