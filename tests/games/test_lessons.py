"""Every game's lessons: the deal is prepared (a fixed seed, gentle AI), every message exists in
both languages, and a learner who follows the page reaches every step and the end of the lesson."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sabbat import agents, games
from sabbat.core import i18n
from sabbat.core.lessons import LESSON_AGENTS, Lesson

GAMES = sorted(p.parent.name for p in Path(games.__file__).parent.glob("*/__init__.py"))
"""The shipped games (a plug-in installed beside them may have no lesson)."""
LEARNER_MOVES = 200
"""The most decisions a learner makes before a lesson must have reached its last step."""


def play(game_id: str, lesson: Lesson, rng_seed: int) -> list[str]:
    """The steps shown, in order, to a learner who plays one of the moves each step points at
    (any move when it points at none) against the lesson's AI, chosen as the server chooses."""
    game = games.get(game_id)
    state = game.new(lesson.players, lesson.seed, dict(lesson.options))
    rng = random.Random(rng_seed)
    at = lesson.advance(state, -1)
    shown = [lesson.steps[0].id]  # the page shows the first step from the start
    mine = 0
    while at < len(lesson.steps) - 1:
        assert mine < LEARNER_MOVES, f"{game_id}: the lesson stopped at step {lesson.steps[at].id!r}"
        if state.current_player == lesson.seat:
            mine += 1
            legal = state.legal_actions()
            pointed = [a for a in legal if a.kind in lesson.steps[max(at, 0)].point]
            action = rng.choice(pointed or legal)
        else:
            seed = (state.seed * 1_000_003 + len(state.history)) % (1 << 62)
            action = agents.get(lesson.opponents, game=game_id, seed=seed).choose(state)
        state.apply(action)
        nxt = lesson.advance(state, at)
        if nxt != at:
            at = nxt
            if at > 0:
                shown.append(lesson.steps[at].id)
    return shown


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_lesson_with_its_words_in_both_languages(game_id: str) -> None:
    game = games.get(game_id)
    lessons = game.lessons()
    assert lessons, f"{game_id} has no lesson"
    for lesson in lessons:
        assert lesson.players in game.info.player_counts and lesson.opponents in LESSON_AGENTS
        game.new(lesson.players, lesson.seed, dict(lesson.options))  # the deal can be made
        for key in lesson.keys():
            for lang in i18n.LOCALES:
                assert i18n.has(key, lang), f"{key} has no {lang} text"
        for step in lesson.steps:  # each pointed kind is one of the game's moves (each has its words)
            for kind in step.point:
                assert i18n.has(f"{game_id}.action.{kind}", "en"), f"step {step.id} points at {kind!r}, no move of the game"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_learner_who_follows_the_page_sees_every_step_in_order(game_id: str) -> None:
    for lesson in games.get(game_id).lessons():
        required = [s.id for s in lesson.steps if not s.optional]
        seen: set[str] = set()
        for rng_seed in range(4):
            shown = play(game_id, lesson, rng_seed)
            assert [s for s in shown if s in required] == required, (rng_seed, shown)
            seen.update(shown)
        assert seen == {s.id for s in lesson.steps}, "an optional step this deal never shows"


def test_the_prepared_deal_is_the_same_every_time() -> None:
    lesson = games.get("bellum_magica").lessons()[0]
    assert play("bellum_magica", lesson, 5) == play("bellum_magica", lesson, 5)
