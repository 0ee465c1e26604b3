"""Card data: the box contents, provenance, replacement card files and card text."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from sabbat.core import CardDataError, i18n
from sabbat.games.monslaught import GAME
from sabbat.games.monslaught.cards import ABILITIES, ACTIONS, load
from tests.games.monslaught.monslaught_helpers import FIXTURE


def test_box_contents_per_deck() -> None:
    db = load()
    tiers = Counter()
    for c in db.cards.values():
        tiers[c.tier.value] += c.count
    assert tiers == {"initial": 12, "lower": 14, "middle": 30, "upper": 16}
    assert {c.id: c.count for c in db.cards.values() if c.tier.value == "initial"} == {"big_cat": 4, "frog": 4, "owl": 4}
    assert db.lands["farm"].count == 12 and db.lands["mountain"].count == 8
    assert sorted(b.number for b in db.bosses.values()) == [1, 1, 2, 3, 3, 4]
    assert all(b.vp == 10 for b in db.bosses.values())


def test_rulebook_values() -> None:
    db = load()
    c = db.cards
    assert c["frog"].cost == 1 and c["owl"].cost == 1 and c["frog"].attack + c["owl"].attack == 5
    assert c["owl"].oneshot == "refill_five"
    assert (c["fuyure"].cost, c["fuyure"].attack) == (2, 5) and c["fuyure"].tier.value == "lower"
    assert c["myconid_bed"].cost == 1 and c["myconid_bed"].scout <= 5 and c["myconid_bed"].action == "pay_summon"
    assert c["blue_wisp"].scout == 4 and c["blue_wisp"].ability == "item_bonus"
    assert c["child"].action == "recover_monsters" and c["child"].action_value == 3
    assert c["fallen_angel"].tier.value == "middle"
    farm, mountain = db.lands["farm"], db.lands["mountain"]
    assert (farm.flip_at, farm.pay, farm.back_pay) == (8, 1, 3)
    assert (mountain.flip_at, mountain.pay, mountain.back_pay, mountain.attack_bonus) == (6, 1, 1, 1)
    assert mountain.scout <= 5  # Fuyure alone took one
    boss1 = [b for b in db.bosses.values() if b.number == 1]
    assert all(b.scout <= 9 for b in boss1)  # 9 beat the example's boss 1


def test_reconstructed_cards_have_variety() -> None:
    db = load()
    used = {c.ability for c in db.cards.values()} | {c.action for c in db.cards.values()} | {
        c.oneshot for c in db.cards.values()}
    assert ABILITIES | ACTIONS <= used
    assert sum(1 for c in db.cards.values() if c.type == "item") >= 5
    assert {b.penalty for b in db.bosses.values()} >= {"discard_play", "lose_land", "bury"}


#: Every value the rulebook Ver. 1.20 states (text or worked-example arithmetic), written out by hand
#: from the rulebook: the card file may claim `rulebook` for these and for nothing else.
RULEBOOK_VALUES = {
    "big_cat": {"name", "count", "tier"},  # 初期カード(黄色・12枚): three kinds, one each for 4 players
    "frog": {"name", "count", "type", "tier", "cost"},  # scouts in the example; 維持コストは…1
    "owl": {"name", "count", "type", "tier", "cost", "oneshot", "oneshot_value"},  # 召喚コスト1; 5枚になるように
    "fuyure": {"name", "type", "tier", "cost", "attack", "ability_value"},  # 召喚コスト2; (5+1)+2+3-2
    "myconid_bed": {"name", "cost", "action", "action_value"},  # one card paid; its action pays 1
    "blue_wisp": {"name", "scout", "ability", "ability_value"},  # スカウトコスト4; アイテム…【+1】
    "child": {"name", "action", "action_value"},  # 最大3枚まで
    "fallen_angel": {"name", "tier"},  # drawn from the middle deck
    "farm": {"name", "count", "back_name", "flip_at", "pay", "back_pay"},  # 畑12枚; 8以上; 1; 焚火は3
    "mountain": {"name", "count", "back_name", "flip_at", "pay", "back_pay", "attack_bonus"},  # 山8枚; 6以上; +1
    **{b: {"number"} for b in ("thorn_witch", "mist_witch", "moon_witch", "storm_witch", "bone_witch",
                               "walpurgis_witch")},
}


def test_only_values_the_rulebook_states_claim_rulebook_provenance() -> None:
    """Issue 17: Myconid's scout/type/tier and the Farm's attack bonus are not in the rulebook."""
    db = load()
    claimed = {}
    for c in [*db.cards.values(), *db.lands.values(), *db.bosses.values()]:
        fields = {f for f in type(c).model_fields if f not in ("id", "provenance", "note")}
        rulebook = {f for f in fields if c.source_of(f) == "rulebook"}
        if rulebook:
            claimed[c.id] = rulebook
        assert all(c.source_of(f) for f in fields)
    assert claimed == RULEBOOK_VALUES
    assert db.cards["myconid_bed"].source_of("scout") == "reconstructed"
    assert db.lands["farm"].source_of("attack_bonus") == "reconstructed"


def test_replacement_card_file_is_used() -> None:
    st = GAME.new(2, 0, {"cards": FIXTURE})
    assert "vanilla_l" in st.ids
    assert "vanilla_l" in GAME.card_ids({"cards": FIXTURE})


def test_bad_card_file_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(Path(FIXTURE).read_text(encoding="utf-8").replace("refill_five", "fly_away"), encoding="utf-8")
    with pytest.raises(CardDataError, match="unknown effect"):
        GAME.new(2, 0, {"cards": str(bad)})


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_card_text_in_both_languages(locale: str) -> None:
    for cid in GAME.card_ids():
        text = GAME.describe_card(cid, locale)
        assert text and "{" not in text and "monslaught." not in text


def test_messages_have_both_languages() -> None:
    en = {k for k in i18n.keys("en") if k.startswith("monslaught.")}
    ja = {k for k in i18n.keys("ja") if k.startswith("monslaught.")}
    assert en == ja and len(en) > 100


def test_unknown_card_id_is_refused() -> None:
    from sabbat.core import UnknownCard

    with pytest.raises(UnknownCard):
        GAME.describe_card("no_such_card")


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_card_faces_give_name_text_and_printed_values_in_the_locale(locale: str) -> None:
    faces = GAME.card_faces(locale)
    assert set(faces) == set(GAME.card_ids())
    bed = faces["myconid_bed"]
    assert bed["name"] == {"en": "Myconid's Fungal Bed", "ja": "マイコニドの菌床"}[locale] and bed["name"] in bed["text"]
    assert (bed["kind"], bed["summon_cost"], bed["upkeep_cost"], bed["attack"], bed["scout_cost"], bed["points"]) == \
        ("monster", 1, 1, 1, 5, 1)
    assert len(bed["abilities"]) == 1
    lantern = faces["jack_lantern"]
    assert (lantern["kind"], lantern["upkeep_cost"], lantern["attack"]) == ("item", 0, None)
    assert (faces["farm"]["pays"], faces["farm_back"]["pays"], faces["farm"]["flip_at"]) == (1, 3, 8)
    boss = faces["thorn_witch"]
    assert (boss["kind"], boss["number"], boss["points"]) == ("boss", 1, 10)
