"""Start-up of `sabbat serve` with a long history: how long until its port answers, until it is
ready (every table in play loaded), and how much memory it holds then, with 0 or N finished games
in its database beside a few tables in play.

The finished games are copies of real games played to their end (one per game and seed, stored
again under new table ids), so rebuilding one costs what rebuilding a real one costs. Each
configuration is started `--repeats` times; the medians are reported.

    python benchmarks/server_startup.py --finished 0 5000 --out benchmarks/results/server_startup.json

`--src DIR` runs the server from another checkout's `src` (to compare with an older version:
`git archive COMMIT | tar -x -C /tmp/old`, then `--src /tmp/old/src`); a server without
`/readyz` is taken to be ready when its port answers (it loaded everything before opening it).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

GAMES = ("mystic_vale", "monslaught", "magic_master", "bellum_magica")
PLAYING = 20


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _history(db: str, finished: int) -> None:
    """A database with `finished` finished games (real games, each stored many times) and PLAYING in play."""
    from sabbat.web.store import LogRow, Store, actions_t, seats_t, tables_t
    from sabbat.web.tables import TableService

    store, service = Store(db), TableService()

    def create(spec: dict[str, Any]) -> Any:
        new = service.plan_table(spec)
        store.create(new.row)
        return service.add(new)

    humans = [{"kind": "human"}, {"kind": "human"}]
    models = []
    for i, game in enumerate(GAMES * 2):
        service.deal = lambda i=i: 1000 + i
        table = create({"game": game, "players": 2, "seats": humans})
        state, rng, rows = table.state.clone(), random.Random(i), []
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            rows.append(LogRow(table.id, len(state.history), action.to_json(), state.current_player or 0,
                               f"m{len(state.history)}", None))
            state.apply(action)
        models.append((table.id, rows))
    for _ in range(PLAYING):
        create({"game": "mystic_vale", "players": 2, "seats": humans})
    engine = store.engine
    with engine.begin() as c:
        base = {m[0]: dict(c.execute(tables_t.select().where(tables_t.c.id == m[0])).one()._mapping) for m in models}
        seats = {m[0]: [dict(r._mapping) for r in c.execute(seats_t.select().where(seats_t.c.table_id == m[0]))]
                 for m in models}
        for n in range(finished):
            model_id, rows = models[n % len(models)]
            new_id = f"f{n:015d}"
            c.execute(tables_t.insert().values({**base[model_id], "id": new_id, "status": "finished",
                                                "created": base[model_id]["created"] + n}))
            c.execute(seats_t.insert(), [{**s, "table_id": new_id} for s in seats[model_id]])
            c.execute(actions_t.insert(), [{"table_id": new_id, "idx": r.idx, "action": json.dumps(r.action),
                                            "seat": r.seat, "msg_id": r.msg_id} for r in rows])
        for model_id, _ in models:  # the models themselves were only templates
            for t in (actions_t, seats_t):
                c.execute(t.delete().where(t.c.table_id == model_id))
            c.execute(tables_t.delete().where(tables_t.c.id == model_id))
    store.close()


def _status(port: int, path: str) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2) as res:
            return int(res.status)
    except urllib.error.HTTPError as exc:
        return exc.code
    except OSError:
        return 0


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def start_once(db: str, home: Path, src: str | None) -> dict[str, float]:
    port = _free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(home)}
    if src:
        env["PYTHONPATH"] = src
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "sabbat.cli.main", "serve", "--port", str(port), "--db", db,
                             "--workers", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        while _status(port, "/healthz") == 0 and _status(port, "/api/games") == 0:
            if proc.poll() is not None or time.monotonic() - t0 > 600:
                raise RuntimeError("sabbat serve did not start")
            time.sleep(0.02)
        answered = time.monotonic() - t0
        while (code := _status(port, "/readyz")) not in (200, 404):  # 404: a server without /readyz
            time.sleep(0.02)
        ready = time.monotonic() - t0 if code == 200 else answered
        time.sleep(0.5)
        return {"port_answers_s": answered, "ready_s": ready, "rss_mb": _rss_mb(proc.pid)}
    finally:
        proc.terminate()
        proc.wait(30)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--finished", type=int, nargs="+", default=[0, 5000])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--src", default=None, help="run the server from this checkout's src directory")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    runs: list[dict[str, Any]] = []
    for finished in args.finished:
        home = Path(tempfile.mkdtemp(prefix="sabbat-startup-"))
        try:
            db = str(home / "history.sqlite3")
            _history(db, finished)
            Path(db).with_suffix(".sqlite3-wal").unlink(missing_ok=True)
            starts = [start_once(db, home, args.src) for _ in range(args.repeats)]
        finally:
            shutil.rmtree(home, ignore_errors=True)
        row = {"finished_games": finished, "in_play": PLAYING, "src": args.src or "this checkout",
               **{k: round(statistics.median(s[k] for s in starts), 2) for k in starts[0]},
               "each": [{k: round(v, 2) for k, v in s.items()} for s in starts]}
        print(json.dumps(row), flush=True)
        runs.append(row)
    if args.out:
        args.out.write_text(json.dumps({"benchmark": "server_startup", "machine": f"{platform.machine()}, "
                                        f"{os.cpu_count()} cores, shared", "python": platform.python_version(),
                                        "runs": runs}, indent=1) + "\n")


if __name__ == "__main__":
    main()
