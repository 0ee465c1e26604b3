"""Undo in the terminal, against AI and hot-seat: `undo` takes back exactly the moves the server
would (`sabbat.core.takeback`): the person's last move within their turn, when it showed no reader
anything hidden; any other `undo` is refused with a reason and changes nothing."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console

from sabbat import games
from sabbat.agents import RandomAgent
from sabbat.cli.session import PlaySession
from sabbat.core import Action, GameState
from sabbat.core.takeback import reveals_nothing

PLAYERS = {"mystic_vale": 2, "nameless_dark_lord": 3, "monslaught": 2, "bellum_magica": 2, "magic_master": 2}
TAKEN_BACK = "Your last move is taken back."
REFUSED = "That cannot be taken back"


class Person:
    """Types a random option, then `undo` after it, and checks what the session did with it."""

    def __init__(self, seed: int, wanted: int) -> None:
        self.rng = random.Random(seed)
        self.session: PlaySession | None = None
        self.screen = io.StringIO()
        self.last: tuple[GameState, Action] | None = None
        self.checked: tuple[list[Action], bool] | None = None
        self.mark = 0
        self.undone = self.refused = 0
        self.wanted = wanted

    def __call__(self, prompt: str) -> str:
        s = self.session
        assert s is not None
        if "Enter" in prompt:  # a hot-seat hand-over
            return ""
        if self.checked is not None:
            history, safe = self.checked
            self.checked = None
            assert s.state.history == history
            assert (TAKEN_BACK if safe else REFUSED) in self.tail()
            self.undone += safe
            self.refused += not safe
        if self.undone >= self.wanted and self.refused >= 1:
            return "quit"
        if self.last is not None:
            before, action = self.last
            self.last = None
            if len(s.state.history) == len(before.history) + 1:  # no one else moved since
                safe = s.state.current_player == before.current_player and reveals_nothing(before, action, s.state)
                self.checked = (list(before.history if safe else s.state.history), safe)
            else:  # the others have played since: nothing to take back
                safe = False
                self.checked = (list(s.state.history), False)
            if safe and self.undone >= self.wanted:  # enough taken back: play on to meet a refusal
                self.checked = None
            else:
                self.mark = self.screen.tell()
                return "undo"
        legal = s.state.legal_actions()
        i = self.rng.randrange(len(legal))
        self.last = (s.state.clone(), legal[i])
        return str(i + 1)

    def tail(self) -> str:
        return self.screen.getvalue()[self.mark:]


def play(game_id: str, humans: set[int], tmp_path: Path, wanted: int = 2) -> Person:
    players = PLAYERS[game_id]
    state = games.get(game_id).new(players, 5, {})
    person = Person(5, wanted)
    ai = {p: RandomAgent(p) for p in range(players) if p not in humans}
    person.session = PlaySession(state, humans, ai, "en", Console(file=person.screen, width=140), person,
                                 tmp_path / "g.json", save_named=True, ai_names={p: "random" for p in ai}, fresh=True)
    person.session.run()
    return person


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_undo_against_ai_takes_back_exactly_the_moves_that_revealed_nothing(game_id: str, tmp_path: Path) -> None:
    person = play(game_id, {0}, tmp_path)
    assert person.undone >= 2 and person.refused >= 1, (person.undone, person.refused)


def test_hot_seat_undo_takes_back_moves_and_keeps_each_persons_log_in_step(tmp_path: Path) -> None:
    person = play("magic_master", {0, 1}, tmp_path, wanted=4)
    assert person.undone >= 4 and person.refused >= 1
    s = person.session
    assert s is not None
    for seat, shown in s.shown_events.items():
        assert shown <= len(s.state.events_for(seat))


def test_after_an_undo_the_next_moves_lines_are_shown(tmp_path: Path) -> None:
    """Bellum Magica's goblins: tuck Grub left, take it back, tuck it right — the screen says so."""
    state = games.get("bellum_magica").new(2, 5, {})
    seat = state.current_player
    assert seat is not None
    left, right = (a for a in state.legal_actions()[:2])
    assert left.args[1] == "L" and right.args[1] == "R"
    screen = io.StringIO()
    answers = iter(["1", "undo", "2", "quit"])
    s = PlaySession(state, {seat}, {1 - seat: RandomAgent(1 - seat)}, "en", Console(file=screen, width=140),
                    lambda prompt: next(answers), tmp_path / "g.json", fresh=True)
    s.run()
    out = screen.getvalue()
    after = out[out.index(TAKEN_BACK):]
    assert "P1 tucks Grub under the left" in out[:out.index(TAKEN_BACK)]
    assert "P1 tucks Grub under the right" in after and "P1 tucks Grub under the left" not in after
    assert s.state.history == [right]


def test_undo_is_in_the_help_in_both_languages(tmp_path: Path) -> None:
    from sabbat.core import i18n

    assert "undo" in i18n.render("cli.help", "en", {"default_file": "g.json"})
    assert "取り消す" in i18n.render("cli.help", "ja", {"default_file": "g.json"})
    assert "取り消せません" in i18n.render("cli.no_undo", "ja", {})
