"""Card schema and the cached card table (card data is data: see cards.yaml)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from sabbat.core.carddata import CardBounds, CardEntry, load_sections
from sabbat.core.errors import CardDataError, UnknownCard
from sabbat.core.safeio import shown

BOUNDS = CardBounds(count=16, cards=250)
"""The most a card file may make: about four times the shipped file (4 of one card, 60 in all)."""
DEFAULT_FILE = Path(__file__).with_name("cards.yaml")
COLOURS = ("red", "blue", "yellow", "green")


class NdlCard(CardEntry):
    """One distinct card of the game with its count and the 4P-marked copies."""

    type: Literal["unit", "territory", "artifact", "marker"]
    role: Literal["deck", "initial", "bomber", "throne", "negative", "marker"]
    level: int = 0
    family: Literal["skeleton", "goblin", "golem"] | None = None
    colour: str | None = None
    group: str | None = None
    power: int = 0
    upkeep: int = 0
    vp: int = 0
    income: int = 0
    circles: int = 0
    four_player: int = 0
    effect: str | None = None
    autorun: str | None = None
    ability_id: str | None = None
    text: dict[str, str] = {}


def _stats(c: NdlCard) -> dict[str, int | str]:
    """The printed numbers a player needs to judge a card (public, shown by the terminal view)."""
    if c.type == "unit":
        return {"type": c.type, "power": c.power, "upkeep": c.upkeep, "vp": c.vp}
    if c.type == "territory":
        return {"type": c.type, "income": c.income, "circles": c.circles, "vp": c.vp}
    return {"type": c.type}


class CardTable:
    """All cards of one card file, by id, plus derived lookups the rules need."""

    def __init__(self, cards: list[NdlCard], path: Path) -> None:
        self.path = path
        self.by_id: dict[str, NdlCard] = {c.id: c for c in cards}
        self.order: list[str] = [c.id for c in cards]
        self.names: dict[str, dict[str, str]] = {c.id: dict(c.name) for c in cards}
        self.stats: dict[str, dict[str, int | str]] = {c.id: _stats(c) for c in cards}
        self._check()

    def _check(self) -> None:
        roles = {r: [c for c in self.by_id.values() if c.role == r] for r in ("throne", "initial", "bomber")}
        colours = {c.colour for c in roles["throne"]}
        if "red" not in colours or len(roles["throne"]) < 4:
            raise CardDataError(f"{self.path}: need four thrones including red").tag("cards_thrones")
        if not roles["bomber"] or roles["bomber"][0].count < 4:
            raise CardDataError(f"{self.path}: need a Goblin Bomber with 4 copies (one per colour)").tag("cards_bomber")
        for c in self.by_id.values():
            if c.four_player > c.count:
                raise CardDataError(f"{self.path}: {c.id} has more 4P copies than copies").tag("cards_four_player", id=shown(c.id, 60))
            if c.role == "negative" and c.group is None:
                raise CardDataError(f"{self.path}: negative territory {c.id} needs a group").tag("cards_negative_group", id=shown(c.id, 60))

    def __getitem__(self, card_id: str) -> NdlCard:
        card = self.by_id.get(card_id)
        if card is None:
            raise UnknownCard(f"no card {card_id!r} in {self.path.name}")
        return card


@lru_cache(maxsize=16)
def _load(path: str) -> CardTable:
    p = Path(path)
    sections = load_sections(p, {"cards": NdlCard}, BOUNDS)
    return CardTable(sections["cards"], p)


_DEFAULT_KEY = str(DEFAULT_FILE.resolve())


def load(options: Mapping[str, Any] | None = None) -> CardTable:
    """The card table named by `options["cards"]` (default: the packaged file), loaded once.

    Every new game asks for its table: the packaged file's path is resolved once, not per game.
    """
    path = (options or {}).get("cards")
    return _load(str(Path(path).resolve()) if path else _DEFAULT_KEY)
