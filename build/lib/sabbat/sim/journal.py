"""A tournament's journal: each finished game written down at once, so a cut-off run resumes.

Long tournaments (hours of search at a second a move) outlive sessions and machines. The
journal is a JSON-lines file: a first line naming the tournament, then one line per finished
game with its place in the schedule. Started again with the same journal, a tournament plays
only the games the journal lacks. A last line cut off mid-write (the process was killed) is
ignored and its game played again; a journal of another tournament is refused, never mixed in.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sabbat.core.safeio import read_lines, read_regular

from .runner import GameRecord

MAX_JOURNAL_BYTES = 1 << 30


class JournalMismatch(ValueError):
    """The journal file belongs to a different tournament (or is not a journal)."""


class Journal:
    def __init__(self, path: Path, tournament: dict[str, Any]) -> None:
        self.path = Path(path)
        self.tournament = tournament

    def finished(self) -> dict[int, GameRecord]:
        """The games already written (schedule index -> record); creates the file if absent."""
        if not self.path.exists() or (self.path.is_file() and self.path.stat().st_size == 0):
            self.path.write_text(json.dumps({"tournament": self.tournament}, ensure_ascii=False) + "\n", encoding="utf-8")
            return {}
        head, games, whole = read_journal(self.path)
        if head != self.tournament:
            differ = sorted(k for k in set(head) | set(self.tournament) if head.get(k) != self.tournament.get(k))
            raise JournalMismatch(f"{self.path} is the journal of another tournament ({', '.join(differ)} differ); "
                                  "give a new file name, or the same settings to resume it")
        if whole is not None:  # a torn last line: keep the whole ones, so the next game starts a line
            self.path.write_text("".join(line + "\n" for line in whole), encoding="utf-8")
        return games

    def add(self, index: int, record: GameRecord) -> None:
        """Append one finished game, flushed at once."""
        data = {k: v for k, v in record.to_json().items() if k != "replay"}
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps({"index": index, "record": data}, ensure_ascii=False) + "\n")


def read_journal(path: Path) -> tuple[dict[str, Any], dict[int, GameRecord], list[str] | None]:
    """(the tournament's settings, its finished games by schedule index, and the file's whole
    lines when its end needs mending, else None): a last line cut off mid-write is left out."""
    try:
        lines = read_lines(path, MAX_JOURNAL_BYTES, "the journal")
    except OSError as exc:
        raise JournalMismatch(str(exc)) from None
    except ValueError as exc:
        raise JournalMismatch(f"{exc}; the file was damaged, give another file") from None
    try:
        head = json.loads(lines[0])["tournament"]
        if not isinstance(head, dict):
            raise TypeError
    except (IndexError, ValueError, KeyError, TypeError, RecursionError):
        raise JournalMismatch(f"{path} is not a tournament journal (its first line names no tournament); "
                              "give another file") from None
    games: dict[int, GameRecord] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            entry = json.loads(line)
            index = entry["index"]
            if type(index) is not int or not 0 <= index < 10_000_000:
                raise ValueError
            games[index] = GameRecord.from_json({**entry["record"], "replay": {}})
        except (ValueError, KeyError, TypeError, RecursionError):
            if number == len(lines):  # killed while writing its last game: that game is played again
                return head, games, lines[:-1]
            raise JournalMismatch(f"{path} line {number} is not a finished game; "
                                  "the file was edited or damaged") from None
    return head, games, None if read_regular(path, MAX_JOURNAL_BYTES).endswith(b"\n") else lines


__all__ = ["Journal", "JournalMismatch", "read_journal"]
