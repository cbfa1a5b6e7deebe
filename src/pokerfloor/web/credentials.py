"""The server's secrets on disk, beside the database, each file mode 0600 (docs/web.md):

- ``td-token.json``: a keyed hash of the TD token, never the token. The token is 192 random
  bits: nobody can guess it, so a slow hash (PBKDF2) would protect nothing and only let wrong
  tokens keep the server busy; a keyed HMAC-SHA256 checks one in a microsecond. A file from an
  older version (PBKDF2) is still read; the first right token rewrites it in the new form.
- ``td-sessions.json``: the open TD sessions (``sessions.Sessions``).
- ``captain-secret``: the key that signs the table captains' links, its own random secret
  (it used to be derived from the token's hash): a new TD token does not change the links.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import threading
from pathlib import Path

__all__ = [
    "CAPTAIN_SECRET_FILE",
    "SESSIONS_FILE",
    "TOKEN_FILE",
    "HashedToken",
    "RedactSecrets",
    "load_or_create_captain_secret",
    "load_or_create_token",
    "redact",
    "write_private",
]

TOKEN_FILE = "td-token.json"
SESSIONS_FILE = "td-sessions.json"
CAPTAIN_SECRET_FILE = "captain-secret"
_MAX_TOKEN_BYTES = 200


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, readable by this user only (0600), replacing it whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(temporary, path)


class HashedToken:
    """Checks a TD token against its stored keyed hash (see the module's documentation)."""

    def __init__(
        self,
        key: bytes,
        digest: bytes,
        path: Path | None = None,
        pbkdf2: tuple[bytes, int] | None = None,
    ) -> None:
        self.key = key  # HMAC key; for an old PBKDF2 file, its salt
        self.digest = digest
        self.path = path
        self._pbkdf2 = pbkdf2  # (salt, iterations) of an old file, until its first right token
        self._lock = threading.Lock()

    @classmethod
    def of(cls, token: str, path: Path | None = None) -> HashedToken:
        key = secrets.token_bytes(32)
        return cls(key, _keyed(key, token), path)

    def __call__(self, token: str) -> bool:
        given = token.encode()
        if len(given) > _MAX_TOKEN_BYTES:
            return False
        if self._pbkdf2 is None:
            return hmac.compare_digest(_keyed(self.key, token), self.digest)
        salt, iterations = self._pbkdf2
        derived = hashlib.pbkdf2_hmac("sha256", given, salt, iterations)
        if not hmac.compare_digest(derived, self.digest):
            return False
        with self._lock:  # the right token: keep it in the new form from now on
            if self._pbkdf2 is not None:
                self.key = secrets.token_bytes(32)
                self.digest = _keyed(self.key, token)
                self._pbkdf2 = None
                if self.path is not None:
                    write_private(self.path, self.to_json())
        return True

    @property
    def slow(self) -> bool:
        """Whether a check still costs a key derivation (an old file): run it off the loop."""
        return self._pbkdf2 is not None

    def to_json(self) -> str:
        return json.dumps(
            {"algorithm": "hmac_sha256", "key": self.key.hex(), "hash": self.digest.hex()}
        )

    @classmethod
    def from_json(cls, text: str, path: Path | None = None) -> HashedToken:
        data = json.loads(text)
        digest = bytes.fromhex(data["hash"])
        if data.get("algorithm") == "pbkdf2_sha256":
            salt = bytes.fromhex(data["salt"])
            return cls(salt, digest, path, pbkdf2=(salt, int(data["iterations"])))
        return cls(bytes.fromhex(data["key"]), digest, path)


def _keyed(key: bytes, token: str) -> bytes:
    return hmac.new(key, token.encode(), hashlib.sha256).digest()


def load_or_create_token(path: Path, renew: bool = False) -> tuple[HashedToken, str | None]:
    """The stored token check, and the new token itself when one was just created."""
    if path.exists() and not renew:
        return HashedToken.from_json(path.read_text(encoding="utf-8"), path), None
    token = secrets.token_urlsafe(24)
    hashed = HashedToken.of(token, path)
    write_private(path, hashed.to_json())
    return hashed, token


def load_or_create_captain_secret(path: Path) -> bytes:
    """The captains' links' signing key, created at the first start."""
    if path.exists():
        try:
            return bytes.fromhex(path.read_text(encoding="utf-8").strip())
        except ValueError:
            pass  # unreadable: a new secret (the captains' links change)
    secret = secrets.token_bytes(32)
    write_private(path, secret.hex())
    return secret


# Secrets that can appear in a log line: a captain's ``key``, a ``token``, a WebSocket
# ``ticket`` or a member's ``pin`` in a query string or a form body; a cookie's or an
# ``Authorization`` header's value wherever a header is written out (a traceback, a proxy's
# line). Each value is replaced by ``***``; the name stays, so the line still says what it was.
_SECRET_IN_QUERY = re.compile(
    r"(?:^|(?<=[?&;\s\"']))(key|token|ticket|pin)=[^&\s\"';]*", re.IGNORECASE
)
_SECRET_HEADER = re.compile(
    r"((?:set-)?cookie|authorization)(['\"]?\s*[:=,]\s*['\"]?)([^'\"\r\n]*)", re.IGNORECASE
)
_SESSION_COOKIE = re.compile(r"(pokerfloor_[a-z_]+=)[^;\s\"']*", re.IGNORECASE)


def redact(text: str) -> str:
    """``text`` (a URL, a log line, a traceback) with every secret's value masked: the values
    of ``key``, ``token``, ``ticket`` and ``pin``, of the ``Cookie``, ``Set-Cookie`` and
    ``Authorization`` headers, and of our cookies."""
    text = _SECRET_IN_QUERY.sub(lambda match: f"{match.group(1)}=***", text)
    text = _SECRET_HEADER.sub(lambda match: f"{match.group(1)}{match.group(2)}***", text)
    return _SESSION_COOKIE.sub(lambda match: f"{match.group(1)}***", text)


class RedactSecrets(logging.Filter):
    """A filter for every handler of every logger the server writes through (uvicorn's
    ``uvicorn.error`` and ``uvicorn.access``, the application's ``pokerfloor``): each string
    argument, the message, and a traceback's text go through ``redact``. The arguments keep
    their shape (uvicorn's access formatter reads them by position)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {
                k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()
            }
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True
