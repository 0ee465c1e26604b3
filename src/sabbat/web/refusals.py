"""A refusal from the game layer (a player count, an option, a card file) worded in each
person's language.

Why here: the games and the core raise errors with an English message for the terminal, and
name the reason (`SabbatError.why`, `facts`) where a front end should word it itself; a person
whose page is in Japanese reads the whole refusal in Japanese, with only identifiers (option
names and values) as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sabbat.core import SabbatError, i18n
from sabbat.core.errors import BadSeed, Reason, UnknownCard
from sabbat.core.game import SEED_RANGE

from .rejected import Rejected


def refusal(exc: SabbatError) -> Rejected:
    """`exc` as a refusal the API answers in each person's language."""
    if isinstance(exc, Rejected):
        return exc
    if isinstance(exc, BadSeed):
        return Rejected("bad_seed", min=SEED_RANGE.start, max=SEED_RANGE.stop - 1)
    return Rejected("bad_setup", why=worded(exc))


def worded(exc: SabbatError, hide: str | None = None, game: str | None = None) -> dict[str, str] | str:
    """Why `exc` refused, in each language (a localized parameter): a named reason is worded by
    `<game>.why.<why>` (a reason of that game's own) or `web.why.<why>`, from its facts; an error
    that names no reason keeps its own words, with `hide` (an uploaded file's internal name) left out."""
    if exc.why is not None and (key := _key(exc.why, game)) is not None:
        facts = dict(exc.facts)
        if exc.why == "option_value":
            facts["allowed"] = {lang: _allowed(facts, lang) for lang in i18n.LOCALES}
        return _said(key, facts, game)
    if isinstance(exc, UnknownCard):
        return i18n.join_messages([("web.why.unknown_card", {})])
    text = str(exc)
    return text.replace(f"card file {hide}", "it").replace(hide, "it") if hide else text


def _key(why: str, game: str | None) -> str | None:
    """The message that words reason `why`: the game's own, else the server's (None: neither has one)."""
    keys = ([f"{game}.why.{why}"] if game else []) + [f"web.why.{why}"]
    return next((key for key in keys if i18n.has(key, "en")), None)


def _said(key: str, facts: Mapping[str, Any], game: str | None) -> dict[str, str]:
    """Message `key` in each language, each fact that is itself a reason (or a list of them) worded first."""
    return i18n.join_messages([(key, {name: _fact(value, game) for name, value in facts.items()})])


def _fact(value: Any, game: str | None) -> Any:
    if isinstance(value, Reason):
        key = _key(value.why, game)
        return _said(key, value.facts, game) if key else value.why
    if isinstance(value, list) and any(isinstance(v, Reason) for v in value):
        return [_fact(v, game) for v in value]
    return value


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
