"""Card data: counts, structure, provenance, replacement card files, card help."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from sabbat.core import CardDataError, UnknownCard
from sabbat.games.mystic_vale import GAME
from sabbat.games.mystic_vale.cards import DEFAULT_PATH, AdvancementCard, ValeCard, load
from sabbat.games.mystic_vale.constants import ONGOING_HARVEST
from sabbat.games.mystic_vale.effects import END_HANDLERS, HARVEST_HANDLERS, PLAY_HANDLERS


def test_advancement_types_are_11_10_11_with_one_copy_per_position() -> None:
    t = load()
    types: Counter[int] = Counter()
    for card in t.entries.values():
        if isinstance(card, AdvancementCard) and card.supply == "deck":
            types[card.level] += 1
            assert card.positions == {"top": 1, "middle": 1, "bottom": 1} and card.count == 3
    assert types == {1: 11, 2: 10, 3: 11}
    assert [len(d) for d in t.adv_decks] == [33, 30, 33]


def test_fertile_soil_supply_is_18_cards_cost_2_one_mana() -> None:
    t = load()
    assert t.soil_count == (6, 6, 6)
    for pid in t.soil_part:
        assert t.part_cost[pid] == 2 and t.part_stats[pid][0] == 1


def test_vale_decks_have_18_cards_per_level() -> None:
    t = load()
    assert [len(d) for d in t.vale_decks] == [18, 18]
    assert all(sum(c) >= 2 for c in t.vale_cost)


def test_every_designed_value_is_marked_reconstructed_and_public_facts_cite_a_source() -> None:
    t = load()
    for card in t.entries.values():
        if card.id in ("blank", "cursed_land", "fertile_soil_start", "fertile_soil"):
            assert card.source_of("mana").startswith("public:")
        else:
            assert card.provenance["default"] == "reconstructed"
            if isinstance(card, AdvancementCard):
                assert card.source_of("count").startswith("public:")


def test_every_ability_names_a_handler_of_its_timing() -> None:
    t = load()
    handlers = {"play": PLAY_HANDLERS, "harvest": HARVEST_HANDLERS,
                "ongoing": {**ONGOING_HARVEST, **END_HANDLERS}}
    for ab in [*t.part_ability, *t.vale_ability]:
        if ab is not None:
            assert ab[1] in handlers[ab[0]]


def test_replacement_card_file_is_used(tmp_path: Path) -> None:
    data = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    for entry in data["advancements"]:
        if entry["id"] == "fertile_soil":
            entry["cost"] = 3
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    st = GAME.new(2, 0, {"cards": str(path)})
    assert st.cards.part_cost[st.cards.soil_part[0]] == 3
    assert GAME.new(2, 0).cards.part_cost[st.cards.soil_part[0]] == 2


def test_bad_card_file_raises_card_data_error(tmp_path: Path) -> None:
    data = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    data["vale_cards"][0]["ability"] = {"timing": "harvest", "effect": "no_such_effect"}
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(CardDataError, match="no_such_effect"):
        GAME.new(2, 0, {"cards": str(path)})


def test_describe_card_gives_full_text_in_both_languages() -> None:
    ids = GAME.card_ids()
    assert "fertile_soil" in ids and "world_tree" in ids and "everbloom" in ids
    en = GAME.describe_card("druid_circle", "en")
    ja = GAME.describe_card("druid_circle", "ja")
    assert "Druid Circle" in en and "guardian" in en and "ドルイドの環" in ja
    assert "VP" in GAME.describe_card("everbloom", "en")
    with pytest.raises(UnknownCard):
        GAME.describe_card("nope")


def test_vale_card_schema_forbids_unknown_fields() -> None:
    with pytest.raises(ValidationError):
        ValeCard.model_validate({"id": "x", "name": {"en": "x", "ja": "x"}, "level": 1, "cost": {"s1": 1},
                                 "provenance": {"default": "reconstructed"}, "colour": "red"})


def test_no_card_value_claims_the_rulebook() -> None:
    """The rules explanation prints no card's values, so nothing in the card file may claim `rulebook`."""
    t = load()
    for card in t.entries.values():
        fields = {f for f in type(card).model_fields if f not in ("id", "provenance", "note")}
        assert {f for f in fields if card.source_of(f) == "rulebook"} == set(), card.id
        assert all(card.source_of(f) == "reconstructed" or card.source_of(f).startswith("public:") for f in fields)


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_card_faces_give_name_text_and_printed_values_in_the_locale(locale: str) -> None:
    from sabbat.games.mystic_vale import GAME

    faces = GAME.card_faces(locale)
    assert set(faces) == set(GAME.card_ids())
    oak = faces["druid_circle"]
    assert oak["name"] == {"en": "Druid Circle", "ja": "ドルイドの環"}[locale] and oak["name"] in oak["text"]
    assert (oak["kind"], oak["level"], oak["cost"], oak["symbols"], oak["vp"]) == ("advancement", 2, 6, {"guardian": 1}, 0)
    assert oak["positions"] == {"top": 1, "middle": 1, "bottom": 1} and oak["ability"]["timing"] == "harvest"
    ring = faces["fungus_ring"]
    assert (ring["kind"], ring["cost"], ring["vp"], ring["ability"]["once"]) == ("vale", {"s1": 2, "s3": 1}, 1, True)
    cursed = faces["cursed_land"]
    assert cursed["kind"] == "starting" and cursed["symbols"] == {"mana": 1, "decay": 1}
    assert faces["grove_of_ages"]["ability"]["banner"] is True
    assert faces["earth_shrine"]["spirit_names"]["s1"] == {"en": "Earth", "ja": "大地"}[locale]
