"""Resource invariants of a Mystic Vale position (conformance checks after every decision).

Why: a rule bug that loses, duplicates or overdraws something shows up here even when no rule
test covers that path. Never called on the hot path.
"""

from __future__ import annotations

from collections import Counter

from .cards import DECAY, DECK_SIZE, GROWTH
from .model import Position


def _sleeves(st: Position) -> list[str]:
    """Each player's 20 cards are in exactly one of deck, discard, field and on-deck."""
    out = []
    for p in range(st.num_players):
        zones = st.deck[p] + st.discard[p] + st.field[p] + ([st.on_deck[p]] if st.on_deck[p] >= 0 else [])
        if sorted(zones) != list(range(p * DECK_SIZE, (p + 1) * DECK_SIZE)):
            out.append(f"P{p + 1}'s 20 cards are not each in exactly one zone: {sorted(zones)}")
        cs = st.cstats
        if st.fdecay[p] != sum(cs[s][DECAY] for s in st.field[p]) or \
                st.fgrowth[p] != sum(cs[s][GROWTH] for s in st.field[p]):
            out.append(f"P{p + 1}'s field decay/growth totals disagree with its cards")
    return out


def _advancements(st: Position) -> list[str]:
    """Every advancement is in the decks, the displays, the box, a pending purchase or a sleeve."""
    c = st.cards
    have: Counter[int] = Counter(st.box + st.pending)
    for d in st.adv_deck:
        have.update(d)
    for d in st.adv_disp:
        have.update(pid for pid in d if pid >= 0)
    have.update(pid for pid in st.slots if pid >= 0 and c.part_level[pid] > 0)
    want: Counter[int] = Counter()
    for supply in c.adv_decks:
        want.update(supply)
    for pos, pid in enumerate(c.soil_part):
        want[pid] += c.soil_count[pos]
        have[pid] += st.soil[pos]
    return [] if have == want else [f"advancements not conserved: {sorted((have - want).items())} extra, "
                                    f"{sorted((want - have).items())} missing"]


def _vale(st: Position) -> list[str]:
    """Every vale card is in a deck, a display or exactly one player's vale."""
    have = [v for d in st.vale_deck for v in d] + [v for d in st.vale_disp for v in d if v >= 0]
    have += [v for owned in st.vale for v in owned]
    return [] if sorted(have) == list(range(len(st.cards.vale_entry))) else ["vale cards not conserved"]


def problems(st: Position) -> list[str]:
    """Every broken invariant, as one line each (empty when the position is sound)."""
    out = _sleeves(st) + _advancements(st) + _vale(st)
    counts = {"pool": [st.pool], "vp": st.vp, "mana": [st.mana], "spirit": st.spirit, "soil": st.soil,
              "bonus mana": st.bonus_mana, "bonus wild": st.bonus_wild, "VP due": [st.vp_due]}
    out += [f"{name} is negative: {values}" for name, values in counts.items() if min(values) < 0]
    if not 0 <= st.adv_bought <= 2 or not 0 <= st.vale_bought <= 2:
        out.append(f"purchases this turn out of 0-2: {st.adv_bought} advancements, {st.vale_bought} vale cards")
    if any(not any(v in owned for owned in st.vale) for v in st.spent):
        out.append("a spent one-shot vale card is owned by nobody")
    return out
