"""Hidden information: chest values, thefts, determinization from what remains."""

from __future__ import annotations

from sabbat.core import Rng
from sabbat.games.bellum_magica import GAME
from tests.games.bellum_magica.bellum_helpers import act, blank, give, set_stack, to_attack


def test_chest_values_are_known_to_their_holder_only() -> None:
    s = blank(3)
    give(s, 1, "gold", [7])
    assert s.observation(1)["my_chests"] == [{"type": "gold", "value": 7}]
    for viewer in (0, 2, None):
        view = s.observation(viewer)
        assert view["castles"][1]["chest_counts"] == [0, 0, 1]
        assert all(c["holder"] != 1 for c in view["known_chests"])


def test_gain_events_hide_the_value_from_the_others() -> None:
    s = blank(2)
    s.boards[0] = "tb_w1"
    from tests.games.bellum_magica.bellum_helpers import give_creature, start_day
    give_creature(s, 0, "gc", "L")
    set_stack(s, "metal", [5])
    start_day(s, [2])
    for e in s.events_for(1):
        assert "value" not in e.params
    assert any(e.params.get("value") == 5 for e in s.events_for(0))


def test_thief_learns_values_only_after_the_theft_and_victim_keeps_knowing() -> None:
    s = blank(2)
    give(s, 1, "metal", [3, 5])
    to_attack(s, 1)
    orig = s.attack
    s.attack = lambda q, row: (5, 0, 2) if q == 0 else orig(q, row)  # type: ignore[method-assign]
    s._legal = None
    act(s, "attack_castle", 1)
    act(s, "steal", "metal")
    assert s.observation(0)["my_chests"] == []
    assert all("value" not in e.params and "values" not in e.params for e in s.events_for(0))
    act(s, "stop_stealing")
    stolen = s.observation(0)["my_chests"]
    assert len(stolen) == 1
    assert s.observation(1)["known_chests"] == [{"holder": 0, **stolen[0]}]


def test_determinize_resamples_unseen_chest_values_from_what_remains() -> None:
    s = blank(2)
    give(s, 0, "gold", [7])
    give(s, 1, "gold", [5, 6])
    pool_values = sorted(s.cards.chest_value[c] for c in s.stacks[2] + s.chests[1])
    seen_values = set()
    for k in range(20):
        d = s.determinize(0, Rng(k))
        assert [d.cards.chest_value[c] for c in d.chests[0]] == [7]
        assert d.chest_counts(1) == [0, 0, 2]
        assert sorted(d.cards.chest_value[c] for c in d.stacks[2] + d.chests[1]) == pool_values
        seen_values.add(tuple(sorted(d.cards.chest_value[c] for c in d.chests[1])))
    assert len(seen_values) > 1
    # chests the viewer has seen in another stock stay put
    t = blank(2)
    ids = give(t, 1, "gold", [5])
    t.seen[ids[0]] |= 1
    for k in range(5):
        assert t.determinize(0, Rng(k)).chests[1] == ids


def test_determinize_resamples_goblins_before_the_reveal() -> None:
    s = GAME.new(3, 9)
    p = s.current_player
    g = s.hand[p][0]
    s.apply(s.legal_actions()[0])
    other = (p + 1) % 3
    hands = set()
    for k in range(10):
        d = s.determinize(other, Rng(k))
        assert d.hand[other] == s.hand[other]
        assert len(d.placed[p]) == 1 and len(d.hand[p]) == 1
        hands.add((d.placed[p][0][0], d.hand[p][0]))
    assert len(hands) > 1 and g  # the placed goblin's identity is not pinned
