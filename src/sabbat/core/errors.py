"""Errors raised at the contract boundary.

Every error carries a message a person can act on. None of them may mention
information hidden from the player who caused it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Reason:
    """A reason named with its facts, where it is one part of a larger one (a fact of a
    `SabbatError`): a front end words it as it words the error's own `why`."""

    why: str
    facts: Mapping[str, Any]


class SabbatError(Exception):
    """Base of every error sabbat raises on purpose.

    `why` names the reason and `facts` its particulars (identifiers and numbers, never words;
    a fact may be a `Reason` or a list of them), where one is given: a front end words the refusal in each person's language from them
    (as the online server does) instead of showing the English message."""

    why: str | None = None
    facts: Mapping[str, Any] = {}
    """Replaced per error by `tag`, never changed in place."""

    def tag(self, why: str, **facts: Any) -> SabbatError:
        """This error, naming its reason for a front end to word (returns itself, to raise)."""
        self.why = why
        self.facts = facts
        return self


class IllegalAction(SabbatError):
    """The action is well formed but not legal in this state; the state is unchanged."""


class MalformedAction(SabbatError):
    """The action could not be read at all (bad JSON, unknown kind, wrong arguments)."""


class UnknownGame(SabbatError):
    """No registered game has that name."""


class UnknownAgent(SabbatError):
    """No registered agent has that name."""


class BadPlayerCount(SabbatError):
    """The game does not support that many players."""


class BadOption(SabbatError):
    """A game option is unknown or has a value the game cannot use."""


class BadSeed(SabbatError):
    """A seed is not a whole number that fits 64 bits."""


class CardDataError(SabbatError):
    """A card file is missing, malformed, or fails its schema."""


class CardFileTooLarge(CardDataError):
    """A card file is over one of its declared bounds (`sabbat.core.carddata`): `bound` names which
    (bytes, values, depth, count, cards), `limit` its value and `found` what the file holds, so a
    front end can say it in each language."""

    def __init__(self, message: str, bound: str, limit: int, found: int | None = None) -> None:
        super().__init__(message)
        self.bound, self.limit, self.found = bound, limit, found


class UnknownCard(CardDataError):
    """A card id does not exist in the loaded card set."""


class SaveFileError(SabbatError):
    """A save or replay file is malformed, truncated, or from another game or version."""


class ReplayMismatch(SaveFileError):
    """Replaying a file's actions did not reproduce the state it recorded."""
