"""The round track: drafts, turns, boss rounds and rewards, the steps between decisions, and the
game's secret simultaneous choices (the draft picks and a boss round's fogged summons)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from sabbat.core import Action, Rng, i18n
from sabbat.core.secrets import SecretChoice

from .legal import penalty_actions
from .model import BOSS_ROUNDS, LAST_ROUND, Phase, Position
from .redeal import redeal
from .scoring import points

TAKES = frozenset({"scout_card", "scout_land", "take_field", "take_land"})


def turn_order(start: int, n: int) -> list[int]:
    """Seats clockwise from `start`."""
    return [(start + i) % n for i in range(n)]


def say(st: Position, key: str, **params: Any) -> None:
    """A public event, or during the fogged boss summon phase one for the actor only."""
    if st.fog is not None:
        st.emit("monslaught.event." + key, frozenset((st.active,)), player=st.active, **params)
    else:
        st.emit("monslaught.event." + key, player=st.active, **params)


def private(st: Position, key: str, owner: int, public: dict[str, Any], **secret: Any) -> None:
    """An event for `owner` with the secret details, and one for the others and spectators with `public` only."""
    name = "monslaught.event." + key
    st.emit_private(name, owner, name + "_public", public, player=owner, **public, **secret)


def take_card(st: Position, zone: list[int], card_id: str) -> int:
    """Remove one copy of `card_id` from `zone` (the lowest uid, so choices are canonical)."""
    ids = st.ids
    uid = min(u for u in zone if ids[u] == card_id)
    zone.remove(uid)
    return uid


def note_offers(st: Position, acts: list[Action]) -> None:
    """Add to the actor's `offered` mask every card or land one of `acts` would take. Called before a
    scout, at the end of a scout phase and before an effect's take. Statistics only: no rule reads it."""
    bit = st.db.offer_bit
    mask = st.offered[st.active]
    for a in acts:
        if a.kind in TAKES:
            mask |= bit[str(a.args[0])]
    st.offered[st.active] = mask


# ----- round flow ------------------------------------------------------------------------------
def begin_initial_draft(st: Position) -> None:
    """Round 1: 3 lower cards each, 4 for the two seats farthest from the start (both with 2)."""
    n = st.num_players
    order = turn_order(st.start, n)
    for i, p in enumerate(order):
        count = 4 if n == 2 or i >= n - 2 else 3
        offer = [st.lower.pop() for _ in range(min(count, len(st.lower)))]
        st.seats[p].offer = offer
        private(st, "dealt", p, {"count": len(offer)}, cards=st.unames_sorted(offer))
    st.box.extend(st.lower)
    st.lower = []
    start_draft(st)


def start_draft(st: Position) -> None:
    st.phase = Phase.DRAFT
    st.order = [p for p in turn_order(st.start, st.num_players) if st.seats[p].offer]
    st.pos = 0
    if not DRAFT.close_when_all_chosen(st):  # with nothing dealt the draft is over at once
        st.active = st.order[0]


def resolve_draft(st: Position) -> None:
    """Reveal every pick's leftovers to the Field; picks go to hand (round 1) or discard."""
    leftovers = []
    for p in turn_order(st.start, st.num_players):
        seat = st.seats[p]
        if seat.pick >= 0:
            if st.round == 1:
                seat.hand.append(seat.pick)
            else:
                seat.discard.append(seat.pick)
                st.acquired[p].append(st.ids[seat.pick])
                st.emit("monslaught.event.kept", player=p, card=st.uname(seat.pick))
        seat.pick = -1
        leftovers.extend(seat.offer)
        st.field.extend(seat.offer)
        seat.offer = []
    st.emit("monslaught.event.draft_reveal", cards=[st.uname(u) for u in leftovers])
    if st.round == 1:
        next_round(st)
    else:
        if st.new_start != st.start:
            st.start = st.new_start
            st.emit("monslaught.event.start_player", player=st.start)
        st.order = turn_order(st.start, st.num_players)
        st.pos = 0
        begin_cleanup(st, st.order[0])


def next_round(st: Position) -> None:
    st.round += 1
    st.emit("monslaught.event.round", round=st.round, boss=st.round in BOSS_ROUNDS)
    st.order = turn_order(st.start, st.num_players)
    st.pos = 0
    if st.round in BOSS_ROUNDS:
        st.boss_revealed = BOSS_ROUNDS[st.round]
        boss = st.db.bosses[st.boss_row[st.boss_revealed - 1]]
        st.emit("monslaught.event.boss_revealed", boss=st.name(boss.id), cost=boss.scout)
        for seat in st.seats:
            seat.new_turn(st.land_pays(seat))
        st.fog = [s.clone() for s in st.seats]
        st.phase = Phase.SUMMON
        st.active = st.order[0]
    else:
        begin_turn(st, st.order[0])


def begin_turn(st: Position, p: int) -> None:
    seat = st.seats[p]
    seat.new_turn(st.land_pays(seat))
    st.active = p
    st.phase = Phase.SUMMON
    st.emit("monslaught.event.turn", player=p)


def begin_cleanup(st: Position, p: int) -> None:
    """Cleanup step 1 starts: monsters leave their lands, placements are decided anew (A9)."""
    st.active = p
    st.phase = Phase.UPKEEP
    seat = st.seats[p]
    seat.on_land = {}
    seat.maintained = set()
    seat.taken = []


def end_turn(st: Position) -> None:
    st.pos += 1
    if st.pos < len(st.order):
        if st.boss_round:
            begin_cleanup(st, st.order[st.pos])
        else:
            begin_turn(st, st.order[st.pos])
    else:
        next_round(st)


def end_boss_summons(st: Position) -> None:
    st.fog = None
    for p in turn_order(st.start, st.num_players):
        st.emit("monslaught.event.summons_revealed", player=p,
                cards=[st.uname(u) for u in st.seats[p].play] or {"en": "nothing", "ja": "なし"})
    st.phase = Phase.DECLARE
    st.pos = 0
    st.active = st.order[0]
    st.pend_group = []


def reward(st: Position) -> None:
    """Rank the qualifiers (ties: nearer the start player clockwise), give the boss, penalty."""
    boss = st.db.bosses[st.boss_row[st.boss_revealed - 1]]
    order = turn_order(st.start, st.num_players)
    if boss.number == 1 and st.options.get("boss1_tie") == "lot":  # study variant; keyed, the decks stay
        Rng.keyed(st.seed, st.round).shuffle(order)
    qualifiers = [p for p in order if st.seats[p].declared >= boss.scout]
    qualifiers.sort(key=lambda p: -st.seats[p].declared)  # stable: keeps the clockwise tie-break
    st.ranking = qualifiers
    if not qualifiers:
        st.new_start = st.start
        st.emit("monslaught.event.boss_escaped", boss=st.name(boss.id))
        after_reward(st)
        return
    first = qualifiers[0]
    st.seats[first].bosses.append(boss.id)
    st.new_start = (first + 1) % st.num_players
    st.emit("monslaught.event.boss_taken", player=first, boss=st.name(boss.id),
            attack=st.seats[first].declared)
    st.active = first
    st.pend_kind = boss.penalty
    st.pend_left = boss.penalty_value
    st.phase = Phase.PENALTY
    if boss.penalty == "none" or not penalty_actions(st):
        after_reward(st)


def after_reward(st: Position) -> None:
    st.pend_kind = ""
    st.pend_left = 0
    if st.round == LAST_ROUND:
        finish(st)
        return
    deck = st.upper if st.round == 10 else st.middle
    order = turn_order(st.start, st.num_players)
    deals = {p: 3 for p in order}
    if st.ranking:
        deals[st.ranking[0]] += 1
        second = st.ranking[1] if len(st.ranking) >= 2 else None
        if second is None and st.options.get("second_place") == "any":
            rest = sorted((p for p in order if p != st.ranking[0]), key=lambda p: -st.seats[p].declared)
            second = rest[0] if rest else None  # A11 alternative: 2nd need not reach the boss
        if st.num_players == 4 and second is not None:
            deals[second] += 1
    for p in order:
        seat = st.seats[p]
        seat.offer = [deck.pop() for _ in range(min(3, len(deck)))]
    for p in order:
        if deals[p] > 3 and deck:
            st.seats[p].offer.append(deck.pop())
    bit, ids = st.db.offer_bit, st.ids
    for p in order:
        offer = st.seats[p].offer
        for u in offer:
            st.offered[p] |= bit[ids[u]]
        private(st, "dealt", p, {"count": len(offer)}, cards=st.unames_sorted(offer))
    start_draft(st)


def finish(st: Position) -> None:
    st.phase = Phase.OVER
    st.fog = None
    pts = [points(st, p) for p in range(st.num_players)]
    standings = i18n.joined("monslaught.standing", ({"player": p, "points": v, "bosses": len(st.seats[p].bosses)}
                                                    for p, v in enumerate(pts)))
    st.emit("monslaught.event.game_over", points=pts, standings=standings)


# ----- the secret simultaneous choices (sabbat.core.secrets) -----------------------------------
class DraftPicks(SecretChoice[Position]):
    """D1 / D9: in turn, each seat dealt an offer keeps one card of it face down; when all have
    picked, the picks go to hand (round 1) or discard and the leftovers to the Field.

    A seat has chosen once it has picked, or when it was dealt nothing; its commitment is the card
    it picked. A determinization deals the others' offers and picks anew, with every other card
    the searching player has not seen (redeal.py): a pick may have been any of them.
    """

    def is_open(self, s: Position) -> bool:
        return s.phase is Phase.DRAFT

    def has_chosen(self, s: Position, p: int) -> bool:
        seat = s.seats[p]
        return seat.pick >= 0 or not seat.offer

    def commitment(self, s: Position, p: int) -> str | None:
        pick = s.seats[p].pick
        return s.ids[pick] if pick >= 0 else None

    def reveal(self, s: Position) -> None:
        resolve_draft(s)

    def redraw(self, s: Position, new: Position, seats: Sequence[int], rng: Rng) -> None:
        redeal(s, new, seats, rng)


class FoggedSummons(SecretChoice[Position]):
    """A13 / M-4: a boss round's summon phase, each seat's run of decisions in turn, hidden from
    the others (they see the seat as it was when the phase began, `fog`) until all have ended it.

    A seat has chosen once it has ended its summon phase; its commitment is what its summons
    changed (play area, discard pile, cards used). A determinization puts each other seat back as
    the searching player last saw it, the mover's summons in progress too (M-5): no draw, so it
    takes no number from the generator.
    """

    def is_open(self, s: Position) -> bool:
        return s.fog is not None

    def has_chosen(self, s: Position, p: int) -> bool:
        return s.fog is None or p in s.order[:s.pos]

    def commitment(self, s: Position, p: int) -> Hashable:
        seat = s.seats[p]
        return tuple(seat.play), tuple(sorted(seat.discard)), tuple(sorted(seat.acted))

    def reveal(self, s: Position) -> None:
        end_boss_summons(s)

    def redraw(self, s: Position, new: Position, seats: Sequence[int], rng: Rng) -> None:
        fog = new.fog
        assert fog is not None  # redrawn only while open
        for q in seats:
            new.seats[q] = fog[q].clone()
        if new.active in seats:
            new.phase = Phase.SUMMON
            new.ret_phase = Phase.SUMMON
            new.pend_card = -1
            new.pend_need = 0
            new.pend_kind = ""
            new.pend_left = 0


DRAFT = DraftPicks()
SUMMONS = FoggedSummons()
