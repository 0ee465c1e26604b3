"""The refusal test: what one card is worth, measured by a player that never takes it.

    python benchmarks/refusal.py monslaught grimoire --players 2,3 --games 1000
    python benchmarks/refusal.py monslaught mountain --players 2 --games 600 --out refusal.json
    python benchmarks/refusal.py mystic-vale fertile_soil --players 3 --cards my_cards.yaml
    python benchmarks/refusal.py mystic-vale vale_warden --players 3 --games 100 --agent hard --workers 2

The balance checker's must-take screen (`sabbat.sim.targets`) compares the seats that took a card
with the seats that could have and did not. Those seats are not comparable: a seat that is already
winning reaches the late, expensive cards and takes them, so the screen also flags cards that
winning seats take. Here one seat plays the game's heuristic shown the legal actions without those
that take the card (all of them when nothing else is left: then it must take it) and the other
seats the plain heuristic, seats rotated. It is the same player minus the card, so the refusing
seat's shortfall from the fair share is what the card is worth. The card is a must-take when that
cost is more than `Targets.must_take_points` and its 95 % interval excludes 0.

`--agent` seats another player everywhere instead of the heuristic: a rollout search (`hard` where
the game's level search is one, or `rollout:N`), whose refusing copy also refuses in its own playouts,
so it neither takes the card nor counts on taking it later. That is what the card is worth to a
strong player; each such game costs the search's time at every seat.

Game i is played with seed `seed + i` and the refusing seat moves one place further each game, as
`benchmarks/balance.py` plays them, so two runs with the same arguments give the same figures.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sabbat import agents, games
from sabbat.agents.rollout import RolloutAgent
from sabbat.core import Action
from sabbat.core.state import GameState
from sabbat.sim.parallel import plan, run_jobs
from sabbat.sim.runner import GameRecord
from sabbat.sim.stats import wilson
from sabbat.sim.targets import Targets

Taken = Callable[[Any, tuple[Any, ...]], str]
"""(the state before the action, the action's arguments) -> the id of the card the action takes."""


def _first_arg(state: Any, args: tuple[Any, ...]) -> str:
    return str(args[0])


TAKES: dict[str, dict[str, Taken]] = {
    # scouting a Field card or a land, an effect's take from the Field or of a land, a boss-draft pick
    "monslaught": {kind: _first_arg for kind in ("scout_card", "scout_land", "take_field", "take_land", "pick")},
    # buying an advancement from a display (level, slot) or a Fertile Soil stack (position), a vale card
    "mystic_vale": {
        "buy": lambda s, a: s.cards.part_entry[s.adv_disp[int(a[0]) - 1][int(a[1])]],
        "soil": lambda s, a: s.cards.part_entry[s.cards.soil_part[int(a[0])]],
        "vale": lambda s, a: s.cards.vale_entry[s.vale_disp[int(a[0]) - 1][int(a[1])]],
    },
    # acquiring the target of the area being resolved
    "nameless_dark_lord": {"acquire": lambda s, a: s.deal.card[s.targets[s.area_i]].id},
    # recruiting the face-up creature in a deck's slot
    "bellum_magica": {"recruit": lambda s, a: s.cdisplay[str(a[0])][int(a[1])]},
    # taking a card (by instance) from the market
    "magic_master": {"take": lambda s, a: s.t.inst[int(a[0])].id},
}
"""Per game id, per action kind that acquires a card: which card it acquires (the ids `summary()`
publishes in `acquired`)."""


def takes_card(game_id: str, state: GameState, action: Action, card: str) -> bool:
    """Whether `action`, legal in `state`, acquires `card`."""
    taken = TAKES[game_id].get(action.kind)
    return taken is not None and taken(state, action.args) == card


@contextmanager
def offering(state: GameState, actions: tuple[Action, ...]) -> Iterator[None]:
    """`state.legal_actions()` answers `actions` inside the block (shadowed on the instance, so the
    agent sees the real state, its type included); the state's own method again after it."""
    setattr(state, "legal_actions", lambda: actions)  # noqa: B010 - mypy forbids assigning to a method
    try:
        yield
    finally:
        delattr(state, "legal_actions")


class Refuser:
    """`player` (the game's heuristic, or a rollout search such as `hard`) never taking `card`: shown
    the legal actions without those that take it (all of them when every legal action takes it).
    A search refuses in its own playouts too, so that it never counts on taking the card later."""

    def __init__(self, game_id: str, seed: int, card: str, player: str = "heuristic") -> None:
        self.game_id = game_id
        self.card = card
        self.name = refuser_name(card, player)
        self.seat: int | None = None
        inner: Any
        if player == "heuristic":
            inner = games.get(game_id).heuristic_agent(seed)
            if inner is None:
                raise ValueError(f"{game_id} has no heuristic agent to refuse a card with")
        else:
            inner = agents.get(player, game_id, seed)
            if not isinstance(inner, RolloutAgent):
                raise ValueError(f"{player} is not a rollout search; a refusing search must be one, "
                                 "so that its playouts refuse the card too")
            plain = inner.policy
            inner.policy = lambda policy_seed: RefusingPolicy(plain(policy_seed), self)
        self.inner = inner

    def kept(self, state: GameState) -> tuple[Action, ...]:
        """The legal actions that do not take the card (all of them when each one does)."""
        legal = state.legal_actions()
        return tuple(a for a in legal if not takes_card(self.game_id, state, a, self.card)) or legal

    def choose(self, state: GameState) -> Action:
        self.seat = state.current_player
        with offering(state, self.kept(state)):
            choice: Action = self.inner.choose(state)
        return choice


class RefusingPolicy:
    """A search's playout policy that refuses the card for the refusing seat and plays the others as usual."""

    def __init__(self, policy: Any, refuser: Refuser) -> None:
        self.policy = policy
        self.refuser = refuser

    def choose(self, state: GameState) -> Action:
        if state.current_player != self.refuser.seat:
            plain: Action = self.policy.choose(state)
            return plain
        with offering(state, self.refuser.kept(state)):
            choice: Action = self.policy.choose(state)
        return choice


def refuser_name(card: str, player: str = "heuristic") -> str:
    """The agent name that seats `player` refusing `card` (registered by `register`)."""
    return f"refuser:{card}" if player == "heuristic" else f"refuser:{card}@{player}"


def register() -> None:
    """Make `refuser:CARD[@PLAYER]` an agent name (before the games are planned: worker processes fork from here)."""

    def refuser(game: str, seed: int, param: str) -> Refuser:
        card, _, player = param.partition("@")
        return Refuser(game, seed, card, player or "heuristic")

    agents.register("refuser", refuser)


class UnknownCard(ValueError):
    """The card set has no card of that id (or the game no taking actions)."""


def check_card(game_id: str, card: str, options: dict[str, Any]) -> None:
    """UnknownCard naming a few of the card set's ids when `card` is not one of them."""
    if game_id not in TAKES:
        raise UnknownCard(f"no taking actions are known for {game_id}")
    ids = games.get(game_id).card_ids(options)
    if card in ids:
        return
    near = difflib.get_close_matches(card, ids, n=4, cutoff=0.5)
    shown = near or ids[:6]
    raise UnknownCard(f"{game_id} has no card {card!r} in its card set; "
                     f"{'did you mean' if near else 'its cards include'} {', '.join(shown)}"
                     f" ({len(ids)} in all)")


def figures(records: list[GameRecord], card: str, targets: Targets, player: str = "heuristic") -> dict[str, Any]:
    """The refusing seat's win share and what refusing cost, and who took the card, over `records`."""
    refuser = refuser_name(card, player)
    wins, took, others_took, others = 0.0, 0, 0, 0
    for r in records:
        acquired = r.stats.get("acquired") or [[] for _ in r.agents]
        for seat, name in enumerate(r.agents):
            has = card in acquired[seat]
            if name == refuser:
                wins += r.share(seat)
                took += has
            else:
                others += 1
                others_took += has
    n = len(records)
    players = records[0].num_players if records else 0
    fair = 1 / players if players else 0.0
    lo, hi = wilson(wins, n)
    cost = 100 * (fair - wins / n) if n else 0.0
    cost_interval = (100 * (fair - hi), 100 * (fair - lo))
    must = cost > targets.must_take_points and cost_interval[0] > 0
    return {
        "games": n, "refuser_win_share": round(wins / n, 4) if n else 0.0,
        "refuser_interval": [round(lo, 4), round(hi, 4)], "fair": round(fair, 4),
        "cost_points": round(cost, 1), "cost_interval_points": [round(x, 1) for x in cost_interval],
        "refuser_took": took, "others_took": others_took, "others_seat_games": others,
        "verdict": "must-take" if must else "not a must-take",
    }


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("card", help="the id of the card the refusing seat never takes (as in the card file)")
    ap.add_argument("--players", default="", help="player counts, comma-separated (default: every count)")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cards", type=Path, default=None, help="card file to use instead of the shipped one")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--agent", default="heuristic",
                    help="who plays every seat: heuristic, or a rollout search such as hard (one seat refusing the card)")
    ap.add_argument("--out", type=Path, default=None, help="write every figure as JSON")
    return ap


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Play and measure every player count of `args`, print the table, write `--out`;
    UnknownCard for a card the game's card set lacks."""
    game = games.get(args.game)
    game_id = game.info.id
    options = {"cards": str(args.cards.resolve())} if args.cards else {}
    check_card(game_id, args.card, options)
    register()
    targets = Targets()
    counts = [int(x) for x in args.players.split(",") if x] or list(game.info.player_counts)
    result: dict[str, Any] = {
        "game": game_id, "card": args.card, "seed": args.seed, "cards": str(args.cards) if args.cards else "shipped",
        "agents": f"one seat {refuser_name(args.card, args.agent)} ({args.agent}, never taking it), the others {args.agent}",
        "takes": sorted(TAKES[game_id]), "must_take_points": targets.must_take_points, "by_players": {},
    }
    print(f"{game_id}: refusing {args.card}, seeds from {args.seed}")
    print("players  games  refuser wins (95 %)      fair   cost, points (95 %)     refuser took  others took   verdict")
    for n in counts:
        began = time.perf_counter()
        names = [refuser_name(args.card, args.agent)] + [args.agent] * (n - 1)
        records = sorted(run_jobs(plan(game_id, n, names, args.games, args.seed, options), workers=args.workers),
                         key=lambda r: r.seed)
        f = figures(records, args.card, targets, args.agent)
        f["seconds"] = round(time.perf_counter() - began, 1)
        f["command"] = (f"python benchmarks/refusal.py {game.info.cli_name} {args.card} --players {n}"
                        f" --games {args.games} --seed {args.seed}" + (f" --cards {args.cards}" if args.cards else "")
                        + (f" --agent {args.agent}" if args.agent != "heuristic" else ""))
        result["by_players"][f"{n}p"] = f
        lo, hi = f["refuser_interval"]
        clo, chi = f["cost_interval_points"]
        print(f"{n:>7}  {f['games']:>5}  {100 * f['refuser_win_share']:5.1f} % ({100 * lo:4.1f}-{100 * hi:4.1f})"
              f"   {100 * f['fair']:4.1f}   {f['cost_points']:+5.1f} ({clo:+5.1f} to {chi:+5.1f})"
              f"   {f['refuser_took']:>12}  {f['others_took']:>5}/{f['others_seat_games']:<5}  {f['verdict']}")
    if args.out:
        args.out.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")
    return result


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        run(args)
    except UnknownCard as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
