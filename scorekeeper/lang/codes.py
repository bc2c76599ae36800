"""The languages scorekeeper reads and speaks, by code: a leaf that the package and its
language files both read (the package re-exports the files' readers lazily, so the files
cannot read these from the package without an import cycle)."""

LANGS = ("en", "de", "nl")
"""The languages scorekeeper reads and speaks; English is the default."""

DEFAULT = "en"
