"""Card files are bounded before they cost anything: bytes, values and nesting for every file, and
each game's declared `CardBounds` (copies of one card, cards in all) checked before a card is built.

Why count work and not time: a file over a bound must be refused before the work the bound
is there to limit (building YAML nodes, validating entries, building the card table), so the
tests count that work; none of them measures a duration."""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from sabbat import games
from sabbat.core import carddata
from sabbat.core.carddata import MAX_DEPTH, MAX_FILE_BYTES, MAX_VALUES, CardBounds
from sabbat.core.errors import CardFileTooLarge

GAMES = [name for name in games.names() if games.get(name).has_card_file]


def bounds_of(game_id: str) -> CardBounds:
    bounds: CardBounds = importlib.import_module(f"sabbat.games.{game_id}.cards").BOUNDS
    return bounds


def shipped_text(game_id: str) -> str:
    return games.get(game_id).resource("cards.yaml").read_text(encoding="utf-8")


def every_count(text: str, count: int) -> str:
    """The card file with every entry's count set to `count` (an entry without one gets one)."""
    text = re.sub(r"count: \d+", f"count: {count}", text)
    return re.sub(r"\{id: ", f"{{count: {count}, id: ", re.sub(r"count: \d+, ", "", text))


pytestmark = pytest.mark.usefixtures("uploads_forgotten")


@pytest.fixture
def built_cards(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The ids of the card entries validated by any game's schema while the test runs."""
    seen: list[str] = []
    original = carddata.CardEntry.model_validate.__func__  # type: ignore[attr-defined]

    def spy(cls: type[carddata.CardEntry], entry: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(str(entry.get("id")) if isinstance(entry, dict) else "?")
        return original(cls, entry, *args, **kwargs)

    monkeypatch.setattr(carddata.CardEntry, "model_validate", classmethod(spy))
    yield seen


@pytest.fixture
def built_nodes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many YAML nodes were built while the test runs (the parser's objects, before any value)."""
    count = [0]
    for kind in (yaml.nodes.ScalarNode, yaml.nodes.CollectionNode):  # every node class's own __init__
        def spy(self: yaml.nodes.Node, *args: Any, _original: Any = kind.__init__, **kwargs: Any) -> None:
            count[0] += 1
            _original(self, *args, **kwargs)

        monkeypatch.setattr(kind, "__init__", spy)
    yield count


def refusal(game_id: str, text: str, players: int | None = None) -> CardFileTooLarge:
    name, _ = carddata.upload(text)
    game = games.get(game_id)
    try:
        with pytest.raises(CardFileTooLarge) as caught:
            game.new(players or game.info.min_players, 1, {"cards": name})
    finally:
        carddata.forget_upload(name)
    return caught.value


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_declares_bounds_its_own_card_file_fits_three_times_over(game_id: str) -> None:
    """The bounds are a sane multiple of the shipped cards: a designer has room to add, nobody to
    make a thousand of each."""
    data = yaml.safe_load(shipped_text(game_id))
    counts = [e.get("count", 1) for v in data.values() if isinstance(v, list) for e in v if isinstance(e, dict)]
    bounds = bounds_of(game_id)
    assert 3 * max(counts) <= bounds.count <= 10 * max(counts)
    assert 3 * sum(counts) <= bounds.cards <= 10 * sum(counts)


def test_a_thousand_copies_of_each_card_are_refused_before_any_card_is_built(built_cards: list[str]) -> None:
    """The 14.7 KB Magic Master file with every count 1,000 (67,000 cards) was accepted after ten
    seconds of building; it is refused from its plain data, naming the bound."""
    text = every_count(shipped_text("magic_master"), 1000)
    assert len(text.encode()) < 20_000
    exc = refusal("magic_master", text)
    assert (exc.bound, exc.limit, exc.found) == ("count", bounds_of("magic_master").count, 1000)
    assert "at most 12 of one card" in str(exc) and carddata.UPLOAD_DIR not in str(exc).split(" has ")[1]
    assert built_cards == []


def test_too_many_cards_in_all_are_refused_before_any_card_is_built(built_cards: list[str]) -> None:
    bounds = bounds_of("monslaught")
    exc = refusal("monslaught", every_count(shipped_text("monslaught"), bounds.count))
    assert exc.bound == "cards" and exc.limit == bounds.cards and exc.found is not None and exc.found > bounds.cards
    assert f"at most {bounds.cards:,}" in str(exc)
    assert built_cards == []


def test_a_count_written_as_text_is_counted_once_it_is_a_number() -> None:
    text = shipped_text("magic_master").replace("count: 3", "count: '500'", 1)
    assert "count: '500'" in text
    assert refusal("magic_master", text).bound == "count"


def test_the_largest_allowed_card_files_load() -> None:
    """Right at the bounds, every game still builds a table (the bounds refuse only what is over them)."""
    for game_id in ("magic_master", "monslaught", "mystic_vale"):
        bounds = bounds_of(game_id)
        data = yaml.safe_load(shipped_text(game_id))
        entries = [e for v in data.values() if isinstance(v, list) for e in v if isinstance(e, dict)]
        for e in entries:
            e["count"] = min(bounds.count, bounds.cards // len(entries)) if e.get("count", 1) else 0
        name, _ = carddata.upload(yaml.safe_dump(data, allow_unicode=True))
        game = games.get(game_id)
        assert game.new(game.info.min_players, 1, {"cards": name}).options["cards"] == name


def test_thirty_thousand_yaml_values_are_refused_before_a_node_is_built(tmp_path: Path,
                                                                        built_nodes: list[int]) -> None:
    """The 30,000-value file was composed to its 20,000th node (in the event loop) before it was
    refused; the parser's events are counted now, and no node is built."""
    path = tmp_path / "many.yaml"
    path.write_text("cards: [" + ",".join(["1"] * 30_000) + "]\n", encoding="utf-8")
    with pytest.raises(CardFileTooLarge, match=f"more than {MAX_VALUES:,} values") as caught:
        carddata.read_file(path)
    assert caught.value.bound == "values" and caught.value.limit == MAX_VALUES
    assert built_nodes[0] == 0
    carddata.read_file(Path(games.get("monslaught").resource("cards.yaml")))  # the spy does count nodes
    assert built_nodes[0] > 1000


def test_deep_yaml_is_refused_from_its_events(tmp_path: Path, built_nodes: list[int]) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("a: " + "[" * 100 + "]" * 100, encoding="utf-8")
    with pytest.raises(CardFileTooLarge, match=f"more than {MAX_DEPTH} deep"):
        carddata.read_file(path)
    assert built_nodes[0] == 0


def test_json_has_the_same_bound_on_values(tmp_path: Path) -> None:
    path = tmp_path / "many.json"
    path.write_text(json.dumps({"cards": [1] * 30_000}, separators=(",", ":")), encoding="utf-8")
    with pytest.raises(CardFileTooLarge, match="values"):
        carddata.read_file(path)


def test_an_upload_over_the_size_bound_is_refused_before_it_is_kept() -> None:
    with pytest.raises(CardFileTooLarge) as caught:
        carddata.upload("#" * (MAX_FILE_BYTES + 1))
    assert (caught.value.bound, caught.value.found) == ("bytes", MAX_FILE_BYTES + 1)
    assert MAX_FILE_BYTES >= 3 * max(len(shipped_text(g).encode()) for g in GAMES)


def test_the_studio_guide_states_the_bounds_the_code_has() -> None:
    """Game designers read the bounds in docs/studio.md: they must be the ones applied."""
    text = (Path(__file__).parents[2] / "docs" / "studio.md").read_text(encoding="utf-8")
    assert f"| size | 64 KB ({MAX_FILE_BYTES:,} bytes) |" in text
    assert f"YAML aliases expanded) | {MAX_VALUES:,} |" in text and f"| nesting | {MAX_DEPTH} deep |" in text
    assert f"| any number | {carddata.MAX_NUMBER:,} |" in text
    for game_id in GAMES:
        bounds = bounds_of(game_id)
        title = games.get(game_id).info.title["en"].split(" (")[0]
        assert f"| {title} | {bounds.count:,} | {bounds.cards:,} |" in text, game_id
