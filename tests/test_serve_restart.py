"""``scorekeeper serve`` across a restart and at rest (issue 29): a restart locks no phone
out (the same address, the scorer's cookie and an open page's request token still work;
``--new-address`` makes new ones), the secrets are kept readable by the owner alone and
never the cookie itself; an idle server with four phones connected does not wake up."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from serve_helpers import (
    idle_wakeups,
    new_match,
    page_config,
    page_csrf,
    request,
    scorer_cookie,
    served,
    stream,
)

pytest.importorskip("starlette", reason="the serve extra is not installed")


def _is_scorer(s, cookie: str) -> bool:  # type: ignore[no-untyped-def]
    text = request(s, "GET", f"/{s.key}/", headers={"Cookie": f"scorer={cookie}"})[2]
    return bool(page_config(text)["scorer"])


def test_a_restart_keeps_every_phone_in(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    with served(home, match) as s:
        key, token = s.key, s.scorer_url
        cookie = scorer_cookie(s)
        csrf, version = page_csrf(s, cookie)  # a page open on the scorer's phone
    with served(home, match) as again:
        assert again.key == key  # every phone's address works again
        assert again.scorer_url != token  # a new one-time token, the old one spent
        assert _is_scorer(again, cookie)
        body = {"version": version, "action": "Ben QC", "lang": "en"}
        jar = {"Cookie": f"scorer={cookie}", "X-CSRF-Token": csrf}
        status, _, text = request(again, "POST", f"/{again.key}/act", body, jar)
        assert status == 200, text  # the page as it was before the restart still records
    kept = list((home / "serve").iterdir())
    assert len(kept) == 1 and stat.S_IMODE(kept[0].stat().st_mode) == 0o600
    assert cookie not in kept[0].read_text()  # only its digest


def test_a_new_address_locks_the_old_ones_out(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    with served(home, match) as s:
        key = s.key
        cookie = scorer_cookie(s)
    with served(home, match, "--new-address") as again:
        assert again.key != key
        assert request(again, "GET", f"/{key}/")[0] == 404
        assert not _is_scorer(again, cookie)
    with served(home, match) as third:  # and the new address is the one kept
        assert third.key == again.key


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="Linux's /proc is needed")
def test_an_idle_server_with_four_phones_sleeps(tmp_path: Path) -> None:
    """Nothing changes: the server waits in the kernel (uvicorn's tick of ten wake-ups a
    second is gone; a stream's keep-alive comes every 30 s)."""
    home, match = new_match(tmp_path)
    with served(home, match) as s:
        phones = [stream(s) for _ in range(4)]
        for phone in phones:
            next(phone.__enter__())
        woke = idle_wakeups(s.proc.pid)
        for phone in phones:
            phone.__exit__(None, None, None)
    assert woke < 6, woke
