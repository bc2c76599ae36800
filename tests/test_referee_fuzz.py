"""Fuzzing the doors of issue 15: words after an action, and what a match file's
``ruleset`` may name.

- An action with random words after it, at a random moment of a random hand of every
  family: entered now, it is split into actions whose every word is read, or refused
  properly; a word ``surplus`` calls left over is exactly one the replay passes over (the
  hand ends the same with or without it), so old files score as they always did.
- A match file naming a random rule set (ids, relative and absolute paths, folders,
  foreign files, text): ``check`` and ``score`` answer with exit 0 or 1, never show a
  foreign file's words, never change the file, and accept only an id or a rule-set file.

The budget is small in CI (see ``fuzzing``); ``SCOREKEEPER_FUZZ_EXAMPLES`` raises it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import tomli_w
from cli_helpers import PLAYERS
from fuzzing import HAND_LIFE, fuzz, hand_at, proper_refusal
from hypothesis import assume, given
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorekeeper import ruleset
from scorekeeper.actions import entered, parse_action
from scorekeeper.cli.app import app
from scorekeeper.errors import ScorekeeperError
from scorekeeper.games import family_for
from scorekeeper.hand import Hand

GAMES = {
    "doppelkopf": PLAYERS,
    "doppelkopf-ddv": PLAYERS,
    "klaverjassen": PLAYERS,
    "klaverjassen-wilde-boom": PLAYERS,
    "klaverjassen-3": PLAYERS[:3],
    "klaberjass": PLAYERS[:2],
    "kloepper": PLAYERS,
    "bierkopf": PLAYERS,
}
# words a table might add: the games' own, cards, numbers, and anything without a space
EXTRA = ["re", "contra", "kontra", "no90", "no60", "black", "queens", "hearts", "harten"]
EXTRA += ["pass", "kraak", "QC", "10H", "7S", "AH", "3", "0", "banana", "Ben", "[/]", "é"]
WORD = st.sampled_from(EXTRA) | st.text(
    st.characters(blacklist_categories=("Z", "C")), min_size=1, max_size=6
)


def _after(hand: Hand) -> tuple[object, ...]:
    """What an action leaves behind that later play depends on."""
    listed = sorted(str(a) for a in hand.legal_actions())
    result = hand.result() if hand.finished else None
    return (listed, hand.finished, None if result is None else result.to_dict())


def _applied(hand: Hand, text: str) -> tuple[str, object]:
    try:
        hand.apply(text)
    except ScorekeeperError as exc:
        proper_refusal(exc)
        return "refused", exc.rule
    return "applied", _after(hand)


@fuzz(60)
@given(
    game=st.sampled_from(sorted(GAMES)),
    # early in a hand, where most of what players say is said
    life=st.fixed_dictionaries({**HAND_LIFE, "steps": st.integers(0, 8)}),
    pick=st.integers(0, 99),
    extra=st.lists(WORD, min_size=1, max_size=3),
)
def test_fuzz_words_after_an_action(
    game: str, life: dict[str, int], pick: int, extra: list[str]
) -> None:
    rules = ruleset.load(game)
    players, family = GAMES[game], family_for(rules)

    def fresh() -> Hand:
        return hand_at(rules, players, life["seed"], None, life["steps"], dealer=players[0])

    said = [a for a in fresh().legal_actions() if not a.is_play]
    assume(said)
    base = said[pick % len(said)]
    text = " ".join([base.text, *extra])
    # entered now: every word read, or a proper refusal naming one of the words added
    try:
        parts = entered(text, players, family, rules)
    except ScorekeeperError as exc:
        proper_refusal(exc)
        if exc.reason is not None and exc.reason.key == "action.surplus":
            assert exc.reason.params["word"] in extra, (text, exc.reason.params)
    else:
        for part in parts:
            assert family.surplus(rules, parse_action(part, players)) is None, (text, part)
    # replayed: the words called surplus are exactly those the replay passes over
    extra_words = family.surplus(rules, parse_action(text, players))
    if extra_words is None:
        return
    assert extra_words.words, text
    kept = text.split()[: -len(extra_words.words)]
    assert " ".join(text.split()[-len(extra_words.words) :]) == " ".join(extra_words.words)
    assert _applied(fresh(), text) == _applied(fresh(), " ".join(kept)), text


# ---------------------------------------------------------------------- rule-set names

SECRET = "secret-words-of-a-foreign-file"
PARTS = ["..", ".", "etc", "passwd", "secret.toml", "house.toml", "rulesets", "", "~", "\\"]
PARTS += ["doppelkopf", "doppelkopf.toml", "nowhere.toml", "folder", "folder.toml", "/"]


@st.composite
def rule_set_names(draw: st.DrawFn, root: str) -> str:
    how = draw(st.sampled_from(["id", "relative", "absolute", "text"]))
    if how == "id":
        return draw(st.sampled_from([*GAMES, "house", "nosuch", "passwd", "secret"]))
    if how == "text":
        return draw(st.text(max_size=20))
    path = "/".join(draw(st.lists(st.sampled_from(PARTS), min_size=1, max_size=5)))
    return f"{root}/{path}" if how == "absolute" else path


def _fill(tmp: Path) -> Path:
    """A data folder beside foreign files: a passwd, a TOML file that is no rule set, a
    folder named like a rule set, and one real house rule."""
    (tmp / "etc").mkdir(exist_ok=True)
    (tmp / "etc" / "passwd").write_text(f"root:x:0:0:{SECRET}\n", encoding="utf-8")
    (tmp / "secret.toml").write_text(f'name = "{SECRET}"\nfamily = "{SECRET}"\n', encoding="utf-8")
    (tmp / "folder.toml").mkdir(exist_ok=True)
    (tmp / "house.toml").write_text('extends = "doppelkopf"\n', encoding="utf-8")
    work = tmp / "work" / "deeper"
    work.mkdir(parents=True, exist_ok=True)
    return work


runner = CliRunner()


@fuzz(40)
@given(data=st.data())
def test_fuzz_a_match_file_naming_any_rule_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: st.DataObject
) -> None:
    work = _fill(tmp_path)
    named = data.draw(rule_set_names(str(tmp_path)))
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(work)
    header = {
        "format": "scorekeeper-match/1",
        "ruleset": named,
        "players": PLAYERS,
        "first_dealer": "Anna",
        "started": "2026-11-24T02:00:00+01:00",
    }
    path = work / "m.toml"
    text = tomli_w.dumps(header).replace('"2026-11-24T02:00:00+01:00"', "2026-11-24T02:00:00+01:00")
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    for args in (["check", str(path)], ["score", "--match", str(path)]):
        res = runner.invoke(app, args, catch_exceptions=False)
        said = res.stdout + res.stderr
        assert res.exit_code in (0, 1), (named, args, res.exit_code, said)
        assert SECRET not in said, (named, said)
        assert "internal error" not in said, (named, said)
        if res.exit_code == 0:
            target = Path(named) if named.endswith(".toml") else None
            assert named in GAMES or (
                target is not None and target.resolve() == (tmp_path / "house.toml").resolve()
            ), (named, said)
        else:
            assert res.stderr.strip(), (named, args)
    assert path.read_bytes() == before
