"""The study variants: each option switches one rule of the rulebook off, and only that one; the
default is the rulebook."""

from __future__ import annotations

from sabbat.games.nameless_dark_lord import GAME, rounds
from sabbat.games.nameless_dark_lord.model import Phase
from sabbat.games.nameless_dark_lord.state import NdlState
from tests.games.nameless_dark_lord.ndl_support import B, G, R, add, board, new, resolve_from

SEEDS = range(12)


def _tied_ending(**options: str) -> NdlState:
    """B and G tied at 2 VP (a Fishing Village each) at the end of round 7."""
    s = new(4, **options)
    for p in (B, G):
        add(s, p, "fishing_village")
    s.round, s.phase = 7, Phase.OVER
    return s


def test_red_throne_tie_shared_makes_every_tied_player_a_winner() -> None:
    assert _tied_ending().winners() == [B]  # the rulebook: nearest clockwise from the Red Throne
    assert _tied_ending(red_throne_tie="red_throne").winners() == [B]
    shared = _tied_ending(red_throne_tie="shared")
    assert sorted(shared.winners()) == [B, G]
    assert shared.tie_breaks() == [{}] * 4  # no tie-break shown where none applies


def test_red_throne_tie_shared_says_the_win_is_shared_at_the_end() -> None:
    s = new(4, red_throne_tie="shared")
    for p in (B, G):
        add(s, p, "fishing_village")
    s.round = 7
    rounds.after_event(s)
    last = s.events[-1]
    assert s.is_terminal() and last.key.endswith("event.game_over_shared")
    assert [w["en"] for w in last.params["winners"]] == ["Blue", "Green"]


def _games(**options: str) -> list[NdlState]:
    games = [GAME.new(4, seed, options) for seed in SEEDS]
    assert all(isinstance(s, NdlState) for s in games)
    return games  # type: ignore[return-value]


def _to_round(s: NdlState, r: int) -> NdlState:
    while s.round < r:
        s.apply(s.legal_actions()[0])
    return s


def test_start_player_by_the_rulebook_is_the_red_throne_then_the_left() -> None:
    games = _games()
    assert [s.turn for s in games] == [s.red for s in games]
    assert [_to_round(s, 2).turn for s in games] == [(s.red + 1) % 4 for s in games]


def test_lot_first_round_draws_round_one_only_and_keeps_the_deal() -> None:
    rulebook, games = _games(), _games(start_player="lot_first_round")
    starts = [s.turn for s in games]
    assert any(start != s.red for start, s in zip(starts, games, strict=True))
    assert starts == [s.turn for s in _games(start_player="lot_first_round")]  # fixed by the seed
    assert [s.observation(0)["start_player"] for s in games] == starts  # what the players are shown
    assert [(s.decks, s.stones, s.red) for s in games] == [(s.decks, s.stones, s.red) for s in rulebook]
    assert [_to_round(s, 2).turn for s in games] == [(s.red + 1) % 4 for s in games]  # round 2 as the rulebook


def test_lot_every_round_draws_later_rounds_too() -> None:
    games = [_to_round(s, 2) for s in _games(start_player="lot_every_round")]
    assert any(s.turn != (s.red + 1) % 4 for s in games)
    assert [s.observation(1)["start_player"] for s in games] == [s.turn for s in games]


def _first_two(shift: int, **options: str) -> list[int]:
    """The priority of R and B in an area where both have power 3, R's unit placed first (the
    target's card differs with `shift`, so a lot keyed by it differs too)."""
    s = new(4, **options)
    for _ in range(shift):
        add(s, -1, "fx_target")
    board(s, {0: [(R, "fx_3_1"), (B, "fx_3_1")]}, targets=["clay_golem"])
    resolve_from(s)
    return s.prio[:2]


def test_power_tie_lot_decides_equal_power_by_lot_instead_of_the_front_unit() -> None:
    assert {tuple(_first_two(k)) for k in SEEDS} == {(R, B)}  # the rulebook: the unit placed earlier
    drawn = [tuple(_first_two(k, power_tie="lot")) for k in SEEDS]
    assert set(drawn) == {(R, B), (B, R)}
    assert drawn == [tuple(_first_two(k, power_tie="lot")) for k in SEEDS]
