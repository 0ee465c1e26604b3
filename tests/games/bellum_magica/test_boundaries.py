"""Issue 23 boundaries: card-file cross-checks, old saves, results before the end, payment wording."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from sabbat.core import CardDataError, UnknownCard
from sabbat.games.bellum_magica import GAME
from sabbat.games.bellum_magica.cards import DEFAULT_CARDS, load
from tests.games.bellum_magica.bellum_helpers import act, blank, to_recruit

Edit = Callable[[dict[str, Any]], None]


def _short_strip(d: dict[str, Any]) -> None:
    d["goblins"][0]["left"] = ["food"] * 5


def _unknown_icon(d: dict[str, Any]) -> None:
    d["goblins"][0]["right"][0] = "axe"


def _magic_sword_on_a_castle(d: dict[str, Any]) -> None:
    d["boards"][0]["right"][0] = "msword"


def _two_copies_of_a_location(d: dict[str, Any]) -> None:
    d["locations"][1]["count"] = 2


def _no_tavern(d: dict[str, Any]) -> None:
    d["locations"] = [e for e in d["locations"] if e["kind"] != "tavern"]


def _five_villages(d: dict[str, Any]) -> None:
    villages = [e for e in d["locations"] if e["kind"] == "village"]
    for e in villages[:2]:
        d["locations"].remove(e)


def _four_castles(d: dict[str, Any]) -> None:
    d["boards"].pop()


def _nine_goblins(d: dict[str, Any]) -> None:
    d["goblins"].pop()


@pytest.mark.slow
@pytest.mark.parametrize(("edit", "says"), [
    (_short_strip, "6 rows"), (_unknown_icon, "unknown icon"), (_magic_sword_on_a_castle, "magic sword"),
    (_two_copies_of_a_location, "count 1"), (_no_tavern, "one tavern"), (_five_villages, "6 village"),
    (_four_castles, "5 castle boards"), (_nine_goblins, "10 goblins"),
])
def test_card_file_cross_checks_name_the_problem(tmp_path: Path, edit: Edit, says: str) -> None:
    data = yaml.safe_load(DEFAULT_CARDS.read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(CardDataError, match=says):
        load({"cards": str(path)})


def test_unknown_card_name_is_one_clear_error() -> None:
    with pytest.raises(UnknownCard, match="no card 'nope'"):
        load().name("nope")


def test_a_game_saved_before_the_payment_field_existed_still_loads() -> None:
    s = GAME.new(2, 1)
    data = s.to_json()
    fields = data["state"]["f"] if "state" in data else data["f"]
    del fields["paid"]
    back = GAME.from_json(data)
    assert back.paid == "" and back.legal_actions() == s.legal_actions()


def test_no_winners_before_the_end() -> None:
    s = blank(2)
    assert s.winners() == []


def test_payment_options_name_what_they_cost() -> None:
    s = blank(2)
    s.food[0], s.glyph[0] = 4, 3
    to_recruit(s)
    act(s, "recruit", "most_evil", 0)
    assert [s.describe_action(a, "en") for a in s.legal_actions()] == ["Pay 1 glyph + 4 food", "Pay 3 glyphs"]
    assert [s.describe_action(a, "ja") for a in s.legal_actions()] == ["グリフ1+食料4で支払う", "グリフ3で支払う"]
