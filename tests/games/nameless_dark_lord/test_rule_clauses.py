"""Rules pinned by mutation testing: each test fails on a small change that every other test let
through (see tools/mutation/ and benchmarks/results/mutation_nameless_dark_lord.json)."""

from __future__ import annotations

from sabbat.games.nameless_dark_lord import rounds
from sabbat.games.nameless_dark_lord.level_events import level_groups
from sabbat.games.nameless_dark_lord.model import Phase, seat
from tests.games.nameless_dark_lord.ndl_support import B, G, R, Y, act, add, board, new, resolve_from


def test_p25_tie_goes_to_the_nearest_clockwise_from_the_red_throne_not_counterclockwise():
    s = new(4)
    s.red = B
    for p in (Y, G):
        add(s, p, "fishing_village")
    s.phase = Phase.OVER
    assert s.winners() == [Y], "Y is 1 seat clockwise from B's Red Throne, G is 2"


def test_p8_a_unit_acquired_during_the_level_is_not_a_territory():
    s = new(4)
    board(s, {0: [(R, "fx_1_1")]}, targets=["clay_golem"], coins=[2, 2, 2, 2])
    resolve_from(s)
    act(s, "acquire")
    assert s.terr_level[R] == [False, False, False]
    s.round = 3
    rounds.start_event(s, 1)
    assert s.phase is Phase.EVENT and s.actor == R, "R acquired only a unit in Level 1: R is asked first"


def test_acquired_count_is_one_per_card():
    s = new(4)
    board(s, {0: [(R, "fx_1_1")]}, targets=["clay_golem"], coins=[2, 2, 2, 2])
    resolve_from(s)
    act(s, "acquire")
    assert s.acquired[R] == 1 and s.observation(None)["players"][R]["acquired"] == 1


def test_payment_event_names_the_coins_and_stones_paid():
    s = new(4)
    board(s, {0: [(Y, "fx_1_2")]}, targets=["clay_golem"], coins=[1, 1, 1, 1], stones=[0, 0, 1, 0])
    resolve_from(s)
    act(s, "acquire")  # 2 to pay with 1 coin and 1 stone: the only split
    paid = [e for e in s.events if ".event.paid" in e.key][-1]
    assert paid.key.endswith("event.paid") and (paid.params["coins"], paid.params["stones"]) == (1, 1)


def test_area_events_tell_an_empty_area_from_a_contested_one():
    s = new(4)
    board(s, {1: [(R, "fx_2_1"), (B, "fx_1_1")]}, targets=["clay_golem", "clay_golem"], coins=[2, 2, 2, 2])
    resolve_from(s)
    keys = [e.key.rsplit(".", 1)[1] for e in s.events if ".event.area" in e.key]
    assert keys[:2] == ["area_empty", "area"]
    contested = [e for e in s.events if e.key.endswith("event.area")][0]
    assert contested.render("en") == "Area B (Clay Golem): priority Red (power 2), Blue (power 1)"


def test_p8_territory_acquired_in_level_one_spares_the_player_at_the_event():
    s = new(4)
    board(s, {0: [(R, "fx_1_1")]}, targets=["farming_village"], coins=[2, 2, 2, 2])
    resolve_from(s)
    act(s, "acquire")
    assert s.terr_level[R] == [True, False, False]
    s.round = 3
    rounds.start_event(s, 1)
    assert s.phase is Phase.EVENT and s.actor == B, "R is spared; B, next in seat order, chooses"


def test_last_player_not_passed_keeps_taking_turns():
    s = new(4)
    board(s, {})
    for p in (R, B, Y):
        s.passed[p] = True
    s.actor = G
    units = [add(s, G, "fx_1_1") for _ in range(2)]
    s.sleeved[G] += units
    s._legal = None
    act(s, "place", units[0], 0)
    assert s.phase is Phase.PLACE and s.actor == G
    act(s, "place", units[1], 1)
    assert s.actor == G
    act(s, "pass")
    assert s.phase is not Phase.PLACE


def test_guardian_with_a_single_curse_must_pass_it_on():
    s = new(4)
    s.curses = [0, 0, 1, 0]
    board(s, {0: [(Y, "fx_guardian_1_1")]}, targets=["clay_golem"])
    resolve_from(s)
    act(s, "acquire")
    assert s.phase is Phase.TRIGGER and {a.kind for a in s.legal_actions()} == {"curse"}


def test_placement_turns_go_clockwise_from_the_start_player():
    s = new(4)
    board(s, {})
    s.actor = s.turn = B
    order = []
    for _ in range(4):
        order.append(s.actor)
        u = add(s, s.actor, "fx_1_1")
        s.sleeved[s.actor].append(u)
        s._legal = None
        act(s, "place", u, 0 if len(order) < 4 else 1)
    assert order == [B, Y, G, R] and s.actor == B


def test_bombers_are_handed_out_in_seat_order_from_the_red_throne():
    s = new(4)
    s.red = Y
    board(s, {0: [(B, "fx_1_1")]}, targets=["clay_golem"] * 5, sentinel=False)
    resolve_from(s)
    act(s, "acquire")
    got = [e.params["player"]["en"] for e in s.events if e.key.endswith("event.bomber")]
    assert got == ["Yellow", "Green", "Red"]


def test_game_over_line_mentions_the_tie_only_when_there_is_one():
    for holders, key in (((B,), "event.game_over"), ((B, G), "event.game_over_tie")):
        s = new(4)
        for p in holders:
            add(s, p, "fishing_village")
        s.round = 7
        rounds.after_event(s)
        assert s.is_terminal() and s.events[-1].key.endswith(key)


def test_per_type_option_also_covers_a_territory_name_without_a_printed_negative_card(tmp_path):
    """A card file may add a Level 1 territory with no negative counterpart: players lacking it
    receive trashed copies of it."""
    import yaml

    from sabbat.games.nameless_dark_lord import GAME
    from sabbat.games.nameless_dark_lord.cards import DEFAULT_FILE

    data = yaml.safe_load(DEFAULT_FILE.read_text(encoding="utf-8"))
    mill = dict(next(c for c in data["cards"] if c["id"] == "farming_village"), id="mill", group="mill")
    mill.update(name={"en": "Mill", "ja": "水車小屋"}, count=1, four_player=0)
    data["cards"].append(mill)
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    s = GAME.new(4, 1, {"cards": str(path), "event_mode": "per_type"})
    assert level_groups(s, 1) == ["farm", "fishing", "mill"]
    trashed = next(u for u in range(len(s.cid)) if s.cid[u] == "mill")
    for d in s.decks:
        if trashed in d:
            d.remove(trashed)
    if trashed in s.targets:
        s.targets.remove(trashed)
    s.trash.append(trashed)
    rounds.start_event(s, 1)
    first = seat(s, 0)
    assert trashed in s.owned[first] and trashed in s.neg_flag


def test_p24_event_line_says_when_the_card_comes_from_the_trash():
    from .test_events import _e9, _lacking_level_one

    s, trashed = _e9()
    _lacking_level_one(s, B, Y, G)
    rounds.start_event(s, 1)
    act(s, "take", s.legal_actions()[0].args[0])
    lines = [e.render("ja") for e in s.events if ".event.event_card" in e.key]
    assert len(lines) == 3 and lines[-1] == "緑がトラッシュの農村を受け取った（−3点として扱う）"
    assert "トラッシュ" not in lines[0] + lines[1]
