"""Actions: small immutable values naming one decision.

An action is a `kind` (a short name from the game's own vocabulary) and a tuple
of plain arguments (ints and strings: card ids, positions, player seats). It is
a NamedTuple, so hashing, equality and ordering run in C, which keeps
`legal_actions` and `apply` fast.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from . import codec, i18n
from .errors import MalformedAction

Arg = int | str


@codec.serializable
class Action(NamedTuple):
    """One decision. Games describe it through message keys `<game>.action.<kind>`."""

    kind: str
    args: tuple[Arg, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args)}

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise MalformedAction(f"an action must be an object with a 'kind' string, got {data!r}")
        args = data.get("args", [])
        if not isinstance(args, list) or not all(
            isinstance(a, (int, str)) and not isinstance(a, bool) for a in args
        ):
            raise MalformedAction(f"action arguments must be a list of ints and strings, got {args!r}")
        return cls(data["kind"], tuple(args))

    def notation(self) -> str:
        """Compact text form, e.g. `buy 3 top`; `parse` reads it back."""
        return " ".join([self.kind, *(str(a) for a in self.args)])

    @classmethod
    def parse(cls, text: str) -> Action:
        parts = text.split()
        if not parts:
            raise MalformedAction("an empty text is not an action")
        args: list[Arg] = []
        for p in parts[1:]:
            try:
                args.append(int(p))
            except ValueError:
                args.append(p)
        return cls(parts[0], tuple(args))

    def describe(self, locale: str = "en", namespace: str = "core") -> str:
        """Plain description through the message catalogue of `namespace`."""
        params = {f"a{i}": a for i, a in enumerate(self.args)}
        return i18n.render(f"{namespace}.action.{self.kind}", locale, params, fallback=self.notation())
