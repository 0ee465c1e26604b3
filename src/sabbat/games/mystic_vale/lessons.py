"""Mystic Vale's guided first game: planting and its risk, the harvest, sleeving, vale cards and the end."""

from __future__ import annotations

from pathlib import Path

from sabbat.core import i18n
from sabbat.core.lessons import Lesson, LessonStep, When

i18n.register_file("mystic_vale", Path(__file__).with_name("lessons.toml"))

_K = "mystic_vale.lesson."

LESSONS = (
    Lesson(
        id="first_game", title=_K + "title", players=2, seed=11, opponents="heuristic",
        steps=(
            LessonStep("welcome", _K + "welcome", When(phase=("plant",), legal=("push", "pass")), point=("push",)),
            LessonStep("decay", _K + "decay", When(phase=("plant",), legal=("push", "pass")), point=("pass",)),
            LessonStep("harvest", _K + "harvest", When(phase=("harvest",)), point=("buy", "soil")),
            LessonStep("sleeve", _K + "sleeve", When(phase=("sleeve",)), point=("sleeve",)),
            LessonStep("deck", _K + "deck", When(phase=("plant",), at_least={"round": 2}), point=("push", "pass")),
            LessonStep("spirit", _K + "spirit", When(phase=("harvest",), at_least={"round": 2}),
                       point=("vale", "collect", "buy", "soil")),
            LessonStep("abilities", _K + "abilities", When(phase=("plant", "harvest"), at_least={"round": 3})),
            LessonStep("ending", _K + "ending", When(at_least={"round": 4})),
            LessonStep("done", _K + "done", When(at_least={"round": 5})),
        ),
        learned=(_K + "learned.plant", _K + "learned.harvest", _K + "learned.sleeve", _K + "learned.win"),
    ),
)
