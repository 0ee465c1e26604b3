"""check_invariants(): silent on sound positions, one line for each kind of broken bookkeeping."""

from __future__ import annotations

from sabbat import games
from sabbat.core import Rng
from sabbat.games.magic_master.groups import Group
from sabbat.games.magic_master.model import Phase
from sabbat.games.magic_master.state import MagicMasterState


def midgame(seed: int = 3, steps: int = 40) -> MagicMasterState:
    s = games.get("magic_master").new(3, seed)
    rng = Rng(seed)
    for _ in range(steps):
        s.apply(rng.choice(s.legal_actions()))
    assert isinstance(s, MagicMasterState) and not s.is_terminal()
    return s


def test_sound_positions_report_nothing():
    s = midgame()
    assert s.check_invariants() == []
    assert s.clone().check_invariants() == []


def test_lost_doubled_and_misfiled_cards_are_reported():
    s = midgame()
    card = s.deck.pop()
    assert any("in no zone" in x for x in s.check_invariants())
    s.deck.append(card)
    s.discard.append(s.deck[0])
    assert any("more than one place" in x for x in s.check_invariants())
    s.discard.pop()
    troop = next(c for c in s.deck if s.t.inst[c].kind.value == "troop")
    s.deck.remove(troop)
    s.chars[0].append(troop)
    assert any("character hand holds a navy-backed card" in x for x in s.check_invariants())


def test_bad_groups_and_counters_are_reported():
    s = midgame()
    s.groups[1].append(Group())
    assert any("is empty" in x for x in s.check_invariants())
    s.groups[1].pop()
    s.wiz_hidden[2] += 1
    assert any("wizards counted in hand" in x for x in s.check_invariants())
    s.wiz_hidden[2] -= 1
    s.countdown_round = -1
    assert any("countdown round is negative" in x for x in s.check_invariants())
    s.countdown_round = 7
    assert any("past the sixth" in x for x in s.check_invariants())
    s.countdown_round = 0
    s.eliminated[s.active] = True
    broken = s.check_invariants()
    assert any("eliminated but still holds cards" in x for x in broken) or any("has the turn" in x for x in broken)
    s.eliminated[s.active] = False
    s.phase = Phase.OVER
    s.winner = -1
    assert any("without a winner" in x for x in s.check_invariants())
