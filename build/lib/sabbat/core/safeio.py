"""Reading files a person names, and writing files without being redirected.

Why: a path in a save file or on the command line may name a device (`/dev/zero`), a pipe
that never ends, or a huge file; reading it must fail at once with one line, never hang or
fill memory. A save must never follow a link someone placed beside it, so it goes through a
fresh temporary file (created with O_EXCL) in the same directory, renamed over the target.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Any

_MAX_SHOWN = 120


class UnreadableFile(OSError):
    """The path is not a regular file, too large, or cannot be opened; str() is the message."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "cannot read the file"


def shown(value: Any, limit: int = _MAX_SHOWN) -> str:
    """A bounded rendering of a value for a message (never the whole of a huge input)."""
    text = value if isinstance(value, str) else repr(value)
    text = text.replace("\n", " ")
    return text if len(text) <= limit else text[:limit] + "…"


def read_regular(path: Path | str, limit: int) -> bytes:
    """The bytes of `path` if it is a regular file of at most `limit` bytes, else UnreadableFile."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise UnreadableFile(f"no such file: {shown(str(path))}") from None
    except OSError as exc:
        raise UnreadableFile(f"cannot open {shown(str(path))}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(f"{shown(str(path))} is not a regular file (a device, pipe or folder)")
        if info.st_size > limit:
            raise UnreadableFile(f"{shown(str(path))} is too large ({info.st_size:,} bytes; at most {limit:,})")
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > limit:
            raise UnreadableFile(f"{shown(str(path))} is too large (more than {limit:,} bytes)")
        return data
    except UnreadableFile:
        raise
    except OSError as exc:
        raise UnreadableFile(f"cannot read {shown(str(path))}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` through a new temporary file in the same folder, then rename it.

    The temporary file is created exclusively (O_EXCL, a random name), so a link placed
    beforehand cannot redirect the write; the rename replaces a link at `path` itself, never
    the file it points to. On failure nothing is left behind and `path` is unchanged.
    """
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_lines(path: Path | str, limit: int, what: str) -> list[str]:
    """The lines of a UTF-8 text file of at most `limit` bytes; ValueError naming a bad line.

    Why per line: a results file damaged in one line (a non-UTF-8 byte) must be reported by
    its line number, never as a traceback or as "not a results file".
    """
    raw = read_regular(path, limit)
    lines = []
    for number, line in enumerate(raw.split(b"\n"), start=1):
        try:
            lines.append(line.decode("utf-8").rstrip("\r"))
        except UnicodeDecodeError:
            raise ValueError(f"line {number} of {what} {shown(str(path))} is not UTF-8 text") from None
    if lines and lines[-1] == "":
        lines.pop()
    return lines
