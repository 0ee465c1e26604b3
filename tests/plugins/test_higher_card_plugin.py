"""A game shipped as its own distribution appears everywhere a shipped game does.

The example game (examples/higher-card) is installed with pip into a temporary folder, never into
the environment running the tests, and every check runs in a fresh interpreter with that folder
on its path: sabbat can only find the game through its `sabbat.games` entry point.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "higher-card"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example installed (pip, no dependencies) into a folder of its own."""
    work = tmp_path_factory.mktemp("plugin")
    source = work / "higher-card"  # built from a copy: a build leaves files beside its sources
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    target = work / "site"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--disable-pip-version-check",
         *_offline_build(), "--target", str(target), str(source)],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    assert (target / "sabbat_higher_card" / "encode.json").is_file()
    return target


def _offline_build() -> list[str]:
    """Build with this environment's setuptools when it is new enough (scripts/test installs one), so
    the test needs no package index; otherwise pip fetches one for an isolated build."""
    try:
        from importlib.metadata import version

        major = int(version("setuptools").split(".")[0])
    except Exception:
        return []
    return ["--no-build-isolation"] if major >= 77 else []


def run(site: Path, args: list[str], stdin: str | None = None, timeout: float = 300, **env: str) -> str:
    """`python ARGS` with the installed example (and this checkout's sabbat) on the path; its output."""
    path = os.pathsep.join([str(site), str(ROOT / "src")])  # sabbat's own tests/ stay out of reach
    done = subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True, timeout=timeout,
                          cwd=site.parent, env={**os.environ, "PYTHONPATH": path, "SABBAT_LANG": "en", **env})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout


def sabbat(site: Path, *args: str, stdin: str | None = None) -> str:
    return run(site, ["-c", "import sys; from sabbat.cli.main import main; sys.argv[0] = 'sabbat'; main()", *args],
               stdin=stdin)


def script(site: Path, code: str) -> str:
    return run(site, ["-c", textwrap.dedent(code)])


def test_sabbat_games_lists_it_with_its_own_texts(site: Path) -> None:
    listed = sabbat(site, "games")
    assert "higher-card" in listed and "Higher Card" in listed
    assert "mystic-vale" in listed  # the shipped games are still there
    assert "Higher Card (higher-card), 2–2 players" in sabbat(site, "games", "higher-card")
    assert "higher card takes both" in sabbat(site, "rules", "higher-card")


def test_played_to_its_end_in_the_terminal_with_its_own_board(site: Path) -> None:
    out = sabbat(site, "play", "higher-card", "--ai", "normal", "--seed", "3", stdin="1\n" * 40)
    assert "Your hand:" in out and "Trick:" in out  # its terminal.py drew the board
    assert "Game over." in out and "Traceback" not in out


def test_in_the_lobby_and_played_over_the_server_api(site: Path) -> None:
    out = script(site, """
        import tempfile
        from starlette.testclient import TestClient
        from sabbat.web.app import create_app

        with TestClient(create_app(tempfile.mkdtemp() + "/t.sqlite3", grace_s=0.2)) as client:
            lobby = {g["id"]: g for g in client.get("/api/games").json()}
            assert lobby["higher_card"]["title"]["ja"] == "ハイヤーカード", lobby.get("higher_card")
            res = client.post("/api/tables", json={"game": "higher_card", "players": 2,
                                                   "seats": [{"kind": "human"}, {"kind": "ai", "agent": "normal"}]})
            assert res.status_code == 201, res.text
            table = res.json()
            with client.websocket_connect(f"/ws/tables/{table['table_id']}") as ws:
                ws.send_json({"type": "hello", "token": table["seats"][0]["token"], "lang": "en"})
                view = ws.receive_json()
                while view["type"] != "view":
                    view = ws.receive_json()
                hand = view["observation"]["players"][0]["hand"]
                assert len(hand) == 4 and view["observation"]["players"][1]["hand"] is None
                move = view["legal"][0]
                ws.send_json({"type": "act", "msg_id": "m1", "version": view["version"], "action_id": move["id"]})
                while True:
                    frame = ws.receive_json()
                    assert frame["type"] != "error", frame
                    if frame["type"] == "view" and frame["version"] > view["version"]:
                        break
                assert len(frame["observation"]["players"][0]["hand"]) == 3
        print("played", move["text"] if "text" in move else move)
    """)
    assert out.startswith("played")


def test_its_own_lesson_is_offered_and_followed_over_the_server_api(site: Path) -> None:
    out = script(site, """
        import tempfile
        from starlette.testclient import TestClient
        from sabbat.web.app import create_app

        with TestClient(create_app(tempfile.mkdtemp() + "/t.sqlite3", grace_s=0.2)) as client:
            lobby = {g["id"]: g for g in client.get("/api/games").json()}
            assert lobby["higher_card"]["lessons"][0]["title"]["ja"] == "ハイヤーカードを学ぶ"
            res = client.post("/api/lessons", json={"game": "higher_card"})
            assert res.status_code == 201, res.text
            service = client.app.state.service
            table = service.get(res.json()["table_id"])
            lesson = service.view(table, 0, "ja")["lesson"]
            assert lesson["step"] == "welcome" and lesson["point"] == ["play"] and "トリック" in lesson["text"]
            assert table.id not in [r["table_id"] for r in client.get("/api/tables").json()]
        print("lesson", lesson["title"])
    """)
    assert out.startswith("lesson")


def test_stepped_through_the_rl_environments_and_searched_by_the_agents(site: Path) -> None:
    out = script(site, """
        import warnings
        warnings.simplefilter("ignore")
        import gymnasium
        from gymnasium.utils.env_checker import check_env
        from pettingzoo.test import api_test
        from sabbat import agents, games, rl

        api_test(rl.env("higher_card", 2), num_cycles=50)
        check_env(rl.gym_env("higher_card", opponents=["random"]), skip_render_check=True)
        env = gymnasium.make(rl.GYM_IDS["higher_card"], opponents=["heuristic"])
        obs, info = env.reset(seed=1)
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(int(obs["action_mask"].argmax()))
            done = terminated or truncated
        state = games.get("higher_card").new(2, 5)
        for level in ("easy", "normal", "hard", "ismcts:30", "rollout:20"):
            assert agents.get(level, "higher_card", 1).choose(state.clone()) in state.legal_actions()
        print(rl.GYM_IDS["higher_card"], reward)
    """)
    assert out.splitlines()[-1].startswith("sabbat/HigherCard-v0")


def test_simulated_by_the_studio(site: Path) -> None:
    out = sabbat(site, "simulate", "higher-card", "-n", "20", "--jobs", "1")
    assert "Higher Card" in out or "higher" in out


def test_its_own_tests_run_the_authors_kit_without_a_checkout(site: Path) -> None:
    """The example's tests (a copy, away from this repository) run `sabbat.testing` through its
    pytest plug-in: one test per check, each passing, with no sabbat test helper on the path."""
    tests = site.parent / "example-tests"
    shutil.copytree(EXAMPLE / "tests", tests / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    out = run(site, ["-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider", "--rootdir", str(tests),
                     "--sabbat-seeds", "20", str(tests / "tests")], timeout=900)
    assert "21 passed" in out and "skipped" not in out and "failed" not in out, out[-2000:]
