"""The RL observation vector written straight from the position (sabbat.rl's direct path).

It adds exactly the numbers `sabbat.rl` reads out of `hidden.observation(s, viewer)` through
the frozen layout, from the same fields, without building the dict: a test compares both on
random positions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .model import Position
from .rules import CHEST_NAMES, Phase
from .scoring import scores, winners

Found = dict[int, float]
Encode = Callable[[Position, int, Found, list[tuple[int, list[Any]]]], None]
SEATS = 5
DECKS = ("evil", "most_evil")
CASTLE_NUMS = ("barrels", "chests", "confusion_down", "confusion_up", "food", "glyph", "goblins_placed_hidden",
               "goblins_to_place", "left", "magic_shield_tokens", "printed_shields", "right", "rows[*].row", "seat",
               "shield_tokens", "chest_counts", "defence", "rows[*].left", "rows[*].right")
CASTLE_CARDS = ("board", "left[*].id", "right[*].id")
FINAL = ("chest_counts", "chests", "scores", "totals")
ROWED = (Phase.ATTACK, Phase.STEAL, Phase.RECRUIT, Phase.PAY, Phase.PLACE)
LOOT = ("food", "glyph", "barrel", "wood", "metal", "gold")
ROWS_KEPT = 50_000
"""Castles' row totals and decks' type counts kept before the caches start afresh."""
ROW_SUM = sum(range(1, 7))
"""The `row` numbers 1..6 of a castle's rows, added up."""


def encoder(layout: Any) -> Encode:
    """The direct encoder for `layout` (sabbat.rl's `Positions`: where each named slice lies)."""
    at, words, find = layout.at, layout.words, layout.find
    castle = [{f: find(f"castles@{k}.{f}") for f in CASTLE_NUMS + CASTLE_CARDS} for k in range(SEATS)]
    final = [{f: find(f"final.{f}@{k}") for f in FINAL} | {"type": find(f"final.chests@{k}[*].type"),
                                                          "value": find(f"final.chests@{k}[*].value")}
             for k in range(SEATS)]
    final_type = [words(f"final.chests@{k}[*].type") if final[k]["type"] is not None else ({}, -1)
                  for k in range(SEATS)]
    id_slices = [f"castles@{k}.{f}" for k in range(SEATS) for f in CASTLE_CARDS if castle[k][f] is not None]
    id_slices += [f"creatures.{deck}.display[*].id" for deck in DECKS]
    id_slices += ["goblin_hand[*].id", "goblins_pending[*].id", "kingdom.discard", "kingdom.display[*].id",
                  "recruit.card.id"]
    id_w, id_o = layout.vocabulary(id_slices)
    creature = {deck: {f: at(f"creatures.{deck}.{f}") for f in ("deck_size", "display[*].id", "display[*].left[*]",
                                                                 "display[*].right[*]")} for deck in DECKS}
    bonus_w = {deck: words(f"creatures.{deck}.display[*].bonus") for deck in DECKS}
    vocab = {f: words(f) for f in ("phase", "goblins_pending[*].side", "kingdom.display[*].kind", "known_chests[*].type",
                                    "my_chests[*].type", "recruit.card.bonus", "recruit.deck", "steal.picks")}
    top = {f: at(f) for f in (
        "active_row", "captain", "chest_stacks", "current_player", "day", "die", "final.timed_out", "final.winners",
        "goblin_hand", "goblin_hand[*].id", "goblins_pending", "goblins_pending[*].id", "kingdom.deck_size",
        "kingdom.discard", "kingdom.display", "kingdom.display[*].id", "kingdom.display[*].magic_shields",
        "kingdom.display[*].shields", "known_chests", "known_chests[*].holder", "known_chests[*].value", "my_chests",
        "my_chests[*].value", "players", "recruit.card.id", "recruit.card.left[*]", "recruit.card.right[*]",
        "recruit.slot", "steal.max", "steal.victim", "viewer",
        *(f"kingdom.deck_kinds.{k}" for k in ("farm", "town", "village")),
        *(f"kingdom.display[*].loot.{k}" for k in LOOT))}

    strips: dict[int, tuple[Any, list[int], list[int]]] = {}

    def summed(c: Any) -> tuple[Any, list[int], list[int]]:
        """A creature card's left and right strips added row by row (printed: kept per card)."""
        found = strips.get(id(c))
        if found is None or found[0] is not c:
            found = strips[id(c)] = (c, [sum(r[i] for r in c.left if i < len(r)) for i in range(3)],
                                     [sum(r[i] for r in c.right if i < len(r)) for i in range(3)])
        return found

    rows_kept: dict[tuple[Any, ...], tuple[Any, list[int], list[int]]] = {}

    def rows(s: Position, p: int) -> tuple[Any, list[int], list[int]]:
        """A castle's production and attack rows added up, kept per board and tucked cards."""
        key = (id(s.cards), s.boards[p], tuple(s.left[p]), tuple(s.right[p]))
        found = rows_kept.get(key)
        if found is None or found[0] is not s.cards:
            if len(rows_kept) >= ROWS_KEPT:
                rows_kept.clear()
            left, right = ([sum(row_of(p, r)[i] for r in range(1, 7)) for i in range(3)]
                           for row_of in (s.production, s.attack))
            found = rows_kept[key] = (s.cards, left, right)
        return found

    kinds_kept: dict[tuple[Any, ...], tuple[Any, list[tuple[int, int]]]] = {}

    def deck_kinds(s: Position) -> list[tuple[int, int]]:
        """(position, count) of each location type left in the human deck, kept per deck."""
        key = (id(s.cards), *s.deck)
        found = kinds_kept.get(key)
        if found is None or found[0] is not s.cards:
            if len(kinds_kept) >= ROWS_KEPT:
                kinds_kept.clear()
            kinds = {"farm": 0, "village": 0, "town": 0}
            for lid in s.deck:
                kinds[s.cards.locations[lid].kind] += 1
            found = kinds_kept[key] = (s.cards, [(top[f"kingdom.deck_kinds.{k}"], v) for k, v in kinds.items() if v])
        return found[1]

    def encode(s: Position, viewer: int, d: Found, blocks: list[tuple[int, list[Any]]]) -> None:
        get = d.get

        def add(j: int, v: float) -> None:
            if v:
                d[j] = get(j, 0) + v

        def one(word: Any, table: tuple[dict[str, int], int]) -> None:
            if type(word) is str:
                j = table[0].get(word, table[1])
                d[j] = get(j, 0) + 1

        def numbers(j: int, values: Any, size: int) -> None:
            for i, v in enumerate(values[:size], j):
                if v:
                    d[i] = get(i, 0) + v

        def card(base: int, ident: Any) -> None:
            if type(ident) is str:
                j = base + id_w.get(ident, id_o)
                d[j] = get(j, 0) + 1

        cards = s.cards
        n = s.num_players
        phase = s.phase
        if phase in ROWED:
            add(top["active_row"], s.die)
        for f, v in (("captain", s.captain), ("current_player", s.current_player), ("day", s.day), ("die", s.die),
                     ("players", n), ("viewer", viewer)):
            if v:
                d[top[f]] = v
        numbers(top["chest_stacks"], [len(x) for x in s.stacks], 3)
        for k in range(min(n, SEATS)):
            _castle(s, (viewer + k) % n, castle[k], add, numbers, card, rows)
        for deck, shown in s.cdisplay.items():
            if deck not in creature:
                continue
            at_deck = creature[deck]
            add(at_deck["deck_size"], len(s.cdeck[deck]))
            for cid in shown:
                if cid:
                    card(at_deck["display[*].id"], cid)
                    for b in cards.creatures[cid].bonus:
                        one(b, bonus_w[deck])
                    _, left, right = summed(cards.creatures[cid])
                    numbers(at_deck["display[*].left[*]"], left, 3)
                    numbers(at_deck["display[*].right[*]"], right, 3)
        for j, count in deck_kinds(s):
            d[j] = count
        add(top["kingdom.deck_size"], len(s.deck))
        for lid in s.discard:
            card(top["kingdom.discard"], lid)
        add(top["kingdom.display"], len(s.display))
        for lid in s.display:
            loc = cards.locations[lid]
            card(top["kingdom.display[*].id"], lid)
            one(loc.kind, vocab["kingdom.display[*].kind"])
            add(top["kingdom.display[*].shields"], loc.shields)
            add(top["kingdom.display[*].magic_shields"], loc.magic_shields)
            for name, v in zip(LOOT, loc.loot, strict=True):
                add(top[f"kingdom.display[*].loot.{name}"], v)
        d[vocab["phase"][0].get(phase.value, vocab["phase"][1])] = 1
        if phase is Phase.STEAL:
            add(top["steal.victim"], s.steal_victim)
            add(top["steal.max"], s.steal_k)
            for t in s.steal_picks:
                one(CHEST_NAMES[t], vocab["steal.picks"])
        if phase is Phase.PAY or phase is Phase.PLACE:
            one(s.pick_deck, vocab["recruit.deck"])
            add(top["recruit.slot"], s.pick_slot)
            cid = s.cdisplay[s.pick_deck][s.pick_slot]
            if cid:
                card(top["recruit.card.id"], cid)
                for b in cards.creatures[cid].bonus:
                    one(b, vocab["recruit.card.bonus"])
                _, left, right = summed(cards.creatures[cid])
                numbers(top["recruit.card.left[*]"], left, 3)
                numbers(top["recruit.card.right[*]"], right, 3)
        ctype, cval = cards.chest_type, cards.chest_value
        add(top["my_chests"], len(s.chests[viewer]))
        for c in s.chests[viewer]:
            one(CHEST_NAMES[ctype[c]], vocab["my_chests[*].type"])
            add(top["my_chests[*].value"], cval[c])
        bit = 1 << viewer
        for q in range(n):
            if q != viewer:
                for c in s.chests[q]:
                    if s.seen[c] & bit:
                        add(top["known_chests"], 1)
                        add(top["known_chests[*].holder"], q)
                        one(CHEST_NAMES[ctype[c]], vocab["known_chests[*].type"])
                        add(top["known_chests[*].value"], cval[c])
        add(top["goblin_hand"], len(s.hand[viewer]))
        for g in s.hand[viewer]:
            card(top["goblin_hand[*].id"], g)
        add(top["goblins_pending"], len(s.placed[viewer]))
        for g, side in s.placed[viewer]:
            card(top["goblins_pending[*].id"], g)
            one(side, vocab["goblins_pending[*].side"])
        if phase is Phase.OVER:
            _final(s, viewer, final, final_type, add, one)
            add(top["final.winners"], len(winners(s)))
            add(top["final.timed_out"], s.timed_out)

    return encode


def _castle(s: Position, p: int, at: dict[str, int | None], add: Callable[[int, float], None],
            numbers: Callable[[int, Any, int], None], card: Callable[[int, Any], None],
            rows: Callable[[Position, int], tuple[Any, list[int], list[int]]]) -> None:
    """One castle's numbers, as `hidden._castle` shows them."""
    board = s.boards[p]
    b = s.cards.boards[board] if board else None
    values: list[tuple[str, Any]] = [
        ("seat", p), ("shield_tokens", s.shields[p]), ("magic_shield_tokens", s.mshields[p]), ("food", s.food[p]),
        ("glyph", s.glyph[p]), ("barrels", s.barrels[p]), ("confusion_up", s.conf_up[p]),
        ("confusion_down", s.conf_down[p]), ("chests", len(s.chests[p])), ("goblins_to_place", len(s.hand[p])),
        ("goblins_placed_hidden", len(s.placed[p])), ("left", len(s.left[p])), ("right", len(s.right[p])),
        ("printed_shields", b.shields if b else 0), ("rows[*].row", ROW_SUM if b is not None else 0)]
    for f, v in values:
        j = at[f]
        if j is not None:
            add(j, v)
    j = at["board"]
    if j is not None:
        card(j, board)
    for f, ids in (("left[*].id", s.left[p]), ("right[*].id", s.right[p])):
        j = at[f]
        if j is not None:
            for c in ids:
                card(j, c)
    j = at["chest_counts"]
    if j is not None:
        numbers(j, s.chest_counts(p), 3)
    j = at["defence"]
    if j is not None and b:
        numbers(j, s.defence(p), 2)
    if b is not None:
        for f, summed in zip(("rows[*].left", "rows[*].right"), rows(s, p)[1:], strict=True):
            j = at[f]
            if j is not None:
                numbers(j, summed, 3)


def _final(s: Position, viewer: int, final: list[dict[str, int | None]], types: list[tuple[dict[str, int], int]],
           add: Callable[[int, float], None], one: Callable[[Any, tuple[dict[str, int], int]], None]) -> None:
    """The final tally of every seat, as `hidden.observation` shows it once the game is over."""
    n = s.num_players
    ctype, cval = s.cards.chest_type, s.cards.chest_value
    points = scores(s)
    for k in range(min(n, SEATS)):
        p = (viewer + k) % n
        at = final[k]
        chests = s.chests[p]
        for f, v in (("chest_counts", len(chests)), ("chests", len(chests)), ("scores", points[p]),
                     ("totals", s.total_value(p))):
            j = at[f]
            if j is not None:
                add(j, v)
        for c in chests:
            if at["type"] is not None:
                one(CHEST_NAMES[ctype[c]], types[k])
            j = at["value"]
            if j is not None:
                add(j, cval[c])
