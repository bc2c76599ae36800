"""The one way the tests open a real browser: Debian's chromium (``apt-get install
chromium``; no browser download) driven by playwright's sync API through
``executable_path``, in a module-scoped fixture closed at the module's end.

Not pytest-playwright's session-scoped ``browser``/``page`` fixtures: an open browser keeps
an asyncio loop running, which a later test's own ``asyncio.run`` (prompt_toolkit's, in
the table session's tests) must not meet in the same worker. A test module takes it with
``from browser_helpers import module_browser`` and asks for ``browser``; where chromium or
playwright is missing its tests skip and say why.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PHONE = {"width": 390, "height": 844}
"""A phone's window (the page must never scroll sideways in it)."""

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium's switches: no sandbox in a container, nothing fetched from the network."""


@pytest.fixture(scope="module", name="browser")
def module_browser() -> Iterator[Any]:
    """Chromium for one test module, closed when the module is done."""
    pytest.importorskip("playwright", reason="playwright is not installed (the test extra)")
    if not CHROMIUM:
        pytest.skip("no chromium here: apt-get install chromium (as root) to run these tests")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()
