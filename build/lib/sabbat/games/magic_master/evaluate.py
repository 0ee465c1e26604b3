"""How a search judges an unfinished game of Magic Master.

Why: the game pays nothing until someone wins, so a playout cut short needs an estimate.
Three roads lead to victory and the estimate follows each: the regalia win needs the four
in one group (and they must all still be in play), the time-out crowns the single highest
group succession (and matters more the thinner the deck), and a player with groups, troops
and defence on the table is hard to eliminate and dangerous to others.

Each player's *strength* is a weighted sum of a few features; the chances are a softmax of
the strengths. The weights are a logistic fit: learnt from ~150,000 positions (every third
decision) of 2,200 two-player heuristic-versus-heuristic games (0-20 % random moves, as in the
search's rollouts), labelled with the final winner, so strength differences are log-odds of
winning. On held-out games the fit scores a log-loss of 0.61 (a coin toss 0.69; the first
draft, a hand-weighted softmax, 0.83: it was overconfident early, when nothing is decided).

Why "lives" and "tools" and not "cards in hand": a fit on plain hand size paid a player for
keeping heirs, items and terrain in hand (the heuristic plays every card it can, so a full
hand meant cards nobody could place), and a search trusting it stopped playing cards. Now a
character counts as a life wherever it is, and only cards that cannot be placed (one-shots,
attacks, spells) count in hand, so placing a card is never judged a loss by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sabbat.core import win_chances

from . import groups as G
from .cards import PLACEABLE_KINDS, CardTable

if TYPE_CHECKING:
    from .groups import Group
    from .model import Position

FEATURES: tuple[str, ...] = (
    "groups", "best_suc", "claim", "claim_late", "reg_best", "reg_owned", "reg_three", "pending",
    "defence", "attack", "troops", "terrain", "items", "lives", "tools", "wizard",
)
"""Names of the features, in the order of `features()` and `WEIGHTS`."""

WEIGHTS: dict[str, float] = {  # "pending" is rare in the data (fit 1.1): rounded to 1
    "groups": -0.013, "best_suc": 0.012, "claim": -0.078, "claim_late": 1.955, "reg_best": -0.089,
    "reg_owned": 0.153, "reg_three": 0.370, "pending": 1.0, "defence": 0.077, "attack": 0.074,
    "troops": -0.020, "terrain": -0.040, "items": 0.097, "lives": 0.325, "tools": 0.080, "wizard": 0.161,
}
"""Log-odds of winning per unit of each feature (fitted; see the module docstring)."""

DECK_LATE = 25
"""Cards left in deck and market below which the time-out starts to loom."""


def _led(gs: list[Group]) -> list[Group]:
    return [g for g in gs if g.char]


def _regalia_live(state: Position) -> bool:
    """Whether the regalia win is still possible: no regalia card lies in the discard pile."""
    return not state.t.regalia.intersection(state.discard)


def _lateness(state: Position) -> float:
    """0 early, rising to 1 as deck and market run out, above 1 once the countdown runs."""
    if state.countdown_p0 >= 0:
        return 1.0 + state.countdown_round / 3
    left = len(state.deck) + len(state.market)
    return max(0.0, 1.0 - left / DECK_LATE)


def timeout_winner(state: Position) -> int:
    """Who would win a time-out now (ties between players cancel, ruling A-32); -1 if nobody."""
    t = state.t
    claims: dict[int, set[int]] = {}
    for p in range(state.num_players):
        if state.eliminated[p]:
            continue
        for g in _led(state.groups[p]):
            claims.setdefault(G.suc(t, g), set()).add(p)
    return G.sole_claimant(claims)


def _table(t: CardTable, gs: list[Group]) -> tuple[float, float, float, bool]:
    """One pass over a player's character-led groups: best succession, defence and mobile
    attack (both in tens: only groups that can move may attack), and whether a wizard is there."""
    best_suc = 0
    defence = attack = 0.0
    wizard = False
    first = True
    for g in gs:
        if not g.char:
            continue
        suc = G.suc(t, g)
        best_suc = suc if first else max(best_suc, suc)
        first = False
        defence += G.defence(t, g)
        if G.mov(t, g) > 0:
            dice, bonus = G.atk(t, g)
            attack += dice * 3.5 + bonus
        wizard = wizard or G.wizard_mag(t, g) is not None
    return float(best_suc), defence / 10, attack / 10, wizard


def features(state: Position, p: int, claimant: int, late: float, live: bool) -> list[float]:
    """Player p's features, in the order of FEATURES (see the module docstring for why)."""
    t = state.t
    gs = state.groups[p]
    reg = t.regalia
    led = sum(1 for g in gs if g.char)
    in_groups = [len(reg.intersection(g.items)) for g in gs]
    reg_best = max(in_groups, default=0) if live else 0
    reg_owned = sum(in_groups) + len(reg.intersection(state.hand[p])) if live else 0
    claim = 1.0 if claimant == p else 0.0
    best_suc, defence, attack, wizard = _table(t, gs)
    return [
        float(led), best_suc, claim, claim * late,
        float(reg_best), float(reg_owned), 1.0 if reg_owned >= 3 else 0.0,
        1.0 if state.pending_regalia[p] else 0.0,
        defence, attack,
        float(sum(len(g.troops) for g in gs)),
        float(sum(1 for g in gs if g.terrain >= 0)),
        float(sum(len(g.items) for g in gs) - sum(in_groups)),
        float(led + len(state.chars[p])),
        float(sum(1 for c in state.hand[p] if t.inst[c].kind not in PLACEABLE_KINDS)),
        1.0 if wizard else 0.0,
    ]


def all_features(state: Position) -> list[list[float]]:
    """Every seat's features (eliminated seats included; `estimate` gives them nothing)."""
    claimant = timeout_winner(state)
    late = _lateness(state)
    live = _regalia_live(state)
    return [features(state, p, claimant, late, live) for p in range(state.num_players)]


def _dot(f: list[float]) -> float:
    return sum(WEIGHTS[name] * x for name, x in zip(FEATURES, f, strict=True))


def estimate(state: Position) -> list[float]:
    """Each seat's chance of winning: the winner all, the eliminated none, the rest a softmax."""
    n = state.num_players
    if state.winner >= 0:
        return [1.0 if p == state.winner else 0.0 for p in range(n)]
    alive = [p for p in range(n) if not state.eliminated[p]]
    if not alive:
        return [1.0 / n] * n
    feats = all_features(state)
    chances = win_chances([_dot(feats[p]) for p in alive], 0.0)  # strengths are log-odds already
    out = [0.0] * n
    for p, c in zip(alive, chances, strict=True):
        out[p] = c
    return out
