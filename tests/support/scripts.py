"""The repository's scripts (`benchmarks/`, `examples/`) loaded as modules, for their tests.

They are not in a package, so a test imports them by path; the module is registered under its
file's name because dataclasses look their module up there.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_script(relative: str) -> ModuleType:
    """The script at `relative` (from the repository root, e.g. "benchmarks/balance.py")."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
