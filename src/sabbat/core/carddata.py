"""Schema-checked card files with per-field provenance.

A card file (YAML, TOML or JSON) holds one or more sections, each a list of
entries validated by a pydantic model derived from `CardEntry`. Every entry
says where each of its values comes from through `provenance`: a mapping of
field name to `rulebook`, `public:<source>` or `reconstructed`, with an
optional `default` for the fields not listed.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from .errors import CardDataError
from .safeio import read_regular, shown

SOURCE = re.compile(r"^(rulebook|reconstructed|public:\S.*)$")
M = TypeVar("M", bound="CardEntry")

#: Fields that describe the entry itself rather than a fact about the card.
UNSOURCED = frozenset({"id", "provenance", "note"})


class CardEntry(BaseModel):
    """Base of every card schema: an id, a bilingual name, a count and provenance."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: dict[str, str]
    count: int = 1
    provenance: dict[str, str]
    note: str | None = None

    @model_validator(mode="after")
    def _check_provenance(self) -> CardEntry:
        fields = set(type(self).model_fields)
        for key, source in self.provenance.items():
            if key != "default" and key not in fields:
                raise ValueError(f"provenance names {key!r}, which is not a field of this card")
            if not SOURCE.match(source):
                raise ValueError(
                    f"provenance of {key!r} is {source!r}; use rulebook, public:<source> or reconstructed"
                )
        if "default" not in self.provenance:
            missing = sorted(f for f in self.model_fields_set - UNSOURCED if f not in self.provenance)
            if missing:
                raise ValueError(f"no provenance for {', '.join(missing)} (add them or a 'default')")
        if not {"en", "ja"} <= set(self.name):
            raise ValueError("name needs both 'en' and 'ja'")
        if not 0 <= self.count <= MAX_COUNT:
            raise ValueError(f"count must be 0 to {MAX_COUNT:,}")
        return self

    def source_of(self, field: str) -> str:
        return self.provenance.get(field) or self.provenance["default"]


#: Limits on a card file, far above any real one (the shipped files are about 20 KB and 2,500
#: YAML nodes, with numbers up to 100): a hostile file fails at once with one line.
MAX_FILE_BYTES = 1 << 20
MAX_NODES = 20_000
"""YAML nodes as written (composing each costs about 20 µs)."""
MAX_VALUES = 100_000
"""Values once aliases are expanded: a YAML alias bomb is refused before anything walks it."""
MAX_DEPTH = 32
MAX_NUMBER = 10_000
MAX_COUNT = 1_000


class _Refused(Exception):
    """Raised inside the YAML loader; carries the one-line reason (and its `SabbatError.why`, if any)."""

    def __init__(self, reason: str, why: str | None = None) -> None:
        super().__init__(reason)
        self.why = why


class _BoundedLoader(yaml.SafeLoader):
    """A safe loader that refuses deep nesting and too many nodes while it composes."""

    def __init__(self, stream: bytes) -> None:
        super().__init__(stream)
        self._depth = 0
        self._nodes = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._depth += 1
        self._nodes += 1
        if self._depth > MAX_DEPTH:
            raise _Refused(f"nests values more than {MAX_DEPTH} deep")
        if self._nodes > MAX_NODES:
            raise _Refused(f"has more than {MAX_NODES:,} values")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _expanded_size(node: yaml.Node, sizes: dict[int, int]) -> int:
    """Values under `node` with every alias expanded (memoised, so the walk stays small)."""
    key = id(node)
    if key in sizes:
        if sizes[key] < 0:
            raise _Refused("has a YAML alias that refers to itself")
        return sizes[key]
    sizes[key] = -1
    total = 1
    if isinstance(node, yaml.SequenceNode):
        total += sum(_expanded_size(child, sizes) for child in node.value)
    elif isinstance(node, yaml.MappingNode):
        total += sum(_expanded_size(k, sizes) + _expanded_size(v, sizes) for k, v in node.value)
    if total > MAX_VALUES:
        raise _Refused(f"expands (through YAML aliases) to more than {MAX_VALUES:,} values")
    sizes[key] = total
    return total


def _load_yaml(raw: bytes) -> Any:
    loader = _BoundedLoader(raw)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _expanded_size(node, {})
        return loader.construct_document(node)
    finally:
        loader.dispose()


_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_values(data: Any, depth: int = 0) -> None:
    """Refuse numbers no card can have (a count of 10**9 would build a billion cards), and text
    no one could be sent."""
    if depth > MAX_DEPTH:
        raise _Refused(f"nests values more than {MAX_DEPTH} deep")
    if isinstance(data, dict):
        for key, value in data.items():
            _check_values(key, depth + 1)
            _check_values(value, depth + 1)
    elif isinstance(data, list):
        for value in data:
            _check_values(value, depth + 1)
    elif isinstance(data, (int, float)) and not isinstance(data, bool):
        if not abs(data) <= MAX_NUMBER:  # also refuses nan and inf
            raise _Refused(f"holds the number {shown(data, 40)}; card values are at most {MAX_NUMBER:,}")
    elif isinstance(data, str) and _SURROGATE.search(data):
        # an escape such as "\ud800" reads as half of a character, which no text encoding can
        # write: a card named so could never be shown, nor sent to anyone
        raise _Refused("holds text with a lone surrogate (an escape such as \\ud800): card text must be "
                       "whole Unicode characters", why="cards_surrogate")


UPLOAD_DIR = "/sabbat-uploaded-cards"
"""Where uploaded card files appear to live: an absolute name no file system is asked about."""
_uploads: dict[str, bytes] = {}


def upload(text: str) -> tuple[str, bool]:
    """Register card-file text received over the network, in memory only; returns the name games
    load it by and whether it is new.

    Why in memory: a file written for a refused upload would sit at a name its sender can work
    out, waiting for anything that loads files by name. Nothing uploaded ever reaches the disk.
    """
    if _SURROGATE.search(text):
        raise CardDataError("a card file holds text with a lone surrogate; card text must be whole Unicode "
                            "characters").tag("cards_surrogate")
    raw = text.encode("utf-8", "surrogatepass")
    if len(raw) > MAX_FILE_BYTES:
        raise CardDataError(f"a card file is at most {MAX_FILE_BYTES:,} bytes")
    name = f"{UPLOAD_DIR}/{hashlib.sha256(raw).hexdigest()[:32]}.yaml"
    new = name not in _uploads
    _uploads[name] = raw
    return name, new


def forget_upload(name: str) -> None:
    """Drop an uploaded card file (one its game refused)."""
    _uploads.pop(name, None)


def read_file(path: Path) -> Any:
    """Parse a YAML, TOML or JSON card file into plain data, within the limits above.

    Only a regular file is read (never a device or a pipe); an error names the problem and
    never quotes an expanded value.
    """
    path = Path(path)
    if path.suffix not in (".yaml", ".yml", ".toml", ".json"):
        raise CardDataError(f"card file {shown(str(path))} must end in .yaml, .yml, .toml or .json")
    raw = _uploads.get(str(path))
    if raw is None:
        try:
            raw = read_regular(path, MAX_FILE_BYTES)
        except OSError as exc:
            raise CardDataError(f"cannot read card file: {exc}") from None
    kind = path.suffix[1:].upper().replace("YML", "YAML")
    try:
        if path.suffix in (".yaml", ".yml"):
            data = _load_yaml(raw)
        elif path.suffix == ".toml":
            data = tomllib.loads(raw.decode("utf-8"))
        else:
            data = json.loads(raw)
        _check_values(data)
    except _Refused as exc:
        refused = CardDataError(f"card file {shown(str(path))} {exc}")
        raise (refused.tag(exc.why) if exc.why else refused) from None
    except RecursionError:
        raise CardDataError(f"card file {shown(str(path))} nests values too deep") from None
    except UnicodeDecodeError as exc:
        raise CardDataError(f"card file {shown(str(path))} is not UTF-8 text (byte {exc.start})") from None
    except (yaml.YAMLError, tomllib.TOMLDecodeError, ValueError) as exc:
        reason = shown(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
        raise CardDataError(f"card file {shown(str(path))} is not valid {kind}: {reason}") from None
    return data


def load_sections(path: Path, sections: Mapping[str, type[CardEntry]]) -> dict[str, list[Any]]:
    """Validate each named section of a card file with its model; ids must be unique per file."""
    data = read_file(path)
    if not isinstance(data, dict):
        raise CardDataError(f"card file {path} must hold a mapping of sections ({', '.join(sections)})")
    unknown = set(data) - set(sections) - {"meta"}
    if unknown:
        raise CardDataError(f"card file {path} has unknown sections: {', '.join(sorted(shown(k, 40) for k in unknown)[:5])}")
    out: dict[str, list[Any]] = {}
    seen: set[str] = set()
    for name, model in sections.items():
        entries = data.get(name)
        if not isinstance(entries, list):
            raise CardDataError(f"card file {path} needs a list named {name!r}")
        parsed = []
        for i, entry in enumerate(entries):
            try:
                card = model.model_validate(entry)
            except ValidationError as exc:
                ident = entry.get("id") if isinstance(entry, dict) else None
                ident = shown(ident, 60) if isinstance(ident, str) else f"#{i + 1}"
                problems = "; ".join(
                    f"{shown('.'.join(str(p) for p in err['loc']), 60) or 'entry'}: {shown(err['msg'])}"
                    for err in exc.errors()[:3]
                )
                raise CardDataError(f"{path}: {name} entry {ident}: {problems}") from None
            if card.id in seen:
                raise CardDataError(f"{path}: card id {shown(card.id, 60)!r} appears twice")
            seen.add(card.id)
            parsed.append(card)
        out[name] = parsed
    return out


WORDING = frozenset({"name", "provenance", "note"})
"""Keys of a card file that only word or source a card: a change to them changes no game."""


def _rules_part(data: Any) -> Any:
    """`data` without its wording: the named keys, and every {en, ja} text pair."""
    if isinstance(data, dict):
        if data and set(data) <= {"en", "ja"}:
            return None
        return {k: _rules_part(v) for k, v in data.items() if k not in WORDING}
    if isinstance(data, list):
        return [_rules_part(v) for v in data]
    return data


@functools.cache
def rules_digest(path: Path) -> str:
    """A digest of what the card file at `path` says about play: its names, sources and notes left out."""
    canon = json.dumps(_rules_part(read_file(path)), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canon.encode()).hexdigest()[:32]
