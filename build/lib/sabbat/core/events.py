"""Structured game events with an audience, so logs can be redacted per viewer."""

from __future__ import annotations

from typing import Any, NamedTuple

from . import codec, i18n

#: Put in an audience so that spectators (viewer None) see the event too: the public,
#: redacted half of a private happening is for every non-owner, seated or not.
SPECTATOR = -1


@codec.serializable
class Event(NamedTuple):
    """Something that happened. `audience` None means everyone may see it.

    A private happening is logged twice: the full event for its audience and a
    redacted one (audience = the others) that omits what they may not know.
    """

    key: str
    params: dict[str, Any]
    audience: frozenset[int] | None = None

    def visible_to(self, viewer: int | None) -> bool:
        return self.audience is None or (SPECTATOR if viewer is None else viewer) in self.audience

    def render(self, locale: str = "en") -> str:
        return i18n.render(self.key, locale, self.params)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "params": self.params}
        if self.audience is not None:
            data["audience"] = sorted(self.audience)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        aud = data.get("audience")
        return cls(data["key"], dict(data.get("params", {})), None if aud is None else frozenset(aud))
