"""docs/rl.md shows the layouts the code declares, never an older copy."""

from __future__ import annotations

from pathlib import Path

from sabbat.rl import doc

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_layout_tables_match_the_code() -> None:
    text = DOC.read_text(encoding="utf-8")
    start, end = text.index(doc.BEGIN), text.index(doc.END) + len(doc.END)
    assert text[start:end] == doc.render(), "run `python -m sabbat.rl.doc` and paste its output into docs/rl.md"
