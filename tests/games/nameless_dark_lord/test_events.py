"""Events after rounds 3 and 5: negative territories for players lacking territory (p.8, p.24).

p.8: 「領地（テリトリー）が獲得できなかったプレイヤーに、勝利点がマイナスのテリトリーカードを配ります」
— by default (`event_mode=per_level`) a player who acquired no territory during the Level's rounds
receives one; `per_type` (one per territory name owned by nobody of that name) is the option.
"""

from __future__ import annotations

from sabbat.games.nameless_dark_lord import rounds
from sabbat.games.nameless_dark_lord.model import Phase
from sabbat.games.nameless_dark_lord.scoring import sheet
from tests.games.nameless_dark_lord.ndl_support import B, G, R, Y, act, add, new


def _e9(**options):
    s = new(4, **options)
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


def _lacking_level_one(s, *players):
    for p in players:
        s.terr_level[p][0] = False


# ----------------------------------------------------------------------------- default: per_level (p.8)
def test_p8_default_spares_every_player_who_acquired_a_territory_this_level():
    s, _ = _e9()
    rounds.start_event(s, 1)
    assert all(sheet(s, p).card_minus == 0 for p in range(4))
    assert not any(".event.event_card" in e.key for e in s.events)


def test_p8_default_ignores_which_territory_name_was_acquired():
    """B acquired a Farming Village but no Fishing Village: under p.8 B acquired territory."""
    s, _ = _e9()
    rounds.start_event(s, 1)
    assert _names(s, B) == ["farming_village"]


def test_p8_player_without_territory_this_level_chooses_a_printed_card_d11():
    s, trashed = _e9()
    _lacking_level_one(s, Y)
    rounds.start_event(s, 1)
    assert s.phase is Phase.EVENT and s.actor == Y
    choices = {s.cid[a.args[0]] for a in s.legal_actions()}
    assert choices == {"desolate_farm", "desolate_fishing"}, "trash copies wait until the printed cards run out"
    fishing = next(a.args[0] for a in s.legal_actions() if s.cid[a.args[0]] == "desolate_fishing")
    act(s, "take", fishing)
    assert _names(s, Y) == ["desolate_fishing", "fishing_village"]
    assert sheet(s, Y).card_minus == -3 and s.round == 4
    assert trashed in s.trash


def test_p8_territory_owned_before_the_level_does_not_spare_a_player():
    """Only territory acquired during the Level counts (「獲得できなかった」), not what a player owns."""
    s, _ = _e9()
    _lacking_level_one(s, R)  # R owns two territories, but say none was acquired in rounds 1-3
    s.event_queue = []
    rounds.start_event(s, 1)
    assert s.phase is Phase.EVENT and s.actor == R


def test_p24_trash_copy_goes_to_the_third_lacking_player_flagged_negative():
    s, trashed = _e9()
    _lacking_level_one(s, B, Y, G)
    rounds.start_event(s, 1)
    assert s.actor == B
    act(s, "take", next(a.args[0] for a in s.legal_actions() if s.cid[a.args[0]] == "desolate_farm"))
    # Y receives the last printed card and G, the printed cards gone, the trashed Farming
    # Village: one card each, so neither is asked
    assert _names(s, Y) == ["desolate_fishing", "fishing_village"]
    assert s.round == 4 and trashed in s.owned[G] and trashed in s.neg_flag and trashed not in s.trash
    assert sheet(s, G).card_minus == -3 and sheet(s, G).card_plus == 2  # its printed 1 VP is not scored
    add(s, G, "megalith_ruins")
    assert sheet(s, G).card_minus == 0


def test_p24_short_supply_leaves_the_last_lacking_player_without_a_card():
    s, trashed = _e9()
    _lacking_level_one(s, R, B, Y, G)
    rounds.start_event(s, 1)
    while s.phase is Phase.EVENT:
        act(s, "take", s.legal_actions()[0].args[0])
    assert s.round == 4
    got = [sum(1 for u in s.owned[p] if u in s.neg_flag or s.card(u).role == "negative") for p in range(4)]
    assert got == [1, 1, 1, 0], "two printed cards and one trash copy for four lacking players"
    short = [e for e in s.events if e.key.endswith("event_short")]
    assert len(short) == 1 and short[0].params["player"]["en"] == "Green"


def test_p24_no_supply_at_all_gives_nothing():
    s = new(4)
    s.round = 5
    for u in range(len(s.cid)):
        if s.card(u).role == "negative" and s.card(u).level == 2:
            s.owner[u] = R
            s.owned[R].append(u)
    rounds.start_event(s, 2)
    assert s.round == 6
    assert sum(1 for e in s.events if e.key.endswith("event_short")) == 4


def test_p24_level_two_ruined_tower_then_trashed_watchtower():
    s = new(4)
    s.round = 5
    for p in (R, B):
        s.terr_level[p][1] = True
    tower = add(s, -1, "watchtower")
    s.trash.append(tower)
    rounds.start_event(s, 2)
    assert _names(s, Y) == ["ruined_tower"]
    assert tower in s.owned[G] and tower in s.neg_flag
    assert s.round == 6 and s.sleeves[Y] == 5 and s.sleeves[G] == 5


def test_event_after_round_five_ruined_tower_gives_fifth_sleeve_e10():
    s = new(4)
    for p in (R, B, Y):
        add(s, p, "watchtower")
        s.terr_level[p][1] = True
    s.round = 5
    rounds.start_event(s, 2)
    assert _names(s, G) == ["ruined_tower"]
    assert s.round == 6 and s.sleeves[G] == 5


# ----------------------------------------------------------------------------- option: per_type
def test_per_type_option_event_gives_desolate_and_trashed_cards_e9():
    s, trashed = _e9(event_mode="per_type")
    rounds.start_event(s, 1)
    assert _names(s, Y) == ["desolate_farm", "fishing_village"]
    assert _names(s, G) == ["farming_village", "fishing_village"] and trashed in s.owned[G]
    assert trashed in s.neg_flag and trashed not in s.trash
    assert _names(s, B) == ["desolate_fishing", "farming_village"]
    assert [sheet(s, p).card_minus for p in range(4)] == [0, -3, -3, -3]
    assert s.round == 4 and s.income[Y] == 4 and s.income[G] == 4 and s.income[B] == 4
    add(s, G, "megalith_ruins")
    assert sheet(s, G).card_minus == 0


def test_per_type_option_trash_taken_copy_scores_minus_three_not_its_printed_vp_e9():
    s, trashed = _e9(event_mode="per_type")
    rounds.start_event(s, 1)
    assert sheet(s, G).card_plus == 2  # fishing village only


def test_per_type_option_short_supply_is_logged():
    s, trashed = _e9(event_mode="per_type")
    s.trash.remove(trashed)  # Y and G lack a Farming Village; only the printed card is left
    rounds.start_event(s, 1)
    assert _names(s, Y) == ["desolate_farm", "fishing_village"]
    assert _names(s, G) == ["fishing_village"]
    assert [e.params["player"]["en"] for e in s.events if e.key.endswith("event_short")] == ["Green"]


def test_events_run_after_rounds_three_and_five_only():
    s = new(4)
    rounds = []
    while not s.is_terminal():
        before, r = len(s.events), s.round
        s.apply(s.legal_actions()[-1])
        rounds += [(r, e.params["level"]) for e in s.events[before:] if e.key.endswith("event.event")]
    assert rounds == [(3, 1), (5, 2)]
