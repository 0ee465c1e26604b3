"""The per-game layout tables of docs/rl.md, written from the declarations themselves.

`python -m sabbat.rl.doc` prints them; a test keeps docs/rl.md equal to this output.
"""

from __future__ import annotations

import re

from sabbat import games

from .actions import action_space
from .layouts import LAYOUTS
from .observe import Reading, load_encoder

BEGIN, END = "<!-- layouts:begin (python -m sabbat.rl.doc) -->", "<!-- layouts:end -->"


def actions_table(game_id: str) -> list[str]:
    space = action_space(game_id, games.get(game_id).card_ids())
    rows = ["| ids | kind | arguments (domain of each, in order) |", "| --- | --- | --- |"]
    for b in space.blocks:
        ids = str(b.base) if b.size == 1 else f"{b.base}–{b.base + b.size - 1}"
        args = ", ".join(d.describe() for d in b.domains) or "–"
        rows.append(f"| {ids} | `{b.kind}` | {args} |")
    rows.append(f"\n`Discrete({space.n})`.")
    return rows


def observation_table(game_id: str) -> list[str]:
    enc = load_encoder(game_id, games.get(game_id).info.max_players)
    rows = ["| positions | slice | reads |", "| --- | --- | --- |", f"| 0–{enc.max_players - 1} | `seat` | the observer's seat, one-hot |"]
    groups: list[tuple[str, int, int, int, str]] = []  # name with @k, start, stop, copies, what
    for s in enc.slices:
        generic = re.sub(r"@\d+", "@k", s.name)
        what = {
            Reading.NUM: "number",
            Reading.LEN: "list length",
            Reading.VEC: f"{s.size} numbers",
            Reading.VOCAB: f"counts over {s.size - 1} names + other",
            Reading.KEYED: f"values over {s.size - 1} names + other",
        }[s.kind]
        last = groups[-1] if groups else None
        if last and last[0] == generic and last[2] == s.start and "@k" in generic:
            groups[-1] = (generic, last[1], s.start + s.size, last[3] + 1, what)
        else:
            groups.append((generic, s.start, s.start + s.size, 1, what))
    for name, start, stop, copies, what in groups:
        each = f" × {copies} seats" if copies > 1 else ""
        where = str(start) if stop - start == 1 else f"{start}–{stop - 1}"
        rows.append(f"| {where} | `{name}` | {what}{each} |")
    rows.append(f"\n`Box({enc.size},)` float32.")
    return rows


def render() -> str:
    out = [BEGIN]
    for game_id in LAYOUTS:
        title = games.get(game_id).info.title["en"]
        out += ["", f"### {title} (`{game_id}`)", "", "Actions:", "", *actions_table(game_id)]
        out += ["", "Observation vector:", "", *observation_table(game_id)]
    out += ["", END]
    return "\n".join(out)


if __name__ == "__main__":
    print(render())
