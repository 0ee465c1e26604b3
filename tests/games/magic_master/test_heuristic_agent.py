"""The heuristic agent: legal choices, only public reads, and clearly better than random."""

from __future__ import annotations

from sabbat import games
from sabbat.agents.random_agent import RandomAgent


def test_heuristic_beats_random_players():  # requirement 8
    game = games.get("magic_master")
    wins = 0
    for k in range(20):
        state = game.new(3, 300 + k)
        seat = k % 3
        agents = [game.heuristic_agent(k) if p == seat else RandomAgent(k * 5 + p) for p in range(3)]
        while not state.is_terminal():
            p = state.current_player
            action = agents[p].choose(state)
            assert action in state.legal_actions()
            state.apply(action)
        wins += state.winners() == [seat]
    assert wins >= 16


def test_heuristic_plays_a_full_game_against_itself():  # all phases reachable by the bot
    game = games.get("magic_master")
    state = game.new(4, 12)
    agent = game.heuristic_agent(3)
    kinds = set()
    while not state.is_terminal():
        action = agent.choose(state)
        kinds.add(action.kind)
        state.apply(action)
    assert state.winners() and {"choose_heir", "end_regroup", "take"} <= kinds


def test_terrain_bound_cards_are_worth_more_while_a_rival_shelters_there():
    from sabbat.games.magic_master.bots import _Ctx

    game = games.get("magic_master")
    state = game.new(2, 5)
    agent = game.heuristic_agent(1)
    while state.phase.value == "choose_heir" or not all(state.groups):
        state.apply(agent.choose(state))
    t = state.t
    ids = {t.inst[i].id: i for i in range(len(t.inst))}
    for p in (0, 1):
        for g in state.groups[p]:
            g.terrain = -1
    rival = next(g for g in state.groups[1] if g.char)

    def worth(card: str) -> float:
        return _Ctx(t, state.observation(0), 0).card_value(ids[card])

    open_field = {card: worth(card)
                  for card in ("tree_spirit", "earth_spirit", "open_gate", "battering_ram", "wolf", "fireball")}
    rival.terrain = ids["forest"]
    assert worth("tree_spirit") > open_field["tree_spirit"] + 2
    assert worth("wolf") > open_field["wolf"]
    assert worth("battering_ram") == open_field["battering_ram"]  # a forest is no castle
    assert worth("earth_spirit") == open_field["earth_spirit"]  # it needs a cave
    assert worth("fireball") == open_field["fireball"]
    rival.terrain = ids["castle"]
    assert worth("open_gate") > open_field["open_gate"]
    assert worth("battering_ram") > open_field["battering_ram"]  # it only adds to attacks on a castle
    state.groups[0][0].terrain = ids["forest"]  # one's own shelter is no target
    assert worth("tree_spirit") == open_field["tree_spirit"]
