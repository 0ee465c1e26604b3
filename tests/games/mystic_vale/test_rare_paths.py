"""Rules code no other test reaches: saved games, every action's wording, banner harvest
abilities, play-time wild spirit, a deck with no decay at all."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from sabbat.core import Rng
from sabbat.games.mystic_vale import GAME
from sabbat.games.mystic_vale.cards import DEFAULT_PATH
from sabbat.games.mystic_vale.state import MysticValeState
from sabbat.games.mystic_vale.turn import to_field
from tests.games.mystic_vale.mv_helpers import act, arrange, at_harvest, build, new


def test_a_saved_game_reloads_with_its_caches_and_plays_on_identically() -> None:
    st = GAME.new(3, 4)
    rng = Rng(4)
    for _ in range(120):
        st.apply(rng.choice(st.legal_actions()))
    back = GAME.from_json(st.to_json())
    assert isinstance(back, MysticValeState)
    assert back.cstats == st.cstats and back.ong_mana == st.ong_mana and back.has_ability == st.has_ability
    assert back.legal_actions() == st.legal_actions() and back.observation(0) == st.observation(0)
    assert back.winners() == [] and back.check_invariants() == []


def test_every_action_of_a_game_is_described_in_both_languages() -> None:
    kinds = set()
    for seed in range(3):
        st = GAME.new(2, seed, {"german_spirit_trade": True})
        rng = Rng(seed)
        while not st.is_terminal():
            for a in st.legal_actions():
                kinds.add(a.kind)
                for loc in ("en", "ja"):
                    text = st.describe_action(a, loc)
                    assert text != a.notation() and "{" not in text and "mystic_vale." not in text
            st.apply(rng.choice(st.legal_actions()))
    assert {"push", "pass", "use", "collect", "token", "buy", "soil", "vale", "end", "give", "take", "sleeve"} <= kinds


def test_a_harvest_ability_on_a_banner_is_used_through_the_banner() -> None:
    st = new()
    ids = arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    s = ids["field"][0]
    build(st, s, [("fx_banner_vp", "top")])
    at_harvest(st, 0)
    assert st.todo == [4 * s + 3]  # slot 3: the banner
    act(st, "use", 4 * s + 3)
    assert st.vp[0] == 1


def test_play_gain_wild_is_banked_for_the_harvest() -> None:
    st = new()
    ids = arrange(st, 0, field=[], on_deck="B", deck=["B", "B"])
    build(st, ids["on_deck"][0], [("fx_play_wild", "top")])
    to_field(st, 0)
    assert st.bonus_wild[0] == 1
    at_harvest(st, 0)
    assert st.spirit[3] == 1


def test_a_deck_without_decay_is_planted_whole_in_setup(tmp_path: Path) -> None:
    """Boundary: nothing ever stops the initial build, so all 20 cards reach the field."""
    data = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    for card in data["starting_cards"]:
        card.pop("decay", None)
    path = tmp_path / "no_decay.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    st = GAME.new(2, 0, {"cards": str(path)})
    assert isinstance(st, MysticValeState)
    last = 1 - st.first_player
    assert len(st.field[last]) == 20 and st.on_deck[last] == -1 and st.deck[last] == []
    assert st.check_invariants() == []


def _broken(tmp_path: Path, change: str) -> str:
    data = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    adv = {a["id"]: a for a in data["advancements"]}
    if change == "effect":
        adv["wishing_well"]["ability"]["effect"] = "fly_away"
    elif change == "deck":
        data["starting_cards"][0]["per_deck"] = {"none": 7}
    elif change == "level":
        adv["orchard"]["level"] = 4
    elif change == "soil":
        adv["fertile_soil"]["positions"] = {"top": 6, "middle": 6, "bottom": 0}
    path = tmp_path / f"{change}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return str(path)


@pytest.mark.slow
def test_card_file_cross_check_errors_are_one_clear_line(tmp_path: Path) -> None:
    import pytest

    from sabbat.core import CardDataError

    for change, words in (("effect", "no play effect named 'fly_away'"), ("deck", "must have 20 cards, not 19"),
                          ("level", "has level 4"), ("soil", "one pile per position")):
        with pytest.raises(CardDataError, match=words) as err:
            GAME.new(2, 0, {"cards": _broken(tmp_path, change)})
        assert "\n" not in str(err.value)


def test_a_first_player_who_spoiled_in_setup_starts_at_discard() -> None:
    from sabbat.games.mystic_vale.setup import start_first_turn

    st = new()
    p = st.turn_player
    st.skip_next[p] = True
    start_first_turn(st)
    assert st.turn_player == 1 - p and not st.skip_next[p]
    assert any(e.key.endswith(".skip") and e.params["player"] == p for e in st.events)
