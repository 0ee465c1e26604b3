"""Every action the rules hand out, built once: an `Action` is immutable, and finding one is cheaper
than building it on every decision."""

from __future__ import annotations

from sabbat.core import Action

PUSH = Action("push")
PASS = Action("pass")
COLLECT = Action("collect")
TOKEN = Action("token")
END = Action("end")
BUY = {(lv, i): Action("buy", (lv, i)) for lv in (1, 2, 3) for i in range(3)}
SOIL = tuple(Action("soil", (pos,)) for pos in range(3))
VALE = {(lv, i): Action("vale", (lv, i)) for lv in (1, 2) for i in range(4)}
GIVE = tuple(Action("give", (k,)) for k in range(4))
TAKE = tuple(Action("take", (k,)) for k in range(3))
_USE: dict[int, Action] = {}
_SLEEVE: dict[tuple[int, int], Action] = {}


def use(src: int) -> Action:
    """Resolve the harvest ability with this source code (built on first use, then shared)."""
    a = _USE.get(src)
    if a is None:
        a = _USE[src] = Action("use", (src,))
    return a


def sleeve(i: int, s: int) -> Action:
    """Sleeve pending advancement `i` onto field card `s` (built on first use, then shared)."""
    a = _SLEEVE.get((i, s))
    if a is None:
        a = _SLEEVE[(i, s)] = Action("sleeve", (i, s))
    return a
