"""Hand limit, market, countdown, elimination and the three victories."""

from __future__ import annotations

import pytest

from sabbat.games.magic_master import flow
from sabbat.games.magic_master import groups as G
from sabbat.games.magic_master.model import Phase, RegroupKind
from tests.games.magic_master.mm_support import GAN, H6, TB, W, act, blank, dice, give, group, inst, kinds, reach


def finish_turn(s) -> None:
    """Play out the active player's turn doing nothing special."""
    p = s.active
    while not s.is_terminal() and s.active == p and s.current_player == p:
        if s.phase is Phase.REGROUP:
            act(s, "end_regroup")
        elif s.phase is Phase.ATTACK:
            act(s, "pass_attack")
        elif s.phase is Phase.TAKE:
            act(s, "take", sorted(s.market)[0])
        elif s.phase is Phase.DISCARD:
            act(s, "drop", sorted(s.hand[p])[0])
        else:
            raise AssertionError(s.phase)


def test_elimination_and_last_survivor():  # T-29
    s = blank()
    group(s, 0, W)
    flow.start_regroup(s, 1, RegroupKind.TURN)
    s._legal = None
    act(s, "end_regroup")
    assert s.eliminated[1] and s.is_terminal() and s.winners() == [0] and s.win_reason == "survivor"
    assert s.scores() == [1.0, 0.0]


def test_hand_limit_discards_and_takes_no_market_card():  # T-30
    s = blank()
    group(s, 0, W)
    group(s, 1, "sigurd")
    give(s, 0, "fireball", "fireball", "fireball", "shield", "shield", "petrify", "iona", "brenda")
    market = list(s.market)
    act(s, "pass_attack")
    assert s.phase is Phase.DISCARD
    act(s, "drop", s.hand[0][0])
    act(s, "drop", s.hand[0][0])
    assert len(s.hand[0]) == 4 and len(s.chars[0]) == 2 and s.market == market
    assert s.active == 1


def test_four_cards_take_one_and_the_market_refills():  # T-30
    s = blank()
    group(s, 0, W)
    group(s, 1, "sigurd")
    give(s, 0, "fireball", "fireball", "shield", "shield")
    s.deck = [inst(s, "dragon")]
    act(s, "pass_attack")
    assert s.phase is Phase.TAKE
    act(s, "take", s.market[0])
    assert len(s.hand[0]) == 5 and len(s.market) == 5 and s.deck == []


def test_one_shot_characters_count_toward_the_hand_limit():  # T-31
    s = blank()
    group(s, 0, W)
    group(s, 1, "sigurd")
    give(s, 0, "fireball", "shield", "petrify", "cleric", "cleric")
    act(s, "pass_attack")
    assert s.phase is Phase.DISCARD


def _countdown_position():
    s = blank(3)
    for p, tid in enumerate((W, "sigurd", "iona")):
        group(s, p, tid)
    s.order = [0, 1, 2]  # A, B, C
    s.market = s.market[:1]
    s.active = 1  # B empties the market
    act(s, "pass_attack")
    act(s, "take", s.market[0])
    assert s.countdown_p0 == 1 and s.active == 2
    return s


def _roll_turn(s, r: int) -> None:
    dice(s, r)
    finish_turn(s)


def test_countdown_round_one_ends_on_a_one():  # T-32
    s = _countdown_position()
    _roll_turn(s, 2)  # C, round 1
    assert not s.is_terminal()
    _roll_turn(s, 1)  # A, round 1
    assert s.is_terminal() and s.win_reason == "timeout"


def test_countdown_round_two_ends_on_two_or_less():  # T-32
    s = _countdown_position()
    for r in (2, 4, 6):
        _roll_turn(s, r)
    assert not s.is_terminal() and s.countdown_round == 2 and s.active == 2
    _roll_turn(s, 2)
    assert s.is_terminal()
    ev = [e for e in s.events if e.key == "magic_master.event.countdown"][-1]
    assert ev.params["player"] == 2 and ev.params["round"] == 2
    assert ev.render("en").startswith("Countdown round 2: P3 rolls")


def test_countdown_round_six_always_ends():  # T-32
    s = _countdown_position()
    for _ in range(15):
        _roll_turn(s, 6)
    assert not s.is_terminal() and s.countdown_round == 6
    _roll_turn(s, 6)
    assert s.is_terminal()


def _claims(s, spec):
    for p, tids in spec:
        group(s, p, *tids)


def test_time_out_tied_claimants_cancel():  # T-33
    s = blank(3)
    _claims(s, [(0, ("dean",)), (1, ("harold", "castle")), (2, ("rosalind", "castle")), (0, (H6,))])
    flow.time_out(s)
    assert s.winners() == [2]


def test_time_out_own_groups_do_not_tie():  # T-33
    s = blank(3)
    _claims(s, [(0, ("dean",)), (0, ("harold", "castle")), (1, ("rosalind", "castle")), (2, ("galus",))])
    flow.time_out(s)
    assert s.winners() == [0]


def test_time_out_lexicographic_variant(monkeypatch: pytest.MonkeyPatch):  # T-33
    monkeypatch.setattr(flow, "TIMEOUT_TIEBREAK", "lexicographic")
    s = blank(3)
    _claims(s, [(0, ("dean",)), (1, ("harold", "castle")), (2, ("rosalind", "castle")), (0, (H6,))])
    flow.time_out(s)
    assert s.winners() == [0]


def _regalia_regroup(s, had: bool):
    g = group(s, 0, "dean")
    cards = give(s, 0, "crown", "sceptre", "orb", "sword_of_state")
    if had:
        reach(s, "play", cards[0], 0)
        s.had_regalia[0] = True
        cards = cards[1:]
    for c in cards:
        reach(s, "play", c, 0)
    act(s, "end_regroup")
    return g


def _regroup_state():
    s = blank()
    group(s, 1, W)
    s.phase, s.regroup_kind = Phase.REGROUP, RegroupKind.TURN
    return s


def test_regalia_assembled_this_turn_win_only_after_a_round():  # T-34
    s = _regroup_state()
    _regalia_regroup(s, had=False)
    assert not s.is_terminal() and s.pending_regalia[0]
    finish_turn(s)
    finish_turn(s)  # P2's turn
    assert s.is_terminal() and s.winners() == [0] and s.win_reason == "regalia"


def test_regalia_claim_lapses_after_a_theft():  # T-34
    s = _regroup_state()
    g = _regalia_regroup(s, had=False)
    finish_turn(s)
    (th,) = give(s, 1, "thief")
    act(s, "end_regroup")
    act(s, "card_attack", th, 0, 0)
    crown = next(c for c in g.items if s.t.inst[c].id == "crown")
    dice(s, 6)
    act(s, "steal", crown)
    act(s, "give", crown, 0)
    finish_turn(s)
    assert not s.is_terminal() and not s.pending_regalia[0] and s.active == 0


def test_regalia_taken_by_jester_win_at_once():  # T-34
    s = _regroup_state()
    _regalia_regroup(s, had=False)
    finish_turn(s)
    (j,) = give(s, 1, "jester")
    act(s, "end_regroup")
    act(s, "card_attack", j, 0, 0)
    dice(s, 2)
    act(s, "declare", 2)
    assert s.is_terminal() and s.winners() == [1] and s.win_reason == "regalia"


def test_regalia_completed_with_one_already_held_wins_immediately():  # T-35
    s = _regroup_state()
    _regalia_regroup(s, had=True)
    assert s.is_terminal() and s.winners() == [0]


def test_winner_holds_the_top_score():  # scores
    s = blank()
    group(s, 0, GAN)
    group(s, 1, H6, TB)
    flow.win(s, 1, "timeout")
    assert s.scores() == [0.0, 1.0] and max(s.scores()) == s.scores()[s.winners()[0]]
    assert "end_regroup" not in kinds(s)


@pytest.mark.parametrize("pretender", [W, GAN])
def test_time_out_only_succession_one_or_more_claims_the_throne(pretender: str):
    """「アイテム等により王位継承権が1以上になれば王位継承権を主張出来ます」: a lone warrior (0) or a
    wizard's group (negative) neither wins the throne nor breaks the tie of the true claimants."""
    s = blank(3)
    _claims(s, [(0, (pretender,)), (1, ("harold",)), (2, (H6,))])
    assert G.suc(s.t, s.groups[1][0]) == G.suc(s.t, s.groups[2][0])
    flow.time_out(s)
    assert s.winners() in ([1], [2]) and s.win_reason == "timeout"
    assert any(e.key == "magic_master.event.tie_roll" for e in s.events)


def test_time_out_with_no_claimant_is_decided_among_the_survivors():
    s = blank(2)
    _claims(s, [(0, (W,)), (1, (GAN,))])
    flow.time_out(s)
    assert s.winners() in ([0], [1])


@pytest.mark.parametrize(("mode", "held"), [("anywhere", True), ("table", False)])
def test_victory_two_regalia_in_hand_count_as_possessed(mode: str, held: bool):
    """「前の手番で、1つでも王権を表すカードを所持していた場合」: 所持 includes the hand by default."""
    from sabbat import games

    s = blank()
    s.options = {**s.options, "regalia_held": mode}
    group(s, 0, W)
    group(s, 1, "sigurd")
    give(s, 0, "crown")
    assert flow.holds_regalia(s, 0) is held
    assert games.get("magic_master").new(2, 0, {"regalia_held": mode}).options["regalia_held"] == mode


def test_summary_names_how_the_game_ended():
    s = blank()
    group(s, 0, W)
    flow.win(s, 0, "survivor")
    assert s.summary()["end"] == "last_survivor" and s.scores() == [1, 0]
    assert all(type(x) is int for x in s.scores())
