"""The deviation survey (benchmarks/deviations.py) finds disagreements and judges them by playouts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "deviations.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("deviations", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_each_disagreement_is_judged_for_both_moves(capsys) -> None:  # type: ignore[no-untyped-def]
    deviations = load()
    kinds, tested = deviations.survey("bellum_magica", "random", 2, positions=2, playouts=2, every=1, seed=3)
    assert tested >= 2  # every departure was found among the tested decisions
    judged = [v for record in kinds.values() for v in record.tested + record.heuristic]
    assert sum(len(record.tested) for record in kinds.values()) == 2
    assert all(record.tested and len(record.tested) == len(record.heuristic) for record in kinds.values())
    assert all(0.0 <= v <= 1.0 for v in judged)
    assert "deal 3" in capsys.readouterr().out


def test_the_paired_difference_has_an_interval_once_there_are_two_positions() -> None:
    deviations = load()
    record = deviations.Kind([1.0, 0.5], [0.0, 0.5])
    line = record.line("take")
    assert line.startswith("| take | 2 | 0.750 | 0.250 | +0.500 (")
    assert "to" in line
    assert "no interval" in deviations.Kind([1.0], [0.0]).line("take")
