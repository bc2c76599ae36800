"""The ``scorekeeper`` console command and ``python -m scorekeeper``.

A plain table command (``play QC``, ``status``...) runs on the quick path, without
Typer, click or rich (:mod:`.quick`); everything else goes to the Typer app (:mod:`.app`),
imported only then. ``scorekeeper.cli.app:main`` does the same.
"""

from __future__ import annotations

from scorekeeper.cli import launch, quick


def main() -> None:
    """Console entry point: never a traceback for bad input."""
    launch.run(_quick_or_typer)


def _quick_or_typer(argv: list[str]) -> None:
    if quick.run(argv):
        return
    from scorekeeper.cli.app import typer_main

    typer_main(argv)
