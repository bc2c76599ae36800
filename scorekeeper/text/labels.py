"""click's and Typer's own words, as they print them: catalogue entries without a
context (msgid only), because click and Typer look them up through ``gettext`` by their
English words alone (``scorekeeper.cli.labels`` points ``gettext`` at our catalogue)."""

from __future__ import annotations

LABELS = (
    # click
    "Usage:",
    "Options",
    "Commands",
    "Show this message and exit.",
    "Show the version and exit.",
    "Error: {message}",
    "Missing argument",
    "Missing option",
    "Missing parameter",
    "Missing command.",
    "No such option: {name}",
    "No such command {name!r}.",
    "Invalid value for {param_hint}: {message}",
    "Invalid value: {message}",
    "Try '{command} {option}' for help.",
    "Aborted!",
    "{value!r} is not a valid {number_type}.",
    "{value!r} is not a valid boolean.",
    "{value} is not in the range {range}.",
    "Option {name!r} does not take a value.",
    "Argument {name!r} takes {nargs} values.",
    "Choose from:\n\t{choices}",
    "env var: {var}",
    "default: {default}",
    "required",
    "(dynamic)",
    # Typer
    "Arguments",
    "Error",
    "(deprecated) ",
    "[default: {}]",
    "[env var: {}]",
    "[required]",
    "Aborted.",
    "Try [blue]'{command_path} {help_option}'[/] for help.",
)
