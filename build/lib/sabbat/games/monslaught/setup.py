"""Setting up a game: the card uids, the starting hands, the shuffled decks and the boss row.

Why a module of its own: setup runs once per game and reads the card table in ways no rule does.
"""

from __future__ import annotations

from .cards import Tier
from .model import Phase, Position, Seat
from .rules import begin_initial_draft

INITIAL_HAND = ("big_cat", "frog", "owl")


def setup_game(st: Position) -> None:
    """Lay out a new game on a position that holds only the card table, then deal the first draft."""
    db = st.db
    n = st.num_players
    ids: list[str] = []
    pools: dict[Tier, list[int]] = {t: [] for t in Tier}
    for card in db.cards.values():
        for _ in range(card.count):
            pools[card.tier].append(len(ids))
            ids.append(card.id)
    farms = []
    for _ in range(db.lands["farm"].count):
        farms.append(len(ids))
        ids.append("farm")
    mountains = []
    for _ in range(db.lands["mountain"].count):
        mountains.append(len(ids))
        ids.append("mountain")
    st.ids = tuple(ids)
    st.seats = [Seat() for _ in range(n)]
    st.start = st.rng.below(n)
    # initial cards: one of each kind per player, the rest go back to the box
    initial = pools[Tier.INITIAL]
    st.box = []
    for name in INITIAL_HAND:
        copies = [u for u in initial if ids[u] == name]
        for p in range(n):
            if copies:
                st.seats[p].hand.append(copies.pop(0))
        st.box.extend(copies)
    for u in initial:
        if ids[u] not in INITIAL_HAND:
            st.box.append(u)
    st.lower = pools[Tier.LOWER]
    st.middle = pools[Tier.MIDDLE]
    st.upper = pools[Tier.UPPER]
    for deck in (st.lower, st.middle, st.upper):
        st.rng.shuffle(deck)
    st.farm_stack = farms
    st.mountain_stack = mountains
    st.flipped = set()
    st.field = []
    # bosses: one random copy of each number, the others back to the box unseen
    st.boss_row = []
    st.boss_box = []
    for number in (1, 2, 3, 4):
        faces = sorted(b.id for b in db.bosses.values() if b.number == number)
        chosen = faces.pop(st.rng.below(len(faces)))
        st.boss_row.append(chosen)
        st.boss_box.extend(faces)
    st.boss_revealed = 0
    st.round = 1
    st.phase = Phase.DRAFT
    st.active = st.start
    st.order = []
    st.pos = 0
    st.pend_card = -1
    st.pend_need = 0
    st.pend_kind = ""
    st.pend_arg = ""
    st.pend_left = 0
    st.pend_group = []
    st.ret_phase = Phase.SUMMON
    st.fog = None
    st.new_start = st.start
    st.ranking = []
    st.removed = []
    st.acquired = [[] for _ in range(n)]
    st.offered = [0] * n
    st.emit("monslaught.event.setup", start=st.start, players=n)
    begin_initial_draft(st)
