"""`sabbat simulate --parquet --report`, `sabbat report` and `sabbat compare` on every game, and their bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from sabbat import games
from sabbat.cli.main import cli

SRC = Path(__file__).resolve().parents[2] / "src" / "sabbat" / "games"
GAMES = [g for g in games.names() if not games.get(g).package.startswith("tests.")]  # not the toy games
CARD_GAMES = [g for g in GAMES if games.get(g).has_card_file]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--lang", "en", *args])
    return result.exit_code, result.output


def refused(*args: str) -> str:
    code, out = run(*args)
    assert code == 2 and len(out.strip().splitlines()) == 1 and "Traceback" not in out, out
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_simulate_writes_parquet_and_a_report_and_report_reads_them(game: str, tmp_path: Path) -> None:
    players = str(games.get(game).info.min_players)
    parquet, page, lines = tmp_path / "r.parquet", tmp_path / "r.html", tmp_path / "r.jsonl"
    code, out = run("simulate", game, "-n", "6", "-p", players, "--agents", "random", "--jobs", "1",
                    "--parquet", str(parquet), "--report", str(page), "--out", str(lines), "--no-card-stats")
    assert code == 0, out
    assert "wrote the report" in out and "(Parquet)" in out
    df = pd.read_parquet(parquet)
    assert len(df) == 6 and set(df["game"]) == {games.get(game).info.id}
    html = page.read_text(encoding="utf-8")
    assert html.count('class="plotly-graph-div"') >= 4 and "<script src=" not in html
    again = tmp_path / "again.html"
    code, out = run("report", str(lines), str(parquet), "--out", str(again))
    assert code == 0 and again.stat().st_size > 1_000_000, out
    assert "12 games" in again.read_text(encoding="utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("game", CARD_GAMES)
def test_compare_runs_on_every_game_with_a_card_file(game: str, tmp_path: Path) -> None:
    out_file = tmp_path / "c.json"
    code, out = run("compare", game, "--cards", "shipped", "--cards", str(games.get(game).resource("cards.yaml")),
                    "-n", "4", "--agents", "random", "--jobs", "1", "--out", str(out_file))
    assert code == 0, out
    assert "B − A" in out and "two-proportion z-test" in out
    figures = json.loads(out_file.read_text(encoding="utf-8"))["figures"]
    assert figures and all(f["diff"] in (0.0, None) and f["mark"] == "" for f in figures)  # same cards, same games


@pytest.mark.slow
def test_compare_shows_what_a_changed_card_file_changes(tmp_path: Path) -> None:
    shipped = (SRC / "magic_master" / "cards.yaml").read_text(encoding="utf-8")
    weaker = shipped.replace("atk_dice: 1, atk_bonus: 1, defence: 3, mov: 3, suc: 8", "atk_dice: 0, atk_bonus: 0, "
                             "defence: 1, mov: 1, suc: 8", 1)
    assert weaker != shipped
    changed = tmp_path / "weak_dean.yaml"
    changed.write_text(weaker, encoding="utf-8")
    out_file = tmp_path / "c.json"
    page = tmp_path / "c.html"
    code, out = run("compare", "magic-master", "--cards", "shipped", "--cards", str(changed), "-n", "30",
                    "--agents", "random", "--jobs", "1", "--out", str(out_file), "--report", str(page), "--all")
    assert code == 0, out
    assert "A shipped" in out and "B weak_dean.yaml" in out and "take rate" in out
    data = json.loads(out_file.read_text(encoding="utf-8"))
    assert any(f["diff"] for f in data["figures"])
    html = page.read_text(encoding="utf-8")
    assert 'id="fig-rates"' in html and 'id="compare-table"' in html and "<script src=" not in html


@pytest.mark.slow
def test_compare_and_report_speak_japanese(tmp_path: Path) -> None:
    code, out = run("--lang", "ja", "compare", "magic-master", "--cards", "shipped", "--cards", "shipped", "-n", "2",
                    "--agents", "random", "--jobs", "1")
    assert code == 0 and "両方で同じシード" in out, out


@pytest.mark.ray  # with Ray installed: what it reads in an address, and that nothing answers there
def test_a_bad_ray_address_is_one_line_and_status_2() -> None:
    assert "nothing answers" in refused("simulate", "magic-master", "-n", "2", "--backend", "ray",
                                        "--address", "127.0.0.1:1")
    assert "host:port" in refused("tournament", "magic-master", "-n", "2", "--backend", "ray", "--address", "x")


def test_bad_input_is_one_line_and_status_2(tmp_path: Path) -> None:
    assert "--backend ray" in refused("simulate", "magic-master", "-n", "2", "--address", "auto")
    assert "--backend ray" in refused("tournament", "magic-master", "-n", "2", "--address", "auto")
    assert "exactly twice" in refused("compare", "magic-master", "--cards", "shipped")
    assert "no card file" in refused("compare", "magic-master", "--cards", "shipped", "--cards", str(tmp_path / "x"))
    assert "no folder" in refused("simulate", "magic-master", "-n", "2", "--report", str(tmp_path / "no" / "r.html"))
    assert "64-bit" in refused("simulate", "magic-master", "-n", "2", "--seed", str(1 << 63), "--parquet",
                               str(tmp_path / "r.parquet"))
    assert "no such file" in refused("report", str(tmp_path / "missing.jsonl"))
    junk = tmp_path / "junk.jsonl"
    junk.write_text("hello\n", encoding="utf-8")
    assert "line 1" in refused("report", str(junk), "--out", str(tmp_path / "r.html"))
    assert "unknown game" in refused("compare", "chess", "--cards", "shipped", "--cards", "shipped").lower()
    assert not list(tmp_path.glob("*.html")) and not list(tmp_path.glob("*.parquet"))


def test_report_refuses_records_of_two_games(tmp_path: Path) -> None:
    files = []
    for game in ("magic-master", "bellum-magica"):
        path = tmp_path / f"{game}.jsonl"
        run("simulate", game, "-n", "2", "--agents", "random", "--jobs", "1", "--out", str(path), "--no-card-stats")
        files.append(str(path))
    assert "several games" in refused("report", *files, "--out", str(tmp_path / "r.html"))
