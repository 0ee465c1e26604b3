"""The declared action-id layout of each game: its action kinds in a fixed order, each with
the domain of every argument.

Append only: a new kind goes at the end of its game's list and a table only grows, so an id
trained today means the same action tomorrow. docs/rl.md prints these tables.
"""

from __future__ import annotations

from .domains import Domain, Ints, Union, Words
from .tables import BELLUM_MAGICA_CARDS, MONSLAUGHT_CARDS

Kind = tuple[str, tuple[Domain, ...]]

UID = 128
"""Capacity for a card instance number (the game numbers its physical cards from 0)."""

_uid = Ints(0, UID - 1, "card instance")
_none: tuple[Domain, ...] = ()


def _plain(*kinds: str) -> list[Kind]:
    return [(k, _none) for k in kinds]


_SLEEVE_IDS = 128
MYSTIC_VALE: list[Kind] = [
    *_plain("push", "pass", "collect", "token", "end"),
    ("buy", (Ints(1, 3, "level"), Ints(0, 2, "display slot"))),
    ("soil", (Ints(0, 2, "position"),)),  # Fertile Soil: top, middle, bottom
    ("vale", (Ints(1, 2, "level"), Ints(0, 3, "display slot"))),
    ("give", (Ints(0, 3, "spirit kind"),)),  # the German 3-for-1 trade option
    ("take", (Ints(0, 2, "spirit kind"),)),
    # ability source: sleeve * 4 + slot (slot 3 = banner), or 10000 + vale card number
    ("use", (Union((Ints(0, 4 * _SLEEVE_IDS - 1), Ints(10000, 10063)), "ability source"),)),
    ("sleeve", (Ints(0, 7, "pending advancement"), Ints(0, _SLEEVE_IDS - 1, "sleeve"))),
]

_group = Ints(0, 7, "group")  # a group's index in its owner's line-up
_seat6 = Ints(0, 5, "seat")
MAGIC_MASTER: list[Kind] = [
    *_plain("accept", "decline", "end_regroup", "no_cleric", "no_response", "no_support", "pass_attack"),
    *[(k, (_uid,)) for k in ("choose_heir", "cleric", "drop", "outer", "respond", "scrap", "steal", "take", "undead")],
    ("play", (_uid, _group)),
    ("move", (_uid, _group)),
    ("give", (_uid, _group)),
    ("support", (_uid, Ints(-1, 7, "caster group (-1: none)"))),
    ("aim", (Ints(-1, UID - 1, "entry"),)),
    ("caster", (_group,)),
    ("romancer", (_group,)),
    ("declare", (Ints(1, 6, "number"),)),  # called before the die
    ("ally", (_seat6, _group)),
    ("attack", (_group, _seat6, _group)),  # own group, target seat, target group
    ("card_attack", (_uid, _seat6, _group)),
]

NAMELESS_DARK_LORD: list[Kind] = [
    *_plain("acquire", "decline", "pass", "skip", "sleeve_done", "vp"),
    ("pay", (Ints(0, 7, "payment"),)),
    ("curse", (Ints(0, 3, "seat"),)),
    ("place", (_uid, Ints(0, 7, "area"))),
    ("sleeve", (_uid,)),
    ("take", (_uid,)),
    ("target", (_uid,)),
]

_mon_card = Words(MONSLAUGHT_CARDS, 64, "card id", cards=True)
_land = Ints(0, UID - 1, "land instance")
_stack = Words(("farm", "mountain"), 2, "stack")
MONSLAUGHT: list[Kind] = [
    *_plain("confirm", "declare", "effect_done", "end_refill", "end_scout", "end_summon", "end_upkeep", "pay_credit"),
    *[(k, (_mon_card,)) for k in ("pick", "summon", "pay_hand", "scout_card", "take", "recover", "take_field", "penalty_bury")],
    *[(k, (_uid,)) for k in ("use", "use_oneshot", "pay_play", "add", "send", "target", "release", "penalty_card")],
    *[(k, (_land,)) for k in ("pay_land", "flip", "penalty_land")],
    ("maintain", (_uid, Ints(-1, UID - 1, "land instance (-1: none)"))),  # the monster, where it sits
    ("scout_land", (_stack,)),
    ("take_land", (_stack,)),
]

_bm_card = Words(BELLUM_MAGICA_CARDS, 128, "card id", cards=True)
_side = Words(("L", "R"), 2, "side")
BELLUM_MAGICA: list[Kind] = [
    *_plain("pass_roll", "buy_round", "confusion", "no_attack", "stop_stealing", "done_recruiting"),
    ("pick_castle", (_bm_card,)),
    ("place_goblin", (_bm_card, _side)),
    ("attack_location", (_bm_card,)),
    ("attack_castle", (Ints(0, 4, "seat"),)),
    ("steal", (Words(("wood", "metal", "gold"), 3, "chest"),)),
    ("recruit", (Words(("evil", "most_evil"), 2, "deck"), Ints(0, 1, "face-up slot"))),
    ("pay", (Words(("glyph_food", "glyphs"), 2, "payment"),)),
    ("place_creature", (_side,)),
]

LAYOUTS: dict[str, list[Kind]] = {
    "mystic_vale": MYSTIC_VALE,
    "nameless_dark_lord": NAMELESS_DARK_LORD,
    "monslaught": MONSLAUGHT,
    "bellum_magica": BELLUM_MAGICA,
    "magic_master": MAGIC_MASTER,
}
