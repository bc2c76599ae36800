"""Filling a catalogue template for a test: every field gets a value of the kind it takes."""

from __future__ import annotations

import string
from typing import Any


def template_params(template: str, listed: list[str]) -> dict[str, Any]:
    """Parameters that fill every field of a template: ``listed`` where a list is joined
    (``!l``, ``!j``, ``!o`` or an index), a suit where the field is a suit, else 2."""
    params: dict[str, Any] = {}
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is None:
            continue
        base = name.split("[")[0].split(".")[0]
        if conversion in ("l", "j", "o") or "[" in name:
            params[base] = list(listed)
        elif spec == "suit":
            params[base] = "H"
        else:
            params[base] = 2
    return params
