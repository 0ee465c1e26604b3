"""The terminal view renders every phase in both languages from the observation alone."""

from __future__ import annotations

import json

from rich.console import Console

from sabbat.cli.views import monslaught as view
from sabbat.core import Rng
from sabbat.games.monslaught import GAME


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
    from sabbat.cli import views

    state = games.get("monslaught").new(3, 2)
    bots = [agents.get("heuristic", "monslaught", seat) for seat in range(3)]
    for _ in range(80):
        state.apply(bots[state.current_player].choose(state))
    lines = [e.render(locale) for e in state.events for locale in ("en", "ja")]
    assert any("P1" in line for line in lines)
    assert not any("P0" in line for line in lines)
    console = Console(width=140, record=True)
    console.print(views.render("monslaught", state.observation(0), "en"))
    text = console.export_text()
    assert "P1" in text and "P0" not in text
