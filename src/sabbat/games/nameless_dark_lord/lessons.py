"""The Nameless Dark Lord's guided first game: sleeves, placement, battle and paying upkeep, what a
round brings, the negative territories and the scoring."""

from __future__ import annotations

from pathlib import Path

from sabbat.core import i18n
from sabbat.core.lessons import Lesson, LessonStep, When

from .text import GAME_ID

i18n.register_file(GAME_ID, Path(__file__).with_name("lessons.toml"))

_K = f"{GAME_ID}.lesson."

LESSONS = (
    Lesson(
        id="first_game", title=_K + "title", players=3, seed=5, opponents="heuristic",
        steps=(
            LessonStep("welcome", _K + "welcome", When(phase=("sleeve",), legal=("sleeve",)), point=("sleeve",)),
            LessonStep("sleeve_done", _K + "sleeve_done", When(phase=("sleeve",), legal=("sleeve_done",)),
                       point=("sleeve", "sleeve_done")),
            LessonStep("place", _K + "place", When(phase=("place",), legal=("place",)), point=("place",)),
            LessonStep("pass", _K + "pass", When(phase=("place",), legal=("place", "pass")), point=("place",)),
            LessonStep("battle", _K + "battle", When(legal=("acquire", "decline", "pay", "pay_coins", "pay_stones")),
                       point=("acquire", "pay", "pay_coins", "pay_stones")),
            LessonStep("round2", _K + "round2", When(phase=("sleeve",), at_least={"round": 2}), point=("sleeve",)),
            LessonStep("events", _K + "events", When(phase=("place",), at_least={"round": 2}), point=("place",)),
            LessonStep("ending", _K + "ending", When(at_least={"round": 3}), point=("sleeve", "place")),
            LessonStep("done", _K + "done", When(phase=("place",), at_least={"round": 3})),
        ),
        learned=(_K + "learned.sleeve", _K + "learned.place", _K + "learned.battle", _K + "learned.win"),
    ),
)
