"""Monslaught in Walpurgis's guided first game: the draft, summoning and paying, scouting, upkeep,
choosing the next hand, a boss round and the scoring."""

from __future__ import annotations

from pathlib import Path

from sabbat.core import i18n
from sabbat.core.lessons import Lesson, LessonStep, When

i18n.register_file("monslaught", Path(__file__).with_name("lessons.toml"))

_K = "monslaught.lesson."
_PAY = ("pay_hand", "pay_land", "pay_play", "pay_credit")

LESSONS = (
    Lesson(
        id="first_game", title=_K + "title", players=2, seed=3, opponents="heuristic",
        steps=(
            LessonStep("welcome", _K + "welcome", When(legal=("pick",)), point=("pick",)),
            LessonStep("summon", _K + "summon", When(phase=("summon",), legal=("summon",)), point=("summon",)),
            LessonStep("pay", _K + "pay", When(legal=_PAY), point=_PAY),
            LessonStep("scout", _K + "scout", When(phase=("scout",)),
                       point=("scout_card", "scout_land")),
            LessonStep("send", _K + "send", When(legal=("add", "confirm")), point=("add", "confirm"), optional=True),
            LessonStep("upkeep", _K + "upkeep", When(legal=("maintain", "end_upkeep")), point=("maintain",)),
            LessonStep("refill", _K + "refill", When(legal=("take", "end_refill")), point=("take",)),
            LessonStep("boss", _K + "boss", When(legal=("send", "declare")), point=("send", "declare")),
            LessonStep("ending", _K + "ending", When(at_least={"round": 4})),
            LessonStep("done", _K + "done", When(legal=("take", "end_refill"), at_least={"round": 4})),
        ),
        learned=(_K + "learned.hand", _K + "learned.scout", _K + "learned.upkeep", _K + "learned.win"),
    ),
)
