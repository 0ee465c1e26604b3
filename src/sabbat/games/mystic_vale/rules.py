"""The rules engine's entry: the legal actions of the pending decision (legal.py) and what an
action does (turn.py). The contract adapter (state.py) binds these two."""

from __future__ import annotations

from .legal import legal
from .turn import apply

__all__ = ["apply", "legal"]
