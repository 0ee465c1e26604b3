"""The secret simultaneous choice (`sabbat.core.secrets`), over the sealed-bids game."""

from __future__ import annotations

from sabbat import games
from sabbat.core import Action, Rng
from sabbat.core.events import SPECTATOR
from tests.support.bids_game import SEALED_BIDS, BidsState


def bid(state: BidsState, *amounts: int) -> BidsState:
    for amount in amounts:
        state.apply(Action("bid", (amount,)))
        if state.legal_actions() == (Action("seal"),):
            state.apply(Action("seal"))
    return state


def keys_for(state: BidsState, viewer: int | None) -> list[tuple[str, dict[str, object]]]:
    return [(e.key, e.params) for e in state.events_for(viewer)]


def test_a_commitment_tells_the_others_only_that_the_seat_has_chosen() -> None:
    state = bid(BidsState(), 2)
    assert keys_for(state, 0) == [("bids.event.my_bid", {"player": 0, "bid": 2})]
    for viewer in (1, 2, None):  # the other seats and the spectators
        assert keys_for(state, viewer) == [("bids.event.bid", {"player": 0})]
        assert state.observation(viewer)["bids"][0] is None
    assert state.observation(0)["bids"][0] == 2
    assert state.events[-1].audience == frozenset({1, 2, SPECTATOR})


def test_without_a_private_event_the_has_chosen_event_goes_to_everyone() -> None:
    state = BidsState()
    SEALED_BIDS.announce(state, 1, "bids.event.bid", {"player": 1})
    assert [(e.key, e.audience) for e in state.events] == [("bids.event.bid", None)]


def test_the_reveal_comes_exactly_when_the_last_seat_has_chosen() -> None:
    state = bid(BidsState(), 2, 3)
    assert not SEALED_BIDS.close_when_all_chosen(state)  # P3 has not bid
    assert state.secret_choice() and not state.revealed
    assert [e.key for e in state.events if e.key == "bids.event.revealed"] == []
    bid(state, 1)
    assert state.revealed and not state.secret_choice()
    revealed = [e for e in state.events if e.key == "bids.event.revealed"]
    assert len(revealed) == 1 and revealed[0].audience is None and revealed[0].params == {"bids": [2, 3, 1]}
    assert not SEALED_BIDS.close_when_all_chosen(state)  # closed: never revealed twice
    assert len([e for e in state.events if e.key == "bids.event.revealed"]) == 1


def test_secret_choice_is_true_while_a_listed_choice_is_open_and_false_for_a_game_without_one() -> None:
    state = BidsState(double_step=True)
    state.apply(Action("bid", (3,)))
    assert state.secret_choice()  # the run's second decision (seal) is secret too
    assert not games.get("toy").new(2, 0).secret_choice()


def test_determinize_redraws_the_others_commitments_and_keeps_the_players_own() -> None:
    state = bid(BidsState(), 2, 3)
    seen_p1 = set()
    for seed in range(40):
        world = state.determinize(1, Rng(seed))
        assert world.bids[1] == 3  # its own bid
        assert world.bids[2] == 0 and world.sealed == state.sealed  # who has chosen is public
        seen_p1.add(world.bids[0])
    assert seen_p1 == {1, 2, 3}
    assert state.bids == [2, 3, 0]  # the real state is untouched


def test_a_commitment_in_progress_is_redrawn_too() -> None:
    state = BidsState(double_step=True)
    state.apply(Action("bid", (1,)))  # not sealed yet
    assert {state.determinize(2, Rng(seed)).bids[0] for seed in range(40)} == {1, 2, 3}


def test_a_revealed_choice_is_not_redrawn() -> None:
    state = bid(BidsState(), 2, 3, 1)
    for seed in range(10):
        assert state.determinize(0, Rng(seed)).bids == [2, 3, 1]
