"""The terminal view renders every phase in both languages from the observation alone."""

from __future__ import annotations

import json

import pytest
from rich.console import Console

from sabbat.core import Rng
from sabbat.games.monslaught import GAME
from sabbat.games.monslaught import terminal as view


def _text(obs: dict, locale: str) -> str:  # type: ignore[type-arg]
    console = Console(width=160, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(view.render(json.loads(json.dumps(obs)), locale))
    return console.export_text()


def test_view_shows_hand_field_track_and_bosses_in_both_languages() -> None:
    st = GAME.new(3, 11)
    chooser = Rng(3)
    seen = set()
    while not st.is_terminal():
        if st.phase.value not in seen:
            seen.add(st.phase.value)
            p = st.current_player
            en = _text(st.observation(p), "en")
            ja = _text(st.observation(p), "ja")
            assert "Round" in en and "ラウンド" in ja and "Field" in en and "フィールド" in ja
            assert "Hand" in en and "手札" in ja and "Bosses" in en and "ボス" in ja
            assert "{" not in en and "{" not in ja
        st.apply(chooser.choice(st.legal_actions()))
    final = _text(st.observation(None), "en")
    assert "Points" in final
    assert len(seen) >= 8


def test_view_hides_other_hands() -> None:
    st = GAME.new(2, 1)
    while st.phase.value == "draft":
        st.apply(st.legal_actions()[0])
    other = 1 - st.current_player
    hand = {st.ids[u] for u in st.seats[other].hand}
    text = _text(st.observation(st.current_player), "en")
    line = next(ld for ld in text.splitlines() if "hidden" in ld)
    assert "Frog" not in line and "hidden (4" in line
    assert hand


def test_log_and_view_name_the_first_seat_p1_never_p0() -> None:
    from rich.console import Console

    from sabbat import agents, games

    state = games.get("monslaught").new(3, 2)
    bots = [agents.get("heuristic", "monslaught", seat) for seat in range(3)]
    for _ in range(80):
        state.apply(bots[state.current_player].choose(state))
    lines = [e.render(locale) for e in state.events for locale in ("en", "ja")]
    assert any("P1" in line for line in lines)
    assert not any("P0" in line for line in lines)
    console = Console(width=140, record=True)
    console.print(games.get("monslaught").terminal_view(state.observation(0), "en"))
    text = console.export_text()
    assert "P1" in text and "P0" not in text


@pytest.mark.slow
def test_japanese_view_has_no_internal_ids_english_words_or_empty_fields() -> None:
    """Issue 17 polish: every phase of a random game, seen by the player to act, in Japanese."""
    import re

    st = GAME.new(3, 5)
    chooser = Rng(5)
    ids = set(GAME.card_ids()) | {"need", "card", "land", "flip", "D", "B1", "FB"}
    while not st.is_terminal():
        ja = _text(st.observation(st.current_player), "ja")
        words = set(re.findall(r"[A-Za-z_]{2,}", ja))
        assert not words & ids and words <= {"P"} | {f"P{i}" for i in range(1, 5)}, words
        assert "凡例" in ja and "捨て山 (0): \n" not in ja and "#" not in ja
        st.apply(chooser.choice(st.legal_actions()))


def test_pending_decision_is_told_in_words() -> None:
    from tests.games.monslaught.monslaught_helpers import begin, blank, do, hand

    st = blank(2)
    begin(st)
    hand(st, 0, "vanilla_m", "vanilla_l", "child")
    st._legal = None
    do(st, "summon", "child")
    ja = _text(st.observation(0), "ja")
    en = _text(st.observation(0), "en")
    assert "古い館に住む幼子の召喚コストを支払い中：あと2" in ja
    assert "paying the summon cost of Child of the Old Mansion: 2 more" in en


def test_identical_cards_in_play_are_numbered_alike_on_the_board_and_in_the_options() -> None:
    from sabbat.core import Action
    from tests.games.monslaught.monslaught_helpers import begin, blank, play

    st = blank(2)
    begin(st)
    first, second = play(st, 0, "big_cat"), play(st, 0, "big_cat", used=True)
    st._legal = None
    texts = {st.describe_action(Action("release", (u,)), "ja") for u in (first, second)}
    assert len(texts) == 2
    board = _text(st.observation(0), "ja")
    assert "オオネコ 1" in board and "オオネコ 2" in board
    assert any("オオネコ 1" in t for t in texts) and any("オオネコ 2" in t for t in texts)


def test_game_over_and_upkeep_events_show_no_empty_or_raw_values() -> None:
    st = GAME.new(2, 7)
    chooser = Rng(7)
    while not st.is_terminal():
        st.apply(chooser.choice(st.legal_actions()))
    over = [e for e in st.events if e.key.endswith("game_over")][-1]
    for loc in ("en", "ja"):
        line = over.render(loc)
        assert "[" not in line and "P1" in line and "P2" in line
    for e in st.events:
        if ".upkeep_done" in e.key or e.key.endswith(".maintain"):
            assert "（）" not in e.render("ja") and "-" not in e.render("ja") and "nothing" not in e.render("en")


def test_events_never_show_an_empty_card_list() -> None:
    for seed in range(3):
        st = GAME.new(2 + seed, seed)
        chooser = Rng(seed)
        while not st.is_terminal():
            st.apply(chooser.choice(st.legal_actions()))
        for e in st.events:
            for loc in ("en", "ja"):
                text = e.render(loc)
                assert "[]" not in text and "は を" not in text and "  " not in text.strip(), text


def test_a_refill_of_nothing_says_so() -> None:
    from sabbat.games.monslaught.flow import begin_cleanup
    from tests.games.monslaught.monslaught_helpers import begin, blank, do

    st = blank(2)
    begin(st)
    begin_cleanup(st, 0)
    st._legal = None
    do(st, "end_upkeep")
    do(st, "end_refill")
    line = [e for e in st.events if e.key.endswith("refill_none")][-1]
    assert line.render("ja") == "P1は手札を補充しませんでした（手札0枚）"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_browser_names_every_phase(lang: str) -> None:
    """The browser's status line reads `ms.phase.<phase>`: a phase without a message showed its
    raw key (the boss penalty did, in a game played to the end by clicking)."""
    from importlib.resources import files

    from sabbat.games.monslaught.model import Phase

    messages = json.loads(files("sabbat.games.monslaught").joinpath(f"web/{lang}.json").read_text(encoding="utf-8"))
    assert [p.value for p in Phase if f"ms.phase.{p.value}" not in messages] == []
