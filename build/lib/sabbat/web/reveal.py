"""The replay's "everything" view: a finished game's position with nothing hidden.

Why here and not in each game: the games know how to show a position to one seat (or to a
spectator); once a game is over its replay may show all of it, which is every seat's own view put
together: each seat's zones from that seat's eyes, and the parts a game gives only the viewer
(`my_hand`, the goblins to tuck, the sleeve draft…) per seat under `seat_private`.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import GameState

SHARED_FROM_MOVER = ("phase", "pending")
"""Fields a game fogs for everyone but the seat whose decision is pending (a boss round's secret
summons): taken from that seat's view."""


def everything(state: GameState) -> dict[str, Any]:
    """The observation of `state` with every seat's hidden cards shown, for the replay."""
    n = state.num_players
    public = state.observation(None)
    seats = [state.observation(p) for p in range(n)]
    obs = dict(public)
    players = public.get("players")
    if isinstance(players, list) and len(players) == n:
        obs["players"] = [seats[p]["players"][p] for p in range(n)]
    mover = state.current_player
    if mover is not None:
        for key in SHARED_FROM_MOVER:
            if key in public:
                obs[key] = seats[mover][key]
    skip = {"players", "viewer", *SHARED_FROM_MOVER}
    obs["seat_private"] = [{k: v for k, v in seats[p].items() if k not in skip and public.get(k) != v} for p in range(n)]
    _reveal_game(state, obs)
    obs["viewer"] = None
    obs["everything"] = True
    return obs


def _reveal_game(state: GameState, obs: dict[str, Any]) -> None:
    """What no seat saw but the end of the game makes no secret of: Monslaught's boss row."""
    if obs.get("game") == "monslaught" and isinstance(obs.get("bosses"), list):
        row = getattr(state, "boss_row", None)
        db = getattr(state, "db", None)
        if row is not None and db is not None:
            obs["bosses"] = [{"number": i + 1, "id": b, "cost": db.bosses[b].scout} for i, b in enumerate(row)]
