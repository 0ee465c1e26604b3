"""Card schema and loader for Monslaught in Walpurgis.

Three sections: `cards` (monsters and items of the initial, lower, middle and
upper decks), `lands` (Farm and Mountain with their Bonfire / Lightning backs)
and `bosses`. Effects are named handlers (see `effects.py`) with one integer
parameter, so a corrected card file can change values without code changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from sabbat.core.carddata import CardBounds, CardEntry, load_sections
from sabbat.core.errors import CardDataError
from sabbat.core.safeio import shown

BOUNDS = CardBounds(count=48, cards=400)
"""The most a card file may make: about four times the shipped file (12 of one card, 98 in all)."""
DEFAULT_FILE = Path(__file__).with_name("cards.yaml")


class Tier(StrEnum):
    INITIAL = "initial"
    LOWER = "lower"
    MIDDLE = "middle"
    UPPER = "upper"


ABILITIES = frozenset({"group_penalty", "item_bonus", "land_bonus", "pack", "boss_bonus", "land_count", "refill_limit"})
ACTIONS = frozenset({"pay_summon", "recover_monsters", "draw_discard", "boost", "take_field", "take_land",
                     "summon_credit", "refill_five", "scout_bonus"})
PENALTIES = frozenset({"none", "discard_play", "lose_land", "bury"})


class MonsterCard(CardEntry):
    """A monster or item: summon cost (= upkeep for monsters), attack, scout cost, points."""

    type: Literal["monster", "item"]
    tier: Tier
    cost: int
    attack: int = 0
    scout: int = 0
    vp: int = 0
    ability: str | None = None
    ability_value: int = 0
    action: str | None = None
    action_value: int = 0
    oneshot: str | None = None
    oneshot_value: int = 0
    text: dict[str, str] = {}


class LandCard(CardEntry):
    """A double-sided land: front (Farm/Mountain) and back (Bonfire/Lightning)."""

    back_name: dict[str, str]
    scout: int
    flip_at: int
    pay: int
    back_pay: int
    attack_bonus: int = 0
    back_attack_bonus: int = 0
    vp: int = 0
    back_vp: int = 0


class BossCard(CardEntry):
    """A witch boss: its number on the back (1-4), scout cost, points and penalty."""

    number: int
    scout: int
    vp: int = 10
    penalty: str = "none"
    penalty_value: int = 0
    text: dict[str, str] = {}


class CardDB:
    """The validated card set: lookups by id, in file order."""

    def __init__(self, cards: list[MonsterCard], lands: list[LandCard], bosses: list[BossCard], path: str) -> None:
        self.path = path
        self._catalog: dict[str, dict[str, Any]] | None = None
        self.cards = {c.id: c for c in cards}
        self.lands = {c.id: c for c in lands}
        self.bosses = {c.id: c for c in bosses}
        #: a bit per card or land a seat can take, for the `offered` masks of `summary()`
        self.offer_ids: tuple[str, ...] = (*self.cards, *self.lands)
        self.offer_bit = {cid: 1 << i for i, cid in enumerate(self.offer_ids)}
        for c in cards:
            for name, pool in ((c.ability, ABILITIES), (c.action, ACTIONS), (c.oneshot, ACTIONS)):
                if name is not None and name not in pool:
                    raise CardDataError(f"{path}: card {c.id} names an unknown effect {name!r}").tag(
                        "cards_effect", id=shown(c.id, 60), effect=shown(name, 60), known=sorted(pool))
        for b in bosses:
            if b.penalty not in PENALTIES:
                raise CardDataError(f"{path}: boss {b.id} names an unknown penalty {b.penalty!r}").tag(
                    "cards_penalty", id=shown(b.id, 60), penalty=shown(b.penalty, 60), known=sorted(PENALTIES))
            if not 1 <= b.number <= 4:
                raise CardDataError(f"{path}: boss {b.id} has number {b.number}; bosses are numbered 1-4").tag(
                    "cards_boss_number", id=shown(b.id, 60), number=b.number, min=1, max=4)
        for needed in ("farm", "mountain"):
            if needed not in self.lands:
                raise CardDataError(f"{path}: the lands section needs a {needed!r} entry").tag("cards_land", id=needed)
        for number in (1, 2, 3, 4):
            if not any(b.number == number for b in bosses):
                raise CardDataError(f"{path}: no boss numbered {number}").tag("cards_boss_missing", number=number)
        for name in ("big_cat", "frog", "owl"):
            if name not in self.cards:
                raise CardDataError(f"{path}: the initial card {name!r} is missing").tag("cards_initial", id=name)

    def catalog(self) -> dict[str, dict[str, Any]]:
        """Public card facts by id (names and numbers) for views; built once per card set."""
        if self._catalog is None:
            cat: dict[str, dict[str, Any]] = {}
            for c in self.cards.values():
                cat[c.id] = {"name": dict(c.name), "type": c.type, "tier": c.tier.value, "cost": c.cost,
                             "attack": c.attack, "scout": c.scout, "vp": c.vp,
                             "effects": [e for e in (c.ability, c.action, c.oneshot) if e]}
            for land in self.lands.values():
                cat[land.id] = {"name": dict(land.name), "type": "land", "scout": land.scout, "vp": land.vp,
                                "pay": land.pay, "flip_at": land.flip_at}
                cat[land.id + "_back"] = {"name": dict(land.back_name), "type": "land", "vp": land.back_vp,
                                          "pay": land.back_pay}
            for b in self.bosses.values():
                cat[b.id] = {"name": dict(b.name), "type": "boss", "scout": b.scout, "vp": b.vp,
                             "penalty": b.penalty, "penalty_value": b.penalty_value}
            self._catalog = cat
        return self._catalog

    def name(self, card_id: str) -> dict[str, str]:
        for table in (self.cards, self.lands, self.bosses):
            entry: Any = table.get(card_id)
            if entry is not None:
                return dict(entry.name)
        for land in self.lands.values():
            if card_id == land.id + "_back":
                return dict(land.back_name)
        return {"en": card_id, "ja": card_id}


@lru_cache(maxsize=16)
def _load(path: str) -> CardDB:
    data = load_sections(Path(path), {"cards": MonsterCard, "lands": LandCard, "bosses": BossCard}, BOUNDS)
    return CardDB(data["cards"], data["lands"], data["bosses"], path)


def load(options: Mapping[str, Any] | None = None) -> CardDB:
    """The card set `options["cards"]` names (default: the package's cards.yaml), cached per path."""
    path = (options or {}).get("cards")
    return _load(str(Path(path).resolve()) if path else str(DEFAULT_FILE))
