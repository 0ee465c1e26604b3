"""The turn machine: planting, harvest, discard and prep, one function per decision kind.

Functions here mutate the position; `APPLY` maps each action kind to its handler, and `apply` (the
contract's `_apply` itself, bound in state.py) dispatches to it. Everything between two decisions
(discard, refill, prep, skipped turns, the end check) runs automatically in `finish_turn`.

Turn: Planting (push/pass) -> Harvest (abilities, VP, purchases in any order) -> Discard
(sleeve, discard field, refill) -> Prep (automatic). Rules in docs/games/mystic_vale.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sabbat.core import Action, i18n

from .cards import DECAY, DECK_SIZE, GROWTH, HARVEST, HVP, MANA, PLAY, S1, WILD, AbilityT
from .effects import HARVEST_HANDLERS, PLAY_HANDLERS, award_vp
from .model import Position
from .rules import (
    DECISION_CAP,
    HARVEST_PHASE,
    MAX_ROUNDS,
    NS,
    OVER_PHASE,
    PLANT_PHASE,
    PREP_STOP_AT,
    SLEEVE_PHASE,
    SPOIL_AT,
    VALE_SRC,
)
from .scoring import points

E_REVEAL = f"{NS}.event.reveal"
E_RESHUFFLE = f"{NS}.event.reshuffle"
E_ABILITY = f"{NS}.event.ability"


# ----- moving cards ---------------------------------------------------------------------
def restock(st: Position, p: int) -> None:
    """「山札が枯渇したらそのつど捨て山をシャッフル」: an empty deck takes the discard pile at once.

    Called whenever the deck may have just run out (a reveal) or the discard pile may have just
    been filled (the discard phase), so the field is never shuffled in with it (ruling E-13).
    """
    deck = st.deck[p]
    disc = st.discard[p]
    if deck or not disc:
        return
    deck.extend(disc)
    disc.clear()
    st.rng.shuffle(deck)
    st.emit(E_RESHUFFLE, player=p, n=len(deck))


def reveal(st: Position, p: int, announce: bool = True) -> bool:
    """Turn the top card of the deck face up as the on-deck card; reshuffle as soon as the deck runs out."""
    deck = st.deck[p]
    restock(st, p)
    if not deck:
        st.on_deck[p] = -1
        return False
    s = deck.pop()
    st.on_deck[p] = s
    if announce:
        st.emit(E_REVEAL, player=p, card=s, no=s % DECK_SIZE + 1, parts=st.sleeve_parts(s))
    restock(st, p)
    return True


def to_field(st: Position, p: int) -> None:
    """Move the on-deck card into the field and resolve its play abilities (before any reveal)."""
    s = st.on_deck[p]
    st.on_deck[p] = -1
    st.field[p].append(s)
    cs = st.cstats[s]
    st.fdecay[p] += cs[DECAY]
    st.fgrowth[p] += cs[GROWTH]
    if st.has_ability[s]:
        for _, ab in st.active_abilities(s, PLAY):
            n = PLAY_HANDLERS[ab[1]](st, p, ab[2])
            st.emit(E_ABILITY, player=p, card=st.cards.part_name[_part_of(st, s, ab)],
                    effect=effect_label(ab[1], ab[2]), n=n)


def effect_label(effect: str, amount: int) -> dict[str, str]:
    """The effect's text in both languages, for event parameters."""
    return {loc: i18n.render(f"{NS}.effect.{effect}", loc, {"n": amount}) for loc in i18n.LOCALES}


def _part_of(st: Position, s: int, ab: AbilityT) -> int:
    """The part of sleeve `s` that carries the active ability `ab` (it is always there)."""
    pa = st.cards.part_ability
    return next(pid for pid in st.slots[3 * s: 3 * s + 3] if pid >= 0 and pa[pid] == ab)


def spoil_token(st: Position, p: int) -> None:
    """A spoil activates an inactive mana token; an active one stays as it is (never stacks)."""
    if not st.token[p]:
        st.token[p] = True


def initial_build(st: Position, p: int) -> None:
    """Setup step 9: plant until field + on-deck show 3 effective decay."""
    if not reveal(st, p):
        return
    while True:
        e = st.effective_decay(p)
        if e >= SPOIL_AT:
            _prep_spoil(st, p)
            return
        if e >= PREP_STOP_AT:
            return
        to_field(st, p)
        if not reveal(st, p):
            return


def _prep_spoil(st: Position, p: int) -> None:
    spoil_token(st, p)
    st.skip_next[p] = True
    st.emit(f"{NS}.event.prep_spoil", player=p)


def prep(st: Position, p: int) -> None:
    """Phase 4: play the on-deck card, reveal, until 3 effective decay (4+: prep spoil)."""
    if st.on_deck[p] < 0 and not reveal(st, p, False):
        return
    planted = 0
    spoiled = False
    while True:
        to_field(st, p)
        planted += 1
        if not reveal(st, p, False):
            break
        e = st.effective_decay(p)
        if e >= SPOIL_AT:
            spoiled = True
            break
        if e >= PREP_STOP_AT:
            break
    od = st.on_deck[p]
    # One event for the whole prep (after any play-ability events, which resolve before each reveal).
    st.emit(f"{NS}.event.prep", player=p, n=planted, parts=st.sleeve_parts(od) if od >= 0 else "-",
            no=od % DECK_SIZE + 1 if od >= 0 else "-", decay=st.effective_decay(p))
    if spoiled:
        _prep_spoil(st, p)


# ----- planting -------------------------------------------------------------------------
def do_push(st: Position, args: tuple[Any, ...]) -> None:
    p = st.turn_player
    to_field(st, p)
    reveal(st, p, False)
    od = st.on_deck[p]
    # The planted card was announced when it was revealed; log only the new on-deck card.
    st.emit(f"{NS}.event.push", player=p, revealed=st.sleeve_parts(od) if od >= 0 else "-",
            no=od % DECK_SIZE + 1 if od >= 0 else "-")
    if st.effective_decay(p) >= SPOIL_AT:
        spoil_token(st, p)
        st.emit(f"{NS}.event.spoil", player=p, decay=st.effective_decay(p))
        finish_turn(st)


def do_pass(st: Position, args: tuple[Any, ...]) -> None:
    begin_harvest(st)


# ----- harvest --------------------------------------------------------------------------
def begin_harvest(st: Position) -> None:
    """Total the field's symbols (the on-deck card gives none) plus banked play and ongoing bonuses."""
    p = st.turn_player
    st.phase = HARVEST_PHASE
    cs = st.cstats
    mana = st.bonus_mana[p] + st.ong_mana[p]
    s1 = s2 = s3 = 0
    wild = st.bonus_wild[p] + st.ong_wild[p]
    hvp = 0
    todo: list[int] = []
    has = st.has_ability
    for s in st.field[p]:
        t = cs[s]
        mana += t[MANA]
        s1 += t[S1]
        s2 += t[S1 + 1]
        s3 += t[S1 + 2]
        wild += t[WILD]
        hvp += t[HVP]
        if has[s]:
            todo.extend(src for src, _ in st.active_abilities(s, HARVEST))
    va = st.cards.vale_ability
    for vid in st.vale[p]:
        ab = va[vid]
        if ab is not None and ab[0] == HARVEST and not (ab[4] and vid in st.spent):
            todo.append(VALE_SRC + vid)
    st.mana = mana
    st.spirit = [s1, s2, s3, wild]
    st.vp_due = hvp
    st.todo = todo
    st.adv_bought = 0
    st.vale_bought = 0
    st.pending = []
    st.room = st.field_empty_by_pos(p)
    spirit = s1 + s2 + s3 + wild
    st.emit(f"{NS}.event.harvest", player=p, field=len(st.field[p]), mana=mana, spirit=spirit, vp=hvp,
            gains=_gains(mana, spirit, hvp))


def _gains(mana: int, spirit: int, vp: int) -> dict[str, str]:
    """「2マナ、精霊1」: only what the field gives (never "0 spirit"), in both languages."""
    gains = [(f"{NS}.harvest.{key}", {"n": n}) for key, n in (("mana", mana), ("spirit", spirit), ("vp", vp)) if n]
    if not gains:
        return {loc: i18n.render(f"{NS}.harvest.nothing", loc) for loc in i18n.LOCALES}
    return i18n.join_messages(gains)


def ability_of(st: Position, src: int) -> tuple[int, AbilityT]:
    """(part id or -1-vale id, ability) for a harvest source code."""
    c = st.cards
    if src >= VALE_SRC:
        vid = src - VALE_SRC
        ab = c.vale_ability[vid]
        assert ab is not None
        return -1 - vid, ab
    s, slot = divmod(src, 4)
    if slot == 3:
        pid = st.banner[s]
    else:
        pid = st.slots[3 * s + slot]
    ab = c.part_ability[pid]
    assert ab is not None
    return pid, ab


def source_name(st: Position, src: int) -> dict[str, str]:
    ref, _ = ability_of(st, src)
    return st.cards.part_name[ref] if ref >= 0 else st.cards.vale_name[-1 - ref]


def do_use(st: Position, args: tuple[Any, ...]) -> None:
    src = int(args[0])
    p = st.turn_player
    st.todo.remove(src)
    ref, ab = ability_of(st, src)
    if ab[4] and ref < 0:
        st.spent.append(-1 - ref)  # a one-shot vale ability is now used up
    n = HARVEST_HANDLERS[ab[1]](st, p, ab[2])
    st.emit(E_ABILITY, player=p, card=source_name(st, src), effect=effect_label(ab[1], ab[2]), n=n)


def do_collect(st: Position, args: tuple[Any, ...]) -> None:
    p = st.turn_player
    n = st.vp_due
    st.vp_due = 0
    award_vp(st, p, n)


def do_token(st: Position, args: tuple[Any, ...]) -> None:
    p = st.turn_player
    st.token[p] = False
    st.mana += 1
    st.emit(f"{NS}.event.token", player=p)


def note_offers(st: Position) -> None:
    """Add to the turn player's `offered` mask every card it could buy now: display advancements and
    Fertile Soil it has the mana (with the mana token, if still unflipped) and the room for, and the
    vale cards its spirit pays for. Called at a turn's first purchase (nothing spent or taken from
    the displays yet) and at the end of a harvest without one. Statistics only: no rule reads it."""
    if st.adv_bought or st.vale_bought:
        return
    p = st.turn_player
    c = st.cards
    mask = st.offered[p]
    mana = st.mana + (1 if st.token[p] else 0)
    room, cost, ppos, pb = st.room, c.part_cost, c.part_pos, c.part_bit
    for disp in st.adv_disp:
        for pid in disp:
            if pid >= 0 and cost[pid] <= mana and room[ppos[pid]] > 0:
                mask |= pb[pid]
    for pos, left in enumerate(st.soil):
        pid = c.soil_part[pos]
        if left > 0 and room[pos] > 0 and cost[pid] <= mana:
            mask |= pb[pid]
    a, b, k, w = st.spirit
    if a + b + k + w >= c.min_vale_cost:
        vcost, vb = c.vale_cost, c.vale_bit
        for disp in st.vale_disp:
            for vid in disp:
                if vid >= 0:
                    x, y, z = vcost[vid]
                    if (x - a if x > a else 0) + (y - b if y > b else 0) + (z - k if z > k else 0) <= w:
                        mask |= vb[vid]
    st.offered[p] = mask


def _take_advancement(st: Position, pid: int) -> None:
    c = st.cards
    st.mana -= c.part_cost[pid]
    st.pending.append(pid)
    st.room[c.part_pos[pid]] -= 1
    st.adv_bought += 1
    st.emit(f"{NS}.event.buy", player=st.turn_player, card=c.part_name[pid], pos=c.part_pos[pid],
            cost=c.part_cost[pid])


def do_buy(st: Position, args: tuple[Any, ...]) -> None:
    lv, i = int(args[0]) - 1, int(args[1])
    pid = st.adv_disp[lv][i]
    note_offers(st)
    st.adv_disp[lv][i] = -1
    _take_advancement(st, pid)


def do_soil(st: Position, args: tuple[Any, ...]) -> None:
    note_offers(st)
    pos = int(args[0])
    st.soil[pos] -= 1
    _take_advancement(st, st.cards.soil_part[pos])


def do_vale(st: Position, args: tuple[Any, ...]) -> None:
    """Buy a vale card: each specific spirit pays its own kind, wild spirit pays the rest."""
    note_offers(st)
    lv, i = int(args[0]) - 1, int(args[1])
    p = st.turn_player
    vid = st.vale_disp[lv][i]
    st.vale_disp[lv][i] = -1
    cost = st.cards.vale_cost[vid]
    sp = st.spirit
    for k in range(3):
        use = cost[k] if cost[k] <= sp[k] else sp[k]
        sp[k] -= use
        sp[3] -= cost[k] - use
    st.vale[p].append(vid)
    st.vale_bought += 1
    st.emit(f"{NS}.event.buy_vale", player=p, card=st.cards.vale_name[vid], vp=st.cards.vale_vp[vid])


def do_give(st: Position, args: tuple[Any, ...]) -> None:
    """German-edition trade (option): give one spirit symbol of this kind towards a 3-for-1 trade."""
    st.spirit[int(args[0])] -= 1
    st.traded += 1


def do_take(st: Position, args: tuple[Any, ...]) -> None:
    """Complete a German-edition trade: take one spirit of the chosen kind for the three given."""
    k = int(args[0])
    st.spirit[k] += 1
    st.traded = 0
    st.emit(f"{NS}.event.trade", player=st.turn_player, kind=st.cards.spirit_names[k])


def do_end(st: Position, args: tuple[Any, ...]) -> None:
    """End the harvest; unspent mana and spirit are lost. Then the discard phase."""
    note_offers(st)
    st.mana = 0
    st.spirit = [0, 0, 0, 0]
    if st.pending:
        st.phase = SLEEVE_PHASE
    else:
        finish_turn(st)


# ----- discard phase --------------------------------------------------------------------
def do_sleeve(st: Position, args: tuple[Any, ...]) -> None:
    """Slide a bought advancement in front of a field card's layers, into its empty position."""
    i, s = int(args[0]), int(args[1])
    p = st.turn_player
    c = st.cards
    pid = st.pending.pop(i)
    old = st.cstats[s]
    st.slots[3 * s + c.part_pos[pid]] = pid
    ab = c.part_ability[pid]
    if ab is not None:
        st.has_ability[s] = True
        if ab[3]:
            st.banner[s] = pid  # a later banner overwrites an earlier one
    st.recompute_sleeve(s)
    new = st.cstats[s]
    st.fdecay[p] += new[DECAY] - old[DECAY]
    st.fgrowth[p] += new[GROWTH] - old[GROWTH]
    st.recompute_ongoing(p)
    st.emit(f"{NS}.event.sleeve", player=p, card=c.part_name[pid], target=s % DECK_SIZE + 1, parts=st.sleeve_parts(s))
    if not st.pending:
        finish_turn(st)


def discard_field(st: Position, p: int) -> None:
    st.discard[p].extend(st.field[p])
    st.field[p] = []
    st.fdecay[p] = 0
    st.fgrowth[p] = 0
    st.bonus_mana[p] = 0
    st.bonus_wild[p] = 0
    restock(st, p)


def refill(st: Position) -> None:
    """Fill empty display slots; empty level-1 slots draw from the level-2 deck once L1 is out."""
    names: list[dict[str, str]] = []
    for lv in range(3):
        disp = st.adv_disp[lv]
        for i in range(3):
            if disp[i] < 0:
                src = st.adv_deck[lv]
                if not src and lv == 0:
                    src = st.adv_deck[1]
                if src:
                    disp[i] = src.pop()
                    names.append(st.cards.part_name[disp[i]])
    for lv in range(2):
        disp = st.vale_disp[lv]
        src = st.vale_deck[lv]
        for i in range(4):
            if disp[i] < 0 and src:
                disp[i] = src.pop()
                names.append(st.cards.vale_name[disp[i]])
    if names:
        st.emit(f"{NS}.event.refill", cards=names)


def finish_turn(st: Position) -> None:
    """Discard, refill, prep; then the end check and the next turn (skipping spoiled ones)."""
    n = st.num_players
    while True:
        p = st.turn_player
        discard_field(st, p)
        refill(st)
        prep(st, p)
        st.turns_taken += 1
        if st.pool <= 0 and not st.end_triggered:
            st.end_triggered = True
            st.emit(f"{NS}.event.last_round", player=p)
        if p == (st.first_player - 1) % n and (
            st.end_triggered or st.turns_taken >= MAX_ROUNDS * n or st.decisions >= DECISION_CAP
        ):
            st.phase = OVER_PHASE
            pts = [points(st, q) for q in range(n)]
            standings = i18n.joined(f"{NS}.standing", ({"player": q, "vp": v} for q, v in enumerate(pts)))
            st.emit(f"{NS}.event.game_over", points=pts, standings=standings)
            return
        q = st.turn_player = (p + 1) % n
        if st.skip_next[q]:
            st.skip_next[q] = False
            st.emit(f"{NS}.event.skip", player=q)
            continue
        st.phase = PLANT_PHASE
        st.todo = []
        st.pending = []
        st.vp_due = 0
        return


def apply(st: Position, action: Action) -> None:
    """Count the decision and hand it to its kind's handler."""
    st.decisions += 1
    APPLY[action.kind](st, action.args)


APPLY: dict[str, Callable[[Position, tuple[Any, ...]], None]] = {
    "push": do_push,
    "pass": do_pass,
    "use": do_use,
    "collect": do_collect,
    "token": do_token,
    "buy": do_buy,
    "soil": do_soil,
    "vale": do_vale,
    "end": do_end,
    "give": do_give,
    "take": do_take,
    "sleeve": do_sleeve,
}

