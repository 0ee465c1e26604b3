"""The author's kit (`sabbat.testing`) sits above every other layer: nothing in sabbat imports it,
and importing it loads neither the server nor the RL environments (a game's tests need neither
unless a check uses them)."""

from __future__ import annotations

import subprocess
import sys

from tests.core.test_layers import graph, layer


def test_nothing_in_sabbat_imports_the_kit() -> None:
    bad = {(s, t) for s, ts in graph().items() for t in ts if layer(t) == "testing" and layer(s) != "testing"}
    assert not bad


def test_the_kit_uses_no_game_internals() -> None:
    assert not {(s, t) for s, ts in graph().items() for t in ts if layer(s) == "testing" and layer(t) == "a game"}


def test_importing_the_kit_loads_no_front_end_and_no_pytest() -> None:
    code = ("import sys, sabbat.testing, sabbat.testing.__main__; "
            "print(sorted(m for m in sys.modules if m.startswith(('sabbat.web', 'sabbat.rl', 'sabbat.cli', 'pytest'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
