"""Issue 17 findings, each named after the rulebook passage it enforces (Japanese rules explanation)."""

from __future__ import annotations

from sabbat.core import Action, i18n
from sabbat.games.mystic_vale.constants import VALE_SRC, Phase
from sabbat.games.mystic_vale.effects import vp_per_vale
from tests.games.mystic_vale.mv_helpers import act, arrange, at_harvest, at_plant, kinds, new, put_vale


def test_yamafuda_ga_kokatsu_shitara_sonotsudo_the_discard_is_shuffled_as_soon_as_the_deck_runs_out() -> None:
    """「山札が枯渇したらそのつど捨て山をシャッフルして新たな山札とする」: not at the next draw."""
    st = new()
    ids = arrange(st, 0, field=["B"] * 4, on_deck="B", deck=["B"], discard=["B"] * 3)
    at_plant(st, 0)
    act(st, "push")
    # the deck's last card became the on-deck card; the discard pile is the new deck at once
    assert st.on_deck[0] == ids["deck"][0]
    assert sorted(st.deck[0]) == sorted(ids["discard"]) and st.discard[0] == []
    assert any(e.key.endswith(".reshuffle") for e in st.events)
    # the field goes to the (empty) discard pile, not into the deck already formed
    act(st, "pass")
    act(st, "end")
    assert set(ids["field"]) | {ids["on_deck"][0]} <= set(st.discard[0]) | set(st.field[0]) | {st.on_deck[0]}
    assert not (set(ids["field"]) & set(st.deck[0]))


def test_yamafuda_ga_kokatsu_the_discard_phase_restocks_an_empty_deck() -> None:
    """An empty deck with nothing to shuffle takes the field as soon as it is discarded."""
    st = new()
    ids = arrange(st, 0, field=["B"] * 3, on_deck="C", deck=[], discard=[])
    at_harvest(st, 0)
    act(st, "end")
    # prep then plays the on-deck card and reveals from the new deck made of the old field
    assert st.discard[0] == []
    assert set(st.deck[0]) | set(st.field[0]) | {st.on_deck[0]} >= set(ids["field"])


def test_kachi_card_one_shot_ability_is_optional_and_may_be_kept() -> None:
    """A one-shot vale ability may be kept for a later harvest: `end` is legal with it unused."""
    st = new()
    arrange(st, 0, field=["B"], on_deck="B", deck=["B", "B"])
    ring = st.cards.vale_entry.index("fungus_ring")  # one-shot: gain 3 VP
    st.vale[0] = [ring]
    at_harvest(st, 0)
    assert Action("use", (VALE_SRC + ring,)) in st.legal_actions() and "end" in kinds(st)
    act(st, "end")
    assert ring not in st.spent and st.vp[0] == 0
    arrange(st, 0, field=["B"], on_deck="B", deck=["B", "B"])
    at_harvest(st, 0)
    act(st, "use", VALE_SRC + ring)
    assert st.vp[0] == 3 and st.spent == [ring]


def test_kachi_card_repeating_harvest_ability_stays_mandatory() -> None:
    st = new()
    arrange(st, 0, field=["B"], on_deck="B", deck=["B", "B"])
    pool = st.cards.vale_entry.index("mana_pool")  # repeating: +1 mana
    st.vale[0] = [pool]
    at_harvest(st, 0)
    assert "end" not in kinds(st)


def test_seirei_symbol_wo_kounyuu_shikin_a_vale_card_is_affordable_whenever_its_cost_is_met() -> None:
    """「精霊シンボル…の数を購入資金にして」: a 1-spirit vale card is bought with exactly 1 spirit."""
    st = new()
    arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    vid = put_vale(st, 1, 0, "fx_vale_mana")  # costs one earth spirit
    at_harvest(st, 0)
    st.spirit = [1, 0, 0, 0]
    st._legal = None
    assert Action("vale", (1, 0)) in st.legal_actions()
    act(st, "vale", 1, 0)
    assert st.vale[0] == [vid] and st.spirit == [0, 0, 0, 0]


def test_seirei_symbol_one_wild_spirit_alone_pays_a_one_spirit_vale_card() -> None:
    st = new()
    arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    put_vale(st, 1, 0, "fx_vale_mana")
    at_harvest(st, 0)
    st.spirit = [0, 0, 0, 1]
    st._legal = None
    assert Action("vale", (1, 0)) in st.legal_actions()


def test_vp_per_two_vale_cards_rounds_down_with_exactly_one_vale_card() -> None:
    """Vale Warden: 1 VP per *two* vale cards — one card gives nothing, three give one."""
    st = new()
    st.vale[0] = [0]
    assert vp_per_vale(st, 0, 3) == 0 and st.vp[0] == 0
    st.vale[0] = [0, 1, 2]
    assert vp_per_vale(st, 0, 3) == 1 and st.vp[0] == 1
    st.vale[0] = list(range(8))
    assert vp_per_vale(st, 0, 3) == 3  # capped


def test_one_card_number_per_card_in_options_events_and_board() -> None:
    """The sleeve choice, the sleeve event and the board all show card #(k+1) of the player's 20."""
    from sabbat.games.mystic_vale.terminal import _card_row

    st = new()
    ids = arrange(st, 1, field=["B", "B"], on_deck="B", deck=["B"])
    target = ids["field"][1]
    number = target % 20 + 1
    st.turn_player = 1
    st.phase = Phase.SLEEVE
    st.pending = [st.cards.soil_part[0]]
    st._legal = None
    action = Action("sleeve", (0, target))
    assert action in st.legal_actions()
    for loc in ("en", "ja"):
        assert f"#{number}" in st.describe_action(action, loc)
    start = len(st.events)
    st.apply(action)
    sleeve = [e for e in st.events[start:] if e.key.endswith(".sleeve")][0]
    for loc in ("en", "ja"):
        assert f"#{number}" in i18n.render(sleeve.key, loc, sleeve.params)
    assert _card_row(st.observation(1), 1, target, "en")[0] == f"#{number}"
    assert number != target + 1  # seat 1's cards: the global index would have shown another number

