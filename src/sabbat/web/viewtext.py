"""A view as the text a reader is sent: encoded once per table change, reader and language, and
without the large observation entries the reader already holds unchanged.

Why: most of a view is the same from one move to the next. One game's view is about 22 KB of
JSON, 19.7 KB of it its card catalog, which never changes in a game; encoding and compressing it
again for every reader after every move was most of the server's work per move. An entry of at
least KEEP_BYTES that equals what this reader was last sent is left out and named in `kept`; the
client keeps its copy. Equality is by a digest of the entry's JSON text, so an entry that changed
in any way is always sent. A full view (hello, `view`, `lang`, a `skipped` catch-up) sends all.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

import orjson

KEEP_BYTES = 512
"""Observation entries shorter than this are always sent: naming them in `kept` saves too little."""
CLOCK_READINGS = ("move_left_s", "game_left_s")
"""Seat fields read off a running clock: they change with time alone, so they say nothing new."""


def encode(frame: Any) -> str:
    """A frame as compact JSON text. orjson is several times faster than the standard library on
    the large observations every move sends; integers beyond 64 bits take the slow path."""
    try:
        return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


@dataclass
class Built:
    """One view, encoded in parts: everything but the observation, seats and events (`rest`, a
    JSON object), each observation entry, and the seats and events (`tail`)."""

    rest: str
    parts: dict[str, str]
    digests: dict[str, bytes]
    """Digest of each entry of at least KEEP_BYTES: what a reader holds of it."""
    tail: str
    seen: str
    """What the reader sees in the view, to tell whether it says anything new: the whole view
    without its slice of the event log and without clock readings (a clock counting down is no
    news; the reader's own clock counts it)."""
    total: int
    """The length of the reader's event log after this view."""
    texts: dict[tuple[str, ...], str] = field(default_factory=dict)

    def text(self, held: dict[str, bytes]) -> str:
        """The view for a reader holding `held` (entry -> digest): entries it holds unchanged left out."""
        kept = tuple(k for k, d in self.digests.items() if held.get(k) == d)
        text = self.texts.get(kept)
        if text is None:
            entries = ",".join(f"{encode(k)}:{t}" for k, t in self.parts.items() if k not in kept)
            named = f',"kept":{encode(list(kept))}' if kept else ""
            text = self.texts[kept] = f'{self.rest[:-1]},"observation":{{{entries}}}{named},{self.tail}}}'
        return text


def build(frame: dict[str, Any]) -> Built:
    """Encode a view (`TableService.view`) in parts; the frame is taken apart doing it."""
    events, start, seats = frame.pop("events"), frame.pop("events_from"), frame.pop("seats")
    observation = frame.pop("observation")
    total = frame["events_total"]
    parts = {str(k): encode(v) for k, v in observation.items()}
    digests = {k: hashlib.blake2b(t.encode(), digest_size=16).digest() for k, t in parts.items() if len(t) >= KEEP_BYTES}
    rest = encode(frame)
    shown = [{k: v for k, v in row.items() if k not in CLOCK_READINGS} for row in seats]
    seen = f"{rest}{encode(list(parts))}{''.join(parts.values())}{encode(shown)}"
    tail = f'"seats":{encode(seats)},"events":{encode(events)},"events_from":{start}'
    return Built(rest, parts, digests, tail, seen, total)
