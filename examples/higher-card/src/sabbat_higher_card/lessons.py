"""Higher Card's guided first game, declared as any game declares one (docs/adding-a-game.md)."""

from __future__ import annotations

from pathlib import Path

from sabbat.core import i18n
from sabbat.core.lessons import Lesson, LessonStep, When

from .model import GAME_ID

i18n.register_file(GAME_ID, Path(__file__).with_name("lessons.toml"))

_K = f"{GAME_ID}.lesson."

LESSONS = (
    Lesson(
        id="first_game", title=_K + "title", players=2, seed=3, opponents="random",
        steps=(
            LessonStep("welcome", _K + "welcome", When(legal=("play",)), point=("play",)),
            LessonStep("lead", _K + "lead", When(legal=("play",)), point=("play",)),
            LessonStep("done", _K + "done", When(over=True)),
        ),
        learned=(_K + "learned.trick", _K + "learned.win"),
    ),
)
