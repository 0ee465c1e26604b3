"""Setup: dealing the characters, the secret choice of heirs, their reveal and the first hands.

After the reveal the players regroup once each in succession order (flow.py goes on from there).
"""

from __future__ import annotations

from collections.abc import Sequence

from sabbat.core import Action, Rng
from sabbat.core.secrets import SecretChoice

from .cards import Kind
from .flow import start_regroup
from .groups import Group
from .model import CHOOSE_HEIR_PHASE, Position, RegroupKind
from .text import seat_list

WIZARDS_PER_PLAYER = {2: 3, 3: 2, 4: 2, 5: 1, 6: 1}
OTHERS_PER_PLAYER = {2: 4, 3: 4, 4: 3, 5: 3, 6: 2}
HEIR = Kind.HEIR


def heir_actions(s: Position) -> list[Action]:
    """The heirs the first seat still to choose may put face down, lowest card first."""
    p = s.heir_choice.index(-1)
    kinds = s.t.kind
    row = s.t.actions.choose_heir
    return [row[c] for c in sorted(s.chars[p]) if kinds[c] is HEIR]


def apply_heir(s: Position, action: Action) -> None:
    choose_heir(s, s.heir_choice.index(-1), int(action.args[0]))


def deal(s: Position) -> None:
    n, t, rng = s.num_players, s.t, s.rng
    wizards = list(t.wizards)
    rng.shuffle(wizards)
    w = WIZARDS_PER_PLAYER[n]
    for p in range(n):
        s.chars[p] = wizards[p * w:(p + 1) * w]
        s.wiz_hidden[p] = w
    s.set_aside = wizards[n * w:]
    k = OTHERS_PER_PLAYER[n]
    redeals = 0
    while True:
        others = list(t.heirs_warriors)
        rng.shuffle(others)
        hands = [others[p * k:(p + 1) * k] for p in range(n)]
        if all(any(t.inst[c].kind is Kind.HEIR for c in h) for h in hands):
            break
        redeals += 1
    if redeals:
        s.emit("magic_master.event.redeal", times=redeals)
    for p in range(n):
        s.chars[p] = s.chars[p] + hands[p]
        s.emit_private("magic_master.event.dealt_chars", p, "magic_master.event.dealt_chars_public",
                          player=p, cards=[t.name(c) for c in s.chars[p]])
    s.set_aside += others[n * k:]
    s.deck = list(t.deck_cards)
    rng.shuffle(s.deck)


def choose_heir(s: Position, p: int, card: int) -> None:
    s.heir_choice[p] = card
    HEIRS.announce(s, p, "magic_master.event.heir_chosen", {"player": p})
    HEIRS.close_when_all_chosen(s)


def reveal(s: Position) -> None:
    t, n = s.t, s.num_players
    for p in range(n):
        c = s.heir_choice[p]
        s.chars[p].remove(c)
        s.groups[p] = [Group([c])]
        s.emit("magic_master.event.heir_revealed", player=p, card=t.name(c), suc=t.inst[c].suc)
    value = [t.inst[s.heir_choice[p]].suc for p in range(n)]
    s.rank = []
    for v in sorted(set(value), reverse=True):
        tied = [p for p in range(n) if value[p] == v]
        s.rank += order_by_dice(s, tied) if len(tied) > 1 else tied
    for p in s.rank:
        size = hand_size(value, value[p], s.options["hand_sizes"])
        s.hand[p] = [s.deck.pop() for _ in range(size)]
        s.emit_private("magic_master.event.dealt_hand", p, None, player=p,
                          cards=[t.name(c) for c in s.hand[p]])
        s.emit("magic_master.event.hand_size", player=p, count=size)
    s.emit("magic_master.event.ranking", players=seat_list("seat", s.rank))
    s.setup_queue = list(s.rank)
    start_regroup(s, s.setup_queue[0], RegroupKind.INITIAL)


def hand_size(values: list[int], mine: int, rule: str) -> int:
    """Cards dealt to the player who revealed succession `mine`: 10 for the highest, one fewer a place.

    The place counts the higher values (`by_value`, ruling M-20: 6/6/1 deals 10/10/9) or the players
    ranked above (`by_place`: 10/10/8); tied players get the same number either way.
    """
    if rule == "by_place":
        return 10 - sum(1 for v in values if v > mine)
    return 10 - sum(1 for v in set(values) if v > mine)


class SecretHeirs(SecretChoice[Position]):
    """Every seat puts one heir face down (`heir_choice`); all are turned up together.

    A determinization redraws each opponent's face-down heir among the heirs of its redrawn
    character hand.
    """

    def is_open(self, s: Position) -> bool:
        return s.phase is CHOOSE_HEIR_PHASE

    def has_chosen(self, s: Position, p: int) -> bool:
        return s.heir_choice[p] >= 0

    def commitment(self, s: Position, p: int) -> int:
        return s.heir_choice[p]

    def reveal(self, s: Position) -> None:
        reveal(s)

    def redraw(self, s: Position, new: Position, seats: Sequence[int], rng: Rng) -> None:
        kinds = s.t.kind
        for q in seats:
            if s.heir_choice[q] >= 0:
                heirs = sorted(c for c in new.chars[q] if kinds[c] is HEIR)
                if heirs:  # always, unless the hand redraw gave up (hidden.determinize)
                    new.heir_choice[q] = rng.choice(heirs)


HEIRS = SecretHeirs()


def order_by_dice(s: Position, tied: list[int]) -> list[int]:
    """Tied players, highest die first; those still tied re-roll among themselves."""
    rolls = [s.rng.roll() for _ in tied]
    s.emit("magic_master.event.tie_roll", players=seat_list("seat", tied), dice=rolls)
    out: list[int] = []
    for v in sorted(set(rolls), reverse=True):
        same = [p for p, r in zip(tied, rolls, strict=False) if r == v]
        out += order_by_dice(s, same) if len(same) > 1 else same
    return out
