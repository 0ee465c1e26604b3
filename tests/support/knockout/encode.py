"""Knockout's action layout for the RL environments; its observation layout is encode.json."""

from __future__ import annotations

from sabbat.core.layout import Ints, Kind

LAYOUT: list[Kind] = [("pass", ()), ("strike", (Ints(0, 2, "seat"),))]
