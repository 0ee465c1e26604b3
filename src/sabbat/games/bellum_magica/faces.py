"""Public card faces of Bellum Magica for people and front ends (`card` help, drawn cards).

Why: a face shows what the printed card shows — castle and creature rows per die face,
shields, loot, recruiting costs, bonus tokens, a chest's type — in the reader's language.
A chest's value is printed on its hidden side, so no face ever carries it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from sabbat.core import i18n

from .cards import BoardEntry, CardTable, ChestEntry, CreatureEntry, LocationEntry, Strip
from .constants import EVIL, MOST_EVIL

NS = "bellum_magica"
LEFT = ("food", "glyph", "map")
RIGHT = ("sword", "magic_sword", "thief")
#: Recruiting costs printed on the deck backs (rulebook): alternatives, each a set of resources.
COSTS = {EVIL: [{"food": 2}], MOST_EVIL: [{"glyph": 1, "food": 4}, {"glyph": 3}]}
LABELS = {
    "en": {"food": "food", "glyph": "glyph", "map": "map", "sword": "sword", "magic_sword": "magic sword",
           "thief": "thief", "barrel": "barrel", "wood": "wooden chest", "metal": "metal chest",
           "gold": "gold chest", "shield": "shield +1", "magic_shield": "magic shield",
           "confusion": "confusion spell", "castle": "castle", "goblin": "goblin", "evil": "evil creature",
           "most_evil": "most evil creature", "tavern": "tavern", "farm": "farm", "village": "village",
           "town": "town", "chest": "treasure chest", "token": "bonus token"},
    "ja": {"food": "食料", "glyph": "グリフ", "map": "宝物カード", "sword": "剣", "magic_sword": "魔法の剣",
           "thief": "盗賊", "barrel": "樽", "wood": "木の宝箱", "metal": "金属の宝箱", "gold": "金の宝箱",
           "shield": "楯+1", "magic_shield": "魔法の楯", "confusion": "混乱の呪文", "castle": "城ボード",
           "goblin": "ゴブリン", "evil": "邪悪なクリーチャー", "most_evil": "最凶のクリーチャー",
           "tavern": "酒場", "farm": "農場", "village": "村", "town": "町", "chest": "宝箱",
           "token": "ボーナストークン"},
}
WORDS = {
    "en": {"left": "left (production)", "right": "right (attack)", "shields": "shields",
           "magic_shields": "magic shields", "loot": "loot", "cost": "cost", "or": " or ", "bonus": "bonus",
           "row": "{r}: ", "hidden": "face down; only its holder knows its value", "copies": "copies"},
    "ja": {"left": "左（生産）", "right": "右（攻撃）", "shields": "盾", "magic_shields": "魔法の盾",
           "loot": "戦利品", "cost": "コスト", "or": "、または", "bonus": "ボーナス", "row": "{r}：",
           "hidden": "裏向き。価値は持ち主だけが知る", "copies": "枚数"},
}


def _lang(locale: str) -> str:
    return "ja" if locale == "ja" else "en"


def _counts(values: dict[str, int], locale: str) -> str:
    """"2 food + 1 glyph" / 「食料2+グリフ1」, zero counts left out."""
    lab = LABELS[_lang(locale)]
    if _lang(locale) == "ja":
        return "+".join(f"{lab[k]}{n}" for k, n in values.items() if n)
    return " + ".join(f"{n} {lab[k]}{'s' if n > 1 and k != 'food' else ''}" for k, n in values.items() if n)


def _rows(strip: Strip, icons: tuple[str, ...]) -> list[dict[str, int]]:
    return [{k: n for k, n in zip(icons, row, strict=True) if n} for row in strip]


def _rows_text(rows: list[dict[str, int]], locale: str) -> str:
    w = WORDS[_lang(locale)]
    return i18n.list_separator(_lang(locale)).join(w["row"].format(r=r) + _counts(row, locale) for r, row in enumerate(rows, 1) if row) or "-"


def _titled(name: str, kind: str, lang: str) -> str:
    return f"{name}({kind})" if lang == "ja" else f"{name} ({kind})"


def face(table: CardTable, card_id: str, locale: str) -> dict[str, Any]:
    """The public face of one card: `name`, `text` and the structured fields its kind shows."""
    entry = table.entries[card_id]
    lang = _lang(locale)
    lab, w = LABELS[lang], WORDS[lang]
    sep = i18n.list_separator(lang)
    name = str(i18n.localize(entry.name, lang))
    out: dict[str, Any] = {"name": name, "count": entry.count}
    if isinstance(entry, (BoardEntry, CreatureEntry)):
        src = table.boards[card_id] if isinstance(entry, BoardEntry) else table.creatures[card_id]
        left, right = _rows(src.left, LEFT), _rows(src.right, RIGHT)
        kind = "castle" if isinstance(entry, BoardEntry) else table.creatures[card_id].deck.removesuffix("s")
        out.update(kind=kind, kind_label=lab[kind], left=left, right=right)
        parts = [f"{w['left']} {_rows_text(left, locale)}", f"{w['right']} {_rows_text(right, locale)}"]
        if isinstance(entry, BoardEntry):
            out.update(shields=entry.shields, magic_shields=entry.magic_shields)
            parts.append(f"{w['shields']} {entry.shields}")
        else:
            deck = table.creatures[card_id].deck
            out["cost"] = COSTS.get(deck, [])
            out["bonus"] = list(entry.bonus)
            out["strength"] = {k: sum(r.get(k, 0) for r in right) for k in RIGHT}
            if out["cost"]:
                parts.append(f"{w['cost']} " + w["or"].join(_counts(c, locale) for c in out["cost"]))
            if entry.bonus:
                parts.append(f"{w['bonus']} " + sep.join(lab[b] + (f"×{k}" if k > 1 else "")
                                                         for b, k in Counter(entry.bonus).items()))
        out["text"] = f"{_titled(name, lab[kind], lang)}: " + " / ".join(parts)
    elif isinstance(entry, LocationEntry):
        loot = {k: getattr(entry, k) for k in ("food", "glyph", "barrel", "wood", "metal", "gold") if getattr(entry, k)}
        out.update(kind=entry.kind, kind_label=lab[entry.kind], shields=entry.shields,
                   magic_shields=entry.magic_shields, loot=loot)
        defence = f"{w['shields']} {entry.shields}" + (
            f"{sep}{w['magic_shields']} {entry.magic_shields}" if entry.magic_shields else "")
        out["text"] = f"{_titled(name, lab[entry.kind], lang)}: {defence} / {w['loot']} {_counts(loot, locale) or '-'}"
    elif isinstance(entry, ChestEntry):
        out.update(name=lab[entry.type], kind="chest", kind_label=lab["chest"], chest_type=entry.type)
        out["text"] = f"{lab[entry.type]}: {w['hidden']}"
    else:
        out.update(kind="token", kind_label=lab["token"])
        out["text"] = f"{_titled(name, lab['token'], lang)}{sep}{w['copies']} {entry.count}"
    return out


def faces(table: CardTable, locale: str) -> dict[str, dict[str, Any]]:
    return {card_id: face(table, card_id, locale) for card_id in table.entries}
