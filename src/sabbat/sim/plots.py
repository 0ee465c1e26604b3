"""Plotly figures of a study: rates with their intervals, distributions, per-card charts.

Why Plotly: one self-contained HTML file with interactive charts (hover gives the exact
numbers), readable offline, drawn by a library made for it rather than by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sabbat.core.extras import needs

with needs("studio"):
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

from .cards import CardRate
from .stats import Rate

Text = Callable[..., str]
"""A report text by key, in the report's language."""

COLOURS = ["#3366aa", "#dd7733", "#229966", "#aa3377", "#7777bb", "#998833"]
HEIGHT = 380


def _layout(fig: go.Figure, height: int = HEIGHT, **extra: Any) -> go.Figure:
    fig.update_layout(template="plotly_white", height=height, margin={"l": 60, "r": 20, "t": 40, "b": 50},
                      legend={"orientation": "h", "yanchor": "bottom", "y": 1.0}, **extra)
    return fig


def _errors(rates: Sequence[Rate]) -> dict[str, Any]:
    return {"type": "data", "symmetric": False, "array": [r.interval[1] - r.rate for r in rates],
            "arrayminus": [r.rate - r.interval[0] for r in rates], "thickness": 1.5}


def _hover(rates: Sequence[Rate]) -> list[str]:
    return [f"{r.rate:.1%} (95%: {r.interval[0]:.1%}–{r.interval[1]:.1%}), {r.wins:g} of {r.games}" for r in rates]


def grouped_rates(groups: dict[int, list[Rate]], text: Text, axis: str) -> go.Figure:
    """One bar group per player count, one bar per seat or position, with par marked per count."""
    fig = go.Figure()
    widest = max((len(v) for v in groups.values()), default=0)
    for i in range(widest):
        counts = [n for n, rates in groups.items() if i < len(rates)]
        rates = [groups[n][i] for n in counts]
        fig.add_bar(name=rates[0].label, x=[text("n_players", n=n) for n in counts], y=[r.rate for r in rates],
                    error_y=_errors(rates), hovertext=_hover(rates), hoverinfo="name+text",
                    marker_color=COLOURS[i % len(COLOURS)])
    for k, n in enumerate(groups):
        fig.add_shape(type="line", xref="x", yref="y", x0=k - 0.45, x1=k + 0.45, y0=1 / n, y1=1 / n,
                      line={"dash": "dash", "color": "#444", "width": 1.5})
    return _layout(fig, barmode="group", yaxis={"title": text("win_share"), "tickformat": ".0%", "rangemode": "tozero"},
                   xaxis={"title": axis})


def first_player(points: list[tuple[int, Rate]], text: Text) -> go.Figure:
    """The start player's win share per player count, par as a dashed step."""
    rates = [r for _, r in points]
    xs = [str(n) for n, _ in points]
    fig = go.Figure()
    fig.add_scatter(x=xs, y=[r.rate for r in rates], mode="markers", marker={"size": 11, "color": COLOURS[0]},
                    error_y=_errors(rates), hovertext=_hover(rates), hoverinfo="text", name="start")
    fig.add_scatter(x=xs, y=[1 / n for n, _ in points], mode="lines+markers", name=text("par"),
                    line={"dash": "dash", "color": "#444", "shape": "hvh"}, marker={"symbol": "line-ew-open"})
    return _layout(fig, yaxis={"title": text("win_share"), "tickformat": ".0%", "rangemode": "tozero"},
                   xaxis={"title": text("players"), "type": "category"})


def rate_bars(rates: Sequence[Rate], text: Text, axis: str, value: str, par: float | None = None) -> go.Figure:
    fig = go.Figure(go.Bar(x=[r.label for r in rates], y=[r.rate for r in rates], error_y=_errors(rates),
                           hovertext=_hover(rates), hoverinfo="text", marker_color=COLOURS[0]))
    if par is not None:
        fig.add_hline(y=par, line_dash="dash", line_color="#444", annotation_text=text("par"))
    return _layout(fig, yaxis={"title": value, "tickformat": ".0%", "rangemode": "tozero"}, xaxis={"title": axis})


def histograms(series: dict[str, list[float]], text: Text) -> go.Figure:
    """One histogram per series, two to a row (game length, rounds, days…)."""
    names = list(series)
    rows = (len(names) + 1) // 2
    fig = make_subplots(rows=rows, cols=min(2, len(names)), subplot_titles=names, vertical_spacing=0.3 / rows)
    for i, name in enumerate(names):
        values = series[name]
        integral = all(float(v).is_integer() for v in values)
        span = max(values) - min(values) if values else 0
        bins = {"size": 1} if integral and span <= 60 else None
        fig.add_histogram(x=values, name=name, xbins=bins, marker_color=COLOURS[i % len(COLOURS)], showlegend=False,
                          row=i // 2 + 1, col=i % 2 + 1)
        fig.update_yaxes(title_text=text("games"), row=i // 2 + 1, col=i % 2 + 1)
    return _layout(fig, height=max(HEIGHT, 300 * rows), bargap=0.05)


def scores(all_scores: list[float], winners: list[float], text: Text) -> go.Figure:
    """Every seat's final score and the winners', each as a share of its own count (the two differ in size)."""
    fig = go.Figure()
    for key, values, colour in (("scores_all", all_scores, COLOURS[0]), ("scores_winner", winners, COLOURS[1])):
        fig.add_histogram(x=values, name=text(key), marker_color=colour, opacity=0.65, histnorm="probability",
                          bingroup=1)
    return _layout(fig, barmode="overlay", xaxis={"title": text("score")},
                   yaxis={"title": text("share"), "tickformat": ".0%"})


def card_take(cards: Sequence[CardRate], names: dict[str, str], text: Text) -> go.Figure:
    """Take rate when available, one horizontal bar a card, most taken on top."""
    ordered = sorted(cards, key=lambda c: c.take_rate)
    rates = [Rate(c.card, c.games_with, c.available) for c in ordered]
    fig = go.Figure(go.Bar(y=[names.get(c.card, c.card) for c in ordered], x=[r.rate for r in rates], orientation="h",
                           error_x=_errors(rates), hovertext=[f"{names.get(c.card, c.card)}: {h}" for c, h in
                                                              zip(ordered, _hover(rates), strict=True)],
                           hoverinfo="text", marker_color=COLOURS[2]))
    return _layout(fig, height=_card_height(len(ordered)), xaxis={"title": text("take_rate"), "tickformat": ".0%",
                                                                   "range": [0, 1]}, yaxis=_card_axis(len(ordered)))


def card_wins(cards: Sequence[CardRate], names: dict[str, str], text: Text, par: float) -> go.Figure:
    """Win rate of the takers against the seats that passed, a pair of points a card, ★ where they differ."""
    ordered = sorted(cards, key=lambda c: c.win_rate - c.without_rate)
    labels = [names.get(c.card, c.card) + (" ★" if c.p_value < 0.05 else "") for c in ordered]
    fig = go.Figure()
    for key, colour, pick in (("took", COLOURS[0], lambda c: Rate(c.card, c.wins, c.games_with)),
                              ("passed", COLOURS[1], lambda c: Rate(c.card, c.wins_without, c.passed))):
        rates = [pick(c) for c in ordered]
        shown = [r.games > 0 for r in rates]  # a card every seat took has no one who passed it: no point
        errors = _errors(rates)
        for side in ("array", "arrayminus"):
            errors[side] = [e if ok else None for e, ok in zip(errors[side], shown, strict=True)]
        fig.add_scatter(y=labels, x=[r.rate if ok else None for r, ok in zip(rates, shown, strict=True)],
                        mode="markers", name=text(key), error_x=errors, marker={"color": colour, "size": 8},
                        hovertext=[f"{lab}: {h}" for lab, h in zip(labels, _hover(rates), strict=True)],
                        hoverinfo="text")
    fig.add_vline(x=par, line_dash="dash", line_color="#444")
    return _layout(fig, height=_card_height(len(ordered)), xaxis={"title": text("win_share"), "tickformat": ".0%",
                                                                   "range": [0, 1]}, yaxis=_card_axis(len(ordered)))


def differences(rows: Sequence[tuple[str, float, float, float]], title: str) -> go.Figure:
    """A forest plot of proportions: each (label, difference, low, high) a point with its interval, the
    first row on top, zero marked."""
    shown = rows[::-1]  # Plotly draws the first category at the bottom
    fig = go.Figure(go.Scatter(
        y=[r[0] for r in shown], x=[r[1] for r in shown], mode="markers", marker={"size": 8, "color": COLOURS[0]},
        error_x={"type": "data", "symmetric": False, "array": [r[3] - r[1] for r in shown],
                 "arrayminus": [r[1] - r[2] for r in shown]},
        hovertext=[f"{r[0]}: {r[1]:+.1%} (95%: {r[2]:+.1%} to {r[3]:+.1%})" for r in shown], hoverinfo="text"))
    fig.add_vline(x=0, line_color="#444")
    return _layout(fig, height=_card_height(len(rows)), xaxis={"title": title, "tickformat": "+.0%"},
                   yaxis=_card_axis(len(rows)))


def _card_axis(cards: int) -> dict[str, Any]:
    """Exactly one row a card: Plotly pads a long category axis unevenly when left to itself."""
    return {"automargin": True, "range": [-0.6, cards - 0.4], "autorange": False, "dtick": 1}


def _card_height(cards: int) -> int:
    return max(HEIGHT, 22 * cards + 110)


__all__ = ["card_take", "card_wins", "differences", "first_player", "grouped_rates", "histograms", "rate_bars", "scores"]
