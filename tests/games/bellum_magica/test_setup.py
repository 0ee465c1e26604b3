"""Setup: castles, goblins (left or right, commit-reveal), the human kingdom by player count."""

from __future__ import annotations

import pytest

from sabbat.core import Action, BadOption, Rng
from sabbat.games.bellum_magica import GAME
from sabbat.games.bellum_magica.constants import Phase
from sabbat.games.bellum_magica.state import BellumState
from tests.games.bellum_magica.bellum_helpers import act


def new(n: int, seed: int = 0, **options: object) -> BellumState:
    s = GAME.new(n, seed, options)
    assert isinstance(s, BellumState)
    return s


@pytest.mark.parametrize(("n", "fvt"), [(2, (3, 3, 10)), (3, (4, 4, 10)), (4, (6, 6, 10)), (5, (7, 7, 10))])
def test_e16_setup_counts_by_player_count(n: int, fvt: tuple[int, int, int]) -> None:
    s = new(n, seed=n)
    kinds = [s.cards.locations[lid].kind for lid in s.deck + s.display]
    assert (kinds.count("farm"), kinds.count("village"), kinds.count("town")) == fvt
    assert len(s.display) == n and s.cards.tavern not in s.deck + s.display
    assert all(len([c for c in d if c]) == 2 for d in s.cdisplay.values())
    assert sum(len(h) for h in s.hand) == 2 * n and len(s.goblin_box) == 10 - 2 * n
    assert s.food == s.glyph == s.barrels == [0] * n and s.chests == [[] for _ in range(n)]
    assert len(set(s.boards)) == n and all(s.cards.boards[b].shields == 2 for b in s.boards)


def test_e15_human_deck_is_farms_over_villages_over_towns() -> None:
    s = new(2, seed=3)
    kinds = [s.cards.locations[lid].kind for lid in reversed(s.deck)]  # top first
    assert [s.cards.locations[lid].kind for lid in s.display] == ["farm", "farm"]
    assert kinds == ["farm"] + ["village"] * 3 + ["town"] * 10
    # refills draw from the top: [F, V] then [V, V], never a town before the villages run out
    s.discard, s.display = s.display, []
    while len(s.display) < 2:
        s.display.append(s.deck.pop())
    assert [s.cards.locations[x].kind for x in s.display] == ["farm", "village"]
    s.display = []
    while len(s.display) < 2:
        s.display.append(s.deck.pop())
    assert [s.cards.locations[x].kind for x in s.display] == ["village", "village"]


def test_e25_goblin_placement_is_commit_reveal() -> None:
    s = new(2, seed=1)
    first = s.current_player
    assert first == s.captain and s.phase is Phase.GOBLINS
    other = 1 - first
    sides = {a.args[1] for a in s.legal_actions()}
    assert sides == {"L", "R"} and len(s.legal_actions()) == 4
    g1, g2 = s.hand[first]
    act(s, "place_goblin", g1, "L")
    assert {a.args for a in s.legal_actions()} == {(g2, "L"), (g2, "R")}
    act(s, "place_goblin", g2, "R")
    view = s.observation(other)
    assert view["castles"][first]["left"] == [] and view["castles"][first]["right"] == []
    assert g1 not in str(view) and g2 not in str(view)
    assert all(g1 not in str(e.params) for e in s.events_for(other))
    own = s.observation(first)["goblins_pending"]
    assert own == [{"id": g1, "side": "L"}, {"id": g2, "side": "R"}]
    h1, h2 = s.hand[other]
    act(s, "place_goblin", h1, "R")
    act(s, "place_goblin", h2, "R")
    view = s.observation(other)
    assert [c["id"] for c in view["castles"][first]["left"]] == [g1]
    assert [c["id"] for c in view["castles"][first]["right"]] == [g2]
    assert sorted(c["id"] for c in view["castles"][other]["right"]) == sorted([h1, h2])
    assert s.phase is not Phase.GOBLINS


def test_goblins_may_both_go_left() -> None:
    s = new(2, seed=2)
    p = s.current_player
    g1, g2 = s.hand[p]
    act(s, "place_goblin", g1, "L")
    act(s, "place_goblin", g2, "L")
    assert s.placed[p] == [(g1, "L"), (g2, "L")] and s.current_player != p


def test_castle_draft_starts_before_the_captain_and_goes_counter_clockwise() -> None:
    s = new(3, seed=4, castle_choice="draft")
    assert s.phase is Phase.DRAFT
    cap = s.captain
    order = []
    while s.phase is Phase.DRAFT:
        order.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert order == [(cap - 1) % 3, (cap - 2) % 3, cap]
    assert len(set(s.boards)) == 3 and s.phase is Phase.GOBLINS


def test_bad_castle_choice_option_is_refused() -> None:
    with pytest.raises(BadOption):
        new(2, castle_choice="auction")


def test_first_captain_is_random() -> None:
    caps = {new(4, seed=k).captain for k in range(30)}
    assert caps == {0, 1, 2, 3}


def test_first_captain_first_seat_gives_the_die_to_p1_and_deals_the_same_cards() -> None:
    """Option `first_captain=first_seat`: the table chose who starts by where they sit."""
    for k in range(12):
        drawn, seated = new(4, seed=k), new(4, seed=k, first_captain="first_seat")
        assert seated.captain == 0
        assert seated.boards == drawn.boards and seated.hand == drawn.hand and seated.deck == drawn.deck
    s = new(3, seed=2, first_captain="first_seat")
    assert s.current_player == 0  # the first captain places the first goblin
    with pytest.raises(BadOption):
        new(2, first_captain="youngest")


def test_unused_cards_are_hidden_from_everyone() -> None:
    s = new(2, seed=5)
    view = s.observation(None)
    for lid in s.kingdom_box:
        assert lid not in str(view)
    for g in s.goblin_box:
        assert g not in str(view)
    assert Action("place_goblin", (s.goblin_box[0], "L")) not in s.legal_actions()
    d = s.determinize(0, Rng(3))
    assert sorted(d.kingdom_box + d.deck) == sorted(s.kingdom_box + s.deck)
