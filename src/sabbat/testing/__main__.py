"""`python -m sabbat.testing check GAME [--seeds N]` runs the kit on a game;
`python -m sabbat.testing record GAME...` records the rules digest of each game's current rules
version in its package (`rules_digests.json`), after a rules change and a bump of `rules_version`."""

from __future__ import annotations

import argparse
import sys

from sabbat import games

from . import CheckFailed, check_game
from .digest import record, record_path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sabbat.testing", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="run every check of the kit on a game")
    check.add_argument("game")
    check.add_argument("--seeds", type=int, default=40)
    rec = sub.add_parser("record", help="record the rules digest of each game's current rules version")
    rec.add_argument("game", nargs="*", help="game ids (default: every registered game)")
    args = parser.parse_args(argv)
    if args.command == "record":
        for name in args.game or games.names():
            game = games.get(name)
            digest = record(game)
            print(f"{game.info.id} rules version {game.info.rules_version}: {digest} -> {record_path(game)}")
        return 0
    try:
        report = check_game(args.game, seeds=args.seeds)
    except CheckFailed as failed:
        print(f"FAILED {failed}", file=sys.stderr)
        return 1
    for name in report.passed:
        print(f"ok      {name}")
    for name, why in report.skipped.items():
        print(f"skipped {name}: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
