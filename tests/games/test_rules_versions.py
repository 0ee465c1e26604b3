"""A game's `rules_version` changes whenever its rules or shipped cards change: each version's rules
digest is recorded in the game's package, and the kit's `rules-version` check (run on every game by
tests/conformance/test_contract.py) fails on a change of play without a bump."""

from __future__ import annotations

from pathlib import Path

from sabbat import games
from sabbat.core import carddata
from sabbat.testing.digest import recorded


def test_every_shipped_game_records_its_current_rules_digest_in_its_package() -> None:
    shipped = sorted(p.parent.name for p in Path(games.__file__).parent.glob("*/__init__.py"))
    assert shipped and all(games.get(g).info.rules_version in recorded(games.get(g)) for g in shipped)


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
