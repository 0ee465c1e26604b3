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

from .runner import GameRecord


class JournalMismatch(ValueError):
    """The journal file belongs to a different tournament (or is not a journal)."""


class Journal:
    def __init__(self, path: Path, tournament: dict[str, Any]) -> None:
        self.path = Path(path)
        self.tournament = tournament

    def finished(self) -> dict[int, GameRecord]:
        """The games already written (schedule index -> record); creates the file if absent."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            self.path.write_text(json.dumps({"tournament": self.tournament}, ensure_ascii=False) + "\n", encoding="utf-8")
            return {}
        lines = self.path.read_text(encoding="utf-8").splitlines()
        try:
            head = json.loads(lines[0])["tournament"]
        except (ValueError, KeyError, TypeError):
            raise JournalMismatch(f"{self.path} is not a tournament journal; give a new file name") from None
        if head != self.tournament:
            differ = sorted(k for k in set(head) | set(self.tournament) if head.get(k) != self.tournament.get(k))
            raise JournalMismatch(f"{self.path} is the journal of another tournament ({', '.join(differ)} differ); "
                                  "give a new file name, or the same settings to resume it")
        games: dict[int, GameRecord] = {}
        for number, line in enumerate(lines[1:], start=2):
            try:
                entry = json.loads(line)
                games[int(entry["index"])] = GameRecord.from_json({**entry["record"], "replay": {}})
            except (ValueError, KeyError, TypeError):
                if number == len(lines):  # killed while writing its last game: play that game again
                    self._keep(lines[:-1])
                    break
                raise JournalMismatch(f"{self.path} line {number} is not a finished game; "
                                      "the file was edited or damaged") from None
        else:
            if not self.path.read_bytes().endswith(b"\n"):
                self._keep(lines)
        return games

    def add(self, index: int, record: GameRecord) -> None:
        """Append one finished game, flushed at once."""
        data = {k: v for k, v in record.to_json().items() if k != "replay"}
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps({"index": index, "record": data}, ensure_ascii=False) + "\n")

    def _keep(self, lines: list[str]) -> None:
        """Rewrite the file as these whole lines, so the next game starts a line of its own."""
        self.path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


__all__ = ["Journal", "JournalMismatch"]
