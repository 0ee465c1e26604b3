"""Balance figures with one rule of the rulebook switched off, to measure what that rule is worth.

    python benchmarks/counterfactual.py nameless-dark-lord red-throne-tie --players 4 --games 2000
    python benchmarks/counterfactual.py nameless-dark-lord red-throne-tie,red-throne-starts --players 4
    python benchmarks/counterfactual.py nameless-dark-lord --list

A seat or start position that misses its fair share may owe it to a rule of the rulebook rather than
to a card value; a card change cannot fix that, and the doc must then name the rule. The only way
to know is to play the same seeds without it. Each entry of `PATCHES` is a study-only patch: a
context manager that swaps one function of a game for a variant without the rule, and puts the
original back on leaving. The game's code never learns of them; they exist for this script alone.
Several rules, comma-separated, are switched off together. Everything else (seeds, seat rotation,
the checker, `--out`) is `benchmarks/balance.py`'s, so the figures compare seed for seed with a
balance run of the same arguments.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from sabbat import games
from sabbat.games.magic_master import flow as mm_flow
from sabbat.games.magic_master.model import Position as MmPosition
from sabbat.games.monslaught import flow as mon_flow
from sabbat.games.monslaught.model import Position as MonPosition
from sabbat.games.nameless_dark_lord import bidding as ndl_bidding
from sabbat.games.nameless_dark_lord import dealing as ndl_dealing
from sabbat.games.nameless_dark_lord import model as ndl_model
from sabbat.games.nameless_dark_lord import rounds as ndl_rounds
from sabbat.games.nameless_dark_lord.scoring import totals as ndl_totals
from sabbat.games.nameless_dark_lord.state import NdlState

Patch = Callable[[], AbstractContextManager[None]]


def _load_balance() -> ModuleType:
    """benchmarks/balance.py, the checker this script shares (benchmarks/ is not a package)."""
    path = Path(__file__).resolve().with_name("balance.py")
    spec = importlib.util.spec_from_file_location("balance", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


balance = _load_balance()


@contextmanager
def swap(owner: Any, name: str, replacement: Any) -> Iterator[None]:
    """`owner.name` is `replacement` inside the block and the original again after it, even on error."""
    original = getattr(owner, name)
    setattr(owner, name, replacement)
    try:
        yield
    finally:
        setattr(owner, name, original)


def _draw(*key: object) -> random.Random:
    """A generator fixed by the position it is asked about, so a patched game stays a pure function of
    its seed and never draws from the state's RNG (the deals stay those of the unpatched run)."""
    return random.Random(repr(key))


# ----------------------------------------------------------------------------- The Nameless Dark Lord
@contextmanager
def ndl_red_throne_tie() -> Iterator[None]:
    """p.25: a tie at the top goes to the Red Throne holder, then to the tied player nearest
    clockwise (「同点の場合は「赤の玉座」の所有者が…勝ち」). Switched off: every tied player shares the win."""

    def winners(self: NdlState) -> list[int]:
        if not self.is_terminal():
            return []
        t = ndl_totals(self)
        return [p for p in range(self.num_players) if t[p] == max(t)]

    with swap(NdlState, "winners", winners):
        yield


@contextmanager
def _ndl_start_by_lot(rounds: frozenset[int]) -> Iterator[None]:
    """The start player of each round in `rounds` drawn by lot; the other rounds as the rulebook has it."""
    original = ndl_rounds.begin_round

    def begin_round(s: NdlState, r: int) -> None:
        if r not in rounds:
            original(s, r)
            return
        start = _draw(s.throne, s.decks, r).randrange(s.num_players)
        red = s.red
        s.red = (start - (r - 1)) % s.num_players  # begin_round starts seat r-1 clockwise from s.red
        try:
            original(s, r)
        finally:
            s.red = red

    with swap(ndl_rounds, "begin_round", begin_round), swap(ndl_dealing, "begin_round", begin_round):
        yield


def ndl_red_throne_starts() -> AbstractContextManager[None]:
    """Setup: the Red Throne holder is the start player of round 1
    (「「赤の玉座」を持つプレイヤーが第1ラウンドのスタートプレイヤー」). Switched off: round 1's start
    player is drawn by lot; rounds 2-7 start as the rulebook has it (seat 1 + round - 1, clockwise)
    and the magic stones of seats 3 and 4 stay where they were dealt."""
    return _ndl_start_by_lot(frozenset({1}))


def ndl_start_rotation() -> AbstractContextManager[None]:
    """Setup and ⑤ c): the Red Throne holder starts round 1 and the start passes to the left each
    round (「スタートプレイヤーを左隣に渡します」), so with 4 players seat 1 starts rounds 1 and 5
    (3 players: 1, 4 and 7). Switched off: every round's start player is drawn by lot (the magic
    stones of seats 3 and 4 stay where they were dealt)."""
    return _ndl_start_by_lot(frozenset(range(1, ndl_model.ROUNDS + 1)))


@contextmanager
def ndl_power_tie_front_unit() -> Iterator[None]:
    """③ (pp.18-22): equal power in an area goes to a Flagbearer's owner, then to the player whose
    unit stands further forward, i.e. was placed earlier
    (「同じ合計なら先にユニットを置いていたプレイヤーが上」), which favours whoever places first.
    Switched off: equal power (after the Flagbearer) is decided by lot."""
    original = ndl_bidding._priority

    def _priority(s: NdlState, x: int, powers: list[int]) -> list[int]:
        order = original(s, x, powers)
        flag = {s.owner[u] for u in s.areas[x] if s.deal.effect[u] == "flagbearer"}
        lot = _draw(s.throne, s.round, x, s.areas[x])
        draw = {p: lot.random() for p in order}
        return sorted(order, key=lambda p: (-powers[p], p not in flag, draw[p]))

    with swap(ndl_bidding, "_priority", _priority):
        yield


# ----------------------------------------------------------------------------- Magic Master
@contextmanager
def mm_lowest_heir_starts() -> Iterator[None]:
    """Setup step 10: seats are rearranged in ascending succession of the revealed heirs and the
    lowest starts, so the start player is the one whose best heir is weakest, often a hand of
    warriors and wizards. Switched off: the turn order is drawn by lot (the hands stay as dealt by
    succession, and the initial regroups keep their order)."""
    original = mm_flow.finish_setup

    def finish_setup(s: MmPosition) -> None:
        s.rank = _draw(s.heir_choice, s.deck).sample(s.rank, len(s.rank))
        original(s)

    with swap(mm_flow, "finish_setup", finish_setup):
        yield


# ----------------------------------------------------------------------------- Monslaught
@contextmanager
def mon_boss1_tie() -> Iterator[None]:
    """Boss reward, worked example E13: of the players whose declared attack reaches the boss the
    highest takes it, and a tie goes to the one nearer the start player clockwise. With the starting
    monsters every seat reaches boss 1 (round 4) with the same attack, so the tie hands boss 1 (10
    points, and the draft's extra card) to the first start player. Switched off for boss 1 only:
    the tie is decided by lot (later bosses, the deal order and the new start player left of the
    boss's taker keep the rule)."""
    original, clockwise = mon_flow.reward, mon_flow.turn_order

    def reward(st: MonPosition) -> None:
        if st.db.bosses[st.boss_row[st.boss_revealed - 1]].number != 1:
            original(st)
            return
        lot = _draw(st.middle, st.boss_row, [seat.declared for seat in st.seats]).sample(
            range(st.num_players), st.num_players)
        ranking = iter([lot])  # the first call ranks the qualifiers; later ones deal the draft

        def turn_order(start: int, n: int) -> list[int]:
            return next(ranking, None) or clockwise(start, n)

        with swap(mon_flow, "turn_order", turn_order):
            original(st)

    with swap(mon_flow, "reward", reward):
        yield


PATCHES: dict[str, dict[str, Patch]] = {
    "nameless_dark_lord": {
        "red-throne-tie": ndl_red_throne_tie,
        "red-throne-starts": ndl_red_throne_starts,
        "start-rotation": ndl_start_rotation,
        "power-tie-front-unit": ndl_power_tie_front_unit,
    },
    "magic_master": {
        "lowest-heir-starts": mm_lowest_heir_starts,
    },
    "monslaught": {
        "boss1-tie": mon_boss1_tie,
    },
}
"""Per game id, per rule name: the patch that switches the rule off (its docstring says which)."""


@contextmanager
def switched_off(game_id: str, rules: list[str]) -> Iterator[None]:
    """Every named rule of the game switched off for the block; ValueError for an unknown name."""
    known = PATCHES.get(game_id, {})
    unknown = [r for r in rules if r not in known]
    if unknown:
        raise ValueError(f"{game_id} has no patch {', '.join(unknown)}; known: {', '.join(known) or 'none'}")
    with ExitStack() as stack:
        for rule in rules:
            stack.enter_context(known[rule]())
        yield


def main(argv: list[str] | None = None) -> int:
    ap = balance.parser(__doc__)
    ap.add_argument("rule", nargs="?", default="", help="rule names, comma-separated (--list shows them)")
    ap.add_argument("--list", action="store_true", help="list the game's patches and what each switches off")
    args = ap.parse_args(argv)
    game_id = games.get(args.game).info.id
    if args.list or not args.rule:
        for name, patch in PATCHES.get(game_id, {}).items():
            print(f"{name}: {' '.join((patch.__doc__ or '').split())}")
        return 0 if args.list else 2
    rules = [r for r in args.rule.split(",") if r]
    known = PATCHES.get(game_id, {})
    if not rules or any(r not in known for r in rules):
        print(f"{game_id}: no patch named {args.rule!r}; known: {', '.join(known) or 'none'}", file=sys.stderr)
        return 2
    with switched_off(game_id, rules):
        balance.run(args, {"switched_off": {r: " ".join((known[r].__doc__ or "").split()) for r in rules}})
    return 0


if __name__ == "__main__":
    sys.exit(main())
