"""Card data: the shipped file is complete and consistent, provenance is complete, replacement files load."""

from __future__ import annotations

from pathlib import Path

import pytest

from sabbat.core import CardDataError, UnknownCard
from sabbat.games.bellum_magica import GAME
from sabbat.games.bellum_magica.cards import load

FIXTURE = Path(__file__).with_name("bellum_fixture_cards.yaml")


def test_component_counts_match_the_rulebook_and_spec() -> None:
    t = load()
    assert len(t.boards) == 5 and all(b.shields == 2 for b in t.boards.values())
    assert len(t.deck_lists["goblins"]) == 10
    assert len(t.deck_lists["evil"]) + len(t.deck_lists["most_evil"]) == 66
    kinds = [loc.kind for loc in t.locations.values()]
    assert (kinds.count("tavern"), kinds.count("farm"), kinds.count("village"), kinds.count("town")) == (1, 7, 7, 10)
    assert len(t.chest_type) == 50
    tokens = {e.id: e.count for e in t.entries.values() if e.id.startswith("token_")}
    assert tokens == {"token_confusion": 17, "token_magic_shield": 8, "token_shield": 20}


def test_constraints_of_spec_6_6() -> None:
    t = load()
    assert not any(r[1] for b in t.boards.values() for r in b.right)  # no magic swords on castles
    locs = list(t.locations.values())
    assert any(loc.shields == 3 and loc.magic_shields == 0 for loc in locs)
    assert any(loc.shields == 6 and loc.magic_shields == 1 for loc in locs)
    assert any(loc.magic_shields for loc in locs if loc.kind == "town")

    def avg(kind: str) -> float:
        xs = [loc.shields for loc in locs if loc.kind == kind]
        return sum(xs) / len(xs)

    assert avg("farm") <= avg("village") <= avg("town")
    means = []
    for ty in range(3):
        vals = [v for v, k in zip(t.chest_value, t.chest_type, strict=True) if k == ty]
        means.append(sum(vals) / len(vals))
    assert means[0] < means[1] < means[2]
    bonus = [b for d in ("evil", "most_evil") for c in t.deck_lists[d] for b in t.creatures[c].bonus]
    assert bonus.count("magic_shield") <= 8 and bonus.count("confusion") <= 17 and bonus.count("shield") <= 20


#: Every value the rulebook itself states (components list, setup and the kingdom table), by hand:
#: 「城ボード 5」「酒場1 ◇農場7」「ゴブリン10」「振り直し17」「魔法の楯8」 and the three chest types.
RULEBOOK_STATED = {
    *{(b, "count") for b in ("castle_skull", "castle_bone", "castle_shadow", "castle_toad", "castle_ember")},
    ("tavern", "kind"), ("tavern", "count"),
    *{(f, "kind") for f in ("farm_wheat", "farm_sheep", "farm_mill", "farm_orchard", "farm_pig", "farm_brewery",
                              "farm_herbs")},
    *{(c, "type") for c in ("chest_wood_1", "chest_wood_2", "chest_wood_3", "chest_metal_3", "chest_metal_4",
                              "chest_metal_5", "chest_gold_5", "chest_gold_6", "chest_gold_7", "chest_gold_8")},
    *{(t, f) for t in ("token_confusion", "token_magic_shield") for f in ("name", "count")},
}


def test_only_values_the_rulebook_states_claim_the_rulebook() -> None:
    """Pig Farm's 3 shields and Cathedral Town's defence mirror the rulebook's examples, but the
    rulebook never names the locations they show, so those values are reconstructed."""
    claimed = set()
    for entry in load().entries.values():
        for field in entry.model_fields_set | {"count", "name"}:
            if field not in ("id", "provenance", "note") and entry.source_of(field) == "rulebook":
                claimed.add((entry.id, field))
    assert claimed == RULEBOOK_STATED
    entries = load().entries
    assert entries["farm_pig"].source_of("shields") == "reconstructed"
    assert entries["town_cathedral"].source_of("magic_shields") == "reconstructed"


def test_rows_favour_different_die_faces() -> None:
    t = load()
    best_rows = set()
    for b in t.boards.values():
        weights = [sum(b.left[r]) + sum(b.right[r]) for r in range(6)]
        best_rows.add(tuple(i for i, w in enumerate(weights) if w == max(weights)))
    assert len(best_rows) >= 3


def test_replacement_card_file_is_used(tmp_path: Path) -> None:
    s = GAME.new(2, 0, {"cards": str(FIXTURE)})
    assert "tb" in s.cards.boards
    bad = tmp_path / "bad.yaml"
    bad.write_text("boards: []\n")
    with pytest.raises(CardDataError):
        GAME.new(2, 0, {"cards": str(bad)})


def test_describe_card_and_card_ids() -> None:
    ids = GAME.card_ids()
    assert "me_red_dragon" in ids and "town_cathedral" in ids
    assert "Red Dragon" in GAME.describe_card("me_red_dragon", "en")
    assert "レッドドラゴン" in GAME.describe_card("me_red_dragon", "ja")
    assert "magic shields 1" in GAME.describe_card("town_cathedral", "en")
    with pytest.raises(UnknownCard):
        GAME.describe_card("nope")
