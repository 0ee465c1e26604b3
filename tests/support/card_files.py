"""Card files for tests: a game's shipped file with one value changed, as a table's creator uploads it."""

from __future__ import annotations

from importlib import resources


def frog_with_attack(attack: int) -> str:
    """Monslaught's shipped card file with the Frog's attack changed (shipped: 3)."""
    text = (resources.files("sabbat.games.monslaught") / "cards.yaml").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if "{id: frog," in line)
    assert "attack: 3," in line
    return text.replace(line, line.replace("attack: 3,", f"attack: {attack},"))
