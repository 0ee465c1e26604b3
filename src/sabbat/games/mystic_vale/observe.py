"""Per-viewer observations, determinization and action descriptions (public information only)."""

from __future__ import annotations

from typing import Any, TypeVar

from sabbat.core import Action, Rng, i18n

from .cards import DECK_SIZE, POSITIONS, AbilityT, CardTable
from .constants import NS, VALE_SRC
from .model import Position
from .turn import ability_of, source_name

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


def pos_name(pos: int) -> dict[str, str]:
    return {loc: i18n.render(f"{NS}.pos.{POSITIONS[pos]}", loc) for loc in i18n.LOCALES}


def effect_text(effect: str, amount: int, locale: str) -> str:
    return i18n.render(f"{NS}.effect.{effect}", locale, {"n": amount})


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


def describe_action(st: Position, action: Action, locale: str) -> str:
    """The action's text with card names, positions, costs and the card that carries an ability."""
    c = st.cards
    k = action.kind
    a = action.args
    p = st.turn_player
    params: dict[str, Any] = {}
    if k == "push":
        params["parts"] = st.sleeve_parts(st.on_deck[p]) if st.on_deck[p] >= 0 else "-"
        params["no"] = st.on_deck[p] % DECK_SIZE + 1
    elif k == "use":
        src = int(a[0])
        _, ab = ability_of(st, src)
        params["card"] = source_name(st, src)
        params["effect"] = effect_text(ab[1], ab[2], locale)
        # two identical abilities (two Druid Circles) are told apart by the card that carries them
        params["where"] = (i18n.render(f"{NS}.where.vale", locale) if src >= VALE_SRC else
                           i18n.render(f"{NS}.where.card", locale, {"no": src // 4 % DECK_SIZE + 1}))
    elif k == "collect":
        params["n"] = st.vp_due
    elif k == "buy":
        pid = st.adv_disp[int(a[0]) - 1][int(a[1])]
        params.update(card=c.part_name[pid], pos=pos_name(c.part_pos[pid]), level=c.part_level[pid],
                      cost=c.part_cost[pid])
    elif k == "soil":
        pid = c.soil_part[int(a[0])]
        params.update(card=c.part_name[pid], pos=pos_name(int(a[0])), cost=c.part_cost[pid])
    elif k == "vale":
        vid = st.vale_disp[int(a[0]) - 1][int(a[1])]
        params.update(card=c.vale_name[vid], vp=c.vale_vp[vid], cost=cost_text(c, vid, locale))
    elif k in ("give", "take"):
        params["kind"] = c.spirit_names[int(a[0])]
        params["given"] = st.traded
    elif k == "sleeve":
        pid = st.pending[int(a[0])]
        s = int(a[1])
        params.update(card=c.part_name[pid], pos=pos_name(c.part_pos[pid]), target=s % DECK_SIZE + 1,
                      parts=st.sleeve_parts(s))
    return i18n.render(f"{NS}.action.{k}", locale, params, fallback=action.notation())


def cost_text(c: CardTable, vid: int, locale: str) -> str:
    parts = []
    for k, n in enumerate(c.vale_cost[vid]):
        if n:
            parts.append(f"{i18n.localize(c.spirit_names[k], locale)}×{n}")
    return " ".join(parts) or "0"
