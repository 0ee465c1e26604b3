"""Where Mystic Vale's runaway games are made: score sources, the lead round by round, early buys.

    sabbat simulate mystic-vale -n 120 -p 3 --agents rollout:40 --seed 0 --out games.jsonl
    python benchmarks/runaway_anatomy.py games.jsonl [--round 10]

Each recorded game is replayed. A game is a runaway when the winner scores more than twice the
others' mean, as the balance check judges it (`sabbat.sim.targets.runaway`; shared wins are left out). The script prints, for the winners and the
others of runaway and of close games: their VP tokens, end-game VP on advancements and vale-card
VP; the winner's lead over the others' mean at chosen rounds; how often each spoiled a turn, split
from `--round` on into the risk taken at the push and luck, and the runaway share by how much less
than the others the winner spoiled, risked and was unlucky; and, for each card bought by
`--round`, how often its buyer went on to win and to win by a runaway. Replaying costs about a
second a game.
"""

from __future__ import annotations

import argparse
import json
import math
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from sabbat import games
from sabbat.core.replay import Replay
from sabbat.games.mystic_vale.cards import DECAY, DECK_SIZE, EVP, GROWTH
from sabbat.games.mystic_vale.constants import SPOIL_AT
from sabbat.games.mystic_vale.model import Position
from sabbat.games.mystic_vale.scoring import points
from sabbat.sim.runner import GameRecord
from sabbat.sim.targets import Targets, runaway

ROUNDS = (4, 8, 10, 12, 16)


@dataclass
class Anatomy:
    """One replayed game: points at the start of each round, final score sources, buys by round, and
    its winner and runaway verdict as the balance check gives them (`sabbat.sim.targets.runaway`)."""

    traj: list[list[int]]
    sources: list[dict[str, int]]
    buys: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    spoils: dict[int, list[int]] = field(default_factory=dict)
    """seat -> the round of each turn it spoiled (a push or a prep over the decay limit)."""
    pushes: dict[int, list[tuple[int, float, bool]]] = field(default_factory=dict)
    """seat -> each push: its round, the chance it had to spoil, and whether it did."""
    winner: int = 0
    runaway: bool = False

    @property
    def totals(self) -> list[int]:
        return [s["total"] for s in self.sources]


def anatomy(replay: Replay) -> Anatomy:
    """Replay one game, noting each seat's points at every round start and what it bought when."""
    n = replay.num_players
    traj: list[list[int]] = []
    buys: dict[int, list[tuple[int, str]]] = defaultdict(list)
    spoils: dict[int, list[int]] = defaultdict(list)
    pushes: dict[int, list[tuple[int, float, bool]]] = defaultdict(list)
    last_round = -1
    prev: Position | None = None
    st: Position | None = None
    for st in replay.states(games.get):  # type: ignore[assignment]
        assert isinstance(st, Position)
        rnd = st.turns_taken // n
        if prev is not None:
            for i, (a, b) in enumerate(zip(prev.slots, st.slots, strict=True)):
                if a != b and b >= 0 and st.cards.part_level[b] > 0:
                    buys[i // (3 * DECK_SIZE)].append((rnd, st.cards.part_entry[b]))
            for p in range(n):
                for v in set(st.vale[p]) - set(prev.vale[p]):
                    buys[p].append((rnd, st.cards.vale_entry[v]))
            at = prev.turns_taken // n  # the round the move was made in (a spoil ends the turn)
            new = st.events[len(prev.events) :]
            spoiled = [e.params["player"] for e in new if e.key.endswith((".spoil", ".prep_spoil"))]
            for p in spoiled:
                spoils[p].append(at)
            for e in new:
                if e.key.endswith(".push"):
                    p = e.params["player"]
                    pushes[p].append((at, spoil_chance(prev, p), p in spoiled))
        if rnd != last_round:
            traj.append([points(st, p) for p in range(n)])
            last_round = rnd
        prev = st
    assert st is not None
    sources = []
    for p in range(n):
        sleeves = range(p * DECK_SIZE, (p + 1) * DECK_SIZE)
        sources.append({"tokens": st.vp[p], "advancement_end_vp": sum(st.cstats[x][EVP] for x in sleeves),
                        "vale_vp": sum(st.cards.vale_vp[v] for v in st.vale[p]), "total": points(st, p)})
    return Anatomy(traj, sources, dict(buys), dict(spoils), dict(pushes))


def spoil_chance(st: Position, p: int) -> float:
    """The chance that seat `p` spoils if it pushes now: the share of its deck's cards whose decay,
    net of growth, would bring the field and the next on-deck card to the limit. The deck's order is
    hidden but its contents are known, so this is the risk the player chose to take."""
    deck = st.deck[p]
    od = st.on_deck[p]
    if not deck or od < 0:
        return 0.0
    net = st.fdecay[p] - st.fgrowth[p] + st.cstats[od][DECAY] - st.cstats[od][GROWTH]
    return sum(net + st.cstats[c][DECAY] - st.cstats[c][GROWTH] >= SPOIL_AT for c in deck) / len(deck)


def read(path: Path) -> Iterator[Anatomy]:
    """The games of a results file, less shared wins, which the runaway share leaves out too."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = GameRecord.from_json(json.loads(line))
            if record.game != "mystic_vale":
                raise SystemExit(f"{path}: a {record.game} game; this script reads Mystic Vale games only")
            verdict = runaway(record, Targets.runaway_ratio)
            if verdict is not None:
                game = anatomy(Replay.from_json(record.replay))
                game.winner, game.runaway = record.winners[0], verdict
                yield game


def report(games_: list[Anatomy], by_round: int) -> str:
    out = []
    runaways = sum(g.runaway for g in games_)
    out.append(f"{len(games_)} games, {runaways} runaway ({100 * runaways / len(games_):.1f} %)")
    groups: dict[str, list[dict[str, int]]] = defaultdict(list)
    leads: dict[tuple[str, int], list[float]] = defaultdict(list)
    for g in games_:
        kind = "runaway" if g.runaway else "close"
        for p, s in enumerate(g.sources):
            groups[f"{kind} game, {'winner' if p == g.winner else 'others'}"].append(s)
        for r in ROUNDS:
            if r < len(g.traj):
                t = g.traj[r]
                others = [x for i, x in enumerate(t) if i != g.winner]
                leads[(kind, r)].append(t[g.winner] - sum(others) / len(others))
    out.append("\nmean score sources: VP tokens / end VP on advancements / vale-card VP / total")
    for name in sorted(groups):
        rows = groups[name]
        means = [sum(r[k] for r in rows) / len(rows) for k in ("tokens", "advancement_end_vp", "vale_vp", "total")]
        out.append(f"  {name:26s} ({len(rows):4d} seats)  " + " / ".join(f"{m:5.1f}" for m in means))
    out.append("\nthe eventual winner's lead over the others' mean at the start of round")
    for kind in ("runaway", "close"):
        cells = [f"{r}: {sum(v) / len(v):+5.1f}" for r in ROUNDS if (v := leads[(kind, r)])]
        out.append(f"  {kind:8s} " + "   ".join(cells))
    out.extend(spoil_lines(games_, by_round))
    bought, won, ran = Counter[str](), Counter[str](), Counter[str]()
    seats = wins = runaway_wins = 0
    for g in games_:
        for p in range(len(g.sources)):
            seats += 1
            wins += p == g.winner
            runaway_wins += p == g.winner and g.runaway
            for card in {c for r, c in g.buys.get(p, []) if r <= by_round}:
                bought[card] += 1
                won[card] += p == g.winner
                ran[card] += p == g.winner and g.runaway
    out.append(f"\ncards bought by round {by_round}: share of their buyers who won / won by a runaway "
               f"(every seat: {wins / seats:.2f} / {runaway_wins / seats:.2f}); cards bought by 15 seats or more")
    for card in sorted(bought, key=lambda c: (-ran[c] / bought[c], c)):
        if bought[card] >= 15:
            out.append(f"  {card:20s} {bought[card]:4d} seats  {won[card] / bought[card]:.2f} / {ran[card] / bought[card]:.2f}")
    return "\n".join(out)


GAP_BANDS = ((-2.0, "2 or more fewer"), (-0.5, "0.5 to 2 fewer"), (0.5, "within 0.5"), (math.inf, "over 0.5 more"))
"""Bands of the winner's figure minus the others' mean, by upper bound (inclusive)."""


def spoil_lines(games_: list[Anatomy], by_round: int) -> list[str]:
    """Spoiled turns per seat, and the runaway share by how much less often the winner spoiled.

    A spoil forfeits a whole harvest. From `by_round` on, each push's spoils are split into the
    risk taken (the sum of the pushes' spoil chances) and luck (the spoils beyond it), so that a
    runaway made by the cards shows apart from one made at the push."""
    late = f"from round {by_round}"
    out = [f"\nspoiled turns per seat: whole game / {late}; pushes {late}: risk taken / push spoils"]
    rows: dict[str, list[list[float]]] = defaultdict(list)
    bands: dict[tuple[str, str], list[bool]] = defaultdict(list)
    figures = ("spoiled turns, whole game", f"spoiled turns, {late}", f"risk taken, {late}", f"luck, {late}")
    for g in games_:
        kind = "runaway" if g.runaway else "close"
        seats = []
        for p in range(len(g.sources)):
            spoiled = g.spoils.get(p, [])
            pushed = [(chance, hit) for r, chance, hit in g.pushes.get(p, []) if r >= by_round]
            risk, hits = sum(c for c, _ in pushed), sum(h for _, h in pushed)
            seat = [len(spoiled), sum(r >= by_round for r in spoiled), risk, hits]
            rows[f"{kind} game, {'winner' if p == g.winner else 'others'}"].append(seat)
            seats.append(seat[:3] + [hits - risk])
        for i, figure in enumerate(figures):
            others = [seat[i] for p, seat in enumerate(seats) if p != g.winner]
            gap = seats[g.winner][i] - sum(others) / len(others)
            bands[(figure, next(name for high, name in GAP_BANDS if gap <= high))].append(g.runaway)
    for name in sorted(rows):
        m = [sum(seat[i] for seat in rows[name]) / len(rows[name]) for i in range(4)]
        out.append(f"  {name:26s} {m[0]:5.2f} / {m[1]:5.2f}   {m[2]:5.2f} / {m[3]:5.2f}")
    out.append("runaway share by the winner's figure against the others' mean (share of the games in the band)")
    for figure in figures:
        cells = []
        for _, band in GAP_BANDS:
            found = bands[(figure, band)]
            share = f"{100 * sum(found) / len(found):.1f} %" if found else "-"
            cells.append(f"{band}: {share} of {len(found)}")
        out.append(f"  {figure:28s} " + "; ".join(cells))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", type=Path, help="JSON lines written by `sabbat simulate mystic-vale … --out`")
    ap.add_argument("--round", type=int, default=10, help="early buys: cards bought by this round")
    args = ap.parse_args(argv)
    found = list(read(args.games))
    if not found:
        raise SystemExit(f"{args.games}: no games")
    print(report(found, args.round))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
