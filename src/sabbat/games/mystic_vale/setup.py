"""Setup: commons, VP pool, starting decks, first player and the initial field build."""

from __future__ import annotations

from .cards import DECK_SIZE, ZERO
from .constants import NS, PLANT_PHASE
from .model import Position
from .turn import finish_turn, initial_build


def level1_deck_size(n: int) -> int:
    """L1 advancements used: 12 / 15 / 18 for 2 / 3 / 4 players (3 of them go face up)."""
    return 6 + 3 * n


def vp_pool_size(n: int) -> int:
    """VP pool value: 23 / 28 / 33 for 2 / 3 / 4 players."""
    return 13 + 5 * n


def setup(st: Position) -> None:
    """Lay out a new game and play the initial field builds, up to the first player's planting."""
    n = st.num_players
    c = st.cards
    rng = st.rng
    st.phase = PLANT_PHASE
    st.slots = [-1] * (3 * DECK_SIZE * n)
    st.banner = [-1] * (DECK_SIZE * n)
    st.cstats = [ZERO] * (DECK_SIZE * n)
    st.has_ability = [False] * (DECK_SIZE * n)
    for p in range(n):
        for i, pid in enumerate(c.layout):
            if pid >= 0:
                s = p * DECK_SIZE + i
                st.slots[3 * s + c.part_pos[pid]] = pid
                st.has_ability[s] = c.part_ability[pid] is not None
                st.cstats[s] = c.part_stats[pid]  # one printed part: its symbols are the card's
    st.deck = [list(range(p * DECK_SIZE, (p + 1) * DECK_SIZE)) for p in range(n)]
    for d in st.deck:
        rng.shuffle(d)
    st.discard = [[] for _ in range(n)]
    st.field = [[] for _ in range(n)]
    st.on_deck = [-1] * n
    st.fdecay = [0] * n
    st.fgrowth = [0] * n
    st.token = [False] * n
    st.vp = [0] * n
    st.vale = [[] for _ in range(n)]
    st.offered = [0] * n
    st.spent = []
    st.skip_next = [False] * n
    st.bonus_mana = [0] * n
    st.bonus_wild = [0] * n
    st.ong_mana = [0] * n
    st.ong_wild = [0] * n
    for p in range(n):
        st.recompute_ongoing(p)
    # Commons.
    l1 = list(c.adv_decks[0])
    rng.shuffle(l1)
    k = min(len(l1), level1_deck_size(n))
    st.box = l1[k:]
    st.adv_deck = [l1[:k], list(c.adv_decks[1]), list(c.adv_decks[2])]
    rng.shuffle(st.adv_deck[1])
    rng.shuffle(st.adv_deck[2])
    st.adv_disp = [[d.pop() if d else -1 for _ in range(3)] for d in st.adv_deck]
    st.soil = list(c.soil_count)
    st.vale_deck = [list(d) for d in c.vale_decks]
    for d in st.vale_deck:
        rng.shuffle(d)
    st.vale_disp = [[d.pop() if d else -1 for _ in range(4)] for d in st.vale_deck]
    st.pool = vp_pool_size(n)
    st.end_triggered = False
    # Mana tokens dealt at random: the starred one makes its holder first player.
    st.first_player = rng.below(n)
    st.turn_player = st.first_player
    st.turns_taken = 0
    st.decisions = 0
    st.mana = 0
    st.spirit = [0, 0, 0, 0]
    st.adv_bought = 0
    st.vale_bought = 0
    st.pending = []
    st.todo = []
    st.vp_due = 0
    st.room = [0, 0, 0]
    st.traded = 0
    st.german_trade = st.options["german_spirit_trade"]
    st.emit(f"{NS}.event.setup", first=st.first_player, pool=st.pool)
    for p in range(n):
        initial_build(st, p)
    start_first_turn(st)


def start_first_turn(st: Position) -> None:
    """Begin the first player's turn (a prep spoil in the initial build starts it at Discard)."""
    p = st.turn_player
    if st.skip_next[p]:
        st.skip_next[p] = False
        st.emit(f"{NS}.event.skip", player=p)
        finish_turn(st)
        return
    st.phase = PLANT_PHASE
