"""Preparation d) (p.10): sleeve assignment in turn order.

「何のユニットカードに装着させたかは公開情報です。」 and 「…手番の早いほうが先に決定しなければなりません」:
by default each player's choice is public once made, so later players see it before deciding;
option `sleeve_mode=secret` hides every choice until all have committed.
"""

from __future__ import annotations

from sabbat.core import Action, Rng
from sabbat.games.nameless_dark_lord import rounds
from sabbat.games.nameless_dark_lord.model import Phase
from tests.games.nameless_dark_lord.ndl_support import B, G, R, Y, add, new


def _five_units(s):
    for p in range(4):
        add(s, p, "fx_2_1")
        add(s, p, "fx_3_1")
    rounds.begin_round(s, 2)  # start player B


def test_assignment_is_asked_in_turn_order_from_the_start_player_e17():
    s = new(4)
    _five_units(s)
    order = []
    while s.phase is Phase.SLEEVE:
        if not order or order[-1] != s.actor:
            order.append(s.actor)
        s.apply(s.legal_actions()[0])
    assert order == [B, Y, G, R]


def test_assignment_card_by_card_up_to_the_sleeve_count_e14():
    s = new(4)
    _five_units(s)
    p = s.actor
    picks = 0
    while s.actor == p and s.phase is Phase.SLEEVE:
        s.apply(next(a for a in s.legal_actions() if a.kind == "sleeve"))
        picks += 1
    assert picks == 4 and s.committed[p]


def test_p10d_choices_are_public_and_later_players_see_them_before_deciding():
    s = new(4)
    _five_units(s)
    first = s.actor
    s.apply(next(a for a in s.legal_actions() if a.kind == "sleeve"))
    others = [q for q in range(4) if q != first]
    assert all(not any(u["sleeved"] for u in s.observation(q)["players"][first]["units"]) for q in others), \
        "a choice in progress is not yet made"
    s.apply(Action("sleeve_done"))
    second = s.actor
    assert second != first and s.phase is Phase.SLEEVE
    for q in (second, None):
        assert sum(u["sleeved"] for u in s.observation(q)["players"][first]["units"]) == 1
    revealed = [e for e in s.events if e.key.endswith("sleeves_chosen")]
    assert revealed and revealed[-1].visible_to(second)
    assert s.determinize(second, Rng(3)).sleeved[first] == s.sleeved[first]


def test_p10d_earlier_player_decides_first_in_turn_order():
    s = new(4)
    _five_units(s)
    seen = []
    while s.phase is Phase.SLEEVE:
        p = s.actor
        if not seen or seen[-1][0] != p:
            public = {q for q in range(4) if any(u["sleeved"] for u in s.observation(p)["players"][q]["units"])}
            seen.append((p, public))
        s.apply(s.legal_actions()[0])
    assert [p for p, _ in seen] == [B, Y, G, R]
    assert [public for _, public in seen] == [set(), {B}, {B, Y}, {B, Y, G}]


def test_secret_option_hides_the_assignment_until_all_have_committed():
    s = new(4, sleeve_mode="secret")
    _five_units(s)
    first = s.actor
    s.apply(s.legal_actions()[0])
    s.apply(Action("sleeve_done"))
    assert s.committed[first]
    mine = s.observation(first)["draft"]
    assert mine != []
    for q in range(4):
        obs = s.observation(q)
        if q != first:
            assert obs["draft"] == [], "another player's draft is not shown"
        assert all(not u["sleeved"] for pl in obs["players"] for u in pl["units"])
    committed = [e for e in s.events if e.key.endswith("sleeve_committed")]
    assert committed and all(set(e.params) == {"player"} for e in committed)


def test_secret_option_reveals_the_assignments_when_all_are_made():
    s = new(4, sleeve_mode="secret")
    _five_units(s)
    while s.phase is Phase.SLEEVE:
        s.apply(s.legal_actions()[0])
    assert s.phase is Phase.PLACE
    assert any(e.key.endswith("sleeves_revealed") for e in s.events)
    obs = s.observation(None)
    assert all(sum(u["sleeved"] for u in pl["units"]) == 4 for pl in obs["players"])


def test_secret_option_determinize_resamples_an_unrevealed_assignment():
    s = new(4, sleeve_mode="secret")
    _five_units(s)
    first = s.actor
    s.apply(Action("sleeve_done"))  # B commits an empty draft
    other = s.actor
    drafts = {tuple(s.determinize(other, Rng(k)).draft[first]) for k in range(8)}
    assert () not in drafts and len(drafts) > 1
    assert s.determinize(first, Rng(1)).draft[first] == s.draft[first]


def test_units_fewer_than_sleeves_all_may_be_sleeved_then_auto_commit():
    s = new(4)
    p = s.actor
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert s.committed[p] and s.actor != p


def test_sleeves_can_change_between_rounds_e14():
    s = new(4)
    _five_units(s)
    while s.phase is Phase.SLEEVE:
        s.apply(s.legal_actions()[0])
    chosen = set(s.sleeved[R])
    s2 = new(4)
    _five_units(s2)
    while s2.phase is Phase.SLEEVE:
        s2.apply(s2.legal_actions()[-2])
    assert set(s2.sleeved[R]) != chosen


def test_open_mode_reveals_each_commit_at_once_e17():
    s = new(4, sleeve_mode="open")
    _five_units(s)
    first = s.actor
    s.apply(s.legal_actions()[0])
    s.apply(Action("sleeve_done"))
    second = s.actor
    obs = s.observation(second)
    assert sum(u["sleeved"] for u in obs["players"][first]["units"]) == 1
    assert s.determinize(second, Rng(3)).sleeved[first] == s.sleeved[first]


def test_finishing_with_nothing_sleeved_carries_a_caution_in_both_languages() -> None:
    """Only sleeved units are placed: ending the assignment with none sleeved throws the round away,
    so the move says so (the browser asks first); once a unit is sleeved it says nothing."""
    from sabbat import games

    s = games.get("nameless_dark_lord").new(3, 5)
    done = next(a for a in s.legal_actions() if a.kind == "sleeve_done")
    assert "only pass" in s.caution(done, "en") and "パス" in s.caution(done, "ja")
    assert all(s.caution(a, "en") == "" for a in s.legal_actions() if a.kind != "sleeve_done")
    s.apply(next(a for a in s.legal_actions() if a.kind == "sleeve"))
    assert s.caution(next(a for a in s.legal_actions() if a.kind == "sleeve_done"), "en") == ""


def test_automatic_abilities_read_in_words_not_rulebook_codes() -> None:
    from sabbat import games

    game = games.get("nameless_dark_lord")
    for card in ("clay_golem", "ultimate_golem"):
        for lang in ("en", "ja"):
            text = game.describe_card(card, lang)
            face = game.card_faces(lang)[card]["text"]
            for shown in (text, face):
                assert "②" not in shown and "E1" not in shown and "E2" not in shown and "AUTORUN" not in shown, shown
        assert "at the end of placement" in game.describe_card(card, "en")
