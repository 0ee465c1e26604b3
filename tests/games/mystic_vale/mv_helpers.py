"""Hand-built Mystic Vale positions for rule tests (fixture notation).

Fixture letters: B blank, C Cursed Land (top), F starting Fertile Soil (top), G 1 growth,
D2 2 decay, V1 1 harvest VP, S1x2 two earth spirit, W one wild spirit, M5 5 mana and no empty
position, P play "+1 mana", O ongoing "+1 mana in harvest", X Cursed Land in top only.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import yaml

from sabbat.core import Action
from sabbat.games.mystic_vale import GAME
from sabbat.games.mystic_vale.cards import DECK_SIZE, DEFAULT_PATH
from sabbat.games.mystic_vale.constants import Phase
from sabbat.games.mystic_vale.state import MysticValeState
from sabbat.games.mystic_vale.turn import begin_harvest

ALL = {"top": 1, "middle": 1, "bottom": 1}
PROV = {"default": "reconstructed"}


def _fx(ident: str, **kw: Any) -> dict[str, Any]:
    entry = {"id": ident, "name": {"en": ident, "ja": ident}, "level": 1, "cost": 1, "count": 3,
             "positions": ALL, "supply": "none", "provenance": PROV}
    entry.update(kw)
    return entry


def _fixture_file() -> Path:
    data = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    data["advancements"] += [
        _fx("fx_growth", growth=1), _fx("fx_decay2", decay=2), _fx("fx_vp1", harvest_vp=1),
        _fx("fx_s1x2", s1=2), _fx("fx_wild", wild=1), _fx("fx_mana5", mana=5), _fx("fx_filler"),
        _fx("fx_play_mana", ability={"timing": "play", "effect": "gain_mana", "amount": 1}),
        _fx("fx_ongoing_mana", ability={"timing": "ongoing", "effect": "harvest_mana", "amount": 1}),
        _fx("fx_banner_mana", ability={"timing": "ongoing", "effect": "harvest_mana", "amount": 1, "banner": True}),
        _fx("fx_level3", level=3, endgame_vp=2),
        _fx("fx_play_wild", ability={"timing": "play", "effect": "gain_wild", "amount": 1}),
        _fx("fx_banner_vp", ability={"timing": "harvest", "effect": "gain_vp", "amount": 1, "banner": True}),
        _fx("fx_banner_wild", ability={"timing": "ongoing", "effect": "harvest_wild", "amount": 1, "banner": True}),
    ]
    data["vale_cards"] += [
        {"id": "fx_vale_mana", "name": {"en": "fxv", "ja": "fxv"}, "level": 1, "cost": {"s1": 1},
         "endgame_vp": 1, "ability": {"timing": "harvest", "effect": "gain_mana", "amount": 1}, "provenance": PROV},
    ]
    path = Path(tempfile.mkdtemp(prefix="mv_fixture_")) / "cards.yaml"  # per process, never shared
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


FIXTURE = _fixture_file()

SPECS: dict[str, list[tuple[str, str]]] = {
    "B": [],
    "C": [("cursed_land", "top")],
    "X": [("cursed_land", "top")],
    "F": [("fertile_soil_start", "top")],
    "G": [("fx_growth", "top")],
    "D2": [("fx_decay2", "top")],
    "V1": [("fx_vp1", "top")],
    "S1x2": [("fx_s1x2", "top")],
    "W": [("fx_wild", "top")],
    "M5": [("fx_mana5", "top"), ("fx_filler", "middle"), ("fx_filler", "bottom")],
    "P": [("fx_play_mana", "top")],
    "O": [("fx_ongoing_mana", "top")],
}


def new(n: int = 2, seed: int = 0) -> MysticValeState:
    st = GAME.new(n, seed, {"cards": str(FIXTURE)})
    assert isinstance(st, MysticValeState)
    return st


def part(st: MysticValeState, card: str, pos: str) -> int:
    return st.cards.part(card, pos)


def build(st: MysticValeState, s: int, parts: list[tuple[str, str]]) -> int:
    """Rewrite sleeve `s` to hold exactly `parts` (sleeved in this order)."""
    c = st.cards
    for k in range(3):
        st.slots[3 * s + k] = -1
    st.banner[s] = -1
    st.has_ability[s] = False
    for card, pos in parts:
        pid = c.part(card, pos)
        st.slots[3 * s + c.part_pos[pid]] = pid
        ab = c.part_ability[pid]
        if ab is not None:
            st.has_ability[s] = True
            if ab[3]:
                st.banner[s] = pid
    st.recompute_sleeve(s)
    return s


def arrange(st: MysticValeState, p: int, field: list[str] = (), on_deck: str | None = None,  # type: ignore[assignment]
            deck: list[str] = (), discard: list[str] = (), rest: str = "B") -> dict[str, list[int]]:  # type: ignore[assignment]
    """Give player p exactly these zones (deck top-first); unused sleeves become `rest` cards in no zone."""
    ids = iter(range(p * DECK_SIZE, (p + 1) * DECK_SIZE))
    out: dict[str, list[int]] = {}

    def make(specs: list[str]) -> list[int]:
        return [build(st, next(ids), SPECS[x]) for x in specs]

    out["field"] = make(list(field))
    out["on_deck"] = make([on_deck] if on_deck else [])
    out["deck"] = make(list(deck))
    out["discard"] = make(list(discard))
    for s in ids:
        build(st, s, SPECS[rest])
    st.field[p] = list(out["field"])
    st.on_deck[p] = out["on_deck"][0] if out["on_deck"] else -1
    st.deck[p] = list(reversed(out["deck"]))
    st.discard[p] = list(out["discard"])
    st.fdecay[p] = sum(st.cstats[s][5] for s in st.field[p])
    st.fgrowth[p] = sum(st.cstats[s][6] for s in st.field[p])
    st.recompute_ongoing(p)
    st._legal = None
    return out


def at_plant(st: MysticValeState, p: int = 0) -> None:
    st.turn_player = p
    st.phase = Phase.PLANT
    st._legal = None


def at_harvest(st: MysticValeState, p: int = 0) -> None:
    st.turn_player = p
    begin_harvest(st)
    st._legal = None


def kinds(st: MysticValeState) -> set[str]:
    return {a.kind for a in st.legal_actions()}


def act(st: MysticValeState, kind: str, *args: int) -> None:
    st.apply(Action(kind, tuple(args)))


def put_display(st: MysticValeState, level: int, slot: int, card: str, pos: str) -> None:
    st.adv_disp[level - 1][slot] = st.cards.part(card, pos)
    st._legal = None


def put_vale(st: MysticValeState, level: int, slot: int, vale_id: str) -> int:
    vid = st.cards.vale_entry.index(vale_id)
    st.vale_disp[level - 1][slot] = vid
    st._legal = None
    return vid
