"""The balance report in Chromium: it opens from a file with the network cut off, draws every plot,
and shows the per-card table; in Japanese too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sabbat.sim import compare_report, report
from sabbat.sim.compare import changes
from sabbat.sim.parallel import plan, run_jobs

SECTIONS = ["seats", "positions", "first", "length", "scores", "ends", "cards-take", "cards-win"]


@pytest.fixture(scope="module")
def records() -> list[Any]:
    return list(run_jobs(plan("monslaught", 3, ["heuristic", "random"], 24, 0, {})))


def open_offline(browser: Any, path: Path, plots: int = len(SECTIONS)) -> tuple[Any, list[str], list[str]]:
    """A page showing the file, every request other than the file itself refused and noted."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    fetched: list[str] = []
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def refuse(route: Any) -> None:
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            fetched.append(route.request.url)
            route.abort()

    page.route("**/*", refuse)
    page.goto(path.as_uri())
    # every plot drawn (Plotly gives each plot two .main-svg, so counting those is met at half)
    page.wait_for_function("(n) => [...document.querySelectorAll('.js-plotly-plot')].filter((p) => p.querySelector('.main-svg')).length >= n",
                           arg=plots, timeout=30_000)
    return page, fetched, errors


@pytest.mark.parametrize("lang, heading", [("en", "Win share by seat"), ("ja", "席ごとの勝率")])
def test_the_report_opens_offline_and_draws_every_plot(browser: Any, records: list[Any], tmp_path: Path,
                                                       lang: str, heading: str) -> None:
    path = tmp_path / "report.html"
    report.write(records, path, lang)
    page, fetched, errors = open_offline(browser, path)
    try:
        assert fetched == [] and errors == []
        assert heading in page.inner_text("#seats h2")
        for section in SECTIONS:
            plot = page.locator(f"#fig-{section}")
            assert plot.locator(".main-svg").count() >= 1, section
            assert plot.bounding_box()["height"] > 200, section
        bars = page.locator("#fig-seats .bars .point path")
        assert bars.count() == 3  # one bar a seat
        assert page.locator("#fig-seats .errorbar").count() == 3  # each with its interval
        rows = page.locator("#card-table tbody tr")
        assert rows.count() > 10 and "%" in rows.first.inner_text()
    finally:
        page.context.close()


def test_the_comparison_opens_offline_with_its_forest_plots(browser: Any, records: list[Any], tmp_path: Path) -> None:
    path = tmp_path / "compare.html"
    half = len(records) // 2
    compare_report.write(changes(records[:half], records[half:]), path, "A against B", "12 games each")
    page, fetched, errors = open_offline(browser, path, plots=2)
    try:
        assert fetched == [] and errors == []
        assert page.locator("#fig-rates .errorbar").count() >= 3
        assert page.locator("#fig-cards .errorbar").count() > 10
        assert page.locator("#compare-table tbody tr").count() > 10
    finally:
        page.context.close()
