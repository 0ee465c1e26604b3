"""Every game option speaks a player's words in both languages: a label, a one-line explanation and
a label for each value, so the lobby never shows an internal id or command-line help."""

from __future__ import annotations

import re

import pytest

from sabbat import games
from sabbat.core import Option

SHIPPED = ("mystic_vale", "nameless_dark_lord", "monslaught", "bellum_magica", "magic_master")
ALL = [(g, name, o) for g in SHIPPED for name, o in games.get(g).info.options.items()]
RULING = re.compile(r"\bruling\b|\b[A-Z]-?\d+\b")


@pytest.mark.parametrize("game, name, option", ALL, ids=[f"{g}.{n}" for g, n, _ in ALL])
def test_each_option_has_a_label_an_explanation_and_value_labels_in_both_languages(game: str, name: str, option: Option) -> None:
    words = option.words()
    for lang in ("en", "ja"):
        label, explain = words["label"].get(lang, ""), words["explain"].get(lang, "")
        assert label.strip() and explain.strip(), f"{game}.{name} lacks its {lang} label or explanation"
        assert "\n" not in explain and len(explain) < 160, "one line"
        values = option.choices if option.kind == "choice" else ("true", "false") if option.kind == "bool" else ()
        for value in values:
            text = words["values"].get(value, {}).get(lang, "")
            assert text.strip(), f"{game}.{name}={value} has no {lang} label"
            assert text.strip().lower() != value, f"{game}.{name}: the label of {value} is the id"
        shown = " ".join([label, explain, *(v.get(lang, "") for v in words["values"].values())])
        assert name not in shown and not RULING.search(shown), f"{game}.{name}: ids or ruling codes in {shown!r}"


def test_a_value_label_must_name_a_value_the_option_has() -> None:
    with pytest.raises(ValueError, match="labels for values"):
        Option("x", default="a", choices=("a", "b"), values={"c": {"en": "C", "ja": "C"}})
