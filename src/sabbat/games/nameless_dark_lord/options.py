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
    # Study variants: each switches one rule of the rulebook off, to measure what the rule is worth
    # (docs/studies.md); the default is the rulebook.
    "red_throne_tie": Option(
        "Study variant, not the rulebook: red_throne (default, the rulebook: a tie at the top goes to the "
        "Red Throne, then to the tied player nearest clockwise) or shared (every tied player wins)",
        default="red_throne", choices=("red_throne", "shared"),
        help_ja="ルールブックと異なる検証用の変種：red_throne（既定・ルールブック：最高点の同点は「赤の玉座」の所有者、"
                "次に時計回りで近いプレイヤーの勝ち）または shared（同点の全員が勝ち）",
        label={"en": "A tie for the win (study variant)", "ja": "最高点の同点（検証用の変種）"},
        explain={"en": "Study variant that departs from the rulebook: who wins when players tie for the highest score.",
                 "ja": "ルールブックと異なる検証用の変種：最高点で同点になったときの勝者。"},
        values={"red_throne": {"en": "The Red Throne, then nearest clockwise (rulebook)",
                               "ja": "「赤の玉座」、次に時計回りで近いプレイヤー（ルールブック）"},
                "shared": {"en": "Every tied player wins", "ja": "同点の全員が勝ち"}}),
    "start_player": Option(
        "Study variant, not the rulebook: red_throne (default, the rulebook: the Red Throne starts round 1 and "
        "the start passes to the left each round), lot_first_round (round 1's start player drawn by lot, later "
        "rounds as the rulebook) or lot_every_round (every round's start player drawn by lot); the magic stones "
        "stay with seats 3 and 4",
        default="red_throne", choices=("red_throne", "lot_first_round", "lot_every_round"),
        help_ja="ルールブックと異なる検証用の変種：red_throne（既定・ルールブック：「赤の玉座」が第1ラウンドのスタート"
                "プレイヤーで、毎ラウンド左隣に渡す）、lot_first_round（第1ラウンドだけくじで決め、以降はルールブック通り）"
                "または lot_every_round（毎ラウンドくじで決める）。魔石は席3と席4のまま",
        label={"en": "Start player of each round (study variant)", "ja": "各ラウンドのスタートプレイヤー（検証用の変種）"},
        explain={"en": "Study variant that departs from the rulebook: who starts each round.",
                 "ja": "ルールブックと異なる検証用の変種：各ラウンドをだれから始めるか。"},
        values={"red_throne": {"en": "The Red Throne starts, then the player on the left (rulebook)",
                               "ja": "「赤の玉座」から、以降は左隣（ルールブック）"},
                "lot_first_round": {"en": "Round 1 by lot, then as the rulebook",
                                    "ja": "第1ラウンドだけくじ、以降はルールブック通り"},
                "lot_every_round": {"en": "Every round by lot", "ja": "毎ラウンドくじ"}}),
    "power_tie": Option(
        "Study variant, not the rulebook: front_unit (default, the rulebook: equal power in an area goes to a "
        "Flagbearer's owner, then to the unit placed earlier) or lot (after the Flagbearer, by lot)",
        default="front_unit", choices=("front_unit", "lot"),
        help_ja="ルールブックと異なる検証用の変種：front_unit（既定・ルールブック：エリアで同じパワーなら旗手の所有者、"
                "次に先にユニットを置いたプレイヤーが上）または lot（旗手の次はくじ）",
        label={"en": "Equal power in an area (study variant)", "ja": "エリアでの同じパワー（検証用の変種）"},
        explain={"en": "Study variant that departs from the rulebook: who ranks higher when two players have "
                       "the same power in an area.",
                 "ja": "ルールブックと異なる検証用の変種：エリアでパワーが同じプレイヤーのどちらが上か。"},
        values={"front_unit": {"en": "A Flagbearer, then the unit placed earlier (rulebook)",
                               "ja": "旗手、次に先に置いたユニット（ルールブック）"},
                "lot": {"en": "A Flagbearer, then by lot", "ja": "旗手、次にくじ"}}),
}
