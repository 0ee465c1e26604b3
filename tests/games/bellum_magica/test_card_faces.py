"""card_faces(): localized name and text plus the structured public fields, never a chest's value."""

from __future__ import annotations

import re

from sabbat.games.bellum_magica import GAME
from sabbat.games.bellum_magica.cards import ChestEntry, load


def test_faces_cover_every_card_in_both_languages() -> None:
    for locale in ("en", "ja"):
        faces = GAME.card_faces(locale)
        assert set(faces) == set(GAME.card_ids())
        for face in faces.values():
            assert face["name"] and face["text"]
            if locale == "ja":
                assert not re.findall(r"[A-Za-z_]+", face["text"]), face["text"]


def test_castle_face_shows_rows_per_die_face_and_shields() -> None:
    f = GAME.card_faces("en")["castle_skull"]
    assert f["kind"] == "castle" and f["shields"] == 2 and f["magic_shields"] == 0
    assert f["left"][0] == {"food": 2} and f["left"][1] == {"food": 1, "map": 1} and f["left"][2] == {}
    assert f["right"][4] == {"sword": 1, "thief": 1}
    assert "1: 2 food" in f["text"] and "5: 1 sword + 1 thief" in f["text"]
    assert "盾 2" in GAME.card_faces("ja")["castle_skull"]["text"]


def test_creature_faces_show_cost_strength_and_bonus() -> None:
    faces = GAME.card_faces("ja")
    dragon = faces["me_red_dragon"]
    assert dragon["cost"] == [{"glyph": 1, "food": 4}, {"glyph": 3}]
    assert dragon["strength"] == {"sword": 5, "magic_sword": 1, "thief": 0}
    assert "グリフ1+食料4、またはグリフ3" in dragon["text"]
    imp = faces["ev_imp"]
    assert imp["cost"] == [{"food": 2}] and imp["bonus"] == ["confusion"] and "混乱の呪文" in imp["text"]
    assert faces["gob_snik"]["kind"] == "goblin" and faces["gob_snik"]["cost"] == []


def test_location_face_shows_defence_and_loot_and_chests_hide_their_value() -> None:
    en = GAME.card_faces("en")
    town = en["town_cathedral"]
    assert (town["kind"], town["shields"], town["magic_shields"], town["loot"]) == ("town", 6, 1, {"gold": 1})
    assert en["tavern"]["loot"] == {"barrel": 1}
    table = load()
    for cid, entry in table.entries.items():
        if isinstance(entry, ChestEntry):
            face = en[cid]
            assert face["kind"] == "chest" and face["chest_type"] == entry.type
            assert "value" not in face and not re.search(r"\d", face["text"] + face["name"])


def test_a_doubled_bonus_is_counted_not_repeated() -> None:
    assert "混乱の呪文×2" in GAME.describe_card("me_banshee", "ja")
    assert "shield +1×2" in GAME.describe_card("me_golem", "en")
