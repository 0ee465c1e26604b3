"""How a search player spends its games: its decisions per kind, their time, its departures.

The searcher plays whole games against heuristic players (seat 0 first, then the other
seats in turn). At each of its real decisions (two or more legal moves) the heuristic is
asked what it would have played; the table counts, per kind of move played, how many such
decisions there were, the median and total search time, and how often the move was not the
heuristic's.

    python benchmarks/decisions.py magic-master --agent rollout:200 --games 2

Why: a tournament gives a win rate; this shows where the time goes and what the search does
differently. A kind with far more decisions than the heuristic makes is a smell: it is how
the unsettled rollout search was found shuffling cards back and forth in Magic Master
(134 `move` decisions in one game; `settle=1` in docs/ai.md).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field

from sabbat import agents, games


@dataclass
class Kind:
    """The searcher's decisions that ended in one kind of move."""

    seconds: list[float] = field(default_factory=list)
    departures: int = 0

    def line(self, name: str, games_played: int) -> str:
        n = len(self.seconds)
        return (f"| {name} | {n / games_played:.1f} | {statistics.median(self.seconds):.3f} | "
                f"{sum(self.seconds):.1f} | {self.departures} ({self.departures / n:.0%}) |")


def profile(game_id: str, agent: str, players: int, games_played: int, seed: int) -> tuple[dict[str, Kind], list[float]]:
    """Per kind of move, the searcher's decisions; and the searcher's return in each game."""
    game = games.get(game_id)
    kinds: dict[str, Kind] = defaultdict(Kind)
    returns: list[float] = []
    for g in range(games_played):
        me = g % players
        state = game.new(players, seed + g)
        searcher = agents.get(agent, game_id, seed=seed + g)
        usual = [agents.get("heuristic", game_id, seed=100 * g + seat) for seat in range(players)]
        while not state.is_terminal():
            mover = state.current_player
            assert mover is not None
            if mover != me or len(state.legal_actions()) == 1:
                state.apply(usual[mover].choose(state))
                continue
            heuristic_move = agents.get("heuristic", game_id, seed=seed + len(state.history)).choose(state)
            start = time.perf_counter()
            move = searcher.choose(state)
            record = kinds[move.kind]
            record.seconds.append(time.perf_counter() - start)
            record.departures += move != heuristic_move
            state.apply(move)
        returns.append(state.returns()[me])
    return kinds, returns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="game id or CLI name, e.g. magic-master")
    parser.add_argument("--agent", default="normal", help="the search player to profile")
    parser.add_argument("--players", type=int, default=None, help="players (default: the game's minimum)")
    parser.add_argument("--games", type=int, default=2, help="games to play (the searcher's seat rotates)")
    parser.add_argument("--seed", type=int, default=0, help="deal seed of the first game")
    args = parser.parse_args()
    game = games.get(args.game)
    players = args.players or min(game.info.player_counts)
    kinds, returns = profile(game.info.id, args.agent, players, args.games, args.seed)
    decisions = sum(len(k.seconds) for k in kinds.values())
    print(f"\n{game.info.id}, {players} players: `{args.agent}` against heuristics, {args.games} games, "
          f"{decisions / args.games:.1f} searched decisions a game, mean return {statistics.fmean(returns):.2f}")
    print("| move played | decisions a game | median s | total s | not the heuristic's move |")
    print("| --- | --- | --- | --- | --- |")
    for name, record in sorted(kinds.items(), key=lambda item: -len(item[1].seconds)):
        print(record.line(name, args.games))


if __name__ == "__main__":
    main()
