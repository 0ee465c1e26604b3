"""Named ability handlers, one dict per timing; card data refers to them by name.

* play     - fires once when the card moves from on-deck to the field (planting push, prep);
             mana/spirit it gives is banked with the field and usable in that field's harvest.
* harvest  - a decision in the harvest phase (each source at most once per turn), field cards
             and vale cards owned since before this turn.
* ongoing  - in force wherever the card is in its owner's deck system (advancements) or vale
             area (vale cards): harvest bonuses applied once at the start of every harvest,
             end-game VP applied in final scoring.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import DECAY, DECK_SIZE, GUARD
from .model import Position
from .rules import NS

Handler = Callable[[Position, int, int], int]


def award_vp(st: Position, p: int, n: int) -> None:
    """Credit `n` VP tokens in full; the pool floors at 0 (ruling R-6)."""
    if n <= 0:
        return
    st.vp[p] += n
    st.pool = st.pool - n if st.pool > n else 0
    st.emit(f"{NS}.event.gain_vp", player=p, n=n, pool=st.pool)


def _field_sum(st: Position, p: int, idx: int) -> int:
    cs = st.cstats
    return sum(cs[s][idx] for s in st.field[p])


# ----- play ---------------------------------------------------------------------------
def play_gain_mana(st: Position, p: int, n: int) -> int:
    st.bonus_mana[p] += n
    return n


def play_gain_wild(st: Position, p: int, n: int) -> int:
    st.bonus_wild[p] += n
    return n


def gain_vp(st: Position, p: int, n: int) -> int:
    award_vp(st, p, n)
    return n


PLAY_HANDLERS: dict[str, Handler] = {
    "gain_mana": play_gain_mana,
    "gain_wild": play_gain_wild,
    "gain_vp": gain_vp,
}


# ----- harvest ------------------------------------------------------------------------
def harvest_gain_mana(st: Position, p: int, n: int) -> int:
    st.mana += n
    return n


def harvest_gain_wild(st: Position, p: int, n: int) -> int:
    st.spirit[3] += n
    return n


def vp_per_guardian(st: Position, p: int, cap: int) -> int:
    """1 VP per guardian symbol in the field, at most `cap`."""
    n = min(cap, _field_sum(st, p, GUARD))
    award_vp(st, p, n)
    return n


def mana_per_decay(st: Position, p: int, cap: int) -> int:
    """1 mana per decay symbol in the field, at most `cap` (rewards pushing your luck)."""
    n = min(cap, _field_sum(st, p, DECAY))
    st.mana += n
    return n


def vp_per_decay(st: Position, p: int, cap: int) -> int:
    """1 VP per decay symbol in the field, at most `cap`."""
    n = min(cap, _field_sum(st, p, DECAY))
    award_vp(st, p, n)
    return n


def vp_per_vale(st: Position, p: int, cap: int) -> int:
    """1 VP per two vale cards owned (counted when resolved), at most `cap`."""
    n = min(cap, len(st.vale[p]) // 2)
    award_vp(st, p, n)
    return n


HARVEST_HANDLERS: dict[str, Handler] = {
    "gain_mana": harvest_gain_mana,
    "gain_wild": harvest_gain_wild,
    "gain_vp": gain_vp,
    "vp_per_guardian": vp_per_guardian,
    "mana_per_decay": mana_per_decay,
    "vp_per_decay": vp_per_decay,
    "vp_per_vale": vp_per_vale,
}


# ----- ongoing ------------------------------------------------------------------------
# Ongoing harvest bonuses need no handler: the position totals them into a cache (rules.ONGOING_HARVEST).


def end_vp_per_guardian(st: Position, p: int, n: int) -> int:
    """`n` VP per guardian symbol on the player's 20 cards."""
    cs = st.cstats
    base = p * DECK_SIZE
    return n * sum(cs[s][GUARD] for s in range(base, base + DECK_SIZE))


def end_vp_per_level3(st: Position, p: int, n: int) -> int:
    """`n` VP per level-3 advancement on the player's cards."""
    return n * st.count_level3(p)


def end_vp_per_vale(st: Position, p: int, n: int) -> int:
    """`n` VP per vale card owned."""
    return n * len(st.vale[p])


END_HANDLERS: dict[str, Handler] = {
    "end_vp_per_guardian": end_vp_per_guardian,
    "end_vp_per_level3": end_vp_per_level3,
    "end_vp_per_vale": end_vp_per_vale,
}
