"""Card files as data (--cards), descriptions with card names, the terminal view."""

from __future__ import annotations

from pathlib import Path

import yaml
from rich.console import Console

from sabbat import games
from sabbat.core import Action
from sabbat.games.magic_master.cards import DEFAULT_FILE
from tests.games.magic_master.mm_support import GAN, H6, TB, W, blank, give, group


def test_cards_option_loads_a_replacement_file(tmp_path: Path):  # card data is data
    data = yaml.safe_load(DEFAULT_FILE.read_text(encoding="utf-8"))
    for c in data["characters"]:
        if c["id"] == "dean":
            c["suc"] = 9
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    game = games.get("magic_master")
    s = game.new(2, 0, {"cards": str(path)})
    assert s.t.types["dean"].suc == 9
    assert "9" in game.describe_card("dean", "en", {"cards": str(path)})
    assert "ディーン王子" in game.describe_card("dean", "ja")
    assert len(game.card_ids()) == len(set(game.card_ids()))


def test_action_descriptions_name_cards():  # describe_action
    s = blank()
    group(s, 0, GAN)
    group(s, 1, H6, TB)
    (pet,) = give(s, 0, "petrify")
    text = s.describe_action(Action("card_attack", (pet, 1, 0)), "en")
    assert "Petrify" in text and "Princess Elaine" in text
    assert "石化" in s.describe_action(Action("card_attack", (pet, 1, 0)), "ja")


def test_view_shows_groups_sums_market_in_both_languages():  # terminal view
    s = blank()
    group(s, 0, W)
    group(s, 1, H6, TB, "castle")
    console = Console(width=150, record=True)
    for locale, words in (("en", ("Princess Elaine", "Soldiers", "Castle", "DEF", "Market")),
                          ("ja", ("エレイン王女", "兵士", "城", "防御力", "場札"))):
        console.print(games.get("magic_master").terminal_view(s.observation(0), locale))
        out = console.export_text()
        assert all(w in out for w in words)
        assert "23" in out  # group defence 3 + 10 + 10


def test_group_views_follow_the_cards_and_the_kept_views_are_bounded(monkeypatch):
    from sabbat.games.magic_master import observe as hidden

    s = blank()
    g = group(s, 0, H6, TB)
    before = s.observation(1)["players"][0]["groups"][0]
    assert [c["card"] for c in before["troops"]] == [TB]
    g.troops.append(give(s, 0, TB)[0])
    s.hand[0].clear()
    after = s.observation(1)["players"][0]["groups"][0]
    assert len(after["troops"]) == 2 and after["def"] > before["def"]
    assert s.observation(0)["players"][0]["groups"][0] == after  # same cards, same view
    monkeypatch.setattr(hidden, "GROUP_VIEWS_KEPT", 2)
    s.t.group_views.clear()
    for extra in (W, GAN, TB):
        group(s, 1, extra)
        s.observation(0)
    assert len(s.t.group_views) <= 2


def test_charm_staff_face_states_what_it_does_in_both_languages():
    """The staff has no printed values; its face must still say its rule, never "-"."""
    game = games.get("magic_master")
    for locale, words in (("en", ("without a wizard", "red")), ("ja", ("魔術士", "赤"))):
        text = game.card_faces(locale)["charm_staff"]["text"]
        assert text == game.describe_card("charm_staff", locale)
        effect = text.split(" — ")[1]
        assert effect != "-" and all(w in effect for w in words)


def test_the_browser_names_every_phase_every_kind_of_regroup_and_its_stages() -> None:
    """The browser's status line reads `mm.phase.<phase>` and `mm.regroup.<kind>`: the regroup
    after an attack that gained something showed its raw key."""
    import json
    from importlib.resources import files

    from sabbat.games.magic_master.model import Phase, RegroupKind
    from sabbat.games.magic_master.regroup import STAGES

    for lang in ("en", "ja"):
        messages = json.loads(files("sabbat.games.magic_master").joinpath(f"web/{lang}.json").read_text(encoding="utf-8"))
        missing = [f"mm.phase.{p.value}" for p in Phase] + [f"mm.regroup.{k.value}" for k in RegroupKind]
        missing += [f"mm.stage.{stage}" for stage in STAGES] + ["mm.deciding", "mm.hand_step"]  # the regroup's step
        assert [key for key in missing if key not in messages] == [], lang
