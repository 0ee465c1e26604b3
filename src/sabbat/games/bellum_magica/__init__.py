"""Bellum Magica (Blue Orange, 2021) for 2-5 players. Rules: see `state.py` and docs/games/bellum_magica.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sabbat.core import Game, GameInfo, GameState, Option
from sabbat.core.errors import UnknownCard

from .cards import CHEST_TYPES, BoardEntry, ChestEntry, CreatureEntry, LocationEntry, load_cards
from .state import BellumState

ICON_NAMES = {
    "en": {"food": "food", "glyph": "glyph", "map": "map", "sword": "sword", "msword": "magic sword",
           "thief": "thief"},
    "ja": {"food": "食料", "glyph": "グリフ", "map": "宝の地図", "sword": "剣", "msword": "魔法の剣",
           "thief": "盗賊"},
}


def _strip_text(rows: list[str], locale: str) -> str:
    names = ICON_NAMES["ja" if locale == "ja" else "en"]
    parts = []
    for i, row in enumerate(rows, 1):
        if row:
            icons = []
            for part in row.split("+"):
                k = part.lstrip("0123456789")
                cnt = part[: len(part) - len(k)] or "1"
                icons.append(f"{cnt}×{names[k]}")
            parts.append(f"{i}:" + "+".join(icons))
    return ", ".join(parts) or "-"


class BellumMagicaGame(Game):
    info = GameInfo(
        id="bellum_magica",
        title={"en": "Bellum Magica", "ja": "ベルム・マギカ"},
        min_players=2,
        max_players=5,
        rules_version="1",
        max_decisions=12000,  # random play: max 1,357 in 6,000 games; 200-day cap x ~30 per day
        summary={
            "en": "Evil lords roll for the active row of their castles, raid the human kingdom and each "
                  "other for hidden-value treasure chests, and recruit creatures from goblins to dragons.",
            "ja": "悪の王たちはダイスで城の部隊を選び、人間の王国や他の城を襲って宝箱を集め、"
                  "ゴブリンからドラゴンまでのクリーチャーを雇用します。",
        },
        options={
            "castle_choice": Option(
                "random (default: castles dealt at random) or draft (players pick, the first captain last)",
                default="random", choices=("random", "draft"),
                help_ja="random（既定: 城をランダムに配る）または draft（プレイヤーが選ぶ。最初のキャプテンが最後）",
            ),
            "max_days": Option(
                "safety cap on the number of days (default 200); the game is scored when it is reached",
                kind="int", default=200, minimum=1, maximum=10000,
                help_ja="日数の安全上限（既定 200）。達したらその時点で得点計算",
            ),
        },
    )
    state_class = BellumState

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> GameState:
        return BellumState(num_players, seed, options)

    def card_ids(self, options: Mapping[str, Any] | None = None) -> list[str]:
        return list(load_cards(options).entries)

    def describe_card(self, card_id: str, locale: str = "en", options: Mapping[str, Any] | None = None) -> str:
        table = load_cards(options)
        entry = table.entries.get(card_id)
        if entry is None:
            raise UnknownCard(f"Bellum Magica has no card {card_id!r}")
        name = entry.name.get(locale) or entry.name["en"]
        ja = locale == "ja"
        if isinstance(entry, LocationEntry):
            loot = {k: getattr(entry, k) for k in ("food", "glyph", "barrel", *CHEST_TYPES) if getattr(entry, k)}
            loot_text = ", ".join(f"{v}×{k}" for k, v in loot.items())
            if ja:
                return f"{name}({entry.kind}) 盾{entry.shields} 魔法の盾{entry.magic_shields} 戦利品: {loot_text}"
            return f"{name} ({entry.kind}): shields {entry.shields}, magic shields {entry.magic_shields}; loot: {loot_text}"
        if isinstance(entry, (CreatureEntry, BoardEntry)):
            left = _strip_text(list(entry.left), locale)
            right = _strip_text(list(entry.right), locale)
            if isinstance(entry, BoardEntry):
                extra = f"盾{entry.shields}" if ja else f"shields {entry.shields}"
            else:
                extra = ", ".join(entry.bonus) or "-"
                extra = f"ボーナス {extra}" if ja else f"bonus {extra}"
            if ja:
                return f"{name}: 左(生産) {left} / 右(攻撃) {right} / {extra}"
            return f"{name}: left (production) {left} / right (attack) {right} / {extra}"
        if isinstance(entry, ChestEntry):
            return f"{name} ×{entry.count}"
        return f"{name} ×{entry.count}"

    def heuristic_agent(self, seed: int = 0) -> Any:
        from .bots import HeuristicAgent

        return HeuristicAgent(seed)


GAME = BellumMagicaGame()
