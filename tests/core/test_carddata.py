"""Card files: schema, provenance on every value, clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from sabbat.core import CardDataError
from sabbat.core.carddata import CardEntry, load_sections


class Unit(CardEntry):
    power: int


def write(tmp_path: Path, text: str, suffix: str = ".yaml") -> Path:
    path = tmp_path / f"cards{suffix}"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """
cards:
  - id: imp
    name: {en: Imp, ja: インプ}
    count: 2
    power: 3
    provenance: {default: reconstructed, count: rulebook}
"""


def test_a_valid_file_loads_with_provenance(tmp_path: Path) -> None:
    cards = load_sections(write(tmp_path, GOOD), {"cards": Unit})["cards"]
    assert cards[0].power == 3 and cards[0].source_of("count") == "rulebook"
    assert cards[0].source_of("power") == "reconstructed"


def test_toml_and_json_are_accepted(tmp_path: Path) -> None:
    toml = '[[cards]]\nid = "imp"\nname = {en = "Imp", ja = "インプ"}\npower = 1\nprovenance = {default = "public:bgg"}\n'
    assert load_sections(write(tmp_path, toml, ".toml"), {"cards": Unit})["cards"][0].power == 1


def test_a_value_without_provenance_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace("{default: reconstructed, count: rulebook}", "{count: rulebook}")
    with pytest.raises(CardDataError, match="no provenance for .*power"):
        load_sections(write(tmp_path, text), {"cards": Unit})


def test_bad_provenance_and_unknown_fields_are_refused(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="public:<source>"):
        load_sections(write(tmp_path, GOOD.replace("rulebook}", "guess}")), {"cards": Unit})
    with pytest.raises(CardDataError, match="imp"):
        load_sections(write(tmp_path, GOOD.replace("power: 3", "power: 3\n    speed: 9")), {"cards": Unit})


def test_wrong_types_name_the_card_and_field(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="imp.*power"):
        load_sections(write(tmp_path, GOOD.replace("power: 3", "power: lots")), {"cards": Unit})


def test_duplicate_ids_missing_sections_and_bad_syntax(tmp_path: Path) -> None:
    dup = GOOD + GOOD.split("cards:\n")[1]
    with pytest.raises(CardDataError, match="twice"):
        load_sections(write(tmp_path, dup), {"cards": Unit})
    with pytest.raises(CardDataError, match="needs a list named 'cards'"):
        load_sections(write(tmp_path, "other: []\n"), {"cards": Unit, "other": Unit})
    with pytest.raises(CardDataError, match="not valid YAML"):
        load_sections(write(tmp_path, "cards: [\n"), {"cards": Unit})
    with pytest.raises(CardDataError, match="cannot read"):
        load_sections(tmp_path / "missing.yaml", {"cards": Unit})
