"""Schema-checked card files with per-field provenance.

A card file (YAML, TOML or JSON) holds one or more sections, each a list of
entries validated by a pydantic model derived from `CardEntry`. Every entry
says where each of its values comes from through `provenance`: a mapping of
field name to `rulebook`, `public:<source>` or `reconstructed`, with an
optional `default` for the fields not listed.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from .errors import CardDataError

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
        if self.count < 0:
            raise ValueError("count cannot be negative")
        return self

    def source_of(self, field: str) -> str:
        return self.provenance.get(field) or self.provenance["default"]


def read_file(path: Path) -> Any:
    """Parse a YAML, TOML or JSON file into plain data."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise CardDataError(f"cannot read card file {path}: {exc.strerror or exc}") from exc
    try:
        if path.suffix in (".yaml", ".yml"):
            return yaml.safe_load(raw)
        if path.suffix == ".toml":
            return tomllib.loads(raw.decode("utf-8"))
        if path.suffix == ".json":
            return json.loads(raw)
    except (yaml.YAMLError, tomllib.TOMLDecodeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CardDataError(f"card file {path} is not valid {path.suffix[1:].upper()}: {exc}") from exc
    raise CardDataError(f"card file {path} must end in .yaml, .yml, .toml or .json")


def load_sections(path: Path, sections: Mapping[str, type[CardEntry]]) -> dict[str, list[Any]]:
    """Validate each named section of a card file with its model; ids must be unique per file."""
    data = read_file(path)
    if not isinstance(data, dict):
        raise CardDataError(f"card file {path} must hold a mapping of sections ({', '.join(sections)})")
    unknown = set(data) - set(sections) - {"meta"}
    if unknown:
        raise CardDataError(f"card file {path} has unknown sections: {', '.join(sorted(unknown))}")
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
                ident = entry.get("id", f"#{i + 1}") if isinstance(entry, dict) else f"#{i + 1}"
                problems = "; ".join(
                    f"{'.'.join(str(p) for p in err['loc']) or 'entry'}: {err['msg']}" for err in exc.errors()
                )
                raise CardDataError(f"{path}: {name} entry {ident}: {problems}") from None
            if card.id in seen:
                raise CardDataError(f"{path}: card id {card.id!r} appears twice")
            seen.add(card.id)
            parsed.append(card)
        out[name] = parsed
    return out
