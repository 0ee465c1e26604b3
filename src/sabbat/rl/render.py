"""`render_mode="ansi"`: the terminal's own view of an observation, as plain text."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from sabbat import games


def ansi(game_id: str, obs: dict[str, Any], locale: str = "en", width: int = 110) -> str:
    """The game's terminal view of `obs` (`Game.terminal_view`) without colours."""
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False, emoji=False)
    console.print(games.get(game_id).terminal_view(obs, locale))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    return str(out)
