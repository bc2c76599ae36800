"""click's and Typer's own words, as they print them: catalogue entries without a
context (msgid only), because click and Typer look them up through ``gettext`` by their
English words alone (``scorekeeper.cli.labels`` points ``gettext`` at our catalogue).
A message click counts (``ngettext``: "extra argument" or "extra arguments") is two
entries here, one for each English form (``scorekeeper.cli.labels.ngettext`` picks)."""

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
    "Did you mean {possibility}?",
    "(Possible options: {possibilities})",
    "Got unexpected extra argument ({args})",
    "Got unexpected extra arguments ({args})",
    "Option {name!r} requires an argument.",
    "Option {name!r} requires {nargs} arguments.",
    "Takes {nargs} values but 1 was given.",
    "Takes {nargs} values but {len} were given.",
    "Missing parameter: {param_name}",
    "Missing {param_type}",
    "{value!r} is not {choice}.",
    "{value!r} is not one of {choices}.",
    "{name} {filename!r} does not exist.",
    "{name} {filename!r} is a file.",
    "{name} {filename!r} is a directory.",
    "{name} {filename!r} is not readable.",
    "{name} {filename!r} is not writable.",
    "Could not open file {filename!r}: {message}",
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
