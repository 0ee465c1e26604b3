"""Typed game options: each game declares what it accepts, the core checks and converts.

Why: options arrive as text from the command line, as JSON from the server and as Python
values from code. One declaration per option turns all three into the same typed value, or
refuses them with a message that lists what is allowed ("false" must never mean True).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import BadOption, SabbatError

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")
_MAX_TEXT = 200


Text = Mapping[str, str]
"""Words for a person, per language: {"en": ..., "ja": ...}."""


@dataclass(frozen=True)
class Option:
    """One game option: its help line, its type and what values it allows.

    `kind` is "choice" (one of `choices`, strings), "bool" or "int" (within `minimum`..`maximum`).
    `help`/`help_ja` are the command line's help; the browser's lobby shows the option in a
    player's words instead: `label` names it, `explain` says in one line what it changes, and
    `values` names each value (the choices; "true" and "false" for a bool).
    """

    help: str
    kind: str = "choice"
    default: Any = None
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help_ja: str = ""
    label: Text = field(default_factory=dict, compare=False)
    explain: Text = field(default_factory=dict, compare=False)
    values: Mapping[str, Text] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in ("choice", "bool", "int"):
            raise ValueError(f"unknown option kind {self.kind!r}")
        if self.kind == "choice" and self.default not in self.choices:
            raise ValueError(f"default {self.default!r} is not among {self.choices}")
        named = set(self.choices) if self.kind == "choice" else {"true", "false"} if self.kind == "bool" else set()
        if set(self.values) - named:
            raise ValueError(f"labels for values {sorted(set(self.values) - named)} the option does not have")

    def words(self) -> dict[str, Any]:
        """The option in a player's words, for the lobby: label, explanation and value labels."""
        return {"label": dict(self.label), "explain": dict(self.explain),
                "values": {k: dict(v) for k, v in self.values.items()}}

    def allowed(self) -> str:
        """The allowed values, as a person reads them."""
        if self.kind == "choice":
            return ", ".join(self.choices)
        if self.kind == "bool":
            return "true, false"
        low = "" if self.minimum is None else str(self.minimum)
        high = "" if self.maximum is None else str(self.maximum)
        return f"a whole number {low}..{high}".rstrip(".") if (low or high) else "a whole number"

    def parse(self, name: str, value: Any) -> Any:
        """The typed value of `value`, or BadOption naming the allowed values."""
        if self.kind == "bool":
            return self._parse_bool(name, value)
        if self.kind == "int":
            return self._parse_int(name, value)
        if isinstance(value, str) and value in self.choices:
            return value
        raise self._refused(name, f"option {name} must be one of {self.allowed()}, not {_shown(value)}", value)

    def _parse_bool(self, name: str, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE + _FALSE:
            return value.strip().lower() in _TRUE
        raise self._refused(name, f"option {name} must be true or false, not {_shown(value)}", value)

    def _parse_int(self, name: str, value: Any) -> int:
        number: int | None = None
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str) and 0 < len(value.strip()) <= 12 and value.strip().lstrip("+-").isdigit():
            if value.strip().lstrip("+-").isascii():
                number = int(value.strip())
        if number is None:
            raise self._refused(name, f"option {name} must be {self.allowed()}, not {_shown(value)}", value)
        if (self.minimum is not None and number < self.minimum) or (self.maximum is not None and number > self.maximum):
            raise self._refused(name, f"option {name} must be {self.allowed()}, not {number}", number)
        return number

    def _refused(self, name: str, message: str, value: Any) -> SabbatError:
        """BadOption for a value this option cannot take, with what a front end needs to word it."""
        return BadOption(message).tag("option_value", option=name, value=_shown(value), kind=self.kind,
                                          choices=list(self.choices), minimum=self.minimum, maximum=self.maximum)


def _shown(value: Any) -> str:
    """A bounded rendering of a value for an error message (never the whole of a huge input)."""
    text = repr(value)
    return text if len(text) <= _MAX_TEXT else text[:_MAX_TEXT] + "…"


def check_options(game_name: str, declared: Mapping[str, Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """`given` with each value converted to its declared type and every declared option left out
    set to its default, so rules read `options[name]` and never repeat a default; BadOption on
    an unknown name or bad value.

    `cards` (a card file path) is accepted by every game and passed through as text.
    """
    unknown = sorted(k for k in given if k != "cards" and k not in declared)
    if unknown:
        known = ", ".join(sorted({"cards", *declared}))
        names = ", ".join(_shown(k) if not isinstance(k, str) or len(k) > 60 else k for k in unknown)
        raise BadOption(f"unknown option(s) {names} for {game_name}; known options: {known}").tag(
            "unknown_options", names=names, known=known)
    out: dict[str, Any] = {}
    for key, value in given.items():
        if key == "cards":
            if value is not None and not isinstance(value, str):
                value = str(value)
            out[key] = value
        else:
            out[key] = declared[key].parse(key, value)
    for key, option in declared.items():
        out.setdefault(key, option.default)
    return out
