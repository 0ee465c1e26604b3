"""Rules pinned by the mutation run (`tools/mutation/`): each test here kills a mutant
that survived the first run, with a hand-built position whose answer is known from the rules, never
recomputed the way the code does."""

from __future__ import annotations

import tempfile
from pathlib import Path

import yaml

from sabbat.core import Action, Rng
from sabbat.games.mystic_vale import GAME
from sabbat.games.mystic_vale.cards import DEFAULT_PATH, POSITIONS
from sabbat.games.mystic_vale.constants import VALE_SRC, Phase
from sabbat.games.mystic_vale.effects import end_vp_per_guardian
from sabbat.games.mystic_vale.state import MysticValeState
from sabbat.games.mystic_vale.turn import finish_turn, prep, reveal
from tests.games.mystic_vale.mv_helpers import (
    FIXTURE,
    act,
    arrange,
    at_harvest,
    at_plant,
    build,
    kinds,
    new,
    put_display,
    put_vale,
)


def _last_seat_ends_turn(st, turns_taken: int, decisions: int = 0) -> None:  # type: ignore[no-untyped-def]
    last = (st.first_player - 1) % 2
    arrange(st, last, field=["B"], on_deck="B", deck=["B"] * 5)
    st.turn_player = last
    st.turns_taken = turns_taken
    st.decisions = decisions
    finish_turn(st)


def test_e1_the_game_stops_after_exactly_sixty_rounds() -> None:
    st = new()
    _last_seat_ends_turn(st, turns_taken=119)  # the 120th turn ends round 60 (2 players)
    assert st.is_terminal() and st.pool > 0 and st.summary()["rounds"] == 60
    st = new()
    _last_seat_ends_turn(st, turns_taken=117)  # the 118th ends round 59: play goes on
    assert not st.is_terminal()


def test_e1_the_game_stops_at_the_end_of_the_round_that_reaches_1500_decisions() -> None:
    st = new()
    _last_seat_ends_turn(st, turns_taken=20, decisions=1500)
    assert st.is_terminal() and st.summary()["end"] == "cap"
    st = new()
    _last_seat_ends_turn(st, turns_taken=20, decisions=1499)
    assert not st.is_terminal()


def test_e1_each_decision_counts_once_towards_the_1500_cap() -> None:
    st = new()
    last = (st.first_player - 1) % 2
    arrange(st, last, field=["B"], on_deck="B", deck=["B"] * 5)
    at_harvest(st, last)
    st.decisions = 1498
    act(st, "end")  # the 1,499th decision: the round ends without reaching the cap
    assert st.decisions == 1499 and not st.is_terminal()


def test_the_on_deck_card_of_the_first_sleeve_counts_towards_decay() -> None:
    st = new()
    ids = arrange(st, 0, on_deck="C", deck=["B"])  # no field: the on-deck card is sleeve 0
    assert ids["on_deck"] == [0]
    assert st.effective_decay(0) == 1


def test_vale_warden_with_one_vale_card_gives_nothing_and_says_nothing() -> None:
    st = new()
    ids = arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    s = ids["field"][0]
    build(st, s, [("vale_warden", "top")])
    st.vale[0] = [st.cards.vale_entry.index("reed_marsh")]
    at_harvest(st, 0)
    pool, start = st.pool, len(st.events)
    act(st, "use", 4 * s)  # 1 VP per two vale cards: one card gives 0
    assert st.vp[0] == 0 and st.pool == pool
    assert not [e for e in st.events[start:] if e.key.endswith(".gain_vp")]


def test_a_third_vale_card_is_never_offered_in_one_harvest() -> None:
    st = new()
    arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    put_vale(st, 1, 0, "earth_glade")
    put_vale(st, 1, 1, "sky_glade")
    put_vale(st, 1, 2, "water_glade")
    at_harvest(st, 0)
    st.spirit = [2, 2, 2, 3]  # enough for all three
    st._legal = None
    act(st, "vale", 1, 0)
    act(st, "vale", 1, 1)
    assert st.vale_bought == 2 and "vale" not in kinds(st)


def test_the_first_sleeve_as_on_deck_card_may_be_pushed() -> None:
    st = new()
    ids = arrange(st, 0, on_deck="B", deck=["B", "B"])
    assert ids["on_deck"] == [0]
    at_plant(st, 0)
    assert kinds(st) == {"push", "pass"}


def test_the_revealed_card_is_named_by_its_parts() -> None:
    st = new()
    arrange(st, 0, field=["B"], on_deck="B", deck=["C", "B"])
    at_plant(st, 0)
    start = len(st.events)
    act(st, "push")
    push = next(e for e in st.events[start:] if e.key.endswith(".push"))
    assert push.render("en").endswith("Cursed Land")
    assert push.render("ja").endswith("呪われた土地をめくった")


def _card_file_with_fungus_ring_first() -> str:
    data = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    vale = data["vale_cards"]
    vale.sort(key=lambda v: v["id"] != "fungus_ring")
    path = Path(tempfile.mkdtemp(prefix="mv_ring_first_")) / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return str(path)


def test_e3_a_one_shot_vale_ability_may_be_kept_even_on_the_first_vale_card() -> None:
    st = GAME.new(2, 0, {"cards": _card_file_with_fungus_ring_first()})
    assert isinstance(st, MysticValeState)
    assert st.cards.vale_entry[0] == "fungus_ring"
    arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    st.vale[0] = [0]
    at_harvest(st, 0)
    assert {a.kind for a in st.legal_actions()} >= {"use", "end"}  # keep it for a later harvest
    act(st, "use", VALE_SRC)  # or use it now: 3 VP, and it is spent
    assert st.vp[0] == 3 and st.spent == [0]


def test_growth_equal_to_decay_leaves_no_decay_and_an_empty_field_has_none() -> None:
    st = new()
    arrange(st, 0, field=["C", "G"], on_deck="B", deck=["B"])  # 1 decay, 1 growth
    assert st.effective_decay(0) == 0
    arrange(st, 0, on_deck="B", deck=["B"])
    assert st.effective_decay(0) == 0


def test_german_trade_is_offered_with_exactly_three_spirit() -> None:
    st = GAME.new(2, 0, {"cards": str(FIXTURE), "german_spirit_trade": True})
    assert isinstance(st, MysticValeState)
    arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    at_harvest(st, 0)
    st.spirit = [1, 1, 1, 0]
    st._legal = None
    assert "give" in kinds(st)
    st.spirit = [1, 1, 0, 0]
    st._legal = None
    assert "give" not in kinds(st)


def test_an_advancement_goes_only_into_an_empty_position() -> None:
    st = new()
    ids = arrange(st, 0, field=["B", "B"], on_deck="B", deck=["B"] * 3)
    pos = POSITIONS[st.cards.part_pos[0]]
    build(st, ids["field"][0], [(st.cards.part_entry[0], pos)])  # a Cursed Land part (the first part id)
    assert st.slots[3 * ids["field"][0] + st.cards.part_pos[0]] == 0
    st.turn_player = 0
    st.phase = Phase.SLEEVE
    st.pending = [st.cards.part("fertile_soil", pos)]
    st._legal = None
    assert [a.args for a in st.legal_actions()] == [(0, ids["field"][1])]


def test_determinize_keeps_every_hidden_pile_size_and_reshuffles_each_deck() -> None:
    st = new()
    st.adv_deck[0] = st.adv_deck[0][:5]  # sizes that differ from level 2 and 3
    st.adv_deck[2] = st.adv_deck[2][:4]
    sizes = [len(d) for d in st.adv_deck] + [len(st.box)] + [len(d) for d in st.vale_deck]
    orders: list[set[tuple[int, ...]]] = [set() for _ in range(5)]
    for k in range(8):
        d = st.determinize(0, Rng(k))
        assert [len(x) for x in d.adv_deck] + [len(d.box)] + [len(x) for x in d.vale_deck] == sizes
        for i, deck in enumerate((*d.adv_deck, *d.vale_deck)):
            orders[i].add(tuple(deck))
    assert all(len(o) > 1 for o in orders)  # level 1, 2, 3 advancements and both vale decks


def test_a_sleeve_is_named_by_all_its_layers() -> None:
    st = new()
    ids = arrange(st, 0, field=["B", "B"], on_deck="B", deck=["B"])
    s = ids["field"][1]
    build(st, ids["field"][0], [("cursed_land", "top")])
    build(st, s, [("fertile_soil", "top"), ("sprouting_grove", "middle"), ("mana_spring", "bottom")])
    assert st.sleeve_parts(s) == {"en": "Fertile Soil + Sprouting Grove + Mana Spring",
                                  "ja": "肥沃な大地＋芽吹きの木立＋魔力の泉"}


def test_e8_tie_break_counts_level3_parts_and_level2_vale_cards_only() -> None:
    st = new()
    ids = arrange(st, 0, field=["C", "F", "B"], on_deck="B", deck=["B"])
    build(st, ids["field"][2], [("fertile_soil", "top"), ("sprouting_grove", "middle"), ("standing_stones", "bottom")])
    st.vale[0] = [st.cards.vale_entry.index("earth_glade"), st.cards.vale_entry.index("earth_sanctum")]
    assert st.tiebreak(0) == 2  # Standing Stones (level 3) + Earth Sanctum (level-2 vale)
    assert st.tie_breaks()[0] == {"mystic_vale.tiebreak.level3_vale2": 2}


def test_vale_cards_can_be_bought_with_wild_spirit_alone_or_one_kind() -> None:
    for spirit in ([0, 0, 0, 2], [0, 2, 0, 0], [0, 0, 2, 0], [0, 1, 0, 1]):
        st = new()
        arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
        put_vale(st, 1, 0, "earth_glade")  # earth 2
        put_vale(st, 1, 1, "sky_glade")  # sky 2
        put_vale(st, 1, 2, "water_glade")  # water 2
        at_harvest(st, 0)
        st.spirit = spirit
        st._legal = None
        assert "vale" in kinds(st), spirit


def test_summary_acquired_lists_bought_parts_and_vale_cards_not_starting_cards() -> None:
    st = new()
    ids = arrange(st, 0, field=["C", "F", "B"], on_deck="B", deck=["B"])
    build(st, ids["field"][2], [("fertile_soil", "top"), ("standing_stones", "bottom")])
    st.vale[0] = [st.cards.vale_entry.index("earth_glade")]
    assert st.summary()["acquired"][0] == ["fertile_soil", "standing_stones", "earth_glade"]
    ids = arrange(st, 1, field=["B"], on_deck="B", deck=["B"])
    build(st, ids["field"][0], [("sprouting_grove", "middle")])
    assert st.summary()["acquired"] == [["fertile_soil", "standing_stones", "earth_glade"], ["sprouting_grove"]]


def test_an_advancement_costing_exactly_the_mana_left_can_be_bought() -> None:
    st = new()
    arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    put_display(st, 1, 0, "sprouting_grove", "top")
    at_harvest(st, 0)
    cost = st.cards.part_cost[st.cards.part("sprouting_grove", "top")]
    st.mana = cost
    st._legal = None
    assert Action("buy", (1, 0)) in st.legal_actions()
    st.mana = cost - 1
    st._legal = None
    assert Action("buy", (1, 0)) not in st.legal_actions()


def test_a_starting_cursed_land_is_named_on_its_card() -> None:
    st = new()
    ids = arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    s = ids["field"][0]
    build(st, s, [(st.cards.part_entry[0], POSITIONS[st.cards.part_pos[0]])])  # the first part id
    assert st.sleeve_parts(s) == {"en": "Cursed Land", "ja": "呪われた土地"}


def _card_file_with_ongoing_amounts_of_two() -> str:
    """Two made-up cards whose ongoing amount is 2 and that are no banner (the printed ones are 1)."""
    data = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    for ident, effect, extra in (("fx_wild_spring", "harvest_wild", {}),
                                 ("fx_guard_crown", "end_vp_per_guardian", {"guardian": 1})):
        data["advancements"].append(
            {"id": ident, "name": {"en": "fx", "ja": "fx"}, "level": 1, "cost": 1, "count": 1,
             "positions": {"top": 1}, "supply": "none", "provenance": {"default": "reconstructed"},
             "ability": {"timing": "ongoing", "effect": effect, "amount": 2}, **extra})
    path = Path(tempfile.mkdtemp(prefix="mv_ongoing2_")) / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return str(path)


def test_an_ongoing_wild_bonus_gives_its_printed_amount_in_every_harvest() -> None:
    st = GAME.new(2, 0, {"cards": _card_file_with_ongoing_amounts_of_two()})
    assert isinstance(st, MysticValeState)
    ids = arrange(st, 0, field=["B"], on_deck="B", deck=["B"], discard=["B"])
    build(st, ids["discard"][0], [("fx_wild_spring", "top")])  # in the discard pile: still in force
    st.recompute_ongoing(0)
    at_harvest(st, 0)
    assert st.spirit == [0, 0, 0, 2]


def test_an_ongoing_end_game_bonus_counts_its_printed_amount_per_guardian() -> None:
    st = GAME.new(2, 0, {"cards": _card_file_with_ongoing_amounts_of_two()})
    assert isinstance(st, MysticValeState)
    ids = arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    build(st, ids["deck"][0], [("fx_guard_crown", "top"), ("treant_guardian", "middle")])
    st.vp[0] = 0
    # 2 guardians x 2 VP, + the end-game VP printed on the Treant Guardian
    assert st.points(0) == 4 + st.cards.entry("treant_guardian").endgame_vp


def test_a_vale_card_takes_wild_spirit_for_the_one_symbol_missing_of_each_kind() -> None:
    for slot, vale in enumerate(("earth_glade", "sky_glade", "water_glade")):  # 2 of one kind each
        st = new()
        arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
        put_vale(st, 1, slot, vale)
        at_harvest(st, 0)
        st.spirit = [0, 0, 0, 1]
        st.spirit[slot] = 1
        st._legal = None
        assert Action("vale", (1, slot)) in st.legal_actions(), vale


def test_a_banner_harvest_ability_on_any_card_can_be_used() -> None:
    st = new()
    ids = arrange(st, 0, field=["B", "B"], on_deck="C", deck=["B"])  # the next sleeve has a Cursed Land
    s = ids["field"][1]
    build(st, s, [("fx_banner_vp", "top")])
    at_harvest(st, 0)
    assert [a.args for a in st.legal_actions() if a.kind == "use"] == [(4 * s + 3,)]
    act(st, "use", 4 * s + 3)
    assert st.vp[0] == 1


def test_setup_announces_each_seats_on_deck_card() -> None:
    st = new(3)
    reveals = [e for e in st.events if e.key == "mystic_vale.event.reveal"]
    assert {e.params["player"] for e in reveals} == {0, 1, 2}


def test_a_vale_ability_that_is_not_one_shot_works_again_next_harvest() -> None:
    st = new()
    arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    vid = st.cards.vale_entry.index("fx_vale_mana")  # harvest: +1 mana, every harvest
    st.vale[0] = [vid]
    at_harvest(st, 0)
    act(st, "use", VALE_SRC + vid)
    assert st.mana == 1 and st.spent == []
    at_harvest(st, 0)
    assert st.todo == [VALE_SRC + vid]


def test_sleeving_into_a_card_that_already_has_growth_keeps_its_growth_once() -> None:
    st = new()
    ids = arrange(st, 0, field=["G", "B"], on_deck="B", deck=["B"] * 3)  # 1 growth already
    st.turn_player = 0
    st.phase = Phase.SLEEVE
    st.pending = [st.cards.part("bountiful_harvest", "middle"), st.cards.part("fertile_soil", "bottom")]
    st._legal = None
    act(st, "sleeve", 0, ids["field"][0])  # Bountiful Harvest: 1 decay, no growth
    assert (st.fdecay[0], st.fgrowth[0]) == (1, 1)


def test_play_bonuses_banked_with_a_field_are_gone_after_the_discard() -> None:
    st = new()
    p = (st.first_player - 1) % 2
    arrange(st, p, field=["B"], on_deck="B", deck=["B"] * 5)
    st.bonus_mana[p], st.bonus_wild[p] = 2, 1  # from play abilities this turn, unused
    st.turn_player = p
    finish_turn(st)
    at_harvest(st, p)
    assert st.mana == 0 and st.spirit == [0, 0, 0, 0]


def test_a_player_who_planted_the_whole_deck_preps_from_the_reshuffled_discard() -> None:
    st = new()
    p = (st.first_player - 1) % 2
    arrange(st, p, field=["B", "B", "C", "C", "C"])  # no deck, no on-deck card, no discard
    assert st.on_deck[p] == -1
    st.turn_player = p
    finish_turn(st)
    # the field was discarded and reshuffled; prep plants until 3 decay shows (the 3 Cursed Lands)
    assert st.on_deck[p] >= 0 and st.field[p] and st.effective_decay(p) >= 3


def test_a_push_is_one_log_line_that_names_the_revealed_card() -> None:
    st = new()
    arrange(st, 0, field=["B"], on_deck="B", deck=["B", "B"])
    at_plant(st, 0)
    start = len(st.events)
    act(st, "push")
    assert [e.key for e in st.events[start:]] == ["mystic_vale.event.push"]


def test_the_next_player_plants_with_nothing_due_from_the_last_turn() -> None:
    st = new()
    p = (st.first_player - 1) % 2
    arrange(st, p, field=["V1", "V1"], on_deck="B", deck=["B"] * 5)
    at_harvest(st, p)
    assert st.vp_due == 2
    act(st, "collect")
    act(st, "end")
    assert st.phase is Phase.PLANT and st.turn_player == st.first_player
    assert st.observation(None)["turn"]["vp_due"] == 0


def test_a_revealed_card_is_announced_by_its_own_number() -> None:
    st = new()
    arrange(st, 0, deck=["B", "B"])  # the top card is sleeve 0, card #1
    start = len(st.events)
    reveal(st, 0)
    (event,) = [e for e in st.events[start:] if e.key == "mystic_vale.event.reveal"]
    assert event.params["no"] == 1 and "#1 " in event.render("en")


def test_a_play_ability_is_credited_to_the_part_that_carries_it() -> None:
    st = new()
    ids = arrange(st, 0, field=["B"] * 4, on_deck="B", deck=["B", "B"])  # the on-deck card is sleeve 4
    build(st, ids["on_deck"][0], [("cursed_land", "top"), ("fx_play_mana", "middle")])
    at_plant(st, 0)
    start = len(st.events)
    act(st, "push")
    (event,) = [e for e in st.events[start:] if e.key == "mystic_vale.event.ability"]
    assert event.params["card"]["en"] == "fx_play_mana" and st.bonus_mana[0] == 1
    assert event.render("en") == "P1: fx_play_mana — +1 mana (1)"


def test_prep_and_push_lines_name_card_1_when_it_ends_on_deck() -> None:
    st = new()
    arrange(st, 0, deck=["C", "C", "C"])  # sleeves 0, 1, 2
    st.deck[0] = [0, 2, 1]  # revealed in the order 1, 2, 0 (the top is the end of the list)
    start = len(st.events)
    prep(st, 0)  # plants #2 and #3; #1 on deck shows the third decay
    (event,) = [e for e in st.events[start:] if e.key == "mystic_vale.event.prep"]
    assert st.on_deck[0] == 0 and event.params["no"] == 1
    assert event.params["parts"] == {"en": "Cursed Land", "ja": "呪われた土地"}
    assert not [e for e in st.events[start:] if e.key == "mystic_vale.event.reveal"]

    st = new()
    arrange(st, 0, deck=["B", "B", "B"])
    st.deck[0], st.on_deck[0] = [2, 0], 1
    at_plant(st, 0)
    start = len(st.events)
    act(st, "push")
    (event,) = [e for e in st.events[start:] if e.key == "mystic_vale.event.push"]
    assert event.params["no"] == 1 and event.params["revealed"]["en"] == "blank card"


def test_a_used_harvest_ability_is_logged_with_its_card_text_and_result() -> None:
    st = new()
    ids = arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    s = ids["field"][0]
    build(st, s, [("druid_circle", "top")])  # 1 guardian: 1 VP per guardian, at most 3
    at_harvest(st, 0)
    start = len(st.events)
    act(st, "use", 4 * s)
    (event,) = [e for e in st.events[start:] if e.key == "mystic_vale.event.ability"]
    assert event.render("en") == "P1: Druid Circle — 1 VP per guardian in your field (max 3) (1)"


def test_the_harvest_line_lists_its_gains_with_each_languages_separator() -> None:
    st = new()
    arrange(st, 0, field=["F", "S1x2"], on_deck="B", deck=["B"])  # 1 mana, 2 earth spirit
    start = len(st.events)
    at_harvest(st, 0)
    (event,) = [e for e in st.events[start:] if e.key == "mystic_vale.event.harvest"]
    assert ", " in event.params["gains"]["en"] and "、" not in event.params["gains"]["en"]
    assert "、" in event.params["gains"]["ja"] and ", " not in event.params["gains"]["ja"]


def test_end_game_guardian_vp_counts_each_players_own_cards() -> None:
    st = new()
    ids0 = arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    ids1 = arrange(st, 1, field=["B", "B"], on_deck="B", deck=["B"])
    build(st, ids0["field"][0], [("treant_guardian", "top")])
    build(st, ids1["field"][0], [("treant_guardian", "middle")])
    build(st, ids1["field"][1], [("stone_sentry", "top")])
    assert end_vp_per_guardian(st, 0, 1) == 1 and end_vp_per_guardian(st, 1, 1) == 2


def test_a_new_game_starts_with_an_empty_turn_and_no_decision_made() -> None:
    for seed in range(4):
        st = new(3, seed)
        assert st.decisions == 0  # the 1,500-decision cap of E-1 counts from here
        assert st.observation(None)["turn"] == {
            "mana": 0, "spirit": [0, 0, 0, 0], "adv_bought": 0, "vale_bought": 0, "pending": [], "todo": [],
            "vp_due": 0, "traded": 0}


def test_the_observation_marks_an_empty_position_minus_one() -> None:
    st = new(2, 0)
    slots = st.observation(0)["players"][0]["slots"]
    # 8 blank cards, 9 Cursed Lands and 3 Fertile Soils: one printed part each, two empty positions
    assert len(slots) == 60 and slots.count(-1) == 8 * 3 + 12 * 2 and min(slots) == -1
    assert st.observation(0)["players"][1]["banners"] == [-1] * 20  # no banner on a starting card


def test_starting_cards_are_numbered_in_the_card_files_order_for_every_seat() -> None:
    st = new(3, 0)
    for p in range(3):
        slots = st.observation(p)["players"][p]["slots"]
        cards = [slots[3 * i: 3 * i + 3] for i in range(20)]
        assert cards[:8] == [[-1, -1, -1]] * 8, p  # cards #1-#8 are the blank cards
        assert all(sum(x >= 0 for x in c) == 1 for c in cards[8:]), p  # #9-#20 carry one printed part
        assert [st.cards.part_entry[max(c)] for c in cards[8:]] == ["cursed_land"] * 9 + ["fertile_soil_start"] * 3
