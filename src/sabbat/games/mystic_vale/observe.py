"""Per-viewer observations and determinization (public information only)."""

from __future__ import annotations

from typing import Any, TypeVar

from sabbat.core import Rng

from .cards import DECK_SIZE, AbilityT, CardTable
from .constants import NS
from .model import Position

P = TypeVar("P", bound=Position)

_CATALOGS: dict[int, dict[str, Any]] = {}


def _ab(ab: AbilityT | None) -> list[Any] | None:
    return None if ab is None else list(ab)


def catalog(c: CardTable) -> dict[str, Any]:
    """Static public card facts, indexed by part id / vale id (built once per card table)."""
    key = id(c)
    cat = _CATALOGS.get(key)
    if cat is None:
        cat = _CATALOGS[key] = {
            "parts": [
                {
                    "id": c.part_entry[i], "name": c.part_name[i], "pos": c.part_pos[i], "level": c.part_level[i],
                    "cost": c.part_cost[i], "stats": list(c.part_stats[i]),
                    "ability": _ab(c.part_ability[i]),
                }
                for i in range(len(c.part_entry))
            ],
            "vale": [
                {
                    "id": c.vale_entry[i], "name": c.vale_name[i], "level": c.vale_level[i],
                    "cost": list(c.vale_cost[i]), "vp": c.vale_vp[i],
                    "ability": _ab(c.vale_ability[i]),
                }
                for i in range(len(c.vale_entry))
            ],
            "spirit_names": list(c.spirit_names),
        }
    return cat


def observe(st: Position, player: int | None) -> dict[str, Any]:
    """Everything is public except deck orders and the boxed level-1 advancements.

    Deck *compositions* are derivable (every card entered the discard face up), so they are
    shown sorted; their order never is.
    """
    n = st.num_players
    players = []
    for q in range(n):
        lo, hi = q * DECK_SIZE, (q + 1) * DECK_SIZE
        players.append({
            "vp": st.vp[q],
            "token_active": st.token[q],
            "deck_size": len(st.deck[q]),
            "deck": sorted(st.deck[q]),  # composition only (derivable), never the order
            "discard": sorted(st.discard[q]),
            "field": list(st.field[q]),
            "on_deck": st.on_deck[q],
            "effective_decay": st.effective_decay(q),
            "vale": list(st.vale[q]),
            "spent_vale": [v for v in st.spent if v in st.vale[q]],
            "skip_next": st.skip_next[q],
            "slots": st.slots[3 * lo: 3 * hi],
            "banners": st.banner[lo:hi],
        })
    return {
        "game": NS,
        "viewer": player,
        "phase": st.phase.name.lower(),
        "active": st.current_player,
        "first_player": st.first_player,
        "round": st.turns_taken // n + 1,
        "pool": st.pool,
        "end_triggered": st.end_triggered,
        "players": players,
        "turn": {
            "mana": st.mana, "spirit": list(st.spirit), "adv_bought": st.adv_bought,
            "vale_bought": st.vale_bought, "pending": list(st.pending), "todo": list(st.todo),
            "vp_due": st.vp_due, "traded": st.traded,
        },
        "commons": {
            "adv_display": [list(d) for d in st.adv_disp],
            "adv_deck": [len(d) for d in st.adv_deck],
            "box": len(st.box),
            "soil": list(st.soil),
            "vale_display": [list(d) for d in st.vale_disp],
            "vale_deck": [len(d) for d in st.vale_deck],
        },
        "catalog": catalog(st.cards),
    }


def determinize(st: P, rng: Rng) -> P:
    """A copy with every deck order and the boxed level-1 advancements resampled with `rng` only.

    Each hidden pool is sorted first, so the result depends only on what every seat sees (the
    same for all of them: nothing in Mystic Vale is hidden from one seat and known to another).
    """
    new = st.clone()
    for d in new.deck:
        d.sort()
        rng.shuffle(d)
    hidden = sorted(new.adv_deck[0] + new.box)
    rng.shuffle(hidden)
    k = len(new.adv_deck[0])
    new.adv_deck[0] = hidden[:k]
    new.box = hidden[k:]
    for d in (new.adv_deck[1], new.adv_deck[2], *new.vale_deck):
        d.sort()
        rng.shuffle(d)
    return new
