"""Lessons: a guided first game on a prepared deal, declared by a game as data.

Why data and not code: the lesson runs on the real engine and a real table (a chosen seed and
options, gentle AI seats), and a front end only follows it. Each step says when it applies (a
condition on what the learner's seat may see: the phase, the moves open to it, a number in its
observation, the end of the game), which message explains it, and which moves to point at.
The learner's seat is shown a step only at its own decisions (and at the end), so a step never
slips by while the AI plays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import i18n
from .state import GameState

LESSON_AGENTS = ("heuristic", "random", "easy")
"""The gentle AI levels a lesson may seat against the learner."""


@dataclass(frozen=True)
class When:
    """A condition on what the learner may see; every field given must hold (none given: always)."""

    phase: tuple[str, ...] = ()
    """The observation's `phase` is one of these."""
    legal: tuple[str, ...] = ()
    """One of the learner's moves now has one of these action kinds."""
    at_least: Mapping[str, int] = field(default_factory=dict)
    """`observation[key] >= n` for each key (a round or day counter)."""
    over: bool = False
    """The game is over."""

    def holds(self, state: GameState, seat: int) -> bool:
        """Whether the condition holds for `seat` now (its observation and its own moves only)."""
        over = state.is_terminal()
        if self.over and not over:
            return False
        obs: dict[str, Any] = state.observation(seat)
        if self.phase and obs.get("phase") not in self.phase:
            return False
        for key, least in self.at_least.items():
            value = obs.get(key)
            if not isinstance(value, int) or value < least:
                return False
        if self.legal:
            if over or state.current_player != seat:
                return False
            if not any(a.kind in self.legal for a in state.legal_actions()):
                return False
        return True


@dataclass(frozen=True)
class LessonStep:
    """One step: shown when `when` holds, after the step before it."""

    id: str
    text: str
    """The i18n key of what the step says (what to do, and why in the game's terms)."""
    when: When = When()
    point: tuple[str, ...] = ()
    """Action kinds whose elements the page points at (outlines) while the step is shown."""
    optional: bool = False
    """The lesson may pass over this step when the step after it already holds (a move the deal
    does not always offer the learner, such as recruiting with nothing to pay)."""


@dataclass(frozen=True)
class Lesson:
    """A guided first game: the table it is played on and the steps that follow it."""

    id: str
    title: str
    """The i18n key of the lesson's title."""
    players: int
    seed: int
    steps: tuple[LessonStep, ...]
    learned: tuple[str, ...]
    """The i18n keys of the "what you learned" lines shown once the last step is reached."""
    options: Mapping[str, Any] = field(default_factory=dict)
    opponents: str = "heuristic"
    """The AI level of every other seat: one of LESSON_AGENTS."""
    seat: int = 0
    """The learner's seat."""

    def __post_init__(self) -> None:
        if self.opponents not in LESSON_AGENTS:
            raise ValueError(f"a lesson's opponents are one of {', '.join(LESSON_AGENTS)}, not {self.opponents!r}")
        if not self.steps:
            raise ValueError(f"lesson {self.id!r} has no steps")
        if not 0 <= self.seat < self.players:
            raise ValueError(f"lesson {self.id!r}: seat {self.seat} is not one of its {self.players} seats")
        ids = [s.id for s in self.steps]
        if len(set(ids)) != len(ids):
            raise ValueError(f"lesson {self.id!r} names a step twice")

    def keys(self) -> list[str]:
        """Every message key the lesson uses (each must exist in every language)."""
        return [self.title, *(s.text for s in self.steps), *self.learned]

    def advance(self, state: GameState, at: int) -> int:
        """The step to show after a decision, from step `at` (-1 before the first): the next step
        once its condition holds at one of the learner's decisions (optional steps may be passed
        over), else `at`. When the game is over the lesson ends: its last step, what was learned."""
        if state.is_terminal():
            return len(self.steps) - 1
        if state.current_player != self.seat:
            return at
        for nxt in range(at + 1, len(self.steps)):
            step = self.steps[nxt]
            if step.when.holds(state, self.seat):
                return nxt
            if not step.optional:
                break
        return at

    def view(self, at: int, lang: str) -> dict[str, Any]:
        """What a front end shows of step `at` in `lang`: its words, where it is, what to point at."""
        step = self.steps[max(at, 0)]
        last = at == len(self.steps) - 1
        return {
            "id": self.id, "title": i18n.render(self.title, lang), "step": step.id, "index": max(at, 0),
            "total": len(self.steps), "text": i18n.render(step.text, lang), "point": list(step.point),
            "last": last, "learned": [i18n.render(k, lang) for k in self.learned] if last else [],
        }


def find(lessons: Sequence[Lesson], lesson_id: str) -> Lesson | None:
    """The lesson named `lesson_id`, or None."""
    return next((lesson for lesson in lessons if lesson.id == lesson_id), None)
