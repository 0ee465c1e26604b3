"""① preparation's sleeves: which units a seat may sleeve, and the secret sleeve assignment
(every draft revealed at once when the option asks for it)."""

from __future__ import annotations

from collections.abc import Sequence

from sabbat.core import Action, Rng, i18n
from sabbat.core.secrets import SecretChoice

from .model import PLACE_PHASE, SLEEVE_PHASE, Position, seat_order
from .text import EVENT, GAME_ID


def sleeve_candidates(s: Position, p: int, ignore_draft: bool = False) -> list[int]:
    """Own units (not the Bomber) that could get a sleeve, one per uid."""
    sleevable = s.deal.sleevable
    if ignore_draft:
        return [u for u in s.owned[p] if sleevable[u]]
    draft = s.draft[p]
    return [u for u in s.owned[p] if sleevable[u] and u not in draft]


def sleeve_choices(s: Position, p: int) -> list[int]:
    """One unit per card id that p may still sleeve (none once every sleeve is drafted)."""
    draft = s.draft[p]
    if len(draft) >= s.sleeves[p]:
        return []
    sleevable, cid = s.deal.sleevable, s.cid
    seen: set[str] = set()
    out = []
    for u in s.owned[p]:
        if sleevable[u] and u not in draft:
            c = cid[u]
            if c not in seen:
                seen.add(c)
                out.append(u)
    return out


def caution(s: Position, action: Action, locale: str) -> str:
    """Why ending the sleeve assignment now is almost always a mistake ('' when it is not): the
    actor sleeved nothing though it could, and only sleeved units are placed this round."""
    if s.phase is not SLEEVE_PHASE or action.kind != "sleeve_done" or s.draft[s.actor] or not _can_sleeve(s, s.actor):
        return ""
    return i18n.render(f"{GAME_ID}.caution.no_sleeve", locale)


def _can_sleeve(s: Position, p: int) -> bool:
    """Whether p has anything left to sleeve (as `sleeve_choices`, without listing it)."""
    draft = s.draft[p]
    if len(draft) >= s.sleeves[p]:
        return False
    sleevable = s.deal.sleevable
    return any(sleevable[u] and u not in draft for u in s.owned[p])


def settle_sleeve(s: Position) -> None:
    """Commit automatically when nothing is left to choose; move on when all committed."""
    committed = s.committed
    while s.phase is SLEEVE_PHASE:
        p = s.actor
        if not committed[p] and not _can_sleeve(s, p):
            commit_sleeves(s, p)
        if not committed[p]:
            return
        rest = [q for q in seat_order(s, s.turn) if not committed[q]]
        if rest:
            s.actor = rest[0]
            continue
        SLEEVES.close_when_all_chosen(s)  # secret mode: every draft revealed at once
        s.phase = PLACE_PHASE
        s.actor = s.turn
        return


def secret_sleeves(s: Position) -> bool:
    """p.10 d): choices are public and made in turn order (default `open`); option `secret`
    keeps each hidden until everyone has committed."""
    return bool(s.options["sleeve_mode"] == "secret")


def commit_sleeves(s: Position, p: int) -> None:
    s.committed[p] = True
    if secret_sleeves(s):
        SLEEVES.announce(s, p, EVENT + "sleeve_committed", {"player": s.colour_name(p)})
        return
    s.sleeved[p] = sleeved = sorted(s.draft[p])
    s.draft[p] = []
    key = "sleeves_chosen" if sleeved else "sleeves_none"
    name = s.deal.name
    s.emit(EVENT + key, player=s.colour_name(p), cards=[name[u] for u in sleeved])


class SecretSleeves(SecretChoice[Position]):
    """`sleeve_mode=secret`: a seat's sleeve draft is its own until every seat has committed.

    The others see only who has committed (the draft in progress is the mover's either way); a
    determinization redraws each committed opponent's draft as any set of its own units that
    fills its sleeves.
    """

    def is_open(self, s: Position) -> bool:
        return s.phase is SLEEVE_PHASE and secret_sleeves(s)

    def has_chosen(self, s: Position, p: int) -> bool:
        return s.committed[p]

    def commitment(self, s: Position, p: int) -> tuple[int, ...]:
        return tuple(s.draft[p])

    def reveal(self, s: Position) -> None:
        for q in range(s.num_players):
            s.sleeved[q] = sorted(s.draft[q])
            s.draft[q] = []
        s.emit(EVENT + "sleeves_revealed", sleeves=[_sleeve_line(s, q) for q in range(s.num_players)])

    def redraw(self, s: Position, new: Position, seats: Sequence[int], rng: Rng) -> None:
        for q in seats:
            if s.committed[q]:
                pool = sorted(sleeve_candidates(new, q, ignore_draft=True))
                rng.shuffle(pool)
                new.draft[q] = sorted(pool[: min(len(pool), new.sleeves[q])])
            else:
                new.draft[q] = []


SLEEVES = SecretSleeves()


def _sleeve_line(s: Position, q: int) -> dict[str, str]:
    """One player's sleeved units for the reveal line (secret mode)."""
    out = {}
    for loc in ("en", "ja"):
        names = [s.name(u)[loc] for u in s.sleeved[q]]
        params = {"player": s.colour_name(q)[loc], "cards": names}
        out[loc] = i18n.render(f"{s.game_id}.sleeve_line" if names else f"{s.game_id}.sleeve_line_none", loc, params)
    return out
