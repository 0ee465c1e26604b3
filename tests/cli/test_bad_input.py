"""Bad input, through the command line and through the Python API ("Bad input").

Each hostile input must give one line a person can act on, exit status 2, change and write
nothing, and stay under 2 seconds and 200 MB. The command runs in an empty folder so that
"nothing written" is checked by listing it before and after.
"""

from __future__ import annotations

import json
import os
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from sabbat import games
from sabbat.cli.main import cli
from sabbat.core import Action, carddata, replay
from sabbat.core.errors import BadSeed, CardDataError, IllegalAction, MalformedAction, SabbatError, SaveFileError

SECONDS = 2.0
"""CPU seconds of this process: unlike wall time, other jobs on a shared machine do not inflate it."""
BYTES = 200 * 1024 * 1024
DIGITS = "7" * 5000


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under `folder` with its content (or link target): what "nothing written" compares."""
    out: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_symlink():
            out[key] = "link:" + os.readlink(path)
        elif path.is_file():
            out[key] = path.read_bytes()
        else:
            out[key] = "dir" if path.is_dir() else "special"
    return out


def measured(action: Callable[[], Any]) -> tuple[Any, float, int]:
    """(result, CPU seconds, peak bytes): timed on its own, then run again under tracemalloc."""
    started = time.process_time()
    result = action()
    seconds = time.process_time() - started
    tracemalloc.start()
    try:
        action()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return result, seconds, peak


def refused_by_cli(folder: Path, *args: str, stdin: str | None = None) -> str:
    """Run `sabbat ARGS` in `folder`; assert one line, status 2, nothing written, time and memory."""
    before = snapshot(folder)
    cwd = os.getcwd()

    def invoke() -> Any:
        os.chdir(folder)
        try:
            return CliRunner().invoke(cli, ["--lang", "en", *args], input=stdin)
        finally:
            os.chdir(cwd)

    result, seconds, peak = measured(invoke)
    out = result.output.strip()
    assert result.exit_code == 2, out
    assert "Traceback" not in out and len(out.splitlines()) == 1, out
    assert len(out) < 500, out
    assert snapshot(folder) == before
    assert seconds < SECONDS and peak < BYTES, (seconds, peak)
    return out


def refused_by_api(action: Callable[[], Any], error: type[Exception] = SabbatError) -> str:
    """Call `action`; assert it raises `error` with one short line, in time and memory."""

    def attempt() -> str:
        with pytest.raises(error) as caught:
            action()
        return str(caught.value)

    message, seconds, peak = measured(attempt)
    assert "\n" not in message and len(message) < 500, message
    assert seconds < SECONDS and peak < BYTES, (seconds, peak)
    return str(message)


# ----- card files -------------------------------------------------------------------------------
def shipped_cards() -> dict[str, Any]:
    path = Path(carddata.__file__).parents[1] / "games" / "mystic_vale" / "cards.yaml"
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


ANCHOR_BOMB = "\n".join(
    ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    + [f"{b}: &{b} [{', '.join(['*' + a] * 9)}]" for a, b in zip("abcdefgh", "bcdefghi", strict=True)]
    + ["starting_cards: [*i]", "advancements: [*i]", "vale_cards: [*i]"]
)


def card_files(folder: Path) -> dict[str, Path]:
    """Each hostile card file, written to `folder`."""
    files = {}
    files["anchor bomb"] = folder / "bomb.yaml"
    files["anchor bomb"].write_text(ANCHOR_BOMB, encoding="utf-8")
    data = shipped_cards()
    data["starting_cards"][0]["count"] = 10**9
    files["count 10**9"] = folder / "billion.json"
    files["count 10**9"].write_text(json.dumps(data), encoding="utf-8")
    text = json.dumps(data).replace('"count": 1000000000', '"count": ' + DIGITS, 1)
    files["count of 5,000 digits (JSON)"] = folder / "digits.json"
    files["count of 5,000 digits (JSON)"].write_text(text, encoding="utf-8")
    files["count of 5,000 digits (YAML)"] = folder / "digits.yaml"
    files["count of 5,000 digits (YAML)"].write_text(f"starting_cards:\n  - count: {DIGITS}\n", encoding="utf-8")
    files["200,000 deep (JSON)"] = folder / "deep.json"
    files["200,000 deep (JSON)"].write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    files["200,000 deep (YAML)"] = folder / "deep.yaml"
    files["200,000 deep (YAML)"].write_text("a: " + "[" * 200_000 + "]" * 200_000, encoding="utf-8")
    files["200,000 deep (YAML block)"] = folder / "deep_block.yaml"
    files["200,000 deep (YAML block)"].write_text("- " * 200_000 + "x\n", encoding="utf-8")
    files["not UTF-8"] = folder / "latin1.yaml"
    files["not UTF-8"].write_bytes("starting_cards: [caf\xe9]\n".encode("latin-1"))
    return files


CARD_CASES = [
    "anchor bomb", "count 10**9", "count of 5,000 digits (JSON)", "count of 5,000 digits (YAML)",
    "200,000 deep (JSON)", "200,000 deep (YAML)", "200,000 deep (YAML block)", "not UTF-8",
]


@pytest.mark.slow
@pytest.mark.parametrize("case", CARD_CASES)
def test_hostile_card_file_is_refused_by_the_cli(tmp_path: Path, case: str) -> None:
    path = card_files(tmp_path)[case]
    out = refused_by_cli(tmp_path, "play", "mystic-vale", "--seed", "1", "--cards", path.name, stdin="quit\n")
    assert "lol" not in out and DIGITS[:50] not in out


@pytest.mark.slow
@pytest.mark.parametrize("case", CARD_CASES)
def test_hostile_card_file_is_refused_by_the_api(tmp_path: Path, case: str) -> None:
    path = card_files(tmp_path)[case]
    game = games.get("mystic_vale")
    message = refused_by_api(lambda: game.new(2, 1, {"cards": str(path)}), CardDataError)
    assert "lol" not in message and DIGITS[:50] not in message


@pytest.mark.slow
def test_anchor_bomb_message_names_the_expansion_not_the_values(tmp_path: Path) -> None:
    message = refused_by_api(lambda: carddata.read_file(card_files(tmp_path)["anchor bomb"]), CardDataError)
    assert "aliases" in message and "lol" not in message


def test_shipped_anchors_still_load() -> None:
    """Mystic Vale's own card file shares provenance through anchors: that stays allowed."""
    assert games.get("mystic_vale").new(2, 1).num_players == 2


# ----- save files -------------------------------------------------------------------------------
def saved_game(folder: Path, game: str = "toy", **change: Any) -> Path:
    state = games.get(game).new(2, 5)
    data = replay.Replay.from_state(state).to_json()
    data.update(change)
    path = folder / "game.save.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_seed_1e999_is_refused(tmp_path: Path) -> None:
    out = refused_by_cli(tmp_path, "play", "toy", "--seed", "1e999")
    assert "--seed" in out and "whole number" in out
    refused_by_api(lambda: games.get("toy").new(2, float("inf")), BadSeed)  # type: ignore[arg-type]
    refused_by_api(lambda: games.get("toy").new(2, True), BadSeed)


def test_save_file_with_seed_1e999_is_refused(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    path.write_text(path.read_text().replace('"seed": 5', '"seed": 1e999'), encoding="utf-8")
    out = refused_by_cli(tmp_path, "play", "toy", "--resume", path.name)
    assert "seed" in out
    refused_by_api(lambda: replay.read(path), SaveFileError)


@pytest.mark.parametrize("flag", ["--players", "--seed", "-n"])
def test_numbers_of_5000_digits_on_the_command_line(tmp_path: Path, flag: str) -> None:
    command = "simulate" if flag == "-n" else "play"
    out = refused_by_cli(tmp_path, command, "toy", flag, DIGITS)
    assert DIGITS[:50] not in out


def test_option_of_5000_digits(tmp_path: Path) -> None:
    out = refused_by_cli(tmp_path, "play", "mystic-vale", "--option", "german_spirit_trade=" + DIGITS)
    assert "true or false" in out and DIGITS[:300] not in out


def test_save_file_nested_200000_deep(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"format": "sabbat-replay", "options": ' + "[" * 200_000 + "]" * 200_000 + "}", encoding="utf-8")
    out = refused_by_cli(tmp_path, "play", "toy", "--resume", path.name)
    assert "deep" in out
    refused_by_api(lambda: replay.read(path), SaveFileError)


def test_save_file_with_a_number_of_5000_digits(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    path.write_text(path.read_text().replace('"seed": 5', '"seed": ' + DIGITS), encoding="utf-8")
    refused_by_cli(tmp_path, "play", "toy", "--resume", path.name)
    refused_by_api(lambda: replay.read(path), SaveFileError)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("kind", ["device", "pipe"])
def test_saved_game_whose_card_path_is_a_device_or_a_pipe(tmp_path: Path, kind: str) -> None:
    target = "/dev/zero"
    if kind == "pipe":
        os.mkfifo(tmp_path / "cards.yaml")
        target = str(tmp_path / "cards.yaml")
    path = saved_game(tmp_path, "mystic_vale", options={"cards": target}, digest=None)
    out = refused_by_cli(tmp_path, "play", "mystic-vale", "--resume", path.name)
    assert "not a regular file" in out or "must end in" in out
    refused_by_api(lambda: replay.load(path, games.get), SabbatError)
    refused_by_api(lambda: games.get("mystic_vale").new(2, 1, {"cards": target}), CardDataError)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_resume_from_a_pipe_or_device(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    assert "not a regular file" in refused_by_cli(tmp_path, "play", "toy", "--resume", "pipe.json")
    assert "not a regular file" in refused_by_cli(tmp_path, "replay", "/dev/zero")


# ----- results and journal files ----------------------------------------------------------------
def results_file(folder: Path) -> Path:
    path = folder / "r.jsonl"
    code = CliRunner().invoke(cli, ["simulate", "toy", "-n", "2", "--jobs", "1", "--agents", "random",
                                    "--out", str(path)]).exit_code
    assert code == 0
    return path


def test_non_utf8_line_in_a_results_file(tmp_path: Path) -> None:
    path = results_file(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b'{"replay": "caf\xe9"}\n' + lines[1])
    out = refused_by_cli(tmp_path, "replay", path.name, "--line", "1", "--no-step")
    assert "UTF-8" in out and "line 1" in out
    assert "Traceback" not in CliRunner().invoke(cli, ["replay", str(path), "--line", "2", "--no-step"]).output


def test_results_line_nested_200000_deep(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text('{"replay": ' + "[" * 200_000 + "]" * 200_000 + "}\n", encoding="utf-8")
    assert "deep" in refused_by_cli(tmp_path, "replay", path.name, "--no-step")


def journal(folder: Path) -> Path:
    path = folder / "j.jsonl"
    result = CliRunner().invoke(cli, ["tournament", "toy", "--agents", "random,random", "-n", "4", "--jobs", "1",
                                      "--journal", str(path)])
    assert result.exit_code == 0, result.output
    return path


def test_non_utf8_line_in_a_journal(tmp_path: Path) -> None:
    path = journal(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:2]) + b'{"index": "\xff\xfe"}\n' + b"".join(lines[3:]))
    out = refused_by_cli(tmp_path, "merge-results", path.name)
    assert "line 3" in out and "UTF-8" in out
    out = refused_by_cli(tmp_path, "tournament", "toy", "--agents", "random,random", "-n", "4", "--jobs", "1",
                         "--journal", path.name)
    assert "line 3" in out


def test_results_file_claiming_a_billion_games(tmp_path: Path) -> None:
    path = tmp_path / "part.json"
    path.write_text(json.dumps({"game": "toy", "num_players": 2, "agents": ["random"], "seed": 0, "games": 10**9,
                                "records": []}), encoding="utf-8")
    assert "1,000,000" in refused_by_cli(tmp_path, "merge-results", path.name)


# ----- states and actions through the API ---------------------------------------------------------
def state_json(**change: Any) -> dict[str, Any]:
    state = games.get("toy").new(2, 3)
    data = state.to_json()
    data["state"]["f"].update(change)
    return data


@pytest.mark.parametrize(
    "change",
    [
        {"num_players": 9},
        {"num_players": 2.0},
        {"seed": 1.5},
        {"history": [{"$o": "sabbat.core.actions:Action", "t": ["play", {"$t": [0.0]}]}]},
        {"events": "none"},
        {"hands": 5},
        {"determinized_for": 0},
    ],
)
def test_from_json_checks_a_state_before_use(change: dict[str, Any]) -> None:
    message = refused_by_api(lambda: games.get("toy").from_json(state_json(**change)), SaveFileError)
    assert "Traceback" not in message


def test_from_json_refuses_a_state_whose_invariants_are_broken(monkeypatch: pytest.MonkeyPatch) -> None:
    state_class = games.get("toy").state_class
    monkeypatch.setattr(state_class, "check_invariants", lambda self: ["card 3 is in two hands"])
    message = refused_by_api(lambda: games.get("toy").from_json(state_json()), SaveFileError)
    assert "card 3 is in two hands" in message


@pytest.mark.slow
def test_from_json_nested_200000_deep() -> None:
    deep: Any = []
    for _ in range(200_000):
        deep = [deep]
    refused_by_api(lambda: games.get("toy").from_json(state_json(hands=deep)), SaveFileError)


def test_a_good_state_still_loads() -> None:
    state = games.get("toy").new(2, 3)
    loaded = games.get("toy").from_json(json.loads(json.dumps(state.to_json())))
    assert loaded.observation(0) == state.observation(0) and loaded.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("wrong", [lambda a: float(a), lambda a: True if a == 1 else a + 0.0])
def test_action_argument_of_the_wrong_type_is_illegal(wrong: Callable[[int], Any]) -> None:
    state = games.get("toy").new(2, 3)
    action = next(a for a in state.legal_actions() if a.args)
    bad = Action(action.kind, (wrong(int(action.args[0])),))
    assert bad == action  # Python calls them equal; the game must not
    before = len(state.history)
    refused_by_api(lambda: state.apply(bad), IllegalAction)
    refused_by_api(lambda: state.apply(tuple(action)), IllegalAction)  # type: ignore[arg-type]
    assert len(state.history) == before
    refused_by_api(lambda: Action.from_json({"kind": action.kind, "args": [float(action.args[0])]}), MalformedAction)
    refused_by_api(lambda: Action.from_json({"kind": action.kind, "args": [True]}), MalformedAction)


@pytest.mark.slow
@pytest.mark.parametrize(
    "text",
    ["- 1\n" * 25_000, "a: [" + "x, " * 30_000 + "]", "x" * (2 << 20)],
    ids=["many lines", "long flow list", "over the size limit"],
)
def test_big_card_files_are_refused_quickly(tmp_path: Path, text: str) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(text, encoding="utf-8")
    refused_by_api(lambda: games.get("mystic_vale").new(2, 1, {"cards": str(path)}), CardDataError)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_journal_or_results_that_are_pipes_or_devices(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "j.jsonl")
    out = refused_by_cli(tmp_path, "tournament", "toy", "--agents", "random,random", "-n", "2", "--jobs", "1",
                         "--journal", "j.jsonl")
    assert "not a regular file" in out
    assert "not a regular file" in refused_by_cli(tmp_path, "merge-results", "/dev/zero")
    assert "no card file" in refused_by_cli(tmp_path, "simulate", "mystic-vale", "--cards", "/dev/zero")
