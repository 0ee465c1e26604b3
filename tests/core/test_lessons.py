"""The lesson declaration: when a step holds, how a lesson moves on, and what it refuses."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from sabbat.core import Action
from sabbat.core.lessons import Lesson, LessonStep, When


@dataclass
class Position:
    """Just what a lesson reads of a state: the learner's observation, its moves, whose turn, the end."""

    obs: dict[str, Any]
    moves: list[str] = field(default_factory=list)
    current_player: int = 0
    over: bool = False

    def observation(self, seat: int) -> dict[str, Any]:
        return self.obs

    def legal_actions(self) -> list[Action]:
        return [Action(kind) for kind in self.moves]

    def is_terminal(self) -> bool:
        return self.over


def lesson(*steps: LessonStep, **kw: Any) -> Lesson:
    return Lesson(id="t", title="x.title", players=2, seed=1, steps=steps, learned=("x.l",), **kw)


def test_a_condition_reads_the_phase_the_moves_and_the_counters() -> None:
    when = When(phase=("harvest",), legal=("buy",), at_least={"round": 2})
    state: Any = Position({"phase": "harvest", "round": 2}, ["buy", "end"])
    assert when.holds(state, 0)
    assert not when.holds(Position({"phase": "plant", "round": 2}, ["buy"]), 0)  # type: ignore[arg-type]
    assert not when.holds(Position({"phase": "harvest", "round": 1}, ["buy"]), 0)  # type: ignore[arg-type]
    assert not when.holds(Position({"phase": "harvest", "round": 2}, ["end"]), 0)  # type: ignore[arg-type]
    others: Any = Position({"phase": "harvest", "round": 2}, ["buy"], current_player=1)
    assert not when.holds(others, 0), "another seat's moves are never the learner's"
    assert When().holds(state, 0)
    assert not When(over=True).holds(state, 0)


def test_a_lesson_moves_one_step_at_a_time_at_the_learners_decisions() -> None:
    steps = (LessonStep("a", "x.a"), LessonStep("b", "x.b"), LessonStep("c", "x.c", When(phase=("late",))))
    ls = lesson(*steps)
    now: Any = Position({"phase": "early"})
    assert ls.advance(now, -1) == 0
    assert ls.advance(now, 0) == 1
    assert ls.advance(now, 1) == 1, "the next step waits for its condition"
    assert ls.advance(Position({"phase": "late"}, current_player=1), 1) == 1, "not at another seat's decision"  # type: ignore[arg-type]
    assert ls.advance(Position({"phase": "late"}), 1) == 2  # type: ignore[arg-type]


def test_an_optional_step_is_passed_over_and_the_end_shows_the_last_step() -> None:
    steps = (LessonStep("a", "x.a"), LessonStep("b", "x.b", When(legal=("recruit",)), optional=True),
             LessonStep("c", "x.c", When(phase=("late",))), LessonStep("d", "x.d", When(phase=("never",))))
    ls = lesson(*steps)
    assert ls.advance(Position({"phase": "late"}), 0) == 2  # type: ignore[arg-type]
    assert ls.advance(Position({"phase": "early"}), 0) == 0  # type: ignore[arg-type]
    assert ls.advance(Position({"phase": "x"}, over=True), 0) == 3  # type: ignore[arg-type]


def test_the_view_of_the_last_step_has_what_was_learned() -> None:
    ls = lesson(LessonStep("a", "x.a", point=("buy",)), LessonStep("b", "x.b"))
    first = ls.view(-1, "en")
    assert (first["step"], first["index"], first["total"], first["point"], first["last"], first["learned"]) == \
        ("a", 0, 2, ["buy"], False, [])
    assert ls.view(1, "en")["last"] and len(ls.view(1, "en")["learned"]) == 1


@pytest.mark.parametrize("bad", [
    {"opponents": "hard"}, {"seat": 2},
])
def test_a_lesson_refuses_a_strong_ai_and_a_seat_it_lacks(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        lesson(LessonStep("a", "x.a"), **bad)


def test_a_lesson_refuses_no_steps_and_a_step_named_twice() -> None:
    with pytest.raises(ValueError):
        lesson()
    with pytest.raises(ValueError):
        lesson(LessonStep("a", "x.a"), LessonStep("a", "x.b"))
