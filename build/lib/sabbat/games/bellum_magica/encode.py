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
    face_at = {deck: (at(f"creatures.{deck}.display[*].id"), words(f"creatures.{deck}.display[*].bonus"),
                      at(f"creatures.{deck}.display[*].left[*]"), at(f"creatures.{deck}.display[*].right[*]"))
               for deck in DECKS}
    face_at["recruit"] = (top["recruit.card.id"], words("recruit.card.bonus"), top["recruit.card.left[*]"],
                          top["recruit.card.right[*]"])

    faces_kept: dict[tuple[int, str, str], tuple[Any, list[tuple[int, int]]]] = {}

    def creature_face(creatures: Any, cid: str, place: str) -> list[tuple[int, int]]:
        """(position, value) of a creature card shown at `place` (a display, the recruit): its
        id, bonuses and strips added row by row — printed, so kept per card."""
        key = (id(creatures), cid, place)
        found = faces_kept.get(key)
        if found is None or found[0] is not creatures:
            c = creatures[cid]
            ids, bonus, left, right = face_at[place]
            pairs = [(ids + id_w.get(cid, id_o), 1)]
            pairs += [(bonus[0].get(b, bonus[1]), 1) for b in c.bonus if type(b) is str]
            for base, strip in ((left, c.left), (right, c.right)):
                pairs += [(base + i, v) for i in range(3) if (v := sum(r[i] for r in strip if i < len(r)))]
            found = faces_kept[key] = (creatures, pairs)
        return found[1]

    def location_face(locations: Any, lid: str) -> list[tuple[int, int]]:
        """(position, value) of a location in the kingdom's display (printed: kept per card)."""
        key = (id(locations), lid, "")
        found = faces_kept.get(key)
        if found is None or found[0] is not locations:
            loc = locations[lid]
            pairs = [(top["kingdom.display[*].id"] + id_w.get(lid, id_o), 1)]
            if type(loc.kind) is str:
                w, o = vocab["kingdom.display[*].kind"]
                pairs.append((w.get(loc.kind, o), 1))
            pairs += [(top[f], v) for f, v in (("kingdom.display[*].shields", loc.shields),
                                               ("kingdom.display[*].magic_shields", loc.magic_shields)) if v]
            pairs += [(top[f"kingdom.display[*].loot.{name}"], v) for name, v in zip(LOOT, loc.loot, strict=True) if v]
            found = faces_kept[key] = (locations, pairs)
        return found[1]

    built_kept: dict[tuple[Any, ...], tuple[Any, list[tuple[int, int]]]] = {}

    def built(s: Position, p: int, k: int) -> list[tuple[int, int]]:
        """(position, value) of what castle p, seen in slot k, holds: its board, the creatures
        tucked left and right and its rows added up — kept per board and creatures."""
        key = (id(s.cards), k, s.boards[p], tuple(s.left[p]), tuple(s.right[p]))
        found = built_kept.get(key)
        if found is None or found[0] is not s.cards:
            if len(built_kept) >= ROWS_KEPT:
                built_kept.clear()
            found = built_kept[key] = (s.cards, _built(s, p, castle[k], id_w, id_o))
        return found[1]

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
            p = (viewer + k) % n
            for j, v in built(s, p, k):
                d[j] = get(j, 0) + v
            for at_j, v in _held(s, p, castle[k]):
                if v and at_j is not None:
                    d[at_j] = get(at_j, 0) + v
        for deck, shown in s.cdisplay.items():
            if deck not in creature:
                continue
            add(creature[deck]["deck_size"], len(s.cdeck[deck]))
            for cid in shown:
                if cid:
                    for j, v in creature_face(cards.creatures, cid, deck):
                        d[j] = get(j, 0) + v
        for j, count in deck_kinds(s):
            d[j] = count
        add(top["kingdom.deck_size"], len(s.deck))
        for lid in s.discard:
            card(top["kingdom.discard"], lid)
        add(top["kingdom.display"], len(s.display))
        for lid in s.display:
            for j, v in location_face(cards.locations, lid):
                d[j] = get(j, 0) + v
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
                for j, v in creature_face(cards.creatures, cid, "recruit"):
                    d[j] = get(j, 0) + v
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


def _built(s: Position, p: int, at: dict[str, int | None], id_w: dict[str, int], id_o: int) -> list[tuple[int, int]]:
    """(position, value) of castle p's board, tucked creatures and rows, as `hidden._castle`
    shows them (the part that changes only when a creature is tucked)."""
    board = s.boards[p]
    b = s.cards.boards[board] if board else None
    found: Found = {}

    def add(field: str, offset: int, value: int) -> None:
        j = at[field]
        if j is not None and value:
            found[j + offset] = found.get(j + offset, 0) + value

    if type(board) is str:
        add("board", id_w.get(board, id_o), 1)
    for field, ids in (("left", s.left[p]), ("right", s.right[p])):
        add(field, 0, len(ids))
        for c in ids:
            if type(c) is str:
                add(f"{field}[*].id", id_w.get(c, id_o), 1)
    if b is not None:
        add("printed_shields", 0, b.shields)
        add("rows[*].row", 0, ROW_SUM)
        for field, row_of in (("rows[*].left", s.production), ("rows[*].right", s.attack)):
            for r in range(1, 7):
                for i, v in enumerate(list(row_of(p, r))[:3]):
                    add(field, i, v)
    return [(j, int(v)) for j, v in found.items()]


def _held(s: Position, p: int, at: dict[str, int | None]) -> list[tuple[int | None, Any]]:
    """(position, value) of what changes turn by turn in castle p: tokens, goods, chests, goblins."""
    counts = s.chest_counts(p)
    pairs: list[tuple[int | None, Any]] = [
        (at["seat"], p), (at["shield_tokens"], s.shields[p]), (at["magic_shield_tokens"], s.mshields[p]),
        (at["food"], s.food[p]), (at["glyph"], s.glyph[p]), (at["barrels"], s.barrels[p]),
        (at["confusion_up"], s.conf_up[p]), (at["confusion_down"], s.conf_down[p]), (at["chests"], len(s.chests[p])),
        (at["goblins_to_place"], len(s.hand[p])), (at["goblins_placed_hidden"], len(s.placed[p]))]
    j = at["chest_counts"]
    if j is not None:
        pairs += [(j, counts[0]), (j + 1, counts[1]), (j + 2, counts[2])]
    j = at["defence"]
    if j is not None and s.boards[p]:
        shields, magic = s.defence(p)
        pairs += [(j, shields), (j + 1, magic)]
    return pairs


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
