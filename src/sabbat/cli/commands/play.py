"""`sabbat play`: a game in the terminal against AI players, or hot-seat."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click
from rich.markup import escape

from sabbat import agents, games
from sabbat.cli.common import (
    SEED,
    SMALL,
    console,
    game_options,
    lang_option,
    options_from,
)
from sabbat.cli.session import PlaySession, t
from sabbat.core import replay
from sabbat.core.errors import SabbatError
from sabbat.core.safeio import shown


@click.command()
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
        state = g.new(n, seed, options_from(cards, option_items))
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
