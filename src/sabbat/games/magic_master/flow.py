"""The turn's flow: the automatic steps between decisions, from the end of setup to the end.

A turn: a regroup, an attack (combat.py, effects.py), replenishment (discard down to four, take
one market card, or the countdown once the market is empty), then the next seat. Ending a
regroup applies eliminations and the regalia victory; the time-out decides by succession.
These functions take the position and call only each other and the modules below.
"""

from __future__ import annotations

from sabbat.core import Rng

from . import groups as G
from .cards import Kind
from .model import OVER_PHASE, REGROUP_PHASE, Phase, Position, RegroupKind
from .text import ENDS, seat_list

MARKET_SIZE = 5
HAND_LIMIT = 4
TIMEOUT_TIEBREAK = "cancel"  # ruling A-32; "lexicographic" is the variant
INITIAL, TURN, POST_ATTACK = RegroupKind.INITIAL, RegroupKind.TURN, RegroupKind.POST_ATTACK
DISCARD_PHASE, TAKE_PHASE, ATTACK_PHASE, CAPTURE_PHASE = Phase.DISCARD, Phase.TAKE, Phase.ATTACK, Phase.CAPTURE


def finish_setup(s: Position) -> None:
    t = s.t
    for _ in range(MARKET_SIZE):
        if s.deck:
            s.market.append(s.deck.pop())
    s.emit("magic_master.event.market", cards=[t.name(c) for c in s.market])
    if s.options.get("turn_order") == "lot":  # study variant; keyed, so the deck keeps its order
        Rng.keyed(s.seed).shuffle(s.rank)
    s.order = list(reversed(s.rank))
    s.emit("magic_master.event.seating", players=seat_list("seat", s.order))
    for p in range(s.num_players):
        s.had_regalia[p] = holds_regalia(s, p)
    # a player who formed no group in the initial regroup is out and never takes a turn
    s.start_player = next(p for p in s.order if not s.eliminated[p])
    start_turn(s, s.start_player)


def start_regroup(s: Position, p: int, kind: RegroupKind) -> None:
    s.phase = REGROUP_PHASE
    s.active = p
    s.regroup_kind = kind
    s.stage = 0
    s.done = set()


def start_turn(s: Position, p: int) -> None:
    s.turn_no += 1
    s.active = p
    s.attack = None
    s.gained = False
    s.captured = []
    s.declined = []
    s.emit("magic_master.event.turn", player=p, turn=s.turn_no)
    if s.pending_regalia[p]:
        s.pending_regalia[p] = False
        if any(G.regalia_complete(s.t, g) for g in s.groups[p]):
            win(s, p, "regalia")
            return
        s.emit("magic_master.event.regalia_lapsed", player=p)
    start_regroup(s, p, TURN)


def end_regroup(s: Position) -> None:
    """Characterless groups go; then elimination, last survivor, regalia."""
    p = s.active
    t = s.t
    keep = []
    for g in s.groups[p]:
        if g.char:
            keep.append(g)
        else:
            s.discard.extend(g.cards())
            s.emit("magic_master.event.group_disbanded", player=p,
                      cards=[t.name(c) for c in g.cards()])
    s.groups[p] = keep
    if keep:
        s.emit("magic_master.event.regroup_done", player=p, groups=len(keep))
    else:
        s.emit("magic_master.event.regroup_done_none", player=p)
    if not keep:
        eliminate(s, p)
        if s.phase is OVER_PHASE:
            return
        after_regroup_of_gone(s, p)
        return
    if any(G.regalia_complete(t, g) for g in keep):
        if s.had_regalia[p] and s.regroup_kind is not INITIAL:
            win(s, p, "regalia")
            return
        if not s.pending_regalia[p]:
            s.pending_regalia[p] = True
            s.emit("magic_master.event.regalia_pending", player=p)
    if s.regroup_kind is INITIAL:
        next_setup_regroup(s)
    elif s.regroup_kind is TURN:
        s.phase = ATTACK_PHASE
    else:
        start_replenish(s)


def after_regroup_of_gone(s: Position, p: int) -> None:
    if s.regroup_kind is INITIAL:
        next_setup_regroup(s)
    else:
        end_turn(s)


def next_setup_regroup(s: Position) -> None:
    s.setup_queue.pop(0)
    while s.setup_queue and s.eliminated[s.setup_queue[0]]:
        s.setup_queue.pop(0)
    if s.setup_queue:
        start_regroup(s, s.setup_queue[0], INITIAL)
    else:
        finish_setup(s)


def eliminate(s: Position, p: int) -> None:
    s.eliminated[p] = True
    gone = [c for g in s.groups[p] for c in g.cards()] + s.chars[p] + s.hand[p]
    s.discard.extend(gone)
    s.groups[p] = []
    s.chars[p] = []
    s.hand[p] = []
    s.wiz_hidden[p] = 0
    s.pending_regalia[p] = False
    s.emit("magic_master.event.eliminated", player=p)
    alive = [q for q in range(s.num_players) if not s.eliminated[q]]
    if len(alive) == 1:
        win(s, alive[0], "survivor")


def win(s: Position, p: int, reason: str, event: str = "") -> None:
    """p wins by `reason` (survivor, regalia, timeout); `event` names another message than the reason's."""
    s.winner = p
    s.win_reason = reason
    s.phase = OVER_PHASE
    s.attack = None
    s.emit(f"magic_master.event.{event or 'win_' + reason}", player=p)


def holds_regalia(s: Position, p: int) -> bool:
    """Whether p possesses a regalia card (所持): in a group, and by default in hand too."""
    if any(s.t.regalia.intersection(g.items) for g in s.groups[p]):
        return True
    return s.options["regalia_held"] == "anywhere" and not s.t.regalia.isdisjoint(s.hand[p])


def end_turn(s: Position) -> None:
    p = s.active
    s.had_regalia[p] = holds_regalia(s, p)
    s.attack = None
    i = s.order.index(p)
    n = s.num_players
    counting = s.countdown_p0 >= 0
    emptied_now = counting and s.countdown_round == 0
    if emptied_now:
        s.countdown_round = 1
    elif counting and p == s.countdown_p0:
        s.countdown_round += 1
    for step in range(1, n + 1):
        q = s.order[(i + step) % n]
        if not s.eliminated[q]:
            start_turn(s, q)
            return
        if counting and q == s.countdown_p0:
            s.countdown_round += 1
    win(s, p, "survivor")


def time_out(s: Position) -> None:
    """Highest group succession; tied claimants cancel (ruling A-32); dice as last resort: among the
    tied top claimants, or among every player still in when nobody can claim (ruling M-13)."""
    t = s.t
    claims: dict[int, set[int]] = {}
    best_of: dict[int, list[int]] = {}
    for p in range(s.num_players):
        if s.eliminated[p]:
            continue
        # only a group whose succession is 1 or more may claim the throne (rulebook:
        # 「王位継承権が1以上になれば王位継承権を主張出来ます」); others neither win nor tie
        vals = sorted((v for g in s.groups[p] if g.char and (v := G.suc(t, g)) >= 1), reverse=True)
        best_of[p] = vals
        for v in vals:
            claims.setdefault(v, set()).add(p)
    if not claims:
        s.emit("magic_master.event.time_out_unclaimed")
        win(s, roll_off(s, sorted(best_of), "throne_roll"), "timeout", "win_timeout_roll")
        return
    claimants = [p for p in sorted(best_of) if best_of[p]]
    s.emit("magic_master.event.time_out",
           claims=seat_list("claim", claimants, ["/".join(str(v) for v in best_of[p]) for p in claimants]))
    if TIMEOUT_TIEBREAK == "lexicographic":
        ranked = sorted(claimants, key=lambda p: best_of[p], reverse=True)
        if len(ranked) == 1 or best_of[ranked[0]] != best_of[ranked[1]]:
            win(s, ranked[0], "timeout")
            return
    else:
        heir = G.sole_claimant(claims)
        if heir >= 0:
            win(s, heir, "timeout")
            return
    win(s, roll_off(s, sorted(claims[max(claims)]), "tie_roll"), "timeout", "win_timeout_roll")


def roll_off(s: Position, players: list[int], event: str) -> int:
    """The one of `players` who rolls highest; those tied roll again among themselves."""
    while len(players) > 1:
        rolls = [s.rng.roll() for _ in players]
        s.emit(f"magic_master.event.{event}", players=seat_list("seat", players), dice=rolls)
        players = [p for p, r in zip(players, rolls, strict=False) if r == max(rolls)]
    return players[0]


def roll(s: Position, n: int) -> list[int]:
    return [s.rng.roll() for _ in range(n)]


def holders(s: Position, p: int, item: int) -> list[int]:
    t = s.t
    out = []
    for i, g in enumerate(s.groups[p]):
        if not g.char:
            continue
        if t.inst[item].item_role == "warrior" and all(t.inst[c].kind is Kind.WIZARD for c in g.char):
            continue
        out.append(i)
    return out


def finish_attack(s: Position) -> None:
    """After the attack: a post-attack regroup if something was gained, else replenish."""
    p = s.active
    s.attack = None
    if s.gained:
        s.gained = False
        start_regroup(s, p, POST_ATTACK)
    else:
        start_replenish(s)


def next_capture(s: Position) -> None:
    p = s.active
    while s.captured and not holders(s, p, s.captured[0]):
        item = s.captured.pop(0)
        s.discard.append(item)
        s.emit("magic_master.event.capture_lost", player=p, card=s.t.name(item))
    if s.captured:
        s.phase = CAPTURE_PHASE
    else:
        finish_attack(s)


def start_replenish(s: Position) -> None:
    p = s.active
    if len(s.hand[p]) > HAND_LIMIT:
        s.phase = DISCARD_PHASE
    elif s.market:
        s.phase = TAKE_PHASE
    else:
        countdown(s)


def after_discard(s: Position) -> None:
    if s.market:
        end_turn(s)
    else:
        countdown(s)


def take(s: Position, c: int) -> None:
    p = s.active
    t = s.t
    s.offered[p] = s.offered[p].union(s.market)
    s.market.remove(c)
    s.hand[p].append(c)
    s.took[p] = (*s.took[p], c)
    s.emit("magic_master.event.take", player=p, card=t.name(c))
    if s.deck:
        new = s.deck.pop()
        s.market.append(new)
        s.emit("magic_master.event.refill", card=t.name(new))
    elif not s.market and s.countdown_p0 < 0:
        s.countdown_p0 = p
        s.countdown_round = 0
        s.emit("magic_master.event.market_empty", player=p)
    end_turn(s)


def countdown(s: Position) -> None:
    r = s.rng.roll()
    rnd = max(1, s.countdown_round)
    ends = rnd >= 6 or r <= rnd
    s.emit("magic_master.event.countdown", player=s.active, roll=r, round=rnd, ends=ENDS[ends])
    if ends:
        time_out(s)
    else:
        end_turn(s)
