"""Check a card set against the balance targets: self-play at each player count, then every figure.

    python benchmarks/balance.py monslaught --players 2,3,4 --games 2000 --out balance.json
    python benchmarks/balance.py monslaught --players 3 --games 200 --agents ismcts:30
    python benchmarks/balance.py mystic-vale --cards my_cards.yaml --players 3
    python benchmarks/balance.py monslaught --option boss1_tie=lot --players 4

A game's options (`--option NAME=VALUE`, repeatable, as for `sabbat simulate`) include its study
variants, each of which switches one rule of the rulebook off (`sabbat games GAME` lists them): a
run with one, on the same seeds, shows whether a target a card change cannot fix is the rule's doing.

Game i is played with seed `seed + i` and the seats rotated, as `sabbat simulate` does, so two runs
with the same arguments give the same figures, and two card files are compared on the same deals.
The thresholds are `sabbat.sim.targets.Targets` (docs/studio.md, "Balance targets").
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from sabbat import games
from sabbat.core import BadOption, Game
from sabbat.core.options import check_options
from sabbat.sim.parallel import plan, run_jobs
from sabbat.sim.targets import Targets, check


def parser(description: str | None = __doc__) -> argparse.ArgumentParser:
    """The options of a balance run."""
    ap = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--players", default="", help="player counts, comma-separated (default: every count)")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--agents", default="heuristic", help="comma-separated agent names, cycled over the seats")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cards", type=Path, default=None, help="card file to use instead of the shipped one")
    ap.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                    help="a game option, e.g. a study variant that switches a rule off (repeatable)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--runaway-ratio", type=float, default=Targets.runaway_ratio)
    ap.add_argument("--cards-shown", type=int, default=8, help="cards listed per count, by edge (0: none)")
    ap.add_argument("--out", type=Path, default=None, help="write every figure as JSON")
    return ap


def run(args: argparse.Namespace, extra: dict[str, object] | None = None) -> dict[str, object]:
    """Play and check every player count of `args`, print the figures, write `--out`; `extra`
    goes into the JSON beside the run's settings."""
    game = games.get(args.game)
    counts = [int(x) for x in args.players.split(",") if x] or list(game.info.player_counts)
    options = game_options(game, args.option)
    if args.cards:
        options["cards"] = str(args.cards.resolve())
    targets = Targets(runaway_ratio=args.runaway_ratio)
    result: dict[str, object] = {"game": game.info.id, "agents": args.agents, "seed": args.seed,
                                 "cards": str(args.cards) if args.cards else "shipped",
                                 "options": {k: v for k, v in options.items() if k != "cards"}, **(extra or {}),
                                 "targets": vars(targets), "by_players": {}}
    for n in counts:
        began = time.perf_counter()
        jobs = plan(game.info.id, n, args.agents.split(","), args.games, args.seed, options)
        records = sorted(run_jobs(jobs, workers=args.workers), key=lambda r: r.seed)
        figures = check(records, targets)
        figures["seconds"] = round(time.perf_counter() - began, 1)
        result["by_players"][f"{n}p"] = figures  # type: ignore[index]
        _print(n, figures, args.cards_shown)
    if args.out:
        args.out.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")
    return result


def game_options(game: Game, items: list[str]) -> dict[str, Any]:
    """`NAME=VALUE` items checked by the game's declarations (SystemExit naming the fault)."""
    given = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise SystemExit(f"write an option as NAME=VALUE, not {item!r}")
        given[name.strip()] = value.strip()
    try:
        return {k: v for k, v in check_options(game.info.id, game.info.options, given).items() if k in given}
    except BadOption as e:
        raise SystemExit(str(e)) from None


def main(argv: list[str] | None = None) -> int:
    run(parser().parse_args(argv))
    return 0


def _print(n: int, f: dict, shown: int) -> None:
    met = f["met"]
    mark = {True: "ok", False: "MISSED"}
    print(f"\n{n} players, {f['games']} games ({f['seconds']} s), take rates from {f['availability']}")
    print(f"  seat share      {f['seat_share']}  worst {f['max_seat_deviation_points']} pts  {mark[met['seats']]}")
    print(f"  start position  {f['position_share_from_start']}  worst {f['max_position_deviation_points']} pts"
          f"  {mark[met['positions']]}")
    print(f"  runaway share   {f['runaway_share']}  {mark[met['runaway']]}")
    print(f"  must-take       {f['must_take'] or '-'}  {mark[met['no_must_take']]}"
          f"  (unadjusted p < 0.05: {f['must_take_unadjusted'] or '-'})")
    print(f"  never-take      {f['never_take'] or '-'}  {mark[met['no_never_take']]}")
    print(f"  endings         {f['ends']}   decisions/game {f['decisions_mean']}")
    ranked = sorted(f["cards"].items(), key=lambda kv: -abs(kv[1]["edge_points"]))[:shown]
    for card, c in ranked:
        print(f"    {card:28} take {c['take_rate']:.3f}  edge {c['edge_points']:+6.1f} pts"
              f"  p {c['p']:.3f} (Holm {c['p_holm']:.3f})"
              f"  ({c['takers']} took, {c['passers']} passed)")


if __name__ == "__main__":
    sys.exit(main())
