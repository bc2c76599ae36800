"""The web layer of ``scorekeeper serve``: it only parses requests and renders answers.

Paths (``KEY`` is the sheet's unguessable key, printed in the URL)::

    GET  /KEY/               the live page (``?lang=de``)
    GET  /KEY/events         its stream: a full snapshot on connect and on every change
    GET  /KEY/scorer/TOKEN   the scorer's one-time token, exchanged for a cookie
    POST /KEY/act            the scorer records an action   {version, action, lang}
    POST /KEY/undo           the scorer undoes the last entry {version, lang}
    POST /KEY/redo           the scorer puts back what the undo took {version, lang}
    POST /KEY/quick          the scorer enters a quick hand {version, lang, facts, said}
    POST /KEY/handover       the scorer's role for another phone: a new one-time address
    POST /KEY/referee        a player's private question     {hand, lang}

Any other path, or a wrong key, is 404; a Host header this server was not started for is
400 (DNS rebinding); a write without the scorer's cookie or the page's request token is
403, one made on an older version of the record 409 (nothing recorded).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from scorekeeper.errors import ScorekeeperError
from scorekeeper.serve import page
from scorekeeper.serve.guard import Guard
from scorekeeper.serve.live import Hub, parse_version, speaking, version_text
from scorekeeper.session import StaleEntryError
from scorekeeper.shown import visible
from scorekeeper.text import language
from scorekeeper.view.words import cards, say

COOKIE = "scorer"
MAX_BODY = 8192
MAX_TEXT = 300
MAX_FACTS = 20


def pick_language(request: Request) -> str:
    """The phone's language: ``?lang=``, else its browser's first of en/de/nl, else English."""
    if chosen := language.parse(request.query_params.get("lang")):
        return chosen
    for part in request.headers.get("accept-language", "").split(","):
        if found := language.parse(part.split(";")[0]):
            return found
    return language.ENGLISH


class Server:
    """One match served: its hub (the state and the streams) and its guard (the secrets)."""

    def __init__(self, hub: Hub, guard: Guard, hosts: Sequence[str]) -> None:
        self.hub = hub
        self.guard = guard
        self.hosts = list(hosts)

    def app(self) -> Starlette:
        key = "/{key}"
        routes = [
            Route(key + "/", self.page),
            Route(key + "/events", self.events),
            Route(key + "/scorer/{token}", self.scorer),
            Route(key + "/act", self.act, methods=["POST"]),
            Route(key + "/undo", self.undo, methods=["POST"]),
            Route(key + "/redo", self.redo, methods=["POST"]),
            Route(key + "/quick", self.quick, methods=["POST"]),
            Route(key + "/handover", self.handover, methods=["POST"]),
            Route(key + "/referee", self.referee, methods=["POST"]),
        ]
        middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=self.hosts)]
        return Starlette(routes=routes, middleware=middleware)

    def close(self) -> None:
        """Ctrl-C: every stream ends now, so that the server stops at once."""
        self.hub.feed.close()

    # ------------------------------------------------------------------ reading
    def _known(self, request: Request) -> bool:
        return self.guard.is_key(request.path_params.get("key", ""))

    async def page(self, request: Request) -> Response:
        if not self._known(request):
            return Response(status_code=404)
        lang = pick_language(request)
        cookie = request.cookies.get(COOKIE)
        scorer = self.guard.is_scorer(cookie)
        body = self.hub.words(lang, scorer)
        with speaking(lang):
            quick = page.quick_form(self.hub.state) if scorer else ""
            html = page.document(
                self.guard.key, lang, body, scorer=scorer, csrf=self.guard.csrf(cookie), quick=quick
            )
        return HTMLResponse(html, headers=security_headers())

    async def events(self, request: Request) -> Response:
        if not self._known(request):
            return Response(status_code=404)
        client = request.client.host if request.client else "?"
        if not self.guard.open_stream(client):
            with speaking(pick_language(request)):
                return _answer({"message": say("serve.too_many")}, status_code=429)
        lang = pick_language(request)
        cookie = request.cookies.get(COOKIE)

        def snapshot() -> dict[str, Any]:
            scorer = self.guard.is_scorer(cookie)  # asked anew: the role may have moved
            return {"version": self.hub.state.version, "html": self.hub.words(lang, scorer)}

        return StreamingResponse(
            self.hub.feed.stream(snapshot, lambda: self.guard.close_stream(client)),
            media_type="text/event-stream",
            headers={**security_headers(), "X-Accel-Buffering": "no"},
        )

    async def scorer(self, request: Request) -> Response:
        if not self._known(request):
            return Response(status_code=404)
        cookie = self.guard.redeem(request.path_params.get("token", ""))
        if cookie is None:
            with speaking(pick_language(request)):
                text = say("serve.not_scorer")
            return HTMLResponse(f"<p>{page.escape(text)}</p>", status_code=403)
        chosen = language.parse(request.query_params.get("lang"))  # kept for the page
        where = f"/{self.guard.key}/" + (f"?lang={chosen}" if chosen else "")
        answer = RedirectResponse(where, status_code=303)
        answer.set_cookie(
            COOKIE, cookie, path=f"/{self.guard.key}/", httponly=True, samesite="strict"
        )
        return answer

    # ------------------------------------------------------------------ writing
    async def act(self, request: Request) -> Response:
        return await self._write(request, _record)

    async def undo(self, request: Request) -> Response:
        return await self._write(request, _undo, replay=False)

    async def redo(self, request: Request) -> Response:
        return await self._write(request, _redo, replay=False)

    async def quick(self, request: Request) -> Response:
        return await self._write(request, _quick)

    async def _write(
        self,
        request: Request,
        change: Callable[[Any, dict[str, Any]], str],
        *,
        replay: bool = True,
    ) -> Response:
        body = await _body(request)
        lang = language.parse(str(body.get("lang", ""))) or language.ENGLISH
        with speaking(lang):
            cookie = request.cookies.get(COOKIE)
            if not self._known(request):
                return Response(status_code=404)
            if not self.guard.is_scorer(cookie) or not self.guard.csrf_ok(
                request.headers.get("x-csrf-token"), cookie
            ):
                return _answer({"message": say("serve.not_scorer")}, status_code=403)
            version = parse_version(str(body.get("version", "")))
            if version is None or body.get("bad"):
                return _answer({"message": say("serve.bad_request")}, status_code=400)
            try:
                said = self.hub.write(version, lambda session: change(session, body), replay=replay)
            except StaleEntryError as stale:
                return _answer(_stale(stale, lang, self.hub.family), status_code=409)
            except ScorekeeperError as err:
                answer = _refused(err)
                if err.where and err.where.startswith("quick."):
                    answer["field"] = err.where.removeprefix("quick.")
                return _answer(answer, status_code=422)
            return _answer({"message": said, "version": self.hub.state.version})

    async def handover(self, request: Request) -> Response:
        """A new one-time scorer's address, with its QR code, for another phone: the phone
        that opens it becomes the scorer and this one stops recording."""
        body = await _body(request)
        lang = language.parse(str(body.get("lang", ""))) or language.ENGLISH
        if not self._known(request):
            return Response(status_code=404)
        cookie = request.cookies.get(COOKIE)
        with speaking(lang):
            if not self.guard.is_scorer(cookie) or not self.guard.csrf_ok(
                request.headers.get("x-csrf-token"), cookie
            ):
                return _answer({"message": say("serve.not_scorer")}, status_code=403)
            host = request.headers.get("host", "")
            url = f"http://{host}/{self.guard.key}/scorer/{self.guard.new_token()}"
            answer = {"message": say("serve.handover_done"), "url": url, "qr": _qr_svg(url)}
        return _answer(answer, headers={"Cache-Control": "no-store"})

    async def referee(self, request: Request) -> Response:
        """A player's own question: the hand stays in this one request (never stored,
        logged or shown to anybody else)."""
        from scorekeeper.serve.asking import may_play

        body = await _body(request)
        lang = language.parse(str(body.get("lang", ""))) or language.ENGLISH
        if not self._known(request):
            return Response(status_code=404)
        if not self.guard.csrf_ok(request.headers.get("x-csrf-token"), request.cookies.get(COOKIE)):
            with speaking(lang):
                return _answer({"message": say("serve.not_scorer")}, status_code=403)
        hand = body.get("hand")
        with speaking(lang):
            if not isinstance(hand, str) or body.get("bad"):
                return _answer({"message": say("serve.bad_request")}, status_code=400)
            try:
                lines = may_play(self.hub.state, hand, lang)
            except ScorekeeperError as err:
                return _answer(_refused(err), status_code=422)
        return _answer({"lines": lines}, headers={"Cache-Control": "no-store"})


def _answer(content: dict[str, Any], status_code: int = 200, **options: Any) -> JSONResponse:
    """An answer to a phone, inert: every text in it shows its control characters as
    escapes (:func:`scorekeeper.shown.visible`), as the terminal's stream does. A refusal
    quotes what was typed (``'Q\\x1b[41mC' is not a card``); its raw form, a bidi
    override (U+202E) above all, would reorder the answer on the phone."""
    return JSONResponse(_inert(content), status_code=status_code, **options)


def _inert(data: Any) -> Any:
    if isinstance(data, str):
        return visible(data)
    if isinstance(data, dict):
        return {key: _inert(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_inert(item) for item in data]
    return data


def _refused(err: ScorekeeperError) -> dict[str, Any]:
    """A refusal as the page shows it: the reason, and the rule it enforces in the
    phone's words (``[Regel: deck]``, as the terminal says it); ``rule`` the key alone."""
    answer: dict[str, Any] = {"message": err.message, "rule": err.rule}
    if err.rule:
        answer["why"] = say("cli.rule", rule=err.rule)
    return answer


def _record(session: Any, body: dict[str, Any]) -> str:
    action = body.get("action")
    if not isinstance(action, str) or not action.strip():
        raise ScorekeeperError(say("serve.bad_request"), kind="usage")
    session.record([action])
    return say("serve.recorded", what=cards(action))


def _undo(session: Any, body: dict[str, Any]) -> str:
    return say("serve.undone", what=cards(session.undo()))


def _quick(session: Any, body: dict[str, Any]) -> str:
    """A quick hand from the form: the facts given (each as ``KEY=VALUE``) and what was
    said, one line each, read in the phone's language as ``scorekeeper hand`` reads them
    in the match's."""
    from scorekeeper.lang.typed import typed, typed_facts

    facts, told = body.get("facts"), body.get("said", "")
    if not isinstance(facts, dict) or not isinstance(told, str):
        raise ScorekeeperError(say("serve.bad_request"), kind="usage")
    lang = str(body.get("lang", ""))
    items = [f"{k}={v.strip()}" for k, v in facts.items() if isinstance(v, str) and v.strip()]
    lines = [line.split() for line in told.splitlines() if line.strip()]
    mh = session.quick(
        typed_facts(session, items, lang=lang),
        [" ".join(typed(session, w, lang=lang)) for w in lines],
    )
    scores = ", ".join(f"{p} {s:+d}" for p, s in mh.result.scores.items())
    return say("serve.quick.recorded", number=mh.number, scores=scores)


def _redo(session: Any, body: dict[str, Any]) -> str:
    return say("serve.redone", what=cards(session.redo()))


def _qr_svg(url: str) -> str:
    """``url`` as a QR code in inline SVG (segno: no image library)."""
    import segno

    return str(segno.make(url, error="l").svg_inline(scale=4, border=2))


def _stale(stale: StaleEntryError, lang: str, family: str) -> dict[str, Any]:
    """A write refused by the table's guard: what moved since the page's version, worded
    as the table session words it (``Carla played D♣ from another device``)."""
    from scorekeeper.table.native import changed_line

    changed = [changed_line(hand, text, lang, family) for hand, text in stale.since]
    if changed:
        message = say("serve.changed", what="; ".join(changed))
    else:
        message = say("serve.changed_other")
    return {"message": message, "version": version_text(stale.found), "changed": changed}


async def _body(request: Request) -> dict[str, Any]:
    """A small JSON object, or ``{"bad": True}``: texts past ``MAX_TEXT`` are refused."""
    size = request.headers.get("content-length", "")
    if not size.isdigit() or int(size) > MAX_BODY:
        return {"bad": True}
    try:
        data = json.loads(await request.body())
    except (ValueError, UnicodeDecodeError):
        return {"bad": True}
    if not isinstance(data, dict):
        return {"bad": True}
    if any(isinstance(v, str) and len(v) > MAX_TEXT for v in data.values()):
        return {"bad": True}
    facts = data.get("facts", {})
    if not isinstance(facts, dict) or len(facts) > MAX_FACTS:
        return {"bad": True}
    if any(not isinstance(v, str) or len(v) > MAX_TEXT for v in facts.values()):
        return {"bad": True}
    return data


def security_headers(*, forms: bool = True) -> dict[str, str]:
    """What every answer of a page carries: never cached, never framed, no referrer, and a
    content policy that lets in only the page's own inline style and script, its own
    stream and (with ``forms``, the table's page) its own forms and inline images; the
    hall's standings page, which reads only, takes neither."""
    allowed = "img-src 'self' data:; base-uri 'none'; form-action 'self'"
    if not forms:
        allowed = "base-uri 'none'; form-action 'none'"
    return {
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
        "Content-Security-Policy": (
            "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
            f"connect-src 'self'; {allowed}"
        ),
    }


Handler = Callable[[Request], Awaitable[Response]]
