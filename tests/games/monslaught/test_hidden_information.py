"""Hidden information: hands, draft offers, picks, decks and face-down bosses stay secret."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from sabbat.agents import get
from sabbat.core import Rng
from sabbat.core.events import SPECTATOR
from sabbat.games.monslaught import GAME
from sabbat.games.monslaught.flow import DRAFT, SUMMONS, DraftPicks
from sabbat.games.monslaught.model import Phase, Position
from sabbat.games.monslaught.observe import own_view
from sabbat.games.monslaught.redeal import redeal
from sabbat.games.monslaught.state import MonslaughtState
from sabbat.testing.secrets import commitment_playout
from tests.games.monslaught.monslaught_helpers import do, new


def _play_draft(st) -> None:  # type: ignore[no-untyped-def]
    while st.phase is Phase.DRAFT:
        do(st, "pick", st.ids[st.seats[st.active].offer[0]])


def test_opponent_hand_contents_never_in_observation_or_events() -> None:
    st = new(2, seed=8, fixture=False)
    first = st.active
    other = 1 - first
    pick = st.ids[st.seats[first].offer[0]]
    do(st, "pick", pick)
    obs = st.observation(other)
    public = {k: v for k, v in obs.items() if k not in ("catalog", "players")}
    public["first"] = obs["players"][first]
    assert f'"{pick}"' not in json.dumps(public)
    assert obs["players"][first]["hand"] is None and obs["players"][first]["offer"] is None
    events = [e.to_json() for e in st.events_for(other)]
    assert all(e["key"] != "monslaught.event.picked" for e in events)
    assert any(e["key"] == "monslaught.event.picked_public" for e in events)


def test_a_pick_tells_the_others_and_the_spectators_only_who_has_picked() -> None:
    st = new(3, seed=8, fixture=False)
    first = st.active
    do(st, "pick", st.ids[st.seats[first].offer[0]])
    picked = [e for e in st.events if e.key.startswith("monslaught.event.picked")]
    assert [(e.key, e.audience) for e in picked] == [
        ("monslaught.event.picked", frozenset({first})),
        ("monslaught.event.picked_public", frozenset({SPECTATOR, *(q for q in range(3) if q != first)})),
    ]
    assert picked[1].params == {"player": first}


def test_spectators_see_how_many_cards_were_dealt_and_refilled_never_which() -> None:
    st = new(3, seed=8, fixture=False)
    watched = [e for e in st.events_for(None) if e.key.startswith("monslaught.event.dealt")]
    assert [e.key for e in watched] == ["monslaught.event.dealt_public"] * 3
    assert all(set(e.params) == {"player", "count"} for e in watched)
    _play_draft(st)
    for _ in range(400):
        if st.is_terminal() or any(e.key == "monslaught.event.refill" for e in st.events):
            break
        st.apply(Rng(len(st.history)).choice(st.legal_actions()))
    refills = [e for e in st.events if e.key == "monslaught.event.refill"]
    assert refills, "no refill in 400 random moves"
    shown = [e for e in st.events_for(None) if e.key.startswith("monslaught.event.refill")]
    assert any(e.key == "monslaught.event.refill_public" for e in shown)
    assert {e.key for e in shown} <= {"monslaught.event.refill_public", "monslaught.event.refill_none"}
    assert all("cards" not in e.params for e in shown if e.key == "monslaught.event.refill_public")

def test_determinize_keeps_own_hand_and_resamples_opponents() -> None:
    st = new(3, seed=2, fixture=False)
    _play_draft(st)
    me = st.active
    mine = sorted(st.seats[me].hand)
    hands = set()
    for s in range(20):
        d = st.determinize(me, Rng(s))
        assert sorted(d.seats[me].hand) == mine
        hands.add(tuple(sorted(d.ids[u] for q in range(3) if q != me for u in d.seats[q].hand)))
        assert json.dumps(d.observation(me), sort_keys=True) == json.dumps(st.observation(me), sort_keys=True)
    assert len(hands) > 1


def test_face_down_bosses_are_resampled() -> None:
    st = new(2, seed=1, fixture=False)
    firsts = {st.determinize(0, Rng(s)).boss_row[0] for s in range(20)}
    assert len(firsts) == 2


def test_deck_order_is_resampled() -> None:
    st = new(2, seed=1, fixture=False)
    orders = {tuple(st.determinize(0, Rng(s)).middle) for s in range(5)}
    assert len(orders) > 1


def test_every_event_renders_fully_for_every_viewer() -> None:
    from sabbat.agents import RandomAgent

    st = new(3, seed=6, fixture=False)
    bot = RandomAgent(1)
    while not st.is_terminal():
        st.apply(bot.choose(st))
    for viewer in (0, 1, 2, None):
        for event in st.events_for(viewer):
            for locale in ("en", "ja"):
                text = event.render(locale)
                assert "{" not in text, text


def test_heuristic_view_is_the_players_own_observation() -> None:
    """The heuristic reads `own_view`, a shortcut: it must hold nothing the observation lacks."""
    for players in (2, 4):
        st = new(players, seed=players, fixture=False)
        bot = get("heuristic", "monslaught", seed=1)
        checked = 0
        while not st.is_terminal():
            me = st.current_player
            obs = st.observation(me)
            view = own_view(st, me)
            assert view == {"round": obs["round"], "phase": obs["phase"], "bosses": obs["bosses"],
                            "pending": obs["pending"], "me": obs["players"][me]}
            checked += 1
            st.apply(bot.choose(st))
        assert checked > 100


def _keep_picks(self: DraftPicks, s: Position, new: Position, seats: Sequence[int], rng: Rng) -> None:
    redeal(s, new, seats, rng)
    for q in seats:
        new.seats[q].pick = s.seats[q].pick


def test_the_suite_sees_a_determinization_that_keeps_the_others_picks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The conformance suite checks each secret choice on its own: the summons, redrawn in every
    boss round, must not hide a draft whose picks are never redrawn."""
    assert commitment_playout(new(2, seed=0, fixture=False), 0, GAME.from_json, (DRAFT,)).redrawn > 0
    monkeypatch.setattr(DraftPicks, "redraw", _keep_picks)
    report = commitment_playout(new(2, seed=0, fixture=False), 0, GAME.from_json, (DRAFT,))
    assert report.problems == [] and report.redrawn == 0  # the suite then fails on "nothing redrawn"
    assert commitment_playout(new(2, seed=0, fixture=False), 0, GAME.from_json, (SUMMONS,)).redrawn > 0


def _before_upkeep_ends(seeds: range) -> list[MonslaughtState]:
    """Positions where the active seat may end its upkeep holding two or more different cards."""
    found = []
    for seed in seeds:
        st = new(3, seed=seed, fixture=False)
        pick = Rng(seed)
        while not st.is_terminal() and len(found) < 4 * (seed - seeds.start + 1):
            legal = st.legal_actions()
            hand = st.seats[st.active].hand if st.phase is Phase.UPKEEP else []
            if any(a.kind == "end_upkeep" for a in legal) and len({st.ids[u] for u in hand}) > 1:
                found.append(st.clone())
            st.apply(pick.choice(legal))
    return found


def test_a_discarded_hand_is_listed_in_no_order_the_others_could_read() -> None:
    """Ending the upkeep discards the hand in public: the event names the cards, and must say
    nothing of the order they were held in (taken in, in secret)."""
    positions = _before_upkeep_ends(range(1, 6))
    assert len(positions) >= 5
    for st in positions:
        p = st.active
        outcomes = []
        for order in (lambda h: h, lambda h: h[::-1], lambda h: h[1:] + h[:1]):
            st2 = st.clone()
            st2.seats[p].hand = order(list(st2.seats[p].hand))
            before = len(st2.events)
            st2.apply(next(a for a in st2.legal_actions() if a.kind == "end_upkeep"))
            outcomes.append({r: [e.to_json() for e in st2.events[before:] if e.visible_to(r)]
                             for r in [None, *range(st.num_players)] if r != p})
        assert outcomes[0] == outcomes[1] == outcomes[2], "the others' events tell the hand's order"
