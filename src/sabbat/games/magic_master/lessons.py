"""Magic Master's guided first game: the heir, building groups in the regroup, attacking, the draw,
and the three victories."""

from __future__ import annotations

from pathlib import Path

from sabbat.core import i18n
from sabbat.core.lessons import Lesson, LessonStep, When

i18n.register_file("magic_master", Path(__file__).with_name("lessons.toml"))

_K = "magic_master.lesson."
_ATTACK = ("attack", "card_attack")

LESSONS = (
    Lesson(
        id="first_game", title=_K + "title", players=2, seed=4, opponents="heuristic",
        steps=(
            LessonStep("welcome", _K + "welcome", When(legal=("choose_heir",)), point=("choose_heir",)),
            LessonStep("groups", _K + "groups", When(phase=("regroup",), legal=("play",)), point=("play",)),
            LessonStep("regroup", _K + "regroup", When(phase=("regroup",), legal=("end_regroup",)),
                       point=("play", "end_regroup")),
            LessonStep("attack", _K + "attack", When(legal=("pass_attack",) + _ATTACK), point=_ATTACK),
            LessonStep("draw", _K + "draw", When(legal=("take", "drop")), point=("take", "drop")),
            LessonStep("defend", _K + "defend", When(phase=("regroup",))),
            LessonStep("ending", _K + "ending"),
            LessonStep("done", _K + "done", When(at_least={"turn": 5})),
        ),
        learned=(_K + "learned.groups", _K + "learned.attack", _K + "learned.draw", _K + "learned.win"),
    ),
)
