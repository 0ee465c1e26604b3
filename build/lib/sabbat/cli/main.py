"""The `sabbat` command: play, simulate, replay, benchmark."""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from sabbat import agents, games
from sabbat.core import i18n, replay
from sabbat.core.errors import SabbatError
from sabbat.core.safeio import read_regular, shown
from sabbat.sim import parallel
from sabbat.sim.backends import BACKENDS
from sabbat.sim.bench import bench_all
from sabbat.sim.cards import card_rates
from sabbat.sim.records import INT64, write_parquet
from sabbat.sim.stats import summarize

from .session import PlaySession, rules_text, score_table, t

if TYPE_CHECKING:
    from sabbat.sim.runner import GameRecord
    from sabbat.sim.tournament import TournamentResult

console = Console(width=None if sys.stdout.isatty() else 140, emoji=False)  # names like ismcts:100:h are not emoji codes

MAX_RESULTS_BYTES = 1 << 30
"""Results and journal files are read whole; a file larger than this is refused unread."""
MAX_LINE_BYTES = 64 << 20


def _options(cards: Path | None, given: tuple[str, ...] = ()) -> dict[str, Any]:
    """Game options from `--option key=value` (checked by the game's declarations) and `--cards`."""
    options: dict[str, Any] = {}
    for item in given:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"write an option as key=value, not {shown(item, 60)!r}", param_hint="--option")
        options[key.strip()] = value.strip()
    if cards is not None:
        if not cards.is_file():
            raise click.BadParameter(f"no card file at {shown(str(cards))}", param_hint="--cards")
        options["cards"] = str(cards.resolve())
    return options


class _Whole(click.ParamType):
    """A whole number within bounds; anything else (`1e999`, 5,000 digits, `²`) is one short line."""

    name = "integer"

    def __init__(self, low: int | None = None, high: int | None = None) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            digits = text[1:] if text[:1] in "+-" else text
            if not (digits.isascii() and digits.isdigit() and len(digits) <= 20):
                self.fail(f"must be {self._range()}, not {shown(text, 30)!r}", param, ctx)
            number = int(text)
        if (self.low is not None and number < self.low) or (self.high is not None and number > self.high):
            self.fail(f"must be {self._range()}, not {number}", param, ctx)
        return number

    def _range(self) -> str:
        if self.low is not None and self.high is not None:
            return f"a whole number from {self.low} to {self.high}"
        return "a whole number" if self.low is None else f"a whole number of at least {self.low}"


SEED = _Whole(-(1 << 63), (1 << 64) - 1)
COUNT = _Whole(1, 1_000_000)
SMALL = _Whole(1, 64)
LINE = _Whole(1, 100_000_000)


def _set_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        ctx.ensure_object(dict)["lang"] = value


def lang_option(command: Any) -> Any:
    """`--lang` accepted after the subcommand too (`sabbat play … --lang ja`)."""
    return click.option("--lang", type=click.Choice(i18n.LOCALES), default=None, expose_value=False, is_eager=True,
                        callback=_set_lang, help="Language (default: from the locale).")(command)


def game_options(command: Any) -> Any:
    return click.option("--option", "-o", "option_items", multiple=True, metavar="KEY=VALUE",
                        help="A game option (repeatable); `sabbat games GAME` lists them.")(command)


def _duration(seconds: float) -> str:
    minutes = round(seconds / 60)
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


class _Group(click.Group):
    """Turns sabbat's own errors and bad arguments into one line and exit status 2, never a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except SabbatError as exc:
            raise _Failure(shown(str(exc), 400)) from None
        except click.UsageError as exc:
            raise _Failure(shown(exc.format_message(), 400)) from None


    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as exc:  # `sabbat --lang xx`: one line, not the usage text
            raise _Failure(shown(exc.format_message(), 400)) from None


class _Failure(click.ClickException):
    exit_code = 2


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--lang", type=click.Choice(i18n.LOCALES), default=None, help="Language (default: from the locale).")
@click.version_option(package_name="sabbat", message="sabbat %(version)s")
@click.pass_context
def cli(ctx: click.Context, lang: str | None) -> None:
    """sabbat — play, study and train agents on five tabletop card games."""
    ctx.obj = {"lang": lang or i18n.default_locale()}


@cli.command("games")
@click.argument("game", required=False)
@lang_option
@click.pass_context
def list_games(ctx: click.Context, game: str | None) -> None:
    """The games, their player counts and status; with GAME, that game's options."""
    lang = ctx.obj["lang"]
    if game is not None:
        _show_game_options(games.get(game), lang)
        return
    table = Table(title="sabbat")
    for col in ("game", "title", "players", "status", "rules"):
        table.add_column(col)
    for name in games.names():
        info = games.get(name).info
        table.add_row(
            info.cli_name,
            info.title.get(lang, info.title["en"]),
            f"{info.min_players}–{info.max_players}",
            info.status.value,
            info.rules_version,
        )
    console.print(table)


def _show_game_options(g: Any, lang: str) -> None:
    info = g.info
    console.print(f"[bold]{escape(info.title.get(lang, info.title['en']))}[/] ({info.cli_name}), "
                  + t("players_range", lang, low=info.min_players, high=info.max_players))
    table = Table(title=t("options_title", lang, game=info.cli_name))
    for key in ("option", "values", "default", "meaning"):
        table.add_column(t(f"col_{key}", lang))
    for name, opt in sorted(info.options.items()):
        default = opt.default
        shown_default = str(default).lower() if isinstance(default, bool) else str(default)
        meaning = (opt.help_ja or opt.help) if lang == "ja" else opt.help
        allowed = opt.allowed()
        if opt.kind == "int":
            low = "" if opt.minimum is None else opt.minimum
            high = "" if opt.maximum is None else opt.maximum
            allowed = t("int_values", lang, low=low, high=high)
        table.add_row(name, allowed, shown_default, meaning)
    table.add_row("cards", t("cards_values", lang), t("cards_default", lang), t("cards_help", lang))
    console.print(table, markup=False)
    console.print(t("options_usage", lang, game=info.cli_name))


@cli.command()
@click.argument("game")
@lang_option
@click.pass_context
def rules(ctx: click.Context, game: str) -> None:
    """Print GAME's rules summary (in the chosen language, else English)."""
    lang = ctx.obj["lang"]
    g = games.get(game)
    text = rules_text(g, lang)
    if text is None:
        raise SabbatError(t("no_rules", lang, game=g.info.cli_name))
    console.print(Markdown(text))


@cli.command("agents")
@lang_option
@click.pass_context
def list_agents(ctx: click.Context) -> None:
    """The AI players: levels and agents, and what each costs a move."""
    lang = ctx.obj["lang"]
    table = Table(title=t("agents_title", lang))
    for key in ("agent", "kind", "cost"):
        table.add_column(t(f"col_{key}", lang))
    for name in agents.names():
        kind = t(f"agent.{name}.kind", lang) if i18n.has(f"cli.agent.{name}.kind", "en") else ""
        cost = t(f"agent.{name}.cost", lang) if i18n.has(f"cli.agent.{name}.cost", "en") else ""
        table.add_row(name, kind, cost)
    console.print(table, markup=False)
    console.print(t("agents_usage", lang))


@cli.command()
@click.argument("game")
@lang_option
@game_options
@click.option("--players", "-p", type=SMALL, default=None, help="Number of players (default: the game's minimum + 1).")
@click.option("--seat", default=None, help="Your seat (1-based, default 1); several, comma-separated, for hot-seat play. A resumed game keeps its seats.")
@click.option("--ai", default=None, help="AI for the other seats: one level or agent name for all, or one per AI seat, comma-separated (default heuristic; `sabbat agents` lists them). A resumed game keeps its AI.")
@click.option("--seed", type=SEED, default=None, help="Shuffle seed (default: random).")
@click.option("--cards", type=click.Path(path_type=Path), default=None, help="Card file to use instead of the shipped one.")
@click.option("--resume", type=click.Path(path_type=Path), default=None, help="Resume a saved game (with its seats, AI and options).")
@click.option("--save", "save_path", type=click.Path(path_type=Path), default=None, help="Where `save`/`quit` write (default: a new file named after the game; an existing file is never overwritten unless named).")
@click.pass_context
def play(
    ctx: click.Context,
    game: str,
    option_items: tuple[str, ...],
    players: int | None,
    seat: str | None,
    ai: str | None,
    seed: int | None,
    cards: Path | None,
    resume: Path | None,
    save_path: Path | None,
) -> None:
    """Play GAME in the terminal against AI players (or hot-seat: several --seat)."""
    lang = ctx.obj["lang"]
    g = games.get(game)
    meta: dict[str, Any] = {}
    if resume is not None:
        given = [name for name, value in (("--players", players), ("--seed", seed), ("--cards", cards),
                                          ("--option", option_items or None)) if value is not None]
        if given:
            raise click.UsageError(t("resume_keeps", lang, flags=", ".join(given)))
        saved = replay.read(resume)
        if saved.game != g.info.id:
            raise SabbatError(t("other_game", lang, path=shown(str(resume)), saved=shown(saved.game, 40), game=g.info.cli_name))
        state = saved.run(games.get)
        meta = saved.meta
        console.print(t("resumed", lang, n=len(state.history)))
    else:
        n = players if players is not None else min(g.info.min_players + 1, g.info.max_players)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        state = g.new(n, seed, _options(cards, option_items))
    humans = _human_seats(seat, meta, state.num_players, lang)
    others = [s for s in range(state.num_players) if s not in humans]
    ai_names = _ai_names(ai, meta, others, lang)
    bots = {s: agents.get(name, g.info.id, seed=s + 101 * len(state.history)) for s, name in ai_names.items()}
    session = PlaySession(
        state,
        humans,
        bots,
        lang,
        console,
        read=lambda prompt: console.input(f"[bold cyan]{escape(prompt)}>[/] "),
        save_path=save_path or resume or Path(f"{g.info.cli_name}.save.json"),
        save_named=save_path is not None or resume is not None,
        ai_names=ai_names,
        fresh=resume is None,
    )
    session.run()


def _human_seats(seat: str | None, meta: dict[str, Any], num_players: int, lang: str = "en") -> set[int]:
    """0-based human seats from `--seat` (1-based), else those a save file recorded, else seat 1."""
    stored = meta.get("humans")
    if seat is None and isinstance(stored, list) and stored and all(type(h) is int for h in stored):
        seat = ",".join(str(h) for h in stored)
    text = seat or "1"
    parts = [p.strip() for p in text.split(",")]
    if not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
        raise click.BadParameter(t("seat_format", lang, text=shown(text, 30)), param_hint="--seat")
    humans = {int(p) - 1 for p in parts}
    if not all(0 <= h < num_players for h in humans):
        raise click.BadParameter(t("seat_range", lang, n=num_players), param_hint="--seat")
    return humans


def _ai_names(ai: str | None, meta: dict[str, Any], others: list[int], lang: str) -> dict[int, str]:
    """Agent name per AI seat: one name for all, or exactly one per AI seat; a save's own by default."""
    stored = meta.get("ai")
    if ai is None and isinstance(stored, dict):
        by_seat = {int(k) - 1: v for k, v in stored.items() if str(k).isdigit() and isinstance(v, str)}
        if sorted(by_seat) == others:
            return by_seat
    names = [a.strip() for a in (ai or "heuristic").split(",") if a.strip()] or ["heuristic"]
    if len(names) == 1 and (others or ai is None):
        return {s: names[0] for s in others}
    if len(names) != len(others):
        seats = ", ".join(f"P{s + 1}" for s in others) or "-"
        raise click.BadParameter(t("ai_count", lang, n=len(names), m=len(others), seats=seats), param_hint="--ai")
    return dict(zip(others, names, strict=True))


def backend_options(command: Any) -> Any:
    """`--backend` and `--address`: where the games run; the results are the same on every backend."""
    command = click.option("--address", default=None, metavar="ADDRESS",
                           help="A Ray cluster to run on (auto, host:6379 or ray://host:10001); default: a local Ray.")(command)
    return click.option("--backend", type=click.Choice(BACKENDS), default="local", show_default=True,
                        help="Where games run: local processes, or Ray (see docs/scale.md).")(command)


def _st(key: str, lang: str, **params: Any) -> str:
    return i18n.render(f"sim.cli.{key}", lang, params)


def _check_backend(backend: str, address: str | None, lang: str) -> None:
    if address is not None and backend != "ray":
        raise click.BadParameter(_st("address_needs_ray", lang), param_hint="--address")


def _check_writable(path: Path | None, flag: str, lang: str) -> None:
    """Refuse before a long run, not after it, a file that could not be written."""
    if path is not None and not path.resolve().parent.is_dir():
        raise click.BadParameter(_st("no_folder", lang, path=shown(str(path.parent))), param_hint=flag)


def _play_all(
    plan: list[parallel.Job], jobs: int, backend: str, address: str | None, label: str, sink: Any = None
) -> list[GameRecord]:
    """Every game of the plan, with a progress bar; ordered by seed, whatever order they finished in."""
    records = []
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=console, transient=True, disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task(label, total=len(plan))
        for record in parallel.run_jobs(plan, jobs, backend, address):
            records.append(record)
            if sink:
                sink.write(json.dumps(record.to_json(), ensure_ascii=False) + "\n")
            progress.advance(task)
    return sorted(records, key=lambda r: r.seed)


@cli.command()
@click.argument("game")
@lang_option
@game_options
@click.option("-n", "--games", "n", type=COUNT, default=1000, show_default=True, help="Number of games.")
@click.option("--players", "-p", type=SMALL, default=None, help="Players per game (default: the game's minimum).")
@click.option("--agents", "agent_list", default="heuristic,random", show_default=True, help="Agents, comma-separated; cycled over the seats and rotated each game.")
@click.option("--jobs", "-j", type=SMALL, default=2, show_default=True, help="Worker processes.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the first game; game i uses seed+i.")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Write one JSON line per game (replay included).")
@click.option("--parquet", type=click.Path(path_type=Path), default=None, help="Write one Parquet row per game (schema: docs/studio.md).")
@click.option("--report", type=click.Path(path_type=Path), default=None, help="Write the balance report: one HTML file with plots, readable offline.")
@click.option("--cards", type=click.Path(path_type=Path), default=None, help="Card file to use instead of the shipped one.")
@click.option("--card-stats/--no-card-stats", default=True, show_default=True, help="Print per-card acquisition and win rates where the game publishes them.")
@backend_options
@click.pass_context
def simulate(
    ctx: click.Context, n: int, game: str, option_items: tuple[str, ...], players: int | None, agent_list: str,
    jobs: int, seed: int, out: Path | None, parquet: Path | None, report: Path | None, cards: Path | None,
    card_stats: bool, backend: str, address: str | None,
) -> None:
    """Simulate many games of GAME between agents; print win rates with 95% intervals."""
    lang = ctx.obj["lang"]
    g = games.get(game)
    num = players if players is not None else g.info.min_players
    options = _options(cards, option_items)
    g.new(num, 0, options)  # refuse a wrong player count, option or card file before starting workers
    names = [a.strip() for a in agent_list.split(",") if a.strip()]
    for name in names:
        agents.get(name, g.info.id, 0)
    _check_backend(backend, address, lang)
    for path, flag in ((out, "--out"), (parquet, "--parquet"), (report, "--report")):
        _check_writable(path, flag, lang)
    if parquet is not None and not (INT64[0] <= seed and seed + n - 1 <= INT64[1]):
        raise click.BadParameter(_st("parquet_seed", lang), param_hint="--seed")
    sink = out.open("w", encoding="utf-8") if out else None
    try:
        records = _play_all(parallel.plan(g.info.id, num, names, n, seed, options), jobs, backend, address,
                            f"{g.info.cli_name} {num}p", sink)
    finally:
        if sink:
            sink.close()
    summary = summarize(records)
    console.print(f"[bold]{g.info.cli_name}[/]: {summary.games} games, {num} players, agents {', '.join(names)}")
    for title, rates in (("seat", summary.seats), ("agent", summary.agents)):
        table = Table(title=f"win rate by {title}")
        for col in (title, "wins", "games", "rate", "95% interval"):
            table.add_column(col, justify="right" if col != title else "left")
        for r in rates:
            lo, hi = r.interval
            table.add_row(r.label, f"{r.wins:g}", str(r.games), _pct(r.rate), f"{_pct(lo)} – {_pct(hi)}")
        console.print(table)
    console.print(
        f"game length (decisions): median {summary.length_median:g}, mean {summary.length_mean:.1f}, "
        f"range {summary.length_min}–{summary.length_max}"
    )
    _print_extra_stats(records)
    if card_stats:
        per_card = card_rates(records)
        if per_card:
            table = Table(title="cards: taken when available, and win rate of the seats that took them")
            for col in ("card", "taken", "take rate", "games", "win rate", "95% interval", "win rate, passed"):
                table.add_column(col)
            for cr in per_card:
                lo, hi = cr.interval
                table.add_row(str(cr.card), str(cr.taken), _pct(cr.take_rate), str(cr.games_with), _pct(cr.win_rate),
                              f"{_pct(lo)} – {_pct(hi)}", _pct(cr.without_rate))
            console.print(table)
    if out:
        console.print(f"wrote {len(records)} games to {out}")
    if parquet:
        console.print(_st("wrote_parquet", lang, n=write_parquet(records, parquet), path=parquet))
    if report:
        from sabbat.sim.report import write as write_report  # Plotly: loaded only for a report

        write_report(records, report, lang)
        console.print(_st("wrote_report", lang, path=report))


def _print_extra_stats(records: list[Any]) -> None:
    """Numeric and categorical figures games publish in `summary()` (rounds, victory type…)."""
    import statistics
    from collections import Counter

    numeric: dict[str, list[float]] = {}
    labels: dict[str, Counter[str]] = {}
    for r in records:
        for key, value in r.stats.items():
            if isinstance(value, bool) or key == "acquired":
                continue
            if isinstance(value, (int, float)):
                numeric.setdefault(key, []).append(float(value))
            elif isinstance(value, str):
                labels.setdefault(key, Counter())[value] += 1
    for key, values in sorted(numeric.items()):
        deciles = statistics.quantiles(values, n=10) if len(values) > 1 else values * 9
        console.print(
            f"{key}: median {statistics.median(values):g}, mean {statistics.fmean(values):.2f}, "
            f"10th–90th percentile {deciles[0]:g}–{deciles[-1]:g}, range {min(values):g}–{max(values):g}"
        )
        if len(set(values)) > 1 and all(v.is_integer() for v in values) and max(values) - min(values) <= 40:
            counts = Counter(int(v) for v in values)
            console.print("  " + "  ".join(f"{k}:{counts[k]}" for k in range(int(min(values)), int(max(values)) + 1)))
    for key, counter in sorted(labels.items()):
        total = sum(counter.values())
        parts = ", ".join(f"{k} {_pct(v / total).strip()}" for k, v in counter.most_common())
        console.print(f"{key}: {parts}")


@cli.command()
@click.argument("game")
@lang_option
@game_options
@click.option("--agents", "agent_list", default="hard,normal", show_default=True, help="Agents, comma-separated (levels: easy, normal, hard; or random, heuristic, ismcts:1s …).")
@click.option("--players", "-p", type=SMALL, default=None, help="Players per game (default: the game's minimum).")
@click.option("-n", "--games", "n", type=COUNT, default=100, show_default=True, help="Number of games; seats rotate over every arrangement.")
@click.option("--jobs", "-j", type=SMALL, default=2, show_default=True, help="Worker processes.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the first game.")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Write the results (games, win rates, ratings) as JSON.")
@click.option("--cards", type=click.Path(path_type=Path), default=None, help="Card file to use instead of the shipped one.")
@click.option("--part", default="1/1", show_default=True, help="Play only part K/M of the games (every M-th seat rotation); join the parts with `sabbat merge-results`.")
@click.option("--journal", type=click.Path(path_type=Path), default=None, help="Write each game to this file as it ends; run again with the same file to resume a run that was cut off.")
@backend_options
@click.pass_context
def tournament(
    ctx: click.Context, game: str, option_items: tuple[str, ...], agent_list: str, players: int | None, n: int,
    jobs: int, seed: int, out: Path | None, cards: Path | None, part: str, journal: Path | None, backend: str,
    address: str | None,
) -> None:
    """Agents play GAME with seats rotated; win rates with 95% intervals and a rating table."""
    from sabbat.sim.journal import JournalMismatch
    from sabbat.sim.tournament import run_tournament

    k, _, m = part.partition("/")
    if not (k.isascii() and m.isascii() and k.isdigit() and m.isdigit() and len(k + m) <= 12 and 1 <= int(k) <= int(m)):
        raise click.BadParameter(f"write the part as K/M with 1 <= K <= M, e.g. 2/4, not {shown(part, 30)!r}", param_hint="--part")
    g = games.get(game)
    num = players if players is not None else g.info.min_players
    options = _options(cards, option_items)
    g.new(num, 0, options)
    names = [a.strip() for a in agent_list.split(",") if a.strip()]
    for name in names:
        agents.get(name, g.info.id, 0)
    if n < 1:
        raise click.BadParameter("play at least one game", param_hint="-n")
    _check_backend(backend, address, ctx.obj["lang"])
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=console, transient=True, disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task(f"{g.info.cli_name} {num}p", total=n)

        started = time.monotonic()
        first: list[int] = []  # games already done when this run began (a journal's)

        def report(done: int, total: int, record: GameRecord) -> None:
            progress.update(task, total=total, completed=done)
            if not console.is_terminal:  # a log file gets a line a game instead of a bar
                first[:] = first or [done - 1]
                won = ", ".join(record.agents[w] for w in record.winners) or "nobody"
                elapsed = time.monotonic() - started
                left = elapsed / (done - first[0]) * (total - done)
                click.echo(f"game {done}/{total}: deal {record.seed}, won by {won} "
                           f"({_duration(elapsed)} so far, about {_duration(left)} to go)", err=True)

        try:
            result = run_tournament(
                g.info.id, names, num, n, jobs=jobs, seed=seed, options=options, part=(int(k), int(m)),
                progress=report, journal=journal, backend=backend, address=address,
            )
        except JournalMismatch as exc:
            raise click.BadParameter(str(exc), param_hint="--journal") from None
    _show_result(result, out)


def _show_result(result: TournamentResult, out: Path | None) -> None:
    console.print(result.renderable())
    if out:
        out.write_text(json.dumps(result.to_json(), ensure_ascii=False, indent=1), encoding="utf-8")
        console.print(f"wrote {out}")


@cli.command("merge-results")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Write the merged results as JSON.")
def merge_results(files: tuple[Path, ...], out: Path | None) -> None:
    """Join the parts of one tournament (`sabbat tournament --part K/M --out FILE`) into one result.

    A journal (`--journal FILE`, JSON lines) counts as the games of its part played so far, so
    a run still going or cut off can be looked at.
    """
    from sabbat.sim.tournament import from_journal, merge

    parts = []
    for path in files:
        try:
            raw = read_regular(path, MAX_RESULTS_BYTES)
            if raw.startswith(b'{"tournament"'):
                parts.append(from_journal(path).to_json())
            else:
                data = replay.parse(raw, shown(str(path)))
                if not isinstance(data, dict):
                    raise ValueError(f"{shown(str(path))} is not a tournament result (not a JSON object)")
                parts.append(data)
        except (OSError, ValueError, SabbatError) as exc:
            raise click.BadParameter(shown(str(exc), 300), param_hint="FILES") from None
    try:
        result = merge(parts)
    except (KeyError, TypeError, AttributeError) as exc:
        raise click.BadParameter(f"not a tournament result file (missing or wrong {shown(str(exc), 60)})",
                                 param_hint="FILES") from None
    except (ValueError, RecursionError) as exc:
        raise click.BadParameter(shown(str(exc), 300), param_hint="FILES") from None
    _show_result(result, out)


@cli.command("report")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@lang_option
@click.option("--out", type=click.Path(path_type=Path), default=Path("report.html"), show_default=True,
              help="The HTML file to write.")
@click.pass_context
def report_cmd(ctx: click.Context, files: tuple[Path, ...], out: Path) -> None:
    """The balance report of results files (simulate's JSON lines or Parquet, tournament results):
    one HTML file with plots, readable offline. Files of several player counts of one game may be
    given together (the first-player advantage is then shown by player count)."""
    from sabbat.sim.records import read_records
    from sabbat.sim.report import write as write_report

    lang = ctx.obj["lang"]
    _check_writable(out, "--out", lang)
    records: list[GameRecord] = []
    try:
        for path in files:
            records += read_records(path)
        write_report(records, out, lang)
    except ValueError as exc:
        raise click.BadParameter(shown(str(exc), 300), param_hint="FILES") from None
    console.print(_st("wrote_report", lang, path=out))


@cli.command()
@click.argument("game")
@lang_option
@game_options
@click.option("--cards", "card_files", multiple=True, type=click.Path(path_type=Path), metavar="FILE",
              help="Twice: card file A, then card file B (`shipped`: the game's own).")
@click.option("-n", "--games", "n", type=COUNT, default=400, show_default=True, help="Games on each card file.")
@click.option("--players", "-p", type=SMALL, default=None, help="Players per game (default: the game's minimum).")
@click.option("--agents", "agent_list", default="heuristic", show_default=True, help="Agents, comma-separated; cycled over the seats and rotated each game.")
@click.option("--jobs", "-j", type=SMALL, default=2, show_default=True, help="Worker processes.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the first game; game i uses seed+i on both files.")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Write every figure as JSON.")
@click.option("--report", type=click.Path(path_type=Path), default=None, help="Write the comparison as one HTML file with plots.")
@click.option("--all", "show_all", is_flag=True, help="Print every card figure, not only the marked ones.")
@backend_options
@click.pass_context
def compare(
    ctx: click.Context, game: str, option_items: tuple[str, ...], card_files: tuple[Path, ...], n: int,
    players: int | None, agent_list: str, jobs: int, seed: int, out: Path | None, report: Path | None, show_all: bool,
    backend: str, address: str | None,
) -> None:
    """The same agents and seeds on two card files of GAME: what changed, with 95% intervals and
    significance marks (two-proportion z-test for rates, Welch for means; docs/studio.md)."""
    from sabbat.sim.compare import changes

    lang = ctx.obj["lang"]
    if len(card_files) != 2:
        raise click.BadParameter(_st("cards_twice", lang), param_hint="--cards")
    g = games.get(game)
    num = players if players is not None else g.info.min_players
    sides = [_options(None if str(f) == "shipped" else f, option_items) for f in card_files]
    for options in sides:
        g.new(num, 0, options)
    names = [a.strip() for a in agent_list.split(",") if a.strip()]
    for name in names:
        agents.get(name, g.info.id, 0)
    _check_backend(backend, address, lang)
    _check_writable(out, "--out", lang)
    _check_writable(report, "--report", lang)
    a, b = (_play_all(parallel.plan(g.info.id, num, names, n, seed, options), jobs, backend, address,
                      f"{g.info.cli_name} {label}") for options, label in zip(sides, "AB", strict=True))
    found = changes(a, b)
    labels = [shown(Path(str(f)).name, 40) for f in card_files]
    title = i18n.render("sim.compare.title", lang, {"game": g.info.title.get(lang, g.info.title["en"]),
                                                    "a": f"A {labels[0]}", "b": f"B {labels[1]}"})
    meta = i18n.render("sim.compare.meta", lang, {"games": n, "players": num, "agents": ", ".join(names)})
    console.print(title, markup=False)
    console.print(meta, markup=False)
    shown_rows = [c for c in found if show_all or c.mark or not c.figure.startswith("card ")]
    table = Table()
    for col in ("figure", "A", "B", "B − A", "95% interval", "p", ""):
        table.add_column(col, justify="left" if col == "figure" else "right")
    for c in shown_rows:
        fmt = _pct if c.kind == "rate" else (lambda x: f"{x:.2f}")
        cell = [fmt(x).strip() if x is not None else "—" for x in (c.a, c.b)]
        cell.append("—" if c.diff is None else ("+" if c.diff > 0 else "") + fmt(c.diff).strip())
        interval = "—" if c.low is None or c.high is None else f"{fmt(c.low).strip()} – {fmt(c.high).strip()}"
        table.add_row(c.figure, *cell, interval, f"{c.p:.3f}", c.mark)
    console.print(table, markup=False)
    console.print(i18n.render("sim.compare.test_note", lang))
    if len(shown_rows) < len(found):
        console.print(_st("marked", lang, n=len(found), marked=sum(1 for c in found if c.mark),
                          cards=len(found) - len(shown_rows)))
    if out:
        out.write_text(json.dumps({"game": g.info.id, "players": num, "agents": names, "games": n, "seed": seed,
                                   "a": str(card_files[0]), "b": str(card_files[1]),
                                   "figures": [c.to_json() for c in found]}, ensure_ascii=False, indent=1),
                       encoding="utf-8")
        console.print(f"wrote {out}")
    if report:
        from sabbat.sim.compare_report import write as write_comparison

        write_comparison(found, report, title, meta, lang)
        console.print(_st("wrote_report", lang, path=report))


@cli.command("replay")
@click.argument("file", type=click.Path(path_type=Path))
@lang_option
@click.option("--line", type=LINE, default=1, show_default=True, help="Which line of a results file (1-based).")
@click.option("--seat", type=SMALL, default=None, help="Show only what this seat (1-based) saw.")
@click.option("--step/--no-step", default=None, help="Pause after each decision (default: when interactive).")
@click.pass_context
def replay_cmd(ctx: click.Context, file: Path, line: int, seat: int | None, step: bool | None) -> None:
    """Step through a saved game, a replay, or one line of a results file.

    A save file holds the game, its players, options, seed and every decision so far: enough
    to rebuild every hand, so do not share the save of an unfinished game with its players.
    An unfinished game is shown as the seat that saved it saw it (--seat picks another
    seat); a finished game is shown in full.
    """
    lang = ctx.obj["lang"]
    rep = _read_replay(file, line)
    g = games.get(rep.game)
    final = rep.run(games.get)  # verified before anything is shown
    if seat is not None and seat > rep.num_players:
        raise click.BadParameter(f"seats run from 1 to {rep.num_players}", param_hint="--seat")
    saver = rep.meta.get("saved_by")
    public = False
    if seat is not None:
        viewer: int | None = seat - 1
    elif final.is_terminal():
        viewer = None
    elif type(saver) is int and 1 <= saver <= rep.num_players:
        viewer = saver - 1
        console.print(t("replay_as_saver", lang, player=f"P{saver}"))
    else:
        viewer, public = None, True
        console.print(t("replay_public", lang))
    interactive = console.is_terminal and sys.stdin.isatty() if step is None else step
    console.print(f"[bold]{escape(g.info.title.get(lang, g.info.title['en']))}[/] — "
                  + t("replay_head", lang, n=rep.num_players, seed=rep.seed, decisions=len(rep.actions)))
    seen = 0
    previous = None
    for i, state in enumerate(rep.states(games.get)):
        if previous is not None:
            action = rep.actions[i - 1]
            actor = previous.current_player
            if not public and (viewer is None or viewer == actor):
                console.print(f"[dim]{i:4d}[/] P{(actor or 0) + 1}: {escape(previous.describe_action(action, lang))}")
        events = state.events if viewer is None and not public else state.events_for(viewer)
        for event in events[seen:]:
            console.print(f"       · {escape(event.render(lang))}")
        seen = len(events)
        previous = state
        if interactive and i < len(rep.actions):
            if console.input(f"[dim]{escape(t('replay_step', lang))}[/] ").strip().lower() == "q":
                return
    if previous is not None and previous.is_terminal():
        console.print(score_table(previous, lang, lambda s: f"P{s + 1}"))


def _read_replay(file: Path, line: int) -> replay.Replay:
    if file.suffix != ".jsonl":
        return replay.read(file)
    raw = _results_line(file, line)
    data = replay.parse(raw, f"line {line} of {shown(str(file))}")
    if not isinstance(data, dict) or not isinstance(data.get("replay"), dict):
        raise SabbatError(f"line {line} of {shown(str(file))} holds no replay")
    return replay.Replay.from_json(data["replay"])


def _results_line(file: Path, line: int) -> bytes:
    """Line `line` of a results file, read line by line (only a regular file; each line bounded)."""
    try:
        if not stat.S_ISREG(os.stat(file).st_mode):
            raise SabbatError(f"{shown(str(file))} is not a regular file (a device, pipe or folder)")
        with open(file, "rb") as f:
            for number in range(1, line + 1):
                text = f.readline(MAX_LINE_BYTES + 1)
                if len(text) > MAX_LINE_BYTES:
                    raise SabbatError(f"line {number} of {shown(str(file))} is longer than {MAX_LINE_BYTES:,} bytes")
                if not text:
                    raise SabbatError(f"{shown(str(file))} has fewer than {line} lines")
            return text
    except OSError as exc:
        raise SabbatError(f"cannot read {shown(str(file))}: {exc.strerror or exc}") from None


@cli.command()
@click.option("--games", "names", default=None, help="Games, comma-separated (default: all).")
@click.option("--seconds", type=float, default=3.0, show_default=True, help="Seconds of random play per game and player count.")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Also write the figures as JSON (a new file; see --overwrite).")
@click.option("--overwrite", is_flag=True, help="Let --out replace an existing file (such as the shipped results).")
@click.option("--search", is_flag=True, help="Measure search instead: search iterations per second and the time of a `hard` move.")
def bench(names: str | None, seconds: float, out: Path | None, overwrite: bool, search: bool) -> None:
    """Throughput: random games and decisions per second, clone/apply/legal_actions cost."""
    if out is not None and out.exists() and not overwrite:
        raise click.BadParameter(f"{shown(str(out))} exists; give a new file, or --overwrite to replace it", param_hint="--out")
    selected = [games.get(n).info.id for n in names.split(",")] if names else None
    if search:
        from sabbat.sim.search_bench import format_table, run

        console.print(format_table(run(selected, out)), highlight=False)
        return
    table = Table(title="throughput on one core (medians)")
    for col in ("game", "players", "games/s", "decisions/s", "decisions/game", "clone µs", "apply µs", "legal µs"):
        table.add_column(col, justify="right")
    rows = []
    for row in bench_all(selected, seconds):
        rows.append(row.to_json())
        table.add_row(
            row.game, str(row.players), f"{row.games_per_s:.1f}", f"{row.decisions_per_s:,.0f}",
            f"{row.decisions_per_game:.0f}", f"{row.clone_us:.1f}", f"{row.apply_us:.1f}", f"{row.legal_us:.1f}",
        )
    console.print(table)
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({"throughput": rows}, indent=1))
        console.print(f"wrote {out}")


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--db", default=None, help="SQLite file, or a postgresql://user:pass@host/db URL (default: sabbat.sqlite3 in the data directory).")
@click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True, help="Processes that think for AI seats and hints.")
@click.option("--grace", type=click.FloatRange(0, 86400), default=60.0, show_default=True, help="Seconds a disconnected player's turn waits before an AI takes over the seat.")
@click.option("--allow-origin", "allow_origins", multiple=True, help="Another web origin allowed to open WebSockets and create or join tables (repeatable; default: same host only).")
@click.option("--agent", "extra_agents", multiple=True, help="An AI player to offer beside the levels, e.g. hard:1s or policy:FILE (repeatable; only the operator can name one).")
def serve(host: str, port: int, db: str | None, workers: int, grace: float, allow_origins: tuple[str, ...],
          extra_agents: tuple[str, ...]) -> None:
    """Play online: tables over HTTP and WebSocket, the browser client at /."""
    from sabbat import agents
    from sabbat.web.serve import run

    for name in extra_agents:
        if name.partition(":")[0].strip().lower() not in agents.names():
            raise click.BadParameter(f"unknown agent {name!r}; see `sabbat agents`", param_hint="--agent")
    run(host, port, db, workers, grace, allow_origins, tuple(n.strip() for n in extra_agents))


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
