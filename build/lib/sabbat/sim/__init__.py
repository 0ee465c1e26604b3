"""Batch simulation, tournaments and statistics over the game contract."""

from pathlib import Path

from sabbat.core import i18n

i18n.register_file("sim", Path(__file__).with_name("messages.toml"))
