"""Rules code no other test reaches: saved games, every action's wording, card-file
cross-check errors, free summons, a draft pick counted in the points, two monsters on one land."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from sabbat.core import CardDataError, Rng
from sabbat.games.monslaught import GAME
from sabbat.games.monslaught.cards import DEFAULT_FILE
from sabbat.games.monslaught.effects import group_total
from sabbat.games.monslaught.scoring import points
from sabbat.games.monslaught.state import MonslaughtState
from tests.games.monslaught.monslaught_helpers import begin, blank, do, hand, land, play


def test_a_saved_game_reloads_and_plays_on_identically() -> None:
    st = GAME.new(3, 4)
    rng = Rng(4)
    for _ in range(150):
        st.apply(rng.choice(st.legal_actions()))
    back = GAME.from_json(st.to_json())
    assert isinstance(back, MonslaughtState)
    assert back.legal_actions() == st.legal_actions() and back.observation(1) == st.observation(1)
    assert back.winners() == [] and back.check_invariants() == []


def test_every_action_of_a_game_is_described_in_both_languages() -> None:
    kinds = set()
    for seed in range(4):
        st = GAME.new(2 + seed % 3, seed)
        rng = Rng(seed)
        while not st.is_terminal():
            for a in st.legal_actions():
                kinds.add(a.kind)
                for loc in ("en", "ja"):
                    text = st.describe_action(a, loc)
                    assert text != a.notation() and "{" not in text and "_" not in text and "#" not in text
            st.apply(rng.choice(st.legal_actions()))
    assert {"pick", "summon", "pay_hand", "use", "use_oneshot", "scout_card", "scout_land", "add", "confirm",
            "send", "declare", "maintain", "release", "take", "end_refill"} <= kinds


def _broken(tmp_path: Path, change: str) -> str:
    data = yaml.safe_load(DEFAULT_FILE.read_text(encoding="utf-8"))
    cards = {c["id"]: c for c in data["cards"]}
    if change == "effect":
        cards["imp"]["ability"] = "fly_away"
    elif change == "penalty":
        data["bosses"][0]["penalty"] = "explode"
    elif change == "number":
        data["bosses"][0]["number"] = 5
    elif change == "lands":
        data["lands"] = [ld for ld in data["lands"] if ld["id"] != "mountain"]
    elif change == "boss4":
        data["bosses"] = [b for b in data["bosses"] if b["number"] != 4]
    elif change == "initial":
        data["cards"] = [c for c in data["cards"] if c["id"] != "owl"]
    path = tmp_path / f"{change}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("change", "words"), [
    ("effect", "unknown effect 'fly_away'"), ("penalty", "unknown penalty 'explode'"), ("number", "numbered 1-4"),
    ("lands", "needs a 'mountain' entry"), ("boss4", "no boss numbered 4"), ("initial", "initial card 'owl'"),
])
def test_card_file_cross_check_errors_are_one_clear_line(tmp_path: Path, change: str, words: str) -> None:
    with pytest.raises(CardDataError, match=words) as err:
        GAME.new(2, 0, {"cards": _broken(tmp_path, change)})
    assert "\n" not in str(err.value)


def test_a_free_summon_enters_play_without_a_payment(tmp_path: Path) -> None:
    data = yaml.safe_load(DEFAULT_FILE.read_text(encoding="utf-8"))
    for c in data["cards"]:
        if c["id"] == "imp":
            c["cost"] = 0
    path = tmp_path / "free.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    st = blank(2, fixture=False)
    st.options["cards"] = str(path)
    from sabbat.games.monslaught.cards import load

    st.db = load({"cards": str(path)})
    begin(st)
    imp = hand(st, 0, "imp")[0]
    st._legal = None
    do(st, "summon", "imp")
    assert st.seats[0].play == [imp] and st.phase.value == "summon"


def test_a_kept_draft_card_counts_in_the_points_before_it_is_revealed() -> None:
    st = blank(2, fixture=False)
    before = points(st, 0)
    seat = st.seats[0]
    seat.pick = st.middle.pop()
    assert points(st, 0) == before + st.db.cards[st.ids[seat.pick]].vp
    assert group_total(st, seat, []) == 0


def test_two_monsters_on_one_land_is_a_broken_invariant() -> None:
    st = blank(2, fixture=False)
    begin(st)
    farm = land(st, 0, "farm")
    a, b = play(st, 0, "frog"), play(st, 0, "big_cat")
    st.seats[0].on_land = {a: farm, b: farm}
    assert st.check_invariants() == ["P1 has two monsters on one land"]
