"""Playing in the terminal: typed text, saving, crashes, hot-seat secrecy and replays."""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

from sabbat import games
from sabbat.cli.main import cli
from sabbat.cli.session import PlaySession, SessionCrashed
from sabbat.core import replay
from sabbat.core.state import GameState


def run(*args: str, input: str | None = None, lang: str = "en") -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--lang", lang, *args], input=input)
    return result.exit_code, result.output


def session(state: GameState, answers: list[str], save: Path, humans: set[int] | None = None,
            ai: dict[int, Any] | None = None, locale: str = "en", named: bool = True) -> tuple[PlaySession, io.StringIO]:
    """A headless session fed `answers`; its screen is the returned buffer."""
    screen = io.StringIO()
    lines: Iterator[str] = iter(answers)

    def read(prompt: str) -> str:
        screen.write(f"{prompt}> ")
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    humans = {0} if humans is None else humans
    if ai is None:
        from sabbat.agents import RandomAgent

        ai = {s: RandomAgent(s) for s in range(state.num_players) if s not in humans}
    return PlaySession(state, humans, ai, locale, Console(file=screen, width=120), read, save,
                       save_named=named, ai_names={s: "random" for s in ai}, fresh=True), screen


# ----- what a player types ---------------------------------------------------------------------
@pytest.mark.parametrize("typed", ["[/]", "[bold red]x", "[link=file:///etc/passwd]y[/link]", "²", "٣", "9" * 5000])
def test_typed_text_is_an_invalid_choice_never_markup(tmp_path: Path, typed: str) -> None:
    s, screen = session(games.get("toy").new(2, 3), [typed, "quit"], tmp_path / "g.json")
    assert s.run() is False
    out = screen.getvalue()
    assert "not one of the options" in out
    if typed.startswith("["):
        assert typed[:8] in out  # shown literally, not interpreted
    assert len(out) < 20_000


def test_a_card_is_found_by_its_name_in_either_language_or_its_id(tmp_path: Path) -> None:
    s, _ = session(games.get("mystic_vale").new(2, 3), [], tmp_path / "g.json")
    assert s.find_cards("Earth Shrine") == ["earth_shrine"]
    assert s.find_cards("earth shrine") == ["earth_shrine"]
    assert s.find_cards("大地の祠") == ["earth_shrine"]
    assert s.find_cards("EARTH_SHRINE") == ["earth_shrine"]
    assert set(s.find_cards("shrine")) >= {"earth_shrine", "sky_shrine", "water_shrine"}
    assert s.find_cards("no such card at all") == []


def test_card_command_shows_the_text_of_a_card_named_in_japanese(tmp_path: Path) -> None:
    s, screen = session(games.get("mystic_vale").new(2, 3), ["card 大地の祠", "quit"], tmp_path / "g.json", locale="ja")
    s.run()
    assert "大地の祠" in screen.getvalue() and "ありません" not in screen.getvalue()


# ----- saving ----------------------------------------------------------------------------------
def test_quit_never_overwrites_a_file_it_was_not_given(tmp_path: Path) -> None:
    default = tmp_path / "toy.save.json"
    default.write_text("someone else's file", encoding="utf-8")
    s, screen = session(games.get("toy").new(2, 3), ["quit"], default, named=False)
    s.run()
    assert default.read_text(encoding="utf-8") == "someone else's file"
    second = tmp_path / "toy.save-2.json"
    assert json.loads(second.read_text(encoding="utf-8"))["format"] == "sabbat-replay"
    assert "toy.save-2.json" in screen.getvalue()


def test_save_to_an_existing_file_asks_first(tmp_path: Path) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("keep me", encoding="utf-8")
    s, screen = session(games.get("toy").new(2, 3), [f"save {other}", "n", f"save {other}", "y", "quit"],
                        tmp_path / "g.json")
    s.run()
    assert "Replace it?" in screen.getvalue() and "Not saved." in screen.getvalue()
    assert json.loads(other.read_text(encoding="utf-8"))["format"] == "sabbat-replay"  # after "y"


def test_a_pre_placed_link_cannot_redirect_a_save(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("untouched", encoding="utf-8")
    target = tmp_path / "g.json"
    os.symlink(victim, tmp_path / "g.json.tmp")  # the old fixed temporary name
    os.symlink(victim, tmp_path / "link.json")
    state = games.get("toy").new(2, 3)
    replay.save(state, target)
    replay.save(state, tmp_path / "link.json")
    assert victim.read_text(encoding="utf-8") == "untouched"
    assert not (tmp_path / "link.json").is_symlink() and replay.read(tmp_path / "link.json").seed == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "g.json.tmp", "link.json", "victim.txt"]


class Exploding:
    """An AI that fails the way a bug would."""

    def choose(self, state: GameState) -> Any:
        raise RuntimeError("agent bug")


def test_an_unexpected_error_saves_the_game_first(tmp_path: Path) -> None:
    state = games.get("toy").new(2, 3)
    save = tmp_path / "toy.save.json"
    save.write_text("older game", encoding="utf-8")
    s, _ = session(state, ["1"], save, ai={1: Exploding()}, named=False)
    with pytest.raises(SessionCrashed, match="agent bug") as caught:
        s.run()
    assert save.read_text(encoding="utf-8") == "older game"
    kept = tmp_path / "toy.save-2.json"
    assert str(kept) in str(caught.value)
    assert replay.read(kept).actions == state.history and len(state.history) == 1


def test_crash_in_the_cli_is_one_line_and_the_game_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sabbat.agents.random_agent import RandomAgent

    monkeypatch.setattr(RandomAgent, "choose", Exploding.choose)
    save = tmp_path / "g.json"
    code, out = run("play", "toy", "--players", "2", "--seed", "3", "--ai", "random", "--save", str(save), input="1\n")
    assert code == 2 and len(out.strip().splitlines()) >= 1 and "Traceback" not in out
    assert "agent bug" in out.strip().splitlines()[-1] and replay.read(save).actions


# ----- hidden information at one screen --------------------------------------------------------
def screens(out: str, marker: str) -> list[tuple[str, str]]:
    """(person, what the screen showed them) for each hand-over in a hot-seat transcript."""
    parts = re.split(marker, out)
    return [(parts[i], parts[i + 1]) for i in range(1, len(parts) - 1, 2)]


def private_lines(state: GameState) -> dict[str, frozenset[int]]:
    """Each private event's English line and who may see it."""
    return {e.render("en"): e.audience for e in state.events if e.audience is not None and e.key == "toy.event.draw"}


def test_hot_seat_shows_each_person_only_their_own_private_events(tmp_path: Path) -> None:
    state = games.get("toy").new(2, 4)
    answers = ["", "2", "", "2", "", "2", "", "2", "", "quit"]  # Enter at each hand-over, then draw
    s, screen = session(state, answers, tmp_path / "g.json", humans={0, 1}, ai={})
    s.run()
    seen = screens(screen.getvalue(), r"Pass the device to (P\d)\.")
    assert [who for who, _ in seen][:4] == ["P1", "P2", "P1", "P2"]
    private = private_lines(state)
    for who, shown in seen:
        seat = int(who[1:]) - 1
        leaked = [text for text, audience in private.items() if seat not in audience and text in shown]
        assert not leaked, (who, leaked)
    own = [text for text, audience in private.items() if 0 in audience]
    assert own and any(text in shown for who, shown in seen if who == "P1" for text in own)


def test_hot_seat_hand_over_in_japanese(tmp_path: Path) -> None:
    s, screen = session(games.get("toy").new(2, 4), ["", "quit"], tmp_path / "g.json", humans={0, 1}, ai={},
                        locale="ja")
    s.run()
    assert "P1に端末を渡してください" in screen.getvalue() and "Enter を押してください" in screen.getvalue()


def test_hot_seat_through_the_cli(tmp_path: Path) -> None:
    code, out = run("play", "toy", "--players", "2", "--seat", "1,2", "--seed", "4", "--save", str(tmp_path / "g.json"),
                    input="\n2\n\nquit\n")
    assert code == 0 and out.count("Pass the device to") == 2


def test_replay_of_an_unfinished_game_shows_the_saving_seat_by_default(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, _ = run("play", "toy", "--players", "2", "--seat", "2", "--ai", "random", "--seed", "4", "--save", str(save),
                  input="2\n2\nquit\n")
    assert code == 0 and json.loads(save.read_text())["meta"]["saved_by"] == 2
    private = private_lines(replay.load(save, games.get))
    assert any(0 in audience for audience in private.values()) and any(1 in audience for audience in private.values())
    code, out = run("replay", str(save), "--no-step")
    assert code == 0 and "shown as P2" in out
    assert not [text for text, audience in private.items() if 1 not in audience and text in out]
    assert [text for text, audience in private.items() if 1 in audience and text in out]
    code, other = run("replay", str(save), "--no-step", "--seat", "1")
    assert code == 0 and not [text for text, audience in private.items() if 0 not in audience and text in other]
    code, help_text = run("replay", "--help")
    assert "every hand" in help_text


# ----- resuming --------------------------------------------------------------------------------
def test_a_resumed_game_keeps_its_seats_and_ai(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, _ = run("play", "toy", "--players", "3", "--seat", "2", "--ai", "random,easy", "--seed", "4",
                  "--save", str(save), input="quit\n")
    meta = json.loads(save.read_text())["meta"]
    assert code == 0 and meta["humans"] == [2] and meta["ai"] == {"1": "random", "3": "easy"}
    code, out = run("play", "toy", "--resume", str(save), input="quit\n")
    assert code == 0 and "Your turn, P2" in out
    assert json.loads(save.read_text())["meta"]["ai"] == {"1": "random", "3": "easy"}


def test_extra_ai_names_are_an_error(tmp_path: Path) -> None:
    code, out = run("play", "toy", "--players", "2", "--ai", "random,random")
    assert code == 2 and "2 AI names for 1 AI seats" in out and len(out.strip().splitlines()) == 1
    code, out = run("play", "toy", "--players", "2", "--seat", "1,2", "--ai", "random")
    assert code == 2 and "for 0 AI seats" in out


def test_resume_refuses_settings_it_keeps(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    run("play", "toy", "--players", "2", "--seed", "4", "--ai", "random", "--save", str(save), input="quit\n")
    code, out = run("play", "toy", "--resume", str(save), "--seed", "9")
    assert code == 2 and "--seed" in out


# ----- the start and the end of a game ---------------------------------------------------------
def test_setup_and_first_round_announcements_are_shown_at_the_start(tmp_path: Path) -> None:
    state = games.get("nameless_dark_lord").new(3, 3)
    setup = [e.render("en") for e in state.events_for(0)]
    assert setup
    s, screen = session(state, ["quit"], tmp_path / "g.json")
    s.run()
    assert setup[0] in screen.getvalue()


def test_scores_are_whole_numbers_with_tie_breaks_beside_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sabbat.core import i18n

    i18n.register("clitest", {"en": {"tiebreak.cards": "{value} cards left"}, "ja": {"tiebreak.cards": "残り{value}枚"}})
    state_class = games.get("toy").state_class
    monkeypatch.setattr(state_class, "tie_breaks", lambda self: [{"clitest.tiebreak.cards": 7}, {"clitest.tiebreak.cards": 2}])
    state = games.get("toy").new(2, 3)
    s, screen = session(state, ["1"] * 60, tmp_path / "g.json", ai={1: __import__("sabbat").agents.RandomAgent(1)})
    assert s.run() is True
    out = screen.getvalue()
    for score in state.scores():
        assert re.search(rf"\b{int(score)}\b", out) and f"{score:.1f}" not in out
    assert "7 cards left" in out and "Tie-breaks" in out
