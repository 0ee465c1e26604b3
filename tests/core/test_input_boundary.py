"""The core's input boundary: bounded reads, link-proof writes, and states checked on load."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sabbat import games
from sabbat.core import codec, replay
from sabbat.core.errors import BadSeed, SaveFileError
from sabbat.core.game import check_seed
from sabbat.core.safeio import UnreadableFile, read_lines, read_regular, shown, write_atomic


def test_read_regular_refuses_folders_devices_and_large_files(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFile, match="not a regular file"):
        read_regular(tmp_path, 10)
    with pytest.raises(UnreadableFile, match="not a regular file"):
        read_regular("/dev/zero", 10)
    big = tmp_path / "big"
    big.write_bytes(b"x" * 11)
    with pytest.raises(UnreadableFile, match="too large"):
        read_regular(big, 10)
    assert read_regular(big, 11) == b"x" * 11
    with pytest.raises(UnreadableFile, match="no such file"):
        read_regular(tmp_path / "missing", 10)


def test_read_lines_names_the_line_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_bytes(b"one\ntwo \xff\nthree\n")
    with pytest.raises(ValueError, match="line 2 of"):
        read_lines(path, 100, "the results")
    path.write_bytes(b"one\r\ntwo\n")
    assert read_lines(path, 100, "the results") == ["one", "two"]


def test_write_atomic_replaces_a_link_not_its_target(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("keep", encoding="utf-8")
    link = tmp_path / "save.json"
    os.symlink(victim, link)
    write_atomic(link, "new")
    assert victim.read_text(encoding="utf-8") == "keep"
    assert not link.is_symlink() and link.read_text(encoding="utf-8") == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json", "victim"]


def test_write_atomic_leaves_nothing_behind_when_it_fails(tmp_path: Path) -> None:
    folder = tmp_path / "dir"
    folder.mkdir()
    with pytest.raises(OSError):
        write_atomic(folder, "x")  # a folder cannot be replaced by a file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir"] and not any(folder.iterdir())


def test_shown_bounds_what_a_message_quotes() -> None:
    assert shown("a" * 1000).endswith("…") and len(shown("a" * 1000)) == 121
    assert shown("two\nlines") == "two lines"


@pytest.mark.parametrize("seed", [1.0, float("inf"), True, "12", 1 << 64, -(1 << 63) - 1, None])
def test_a_seed_is_a_64_bit_whole_number(seed: object) -> None:
    with pytest.raises(BadSeed):
        check_seed(seed)


@pytest.mark.parametrize("seed", [0, -5, (1 << 64) - 1, -(1 << 63)])
def test_every_64_bit_seed_is_accepted(seed: int) -> None:
    assert games.get("toy").new(2, seed).seed == seed


def test_decode_refuses_dunder_and_non_text_field_names() -> None:
    data = games.get("toy").new(2, 1).to_json()["state"]
    for key in ("__class__", "__dict__", "1x"):
        with pytest.raises(SaveFileError, match="names a field"):
            codec.decode({**data, "f": {**data["f"], key: 1}})


@pytest.mark.parametrize("field,value", [("num_players", "2"), ("num_players", 99), ("actions", {}), ("game", 5),
                                         ("seed", 1.5), ("options", [1]), ("digest", 7)])
def test_replay_fields_are_checked_by_type(tmp_path: Path, field: str, value: object) -> None:
    data = replay.Replay.from_state(games.get("toy").new(2, 1)).to_json()
    data[field] = value
    with pytest.raises(SaveFileError):
        replay.Replay.from_json(data)
