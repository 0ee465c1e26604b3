"""The package's modules import each other without a circle, lazily or not.

Why: with the position at the bottom, rules as functions over it and the contract on top, each
module can be read, tested and tuned knowing only the modules below it.
"""

from __future__ import annotations

from pathlib import Path

import sabbat.games.monslaught as package
from tests.support.import_graph import layers_broken, package_imports

PACKAGE = Path(package.__file__).parent
LOW = ("cards", "cardtext", "faces", "model", "redeal", "effects", "scoring", "legal", "flow", "rules", "estimate", "setup", "observe",
       "invariants", "describe")


def _imports() -> dict[str, set[str]]:
    return package_imports(PACKAGE)


def test_no_circle_and_no_module_below_the_adapter_imports_it():
    assert layers_broken(PACKAGE, LOW, adapter=("state", "__init__", "bots")) == []


def test_the_position_knows_no_rule():
    assert _imports()["model"] <= {"cards"}


def test_the_card_table_and_its_texts_know_no_position():
    graph = _imports()
    for low in ("cards", "cardtext", "faces"):
        assert graph[low] <= {"cards", "cardtext"}, low
