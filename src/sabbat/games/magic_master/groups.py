"""Groups on the table: their structure, sums and who may lead what.

A group is `character unit -> items -> troops (inner->outer) -> terrain`.
The character unit is one card, or two after a romance (a couple, whose every
value is the better partner's: ruling A-11). Values are computed on demand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sabbat.core import codec

from .cards import CardTable, Kind

WIZARD = Kind.WIZARD
GroupKey = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
"""A group as a hashable value (`Group.key()`)."""
HEIR_WARRIOR_NEEDS_ATTACK = True  # ruling A-10


@codec.serializable
class Group:
    """One group of cards (instance ids)."""

    __slots__ = ("char", "items", "troops", "terrain")

    def __init__(self, char: list[int] | None = None, items: list[int] | None = None,
                 troops: list[int] | None = None, terrain: int = -1) -> None:
        self.char: list[int] = char or []
        self.items: list[int] = items or []
        self.troops: list[int] = troops or []
        self.terrain = terrain

    def copy(self) -> Group:
        return Group(self.char.copy(), self.items.copy(), self.troops.copy(), self.terrain)

    def key(self) -> GroupKey:
        """The group as a value: character unit, items in any order, troops inner -> outer, terrain."""
        return (tuple(self.char), tuple(sorted(self.items)), tuple(self.troops), self.terrain)

    def cards(self) -> list[int]:
        out = self.char + self.items + self.troops
        if self.terrain >= 0:
            out.append(self.terrain)
        return out

    def is_empty(self) -> bool:
        return not self.char and not self.items and not self.troops and self.terrain < 0

    def remove(self, card: int) -> None:
        if card == self.terrain:
            self.terrain = -1
        elif card in self.troops:
            self.troops.remove(card)
        elif card in self.items:
            self.items.remove(card)
        else:
            self.char.remove(card)


def _best(vals: list[int]) -> int:
    return max(vals) if vals else 0


def unit_atk(t: CardTable, g: Group) -> tuple[int, int]:
    """Attack of the character unit: the partner with the higher expected value."""
    best = (0, 0)
    for c in g.char:
        d = t.inst[c]
        if d.kind is Kind.WIZARD:
            continue
        if d.atk_dice * 3.5 + d.atk_bonus > best[0] * 3.5 + best[1]:
            best = (d.atk_dice, d.atk_bonus)
    return best


def atk(t: CardTable, g: Group) -> tuple[int, int]:
    """Group attack as (number of dice, bonus)."""
    dice, bonus = unit_atk(t, g)
    for c in g.items + g.troops:
        d = t.inst[c]
        dice += d.atk_dice
        bonus += d.atk_bonus
    return dice, bonus


def unit_def(t: CardTable, g: Group) -> int:
    return _best([t.inst[c].defence for c in g.char])


def package_def(t: CardTable, g: Group) -> int:
    """Defence of the character with its items (single-card attacks, ruling A-07)."""
    return unit_def(t, g) + sum(t.inst[c].defence for c in g.items)


def defence(t: CardTable, g: Group, ignore_terrain: bool = False) -> int:
    total = package_def(t, g) + sum(t.inst[c].defence for c in g.troops)
    if g.terrain >= 0 and not ignore_terrain:
        total += t.inst[g.terrain].defence
    return total


def mov(t: CardTable, g: Group) -> int:
    """Lowest movement; cards without a movement value are ignored (「移動レベルが設定されていない
    カードは無視します」: items, and any card a replacement file leaves without one); terrain is 0;
    nothing with movement -> 0."""
    vals: list[int] = []
    unit = [m for c in g.char if (m := t.inst[c].mov) is not None]
    if unit:
        vals.append(max(unit))
    vals.extend(m for c in g.troops if (m := t.inst[c].mov) is not None)
    if g.terrain >= 0:
        vals.append(0)
    return min(vals) if vals else 0


def char_suc(t: CardTable, g: Group) -> int:
    """Character + items succession: what leadership and castles need (ruling A-08)."""
    suc = t.suc
    total = max([suc[c] for c in g.char]) if g.char else 0
    for c in g.items:
        total += suc[c]
    return total


def suc(t: CardTable, g: Group) -> int:
    """Group succession: every card, negatives included, plus a castle's bracket."""
    total = char_suc(t, g) + sum(t.inst[c].suc for c in g.troops)
    if g.terrain >= 0:
        total += t.inst[g.terrain].suc
    return total


def wizard_mag(t: CardTable, g: Group) -> int | None:
    """MAG of the wizard in the group's character unit, or None without one."""
    mags = [t.inst[c].mag for c in g.char if t.inst[c].kind is Kind.WIZARD]
    return max(mags) if mags else None


def has_castle(t: CardTable, g: Group) -> bool:
    return g.terrain >= 0 and t.inst[g.terrain].terrain == "castle"


def terrain_kind(t: CardTable, g: Group) -> str:
    return t.inst[g.terrain].terrain if g.terrain >= 0 else "none"


def _is_warrior(t: CardTable, g: Group) -> bool:
    for c in g.char:
        d = t.inst[c]
        if d.kind is Kind.WARRIOR:
            return True
        if d.kind is Kind.HEIR and (d.atk_dice or d.atk_bonus or not HEIR_WARRIOR_NEEDS_ATTACK):
            if any(t.inst[i].item_role == "warrior" for i in g.items):
                return True
    return False


def mix_ban_any_leader(options: Mapping[str, Any]) -> bool:
    """Whether the red/blue mixing ban binds every leader (option `mixing_ban`, ruling M-19)."""
    return options["mixing_ban"] == "any_leader"


def problems(t: CardTable, g: Group, mix_any_leader: bool = False) -> list[str]:
    """Why a character-led group is illegal (message keys); empty when legal.

    Red and blue troops never share a wizard's group; `mix_any_leader` (option
    `mixing_ban=any_leader`, ruling M-19) holds every leader to that ban, a warrior with the Charm
    Staff included."""
    out: list[str] = []
    castle = g.terrain >= 0 and t.terrain_type[g.terrain] == "castle"
    if g.troops:
        colour = t.colour
        colours = {colour[c] for c in g.troops}
    elif not castle and not g.items:
        return out  # a leader alone (or a couple) breaks no rule
    else:
        colours = set()
    kind = t.kind
    wizard = any(kind[c] is WIZARD for c in g.char)
    red = "red" in colours
    blue = "blue" in colours
    if "black" in colours and char_suc(t, g) < 1:
        out.append("black")
    if blue and not (wizard or _is_warrior(t, g)):
        out.append("blue")
    if red and not (wizard or any(t.role[i] == "charm" for i in g.items)):
        out.append("red")
    if red and blue and (wizard or mix_any_leader):
        out.append("mix")
    if not any(kind[c] is not WIZARD for c in g.char) and any(t.role[i] == "warrior" for i in g.items):
        out.append("wizard_item")
    if castle and char_suc(t, g) < 1:
        out.append("castle")
    return out


def entries(t: CardTable, g: Group, skip_terrain: bool = False) -> list[int]:
    """Targeting list, outermost first: terrain, troops outer->inner, then -1 = package."""
    out: list[int] = []
    if g.terrain >= 0 and not skip_terrain:
        out.append(g.terrain)
    out.extend(reversed(g.troops))
    if g.char or g.items:
        out.append(-1)
    return out


def entry_def(t: CardTable, g: Group, e: int) -> int:
    return package_def(t, g) if e == -1 else t.inst[e].defence


def regalia_complete(t: CardTable, g: Group) -> bool:
    return len(t.regalia.intersection(g.items)) == 4


def sole_claimant(claims: dict[int, set[int]]) -> int:
    """The time-out heir: the highest succession value claimed by a single player; tied
    claimants cancel and the next value decides (ruling A-32). -1 when every value is tied."""
    for v in sorted(claims, reverse=True):
        if len(claims[v]) == 1:
            return next(iter(claims[v]))
    return -1
