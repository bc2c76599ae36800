"""The program: ``python -m scorekeeper`` and the ``scorekeeper`` console script
(``[project.scripts]`` in pyproject.toml names :func:`main`).

A plain table command (``play QC``, ``status``...) runs on the quick path, without
Typer, click or rich (:mod:`scorekeeper.cli.quick`); everything else goes to the Typer
app (:mod:`scorekeeper.cli.app`), imported only then. ``scorekeeper.cli.app:main`` does
the same. Importing this module starts nothing: the console script imports :func:`main`.
"""

from __future__ import annotations


def main() -> None:
    """Console entry point: never a traceback for bad input, nor for a Ctrl-C while the
    program is still starting (exit status 130, as for any Ctrl-C that stops a command)."""
    try:
        from scorekeeper.cli import quick
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    quick.start(_quick_or_typer)


def _quick_or_typer(argv: list[str]) -> None:
    from scorekeeper.cli import quick

    if quick.run(argv):
        return
    from scorekeeper.cli.app import typer_main

    typer_main(argv)


if __name__ == "__main__":
    main()
