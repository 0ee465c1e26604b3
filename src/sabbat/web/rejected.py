"""A request the table authority refuses, and why, in each person's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sabbat.core import SabbatError, i18n

i18n.register_file("web", Path(__file__).with_name("messages.toml"))


class Rejected(SabbatError):
    """A request the authority refuses; `code` names the reason, rendered per person's language."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def message(self, lang: str) -> str:
        return i18n.render(f"web.{self.code}", lang, self.params)

    @classmethod
    def because(cls, why: str, **params: Any) -> Rejected:
        """A message that could not be read, and why (message `web.why.<why>`, in each language)."""
        return cls("bad_message", why=i18n.join_messages([(f"web.why.{why}", params)]))

    @classmethod
    def setup(cls, why: str, **params: Any) -> Rejected:
        """A table that cannot be set up as asked, and why (message `web.why.<why>`, in each language)."""
        return cls("bad_setup", why=i18n.join_messages([(f"web.why.{why}", params)]))
