"""The balance report: one self-contained HTML page (Plotly's script inlined), readable offline.

    sabbat simulate GAME -n 400 --players 3 --agents heuristic --report GAME.html
    sabbat report results.parquet other.jsonl --out report.html

Sections: win share by seat and by position from the start player, the first-player advantage
by player count, agents, game length, scores, how games end, and per card the take rate when
available and the win rate of the takers against the seats that passed it.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sabbat import __version__, games
from sabbat.core import i18n
from sabbat.core.errors import SabbatError
from sabbat.core.extras import needs

with needs("studio"):
    import plotly.graph_objects as go

from . import plots
from .analysis import Study, study
from .runner import GameRecord

STYLE = """
body { font-family: system-ui, "Noto Sans CJK JP", sans-serif; margin: 0 auto; max-width: 1100px; padding: 1em 2em;
       color: #222; line-height: 1.45; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { font-size: 1.2em; margin: 1.8em 0 0.2em; border-top: 1px solid #ddd;
padding-top: 0.8em; }
.meta, .help { color: #555; font-size: 0.92em; margin: 0.2em 0 0.6em; }
table { border-collapse: collapse; font-size: 0.88em; margin-top: 0.6em; }
th, td { padding: 0.2em 0.7em; border-bottom: 1px solid #eee; text-align: right; } th { background: #f5f5f5; }
td:first-child, th:first-child { text-align: left; }
"""


class Page:
    """Sections of figures and text in one language; the first figure carries Plotly's script."""

    def __init__(self, lang: str, texts: str = "sim.report") -> None:
        self.lang = lang
        self.texts = texts
        self.parts: list[str] = []
        self._script_included = False

    def text(self, key: str, **params: Any) -> str:
        return i18n.render(f"{self.texts}.{key}", self.lang, params)

    def section(self, key: str, body: str | go.Figure, anchor: str) -> None:
        self.parts.append(f'<section id="{anchor}"><h2>{html.escape(self.text(key))}</h2>'
                          f'<p class="help">{html.escape(self.text(key + "_help"))}</p>')
        self.add(body, anchor)
        self.parts.append("</section>")

    def add(self, body: str | go.Figure, anchor: str) -> None:
        if isinstance(body, go.Figure):
            self.parts.append(body.to_html(full_html=False, include_plotlyjs=not self._script_included,
                                           div_id=f"fig-{anchor}", config={"displaylogo": False, "responsive": True}))
            self._script_included = True
        else:
            self.parts.append(body)

    def note(self, text: str) -> None:
        self.parts.append(f'<p class="help">{html.escape(text)}</p>')

    def html(self, title: str, meta: Sequence[str]) -> str:
        head = "".join(f'<p class="meta">{html.escape(line)}</p>' for line in meta)
        return (f'<!DOCTYPE html>\n<html lang="{self.lang}"><head><meta charset="utf-8">'
                f'<meta name="viewport" content="width=device-width, initial-scale=1">'
                f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>"
                f"<h1>{html.escape(title)}</h1>{head}" + "".join(self.parts) + "</body></html>\n")


def card_names(game: str, options: dict[str, Any], lang: str) -> dict[str, str]:
    """Card names in `lang` from the game's public card faces (ids where the card file cannot be read);
    a name two cards share (a starting and a bought Fertile Soil) gets the card's id after it."""
    g = games.get(game)
    for opts in (options, {}):
        try:
            names = {cid: str(face.get("name") or cid) for cid, face in g.card_faces(lang, opts).items()}
        except (SabbatError, OSError, ValueError):
            continue
        twice = {n for n in names.values() if list(names.values()).count(n) > 1}
        return {cid: f"{n} ({cid})" if n in twice else n for cid, n in names.items()}
    return {}


def _options(records: Sequence[GameRecord]) -> dict[str, Any]:
    options = (records[0].replay or {}).get("options", {}) if records else {}
    return options if isinstance(options, dict) else {}


def card_table(s: Study, names: dict[str, str], page: Page) -> str:
    head = "".join(f"<th>{html.escape(page.text(k))}</th>" for k in
                   ("col_card", "col_taken", "col_available", "col_take_rate", "col_win_took", "col_win_passed", "col_p"))
    rows = []
    for c in sorted(s.cards, key=lambda c: names.get(c.card, c.card)):
        star = " ★" if c.p_value < 0.05 else ""
        rows.append(
            f"<tr><td>{html.escape(names.get(c.card, c.card))}</td><td>{c.taken}</td><td>{c.available}</td>"
            f"<td>{c.take_rate:.1%}</td><td>{c.win_rate:.1%} ({c.interval[0]:.0%}–{c.interval[1]:.0%})</td>"
            f"<td>{c.without_rate:.1%} ({c.without_interval[0]:.0%}–{c.without_interval[1]:.0%})</td>"
            f"<td>{c.p_value:.3f}{star}</td></tr>")
    return f'<table id="card-table"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def build(records: Sequence[GameRecord], lang: str = "en") -> str:
    """The report's HTML for records of one game (any player counts and agents)."""
    if not records:
        raise ValueError("no games to report on")
    game_ids = {r.game for r in records}
    if len(game_ids) > 1:
        raise ValueError(f"the records are of several games ({', '.join(sorted(game_ids))}): report on one at a time")
    g = games.get(records[0].game)
    s = study(records)
    page = Page(lang)
    text = page.text
    options = _options(records)
    names = card_names(g.info.id, options, lang)
    cards = (Path(str(options["cards"])).name if "cards" in options
             else text("shipped_cards" if g.has_card_file else "no_card_file"))
    meta = text("meta", games=s.games, players=", ".join(map(str, s.player_counts)),
                agents=", ".join(a.label for a in s.agents), cards=cards, version=__version__)
    page.section("seats", plots.grouped_rates(s.seats, text, text("players")), "seats")
    if s.positions:
        page.section("positions", plots.grouped_rates(s.positions, text, text("players")), "positions")
        page.section("first", plots.first_player(s.first_player(), text), "first")
    else:
        page.note(text("no_positions"))
    if len(s.agents) > 1:
        page.section("agents", plots.rate_bars(s.agents, text, text("agent"), text("win_share")), "agents")
    series = {text("decisions"): [float(x) for x in s.lengths], **s.figures}
    varying = {k: v for k, v in series.items() if len(set(v)) > 1}
    if varying:
        page.section("length", plots.histograms(varying, text), "length")
    fixed = [f"{k} = {v[0]:g}" for k, v in series.items() if len(set(v)) == 1]
    if fixed:
        page.note(text("always", figures=", ".join(fixed)))
    if len(set(s.scores["all"])) > 2:
        page.section("scores", plots.scores(s.scores["all"], s.scores["winner"], text), "scores")
    else:  # a game won without points: its score only says who won
        page.note(text("scores_win_only"))
    if s.ends:
        page.section("ends", plots.rate_bars(s.ends, text, "", text("share_of_games")), "ends")
    else:
        page.note(text("no_ends"))
    if s.cards:
        page.section("cards_take", plots.card_take(s.cards, names, text), "cards-take")
        page.note(text(f"available_{s.availability}"))
        page.section("cards_win", plots.card_wins(s.cards, names, text, s.par), "cards-win")
        page.add(card_table(s, names, page), "card-table")
    else:
        page.note(text("no_cards"))
    title = text("title", game=g.info.title.get(lang, g.info.title["en"]))
    return page.html(title, [meta, text("interval_note")])


def write(records: Sequence[GameRecord], path: Path, lang: str = "en") -> None:
    path.write_text(build(records, lang), encoding="utf-8")


__all__ = ["Page", "build", "card_names", "write"]
