"""Where a search player disagrees with the game's heuristic, and whether it is right.

Positions come from heuristic self-play. At every `--every`-th real decision the agent
under test picks a move; when it differs from the heuristic's, both moves are played out
from the *true* state by heuristic players, `--playouts` times each. Playout k of both
moves reseeds the state's generator with the same seed, so dice and shuffles match and
the comparison is paired. The table reports, per kind of decision, the mover's mean
share of wins after the tested move and after the heuristic's, with a 95 % interval on
the paired difference.

    python benchmarks/deviations.py magic-master --agent ismcts:200:h --positions 50

Why: a tournament says *whether* a searcher beats the heuristic, after hours; this says
*where* (which decisions it changes, and whether those changes win games), in minutes,
and points at the heuristic's blind spots (or at cards the heuristic undervalues).
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections import defaultdict
from dataclasses import dataclass, field

from sabbat import agents, games
from sabbat.core import Action, GameState, Rng


@dataclass
class Kind:
    """The paired results of every deviation of one decision kind."""

    tested: list[float] = field(default_factory=list)
    heuristic: list[float] = field(default_factory=list)

    def line(self, name: str) -> str:
        n = len(self.tested)
        diffs = [a - b for a, b in zip(self.tested, self.heuristic, strict=True)]
        mean = statistics.fmean(diffs)
        if n > 1:
            half = 1.96 * statistics.stdev(diffs) / math.sqrt(n)
            interval = f"{mean - half:+.3f} to {mean + half:+.3f}"
        else:
            interval = "one position: no interval"
        return (f"| {name} | {n} | {statistics.fmean(self.tested):.3f} | {statistics.fmean(self.heuristic):.3f} "
                f"| {mean:+.3f} ({interval}) |")


def playout_share(state: GameState, move: Action, mover: int, playouts: int, game_id: str) -> float:
    """The mover's mean return after `move`, heuristic players on every seat from then on."""
    game = games.get(game_id)
    total = 0.0
    for k in range(playouts):
        world = state.clone()
        world.rng = Rng(7919 * k + 13)
        world.apply(move)
        bots = [game.heuristic_agent(31 * k + seat) for seat in range(world.num_players)]
        while not world.is_terminal():
            seat = world.current_player
            assert seat is not None
            world.apply(bots[seat].choose(world))
        total += world.returns()[mover]
    return total / playouts


def survey(game_id: str, agent: str, players: int, positions: int, playouts: int, every: int,
           seed: int) -> tuple[dict[str, Kind], int]:
    """The deviations found, per decision kind, and how many decisions were tested to find them."""
    game = games.get(game_id)
    if game.heuristic_agent(0) is None:
        raise SystemExit(f"{game_id} has no heuristic player to compare with")
    kinds: dict[str, Kind] = defaultdict(Kind)
    found = deal = tested_count = 0
    while found < positions:
        state = game.new(players, seed + deal)
        bots = [game.heuristic_agent(10 * deal + seat) for seat in range(players)]
        decision = 0
        while not state.is_terminal() and found < positions:
            mover = state.current_player
            assert mover is not None
            usual = bots[mover].choose(state)
            if len(state.legal_actions()) > 1:
                decision += 1
                if decision % every == 0:
                    tested_count += 1
                    tested = agents.get(agent, game_id, seed=1000 * deal + decision).choose(state)
                    if tested != usual:
                        found += 1
                        record = kinds[tested.kind]
                        record.tested.append(playout_share(state, tested, mover, playouts, game_id))
                        record.heuristic.append(playout_share(state, usual, mover, playouts, game_id))
                        print(f"{found}/{positions} deal {seed + deal}: {state.describe_action(tested)} "
                              f"{record.tested[-1]:.2f}  vs  {state.describe_action(usual)} "
                              f"{record.heuristic[-1]:.2f}", flush=True)
            state.apply(usual)
        deal += 1
    return kinds, tested_count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="game id or CLI name, e.g. magic-master")
    parser.add_argument("--agent", default="ismcts:200:h", help="the player to test against the heuristic")
    parser.add_argument("--players", type=int, default=None, help="players (default: the game's minimum)")
    parser.add_argument("--positions", type=int, default=50, help="deviations to judge")
    parser.add_argument("--playouts", type=int, default=40, help="heuristic playouts per move")
    parser.add_argument("--every", type=int, default=7, help="test every n-th real decision")
    parser.add_argument("--seed", type=int, default=500, help="deal seed of the first self-play game")
    args = parser.parse_args()
    game = games.get(args.game)
    players = args.players or min(game.info.player_counts)
    kinds, tested = survey(game.info.id, args.agent, players, args.positions, args.playouts, args.every, args.seed)
    everything = Kind()
    print(f"\n{game.info.id}, {players} players: `{args.agent}` against the heuristic where they differ"
          f" ({sum(len(k.tested) for k in kinds.values())} of {tested} tested decisions)")
    print("| decision | deviations | mover's wins, tested move | heuristic's move | difference (95 %) |")
    print("| --- | --- | --- | --- | --- |")
    for name, record in sorted(kinds.items(), key=lambda item: -len(item[1].tested)):
        print(record.line(name))
        everything.tested += record.tested
        everything.heuristic += record.heuristic
    print(everything.line("all"))


if __name__ == "__main__":
    main()
