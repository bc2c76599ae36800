"""The errors scorekeeper raises: every one is a ValueError that carries its context.

Each error knows the rule-set key it enforces (``rule``) where there is one, so the CLI
can name it and ``--json`` output can carry it, and where in a file it happened. A refusal
that is not about a game's rules (a usage mistake, a missing or broken match file, a lock)
says what ``kind`` of problem it is instead of naming a rule.
"""

from __future__ import annotations

from scorekeeper.reasons import Reason, because

QUICK = "quick."
"""A quick fact's place (``quick.re``): for ``--json`` and the forms that point at the
fact; its words already name the key as typed (``re=``), so the text does not repeat it."""


class ScorekeeperError(ValueError):
    """Base of all input and rule errors; the message is one complete sentence.

    ``rule`` is the rule-set key the refusal enforces; each kind of error has a default
    (``default_rule``) so that no refusal goes without one. ``kind`` is ``rule`` for a
    refusal under a game's rules, else what kind of problem it is (``usage``, ``match
    file``, ``lock``, ``file``): the text then names the kind, not the rule, while
    ``to_dict`` keeps ``rule`` for programs that read it.
    """

    default_rule: str | None = None
    default_kind: str = "rule"

    def __init__(
        self,
        message: str | Reason,
        *,
        rule: str | None = None,
        where: str | None = None,
        kind: str | None = None,
    ) -> None:
        reason = None if isinstance(message, str) else message
        super().__init__(message if reason is None else reason.key)
        self.reason = reason
        self._message = message if isinstance(message, str) else None
        self.rule = rule or (reason.rule if reason else None) or self.default_rule
        self.where = where
        self.kind = kind or self.default_kind

    @property
    def message(self) -> str:
        """The refusal in words (made by the view from the reason when there is one)."""
        if self._message is None:
            assert self.reason is not None
            self._message = self.reason.text()
        return self._message

    def __str__(self) -> str:
        from scorekeeper.text import say  # the view is a leaf: deferred for start-up

        text = self.message
        if self.kind != "rule":
            text = f"{text} [{say('cli.kind.' + self.kind)}]"
        elif self.rule:
            text = f"{text} {say('cli.rule', rule=self.rule)}"
        if self.where and not self.where.startswith(QUICK):
            text = f"{self.where}: {text}"
        return text

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "error": type(self).__name__,
            "message": self.message,
            "rule": self.rule,
            "kind": self.kind,
            "where": self.where,
        }
        if self.reason is not None:
            out["reason"] = self.reason.to_dict()
        return out


class CardError(ScorekeeperError):
    """A card code that cannot be read, or a card that is not in this deck."""

    default_rule = "deck"


class RulesetError(ScorekeeperError):
    """A rule set that cannot be loaded: missing, malformed or inconsistent."""

    default_rule = "ruleset"


class OptionError(RulesetError):
    """An unknown option, or a value the option does not accept."""

    default_rule = "options"


class IllegalActionError(ScorekeeperError):
    """An action the rules forbid at this point of the hand."""

    default_rule = "actions"


class ActionSyntaxError(ScorekeeperError):
    """An action string that cannot be read at all."""

    default_rule = "actions"


class MatchFileError(ScorekeeperError):
    """A match file with problems; ``problems`` holds one ``file:line: message`` each."""

    default_rule = "match"
    default_kind = "match file"

    def __init__(self, problems: list[str]) -> None:
        super().__init__(problems[0] if problems else _invalid())
        self.problems = problems

    def __str__(self) -> str:
        return "\n".join(self.problems)

    def to_dict(self) -> dict[str, object]:
        rule = self.rule
        for problem in self.problems:  # the first problem's own rule, when it names one
            if "[rule: " in problem:
                rule = problem.rsplit("[rule: ", 1)[1].rstrip("]")
                break
        return {
            "error": type(self).__name__,
            "message": self.message,
            "rule": rule,
            "kind": "rule" if rule != self.default_rule else self.kind,
            "problems": self.problems,
        }


def _invalid() -> str:
    return because("matchlog.invalid").worded()


class LockedError(ScorekeeperError):
    """Another scorekeeper process is writing the same match file."""

    default_rule = "match"
    default_kind = "lock"


def no(key: str, rule: str | None, /, **params: object) -> IllegalActionError:
    """The refusal of an action, as a reason the view words (``raise no(...)``)."""
    return IllegalActionError(Reason(key, params, rule))
