"""The replay's "everything" view: a finished game's position with nothing hidden.

Why here and not in each game: the games know how to show a position to one seat (or to a
spectator); once a game is over its replay may show all of it, which is every seat's own view put
together: each seat's zones from that seat's eyes, and the parts a game gives only the viewer
(`my_hand`, the goblins to tuck, the sleeve draft…) per seat under `seat_private`. What no seat
saw but the end makes no secret of is the game's to add (`Game.reveal_at_end`).
"""

from __future__ import annotations

from typing import Any

from sabbat import games
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
    games.get(state.game_id).reveal_at_end(state, obs)
    obs["viewer"] = None
    obs["everything"] = True
    return obs

