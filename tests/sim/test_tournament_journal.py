"""A tournament journal: every game written as it ends, a cut-off run resumed without loss."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sabbat.sim import tournament
from sabbat.sim.journal import JournalMismatch
from sabbat.sim.tournament import run_tournament

AGENTS = ["random", "ismcts:10"]


def records(result: tournament.TournamentResult) -> list[dict]:  # type: ignore[type-arg]
    return result.to_json()["records"]


def test_the_journal_gets_every_game_and_a_rerun_replays_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    book = tmp_path / "run.jsonl"
    first = run_tournament("toy", AGENTS, 2, games=6, jobs=1, seed=3, journal=book)
    lines = book.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 7 and json.loads(lines[0])["tournament"]["lineup"] == AGENTS

    def no_games(task):  # type: ignore[no-untyped-def]
        raise AssertionError("a game in the journal was played again")

    monkeypatch.setattr(tournament, "_play", no_games)
    again = run_tournament("toy", AGENTS, 2, games=6, jobs=1, seed=3, journal=book)
    assert records(again) == records(first)


def test_a_run_cut_off_mid_write_resumes_to_the_result_of_one_whole_run(tmp_path: Path) -> None:
    whole = run_tournament("toy", AGENTS, 2, games=6, jobs=1, seed=3)
    book = tmp_path / "run.jsonl"
    run_tournament("toy", AGENTS, 2, games=6, jobs=1, seed=3, journal=book)
    lines = book.read_text(encoding="utf-8").splitlines()
    book.write_text("\n".join(lines[:3]) + "\n" + lines[3][:25], encoding="utf-8")  # killed writing game 3
    played: list[int] = []
    resumed = run_tournament("toy", AGENTS, 2, games=6, jobs=2, seed=3, journal=book,
                             progress=lambda done, total, record: played.append(done))
    assert played == [3, 4, 5, 6]  # two games kept, four played (the cut one again)
    assert records(resumed) == records(whole)
    indices = [json.loads(line)["index"] for line in book.read_text(encoding="utf-8").splitlines()[1:]]
    assert indices[:2] == [0, 1] and sorted(indices) == list(range(6))  # the torn line is gone


def test_a_journal_of_another_tournament_or_a_damaged_one_is_refused(tmp_path: Path) -> None:
    book = tmp_path / "run.jsonl"
    run_tournament("toy", AGENTS, 2, games=4, jobs=1, seed=3, journal=book, part=(1, 2))
    before = book.read_text(encoding="utf-8")
    with pytest.raises(JournalMismatch, match="another tournament.*seed"):
        run_tournament("toy", AGENTS, 2, games=4, jobs=1, seed=4, journal=book, part=(1, 2))
    with pytest.raises(JournalMismatch, match="part"):
        run_tournament("toy", AGENTS, 2, games=4, jobs=1, seed=3, journal=book, part=(2, 2))
    assert book.read_text(encoding="utf-8") == before  # refused, and nothing written
    lines = before.splitlines()
    book.write_text("\n".join([lines[0], "garbage", *lines[2:]]) + "\n", encoding="utf-8")
    with pytest.raises(JournalMismatch, match="line 2 is not a finished game"):
        run_tournament("toy", AGENTS, 2, games=4, jobs=1, seed=3, journal=book, part=(1, 2))
    (tmp_path / "notes.txt").write_text("my notes\n", encoding="utf-8")
    with pytest.raises(JournalMismatch, match="not a tournament journal"):
        run_tournament("toy", AGENTS, 2, games=4, jobs=1, seed=3, journal=tmp_path / "notes.txt")


def test_an_unfinished_journal_reads_as_the_games_so_far_and_merges_with_finished_parts(tmp_path: Path) -> None:
    whole = run_tournament("toy", AGENTS, 2, games=8, jobs=1, seed=3)
    done = run_tournament("toy", AGENTS, 2, games=8, jobs=1, seed=3, part=(1, 2))
    book = tmp_path / "part2.jsonl"
    run_tournament("toy", AGENTS, 2, games=8, jobs=1, seed=3, part=(2, 2), journal=book)
    lines = book.read_text(encoding="utf-8").splitlines()
    book.write_text("\n".join(lines[:3]) + "\n", encoding="utf-8")  # two of its four games so far
    so_far = tournament.from_journal(book)
    assert (so_far.games, so_far.scheduled, so_far.parts, so_far.of) == (2, 4, (2,), 2)
    assert "2 still to play" in so_far.format_table()
    merged = tournament.merge([done.to_json(), so_far.to_json()])
    assert merged.games == 6 and merged.scheduled == 8 and "2 still to play" in merged.format_table()
    assert all(r in records(whole) for r in records(merged))
    assert "still to play" not in whole.format_table()
