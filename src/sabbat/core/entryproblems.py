"""A card entry's validation errors (pydantic's) as reasons a front end words in each language.

Why: pydantic words its errors in English ("Input should be a valid integer"), which a person
reading Japanese cannot use. Each error's `type`, location and `ctx` say the same in identifiers
and numbers; `problems` turns them into `Reason`s (`SabbatError.facts`), and a check of a card's
own (a validator) raises `EntryProblem`, which names its reason the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import Reason
from .safeio import shown

_KINDS = {
    "missing": "field_missing",
    "extra_forbidden": "field_extra",
    "int_type": "field_whole_number", "int_parsing": "field_whole_number", "int_from_float": "field_whole_number",
    "int_parsing_size": "field_whole_number",
    "float_type": "field_number", "float_parsing": "field_number", "finite_number": "field_number",
    "string_type": "field_text", "string_unicode": "field_text",
    "bool_type": "field_bool", "bool_parsing": "field_bool",
    "list_type": "field_list", "tuple_type": "field_list", "set_type": "field_list", "frozen_set_type": "field_list",
    "dict_type": "field_mapping", "model_type": "field_mapping", "model_attributes_type": "field_mapping",
    "literal_error": "field_choice", "enum": "field_choice",
    "greater_than_equal": "field_at_least", "greater_than": "field_above",
    "less_than_equal": "field_at_most", "less_than": "field_below",
    "too_short": "field_too_short", "too_long": "field_too_long",
    "string_too_short": "field_text_short", "string_too_long": "field_text_long",
}
"""pydantic's error types -> the reasons they are worded by (any other type: `field_invalid`)."""

_CTX = {"ge": "min", "gt": "min", "le": "max", "lt": "max", "min_length": "min", "max_length": "max",
        "actual_length": "found"}
"""pydantic's context numbers -> the facts they are worded with."""

_CHOICE = re.compile(r"'((?:[^'\\]|\\.)*)'|([^\s,']+)")


class EntryProblem(ValueError):
    """A card entry's own check failed (raised in a validator, so pydantic places it in the
    entry): the English message for the terminal, and `why` and `facts` for a front end."""

    def __init__(self, message: str, why: str, **facts: Any) -> None:
        super().__init__(message)
        self.why, self.facts = why, facts


def problems(errors: Iterable[Mapping[str, Any]]) -> list[Reason]:
    """Each of pydantic's errors (`ValidationError.errors()`) as a reason of one entry."""
    return [problem(err) for err in errors]


def problem(err: Mapping[str, Any]) -> Reason:
    """One pydantic error as a reason with its facts: where (`field`, the dotted location of
    names and list positions, as in the file), and the numbers or values allowed; an
    `EntryProblem` keeps its own reason (with `field` where it was raised in one). A key that is
    not allowed (in a mapping with fixed keys) is named as `key`, its mapping as `field`."""
    ctx = err.get("ctx") or {}
    loc = [str(p) for p in err.get("loc", ())]
    error = ctx.get("error")
    if isinstance(error, EntryProblem):
        return Reason(error.why, {"field": shown(".".join(loc), 60), **error.facts} if loc else error.facts)
    kind = _KINDS.get(str(err.get("type")), "field_invalid")
    facts: dict[str, Any] = {_CTX[k]: v for k, v in ctx.items() if k in _CTX and isinstance(v, (int, float))}
    if kind == "field_choice":
        facts["choices"] = [a or b for a, b in _CHOICE.findall(str(ctx.get("expected", ""))) if (a or b) != "or"]
    if loc and loc[-1] == "[key]":
        loc, facts["key"] = loc[:-2], shown(loc[-2], 60)
        kind = "field_key_choice" if kind == "field_choice" else "field_key_invalid"
    if not loc:
        return Reason("entry_mapping" if kind == "field_mapping" else "entry_invalid", facts)
    return Reason(kind, {"field": shown(".".join(loc), 60), **facts})
