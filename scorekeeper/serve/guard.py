"""Who may do what: the scorer's one-time token and cookie, the pages' request tokens, the
Host header, and how many streams one device may hold open.

Secrets are compared in constant time (:func:`hmac.compare_digest`). The scorer's token is
printed once in the terminal; opening it gives that phone a cookie (``HttpOnly``,
``SameSite=Strict``) and the token is spent. The terminal can revoke the cookie at any
time and print a new token.

A restart locks no phone out: the sheet's key, the secret that signs the pages' request
tokens and the scorer's cookie (its digest) are kept for each match file in a file only
its owner may read (``serve/`` in the data folder, :func:`kept_in`), so that every
phone's address, open page and scorer's cookie work again once the server is back. The
one-time token is never kept (a new one is printed).
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
import tempfile
from collections import Counter
from hashlib import sha256
from pathlib import Path

from scorekeeper.matchlog.files import read_private

KEPT_MOST = 4096
"""The largest file of kept secrets read (one is about 200 bytes)."""

STREAMS_PER_CLIENT = 8
"""Open streams one address may hold: a phone with a few tabs, not a flood."""


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("utf-8"), b.encode("utf-8"))


def _digest(cookie: str) -> str:
    """What is kept of the scorer's cookie: its digest, never the cookie."""
    return sha256(cookie.encode("utf-8")).hexdigest()


def kept_in(match: Path, home: Path) -> Path:
    """Where the secrets of ``serve`` for the match file ``match`` are kept across
    restarts: a file of its own in ``home``'s ``serve/`` folder, named by the match
    file's real path."""
    name = sha256(os.fsencode(os.path.realpath(match))).hexdigest()[:24]
    return home / "serve" / f"{name}.json"


class Guard:
    """The server's secrets: the sheet's path key, the scorer's token and cookie; kept
    in ``kept`` (when given) so that a restart keeps every phone in."""

    def __init__(self, key: str | None = None, kept: Path | None = None) -> None:
        self.key = key or secrets.token_urlsafe(12)
        self._secret = secrets.token_bytes(32)
        self.token: str | None = None
        self._cookie: str | None = None  # the scorer's cookie's digest
        self._streams: Counter[str] = Counter()
        self._kept = kept
        if kept is not None and not self._load(kept):
            self._save()

    # ------------------------------------------------------------------ kept across restarts
    def _load(self, kept: Path) -> bool:
        """The secrets of the last run, if their file is sound (else new ones): a plain
        file of this user that no one else may read or write, as ``_save`` makes it. One
        planted in a shared or synced ``serve/`` (a link, a pipe, a file others can read,
        or another user's) is not trusted: whoever planted it would know the sheet's
        address and hold the scorer's cookie."""
        raw = read_private(kept, KEPT_MOST)
        if raw is None:
            return False
        try:
            data = json.loads(raw)
            key, secret, cookie = (
                data["key"],
                bytes.fromhex(data["secret"]),
                data["scorer"],
            )
        except (OSError, ValueError, KeyError, TypeError):
            return False
        if not isinstance(key, str) or len(key) < 16 or len(secret) < 32:
            return False
        self.key, self._secret = key, secret
        self._cookie = cookie if isinstance(cookie, str) else None
        return True

    def _save(self) -> None:
        """Written whole and renamed into place, readable by the owner alone."""
        if self._kept is None:
            return
        folder = self._kept.parent
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        data = {"key": self.key, "secret": self._secret.hex(), "scorer": self._cookie}
        handle, temp = tempfile.mkstemp(dir=folder, prefix=".serve-", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(data, out)
            os.replace(temp, self._kept)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise

    def forget(self) -> None:
        """A new key and secret, no scorer (``serve --new-address``): every address and
        cookie given out before stops working."""
        self.key = secrets.token_urlsafe(12)
        self._secret = secrets.token_bytes(32)
        self._cookie = None
        self._save()

    # ------------------------------------------------------------------ the sheet's key
    def is_key(self, key: str) -> bool:
        return _same(key, self.key)

    # ------------------------------------------------------------------ the scorer
    def new_token(self) -> str:
        """A fresh one-time token for the scorer's page (the old cookie stays valid until
        the token is used or the scorer is revoked)."""
        self.token = secrets.token_urlsafe(16)
        return self.token

    def revoke(self) -> str:
        """No phone may record any more; a new token for the next scorer's page."""
        self._cookie = None
        self._save()
        return self.new_token()

    def redeem(self, token: str) -> str | None:
        """The scorer's cookie for a valid token (which is spent), else None. The phone
        that held the role before loses it: one scorer at a time."""
        if self.token is None or not _same(token, self.token):
            return None
        self.token = None
        cookie = secrets.token_urlsafe(24)
        self._cookie = _digest(cookie)
        self._save()
        return cookie

    def is_scorer(self, cookie: str | None) -> bool:
        return (
            bool(cookie) and self._cookie is not None and _same(_digest(cookie or ""), self._cookie)
        )

    # ------------------------------------------------------------------ request tokens
    def csrf(self, cookie: str | None) -> str:
        """A page's request token: random, signed for the cookie the page was made for."""
        nonce = secrets.token_urlsafe(9)
        return f"{nonce}.{self._sign(nonce, cookie)}"

    def csrf_ok(self, token: str | None, cookie: str | None) -> bool:
        if not token or "." not in token:
            return False
        nonce, signature = token.split(".", 1)
        return _same(signature, self._sign(nonce, cookie))

    def _sign(self, nonce: str, cookie: str | None) -> str:
        message = f"{nonce}|{cookie or ''}".encode()
        return hmac.new(self._secret, message, sha256).hexdigest()[:32]

    # ------------------------------------------------------------------ streams

    def open_stream(self, client: str) -> bool:
        if self._streams[client] >= STREAMS_PER_CLIENT:
            return False
        self._streams[client] += 1
        return True

    def close_stream(self, client: str) -> None:
        self._streams[client] -= 1
        if self._streams[client] <= 0:
            del self._streams[client]
