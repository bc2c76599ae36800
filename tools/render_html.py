"""Render scorekeeper's HTML export in a real browser (headless Chromium) and write a PNG.

Run: python tools/render_html.py [--ruleset R] [--hands N] [--out DIR] [FILE.html ...]

Without files it plays a demo match per rule set (doppelkopf-ddv and klaverjassen unless
--ruleset is given), exports each as HTML and renders each to ``DIR/<name>.png`` (and a
print-media PDF), so a person can look at what the export really shows. Chromium must be
installed (Debian: ``apt-get install chromium``); without it the script says so and exits
77 (skipped), which CI treats as "not available here". The browser runs with networking
off: an export that needed the network would show it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SKIPPED = 77
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "chrome")


def browser() -> str | None:
    return next((path for name in BROWSERS if (path := shutil.which(name))), None)


def export(ruleset: str, hands: int, out: Path, home: Path) -> Path:
    """A demo match of ``ruleset`` exported as HTML into ``out``."""
    env = {**os.environ, "SCOREKEEPER_HOME": str(home)}
    match = home / f"{ruleset}.toml"
    sk = [sys.executable, "-m", "scorekeeper"]
    demo = [*sk, "demo", ruleset, "--hands", str(hands), "--match", str(match)]
    subprocess.run(demo, env=env, check=True, capture_output=True)
    page = out / f"{ruleset}.html"
    subprocess.run(
        [*sk, "export", "--format", "html", "--match", str(match), "-o", str(page)],
        env=env,
        check=True,
        capture_output=True,
    )
    return page


def render(chrome: str, page: Path, png: Path, width: int = 1000, height: int = 1400) -> None:
    """Screenshot ``page`` into ``png`` and print it (print stylesheet) into a PDF beside it."""
    common = [
        chrome,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-extensions",
        "--hide-scrollbars",
        # no network: a self-contained file needs none
        "--proxy-server=127.0.0.1:9",
        "--host-resolver-rules=MAP * ~NOTFOUND",
    ]
    url = page.resolve().as_uri()
    with tempfile.TemporaryDirectory() as profile:
        profile_arg = f"--user-data-dir={profile}"
        subprocess.run(
            [*common, profile_arg, f"--window-size={width},{height}", f"--screenshot={png}", url],
            check=True,
            capture_output=True,
            timeout=120,
        )
        pdf = png.with_suffix(".pdf")
        subprocess.run(
            [*common, profile_arg, f"--print-to-pdf={pdf}", "--no-pdf-header-footer", url],
            check=True,
            capture_output=True,
            timeout=120,
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="HTML files to render")
    parser.add_argument("--ruleset", action="append", help="demo rule sets to export")
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--out", type=Path, default=Path("render-html"))
    args = parser.parse_args()
    chrome = browser()
    if chrome is None:
        print("render_html: no Chromium installed; skipped", file=sys.stderr)
        return SKIPPED
    args.out.mkdir(parents=True, exist_ok=True)
    pages = list(args.files)
    if not pages:
        with tempfile.TemporaryDirectory() as home:
            for ruleset in args.ruleset or ["doppelkopf-ddv", "klaverjassen"]:
                pages.append(export(ruleset, args.hands, args.out, Path(home)))
    for page in pages:
        png = args.out / f"{page.stem}.png"
        render(chrome, page, png)
        if not png.exists() or png.stat().st_size == 0:
            print(f"render_html: {page}: no picture written", file=sys.stderr)
            return 1
        print(f"{page} -> {png} ({png.stat().st_size} bytes), {png.with_suffix('.pdf')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
