"""Planting and prep: push your luck, spoil, growth, reshuffle; scenarios 2-5, 8, 17, 18, 26."""

from __future__ import annotations

from sabbat.games.mystic_vale.constants import Phase
from sabbat.games.mystic_vale.turn import prep
from tests.games.mystic_vale.mv_helpers import act, arrange, at_plant, kinds, new


def _after_setup(deck_rest: list[str]) -> tuple[object, dict[str, list[int]]]:
    st = new()
    ids = arrange(st, 0, field=["B", "F", "C", "B", "C"], on_deck="C", deck=deck_rest)
    at_plant(st, 0)
    return st, ids


def test_scenario_2_push_without_spoiling_offers_the_choice_again() -> None:
    st, ids = _after_setup(["B", "C", "B"])
    act(st, "push")
    assert ids["on_deck"][0] in st.field[0]
    assert st.on_deck[0] == ids["deck"][0]
    assert st.effective_decay(0) == 3 and st.phase is Phase.PLANT
    assert kinds(st) == {"push", "pass"}


def test_scenario_3_push_and_spoil_skips_harvest_and_activates_token() -> None:
    st, ids = _after_setup(["C", "B", "B", "C", "C", "B"])
    pool = st.pool
    act(st, "push")
    # harvest skipped: the turn went straight through discard and prep to the next player
    assert st.turn_player == 1 and st.pool == pool and st.vp[0] == 0
    assert st.token[0]
    spoiled_on_deck = ids["deck"][0]
    assert set(ids["field"] + ids["on_deck"]) <= set(st.discard[0]) or spoiled_on_deck in st.field[0]
    assert len([e for e in st.events if e.key.endswith("spoil")]) == 1


def test_scenario_3_on_deck_card_stays_after_spoil() -> None:
    st, ids = _after_setup(["C", "B", "B", "C", "C", "B"])
    act(st, "push")
    # the spoiling on-deck card C was not discarded: the prep played it into the new field
    spoil_card = ids["deck"][0]
    assert spoil_card in st.field[0]
    assert sorted(st.discard[0]) == sorted(ids["field"] + ids["on_deck"])


def test_scenario_4_growth_in_the_field_cancels_decay_in_prep() -> None:
    st = new()
    arrange(st, 0, field=[], on_deck="G", deck=["C", "C", "D2", "B"])
    prep(st, 0)  # G, C, C into the field (decay 2 growth 1 -> 1,...), then D2 revealed
    assert st.effective_decay(0) == 3 and not st.skip_next[0]
    st2 = new()
    arrange(st2, 0, field=[], on_deck="B", deck=["C", "C", "D2", "B"])
    prep(st2, 0)
    assert st2.effective_decay(0) == 4 and st2.skip_next[0]


def test_scenario_5_growth_on_the_on_deck_card_counts() -> None:
    st = new()
    arrange(st, 0, field=["C", "C"], on_deck="C", deck=["G", "C", "B"])
    at_plant(st, 0)
    assert st.effective_decay(0) == 3
    act(st, "push")
    assert st.effective_decay(0) == 2 and st.phase is Phase.PLANT
    act(st, "push")
    assert st.effective_decay(0) == 3 and st.phase is Phase.PLANT


def test_scenario_8_mana_token_does_not_stack() -> None:
    st, _ = _after_setup(["C", "B", "B", "C", "C", "B"])
    st.token[0] = True
    act(st, "push")
    assert st.token[0] is True


def test_scenario_17_prep_spoil_skips_next_planting_and_harvest() -> None:
    st = new()
    ids = arrange(st, 0, field=[], on_deck="D2", deck=["C", "C", "B", "C", "B", "B"])
    # D2 fixture plus a cursed land in the same card: 3 decay on one card
    from tests.games.mystic_vale.mv_helpers import build
    build(st, ids["on_deck"][0], [("fx_decay2", "top"), ("cursed_land", "middle")])
    prep(st, 0)
    assert st.skip_next[0] and st.token[0]
    assert len(st.field[0]) == 1
    # next turn of player 0 starts at discard: simulate player 1 finishing a turn
    st.turn_player = 1
    st.phase = Phase.PLANT
    arrange(st, 1, field=["B"], on_deck="C", deck=["B", "B", "B", "B"])
    from sabbat.games.mystic_vale.turn import finish_turn
    field0 = list(st.field[0])
    finish_turn(st)
    assert st.turn_player == 1  # player 0's turn was skipped
    assert set(field0) <= set(st.discard[0])
    assert any(e.key.endswith(".skip") and e.params["player"] == 0 for e in st.events)


def test_scenario_18_reshuffle_uses_only_the_discard_pile() -> None:
    st = new()
    ids = arrange(st, 0, field=["B"] * 14, on_deck="B", deck=[], discard=["B"] * 5)
    at_plant(st, 0)
    assert "push" in kinds(st)
    act(st, "push")
    assert ids["on_deck"][0] in st.field[0] and len(st.field[0]) == 15
    assert st.on_deck[0] in ids["discard"]
    assert st.discard[0] == [] and len(st.deck[0]) == 4


def test_scenario_26_spoil_suppresses_harvest_vp() -> None:
    st = new()
    arrange(st, 0, field=["V1", "V1", "C", "C"], on_deck="C", deck=["C", "B", "B"])
    at_plant(st, 0)
    pool = st.pool
    act(st, "push")
    assert st.pool == pool and st.vp[0] == 0


def test_push_needs_an_on_deck_card_and_a_card_to_reveal() -> None:
    st = new()
    arrange(st, 0, field=["C", "C"], on_deck="C", deck=[], discard=[])
    at_plant(st, 0)
    assert kinds(st) == {"pass"}


def test_scenario_15_play_ability_resolves_before_the_next_reveal() -> None:
    """Scenario 15: move P -> resolve play(P) -> reveal."""
    st = new()
    arrange(st, 0, field=[], on_deck="P", deck=["C", "C", "C", "B"])
    start = len(st.events)
    prep(st, 0)
    keys = [e.key.rsplit(".", 1)[1] for e in st.events[start:]]
    # the play ability is logged before the prep's reveal of the next on-deck card
    assert keys[0] == "ability" and keys[1] == "prep"
    assert st.events[start + 1].params["n"] == 3  # P, C, C planted; the third C revealed
    assert st.bonus_mana[0] == 1


def test_play_ability_sees_the_card_in_the_field_and_no_new_on_deck_card(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from sabbat.games.mystic_vale import effects

    seen: list[tuple[int, bool]] = []
    original = effects.PLAY_HANDLERS["gain_mana"]

    def spy(st, p, n):  # type: ignore[no-untyped-def]
        seen.append((st.on_deck[p], len(st.field[p]) == 1))
        return original(st, p, n)

    monkeypatch.setitem(effects.PLAY_HANDLERS, "gain_mana", spy)
    st = new()
    arrange(st, 0, field=[], on_deck="P", deck=["C", "C", "C", "B"])
    prep(st, 0)
    assert seen == [(-1, True)]  # moved to the field, next card not yet revealed
