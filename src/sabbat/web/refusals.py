"""A refusal from the game layer (a player count, an option, a card file) worded in each
person's language.

Why here: the games and the core raise errors with an English message for the terminal, and
name the reason (`SabbatError.why`, `facts`) where a front end should word it itself; a person
whose page is in Japanese reads the whole refusal in Japanese, with only identifiers (option
names and values) as they are.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import SabbatError, i18n
from sabbat.core.errors import BadSeed, UnknownCard
from sabbat.core.game import SEED_RANGE

from .rejected import Rejected

WORDED = frozenset({"unknown_options", "no_card_file", "players", "cards_surrogate"})
"""Reasons worded from their facts as they are (`web.why.<why>`); `option_value` also words the
values allowed."""


def refusal(exc: SabbatError) -> Rejected:
    """`exc` as a refusal the API answers in each person's language."""
    if isinstance(exc, Rejected):
        return exc
    if isinstance(exc, BadSeed):
        return Rejected("bad_seed", min=SEED_RANGE.start, max=SEED_RANGE.stop - 1)
    return Rejected("bad_setup", why=worded(exc))


def worded(exc: SabbatError, hide: str | None = None) -> dict[str, str] | str:
    """Why `exc` refused, in each language (a localized parameter); an error that names no
    reason keeps its own words, with `hide` (an uploaded file's internal name) left out."""
    facts = dict(exc.facts)
    if exc.why == "option_value":
        facts["allowed"] = {lang: _allowed(facts, lang) for lang in i18n.LOCALES}
        return i18n.join_messages([("web.why.option_value", facts)])
    if exc.why in WORDED:
        return i18n.join_messages([(f"web.why.{exc.why}", facts)])
    if isinstance(exc, UnknownCard):
        return i18n.join_messages([("web.why.unknown_card", {})])
    text = str(exc)
    return text.replace(f"card file {hide}", "it").replace(hide, "it") if hide else text


def _allowed(facts: dict[str, Any], lang: str) -> str:
    """The values an option takes, as a person reads them in `lang`."""
    kind = facts.get("kind")
    if kind == "choice":
        return i18n.render("web.allowed.choice", lang, {"choices": ", ".join(facts.get("choices") or ())})
    if kind == "bool":
        return i18n.render("web.allowed.bool", lang)
    low, high = facts.get("minimum"), facts.get("maximum")
    which = "range" if low is not None and high is not None else "low" if low is not None else "high" if high is not None else "int"
    return i18n.render(f"web.allowed.{which}", lang, {"min": low, "max": high})
