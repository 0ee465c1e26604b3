"""The fallback view: the observation as a readable tree."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty


def render(obs: dict[str, Any], locale: str) -> RenderableType:
    return Pretty(obs, expand_all=False)
