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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator
from yaml.reader import ReaderError

from .entryproblems import EntryProblem, problems
from .errors import CardDataError, CardFileTooLarge
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
                raise EntryProblem(f"provenance names {key!r}, which is not a field of this card",
                                   "provenance_field", key=shown(key, 60))
            if not SOURCE.match(source):
                raise EntryProblem(
                    f"provenance of {key!r} is {source!r}; use rulebook, public:<source> or reconstructed",
                    "provenance_source", key=shown(key, 60), source=shown(source, 60))
        if "default" not in self.provenance:
            missing = sorted(f for f in self.model_fields_set - UNSOURCED if f not in self.provenance)
            if missing:
                raise EntryProblem(f"no provenance for {', '.join(missing)} (add them or a 'default')",
                                   "provenance_missing", fields=missing)
        if not {"en", "ja"} <= set(self.name):
            raise EntryProblem("name needs both 'en' and 'ja'", "entry_name_languages")
        if not 0 <= self.count <= MAX_COUNT:
            raise EntryProblem(f"count must be 0 to {MAX_COUNT:,}", "entry_count_range", min=0, max=MAX_COUNT)
        return self

    def source_of(self, field: str) -> str:
        return self.provenance.get(field) or self.provenance["default"]


#: Limits on every card file, about three to four times the largest shipped one (the shipped files
#: are at most 21 KB and 2,400 YAML values, nested 4 deep, with numbers up to 100): each is checked
#: before the work it bounds, so a hostile file fails at once with one line.
MAX_FILE_BYTES = 64 * 1024
"""Bytes of card-file text, checked before anything reads it."""
MAX_VALUES = 10_000
"""Values (every key, number, text, list and mapping), counted from the YAML parser's events
before any node is built, and again with aliases expanded before anything walks them (an alias
bomb is refused at once)."""
MAX_DEPTH = 32
MAX_NUMBER = 10_000
MAX_COUNT = 1_000
"""The most copies any entry may have, whatever the game (each game declares its own, smaller
`CardBounds`)."""


@dataclass(frozen=True)
class CardBounds:
    """The most cards a card file for one game may make, declared by the game next to its schema.

    Why per game and checked on the file's plain data: the cost of a card set is in the cards it
    builds (one entry with a count of 1,000 is a thousand cards, and some games precompute per
    pair of cards), not in its bytes; the bounds are checked before any card is built, so a file
    that would build a hundred thousand costs no more to refuse than to read.
    """

    count: int
    """Copies of one card (an entry's `count`)."""
    cards: int
    """Cards in the whole file: every entry's count added up."""


if yaml.__with_libyaml__:
    from yaml.composer import Composer
    from yaml.constructor import SafeConstructor
    from yaml.cyaml import CParser, CSafeLoader  # type: ignore[attr-defined]
    from yaml.resolver import Resolver

    class _EventLoader(Composer, CParser, SafeConstructor, Resolver):
        """A safe loader reading libyaml's events (ten times faster than PyYAML's own parser)
        with PyYAML's composer: libyaml's own composer builds the whole document in one call
        that holds the interpreter, while this one lets a thread that reads a card file give the
        event loop its turns."""

        def __init__(self, stream: bytes) -> None:
            CParser.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)

    _YAML_LOADER: Any = _EventLoader
    _YAML_EVENTS: Any = CSafeLoader
else:  # PyYAML without libyaml: its own parser, slower; the bounds below hold the same
    _YAML_LOADER = _YAML_EVENTS = yaml.SafeLoader
_STARTS = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_ENDS = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


class _Refused(Exception):
    """Raised while a file is read; carries the one-line reason and its `SabbatError.why` and facts."""

    def __init__(self, reason: str, why: str, **facts: Any) -> None:
        super().__init__(reason)
        self.why, self.facts = why, facts


def _too_many() -> CardFileTooLarge:
    return CardFileTooLarge(f"has more than {MAX_VALUES:,} values", "values", MAX_VALUES)


def _too_deep() -> CardFileTooLarge:
    return CardFileTooLarge(f"nests values more than {MAX_DEPTH} deep", "depth", MAX_DEPTH)


def _scan_yaml(raw: bytes) -> None:
    """Refuse YAML with too many values or too deep a nesting from the parser's events alone,
    before a single node or value is built (the parser keeps its nesting on the heap, so even a
    file nested 200,000 deep is refused at depth 33)."""
    depth = values = 0
    for event in yaml.parse(raw, Loader=_YAML_EVENTS):
        if isinstance(event, _ENDS):
            depth -= 1
            continue
        if isinstance(event, _STARTS):
            depth += 1
            if depth > MAX_DEPTH:
                raise _too_deep()
        elif not isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent)):
            continue
        values += 1
        if values > MAX_VALUES:
            raise _too_many()


def _expanded_size(node: yaml.Node, sizes: dict[int, int]) -> int:
    """Values under `node` with every alias expanded (memoised, so the walk stays small)."""
    key = id(node)
    if key in sizes:
        if sizes[key] < 0:
            raise _Refused("has a YAML alias that refers to itself", "card_alias_loop")
        return sizes[key]
    sizes[key] = -1
    total = 1
    if isinstance(node, yaml.SequenceNode):
        total += sum(_expanded_size(child, sizes) for child in node.value)
    elif isinstance(node, yaml.MappingNode):
        total += sum(_expanded_size(k, sizes) + _expanded_size(v, sizes) for k, v in node.value)
    if total > MAX_VALUES:
        raise CardFileTooLarge(f"expands (through YAML aliases) to more than {MAX_VALUES:,} values",
                               "values", MAX_VALUES)
    sizes[key] = total
    return total


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _load_yaml(raw: bytes) -> Any:
    if _SURROGATE_ESCAPE.search(raw):  # YAML reads each such escape as a lone half of a character
        raise _Refused("holds text with a lone surrogate (an escape such as \\ud800): card text must be "
                       "whole Unicode characters", why="cards_surrogate")
    _scan_yaml(raw)
    loader = _YAML_LOADER(raw)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _expanded_size(node, {})
        return loader.construct_document(node)
    finally:
        loader.dispose()


_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_values(data: Any, seen: list[int], depth: int = 0) -> None:
    """Refuse numbers no card can have (a count of 10**9 would build a billion cards), text no one
    could be sent, and JSON or TOML with more values or deeper nesting than a YAML file may have.
    `seen` counts the values."""
    seen[0] += 1
    if seen[0] > MAX_VALUES:
        raise _too_many()
    if depth > MAX_DEPTH:
        raise _too_deep()
    if isinstance(data, dict):
        for key, value in data.items():
            _check_values(key, seen, depth + 1)
            _check_values(value, seen, depth + 1)
    elif isinstance(data, list):
        for value in data:
            _check_values(value, seen, depth + 1)
    elif isinstance(data, (int, float)) and not isinstance(data, bool):
        if not abs(data) <= MAX_NUMBER:  # also refuses nan and inf
            raise _Refused(f"holds the number {shown(data, 40)}; card values are at most {MAX_NUMBER:,}",
                           "card_number", number=shown(data, 40), max=MAX_NUMBER)
    elif isinstance(data, str) and _SURROGATE.search(data):
        # an escape such as "\ud800" reads as half of a character, which no text encoding can
        # write: a card named so could never be shown, nor sent to anyone
        raise _Refused("holds text with a lone surrogate (an escape such as \\ud800): card text must be "
                       "whole Unicode characters", why="cards_surrogate")


def check_size(raw: bytes) -> None:
    """Refuse card-file text over MAX_FILE_BYTES (before anything reads it)."""
    if len(raw) > MAX_FILE_BYTES:
        raise CardFileTooLarge(f"a card file is at most {MAX_FILE_BYTES:,} bytes (this one has {len(raw):,})",
                               "bytes", MAX_FILE_BYTES, len(raw))


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
    check_size(raw)
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
        raise CardDataError(f"card file {shown(str(path))} must end in .yaml, .yml, .toml or .json").tag("card_suffix")
    raw = _uploads.get(str(path))
    if raw is None:
        try:
            raw = read_regular(path, MAX_FILE_BYTES)
        except OSError as exc:
            raise CardDataError(f"cannot read card file: {exc}").tag("card_unreadable") from None
    kind = path.suffix[1:].upper().replace("YML", "YAML")
    try:
        if path.suffix in (".yaml", ".yml"):
            data = _load_yaml(raw)
        elif path.suffix == ".toml":
            data = tomllib.loads(raw.decode("utf-8"))
        else:
            data = json.loads(raw)
        _check_values(data, [0])
    except CardFileTooLarge as exc:
        raise CardFileTooLarge(f"card file {shown(str(path))} {exc}", exc.bound, exc.limit, exc.found) from None
    except _Refused as exc:
        raise CardDataError(f"card file {shown(str(path))} {exc}").tag(exc.why, **exc.facts) from None
    except RecursionError:
        raise CardDataError(f"card file {shown(str(path))} nests values too deep").tag("card_nesting") from None
    except UnicodeDecodeError as exc:
        raise CardDataError(f"card file {shown(str(path))} is not UTF-8 text (byte {exc.start})").tag(
            "card_not_utf8", byte=exc.start) from None
    except (yaml.YAMLError, tomllib.TOMLDecodeError, ValueError) as exc:
        reason = shown(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
        why, facts = _syntax(exc, raw, kind)
        raise CardDataError(f"card file {shown(str(path))} is not valid {kind}: {reason}").tag(why, **facts) from None
    return data


_TOML_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


def _syntax(exc: Exception, raw: bytes, kind: str) -> tuple[str, dict[str, Any]]:
    """Why a card file could not be parsed, as a reason and its facts: the format, and the line
    and column (from 1) where the parser says, or the byte where the text is not UTF-8."""
    where: tuple[int, int] | None = None
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        where = None if mark is None else (mark.line + 1, mark.column + 1)
    elif isinstance(exc, ReaderError):
        if isinstance(exc.character, bytes) or exc.character == -1:  # PyYAML's and libyaml's decode errors
            return "card_not_utf8", {"byte": exc.position}
        text = raw.decode("utf-8", "replace")[:exc.position]
        where = (text.count("\n") + 1, exc.position - text.rfind("\n"))
    elif isinstance(exc, json.JSONDecodeError):
        where = (exc.lineno, exc.colno)
    elif isinstance(exc, tomllib.TOMLDecodeError) and (found := _TOML_AT.search(str(exc))):
        where = (int(found[1]), int(found[2]))
    if where is None:
        return "card_syntax", {"format": kind}
    return "card_syntax_at", {"format": kind, "line": where[0], "column": where[1]}


def check_counts(path: Path, counts: Iterable[Any], bounds: CardBounds) -> None:
    """Refuse a card file whose entries (their `count`s; one where none is given) make more
    cards than `bounds` allow. Counts that are not whole numbers are left to the schema."""
    total = 0
    for count in counts:
        if not isinstance(count, int) or isinstance(count, bool):
            continue
        if count > bounds.count:
            raise CardFileTooLarge(f"card file {shown(str(path))} has an entry with {count:,} copies; "
                                   f"this game allows at most {bounds.count:,} of one card", "count", bounds.count, count)
        total += max(count, 0)
    if total > bounds.cards:
        raise CardFileTooLarge(f"card file {shown(str(path))} makes {total:,} cards; this game allows at most "
                               f"{bounds.cards:,} in one card file", "cards", bounds.cards, total)


def load_sections(path: Path, sections: Mapping[str, type[CardEntry]],
                  bounds: CardBounds | None = None) -> dict[str, list[Any]]:
    """Validate each named section of a card file with its model; ids must be unique per file.
    With `bounds` (the game's), the cards the file would make are counted first, from its plain
    data, and again once validated (a count written as text is only a number after that)."""
    data = read_file(path)
    if not isinstance(data, dict):
        raise CardDataError(f"card file {path} must hold a mapping of sections ({', '.join(sections)})").tag(
            "card_not_sections", sections=list(sections))
    unknown = set(data) - set(sections) - {"meta"}
    if unknown:
        names = sorted(shown(k, 40) for k in unknown)[:5]
        raise CardDataError(f"card file {path} has unknown sections: {', '.join(names)}").tag(
            "card_unknown_sections", names=names, known=list(sections))
    if bounds is not None:
        check_counts(path, (entry.get("count", 1) for name in sections if isinstance(data.get(name), list)
                            for entry in data[name] if isinstance(entry, dict)), bounds)
    out: dict[str, list[Any]] = {}
    seen: set[str] = set()
    for name, model in sections.items():
        entries = data.get(name)
        if not isinstance(entries, list):
            raise CardDataError(f"card file {path} needs a list named {name!r}").tag("card_section_list", section=name)
        parsed = []
        for i, entry in enumerate(entries):
            try:
                card = model.model_validate(entry)
            except ValidationError as exc:
                ident = entry.get("id") if isinstance(entry, dict) else None
                ident = shown(ident, 60) if isinstance(ident, str) else f"#{i + 1}"
                errors = exc.errors()[:3]
                said = "; ".join(
                    f"{shown('.'.join(str(p) for p in err['loc']), 60) or 'entry'}: {shown(err['msg'])}"
                    for err in errors
                )
                raise CardDataError(f"{path}: {name} entry {ident}: {said}").tag(
                    "card_entry", section=name, entry=ident, problems=problems(errors)) from None
            if card.id in seen:
                raise CardDataError(f"{path}: card id {shown(card.id, 60)!r} appears twice").tag(
                    "card_duplicate_id", id=shown(card.id, 60))
            seen.add(card.id)
            parsed.append(card)
        out[name] = parsed
    if bounds is not None:
        check_counts(path, (card.count for parsed in out.values() for card in parsed), bounds)
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
