"""The command line, driven headless over the toy game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sabbat.cli.main import cli


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--lang", "en", *args], input=input)
    return result.exit_code, result.output


def test_games_lists_registered_games() -> None:
    code, out = run("games")
    assert code == 0 and "toy" in out


def test_unknown_game_is_a_clear_error() -> None:
    code, out = run("play", "no-such-game")
    assert code == 2 and "unknown game 'no-such-game'" in out and "Traceback" not in out


def test_wrong_player_count_is_a_clear_error() -> None:
    code, out = run("play", "toy", "--players", "9")
    assert code == 2 and "2 to 3 players, not 9" in out


def test_play_to_the_end_with_bad_input_in_between(tmp_path: Path) -> None:
    answers = "help\n99\nfoo\nboard\nlog\n" + "1\n" * 60
    code, out = run("play", "toy", "--players", "2", "--seed", "3", "--ai", "random",
                    "--save", str(tmp_path / "g.json"), input=answers)
    assert code == 0, out
    assert "not one of the options" in out and "Commands:" in out
    assert "Game over." in out and "Winner" in out


def test_quit_saves_and_resume_continues(tmp_path: Path) -> None:
    save = tmp_path / "toy.json"
    code, out = run("play", "toy", "--players", "2", "--seed", "4", "--ai", "random", "--save", str(save),
                    input="1\nquit\n")
    assert code == 0 and save.exists() and "Saved to" in out
    data = json.loads(save.read_text())
    assert data["format"] == "sabbat-replay" and data["actions"]
    code, out = run("play", "toy", "--resume", str(save), "--ai", "random", input="1\n" * 60)
    assert code == 0 and "Resumed" in out and "Game over." in out


def test_truncated_save_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    save = tmp_path / "toy.json"
    run("play", "toy", "--players", "2", "--seed", "4", "--ai", "random", "--save", str(save), input="quit\n")
    text = save.read_text()
    save.write_text(text[: len(text) // 2])
    code, out = run("play", "toy", "--resume", str(save))
    assert code == 2 and "not valid JSON" in out
    assert save.read_text() == text[: len(text) // 2]


def test_tampered_save_file_is_detected(tmp_path: Path) -> None:
    save = tmp_path / "toy.json"
    run("play", "toy", "--players", "2", "--seed", "4", "--ai", "random", "--save", str(save), input="1\nquit\n")
    data = json.loads(save.read_text())
    data["seed"] = 5
    save.write_text(json.dumps(data))
    code, out = run("play", "toy", "--resume", str(save))
    assert code == 2 and ("did not reproduce" in out or "not legal on replay" in out)


def test_simulate_prints_table_and_writes_results(tmp_path: Path) -> None:
    out_file = tmp_path / "r.jsonl"
    code, out = run("simulate", "toy", "-n", "30", "--agents", "random,random", "--jobs", "2", "--out", str(out_file))
    assert code == 0, out
    assert "win rate by seat" in out and "95% interval" in out and "game length" in out
    lines = out_file.read_text().splitlines()
    assert len(lines) == 30
    record = json.loads(lines[0])
    assert record["replay"]["format"] == "sabbat-replay" and len(record["agents"]) == 2


@pytest.mark.slow
def test_simulate_is_reproducible_across_job_counts(tmp_path: Path) -> None:
    outs = []
    for jobs in ("1", "2"):
        f = tmp_path / f"r{jobs}.jsonl"
        run("simulate", "toy", "-n", "12", "--agents", "random", "--jobs", jobs, "--out", str(f))
        outs.append(sorted(f.read_text().splitlines()))
    assert outs[0] == outs[1]


def test_replay_steps_through_a_results_line(tmp_path: Path) -> None:
    out_file = tmp_path / "r.jsonl"
    run("simulate", "toy", "-n", "3", "--jobs", "1", "--agents", "random", "--out", str(out_file))
    code, out = run("replay", str(out_file), "--line", "2", "--no-step")
    assert code == 0, out
    assert "Scores" in out and "played" in out


def test_bench_prints_figures(tmp_path: Path) -> None:
    out_file = tmp_path / "bench.json"
    code, out = run("bench", "--games", "toy", "--seconds", "0.3", "--out", str(out_file))
    assert code == 0, out
    rows = json.loads(out_file.read_text())["throughput"]
    assert {r["players"] for r in rows} == {2, 3} and all(r["decisions_per_s"] > 0 for r in rows)


def test_search_bench_prints_both_searches_and_the_hard_move(tmp_path: Path) -> None:
    out_file = tmp_path / "search.json"
    code, out = run("bench", "--search", "--games", "toy", "--out", str(out_file))
    assert code == 0, out
    (row,) = json.loads(out_file.read_text())["games"]
    assert row["game"] == "toy" and row["positions"] > 0
    assert row["iterations_per_s_random"] > 0 and row["samples_per_s_rollout"] > 0
    assert 0 < row["hard_move_s"] < 5
    assert "rollouts/s" in out and "toy" in out


def test_bad_agent_name_is_a_clear_error() -> None:
    code, out = run("simulate", "toy", "-n", "2", "--agents", "genius")
    assert code == 2 and "unknown agent 'genius'" in out


@pytest.mark.slow
def test_tournament_prints_rates_and_ratings(tmp_path: Path) -> None:
    out_file = tmp_path / "t.json"
    code, out = run("tournament", "toy", "--agents", "random,ismcts:30", "-n", "8", "--jobs", "1", "--out", str(out_file))
    assert code == 0, out
    data = json.loads(out_file.read_text())
    assert data["games"] == 8 if isinstance(data.get("games"), int) else len(data["games"]) == 8
    assert "ismcts:30" in out and "random" in out


def test_tournament_parts_are_merged_into_one_result(tmp_path: Path) -> None:
    files = [tmp_path / f"part{k}.json" for k in (1, 2)]
    for k, path in enumerate(files, start=1):
        code, out = run("tournament", "toy", "--agents", "random,ismcts:10", "-n", "8", "--jobs", "1",
                        "--part", f"{k}/2", "--out", str(path))
        assert code == 0, out
        assert "parts " + str(k) + " of 2" in out
    code, out = run("merge-results", *map(str, files), "--out", str(tmp_path / "all.json"))
    assert code == 0, out
    assert json.loads((tmp_path / "all.json").read_text())["games"] == 8 and " of 2" not in out
    code, out = run("tournament", "toy", "--part", "3/2")
    assert code == 2 and "K/M" in out
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    code, out = run("merge-results", str(tmp_path / "bad.json"))
    assert code == 2 and "not valid JSON" in out and "Traceback" not in out
    code, out = run("merge-results", str(files[0]), str(files[0]))
    assert code == 2 and "given twice" in out


def test_hint_shows_the_search_choice(tmp_path: Path) -> None:
    code, out = run("play", "toy", "--players", "2", "--seed", "3", "--ai", "random",
                    "--save", str(tmp_path / "g.json"), input="hint\nquit\n")
    assert code == 0, out
    assert "AI would choose" in out


def test_tournament_journal_resumes_and_logs_a_line_a_game(tmp_path: Path) -> None:
    book = tmp_path / "run.jsonl"
    args = ("tournament", "toy", "--agents", "random,ismcts:10", "-n", "4", "--jobs", "1", "--journal", str(book))
    code, out = run(*args)
    assert code == 0, out
    assert "game 4/4: deal" in out and "so far, about 0 min to go" in out  # not a terminal: lines
    assert len(book.read_text(encoding="utf-8").splitlines()) == 5
    code, out = run(*args)
    assert code == 0 and "game 1/4" not in out  # every game was in the journal
    code, out = run(*args[:-2], "--seed", "5", "--journal", str(book))
    assert code == 2 and "journal of another tournament" in out and "Traceback" not in out


def test_merge_results_reads_a_journal_as_the_games_played_so_far(tmp_path: Path) -> None:
    book = tmp_path / "run.jsonl"
    code, out = run("tournament", "toy", "--agents", "random,ismcts:10", "-n", "4", "--jobs", "1",
                    "--part", "2/2", "--journal", str(book))
    assert code == 0, out
    code, out = run("merge-results", str(book))
    assert code == 0 and "2 games" in out and "parts 2 of 2" in out, out
    book.write_text('{"tournament": 5}\n', encoding="utf-8")
    code, out = run("merge-results", str(book))
    assert code == 2 and "not a tournament journal" in out and "Traceback" not in out


def test_progress_lines_give_durations_a_person_reads_at_a_glance() -> None:
    from sabbat.cli.common import duration

    assert (duration(20), duration(600), duration(3725)) == ("0 min", "10 min", "1 h 02 min")
