"""The study variant `boss1_tie=lot`: a tie for boss 1 is decided by lot instead of going to the
player nearer the start player clockwise (E13); later bosses keep the rule."""

from __future__ import annotations

from sabbat.games.monslaught import flow
from sabbat.games.monslaught.cards import BossCard, CardDB
from tests.games.monslaught.monslaught_helpers import blank

SEEDS = range(24)


def taker(seed: int, number: int, tie: str | None = None) -> int:
    """Who takes a boss of this number when all three players, the start player P1 first, declare 9."""
    st = blank(3, start=0, seed=seed)
    if tie is not None:
        st.options["boss1_tie"] = tie
    db = st.db
    st.db = CardDB(list(db.cards.values()), list(db.lands.values()), list(db.bosses.values()), db.path)
    st.db.bosses["boss_x"] = BossCard(id="boss_x", name={"en": "X", "ja": "X"}, number=number, scout=8,
                                      provenance={"default": "reconstructed"})
    st.round = {1: 4, 2: 7}[number]
    st.boss_revealed = number
    st.boss_row[number - 1] = "boss_x"
    for seat in st.seats:
        seat.declared = 9
    flow.reward(st)
    return st.ranking[0]


def test_boss_1_tie_goes_to_the_start_player_by_the_rulebook() -> None:
    assert {taker(seed, 1) for seed in SEEDS} == {0}
    assert {taker(seed, 1, "start_player") for seed in SEEDS} == {0}


def test_boss_1_tie_by_lot_only_at_boss_1() -> None:
    drawn = [taker(seed, 1, "lot") for seed in SEEDS]
    assert set(drawn) == {0, 1, 2}
    assert [taker(seed, 1, "lot") for seed in SEEDS] == drawn  # fixed by the seed
    assert {taker(seed, 2, "lot") for seed in SEEDS} == {0}  # boss 2 keeps the rule
