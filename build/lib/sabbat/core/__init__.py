"""The engine core: the game contract and everything every game shares. Knows no game."""

from .actions import Action
from .chances import win_chances
from .errors import (
    BadOption,
    BadPlayerCount,
    CardDataError,
    IllegalAction,
    MalformedAction,
    ReplayMismatch,
    SabbatError,
    SaveFileError,
    UnknownAgent,
    UnknownCard,
    UnknownGame,
)
from .events import Event
from .game import Game, GameInfo, Status
from .options import Option
from .rng import Rng
from .state import GameState

__all__ = [
    "Action",
    "BadOption",
    "BadPlayerCount",
    "CardDataError",
    "Event",
    "Game",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "MalformedAction",
    "Option",
    "ReplayMismatch",
    "Rng",
    "SabbatError",
    "SaveFileError",
    "Status",
    "UnknownAgent",
    "UnknownCard",
    "UnknownGame",
    "win_chances",
]
