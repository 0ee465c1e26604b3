"""The comparison of two card files as one self-contained HTML page: forest plots of what changed."""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path

from . import plots
from .compare import Change
from .report import Page


def _rows(changes: Sequence[Change]) -> list[tuple[str, float, float, float]]:
    return [(f"{c.figure} {c.mark}".strip(), c.diff, c.low, c.high) for c in changes
            if c.kind == "rate" and c.diff is not None and c.low is not None and c.high is not None]


def _fmt(c: Change, value: float | None, signed: bool = False) -> str:
    if value is None:
        return "—"
    sign = "+" if signed else ""
    return f"{value:{sign}.1%}" if c.kind == "rate" else f"{value:{sign}.2f}"


def table(changes: Sequence[Change], page: Page) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in
                   (page.text("figure"), "A", "B", page.text("difference"), "95%", "p", ""))
    body = []
    for c in changes:
        interval = "—" if c.low is None or c.high is None else f"{_fmt(c, c.low, True)} – {_fmt(c, c.high, True)}"
        body.append(f"<tr><td>{html.escape(c.figure)}</td><td>{_fmt(c, c.a)}</td><td>{_fmt(c, c.b)}</td>"
                    f"<td>{_fmt(c, c.diff, True)}</td><td>{interval}</td><td>{c.p:.3f}</td><td>{c.mark}</td></tr>")
    return f'<table id="compare-table"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


def build(changes: Sequence[Change], title: str, meta: str, lang: str = "en") -> str:
    page = Page(lang, "sim.compare")
    game_rows = _rows([c for c in changes if not c.figure.startswith("card ")])
    card_rows = _rows([c for c in changes if c.figure.startswith("card ")])
    if game_rows:
        page.section("rates", plots.differences(game_rows, page.text("difference")), "rates")
    if card_rows:
        page.section("cards", plots.differences(card_rows, page.text("difference")), "cards")
    page.section("all", table(changes, page), "all")
    return page.html(title, [meta, page.text("test_note")])


def write(changes: Sequence[Change], path: Path, title: str, meta: str, lang: str = "en") -> None:
    path.write_text(build(changes, title, meta, lang), encoding="utf-8")


__all__ = ["build", "write"]
