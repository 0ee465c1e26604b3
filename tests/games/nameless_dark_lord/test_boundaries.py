"""Boundary positions the random games rarely reach: empty decks, custom card files, saved games,
curse descriptions, and each resource invariant on a hand-broken position."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from sabbat.core import CardDataError, UnknownCard
from sabbat.games.nameless_dark_lord import GAME, rounds
from sabbat.games.nameless_dark_lord.cards import DEFAULT_FILE, load
from sabbat.games.nameless_dark_lord.level_events import level_groups
from sabbat.games.nameless_dark_lord.model import Phase
from tests.games.nameless_dark_lord.ndl_support import B, G, R, Y, act, board, new, resolve_from


def test_round_with_empty_decks_reveals_only_what_is_left():
    s = new(4)
    s.decks = [[], [], s.decks[2][:2]]
    rounds.begin_round(s, 7)
    assert len(s.targets) == 2 and s.decks[2] == []


def test_winners_are_empty_before_the_end():
    s = new(3)
    assert s.winners() == [] and not s.is_terminal()


def test_saved_game_loads_with_its_card_table_and_continues():
    s = GAME.new(4, 11)
    for _ in range(40):
        s.apply(s.legal_actions()[0])
    back = GAME.from_json(s.to_json())
    assert back.cards is s.cards and back.legal_actions() == s.legal_actions()
    assert back.observation(1) == s.observation(1)


def test_cursedman_options_say_when_you_curse_yourself():
    s = new(4)
    board(s, {0: [(R, "fx_cursed_1_1")]}, targets=["clay_golem"], coins=[2, 2, 2, 2])
    resolve_from(s)
    act(s, "acquire")
    assert s.phase is Phase.TRIGGER
    texts = {a.args[0]: s.describe_action(a, "ja") for a in s.legal_actions()}
    assert texts[R] == "自分（赤）がカーストークンを受け取る" and texts[B] == "青にカーストークンを渡す"
    assert s.describe_action(s.legal_actions()[R], "en") == "Take a curse token yourself (Red)"


# ----------------------------------------------------------------------------- card files
def _write(tmp_path: Path, change) -> str:
    data = yaml.safe_load(DEFAULT_FILE.read_text(encoding="utf-8"))
    change(data["cards"])
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return str(path)


def _card(cards, cid):
    return next(c for c in cards if c["id"] == cid)


@pytest.mark.parametrize(("change", "message"), [
    (lambda cards: cards.remove(_card(cards, "throne_red")), "four thrones including red"),
    (lambda cards: _card(cards, "goblin_bomber").update(count=3, four_player=0), "Goblin Bomber with 4 copies"),
    (lambda cards: _card(cards, "watchtower").update(four_player=4), "more 4P copies than copies"),
    (lambda cards: _card(cards, "ruined_tower").pop("group"), "needs a group"),
])
def test_inconsistent_card_file_is_refused_with_the_reason(tmp_path, change, message):
    with pytest.raises(CardDataError, match=message):
        GAME.new(4, 1, {"cards": _write(tmp_path, change)})


def test_unknown_card_id_is_a_clear_error():
    with pytest.raises(UnknownCard, match="no card 'nope'"):
        load()["nope"]


def test_negative_territory_of_a_group_without_a_deck_territory_is_still_dealt(tmp_path):
    """A card file may add a negative territory whose name has no positive card in the deck."""
    def change(cards):
        extra = dict(_card(cards, "desolate_farm"), id="desolate_mill", group="mill")
        extra["name"] = {"en": "Desolate Mill", "ja": "寂れた水車小屋"}
        cards.append(extra)

    s = GAME.new(4, 1, {"cards": _write(tmp_path, change)})
    assert level_groups(s, 1)[-1] == "mill"


# ----------------------------------------------------------------------------- invariants
def _fresh():
    return GAME.new(4, 0, {})


def _broken(change) -> list[str]:
    s = _fresh()
    change(s)
    return s.check_invariants()


@pytest.mark.parametrize(("change", "words"), [
    (lambda s: s.coins.__setitem__(R, 6), "more than 5 coins"),
    (lambda s: setattr(s, "curses_given", 6), "outside 0..5"),
    (lambda s: s.tokens.__setitem__(0, 0), "power-token pile"),
    (lambda s: setattr(s, "grave", -1), "negative grave"),
    (lambda s: s.owned[B].append(s.owned[R][0]), "listed for player 1"),
    (lambda s: s.owned[R].append(s.owned[R][0]), "holds a card twice"),
    (lambda s: s.trash.extend([s.decks[0][0]]), "in the decks or trash 2 times"),
    (lambda s: s.areas[0].append(s.throne[R]), "not an owned unit"),
    (lambda s: s.areas[0].append(next(u for u in s.owned[R] if s.card(u).type == "unit")), "not marked placed"),
    (lambda s: s.decks[0].append(s.targets[0]), "also in a deck"),
    (lambda s: s.cid.__setitem__(s.owned[Y][0], "watchtower"), "differ from the card file"),
])
def test_each_invariant_catches_its_breach(change, words):
    assert _fresh().check_invariants() == []
    assert any(words in line for line in _broken(change)), _broken(change)


def test_unit_in_play_twice_is_caught():
    s = _fresh()
    u = next(u for u in s.owned[G] if s.card(u).type == "unit")
    s.placed.add(u)
    s.areas[0].append(u)
    s.removed.append(u)
    assert any("in play 2 times" in line for line in s.check_invariants())
