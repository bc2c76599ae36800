"""``--set`` reads an option by the name the table's language gives it (what ``rules show``
and ``explain`` print: ``Gleichstand [tie]``, ``gelijkspel [tie]``), and by its English key
as before, in en, de and nl."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import in_process, ok

from scorekeeper import ruleset as rs
from scorekeeper.lang.data import language
from scorekeeper.lang.typed import typed_options
from scorekeeper.rules.source import shipped_dirs


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    return in_process(tmp_path, monkeypatch)


SAID = {  # the option tie of bierkopf set to none, as each table writes it
    "en": ["tie=none"],
    "de": ["Gleichstand=keine", "gleichstand=keine", "tie=none", "tie=keine"],
    "nl": ["gelijkspel=geen", "Gelijkspel=geen", "tie=none", "gelijkspel=none"],
}


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_new_reads_option_names_in_the_table_s_language(
    run: Any, tmp_path: Path, lang: str
) -> None:
    for n, pair in enumerate(SAID[lang]):
        path = tmp_path / f"m{n}.toml"
        res = run(
            "new", "bierkopf", "A", "B", "C", "D", "--lang", lang, "--set", pair, "--match", path
        )
        assert res.returncode == 0, pair + res.stdout + res.stderr
        assert tomllib.loads(path.read_text(encoding="utf-8"))["options"]["tie"] == "none", pair


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_rules_show_reads_option_names_in_the_view_s_language(run: Any, lang: str) -> None:
    for pair in SAID[lang]:
        res = run("--lang", lang, "rules", "show", "bierkopf", "--set", pair, "--json")
        assert res.returncode == 0, pair + res.stdout + res.stderr
        assert json.loads(res.stdout)["options"]["tie"]["value"] == "none", pair


def test_a_name_no_option_has_is_still_refused(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    res = run(
        "new",
        "bierkopf",
        "A",
        "B",
        "C",
        "D",
        "--lang",
        "nl",
        "--set",
        "kleur=geen",
        "--match",
        path,
    )
    assert res.returncode == 2 and "Traceback" not in res.stderr, res.stderr
    assert "[regel: opties]" in res.stderr, res.stderr  # refused in the match's language
    assert not path.exists()


def _options() -> list[tuple[str, str]]:
    found = []
    for d in shipped_dirs():
        for path in sorted(d.glob("*.toml")):
            found += [(path.stem, name) for name in rs.load(path.stem).option_specs]
    return found


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_every_option_of_every_rule_set_is_read_by_its_printed_name(lang: str) -> None:
    voc = language(lang)
    missed = []
    for ruleset, name in _options():
        label = voc.sections.get(name) or voc.settings.get(name)
        if label is None:
            continue  # printed by its key, read by its key
        got = typed_options(ruleset, {label.upper(): "x"}, lang)
        if name not in got:
            missed.append(f"{ruleset}: {label} [{name}] -> {sorted(got)}")
    assert not missed, "\n".join(missed)


# every option by its worded name and a worded value other than its default, at once,
# through the real command line (issue 27: 'rangen voor vier gelijke', 'Fuchs=nein')


def _shown(value: Any, lang: str) -> str:
    """A value as ``explain`` shows it in ``lang`` (ja, nee; a choice's words; A,H,V,10)."""
    from scorekeeper.lang import language
    from scorekeeper.lang.terms import setting_value

    if isinstance(value, bool):
        voc = language(lang)
        return (voc.yes if value else voc.no)[0]
    if isinstance(value, list):
        return ",".join(setting_value(str(item), lang) for item in value)
    return setting_value(str(value), lang)


def _other(spec: Any) -> Any:
    """A value of an option other than its default where there is one."""
    if isinstance(spec.default, bool):
        return not spec.default
    others = [c for c in spec.choices if c != spec.default]
    return others[-1] if others else spec.default


@pytest.mark.parametrize("lang", ["de", "nl"])
@pytest.mark.parametrize("ruleset", sorted(rs.available()))
def test_every_option_is_set_by_the_name_and_value_the_table_is_shown(
    run: Any, lang: str, ruleset: str
) -> None:
    from scorekeeper.lang.terms import option_name

    specs = rs.load(ruleset).option_specs
    wanted = {key: _other(spec) for key, spec in specs.items()}
    sets = []
    for key, value in wanted.items():
        sets += ["--set", f"{option_name(key, lang)}={_shown(value, lang)}"]
    out = ok(run("--lang", lang, "rules", "show", ruleset, *sets, "--json"))
    got = {key: entry["value"] for key, entry in json.loads(out)["options"].items()}
    assert got == wanted, sets
