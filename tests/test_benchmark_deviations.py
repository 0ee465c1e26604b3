"""The deviation survey (benchmarks/deviations.py) finds disagreements and judges them by playouts."""

from __future__ import annotations

from tests.support.scripts import load_script


def test_each_disagreement_is_judged_for_both_moves(capsys) -> None:  # type: ignore[no-untyped-def]
    deviations = load_script("benchmarks/deviations.py")
    kinds, tested = deviations.survey("bellum_magica", "random", 2, positions=2, playouts=2, every=1, seed=3)
    assert tested >= 2  # every departure was found among the tested decisions
    judged = [v for record in kinds.values() for v in record.tested + record.heuristic]
    assert sum(len(record.tested) for record in kinds.values()) == 2
    assert all(record.tested and len(record.tested) == len(record.heuristic) for record in kinds.values())
    assert all(0.0 <= v <= 1.0 for v in judged)
    assert "deal 3" in capsys.readouterr().out


def test_the_paired_difference_has_an_interval_once_there_are_two_positions() -> None:
    deviations = load_script("benchmarks/deviations.py")
    record = deviations.Kind([1.0, 0.5], [0.0, 0.5])
    line = record.line("take")
    assert line.startswith("| take | 2 | 0.750 | 0.250 | +0.500 (")
    assert "to" in line
    assert "no interval" in deviations.Kind([1.0], [0.0]).line("take")
