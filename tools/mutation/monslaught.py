"""Mutation testing of the Monslaught rules modules against this folder's tests (run by hand, never by
CI: it takes tens of minutes). Not a test module: it lives outside tests/.

The runner is the Mystic Vale script's and the mutation operators are the Nameless Dark Lord
script's (comparison flipped, `+`/`-` swapped, a whole number off by one, `and`/`or` swapped, `not`
dropped, `min`/`max` swapped, True/False swapped), imported rather than copied. Run it from a scratch
copy of the repository. Usage:

    .venv/bin/python tools/mutation/monslaught.py OUT.json [module ...]
    .venv/bin/python tools/mutation/monslaught.py --rerun FIRST.json OUT.json
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME = "monslaught"
# Rules only: legal actions and their effects, card effects, scoring, the round constants and the
# state's hooks. Not the heuristic player (bots), views (observe, describe, cardtext, faces), the card file
# loader (cards) or the invariant checker.
MODULES = ("legal.py", "flow.py", "rules.py", "effects.py", "scoring.py", "model.py", "state.py")

if __name__ == "__main__":
    path = ROOT / "tools" / "mutation" / "mystic_vale.py"
    spec = importlib.util.spec_from_file_location("mv_mutate_rules", path)
    assert spec is not None and spec.loader is not None
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    runner.main(GAME, MODULES, sys.argv[1:])
