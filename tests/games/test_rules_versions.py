"""A game's `rules_version` changes whenever its rules or shipped cards change: each version's
rules digest is recorded (rules_versions.py), so a change of play without a bump fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

from sabbat import games
from sabbat.core import carddata

from .rules_versions import COMMAND, VARIANTS_FROM, current, recorded


@pytest.mark.slow  # plays hundreds of random games per game
@pytest.mark.parametrize("game_id", sorted(VARIANTS_FROM))
def test_rules_version_matches_its_recorded_rules_digest(game_id: str) -> None:
    version = games.get(game_id).info.rules_version
    want = recorded().get(game_id, {}).get(version)
    got = current(game_id)
    assert want == got, (f"{game_id} plays differently from what rules_version {version!r} recorded: bump "
                         f"rules_version of {game_id} and record the new digest (command: "
                         f"{COMMAND.format(game=game_id)})")


def test_every_shipped_game_is_covered() -> None:
    shipped = {p.parent.name for p in Path(games.__file__).parent.glob("*/__init__.py")}
    assert sorted(VARIANTS_FROM) == sorted(shipped)


@pytest.mark.parametrize("game_id", sorted(VARIANTS_FROM))
def test_the_state_and_the_game_say_the_same_rules_version(game_id: str) -> None:
    game = games.get(game_id)
    assert game.new(game.info.min_players, 1).rules_version == game.info.rules_version


def test_the_card_digest_sees_values_and_not_wording(tmp_path: Path) -> None:
    """Names, sources and notes word a card: rewording them changes no game, so no rules version."""
    card = "cards:\n  - {id: a, name: {en: %s, ja: エー}, cost: %d, provenance: {default: %s}, note: %s}\n"
    digests = []
    for n, (name, cost, source, note) in enumerate((("Ace", 3, "reconstructed", "one"), ("Ace of Cups", 3, "rulebook", "two"),
                                                   ("Ace", 4, "rulebook", "one"))):
        path = tmp_path / f"card{n}.yaml"
        path.write_text(card % (name, cost, source, note))
        digests.append(carddata.rules_digest(path))
    assert digests[0] == digests[1] != digests[2]
