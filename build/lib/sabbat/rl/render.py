"""`render_mode="ansi"`: the terminal's own view of an observation, as plain text."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console


def ansi(game_id: str, obs: dict[str, Any], locale: str = "en", width: int = 110) -> str:
    from sabbat.cli import views  # the terminal front end; loaded only when someone renders

    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False, emoji=False)
    console.print(views.render(game_id, obs, locale))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    return str(out)
