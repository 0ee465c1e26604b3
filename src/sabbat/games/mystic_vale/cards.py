"""Card data: the pydantic schema of `cards.yaml` and the flat lookup tables the rules use.

Rules code never walks the pydantic models: `CardTable` turns them into integer-indexed
tuples once per file (cached by path), so a state only holds small ints.
A *part* is one physical variety that fills one position of a sleeve: a printed starting
feature, a Fertile Soil or an advancement type at one position. Its id is its index here.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from sabbat.core.carddata import CardBounds, CardEntry, load_sections, read_file
from sabbat.core.errors import CardDataError
from sabbat.core.safeio import shown

BOUNDS = CardBounds(count=150, cards=1_000)
"""The most a card file may make: about four times the shipped file (36 of one card, 230 in all)."""
DEFAULT_PATH = Path(__file__).with_name("cards.yaml")
POSITIONS = ("top", "middle", "bottom")
SPIRITS = ("s1", "s2", "s3", "wild")
DECK_SIZE = 20

# Indices into a stats tuple (per part, and cached per sleeve).
MANA, S1, S2, S3, WILD, DECAY, GROWTH, HVP, EVP, GUARD = range(10)
NSTAT = 10
ZERO = (0,) * NSTAT

PLAY, HARVEST, ONGOING = "play", "harvest", "ongoing"
AbilityT = tuple[str, str, int, bool, bool]
"""(timing, effect name, amount, banner, once) - the rules' view of an ability."""
PLAY_EFFECTS = frozenset({"gain_mana", "gain_wild", "gain_vp"})
HARVEST_EFFECTS = frozenset(
    {"gain_mana", "gain_wild", "gain_vp", "vp_per_guardian", "mana_per_decay", "vp_per_decay", "vp_per_vale"}
)
ONGOING_EFFECTS = frozenset(
    {"harvest_mana", "harvest_wild", "end_vp_per_guardian", "end_vp_per_level3", "end_vp_per_vale"}
)
EFFECTS_BY_TIMING = {PLAY: PLAY_EFFECTS, HARVEST: HARVEST_EFFECTS, ONGOING: ONGOING_EFFECTS}


class Ability(BaseModel):
    """One timing-tagged ability; `effect` names a handler in `effects.py`."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    timing: Literal["play", "harvest", "ongoing"]
    effect: str
    amount: int = 1
    banner: bool = False
    once: bool = False
    """One-shot vale ability: usable in one harvest only, then spent for the rest of the game."""

    def as_tuple(self) -> AbilityT:
        return (self.timing, self.effect, self.amount, self.banner, self.once)


class SymbolCard(CardEntry):
    """Fields shared by anything that carries symbols."""

    mana: int = 0
    s1: int = 0
    s2: int = 0
    s3: int = 0
    wild: int = 0
    decay: int = 0
    growth: int = 0
    harvest_vp: int = 0
    endgame_vp: int = 0
    guardian: int = 0
    ability: Ability | None = None

    def stats(self) -> tuple[int, ...]:
        return (self.mana, self.s1, self.s2, self.s3, self.wild, self.decay, self.growth,
                self.harvest_vp, self.endgame_vp, self.guardian)


class StartingCard(SymbolCard):
    """A starting card; `per_deck` gives copies per player by printed position (`none` = blank)."""

    per_deck: dict[Literal["none", "top", "middle", "bottom"], int]


class AdvancementCard(SymbolCard):
    """An advancement type (or Fertile Soil); `positions` gives copies per position."""

    level: int
    cost: int
    positions: dict[Literal["top", "middle", "bottom"], int]
    supply: Literal["deck", "fertile_soil", "none"] = "deck"
    """`none`: kept out of every supply (test fixtures, promos)."""


class ValeCard(CardEntry):
    """A vale card: spirit cost by kind, end-game VP, optional ability."""

    level: Literal[1, 2]
    cost: dict[Literal["s1", "s2", "s3"], int]
    endgame_vp: int = 0
    ability: Ability | None = None


SECTIONS: dict[str, type[CardEntry]] = {
    "starting_cards": StartingCard,
    "advancements": AdvancementCard,
    "vale_cards": ValeCard,
}


class CardTable:
    """Integer-indexed card facts for the rules (immutable after construction)."""

    def __init__(self, path: Path) -> None:
        data = load_sections(path, SECTIONS, BOUNDS)
        meta = read_file(path).get("meta") or {}
        self.path = str(path)
        kinds = meta.get("spirit_kinds") or {}
        self.spirit_names: tuple[dict[str, str], ...] = tuple(
            dict(kinds.get(k) or {"en": k.upper(), "ja": k.upper()}) for k in SPIRITS
        )
        part_entry: list[str] = []
        part_name: list[dict[str, str]] = []
        part_pos: list[int] = []
        part_level: list[int] = []
        part_cost: list[int] = []
        part_stats: list[tuple[int, ...]] = []
        part_ability: list[AbilityT | None] = []
        self.entries: dict[str, SymbolCard | ValeCard] = {}

        def add_part(entry: SymbolCard, pos: int, level: int, cost: int) -> int:
            ab = entry.ability
            if ab is not None and ab.effect not in EFFECTS_BY_TIMING[ab.timing]:
                raise CardDataError(f"{path}: card {entry.id}: no {ab.timing} effect named {ab.effect!r}").tag(
                    "cards_effect", id=shown(entry.id, 60), timing=ab.timing, effect=shown(ab.effect, 60),
                    known=sorted(EFFECTS_BY_TIMING[ab.timing]))
            part_entry.append(entry.id)
            part_name.append(dict(entry.name))
            part_pos.append(pos)
            part_level.append(level)
            part_cost.append(cost)
            part_stats.append(entry.stats())
            part_ability.append(None if ab is None else ab.as_tuple())
            return len(part_entry) - 1

        # The 20 sleeves of one starting deck: the printed part of each (-1 = blank).
        layout: list[int] = []
        for card in data["starting_cards"]:
            assert isinstance(card, StartingCard)
            self.entries[card.id] = card
            for pos_name, n in card.per_deck.items():
                if pos_name == "none":
                    layout.extend([-1] * n)
                    continue
                pid = add_part(card, POSITIONS.index(pos_name), 0, 0)
                layout.extend([pid] * n)
        if len(layout) != DECK_SIZE:
            raise CardDataError(f"{path}: a starting deck must have {DECK_SIZE} cards, not {len(layout)}").tag(
                "cards_deck_size", n=DECK_SIZE, found=len(layout))
        self.layout = tuple(layout)

        soil: list[int] = []
        soil_count: list[int] = []
        decks: dict[int, list[int]] = {1: [], 2: [], 3: []}
        for card in data["advancements"]:
            assert isinstance(card, AdvancementCard)
            self.entries[card.id] = card
            if card.level not in decks:
                raise CardDataError(f"{path}: advancement {card.id} has level {card.level}; use 1, 2 or 3").tag(
                    "cards_level", id=shown(card.id, 60), level=card.level, choices=[1, 2, 3])
            counts: dict[str, int] = {str(k): v for k, v in card.positions.items()}
            for pos_idx, pname in enumerate(POSITIONS):
                n = counts.get(pname, 0)
                if n <= 0:
                    continue
                pid = add_part(card, pos_idx, card.level, card.cost)
                if card.supply == "fertile_soil":
                    soil.append(pid)
                    soil_count.append(n)
                elif card.supply == "deck":
                    decks[card.level].extend([pid] * n)
        if len(soil) != 3:
            raise CardDataError(f"{path}: the Fertile Soil supply needs one pile per position").tag(
                "cards_soil", n=len(POSITIONS), found=len(soil))
        self.soil_part = tuple(soil)
        self.soil_count = tuple(soil_count)
        self.adv_decks = (tuple(decks[1]), tuple(decks[2]), tuple(decks[3]))
        self.part_by_entry: dict[tuple[str, int], int] = {}
        self.names_cache: dict[tuple[int, int, int], dict[str, str]] = {}

        vale_entry: list[str] = []
        vale_name: list[dict[str, str]] = []
        vale_level: list[int] = []
        vale_cost: list[tuple[int, int, int]] = []
        vale_vp: list[int] = []
        vale_ability: list[AbilityT | None] = []
        vdecks: dict[int, list[int]] = {1: [], 2: []}
        for card in data["vale_cards"]:
            assert isinstance(card, ValeCard)
            self.entries[card.id] = card
            ab = card.ability
            if ab is not None and (ab.effect not in EFFECTS_BY_TIMING[ab.timing] or ab.timing == PLAY):
                raise CardDataError(f"{path}: vale card {card.id}: unusable ability {ab}").tag(
                    "cards_vale_ability", id=shown(card.id, 60), timing=ab.timing, effect=shown(ab.effect, 60),
                    harvest=sorted(HARVEST_EFFECTS), ongoing=sorted(ONGOING_EFFECTS))
            for _ in range(card.count):
                vid = len(vale_entry)
                vale_entry.append(card.id)
                vale_name.append(dict(card.name))
                vale_level.append(card.level)
                vale_cost.append((card.cost.get("s1", 0), card.cost.get("s2", 0), card.cost.get("s3", 0)))
                vale_vp.append(card.endgame_vp)
                vale_ability.append(None if ab is None else ab.as_tuple())
                vdecks[card.level].append(vid)
        self.part_entry = tuple(part_entry)
        self.part_name = tuple(part_name)
        self.part_pos = tuple(part_pos)
        self.part_level = tuple(part_level)
        self.part_cost = tuple(part_cost)
        self.part_stats = tuple(part_stats)
        self.part_ability = tuple(part_ability)
        self.vale_entry = tuple(vale_entry)
        self.vale_name = tuple(vale_name)
        self.vale_level = tuple(vale_level)
        self.vale_cost = tuple(vale_cost)
        # the cheapest vale card's total: a fast "can anything be bought" test that never hides one
        self.min_vale_cost = min((sum(c) for c in vale_cost), default=0)
        self.vale_vp = tuple(vale_vp)
        self.vale_ability = tuple(vale_ability)
        self.vale_decks = (tuple(vdecks[1]), tuple(vdecks[2]))
        for pid, (eid, pos) in enumerate(zip(part_entry, part_pos, strict=True)):
            self.part_by_entry.setdefault((eid, pos), pid)
        # one bit per buyable card id (advancement types, then vale cards) for the `offered` masks of
        # `summary()`; starting parts get no bit (they are never on offer)
        offer_ids = list(dict.fromkeys([e for e, lv in zip(part_entry, part_level, strict=True) if lv > 0]
                                       + vale_entry))
        bit = {e: 1 << i for i, e in enumerate(offer_ids)}
        self.offer_ids = tuple(offer_ids)
        self.part_bit = tuple(bit[e] if lv > 0 else 0 for e, lv in zip(part_entry, part_level, strict=True))
        self.vale_bit = tuple(bit[e] for e in vale_entry)

    def part(self, card_id: str, position: str | int) -> int:
        """The part id of `card_id` at `position` (name or index)."""
        pos = POSITIONS.index(position) if isinstance(position, str) else position
        return self.part_by_entry[(card_id, pos)]

    def entry(self, card_id: str) -> SymbolCard | ValeCard:
        from sabbat.core.errors import UnknownCard

        try:
            return self.entries[card_id]
        except KeyError:
            raise UnknownCard(f"no card {card_id!r} in {self.path}") from None


@lru_cache(maxsize=8)
def _load(path: str) -> CardTable:
    return CardTable(Path(path))


@lru_cache(maxsize=64)
def _by_option(key: str) -> CardTable:
    """The table for an option's path as written, so a hot call resolves no path; bounded, as
    a server sees a new path for every uploaded card file."""
    return _load(str(Path(key).resolve()))


def load(options: Mapping[str, Any] | None = None) -> CardTable:
    """The card table for `options["cards"]` (default: the packaged file), cached per path."""
    return _by_option(str((options or {}).get("cards") or DEFAULT_PATH))
