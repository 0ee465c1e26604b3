"""The heuristic agent and the statistics the game publishes for balance work."""

from __future__ import annotations

from sabbat.agents import RandomAgent
from sabbat.core import Action
from sabbat.games.monslaught import GAME


def test_heuristic_beats_random_players() -> None:
    wins = 0
    for g in range(6):
        n = 3
        seat = g % n
        st = GAME.new(n, 300 + g)
        bots = [GAME.heuristic_agent(g) if p == seat else RandomAgent(g + p) for p in range(n)]
        while not st.is_terminal():
            action = bots[st.current_player].choose(st)
            assert action in st.legal_actions()
            st.apply(action)
        wins += seat in st.winners()
    assert wins >= 5


def test_summary_lists_acquired_cards() -> None:
    st = GAME.new(2, 4)
    bots = [GAME.heuristic_agent(p) for p in range(2)]
    while not st.is_terminal():
        st.apply(bots[st.current_player].choose(st))
    acquired = st.summary()["acquired"]
    assert len(acquired) == 2 and all(isinstance(c, str) for a in acquired for c in a)
    assert any(acquired)


def test_descriptions_name_cards() -> None:
    st = GAME.new(2, 1)
    text = st.describe_action(st.legal_actions()[0], "ja")
    assert "を選ぶ" in text and "_" not in text
    assert GAME.new(2, 1).describe_action(Action("summon", ("frog",)), "en") == "Summon Frog (summon cost 1)"


def test_summary_of_a_hand_built_finished_game() -> None:
    """`end` is "final_boss" after round 12 (the game has no safety cap); `acquired` lists what was taken."""
    from sabbat.games.monslaught.model import Phase

    st = GAME.new(2, 3)
    assert st.summary()["end"] == "unfinished"
    st.acquired = [["farm", "vampire"], []]
    st.offered = [st.db.offer_bit["farm"] | st.db.offer_bit["vampire"] | st.db.offer_bit["imp"], 0]
    st.round = 12
    st.phase = Phase.OVER
    summary = st.summary()
    assert summary == {"acquired": [["farm", "vampire"], []], "offered": [["imp", "vampire", "farm"], []],
                       "rounds": 12, "end": "final_boss"}
