"""Setup: first captain, castles, goblins, human kingdom, creature decks, chests."""

from __future__ import annotations

from .constants import DECKS, Phase
from .model import Position

#: farms, villages, towns in play by player count (rulebook setup table); 5 players take
#: every kingdom card of the card file (「5人プレイ:王国カードを全て取ります」).
KINGDOM = {2: (3, 3, 10), 3: (4, 4, 10), 4: (6, 6, 10)}


def setup_game(s: Position) -> None:
    """Lay out a new game; every random step uses the state's RNG."""
    n = s.num_players
    rng = s.rng
    cards = s.cards
    s.max_days = s.options["max_days"]
    choice = s.options["castle_choice"]
    drawn = rng.below(n)  # drawn whatever the option, so a seed deals the same cards either way
    s.captain = 0 if s.options["first_captain"] == "first_seat" else drawn
    s.day = 1
    s.turn = 0
    s.die = 0
    s.rolls = 0
    s.timed_out = False
    boards = list(cards.board_ids)
    if choice == "draft":
        s.boards = [""] * n
        s.draft_pool = boards
    else:
        rng.shuffle(boards)
        s.boards = boards[:n]
        s.draft_pool = []
    goblins = list(cards.deck_lists["goblins"])
    rng.shuffle(goblins)
    s.hand = [sorted(goblins[2 * p: 2 * p + 2]) for p in range(n)]
    s.goblin_box = sorted(goblins[2 * n:])
    s.placed = [[] for _ in range(n)]
    s.left = [[] for _ in range(n)]
    s.right = [[] for _ in range(n)]
    s.food = [0] * n
    s.glyph = [0] * n
    s.barrels = [0] * n
    s.shields = [0] * n
    s.mshields = [0] * n
    s.conf_up = [0] * n
    s.conf_down = [0] * n
    # human kingdom: farms on villages on towns, each band shuffled separately (top = end of list)
    every = tuple(len(cards.location_lists[kind]) for kind in ("farm", "village", "town"))
    nf, nv, nt = KINGDOM.get(n, every)
    bands = []
    box: list[str] = []
    for kind, k in (("town", nt), ("village", nv), ("farm", nf)):
        pool = list(cards.location_lists[kind])
        rng.shuffle(pool)
        bands.extend(pool[:k])
        box.extend(pool[k:])
    s.deck = bands
    s.kingdom_box = sorted(box)
    s.display = [s.deck.pop() for _ in range(min(n, len(s.deck)))]
    s.discard = []
    s.cdeck = {}
    s.cdisplay = {}
    for deck in DECKS:
        pile = list(cards.deck_lists[deck])
        rng.shuffle(pile)
        s.cdeck[deck] = pile
        s.cdisplay[deck] = [pile.pop() if pile else "" for _ in range(2)]
    s.stacks = []
    for chests in cards.chests_by_type:
        stack = list(chests)
        rng.shuffle(stack)
        s.stacks.append(stack)
    s.seen = [0] * len(cards.chest_type)
    s.chests = [[] for _ in range(n)]
    s.steal_victim = -1
    s.steal_k = 0
    s.steal_picks = []
    s.pick_deck = ""
    s.pick_slot = -1
    s.paid = ""
    s.offered = [0] * n
    s.phase = Phase.DRAFT if choice == "draft" else Phase.GOBLINS
