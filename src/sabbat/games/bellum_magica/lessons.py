"""Bellum Magica's guided first game: the castle's two sides, the die, gathering and
scouting, attacks, recruiting, stealing chests and the end."""

from __future__ import annotations

from pathlib import Path

from sabbat.core import i18n
from sabbat.core.lessons import Lesson, LessonStep, When

from .text import NS

i18n.register_file(NS, Path(__file__).with_name("lessons.toml"))

_K = f"{NS}.lesson."
_ATTACK = ("attack_location", "attack_castle")

LESSONS = (
    Lesson(
        id="first_game", title=_K + "title", players=2, seed=2, opponents="heuristic",
        steps=(
            LessonStep("welcome", _K + "welcome", When(legal=("place_goblin",)), point=("place_goblin",)),
            LessonStep("attack", _K + "attack", When(legal=("no_attack",) + _ATTACK), point=_ATTACK),
            LessonStep("recruit", _K + "recruit", When(legal=("recruit", "done_recruiting")), point=("recruit",)),
            LessonStep("tuck", _K + "tuck", When(legal=("place_creature",)), point=("place_creature",)),
            LessonStep("thieves", _K + "thieves", When(legal=("no_attack",) + _ATTACK, at_least={"day": 2}), point=_ATTACK),
            LessonStep("ending", _K + "ending", When(at_least={"day": 3})),
            LessonStep("done", _K + "done", When(at_least={"day": 4})),
        ),
        learned=(_K + "learned.rows", _K + "learned.attack", _K + "learned.recruit", _K + "learned.win"),
    ),
)
