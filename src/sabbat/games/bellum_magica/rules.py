"""The rules engine's entry: the legal actions of the pending decision (legal.py) and what an
action does (flow.py). The contract adapter (state.py) binds these two."""

from __future__ import annotations

from .flow import apply
from .legal import legal

__all__ = ["apply", "legal"]
