"""Each reader's count of a table's changes: the version a seat or a spectator is shown.

Why not the number of decisions: a seat making a secret choice may take one decision (a pass)
or several (a summon: which card, which slot). A count the others could read would tell them
which. So a reader counts every decision it may see (public ones and its own), and another
seat's run of secret decisions as one change, when the run ends. Frames, acknowledgements and
stale-move errors all carry the reader's own count, never the table's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sabbat.core import GameState

Mark = tuple[int | None, bool]
"""One decision: the seat whose secret decision it was (None: a public one), and whether it
ended that seat's run of secret decisions."""


def secret_mover(state: GameState) -> int | None:
    """The seat deciding in secret now, else None."""
    if state.is_terminal():
        return None
    p = state.current_player
    return p if p is not None and state.secret_choice() else None


def mark(owner: int | None, after: GameState) -> Mark:
    """The mark of a decision: `owner` is `secret_mover` of the position it was taken in."""
    return owner, secret_mover(after) != owner


@dataclass
class Steps:
    """The marks of a table's decisions and, per reader, how many changes it has seen."""

    num_players: int
    marks: list[Mark] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    """Per seat, then the spectators' count last."""

    def __post_init__(self) -> None:
        if not self.counts:
            self.counts = [0] * (self.num_players + 1)

    def add(self, m: Mark) -> None:
        self.marks.append(m)
        owner, ended = m
        for reader in range(self.num_players + 1):
            if owner is None or owner == reader or ended:
                self.counts[reader] += 1

    def version(self, reader: int | None) -> int:
        return self.counts[self.num_players if reader is None else reader]

    def truncate(self, keep: int) -> None:
        """Forget the decisions after the first `keep` (an undo)."""
        marks = self.marks[:keep]
        self.marks, self.counts = [], [0] * (self.num_players + 1)
        for m in marks:
            self.add(m)
