"""How a search judges an unfinished game of Mystic Vale.

Why: a deck-builder is decided by the deck a player has built, not by the points on the table.
Mid-game, a player with few points and a deck full of spirit and VP symbols is usually ahead
of one who scored early with a weak deck, and a softmax over current points cannot see that.
So each seat's final score is projected: current points, plus the turns it still gets times
what its deck yields a turn (harvest VP, spirit that buys vale cards, mana that buys
advancements), and the projections are turned into chances of winning.

Every quantity here is public (deck compositions are public, spec §8), and the estimate never
looks at deck order, so it is the same on every determinization of a position.
"""

from __future__ import annotations

from dataclasses import dataclass

from sabbat.core import win_chances

from .cards import DECAY, DECK_SIZE, EVP, GROWTH, HARVEST, HVP, MANA, PLAY, S1, WILD, AbilityT
from .model import Position
from .rules import PLANT_PHASE
from .scoring import points


@dataclass(frozen=True)
class Weights:
    """VP worth of one symbol a turn, and how uncertain a projection is.

    Fitted on 19,456 positions of 300 heuristic self-play games: the values whose chances best
    predicted the final winner (lowest log loss); see docs/games/mystic_vale.md.
    """

    vp: float = 0.5
    """A harvest VP a turn: less than face value, since a deck rich in VP also empties the pool
    sooner for everyone (and the yield estimate is rough)."""
    spirit: float = 0.6
    """A spirit symbol a turn buys about this many VP of vale cards."""
    mana: float = 0.3
    """A mana symbol a turn: advancements bought with it, before the end game makes them late."""
    mana_late: float = 5.0
    """Turns before the end below which mana is worth proportionally less (late buys pay little)."""
    spread: float = 3.0
    """Standard spread of a projection, in VP, for the part that is already certain."""
    spread_per_turn: float = 0.3
    """Extra spread for each turn still to play: far from the end, more can change."""


WEIGHTS = Weights()

PREP_STOP = 3
"""Effective decay at which prep stops filling the field (spec §3.1)."""
DRAIN_BASE = 1.3
"""VP a round that leave the pool beyond what the decks show now (decks improve as the game goes)."""
DRAIN_SHARE = 0.63
"""Share of the decks' current harvest VP a round that the pool loses, averaged over the rest of the game."""
MAX_ROUNDS_LEFT = 25.0
"""Cap on the projected rounds left (a sensible 2-player game lasts about 20 rounds)."""


@dataclass(frozen=True)
class Yield:
    """What a seat's deck brings in a turn, on average: VP tokens, spirit and mana."""

    vp: float
    spirit: float
    mana: float


def field_share(decay: int, growth: int) -> float:
    """Share of the 20 cards that reach the field in a turn.

    Why: prep fills the field until 3 effective decay, so a deck with decay density d shows
    about 3/d cards a turn; growth cancels decay and lets more cards through.
    """
    most = DECK_SIZE - 1  # the on-deck card is not in the field
    net = decay - growth
    cards = most if net <= 0 else min(most, PREP_STOP * DECK_SIZE / net)
    return cards / DECK_SIZE


def _ability_yield(state: Position, p: int, ability: AbilityT) -> tuple[float, float, float]:
    """(vp, spirit, mana) an ability of a sleeved card gives in a turn when its card is in the field."""
    effect, amount = ability[1], ability[2]
    if effect == "gain_vp":
        return float(amount), 0.0, 0.0
    if effect == "gain_wild":
        return 0.0, float(amount), 0.0
    if effect == "gain_mana":
        return 0.0, 0.0, float(amount)
    if effect == "mana_per_decay":
        return 0.0, 0.0, float(min(amount, PREP_STOP))
    if effect in ("vp_per_decay", "vp_per_guardian"):
        return min(amount, 2) * 1.0, 0.0, 0.0
    if effect == "vp_per_vale":
        return float(min(amount, len(state.vale[p]))), 0.0, 0.0
    return 0.0, 0.0, 0.0


def deck_yield(state: Position, p: int) -> Yield:
    """Average VP, spirit and mana a turn from seat `p`'s cards, advancements still to be
    sleeved this turn included (a buy changes the deck's yield at once, which is what a search
    comparing buys needs to see), plus its vale cards' and ongoing harvest bonuses."""
    base = p * DECK_SIZE
    cards = state.cstats[base: base + DECK_SIZE]
    if p == state.turn_player and state.pending:
        cards += [state.cards.part_stats[pid] for pid in state.pending]
    tot = [sum(column) for column in zip(*cards, strict=True)]
    extra_vp = extra_sp = extra_mana = 0.0
    abilities: list[AbilityT] = []
    has = state.has_ability
    for s in range(base, base + DECK_SIZE):
        if has[s]:
            abilities += [ab for timing in (PLAY, HARVEST) for _, ab in state.active_abilities(s, timing)]
    if p == state.turn_player:
        pa = state.cards.part_ability
        abilities += [ab for ab in (pa[pid] for pid in state.pending) if ab is not None and ab[0] in (PLAY, HARVEST)]
    for ab in abilities:
        v, sp, m = _ability_yield(state, p, ab)
        extra_vp += v
        extra_sp += sp
        extra_mana += m
    share = field_share(tot[DECAY], tot[GROWTH])
    vp = share * (tot[HVP] + extra_vp)
    spirit = share * (tot[S1] + tot[S1 + 1] + tot[S1 + 2] + tot[WILD] + extra_sp) + state.ong_wild[p]
    mana = share * (tot[MANA] + extra_mana) + state.ong_mana[p]
    for vid in state.vale[p]:
        vale_ab = state.cards.vale_ability[vid]
        if vale_ab is not None and vale_ab[0] == HARVEST and not vale_ab[4]:
            v, sp, m = _ability_yield(state, p, vale_ab)
            vp, spirit, mana = vp + v, spirit + sp, mana + m
    return Yield(vp, spirit, mana)


def _pending_end_vp(state: Position, p: int) -> int:
    """End-game VP on advancements bought this turn and not yet sleeved (they count once sleeved)."""
    if p != state.turn_player:
        return 0
    ps = state.cards.part_stats
    return sum(ps[pid][EVP] for pid in state.pending)


def _banked_vp(state: Position, p: int) -> int:
    """VP already certain but not yet in `points`: harvest VP owed this turn, unused one-shot VP abilities."""
    banked = state.vp_due if p == state.turn_player else 0
    va = state.cards.vale_ability
    for vid in state.vale[p]:
        ab = va[vid]
        if ab is not None and ab[4] and ab[1] == "gain_vp" and vid not in state.spent:
            banked += ab[2]
    return banked + _pending_end_vp(state, p)


def rounds_left(state: Position, yields: list[Yield]) -> float:
    """Full rounds expected after the current one: the VP pool over the VP the decks drain a round."""
    if state.end_triggered:
        return 0.0
    drain = DRAIN_BASE + DRAIN_SHARE * sum(y.vp for y in yields)
    return min(MAX_ROUNDS_LEFT, state.pool / drain)


def turns_left(state: Position, p: int, rounds: float) -> float:
    """Turns seat `p` still harvests: the rounds after this one, plus its turn in this round
    if that has not been harvested yet (seats after the current one; the current seat while
    it is still planting)."""
    n = state.num_players
    order = (p - state.first_player) % n
    now = (state.turn_player - state.first_player) % n
    pending_turn = order > now or (order == now and state.phase is PLANT_PHASE)
    return rounds + (1.0 if pending_turn else 0.0)


def projected_points(state: Position, weights: Weights | None = None) -> tuple[list[float], float]:
    """Each seat's projected final points, and the rounds left the projection assumed."""
    weights = weights or WEIGHTS
    n = state.num_players
    yields = [deck_yield(state, p) for p in range(n)]
    rounds = rounds_left(state, yields)
    out = []
    for p, y in enumerate(yields):
        t = turns_left(state, p, rounds)
        mana_value = weights.mana * min(1.0, max(0.0, t - 1.0) / weights.mana_late)
        per_turn = weights.vp * y.vp + weights.spirit * y.spirit + mana_value * y.mana
        out.append(points(state, p) + _banked_vp(state, p) + t * per_turn)
    return out, rounds


def estimate(state: Position, weights: Weights | None = None) -> list[float]:
    """Each seat's chance of winning: the finished game's winners, else a softmax over projected
    final points whose softness grows with the turns still to play."""
    weights = weights or WEIGHTS
    if state.is_terminal():
        return state.returns()
    projected, rounds = projected_points(state, weights)
    spread = weights.spread + weights.spread_per_turn * rounds
    top = max(abs(x) for x in projected)
    return win_chances(projected, spread / top if top > 0 else 1.0)
