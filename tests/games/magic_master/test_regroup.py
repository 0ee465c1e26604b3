"""A regroup is a choice of the final layout, one card at a time, with no dead ends.

「組み替えは何枚でも自由に行える」「1度場に出してから、カードのグループ間の移動は自由です。」
「ただし、1度場に出したカードを手札に戻す事は出来ません。」 Only the final layout counts: every card in a
legal group or discarded, no card back to the hand. The exhaustive checks below compare the layouts a
regroup can end in with those the text allows, from the start and from every position on the way.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from sabbat import games
from sabbat.core import Action, Rng
from sabbat.games.magic_master import groups as G
from sabbat.games.magic_master.cards import CHARACTER_KINDS, Kind
from sabbat.games.magic_master.model import Phase, RegroupKind
from sabbat.games.magic_master.regroup import LAYER, MAX_GROUPS
from sabbat.games.magic_master.state import MagicMasterState
from tests.games.magic_master.mm_support import GAN, TB, TR, TU, W, act, bare, give, group, ids, kinds, regroup

Final = tuple[frozenset[Any], tuple[int, ...]]
"""A finished regroup: its led groups as values (unit sorted), and the cards left in hand."""


def _key(g: G.Group) -> tuple[Any, ...]:
    return (tuple(sorted(g.char)), tuple(sorted(g.items)), tuple(g.troops), g.terrain)


def final(s: MagicMasterState, p: int = 0) -> Final:
    return frozenset(_key(g) for g in s.groups[p] if g.char), tuple(sorted(s.chars[p] + s.hand[p]))


def allowed(s: MagicMasterState, p: int = 0) -> set[Final]:
    """Every final layout the text allows from this regroup's start, by brute force: a set of at most
    three leaders (table units kept, hand characters played), every other table card in one of their
    groups or discarded, every playable hand card in one of them, still in hand or (played and)
    discarded, troops in any
    order, one terrain a group, every group legal, and no group only when no character is left."""
    t = s.t
    mix_any = G.mix_ban_any_leader(s.options)
    units = [tuple(g.char) for g in s.groups[p] if g.char] + [(c,) for c in s.chars[p]]
    table = [c for g in s.groups[p] for c in g.cards() if t.kind[c] not in CHARACTER_KINDS]
    hand = [c for c in s.hand[p] if t.kind[c] in LAYER]
    stuck = [c for c in s.hand[p] if t.kind[c] not in LAYER]
    out: set[Final] = set()
    for n in range(MAX_GROUPS + 1):
        for leaders in itertools.combinations(units, n):
            rest = [c for c in s.chars[p] if (c,) not in leaders]
            for gone in itertools.product((False, True), repeat=len(rest)):  # played and discarded
                left_chars = [c for c, g in zip(rest, gone, strict=True) if not g]
                if leaders or not left_chars:
                    _fill(s, leaders, left_chars, table, hand, stuck, mix_any, out)
    return out


def _fill(s: MagicMasterState, leaders: tuple[tuple[int, ...], ...], left_chars: list[int], table: list[int],
          hand: list[int], stuck: list[int], mix_any: bool, out: set[Final]) -> None:
    """Every way to lay the other cards under `leaders` (-1: discarded, -2: a hand card kept in hand)."""
    t = s.t
    n = len(leaders)
    cards = table + hand
    for where in itertools.product(*[range(-1 if c in table else -2, n) for c in cards]):
        groups = [G.Group(list(u)) for u in leaders]
        kept = list(stuck) + left_chars
        ok = True
        for c, w in zip(cards, where, strict=True):
            if w < 0:
                if w == -2:
                    kept.append(c)
                continue
            k = t.kind[c]
            if k is Kind.ITEM:
                groups[w].items.append(c)
            elif k is Kind.TROOP:
                groups[w].troops.append(c)
            elif groups[w].terrain >= 0:
                ok = False
            else:
                groups[w].terrain = c
        if not ok:
            continue
        for orders in itertools.product(*[itertools.permutations(g.troops) for g in groups]):
            laid = [G.Group(g.char, g.items, list(o), g.terrain) for g, o in zip(groups, orders, strict=True)]
            if all(not G.problems(t, g, mix_any) for g in laid):  # out with no group: hand gone too
                out.add((frozenset(_key(g) for g in laid), tuple(sorted(kept)) if n else ()))


def _consistent(f: Final, s: MagicMasterState, p: int = 0) -> bool:
    """Whether final layout f keeps every card this regroup has decided where it was decided: with
    the same leader, decided troops in the same order, discarded cards gone."""
    on = {c: g for g in f[0] for c in (*g[0], *g[1], *g[2], g[3]) if c >= 0}
    for g in s.groups[p]:
        placed = [c for c in g.cards() if c in s.done]
        for c in placed:
            if c not in on or on[c][0] != tuple(sorted(g.char)):
                return False
        troops = [c for c in g.troops if c in s.done]
        if troops and [c for c in on[troops[0]][2] if c in troops] != troops:
            return False
    return not any(c in on or c in f[1] for c in s.discard)


def explore(s: MagicMasterState, p: int = 0) -> tuple[set[Final], int]:
    """The final layouts reachable from s, checking on the way that from every position reached the
    layouts reachable are exactly the allowed ones that keep its decisions (and there is one)."""
    everything = allowed(s, p)
    memo: dict[Any, set[Final]] = {}
    count = 0

    def walk(x: MagicMasterState) -> set[Final]:
        nonlocal count
        key = (final(x, p), frozenset(x.done), x.stage, tuple(sorted(x.discard)),
               tuple(tuple(g.troops) for g in x.groups[p]))
        if key in memo:
            return memo[key]
        count += 1
        ends: set[Final] = set()
        for a in x.legal_actions():
            y = x.clone()
            y.apply(a)
            if y.phase is Phase.REGROUP and y.active == p:
                ends |= walk(y)
            else:
                ends.add(final(y, p))
        assert ends, "a position with no way out"
        assert ends == {f for f in everything if _consistent(f, x, p)}, "a layout lost, or one the text forbids"
        memo[key] = ends
        return ends

    return walk(s), count


def _dean_soldiers(second: str) -> tuple[MagicMasterState, int]:
    s = bare()
    group(s, 1, "sigurd")
    soldiers = group(s, 0, "dean", TB).troops[0]
    group(s, 0, second)
    regroup(s)
    return s, soldiers


def test_soldiers_moved_to_arthur_or_kept_with_dean_either_layout_can_be_ended_in():
    """Dean+Soldiers | Arthur: the Soldiers' decision offers both places, and the layout the regroup
    started in can be ended in at every point until the Soldiers are moved."""
    s, soldiers = _dean_soldiers("arthur")
    assert Action("end_regroup") in s.legal_actions()
    act(s, "keep", s.groups[0][0].char[0])
    act(s, "keep", s.groups[0][1].char[0])
    legal = s.legal_actions()
    assert Action("keep", (soldiers,)) in legal and Action("troop", (soldiers, 1, 0)) in legal
    assert Action("end_regroup") in legal
    moved = s.clone()
    act(moved, "troop", soldiers, 1, 0)
    assert ids(moved, moved.groups[0][1].troops) == ["soldiers"]
    ends, _ = explore(s)
    assert len(ends) == 3  # under Dean, under Arthur, discarded


def test_black_soldiers_are_never_offered_under_warrior_galus_and_nothing_is_forced_out():
    """Dean+Soldiers | Galus: Galus (succession 0) may not lead black troops, so the Soldiers are never
    offered to him, and every way on keeps a layout with every card."""
    s, soldiers = _dean_soldiers(W)
    galus = 1
    seen = [s]
    while seen:
        x = seen.pop()
        for a in x.legal_actions():
            assert not (a.kind == "troop" and a.args[0] == soldiers and a.args[1] == galus)
            y = x.clone()
            y.apply(a)
            if y.phase is Phase.REGROUP:
                seen.append(y)
    ends, _ = explore(s)
    start = final(s)
    assert start in ends


@pytest.mark.parametrize("setup", [
    "terrain_swap", "three_troops", "hand_cards", "colours", "leaderless", "four_groups",
])
def test_the_layouts_a_regroup_can_end_in_are_those_the_text_allows(setup: str):
    s = bare()
    group(s, 1, "sigurd")
    if setup == "terrain_swap":
        group(s, 0, "dean", "forest")
        group(s, 0, "harold", "cave")
        give(s, 0, "castle")
    elif setup == "three_troops":
        group(s, 0, "harold", TB, "knights", "royal_guard")
    elif setup == "hand_cards":
        group(s, 0, "dean", TB)
        give(s, 0, "harold", "royal_guard", "crown", "fireball")
    elif setup == "colours":
        group(s, 0, GAN, TR)
        group(s, 0, "iona", TU)
        give(s, 0, "charm_staff", "goblins")
    elif setup == "leaderless":
        g = group(s, 0, "dean", "crown", TB)
        g.char = []  # the leader gone (a romance): the cards wait in a leaderless group
        group(s, 0, "arthur")
        give(s, 0, "harold")
    else:  # after a jester: four led groups, one must go
        for leader in ("dean", "arthur", "harold", "edgar"):
            group(s, 0, leader)
    regroup(s)
    ends, positions = explore(s)
    assert ends == allowed(s) and positions > 1


def test_every_troop_order_is_reachable():
    s = bare()
    group(s, 1, "sigurd")
    g = group(s, 0, "harold", TB, "knights", "royal_guard")
    regroup(s)
    orders = {next(x for x in f[0] if x[2])[2] for f in explore(s)[0] if any(len(x[2]) == 3 for x in f[0])}
    assert orders == set(itertools.permutations(g.troops))


def test_mixing_ban_option_changes_the_layouts_allowed():
    for ban, mixed in (("wizards", True), ("any_leader", False)):
        s = bare()
        s.options["mixing_ban"] = ban
        group(s, 1, "sigurd")
        group(s, 0, "iona", "charm_staff", TU)
        give(s, 0, "goblins")
        regroup(s)
        ends, _ = explore(s)
        assert any(len(x[2]) == 2 for f in ends for x in f[0]) is mixed


def test_a_hand_card_once_played_never_returns_and_the_hand_step_follows_public_counts():
    s = bare()
    group(s, 1, "sigurd")
    group(s, 0, "dean")
    soldiers, = give(s, 0, TB)
    regroup(s)
    act(s, "keep", s.groups[0][0].char[0])
    assert kinds(s) == {"next_stage", "end_regroup"}  # the items' step: a troop is not playable yet
    assert Action("troop", (soldiers, 0, 0)) not in s.legal_actions()
    act(s, "next_stage")
    act(s, "troop", soldiers, 0, 0)
    assert soldiers not in s.hand[0] and soldiers in s.done
    # with an empty hand no step waits for a play: the regroup goes from card to card
    t = bare()
    group(t, 1, "sigurd")
    group(t, 0, "dean", TB)
    regroup(t)
    act(t, "keep", t.groups[0][0].char[0])
    assert kinds(t) == {"keep", "scrap", "end_regroup"}


def test_keep_last_character_never_offers_the_last_character_for_discard():
    s = bare()
    s.options["keep_last_character"] = True
    group(s, 1, "sigurd")
    dean = group(s, 0, "dean").char[0]
    regroup(s)
    assert Action("scrap", (dean,)) not in s.legal_actions()
    assert Action("keep", (dean,)) in s.legal_actions()


def test_clone_and_save_keep_the_regroup_progress():
    game = games.get("magic_master")
    s = game.new(2, 3)
    rng = Rng(3)
    while not (s.phase is Phase.REGROUP and s.done and s.regroup_kind is not RegroupKind.INITIAL):
        s.apply(rng.choice([a for a in s.legal_actions() if a.kind != "end_regroup"] or s.legal_actions()))
    c = s.clone()
    assert c.done == s.done and c.done is not s.done and c.stage == s.stage
    back = game.from_json(s.to_json())
    assert back.legal_actions() == s.legal_actions() and back.done == s.done and back.stage == s.stage


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_end_with_every_invariant_kept(players: int):
    game = games.get("magic_master")
    rng = Rng(players)
    for seed in range(12):
        s = game.new(players, seed)
        steps = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(rng.choice(legal))
            assert not s.check_invariants()
            steps += 1
            assert steps < 2000


def test_every_seat_sees_the_stage_and_the_table_card_asked_about_in_both_languages():
    from rich.console import Console

    from sabbat.games.magic_master.terminal import render

    s = bare()
    group(s, 1, "sigurd")
    group(s, 0, "dean", TB)
    give(s, 0, "harold")
    regroup(s)
    step = s.observation(1)["regroup_step"]
    assert step["stage"] == "characters" and step["card"]["card"] == "dean"
    act(s, "keep", s.groups[0][0].char[0])
    assert s.observation(1)["regroup_step"] == {"stage": "characters", "card": None}  # the hand's step
    shown = {}
    for locale in ("en", "ja"):
        console = Console(record=True, width=200)
        console.print(render(s.observation(0), locale))
        shown[locale] = console.export_text()
    assert "Regroup, characters: play from your hand, or go on" in shown["en"]
    assert "組み替え（キャラクター）：手札から出すか、先へ進むか" in shown["ja"]
    assert s.describe_action(Action("next_stage"), "en") == "Done with characters: go on to items"
    assert s.describe_action(Action("next_stage"), "ja") == "キャラクターは決定：アイテムへ進む"
