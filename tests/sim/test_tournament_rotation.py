"""Tournaments: seats rotate fairly, deals are shared, parallel play changes nothing."""

from __future__ import annotations

import json
from collections import Counter
from itertools import permutations

import pytest

from sabbat.core import BadPlayerCount
from sabbat.sim.runner import GameRecord
from sabbat.sim.tournament import arrangements, merge, run_tournament, schedule


def seat_counts(arr: list[tuple[str, ...]], n: int) -> list[Counter[str]]:
    return [Counter(a[s] for a in arr) for s in range(n)]


def test_two_agents_four_seats_play_every_arrangement_balanced() -> None:
    arr = arrangements(["a", "b"], 4)
    assert len(arr) % 4 == 0
    assert set(arr) == set(permutations("abab"))
    assert arr[:4] == [("a", "b", "a", "b"), ("b", "a", "b", "a")] * 2
    counts = seat_counts(arr, 4)
    assert all(c == counts[0] for c in counts)


def test_one_against_two_copies_rotates_the_lone_agent_through_every_seat() -> None:
    arr = arrangements(["search", "bot", "bot"], 3)
    assert arr == [("search", "bot", "bot"), ("bot", "bot", "search"), ("bot", "search", "bot")]


def test_three_distinct_agents_meet_in_all_six_orders_in_balanced_blocks() -> None:
    arr = arrangements(["a", "b", "c"], 3)
    assert sorted(arr) == sorted({("a", "b", "c"), ("a", "c", "b"), ("b", "a", "c"),
                                  ("b", "c", "a"), ("c", "a", "b"), ("c", "b", "a")})
    for start in range(0, len(arr), 3):
        block = arr[start:start + 3]
        assert all(sorted(a[s] for a in block) == ["a", "b", "c"] for s in range(3))


def test_more_agents_than_seats_play_every_pairing() -> None:
    arr = arrangements(["a", "b", "c"], 2)
    assert {frozenset(a) for a in arr} == {frozenset("ab"), frozenset("ac"), frozenset("bc")}
    counts = seat_counts(arr, 2)
    assert counts[0] == counts[1]


def test_each_rotation_block_shares_one_deal() -> None:
    plan = schedule(["a", "b", "c"], 3, 9, seed=5)
    seeds = [s for s, _ in plan]
    assert seeds[0] == seeds[1] == seeds[2] != seeds[3]
    assert len(set(seeds)) == 3


@pytest.mark.slow
def test_tournament_results_do_not_depend_on_the_number_of_workers() -> None:
    seen: list[int] = []
    one = run_tournament("toy", ["random", "ismcts:20"], 2, games=8, jobs=1, seed=3,
                         progress=lambda done, total, rec: seen.append(done))
    two = run_tournament("toy", ["random", "ismcts:20"], 2, games=8, jobs=2, seed=3)
    assert seen == list(range(1, 9))
    assert [r.to_json() for r in one.records] == [r.to_json() for r in two.records]
    assert one.games == 8 and sum(a.games for a in one.agents) == 16


def test_tournament_report_counts_shares_and_serialises() -> None:
    result = run_tournament("toy", ["random", "ismcts:30"], 3, games=6, jobs=1, seed=2)
    data = json.loads(json.dumps(result.to_json()))
    assert data["games"] == 6 and data["par"] == pytest.approx(1 / 3)
    assert sum(r["wins"] for r in data["results"]) == pytest.approx(6.0)
    assert sum(s["wins"] for s in data["seats"]) == pytest.approx(6.0)
    assert {r["agent"] for r in data["results"]} == {"random", "ismcts:30"}
    text = result.format_table()
    assert "ismcts:30" in text and "95% interval" in text


def test_agent_names_print_as_written_not_as_emoji_codes() -> None:
    """`ismcts:100:h` holds `:100:`, which a rich console would print as an emoji."""
    result = run_tournament("toy", ["random", "ismcts:100:r"], 2, games=2, jobs=1, seed=2)
    assert "ismcts:100:r" in result.format_table()


def test_tournament_rejects_a_wrong_player_count() -> None:
    with pytest.raises(BadPlayerCount):
        run_tournament("toy", ["random"], 7, games=1)


def test_win_shares_split_ties() -> None:
    record = GameRecord("toy", 3, 0, ["a", "b", "c"], [0, 2], [5.0, 3.0, 5.0], 10, {})
    result = run_tournament.__globals__["TournamentResult"]("toy", 3, ["a", "b", "c"], 0, [record])
    shares = {a.label: a.wins for a in result.agents}
    assert shares == {"a": 0.5, "b": 0.0, "c": 0.5}


@pytest.mark.slow
def test_parts_merge_into_the_result_of_one_run() -> None:
    whole = run_tournament("toy", ["random", "ismcts:20"], 3, games=18, jobs=1, seed=4)
    parts = [run_tournament("toy", ["random", "ismcts:20"], 3, games=18, jobs=1, seed=4, part=(k, 3))
             for k in (3, 1, 2)]
    assert [p.games for p in parts] == [6, 6, 6] and not parts[0].complete
    for p in parts:  # each part alone is seat-balanced
        for seat in range(3):
            assert Counter(r.agents[seat] for r in p.records) == Counter(r.agents[seat] for r in parts[1].records)
    merged = merge([json.loads(json.dumps(p.to_json())) for p in parts])
    assert merged.complete and merged.parts == (1, 2, 3)
    expected = whole.to_json()
    got = merged.to_json()
    assert got["records"] == expected["records"] and got["results"] == expected["results"]
    assert got["schedule"]["parts"] == [1, 2, 3]


def test_merging_refuses_parts_of_different_tournaments() -> None:
    one = run_tournament("toy", ["random", "ismcts:20"], 2, games=4, jobs=1, seed=1, part=(1, 2)).to_json()
    two = run_tournament("toy", ["random", "ismcts:20"], 2, games=4, jobs=1, seed=1, part=(2, 2)).to_json()
    other_seed = run_tournament("toy", ["random", "ismcts:20"], 2, games=4, jobs=1, seed=2, part=(2, 2)).to_json()
    with pytest.raises(ValueError, match="different tournaments: seed"):
        merge([one, other_seed])
    with pytest.raises(ValueError, match="given twice"):
        merge([one, one])
    forged = {**two, "records": [{**two["records"][0], "seed": 99}]}
    with pytest.raises(ValueError, match="not in the tournament's schedule"):
        merge([one, forged])
    with pytest.raises(ValueError, match="part 3/2 does not exist"):
        run_tournament("toy", ["random"], 2, games=4, part=(3, 2))
    assert merge([one, two]).games == 4
