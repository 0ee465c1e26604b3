"""Monslaught in Walpurgis (モンスロート イン ヴァルプルギス, COLON ARC 2023), 2-4 players.

Rulebook Ver. 1.20: 12 rounds (an initial draft, scout rounds and boss
rounds 4/7/10/12), a deck-builder without a draw deck where each cleanup you choose
your next hand from your discard pile. Rulings are listed in docs/games/monslaught.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sabbat.core import AiTuning, Game, GameInfo, GameState, Option, i18n
from sabbat.core.errors import UnknownCard

from .cards import load
from .state import MonslaughtState

i18n.register_file("monslaught", Path(__file__).with_name("messages.toml"))


class MonslaughtGame(Game):
    web_package = f"{__name__}.web"
    info = GameInfo(
        id="monslaught",
        title={"en": "Monslaught in Walpurgis", "ja": "モンスロート イン ヴァルプルギス"},
        min_players=2,
        max_players=4,
        rules_version="4",
        max_decisions=3000,
        options={"second_place": Option(
            "'qualified' (default, ruling A11): with 4 players the 2nd-place extra card "
            "needs the boss's scout cost too; 'any': the next-highest declaration gets it",
            default="qualified", choices=("qualified", "any"),
            help_ja="qualified（既定）: 4人戦の2位の追加カードにもボスのスカウトコストが必要。any: 次に高い宣言者が得る",
            label={"en": "Second place against a boss (4 players)", "ja": "ボス戦の2位（4人戦）"},
            explain={"en": "With four players, who gets the extra card for second place in a boss fight.",
                     "ja": "4人戦のボス戦で、2位の追加カードをだれが得るか。"},
            values={"qualified": {"en": "Only a declaration that also reaches the boss's scout cost",
                                  "ja": "ボスのスカウトコストに届いた宣言だけ"},
                    "any": {"en": "The next-highest declaration, whatever its size", "ja": "次に高い宣言なら何でも"}},
        ), "refill_hand": Option(
            "'uncapped' (default, rulings M-3, M-12): the refill takes up to 4 cards of its own, whatever an "
            "action adds to the hand before, during or after it; 'capped': the limit (4, 5 with an Owl) counts "
            "the whole hand, and once the refill has begun actions fill the hand only up to it",
            default="uncapped", choices=("uncapped", "capped"),
            help_ja="uncapped（既定）: 補充は自分の4枚までを手札にし、その前後にアクションで加えたカードは数えない。"
                    "capped: 上限（4枚、フクロウで5枚）は手札全体の枚数で、補充が始まったらアクションでもそれを超えられない",
            label={"en": "Cards taken into hand after the refill", "ja": "補充の後に手札に加えるカード"},
            explain={"en": "What the end-of-turn refill's limit counts, and how far actions may fill your hand once it has begun.",
                     "ja": "手番の終わりの補充の上限が何を数えるか、補充が始まった後にアクションで手札を何枚まで増やせるか。"},
            values={"uncapped": {"en": "The refill's own cards; actions add past the limit",
                                 "ja": "補充が手札にするカードだけを数え、アクションなら上限を超えてもよい"},
                    "capped": {"en": "The whole hand, up to the refill limit (4, or 5 with an Owl)",
                               "ja": "手札全体を補充の上限（4枚、フクロウがいれば5枚）まで"}},
        ), "boss1_tie": Option(
            # A study variant: it switches a rule of the rulebook off, to measure what the rule is worth.
            "Study variant, not the rulebook: start_player (default, the rulebook, E13: a tie for the boss goes to "
            "the player nearer the start player clockwise) or lot (at boss 1 only, a tie is decided by lot)",
            default="start_player", choices=("start_player", "lot"),
            help_ja="ルールブックと異なる検証用の変種：start_player（既定・ルールブック：ボスの同点はスタートプレイヤーから"
                    "時計回りに近いプレイヤーが上）または lot（ボス1だけ、同点をくじで決める）",
            label={"en": "A tie for the first boss (study variant)", "ja": "最初のボスでの同点（検証用の変種）"},
            explain={"en": "Study variant that departs from the rulebook: who takes the first boss when declared "
                           "attacks tie.",
                     "ja": "ルールブックと異なる検証用の変種：最初のボスで宣言した攻撃力が同じときにだれが得るか。"},
            values={"start_player": {"en": "The player nearer the start player (rulebook)",
                                     "ja": "スタートプレイヤーに近いプレイヤー（ルールブック）"},
                    "lot": {"en": "By lot", "ja": "くじ"}},
        )},
        summary={
            "en": "Summon familiars, scout monsters and lands, defeat four witches; choose your hand from your discard pile.",
            "ja": "使い魔を召喚し、モンスターや土地をスカウトし、4人の魔女を倒す。手札は捨て山から選ぶ。",
        },
    )
    state_class = MonslaughtState
    ai = AiTuning(
        # The tree search (docs/ai.md): the rollout search lost judged by its scores (2/40) and still
        # loses with the game's position estimate (rollout:100, 9/40 = 22.5 %, 95 % interval 12-38 %).
        search="ismcts", hard_budget=100,
        ismcts={"rollout_depth": 60, "prior_share": 0.3},
    )

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> GameState:
        return MonslaughtState(num_players, seed, options)

    def card_ids(self, options: Mapping[str, Any] | None = None) -> list[str]:
        db = load(options)
        return [*db.cards, *db.lands, *(land + "_back" for land in db.lands), *db.bosses]

    def describe_card(self, card_id: str, locale: str = "en", options: Mapping[str, Any] | None = None) -> str:
        from .cardtext import card_text

        db = load(options)
        if card_id not in self.card_ids(options):
            raise UnknownCard(f"Monslaught has no card {card_id!r}")
        return card_text(db, card_id, locale)

    def card_faces(self, locale: str = "en", options: Mapping[str, Any] | None = None) -> dict[str, dict[str, Any]]:
        """Name and text in `locale` plus kind, costs, attack, scout cost, points and ability texts."""
        from .faces import faces

        return faces(load(options), locale)

    def heuristic_agent(self, seed: int = 0) -> Any:
        from .bots import HeuristicAgent

        return HeuristicAgent(seed)

    def reveal_at_end(self, state: GameState, obs: dict[str, Any]) -> None:
        """The boss row, which no seat saw whole, in its order with each boss's scout cost."""
        row = getattr(state, "boss_row", None)
        db = getattr(state, "db", None)
        if isinstance(obs.get("bosses"), list) and row is not None and db is not None:
            obs["bosses"] = [{"number": i + 1, "id": b, "cost": db.bosses[b].scout} for i, b in enumerate(row)]


GAME = MonslaughtGame()
