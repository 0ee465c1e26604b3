"""The `sabbat` command: play, simulate, replay, benchmark."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from sabbat import agents, games
from sabbat.core import i18n, replay
from sabbat.core.errors import SabbatError
from sabbat.sim import parallel
from sabbat.sim.bench import bench_all
from sabbat.sim.cards import card_rates
from sabbat.sim.stats import summarize

from .session import PlaySession

if TYPE_CHECKING:
    from sabbat.sim.runner import GameRecord
    from sabbat.sim.tournament import TournamentResult

console = Console(width=None if sys.stdout.isatty() else 140)


def _options(cards: Path | None) -> dict[str, Any]:
    if cards is None:
        return {}
    if not cards.is_file():
        raise click.BadParameter(f"no card file at {cards}", param_hint="--cards")
    return {"cards": str(cards.resolve())}


def _duration(seconds: float) -> str:
    minutes = round(seconds / 60)
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


class _Group(click.Group):
    """Turns sabbat's own errors into a one-line message and exit status 2, never a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except SabbatError as exc:
            raise _Failure(str(exc)) from None


class _Failure(click.ClickException):
    exit_code = 2


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--lang", type=click.Choice(i18n.LOCALES), default=None, help="Language (default: from the locale).")
@click.pass_context
def cli(ctx: click.Context, lang: str | None) -> None:
    """sabbat — play, study and train agents on five tabletop card games."""
    ctx.obj = {"lang": lang or i18n.default_locale()}


@cli.command("games")
@click.pass_context
def list_games(ctx: click.Context) -> None:
    """The games, their player counts and status."""
    lang = ctx.obj["lang"]
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


@cli.command()
@click.argument("game")
@click.option("--players", "-p", type=int, default=None, help="Number of players (default: the game's minimum + 1).")
@click.option("--seat", default="1", show_default=True, help="Your seat (1-based); several, comma-separated, for hot-seat play.")
@click.option("--ai", default="heuristic", show_default=True, help="AI for the other seats: a level or agent name, or one per seat, comma-separated.")
@click.option("--seed", type=int, default=None, help="Shuffle seed (default: random).")
@click.option("--cards", type=click.Path(path_type=Path), default=None, help="Card file to use instead of the shipped one.")
@click.option("--resume", type=click.Path(path_type=Path), default=None, help="Resume a saved game.")
@click.option("--save", "save_path", type=click.Path(path_type=Path), default=None, help="Where `save`/`quit` write.")
@click.pass_context
def play(
    ctx: click.Context,
    game: str,
    players: int | None,
    seat: str,
    ai: str,
    seed: int | None,
    cards: Path | None,
    resume: Path | None,
    save_path: Path | None,
) -> None:
    """Play GAME in the terminal against AI players."""
    lang = ctx.obj["lang"]
    g = games.get(game)
    if resume is not None:
        state = replay.load(resume, games.get)
        if state.game_id != g.info.id:
            raise SabbatError(f"{resume} is a saved {state.game_id} game, not {g.info.cli_name}")
        console.print(i18n.render("cli.resumed", lang, {"n": len(state.history)}))
    else:
        n = players if players is not None else min(g.info.min_players + 1, g.info.max_players)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        state = g.new(n, seed, _options(cards))
    try:
        humans = {int(s) - 1 for s in seat.split(",")}
    except ValueError:
        raise click.BadParameter(f"seats are numbers like 1 or 1,3, not {seat!r}", param_hint="--seat") from None
    if not humans or not all(0 <= h < state.num_players for h in humans):
        raise click.BadParameter(f"seats run from 1 to {state.num_players}", param_hint="--seat")
    ai_names = [a.strip() for a in ai.split(",") if a.strip()] or ["heuristic"]
    others = [s for s in range(state.num_players) if s not in humans]
    bots = {s: agents.get(ai_names[i % len(ai_names)], g.info.id, seed=s + 101 * len(state.history)) for i, s in enumerate(others)}
    session = PlaySession(
        state,
        humans,
        bots,
        lang,
        console,
        read=lambda prompt: console.input(f"[bold cyan]{prompt}>[/] "),
        save_path=save_path or Path(f"{g.info.cli_name}.save.json"),
    )
    session.run()


@cli.command()
@click.argument("game")
@click.option("-n", "--games", "n", type=int, default=1000, show_default=True, help="Number of games.")
@click.option("--players", "-p", type=int, default=None, help="Players per game (default: the game's minimum).")
@click.option("--agents", "agent_list", default="heuristic,random", show_default=True, help="Agents, comma-separated; cycled over the seats and rotated each game.")
@click.option("--jobs", "-j", type=int, default=2, show_default=True, help="Worker processes.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game; game i uses seed+i.")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Write one JSON line per game (replay included).")
@click.option("--cards", type=click.Path(path_type=Path), default=None, help="Card file to use instead of the shipped one.")
@click.option("--card-stats/--no-card-stats", default=True, show_default=True, help="Print per-card acquisition and win rates where the game publishes them.")
def simulate(
    n: int, game: str, players: int | None, agent_list: str, jobs: int, seed: int, out: Path | None, cards: Path | None, card_stats: bool
) -> None:
    """Simulate many games of GAME between agents; print win rates with 95% intervals."""
    g = games.get(game)
    num = players if players is not None else g.info.min_players
    g.new(num, 0, _options(cards))  # refuse a wrong player count or card file before starting workers
    names = [a.strip() for a in agent_list.split(",") if a.strip()]
    for name in names:
        agents.get(name, g.info.id, 0)
    if n < 1:
        raise click.BadParameter("simulate at least one game", param_hint="-n")
    jobs_list = parallel.plan(g.info.id, num, names, n, seed, _options(cards))
    records = []
    sink = out.open("w", encoding="utf-8") if out else None
    try:
        with Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=console, transient=True, disable=not console.is_terminal,
        ) as progress:
            task = progress.add_task(f"{g.info.cli_name} {num}p", total=n)
            for record in parallel.run_jobs(jobs_list, jobs):
                records.append(record)
                if sink:
                    sink.write(json.dumps(record.to_json(), ensure_ascii=False) + "\n")
                progress.advance(task)
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
            table = Table(title="cards: taken, and win rate of the seats that took them")
            for col in ("card", "taken", "games", "win rate", "95% interval"):
                table.add_column(col)
            for cr in per_card:
                lo, hi = cr.interval
                table.add_row(cr.card, str(cr.taken), str(cr.games_with), _pct(cr.win_rate), f"{_pct(lo)} – {_pct(hi)}")
            console.print(table)
    if out:
        console.print(f"wrote {len(records)} games to {out}")


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
@click.option("--agents", "agent_list", default="normal,heuristic", show_default=True, help="Agents, comma-separated (levels: easy, normal, hard; or random, heuristic, ismcts:1s …).")
@click.option("--players", "-p", type=int, default=None, help="Players per game (default: the game's minimum).")
@click.option("-n", "--games", "n", type=int, default=100, show_default=True, help="Number of games; seats rotate over every arrangement.")
@click.option("--jobs", "-j", type=int, default=2, show_default=True, help="Worker processes.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Write the results (games, win rates, ratings) as JSON.")
@click.option("--cards", type=click.Path(path_type=Path), default=None, help="Card file to use instead of the shipped one.")
@click.option("--part", default="1/1", show_default=True, help="Play only part K/M of the games (every M-th seat rotation); join the parts with `sabbat merge-results`.")
@click.option("--journal", type=click.Path(path_type=Path), default=None, help="Write each game to this file as it ends; run again with the same file to resume a run that was cut off.")
def tournament(
    game: str, agent_list: str, players: int | None, n: int, jobs: int, seed: int, out: Path | None, cards: Path | None,
    part: str, journal: Path | None,
) -> None:
    """Agents play GAME with seats rotated; win rates with 95% intervals and a rating table."""
    from sabbat.sim.journal import JournalMismatch
    from sabbat.sim.tournament import run_tournament

    k, _, m = part.partition("/")
    if not (k.isdigit() and m.isdigit() and 1 <= int(k) <= int(m)):
        raise click.BadParameter(f"write the part as K/M with 1 <= K <= M, e.g. 2/4, not {part!r}", param_hint="--part")
    g = games.get(game)
    num = players if players is not None else g.info.min_players
    g.new(num, 0, _options(cards))
    names = [a.strip() for a in agent_list.split(",") if a.strip()]
    for name in names:
        agents.get(name, g.info.id, 0)
    if n < 1:
        raise click.BadParameter("play at least one game", param_hint="-n")
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
                g.info.id, names, num, n, jobs=jobs, seed=seed, options=_options(cards), part=(int(k), int(m)),
                progress=report, journal=journal,
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
    from sabbat.sim.journal import JournalMismatch
    from sabbat.sim.tournament import from_journal, merge

    parts = []
    for path in files:
        try:
            text = Path(path).read_text(encoding="utf-8")
            parts.append(from_journal(path).to_json() if text.startswith('{"tournament"') else json.loads(text))
        except JournalMismatch as exc:
            raise click.BadParameter(str(exc), param_hint="FILES") from None
        except (OSError, ValueError) as exc:
            raise click.BadParameter(f"cannot read {path} as tournament JSON: {exc}", param_hint="FILES") from None
    try:
        result = merge(parts)
    except (KeyError, TypeError) as exc:
        raise click.BadParameter(f"not a tournament result file (missing {exc})", param_hint="FILES") from None
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="FILES") from None
    _show_result(result, out)


@cli.command("replay")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--line", type=int, default=1, show_default=True, help="Which line of a results file (1-based).")
@click.option("--seat", type=int, default=None, help="Show only what this seat (1-based) saw.")
@click.option("--step/--no-step", default=None, help="Pause after each decision (default: when interactive).")
@click.pass_context
def replay_cmd(ctx: click.Context, file: Path, line: int, seat: int | None, step: bool | None) -> None:
    """Step through a saved game, a replay, or one line of a results file."""
    lang = ctx.obj["lang"]
    rep = _read_replay(file, line)
    g = games.get(rep.game)
    viewer = None if seat is None else seat - 1
    interactive = console.is_terminal and sys.stdin.isatty() if step is None else step
    console.print(f"[bold]{g.info.title.get(lang, g.info.title['en'])}[/] — {rep.num_players} players, seed {rep.seed}, {len(rep.actions)} decisions")
    shown = 0
    previous = None
    for i, state in enumerate(rep.states(games.get)):
        if previous is not None:
            action = rep.actions[i - 1]
            actor = previous.current_player
            if viewer is None or viewer == actor:
                console.print(f"[dim]{i:4d}[/] P{(actor or 0) + 1}: {previous.describe_action(action, lang)}")
        events = state.events if viewer is None else state.events_for(viewer)
        for event in events[shown:]:
            console.print(f"       · {event.render(lang)}")
        shown = len(events)
        previous = state
        if interactive and i < len(rep.actions):
            if console.input("[dim]Enter: next, q: stop[/] ").strip().lower() == "q":
                return
    if previous is not None and previous.is_terminal():
        console.print(f"scores {previous.scores()}, winners {[w + 1 for w in previous.winners()]}")
    rep.run(games.get)


def _read_replay(file: Path, line: int) -> replay.Replay:
    if file.suffix == ".jsonl":
        try:
            with file.open(encoding="utf-8") as f:
                for i, text in enumerate(f, 1):
                    if i == line:
                        return replay.Replay.from_json(json.loads(text)["replay"])
        except (OSError, json.JSONDecodeError, KeyError, TypeError) as exc:
            raise SabbatError(f"cannot read line {line} of {file}: {exc}") from exc
        raise SabbatError(f"{file} has fewer than {line} lines")
    return replay.read(file)


@cli.command()
@click.option("--games", "names", default=None, help="Games, comma-separated (default: all).")
@click.option("--seconds", type=float, default=3.0, show_default=True, help="Seconds of random play per game and player count.")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Also write the figures as JSON.")
@click.option("--search", is_flag=True, help="Measure search instead: ISMCTS iterations per second and the time of a `normal` move.")
def bench(names: str | None, seconds: float, out: Path | None, search: bool) -> None:
    """Throughput: random games and decisions per second, clone/apply/legal_actions cost."""
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


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
