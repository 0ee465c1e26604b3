"""What the log says at a time-out nobody can claim, and for an attack with no dice to roll, in
both languages."""

from __future__ import annotations

from sabbat.games.magic_master import flow
from sabbat.games.magic_master.cards import CardTable
from sabbat.games.magic_master.state import MagicMasterState
from tests.games.magic_master.mm_support import GAN, H6, W, act, blank, dice, give, group


def _log(s: MagicMasterState, locale: str, since: int = 0) -> list[str]:
    return [e.render(locale) for e in s.events[since:]]


def test_time_out_with_nobody_able_to_claim_says_so_and_that_the_dice_decide():
    """A lone warrior (succession 0) and a wizard (negative) cannot claim (「王位継承権が1以上になれば
    王位継承権を主張出来ます」): the log must not call them tied, nor the winner the highest claim."""
    s = blank(2)
    group(s, 0, W)
    group(s, 1, GAN)
    dice(s, 2, 5)
    start = len(s.events)
    flow.time_out(s)
    assert s.winners() == [1]
    keys = [e.key.rsplit(".", 1)[1] for e in s.events[start:]]
    assert keys == ["time_out_unclaimed", "throne_roll", "win_timeout_roll"]
    en, ja = _log(s, "en", start), _log(s, "ja", start)
    assert "nobody can claim the throne" in en[0] and "roll dice" in en[0]
    assert en[1:] == ["Dice for the throne, P1, P2: 2, 5", "Time is up: P2 wins the dice roll for the throne!"]
    assert "誰も王位を主張できません" in ja[0] and "ダイスで決めます" in ja[0]
    assert not any("同値" in line or "最も高い王位継承権" in line or "なし" in line for line in ja)
    assert ja[2] == "時間切れ：ダイスでP2が王位を継ぎ、勝利！"


def test_time_out_tied_claimants_roll_and_the_winner_is_the_roll_winner():
    s = blank(2)
    group(s, 0, "harold")
    group(s, 1, H6)  # succession 6 each: the claims cancel and nothing is left below
    dice(s, 6, 1)
    start = len(s.events)
    flow.time_out(s)
    assert s.winners() == [0]
    en, ja = _log(s, "en", start), _log(s, "ja", start)
    assert en == ["Time is up. Claims (group successions): P1:6, P2:6", "Tie dice for P1, P2: 6, 1",
                  "Time is up: P1 wins the dice roll for the throne!"]
    assert ja[1].startswith("同値のP1、P2がダイス") and ja[2] == "時間切れ：ダイスでP1が王位を継ぎ、勝利！"


def test_time_out_sole_claimant_holds_the_highest_claim():
    s = blank(2)
    group(s, 0, "dean")
    group(s, 1, W)
    flow.time_out(s)
    assert _log(s, "en")[-1] == "Time is up: P1 holds the highest claim and wins!"
    assert _log(s, "ja")[-1] == "時間切れ：最も高い王位継承権のP1が勝利！"


def test_a_normal_attack_with_no_dice_shows_no_empty_dice_list():
    s = blank()
    group(s, 0, H6, "sword")  # attack 0 + 2, no dice
    group(s, 1, "galus")
    act(s, "attack", 0, 1, 0)
    act(s, "no_support")
    roll = next(e for e in s.events if e.key in ("magic_master.event.attack_roll", "magic_master.event.attack_fixed"))
    assert roll.key == "magic_master.event.attack_fixed" and "dice" not in roll.params
    assert roll.render("en") == ("P1 attacks P2's group #1 with P1#1 (no support): attack 2, no dice to roll, "
                                 "against defence 8: miss")
    assert "ダイス＋" not in roll.render("ja") and "攻撃力2（振るダイスなし） 対 防御力8" in roll.render("ja")


def test_a_card_attack_with_no_dice_shows_no_empty_dice_list():
    """A replacement card file may give an attack card a fixed attack."""
    s = blank()
    t = s.t
    fixed = t.types["dragon"].model_copy(update={"atk_dice": 0, "atk_bonus": 9})
    s.t = CardTable([fixed if c.id == "dragon" else c for c in t.types.values()], "fixed dragon")
    group(s, 0, "galus")
    group(s, 1, H6)
    (dragon,) = give(s, 0, "dragon")
    act(s, "card_attack", dragon, 1, 0)
    roll = next(e for e in s.events if e.key in ("magic_master.event.card_roll", "magic_master.event.card_fixed"))
    assert roll.key == "magic_master.event.card_fixed"
    assert roll.render("en").endswith(": attack 9, no dice to roll, against Princess Elaine (defence 3): hit")
    assert "ダイス＋" not in roll.render("ja")
