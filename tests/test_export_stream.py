"""Exports stream hand by hand and give exactly the bytes of the whole-match export."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from cli_helpers import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from random_matches import PROPERTY, Cut, cuts, data_home, random_log

from scorekeeper import matchlog
from scorekeeper.export import to_csv, to_json
from scorekeeper.session import Session, exports


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return data_home(tmp_path, monkeypatch)


def whole(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """Today's exports: the whole match replayed, then dumped."""
    with monkeypatch.context() as mp:
        mp.setenv("SCOREKEEPER_CACHE", "off")
        session = Session.open(path, full=True)
        return to_json(session.log, session.match), to_csv(session.match)


def streamed(path: Path, format_: str) -> str:
    out = io.StringIO()
    exports.export(path, out, format_)
    return out.getvalue()


@settings(PROPERTY, max_examples=30)
@given(drawn=cuts(), edited=st.booleans())
def test_streamed_exports_are_byte_identical(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drawn: Cut, edited: bool
) -> None:
    log, path = drawn.fresh(tmp_path)
    text = log.dumps()
    path.write_text(("# edited by hand\n" if edited else "") + text, encoding="utf-8")
    expected_json, expected_csv = whole(path, monkeypatch)
    with monkeypatch.context() as mp:
        sections = not log.hands or "[[hand]]" in text
        if sections:  # a file of [[hand]] tables is never exported whole, edited or not
            mp.setattr("scorekeeper.export.to_json", None)
            mp.setattr("scorekeeper.export.to_csv", None)
        assert streamed(path, "json") == expected_json  # cold: no snapshot yet
        assert streamed(path, "csv") == expected_csv
        assert streamed(path, "json") == expected_json  # warm
        mp.setenv("SCOREKEEPER_CACHE", "off")
        assert streamed(path, "csv") == expected_csv


def test_export_to_a_file_is_whole_or_nothing(tmp_path: Path, home: Path) -> None:
    path = tmp_path / "m.toml"
    matchlog.write(path, random_log("doppelkopf", 3, 3))
    target = tmp_path / "out.json"
    done = run_cli(home, "export", "--format", "json", "-o", target, "--match", path)
    assert done.returncode == 0, done.stderr
    assert "Exported 3 hands" in done.stdout
    printed = run_cli(home, "export", "--format", "json", "--match", path)
    assert target.read_text(encoding="utf-8") == printed.stdout
    broken = path.read_text(encoding="utf-8").replace('"Ben ', '"Bob ', 1)
    path.write_text(broken, encoding="utf-8")
    refused = run_cli(home, "export", "--format", "csv", "-o", tmp_path / "x.csv", "--match", path)
    assert refused.returncode == 1 and refused.stdout == ""
    assert "m.toml:" in refused.stderr
    assert not (tmp_path / "x.csv").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_long_match_is_replayed_hand_by_hand_when_the_cache_is_cold(tmp_path: Path) -> None:
    """Without a cache entry, a file is replayed hand by hand into one."""
    path = tmp_path / "m.toml"
    matchlog.write(path, random_log("doppelkopf", 4, 11, 0.0))
    session = Session.open(path)
    assert session._tail is not None and session._tail.first == 4
    assert session.match.hands[0].hand is None
    assert Session.open(path, full=True).match.hands[0].hand is not None


@settings(PROPERTY, max_examples=20)
@given(drawn=cuts())
def test_the_sheet_as_json_is_streamed_byte_for_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], drawn: Cut
) -> None:
    """``score --json`` (and ``demo --json``) write the hands one at a time: the very text
    of the whole sheet dumped at once, for a match with no hand, an open one or only
    finished ones."""
    import json

    from scorekeeper import export as render

    log, path = drawn.fresh(tmp_path)
    path.write_text(log.dumps(), encoding="utf-8")
    match = Session.open(path).match
    whole = json.dumps(render.sheet_dict(match), indent=2, ensure_ascii=False, default=str)
    capsys.readouterr()
    render.emit_sheet(match)
    assert capsys.readouterr().out == whole + "\n"
    render.emit_sheet(match, {"match": str(path)})
    with_path = {**render.sheet_dict(match), "match": str(path)}
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(with_path, default=str))
