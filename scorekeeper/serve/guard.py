"""Who may do what: the scorer's one-time token and cookie, the pages' request tokens, the
Host header, and how many streams one device may hold open.

Secrets are compared in constant time (:func:`hmac.compare_digest`). The scorer's token is
printed once in the terminal; opening it gives that phone a cookie (``HttpOnly``,
``SameSite=Strict``) and the token is spent. The terminal can revoke the cookie at any
time and print a new token.
"""

from __future__ import annotations

import hmac
import secrets
from collections import Counter
from hashlib import sha256

STREAMS_PER_CLIENT = 8
"""Open streams one address may hold: a phone with a few tabs, not a flood."""


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("utf-8"), b.encode("utf-8"))


class Guard:
    """The server's secrets: the sheet's path key, the scorer's token and cookie."""

    def __init__(self, key: str | None = None) -> None:
        self.key = key or secrets.token_urlsafe(12)
        self._secret = secrets.token_bytes(32)
        self.token: str | None = None
        self._cookie: str | None = None
        self._streams: Counter[str] = Counter()

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
        return self.new_token()

    def redeem(self, token: str) -> str | None:
        """The scorer's cookie for a valid token (which is spent), else None. The phone
        that held the role before loses it: one scorer at a time."""
        if self.token is None or not _same(token, self.token):
            return None
        self.token = None
        self._cookie = secrets.token_urlsafe(24)
        return self._cookie

    def is_scorer(self, cookie: str | None) -> bool:
        return bool(cookie) and self._cookie is not None and _same(cookie or "", self._cookie)

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
