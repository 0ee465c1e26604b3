"""Each game's rules digest (support/rules_digest.py), recorded per rules version in rules_digests.json.

Run `python tests/games/rules_versions.py --record GAME` (with src and tests on PYTHONPATH) after
bumping GAME's `rules_version`, to record the digest of its new rules; without arguments it prints
the current digests.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

from sabbat import games
from support.rules_digest import rules_digest

RECORD = Path(__file__).with_name("rules_digests.json")
SEEDS = 8
"""Random games per player count and option variant: about a second of CPU per game."""
VARIANTS_FROM = {
    "mystic_vale": "mystic_vale.mv_digest", "magic_master": "magic_master.mm_digest",
    "monslaught": "monslaught.monslaught_digest", "bellum_magica": "bellum_magica.bellum_digest",
    "nameless_dark_lord": "nameless_dark_lord.ndl_digest",
}
"""Where each game's option variants are listed (its fingerprint module)."""
COMMAND = "PYTHONPATH=src:tests python tests/games/rules_versions.py --record {game}"


def current(game_id: str) -> str:
    """The rules digest of `game_id` as the code plays it now."""
    sys.path.insert(0, str(Path(__file__).parent / game_id))
    try:
        module = importlib.import_module(VARIANTS_FROM[game_id].split(".")[1])
    finally:
        sys.path.pop(0)
    return rules_digest(games.get(game_id), module.FINGERPRINT.variants, SEEDS)


def recorded() -> dict[str, dict[str, str]]:
    """game -> {rules_version: digest}."""
    data: dict[str, dict[str, str]] = json.loads(RECORD.read_text())
    return data


def record(game_id: str) -> None:
    data = recorded()
    data.setdefault(game_id, {})[games.get(game_id).info.rules_version] = current(game_id)
    RECORD.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--record"]:
        for name in sys.argv[2:] or sorted(VARIANTS_FROM):
            record(name)
    print(json.dumps({g: {games.get(g).info.rules_version: current(g)} for g in sorted(VARIANTS_FROM)}, indent=1))
