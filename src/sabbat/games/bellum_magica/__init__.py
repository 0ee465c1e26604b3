"""Bellum Magica (Blue Orange, 2021) for 2-5 players. Rules: see `state.py` and docs/games/bellum_magica.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sabbat.core import AiTuning, Game, GameInfo, GameState, Option
from sabbat.core.errors import UnknownCard

from .cards import load
from .faces import face, faces
from .state import BellumState


class BellumMagicaGame(Game):
    web_package = f"{__name__}.web"
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
                label={"en": "Castles", "ja": "城ボード"},
                explain={"en": "How each evil lord gets a castle board.", "ja": "各王が城ボードを受け取る方法。"},
                values={"random": {"en": "Dealt at random", "ja": "ランダムに配る"},
                        "draft": {"en": "Chosen in turn (the first captain chooses last)",
                                  "ja": "順番に選ぶ（最初のキャプテンが最後）"}},
            ),
            "first_captain": Option(
                "random (default: the first captain is drawn at random) or first_seat (P1 is the first captain: "
                "the table chose who starts by where they sit)",
                default="random", choices=("random", "first_seat"),
                help_ja="random（既定: 最初のキャプテンをランダムに決める）または first_seat（P1 が最初のキャプテン。"
                        "だれから始めるかを席順で決めた場合）",
                label={"en": "First captain", "ja": "最初のキャプテン"},
                explain={"en": "The rulebook does not say who holds the die on the first day.",
                         "ja": "1日目にだれがダイスを持つかはルールブックに書かれていません。"},
                values={"random": {"en": "Drawn at random", "ja": "ランダムに決める"},
                        "first_seat": {"en": "Whoever sits first", "ja": "最初の席の人"}},
            ),
            "max_days": Option(
                "safety cap on the number of days (default 200); the game is scored when it is reached",
                kind="int", default=200, minimum=1, maximum=10000,
                help_ja="日数の安全上限（既定 200）。達したらその時点で得点計算",
                label={"en": "Stop the game after at most (days)", "ja": "ゲームを打ち切る日数"},
                explain={"en": "A safety stop, not a rule: a game still going after this many days is scored then. "
                               "Games end long before.",
                         "ja": "ルールではなく安全のための上限です。この日数を過ぎても続くゲームはその時点で得点計算します。"
                               "通常はずっと前に終わります。"},
            ),
        },
    )
    state_class = BellumState
    ai = AiTuning(
        # Measured against the heuristic (docs/ai.md): the rollout search won 31 of 40 games, the
        # tree search 62.3 %. `hard`: the samples a tenth of a second buys on a free core.
        search="rollout", hard_budget=67,
        ismcts={"rollout_depth": 20, "prior_share": 0.1},
    )

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> GameState:
        return BellumState(num_players, seed, options)

    def card_ids(self, options: Mapping[str, Any] | None = None) -> list[str]:
        return list(load(options).entries)

    def describe_card(self, card_id: str, locale: str = "en", options: Mapping[str, Any] | None = None) -> str:
        table = load(options)
        if card_id not in table.entries:
            raise UnknownCard(f"Bellum Magica has no card {card_id!r}")
        return str(face(table, card_id, locale)["text"])

    def card_faces(self, locale: str = "en", options: Mapping[str, Any] | None = None) -> dict[str, dict[str, Any]]:
        """Name and text in `locale` plus rows per die face, shields, loot, costs, strength, bonus, chest type."""
        return faces(load(options), locale)

    def heuristic_agent(self, seed: int = 0) -> Any:
        from .bots import HeuristicAgent

        return HeuristicAgent(seed)


GAME = BellumMagicaGame()
