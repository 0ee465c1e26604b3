"""How an action reads to people: card names with the copy number the board shows, lands, costs
(the state's `describe_action`); never anything hidden from the actor's rivals."""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, i18n

from .legal import unpayable
from .model import Phase, Position
from .observe import copy_numbers

CARD_ARG = {"pick", "summon", "pay_hand", "scout_card", "take", "recover", "take_field", "penalty_bury"}
UID_ARG = {"use", "use_oneshot", "pay_play", "add", "send", "target", "release", "penalty_card"}
LAND_ARG = {"pay_land", "flip", "penalty_land"}
STACK_ARG = {"scout_land", "take_land"}


def describe(st: Position, action: Action, locale: str) -> str:
    """A person's description naming cards (never anything hidden from the actor's rivals)."""
    kind, args = action.kind, action.args
    params: dict[str, Any] = {}
    if kind in CARD_ARG:
        params["card"] = st.name(str(args[0]))
    elif kind in UID_ARG:
        params["card"] = _uid_name(st, int(args[0]))
    elif kind in LAND_ARG:
        params["land"] = _uid_name(st, int(args[0]))
    elif kind in STACK_ARG:
        params["land"] = st.name(str(args[0]))
    elif kind == "maintain":
        params["card"] = _uid_name(st, int(args[0]))
        land = int(args[1])
        if land >= 0:
            name = _uid_name(st, land)
            params["on"] = {"en": f" on {name['en']}", "ja": f"（{name['ja']}の上）"}
        else:
            params["on"] = ""
    if kind == "summon":
        params["cost"] = st.db.cards[str(args[0])].cost
    elif kind == "scout_card":
        params["cost"] = st.db.cards[str(args[0])].scout
    elif kind == "scout_land":
        params["cost"] = st.db.lands[str(args[0])].scout
    elif kind == "flip":
        params["cost"] = st.db.lands[st.ids[int(args[0])]].flip_at
    return i18n.render(f"monslaught.action.{kind}", locale, params, fallback=action.notation())


def upkeep_notes(st: Position, locale: str) -> list[str]:
    """Why a monster in play has no "maintain" in the upkeep: its upkeep is more than can be paid."""
    if st.phase is not Phase.UPKEEP or st.active is None:
        return []
    return [i18n.render("monslaught.note.unpayable", locale, {"card": _uid_name(st, u), "cost": cost, "most": most})
            for u, cost, most in unpayable(st, st.seats[st.active])]


def _uid_name(st: Position, uid: int) -> dict[str, str]:
    """The card's name with its copy number in the actor's play area or lands, as the board shows it."""
    name = st.uname(uid)
    seat = st.seats[st.active]
    zone = seat.lands if uid in seat.lands else seat.play
    copy = copy_numbers([st.ids[u] + ("_back" if u in st.flipped else "") for u in zone])[zone.index(uid)] \
        if uid in zone else 0
    return {loc: name.get(loc, name["en"]) + (f" {copy}" if copy else "") for loc in ("en", "ja")}
