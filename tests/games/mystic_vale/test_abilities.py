"""Every ability handler with its timing: play, harvest (once per turn), ongoing, end-game."""

from __future__ import annotations

from sabbat.core import Action
from sabbat.games.mystic_vale.constants import VALE_SRC
from sabbat.games.mystic_vale.effects import END_HANDLERS, HARVEST_HANDLERS, PLAY_HANDLERS
from sabbat.games.mystic_vale.turn import discard_field
from tests.games.mystic_vale.mv_helpers import act, arrange, at_harvest, at_plant, build, new


def _field_with(parts: list[tuple[str, str]], extra: list[str] = ()):  # type: ignore[no-untyped-def,assignment]
    st = new()
    arrange(st, 0, field=["B", *extra], on_deck="B", deck=["B", "B"])
    s = st.field[0][0]
    build(st, s, parts)
    st.fdecay[0] = sum(st.cstats[x][5] for x in st.field[0])
    return st, s


def test_play_gain_vp_is_immediate_and_survives_a_spoil() -> None:
    st = new()
    ids = arrange(st, 0, field=["C", "C"], on_deck="C", deck=["C", "B", "B", "C", "C"])
    build(st, ids["on_deck"][0], [("wishing_well", "top")])  # play: gain 1 VP, 1 decay (card now 2 decay)
    st.fdecay[0] = 2
    at_plant(st, 0)
    pool = st.pool
    act(st, "push")  # plays the wishing well: +1 VP, then reveals C -> spoil
    assert st.vp[0] == 1 and st.pool == pool - 1


def test_play_mana_is_banked_until_the_field_is_discarded() -> None:
    st = new()
    arrange(st, 0, field=["B"], on_deck="P", deck=["C", "C", "C", "B"])
    at_plant(st, 0)
    act(st, "push")
    assert st.bonus_mana[0] == 1
    act(st, "pass")
    assert st.mana == 1
    discard_field(st, 0)
    assert st.bonus_mana[0] == 0


def test_harvest_mana_per_decay_is_capped() -> None:
    st, s = _field_with([("decay_harvester", "top")], extra=["C", "C", "C", "C"])
    at_harvest(st, 0)
    base = st.mana
    act(st, "use", 4 * s)
    assert st.mana == base + 4  # 5 decay in the field, cap 4


def test_harvest_vp_per_decay_is_capped_at_three() -> None:
    st, s = _field_with([("rot_feast", "top")], extra=["C", "C", "C"])
    at_harvest(st, 0)
    act(st, "use", 4 * s)
    assert st.vp[0] == 3


def test_vp_per_guardian_counts_field_guardians_only() -> None:
    st, s = _field_with([("druid_circle", "top")], extra=["B"])
    # a guardian card in the discard does not count
    st.discard[0] = [19]
    build(st, 19, [("stone_sentry", "top")])
    at_harvest(st, 0)
    act(st, "use", 4 * s)
    assert st.vp[0] == 1


def test_vale_harvest_gain_vp_and_wild() -> None:
    st, _ = _field_with([])
    orchard = st.cards.vale_entry.index("sky_orchard")
    spring = st.cards.vale_entry.index("spirit_spring")
    st.vale[0] = [orchard, spring]
    at_harvest(st, 0)
    assert {Action("use", (VALE_SRC + orchard,)), Action("use", (VALE_SRC + spring,))} <= set(st.legal_actions())
    act(st, "use", VALE_SRC + orchard)
    act(st, "use", VALE_SRC + spring)
    wild = st.cards.entry("spirit_spring").ability.amount  # type: ignore[union-attr]
    assert st.vp[0] == 1 and st.spirit[3] == wild
    assert not any(a.kind == "use" for a in st.legal_actions())  # once per turn


def test_ongoing_wild_spirit_from_a_banner_anywhere_in_the_deck() -> None:
    st = new()
    arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    build(st, 19, [("fx_banner_wild", "top")])
    st.deck[0].append(19)
    st.recompute_ongoing(0)
    at_harvest(st, 0)
    assert st.spirit[3] == 1


def test_spirit_lantern_gives_its_wild_spirit_only_in_a_harvest_where_it_is_in_the_field() -> None:
    """Issue 21: the Lantern paid every harvest from anywhere in the deck; now only from the field."""
    st = new()
    arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    lantern = build(st, 19, [("spirit_lantern", "top")])
    st.deck[0].append(lantern)  # in the deck: nothing
    st.recompute_ongoing(0)
    at_harvest(st, 0)
    assert st.spirit[3] == 0 and not any(a.kind == "use" for a in st.legal_actions())

    st, s = _field_with([("spirit_lantern", "top")])  # in the field: a harvest ability of its banner
    st_ability = st.cards.entry("spirit_lantern").ability
    assert st_ability is not None and st_ability.timing == "harvest" and st_ability.banner
    at_harvest(st, 0)
    assert st.spirit[3] == 0
    act(st, "use", 4 * s + 3)
    assert st.spirit[3] == st_ability.amount
    assert not any(a.kind == "use" for a in st.legal_actions())  # once per harvest


def test_end_game_level3_and_vale_counting() -> None:
    st = new()
    arrange(st, 0, on_deck="B", deck=["B"] * 19)
    build(st, 0, [("standing_stones", "top"), ("wild_heart", "middle")])
    st.vale[0] = [st.cards.vale_entry.index("ancient_library")]
    stones = st.cards.entry("standing_stones").endgame_vp
    assert st.points(0) == stones + 1 + 3 + 2  # stones, wild heart, library VP, 2 level-3 advancements


def test_unspent_mana_and_spirit_are_lost_at_the_end_of_harvest() -> None:
    st, _ = _field_with([("fx_mana5", "top"), ("fx_wild", "middle")])
    at_harvest(st, 0)
    act(st, "end")
    assert st.mana == 0 and st.spirit == [0, 0, 0, 0]


def test_every_handler_is_named() -> None:
    assert set(PLAY_HANDLERS) == {"gain_mana", "gain_wild", "gain_vp"}
    assert {"vp_per_guardian", "mana_per_decay", "vp_per_decay", "vp_per_vale"} <= set(HARVEST_HANDLERS)
    assert set(END_HANDLERS) == {"end_vp_per_guardian", "end_vp_per_level3", "end_vp_per_vale"}


def test_one_shot_vale_ability_is_used_once_per_game() -> None:
    st, _ = _field_with([])
    ring = st.cards.vale_entry.index("fungus_ring")  # one-shot: gain 3 VP
    st.vale[0] = [ring]
    at_harvest(st, 0)
    act(st, "use", VALE_SRC + ring)
    assert st.vp[0] == 3 and st.spent == [ring]
    act(st, "end")
    arrange(st, 0, field=["B"], on_deck="B", deck=["B", "B"])
    at_harvest(st, 0)
    assert Action("use", (VALE_SRC + ring,)) not in st.legal_actions()
