"""The package's modules import each other without a circle, lazily or not.

Why: with the position at the bottom, rules as functions over it and the contract on top, each
module can be read, tested and tuned knowing only the modules below it.
"""

from __future__ import annotations

from pathlib import Path

import sabbat.games.mystic_vale as package
from tests.support.import_graph import layers_broken, package_imports

PACKAGE = Path(package.__file__).parent
LOW = ("cards", "constants", "model", "actions", "effects", "scoring", "turn", "legal", "rules", "setup", "observe",
       "evaluate", "invariants", "describe", "cardtext", "faces", "bots")


def _imports() -> dict[str, set[str]]:
    return package_imports(PACKAGE)


def test_no_circle_and_no_module_below_the_adapter_imports_it():
    assert layers_broken(PACKAGE, LOW) == []


def test_the_position_knows_no_rule():
    assert _imports()["model"] <= {"cards", "constants"}


def test_the_card_table_and_the_constants_know_no_position():
    graph = _imports()
    assert graph["cards"] == set() and graph["constants"] == set()
