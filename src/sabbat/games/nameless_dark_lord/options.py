"""The game's options and their defaults, declared once: `Game.new()` checks the options a
player gives and fills in the defaults of the others, so the rules read `s.options[name]`."""

from __future__ import annotations

from sabbat.core import Option

OPTIONS: dict[str, Option] = {
    "event_mode": Option(
        "per_level (default: a player who acquired no territory during the Level receives one negative "
        "territory) or per_type (one per territory name the player owns none of)",
        default="per_level", choices=("per_level", "per_type"),
        help_ja="per_level（既定：そのLevelでテリトリーを獲得できなかったプレイヤーがマイナスのテリトリーを1枚受け取る）"
                "または per_type（所有していないテリトリー名ごとに1枚）",
        label={"en": "Negative territories after each Level", "ja": "各レベル後のマイナスのテリトリー"},
        explain={"en": "What a Dark Lord who fell behind on territories receives when a Level ends.",
                 "ja": "レベルの終わりに、テリトリーを集められなかった魔王が受け取るもの。"},
        values={"per_level": {"en": "One, if you gained no territory in that Level",
                              "ja": "そのレベルでテリトリーを得られなかったら1枚"},
                "per_type": {"en": "One for each kind of territory you have none of",
                             "ja": "1枚も持っていない種類のテリトリーごとに1枚"}}),
    "bomber_return": Option(
        "after_area (default) or end_phase_b: when a placed Goblin Bomber returns to the stock",
        default="after_area", choices=("after_area", "end_phase_b"),
        help_ja="配置したゴブリンボマーがストックに戻る時：after_area（既定：そのエリアの解決後）または end_phase_b（終了フェイズb）",
        label={"en": "When a placed Goblin Bomber goes back", "ja": "配置したゴブリンボマーが戻るとき"},
        explain={"en": "When a Goblin Bomber in a battle area returns to the stock.",
                 "ja": "バトルエリアのゴブリンボマーがストックに戻るタイミング。"},
        values={"after_area": {"en": "As soon as its area is resolved", "ja": "そのエリアの解決が終わったらすぐ"},
                "end_phase_b": {"en": "At the end of the round", "ja": "ラウンドの終わり"}}),
    "k_threshold": Option(
        "power that Ultimate Golem's ②E1 removes (default 1)", kind="int", default=1, minimum=0, maximum=20,
        help_ja="アルティメットゴーレムの②E1でリムーブするパワー（既定1）",
        label={"en": "Power of the units Ultimate Golem removes", "ja": "アルティメットゴーレムが取り除くユニットのパワー"},
        explain={"en": "At the end of placement, Ultimate Golem removes the other units in its area with this power "
                       "(the card says 1).",
                 "ja": "配置の終わりに、アルティメットゴーレムは同じエリアにいるこのパワーの他のユニットを取り除きます（カードでは1）。"}),
    "sleeve_mode": Option(
        "open (default: each player's sleeve choices are public once made, in turn order) or secret "
        "(hidden until all have chosen)",
        default="open", choices=("open", "secret"),
        help_ja="open（既定：スリーブの装着は手番順に決め、決めた時点で公開）または secret（全員が決めるまで非公開）",
        label={"en": "Choosing sleeves", "ja": "スリーブの選び方"},
        explain={"en": "How the Dark Lords choose which units get a sleeve each round.",
                 "ja": "毎ラウンド、どのユニットにスリーブを付けるかの決め方。"},
        values={"open": {"en": "In turn, each choice shown at once", "ja": "手番順に選び、すぐに公開"},
                "secret": {"en": "In secret, shown when everyone has chosen", "ja": "全員が選ぶまで伏せる"}}),
}
