"""Hidden information , determinization, descriptions, the heuristic agent and the terminal view."""

from __future__ import annotations

import json

import pytest
from rich.console import Console

from sabbat.agents.random_agent import RandomAgent
from sabbat.core import Rng
from sabbat.games.mystic_vale import GAME
from sabbat.games.mystic_vale.bots import HeuristicAgent


def _played(seed: int, steps: int, n: int = 2):  # type: ignore[no-untyped-def]
    st = GAME.new(n, seed)
    r = Rng(seed)
    for _ in range(steps):
        if st.is_terminal():
            break
        st.apply(r.choice(st.legal_actions()))
    return st


def test_observation_shows_deck_composition_but_not_order() -> None:
    st = _played(1, 30)
    obs = st.observation(0)
    for p in range(2):
        assert obs["players"][p]["deck"] == sorted(st.deck[p])
    assert "box" in obs["commons"] and isinstance(obs["commons"]["box"], int)
    json.dumps(obs)


def test_determinize_reshuffles_decks_and_keeps_compositions() -> None:
    st = _played(2, 40)
    orders = set()
    for k in range(6):
        d = st.determinize(0, Rng(k))
        assert sorted(d.deck[0]) == sorted(st.deck[0]) and sorted(d.deck[1]) == sorted(st.deck[1])
        assert sorted(d.adv_deck[0] + d.box) == sorted(st.adv_deck[0] + st.box)
        assert d.on_deck == st.on_deck and d.field == st.field
        orders.add(tuple(d.deck[0]))
    assert len(orders) > 1


def test_action_descriptions_name_cards_in_both_languages() -> None:
    st = _played(3, 0)
    while st.phase.name != "HARVEST":
        st.apply(st.legal_actions()[-1] if st.phase.name == "PLANT" else st.legal_actions()[0])
    texts = [st.describe_action(a, "en") for a in st.legal_actions()]
    jtexts = [st.describe_action(a, "ja") for a in st.legal_actions()]
    assert any("Fertile Soil" in t for t in texts) and any("肥沃な大地" in t for t in jtexts)


def test_heuristic_agent_only_chooses_legal_actions_and_beats_random() -> None:
    wins = 0
    for i in range(6):
        st = GAME.new(2, 100 + i)
        agents = [HeuristicAgent(i), RandomAgent(i)] if i % 2 == 0 else [RandomAgent(i), HeuristicAgent(i)]
        while not st.is_terminal():
            a = agents[st.current_player].choose(st)  # type: ignore[index]
            assert a in st.legal_actions()
            st.apply(a)
        wins += (i % 2) in st.winners()
    assert wins >= 5
    assert GAME.heuristic_agent(1).name == "heuristic"


def test_terminal_view_renders_both_languages() -> None:
    from sabbat.games.mystic_vale import terminal as view

    st = _played(4, 60, n=3)
    console = Console(width=160, record=True)
    console.print(view.render(st.observation(0), "ja"))
    console.print(view.render(st.observation(None), "en"))
    text = console.export_text()
    assert "フィールド" in text and "VPプール" in text and "Field" in text and "VP pool" in text


def test_summary_lists_acquired_cards() -> None:
    st = _played(5, 10_000)
    summary = st.summary()  # type: ignore[attr-defined]
    assert len(summary["acquired"]) == 2 and summary["rounds"] >= 1


def test_summary_of_a_finished_game_has_rounds_points_end_and_acquired_card_ids() -> None:
    st = GAME.new(3, 11)
    bots = [HeuristicAgent(k) for k in range(3)]
    while not st.is_terminal():
        st.apply(bots[st.current_player].choose(st))
    summary = st.summary()  # type: ignore[attr-defined]
    json.dumps(summary)
    assert summary["end"] == "vp_pool" and 1 <= summary["rounds"] <= 60
    assert len(summary["points"]) == 3 and max(summary["points"]) > 0
    ids = set(GAME.card_ids())
    assert len(summary["acquired"]) == 3 and any(summary["acquired"])
    assert all(card in ids for got in summary["acquired"] for card in got)


def test_summary_offered_lists_per_seat_the_cards_it_could_have_bought() -> None:
    """`offered` (for the balance report's take rates): per seat, the cards it could afford at a
    harvest; never a starting card; a clone keeps its own copy; recording it changes no play."""
    st = GAME.new(3, 12)
    twin = GAME.new(3, 12)
    bots = [HeuristicAgent(k) for k in range(3)]
    twins = [HeuristicAgent(k) for k in range(3)]
    while not st.is_terminal():
        a = bots[st.current_player].choose(st)
        assert twins[twin.current_player].choose(twin) == a
        st.apply(a)
        twin.apply(a)
        if st.decisions == 40:
            copy = st.clone()
            before = list(copy.offered)  # type: ignore[attr-defined]
    summary = st.summary()  # type: ignore[attr-defined]
    json.dumps(summary)
    ids = set(GAME.card_ids())
    offered = summary["offered"]
    assert len(offered) == 3 and all(offered)
    assert all(card in ids and not card.endswith("_start") for got in offered for card in got)
    assert {"cursed_land", "blank"}.isdisjoint(card for got in offered for card in got)
    for seat in range(3):  # what the heuristic bought first in a turn was affordable then
        assert set(summary["acquired"][seat]) <= set(offered[seat])
    assert copy.offered == before  # type: ignore[attr-defined]
    assert st.scores() == twin.scores()


def test_heuristic_stops_planting_when_the_known_deck_is_risky() -> None:
    from sabbat.core import Action
    from tests.games.mystic_vale.mv_helpers import arrange, at_plant
    from tests.games.mystic_vale.mv_helpers import new as fixture_state

    bot = HeuristicAgent(0)
    risky = fixture_state()
    arrange(risky, 0, field=["F", "F", "C", "C"], on_deck="C", deck=["C"] * 8 + ["B"])
    at_plant(risky, 0)
    assert bot.choose(risky) == Action("pass")  # 8 of 9 cards would spoil
    safe = fixture_state()
    arrange(safe, 0, field=["F", "C", "C"], on_deck="F", deck=["B"] * 8 + ["C"])
    build_c = safe.on_deck[0]
    from tests.games.mystic_vale.mv_helpers import build
    build(safe, build_c, [("cursed_land", "top"), ("fertile_soil", "middle")])  # 1 decay, 2 mana on deck
    at_plant(safe, 0)
    assert safe.effective_decay(0) == 3
    assert bot.choose(safe) == Action("push")  # only 1 of 9 cards would spoil


def test_heuristic_buys_the_best_value_per_cost() -> None:
    bot = HeuristicAgent(0)
    st = GAME.new(2, 0)
    obs = st.observation(0)
    parts = obs["catalog"]["parts"]
    c = st.cards
    # a harvest-VP advancement is worth more than a plain Fertile Soil, a decaying mana card less
    assert bot.part_worth(obs, c.part("harvest_patch", "top")) > bot.part_worth(obs, c.soil_part[0])
    assert bot.part_worth(obs, c.part("mana_spring", "top")) < bot.part_worth(obs, c.part("mana_wellspring", "top"))
    assert parts[c.soil_part[0]]["cost"] == 2


def test_heuristic_values_growth_near_two_spirit_and_a_wild_ability_like_wild_symbols() -> None:
    """Why: search self-play took Sprouting Grove (then a growth card) and Spirit Lantern far more often than the
    heuristic did, so once the cards were made dearer the heuristic stopped buying them at all.
    A growth symbol lets about one more card into every later field; wild spirit from an ability pays
    as a wild symbol does."""
    bot = HeuristicAgent(0)
    st = GAME.new(3, 0)
    obs = st.observation(0)
    c = st.cards
    shrine = bot.part_worth(obs, c.part("earth_shrine", "top"))
    growth = bot.part_worth(obs, c.part("world_tree", "top")) - bot.part_worth(obs, c.part("elder_oak", "top"))
    assert growth > 1.8 * shrine  # it was under 1.5 (World Tree is Elder Oak's harvest VP plus a growth symbol)
    lantern = c.part("spirit_lantern", "top")
    amount = obs["catalog"]["parts"][lantern]["ability"][2]
    blossom = bot.part_worth(obs, c.part("wild_blossom", "top"))
    assert bot.part_worth(obs, lantern) == pytest.approx(amount * blossom)


def test_events_and_view_name_the_first_seat_p1_never_p0() -> None:
    st = _played(5, 60)
    lines = [e.render(loc) for e in st.events for loc in ("en", "ja")]
    mine = [e for e in st.events if e.params.get("player") == 0]
    assert mine and all("P1" in e.render(loc) for e in mine for loc in ("en", "ja"))
    assert not any("P0" in line for line in lines)
    setup = next(e for e in st.events if e.key.endswith("event.setup"))
    assert f"P{st.first_player + 1}" in setup.render("en")
    from sabbat.games.mystic_vale import terminal as view

    out = Console(width=200, record=True)
    out.print(view.render(st.observation(0), "en"))
    text = out.export_text()
    assert "P1 (you)" in text and "P2" in text and "P0" not in text


def test_japanese_view_has_no_english_spirit_letters_and_a_legend_for_every_icon() -> None:
    """Polish: E/S/W (W reads as Wild) are gone; each icon is named; no zero-valued fields."""
    import re

    from sabbat.games.mystic_vale import terminal as view
    from tests.games.mystic_vale.mv_helpers import arrange, at_harvest
    from tests.games.mystic_vale.mv_helpers import new as fixture_state

    st = fixture_state()
    arrange(st, 0, field=["S1x2", "W", "B"], on_deck="B", deck=["B"])
    at_harvest(st, 0)
    console = Console(width=240, record=True)
    console.print(view.render(st.observation(0), "ja"))
    text = console.export_text()
    assert not re.search(r"\b[ESW]\d", text) and "精霊 地2 ✶1" in text and "水0" not in text
    for meaning in ("マナ", "大地の精霊", "天空の精霊", "水の精霊", "ワイルド精霊", "腐敗", "生育", "収穫時に得るVP",
                    "ゲーム終了時のVP", "守護者"):
        assert meaning in text
    assert "凡例" in text and "空白カード" in text and "empty" not in text
    harvest = [e for e in st.events if e.key.endswith(".harvest")][-1]
    assert harvest.render("ja").endswith("精霊3") and "0" not in harvest.render("ja").split("：")[1]


def test_identical_abilities_name_the_card_that_carries_them() -> None:
    from tests.games.mystic_vale.mv_helpers import arrange, at_harvest, build
    from tests.games.mystic_vale.mv_helpers import new as fixture_state

    st = fixture_state()
    ids = arrange(st, 0, field=["B", "B"], on_deck="B", deck=["B"])
    for s in ids["field"]:
        build(st, s, [("druid_circle", "top")])
    at_harvest(st, 0)
    uses = [a for a in st.legal_actions() if a.kind == "use"]
    assert len(uses) == 2
    for loc in ("en", "ja"):
        texts = [st.describe_action(a, loc) for a in uses]
        assert len(set(texts)) == 2 and all(f"#{s % 20 + 1}" in t for s, t in zip(ids["field"], texts, strict=True))
