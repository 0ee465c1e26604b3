"""Events after rounds 3 and 5: negative territories for players lacking territory (§4.9)."""

from __future__ import annotations

from ndl_support import B, G, R, Y, act, add, new

from sabbat.games.nameless_dark_lord import rules
from sabbat.games.nameless_dark_lord.scoring import sheet
from sabbat.games.nameless_dark_lord.state import Phase


def _e9(mode: str):
    s = new(4, event_mode=mode)
    for p, cid in ((R, "farming_village"), (B, "farming_village"), (R, "fishing_village"),
                   (Y, "fishing_village"), (G, "fishing_village")):
        add(s, p, cid)
        s.terr_level[p][0] = True
    trashed = add(s, -1, "farming_village")
    s.trash.append(trashed)
    s.round = 3
    s.sleeved = [[] for _ in range(4)]
    return s, trashed


def _names(s, p):
    return sorted(s.cid[u] for u in s.owned[p] if s.card(u).type == "territory" and s.card(u).role != "throne")


def test_per_type_event_gives_desolate_and_trashed_cards_e9():
    s, trashed = _e9("per_type")
    rules.begin_event(s, 1)
    assert _names(s, Y) == ["desolate_farm", "fishing_village"]
    assert _names(s, G) == ["farming_village", "fishing_village"] and trashed in s.owned[G]
    assert trashed in s.neg_flag and trashed not in s.trash
    assert _names(s, B) == ["desolate_fishing", "farming_village"]
    assert [sheet(s, p).card_minus for p in range(4)] == [0, -3, -3, -3]
    assert s.round == 4 and s.income[Y] == 4 and s.income[G] == 4 and s.income[B] == 4
    add(s, G, "megalith_ruins")
    assert sheet(s, G).card_minus == 0


def test_trash_taken_copy_scores_minus_three_not_its_printed_vp_e9():
    s, trashed = _e9("per_type")
    rules.begin_event(s, 1)
    assert sheet(s, G).card_plus == 2  # fishing village only


def test_per_level_event_spares_players_who_took_any_territory_e9():
    s, _ = _e9("per_level")
    rules.begin_event(s, 1)
    assert all(sheet(s, p).card_minus == 0 for p in range(4))


def test_per_level_event_lets_the_player_choose_d11():
    s, trashed = _e9("per_level")
    s.terr_level[Y][0] = False
    rules.begin_event(s, 1)
    assert s.phase is Phase.EVENT and s.actor == Y
    choices = {s.cid[a.args[0]] for a in s.legal_actions()}
    assert choices == {"desolate_farm", "desolate_fishing", "farming_village"}
    act(s, "take", trashed)
    assert trashed in s.owned[Y] and trashed in s.neg_flag and s.round == 4


def test_event_after_round_five_ruined_tower_gives_fifth_sleeve_e10():
    s = new(4)
    for p in (R, B, Y):
        add(s, p, "watchtower")
    s.round = 5
    rules.begin_event(s, 2)
    assert _names(s, G) == ["ruined_tower"]
    assert s.round == 6 and s.sleeves[G] == 5


def test_events_run_after_rounds_three_and_five_only():
    s = new(4)
    rounds = []
    while not s.is_terminal():
        before = len(s.events)
        s.apply(s.legal_actions()[-1])
        rounds += [s.round for e in s.events[before:] if e.key.endswith("event.event")]
    assert rounds == [4, 6]
