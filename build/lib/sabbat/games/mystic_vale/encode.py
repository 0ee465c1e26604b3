"""The RL observation vector written straight from the state (sabbat.rl's direct path).

It adds exactly the numbers `sabbat.rl` reads out of `views.observe(st, viewer)` through the
frozen layout, from the same fields, without building the dict: a test compares both on random
states. Every seat's card slots (and banners) go out as one list, seat after seat, as the
layout places them side by side.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import DECK_SIZE

Found = dict[int, float]
Encode = Callable[[Any, int, Found, list[tuple[int, list[Any]]]], None]
SEATS = 4
SEAT_NUMS = ("deck", "deck_size", "discard", "effective_decay", "field", "on_deck", "skip_next", "spent_vale",
             "token_active", "vale", "vp")
SHORT = ("commons.adv_deck", "commons.adv_display[*]", "commons.soil", "commons.vale_deck",
         "commons.vale_display[*]", "turn.spirit")


def encoder(layout: Any) -> Encode:
    """The direct encoder for `layout` (sabbat.rl's `Positions`: where each named slice lies)."""
    at, words = layout.at, layout.words
    seat_num = [{f: at(f"players@{k}.{f}") for f in SEAT_NUMS} for k in range(SEATS)]
    slots, banners = at("players@0.slots"), at("players@0.banners")
    if [at(f"players@{k}.slots") for k in range(SEATS)] != [slots + 3 * DECK_SIZE * k for k in range(SEATS)] or [
        at(f"players@{k}.banners") for k in range(SEATS)
    ] != [banners + DECK_SIZE * k for k in range(SEATS)]:
        raise ValueError("mystic_vale: the seats' slots and banners must lie side by side")
    phase_w, phase_o = words("phase")
    short = {f: at(f) for f in SHORT}
    top = {f: at(f) for f in ("active", "commons.box", "end_triggered", "first_player", "pool", "round",
                              "turn.adv_bought", "turn.mana", "turn.pending", "turn.todo", "turn.vale_bought",
                              "turn.vp_due", "viewer")}

    def encode(st: Any, viewer: int, d: Found, blocks: list[tuple[int, list[Any]]]) -> None:
        get = d.get
        n = st.num_players
        for f, v in (("active", st.current_player), ("commons.box", len(st.box)), ("end_triggered", st.end_triggered),
                     ("first_player", st.first_player), ("pool", st.pool), ("round", st.turns_taken // n + 1),
                     ("turn.adv_bought", st.adv_bought), ("turn.mana", st.mana), ("turn.pending", len(st.pending)),
                     ("turn.todo", len(st.todo)), ("turn.vale_bought", st.vale_bought), ("turn.vp_due", st.vp_due),
                     ("viewer", viewer)):
            if v and type(v) is not str:
                d[top[f]] = v
        d[phase_w.get(st.phase.name.lower(), phase_o)] = 1
        for f, lists in (("commons.adv_deck", [[len(x) for x in st.adv_deck]]), ("commons.adv_display[*]", st.adv_disp),
                         ("commons.soil", [st.soil]), ("commons.vale_deck", [[len(x) for x in st.vale_deck]]),
                         ("commons.vale_display[*]", st.vale_disp), ("turn.spirit", [st.spirit])):
            base = short[f]
            for values in lists:
                for j, y in enumerate(values[: SHORT_SIZES[f]], base):
                    if y:
                        d[j] = get(j, 0) + y
        seats = [(viewer + k) % n for k in range(min(n, SEATS))]
        cut = 3 * DECK_SIZE * viewer  # the viewer's seat first, then the next ones: a rotation of the lists
        blocks.append((slots, st.slots[cut: 3 * DECK_SIZE * n] + st.slots[:cut]))
        cut = DECK_SIZE * viewer
        blocks.append((banners, st.banner[cut: DECK_SIZE * n] + st.banner[:cut]))
        spent = st.spent
        for k, q in enumerate(seats):
            at_k = seat_num[k]
            vale = st.vale[q]
            for f, v in (("deck", len(st.deck[q])), ("deck_size", len(st.deck[q])), ("discard", len(st.discard[q])),
                         ("effective_decay", st.effective_decay(q)), ("field", len(st.field[q])),
                         ("on_deck", st.on_deck[q]), ("skip_next", st.skip_next[q]),
                         ("spent_vale", sum(1 for v in spent if v in vale)), ("token_active", st.token[q]),
                         ("vale", len(vale)), ("vp", st.vp[q])):
                if v:
                    d[at_k[f]] = v

    return encode


SHORT_SIZES = {"commons.adv_deck": 3, "commons.adv_display[*]": 3, "commons.soil": 3, "commons.vale_deck": 2,
               "commons.vale_display[*]": 4, "turn.spirit": 4}
"""How many numbers of each short list the layout keeps (its `vec` size)."""
