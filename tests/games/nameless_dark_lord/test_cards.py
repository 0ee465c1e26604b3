"""Card data: 60 cards, 12 with the 4P mark, every fact the rulebook states."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from sabbat.core import CardDataError
from sabbat.games.nameless_dark_lord import GAME
from sabbat.games.nameless_dark_lord.cards import DEFAULT_FILE, load


def test_sixty_cards_twelve_with_4p_mark():
    t = load()
    assert sum(c.count for c in t.by_id.values()) == 60
    assert sum(c.four_player for c in t.by_id.values()) == 12


@pytest.mark.parametrize(("level", "four", "three"), [(1, 15, 12), (2, 10, 8), (3, 10, 8)])
def test_level_deck_sizes(level, four, three):
    deck = [c for c in load().by_id.values() if c.role == "deck" and c.level == level]
    assert sum(c.count for c in deck) == four
    assert sum(c.count - c.four_player for c in deck) == three


def test_known_values_from_the_rulebook():
    t = load()
    assert t["skeleton_swordman"].power == 1
    assert t["skull_dragon"].power == 4 and max(c.power for c in t.by_id.values()) == 4
    assert (t["junk_golem"].power, t["junk_golem"].upkeep) == (2, 2)
    assert t["skeleton_knight"].vp == 0
    assert (t["throne_red"].income, t["throne_red"].circles) == (2, 4)
    assert t["watchtower"].circles == 1 and t["ruined_tower"].circles == 1
    assert {t[c].vp for c in ("desolate_farm", "desolate_fishing", "ruined_tower")} == {-3}
    assert t["twin_witch_dolls"].count == 2
    assert t["watchtower"].level == 2 and t["watchtower"].source_of("level") == "rulebook"
    assert t["clay_golem"].autorun == "②E2" and t["ultimate_golem"].autorun == "②E1"
    assert all(c.vp in (1, 2) for c in t.by_id.values() if c.type == "territory" and c.role == "deck")
    assert all(c.type == "artifact" for c in t.by_id.values() if c.role == "deck" and c.level == 3)


UNIT_KINDS = ("skeleton_cursedman", "clay_golem", "goblin_flagbearer", "goblin_delivery", "skeleton_spearman",
              "junk_golem", "goblin_scout", "skull_dragon", "guardian_golem", "skeleton_knight", "goblin_king",
              "ultimate_golem")


@pytest.mark.parametrize("card_id", UNIT_KINDS)
def test_unit_levels_are_not_in_the_rulebook_text_so_reconstructed(card_id):
    """The text never says which Level deck a unit is in (the card images are lost)."""
    assert load()[card_id].source_of("level") == "reconstructed"


@pytest.mark.parametrize(("card_id", "field"), [
    ("throne_blue", "name"), ("throne_yellow", "name"), ("throne_green", "name"),  # only 赤の玉座 is named
    ("goblin_flagbearer", "power"),  # 「パワーが「1.5」あるものとして考える」 gives no printed value
    ("twin_witch_dolls", "vp"),  # the 3-VP commentary's card name is lost
    ("skeleton_knight", "upkeep"),  # changed by balance work, which may touch only these
    ("farming_village", "level"), ("fishing_village", "level"),
])
def test_values_the_rulebook_does_not_state_are_reconstructed(card_id, field):
    assert load()[card_id].source_of(field) == "reconstructed"


@pytest.mark.parametrize(("card_id", "field"), [
    ("throne_red", "name"), ("skull_dragon", "power"), ("skeleton_knight", "vp"), ("junk_golem", "upkeep"),
    ("grave_number", "name"), ("megalith_ruins", "name"), ("clay_golem", "autorun"),
])
def test_values_the_rulebook_states_keep_rulebook(card_id, field):
    assert load()[card_id].source_of(field) == "rulebook"


def test_sixteen_unit_kinds_by_family():
    t = load()
    kinds = {f: {c.id for c in t.by_id.values() if c.type == "unit" and c.family == f}
             for f in ("skeleton", "goblin", "golem")}
    assert [len(kinds[f]) for f in ("skeleton", "goblin", "golem")] == [5, 6, 5]


def test_lost_names_keyed_by_ability():
    t = load()
    ids = {c.ability_id: c.id for c in t.by_id.values() if c.ability_id}
    assert ids == {"A": "skeleton_spearman", "F": "junk_golem", "G": "skeleton_knight",
                   "J": "goblin_king", "K": "ultimate_golem"}
    assert all(t[i].source_of("name") == "reconstructed" for i in ids.values())


def test_every_card_has_a_description_in_both_languages():
    for cid in GAME.card_ids():
        assert GAME.describe_card(cid, "en") and GAME.describe_card(cid, "ja")


def test_replacement_card_file_is_used(tmp_path: Path):
    data = yaml.safe_load(DEFAULT_FILE.read_text(encoding="utf-8"))
    for c in data["cards"]:
        if c["id"] == "goblin_soldier":
            c["power"] = 0
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    s = GAME.new(4, 1, {"cards": str(path)})
    soldier = next(u for u in s.owned[0] if s.cid[u] == "goblin_soldier")
    assert s.power(soldier) == 0


def test_bad_card_file_is_refused(tmp_path: Path):
    path = tmp_path / "bad.yaml"
    path.write_text("cards:\n  - id: x\n    name: {en: X, ja: X}\n    type: unit\n    role: deck\n"
                    "    provenance: {default: rulebook}\n    colour_typo: 1\n", encoding="utf-8")
    with pytest.raises(CardDataError):
        GAME.new(4, 1, {"cards": str(path)})
