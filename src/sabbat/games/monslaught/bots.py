"""A heuristic Monslaught player: summon the strongest monsters, scout the most valuable
cards with as little attack as possible, keep the monsters it can afford, refill with the
best cards, and hit the boss with everything when that is enough.

It reads only what its player may see of its own seat and the table (`observe.own_view`), the
legal actions and the public card data.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, GameState, Rng

from .cards import CardDB, MonsterCard, load
from .observe import own_view
from .state import MonslaughtState

EFFECT_VALUE = {
    "pay_summon": 1.0, "recover_monsters": 1.0, "draw_discard": 0.8, "boost": 0.8, "take_field": 1.5,
    "take_land": 1.5, "summon_credit": 0.8, "refill_five": 0.5, "scout_bonus": 0.8, "group_penalty": -0.8,
    "item_bonus": 0.5, "land_bonus": 1.0, "pack": 0.7, "boss_bonus": 1.0, "land_count": 1.0, "refill_limit": 1.5,
}


class HeuristicAgent:
    """Greedy rules of thumb over the observation; chance only from its own Rng."""

    name = "heuristic"

    def __init__(self, seed: int = 0, land_base: float = 8.0, land_step: float = 0.5, jitter: float = 0.2) -> None:
        self.rng = Rng(seed)
        # a little personality per seed, so that self-play is not a mirror match
        spread = [1.0 + jitter * (2 * self.rng.random() - 1) for _ in range(3)]
        self.land_base = land_base * spread[0]
        self.land_step = land_step
        self.vp_weight = 1.6 * spread[1]
        self.attack_weight = 0.6 * spread[2]

    # ----- card knowledge --------------------------------------------------------------------
    def _db(self, state: GameState) -> CardDB:
        return load(state.options)

    def value(self, card: MonsterCard) -> float:
        """How much a card is worth owning: points, attack, effects."""
        v = card.vp * self.vp_weight + (card.attack * self.attack_weight if card.type == "monster" else 0.0)
        for name in (card.ability, card.action, card.oneshot):
            if name is not None:
                v += EFFECT_VALUE.get(name, 0.5)
        return v - 0.15 * card.cost

    @staticmethod
    def power(card: MonsterCard) -> float:
        """How useful a card is to summon now."""
        if card.type == "item":
            return 1.0 + card.vp * 0.2 + (1.0 if card.ability or card.action else 0.0)
        return card.attack + (0.5 if card.action or card.ability else 0.0)

    # ----- attack arithmetic from the observation --------------------------------------------
    def _attack(self, db: CardDB, me: dict[str, Any], entry: dict[str, Any], vs_boss: bool) -> int:
        card = db.cards[entry["card"]]
        value = card.attack + entry.get("boost", 0)
        lands = {ld["uid"]: ld for ld in me["lands"]}
        if entry["land"] is not None and entry["land"] in lands:
            land = lands[entry["land"]]
            entry_land = db.lands[land["kind"]]
            value += entry_land.back_attack_bonus if land["flipped"] else entry_land.attack_bonus
            if card.ability == "land_bonus":
                value += card.ability_value
        if card.ability == "item_bonus" and any(db.cards[e["card"]].type == "item" for e in me["play"]):
            value += card.ability_value
        elif card.ability == "land_count":
            value += card.ability_value * (len(me["lands"]) // 2)
        elif card.ability == "boss_bonus" and vs_boss:
            value += card.ability_value
        return value

    def _total(self, db: CardDB, me: dict[str, Any], uids: list[int], vs_boss: bool = False) -> int:
        if not uids:
            return 0
        by_uid = {e["uid"]: e for e in me["play"]}
        total = 0
        for u in uids:
            entry = by_uid[u]
            total += self._attack(db, me, entry, vs_boss)
            card = db.cards[entry["card"]]
            if len(uids) >= 2 and card.ability == "group_penalty":
                total -= card.ability_value
            elif len(uids) >= 2 and card.ability == "pack":
                total += card.ability_value
        return max(0, total + me["scout_bonus"])

    def _ready(self, db: CardDB, me: dict[str, Any]) -> list[int]:
        return [e["uid"] for e in me["play"] if not e["used"] and db.cards[e["card"]].type == "monster"]

    # ----- the decision ----------------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        player = state.current_player
        assert isinstance(state, MonslaughtState) and player is not None
        obs = own_view(state, player)
        db = self._db(state)
        me = obs["me"]
        phase = obs["phase"]
        handler = getattr(self, "_" + phase, None)
        choice = handler(obs, me, db, legal) if handler is not None else None
        if choice is None or choice not in legal:
            choice = self._fallback(legal)
        return choice

    def _fallback(self, legal: tuple[Action, ...]) -> Action:
        for kind in ("confirm", "declare", "end_refill", "end_upkeep", "end_scout", "end_summon", "effect_done"):
            for a in legal:
                if a.kind == kind:
                    return a
        return legal[self.rng.below(len(legal))]

    @staticmethod
    def _of(legal: tuple[Action, ...], kind: str) -> list[Action]:
        return [a for a in legal if a.kind == kind]

    def _draft(self, obs: dict[str, Any], me: dict[str, Any], db: CardDB, legal: tuple[Action, ...]) -> Action:
        return max(self._of(legal, "pick"), key=lambda a: (self.value(db.cards[str(a.args[0])]), a.args))

    def _summon(self, obs: dict[str, Any], me: dict[str, Any], db: CardDB, legal: tuple[Action, ...]) -> Action:
        by_uid = {e["uid"]: e for e in me["play"]}
        for a in self._of(legal, "use") + self._of(legal, "use_oneshot"):
            card = db.cards[by_uid[int(a.args[0])]["card"]]
            effect = card.action if a.kind == "use" else card.oneshot
            if effect in ("take_field", "take_land"):
                return a
            if effect == "pay_summon" and self._of(legal, "summon"):
                return a
        summons = self._of(legal, "summon")
        if summons:
            best = max(summons, key=lambda a: (self.power(db.cards[str(a.args[0])]), a.args))
            card = db.cards[str(best.args[0])]
            if self.power(card) >= 1.0:
                return best
        for a in self._of(legal, "use_oneshot"):
            card = db.cards[by_uid[int(a.args[0])]["card"]]
            if card.oneshot == "summon_credit" and me["hand_size"] >= 1:
                hand = me["hand"] or []
                if any(db.cards[c].cost > me["hand_size"] - 1 for c in hand):
                    return a
        return Action("end_summon")

    def _pay(self, obs: dict[str, Any], me: dict[str, Any], db: CardDB, legal: tuple[Action, ...]) -> Action:
        for kind in ("pay_credit", "pay_land"):
            options = self._of(legal, kind)
            if options:
                return options[0]
        return min(self._of(legal, "pay_hand"), key=lambda a: (self.power(db.cards[str(a.args[0])]), a.args))

    def _scout(self, obs: dict[str, Any], me: dict[str, Any], db: CardDB, legal: tuple[Action, ...]) -> Action:
        ready = self._ready(db, me)
        by_uid = {e["uid"]: e for e in me["play"]}
        if ready:
            for a in self._of(legal, "use") + self._of(legal, "use_oneshot"):
                card = db.cards[by_uid[int(a.args[0])]["card"]]
                effect = card.action if a.kind == "use" else card.oneshot
                if effect in ("boost", "take_field", "take_land"):
                    return a
                if effect == "scout_bonus" and len(ready) >= 2:
                    return a
        best: tuple[float, Action] | None = None
        lands = len(me["lands"])
        for a in legal:
            if a.kind == "scout_card":
                v = self.value(db.cards[str(a.args[0])])
            elif a.kind == "scout_land":
                v = (self.land_base + (0.3 if a.args[0] == "mountain" else 0.0) - self.land_step * lands
                     - 0.25 * max(0, obs["round"] - 6))
            elif a.kind == "flip":
                v = 1.8
            else:
                continue
            if best is None or v > best[0]:
                best = (v, a)
        if best is not None and best[0] > 0.3:
            return best[1]
        return Action("end_scout")

    def _pick(self, obs: dict[str, Any], me: dict[str, Any], db: CardDB, legal: tuple[Action, ...]) -> Action:
        confirm = Action("confirm")
        if confirm in legal:
            return confirm
        pend = obs["pending"]
        group = list(pend["group"])
        need = pend["need"]
        adds = [int(a.args[0]) for a in self._of(legal, "add")]
        finishing = [u for u in adds if self._total(db, me, [*group, u]) >= need]
        if finishing:
            u = min(finishing, key=lambda u: (self._total(db, me, [u]), u))
        else:
            u = max(adds, key=lambda u: (self._total(db, me, [u]), -u))
        return Action("add", (u,))

    def _declare(self, obs: dict[str, Any], me: dict[str, Any], db: CardDB, legal: tuple[Action, ...]) -> Action:
        boss = next((b for b in reversed(obs["bosses"]) if b["id"] is not None), None)
        cost = boss["cost"] if boss else 0
        ready = self._ready(db, me)
        group = obs["pending"]["group"] if obs["pending"] else []
        if not group:
            by_uid = {e["uid"]: e for e in me["play"]}
            if self._total(db, me, ready, True) < cost:
                for a in self._of(legal, "use") + self._of(legal, "use_oneshot"):
                    card = db.cards[by_uid[int(a.args[0])]["card"]]
                    effect = card.action if a.kind == "use" else card.oneshot
                    if effect in ("boost", "scout_bonus"):
                        return a
            if self._total(db, me, ready, True) < cost:
                return Action("declare")
        sends = self._of(legal, "send")
        if sends:
            return sends[0]
        return Action("declare")

    def _effect(self, obs: dict[str, Any], me: dict[str, Any], db: CardDB, legal: tuple[Action, ...]) -> Action:
        kind = obs["pending"]["kind"] if obs["pending"] else ""
        if kind == "boost":
            ready = self._ready(db, me)
            targets = [a for a in legal if int(a.args[0]) in ready] or list(legal)
            return max(targets, key=lambda a: a.args)
        if kind == "take_land":
            lands = self._of(legal, "take_land")
            return next((a for a in lands if a.args[0] == "mountain"), lands[0])
        if kind == "take_field":
            return max(legal, key=lambda a: (self.value(db.cards[str(a.args[0])]), a.args))
        recover = self._of(legal, "recover")
        if recover:
            return max(recover, key=lambda a: (self.power(db.cards[str(a.args[0])]), a.args))
        return Action("effect_done")

    def _plan_keep(self, me: dict[str, Any], db: CardDB) -> tuple[list[int], dict[int, int]]:
        """Which monsters to maintain, and on which land, so the free payment units suffice."""
        monsters = [e for e in me["play"] if db.cards[e["card"]].type == "monster"]
        monsters.sort(key=lambda e: (-(db.cards[e["card"]].attack + db.cards[e["card"]].vp), e["uid"]))
        lands = []
        for land in me["lands"]:
            entry = db.lands[land["kind"]]
            lands.append((entry.back_pay if land["flipped"] else entry.pay, land["uid"]))
        lands.sort(reverse=True)
        keep: list[int] = []
        cost_of = {e["uid"]: db.cards[e["card"]].cost for e in monsters}
        for e in monsters:
            trial = [*keep, e["uid"]]
            costs = sorted((cost_of[u] for u in trial), reverse=True)
            cover = sum(min(v, c) for (v, _), c in zip(lands, costs, strict=False))
            free_units = me["hand_size"] + (len(monsters) - len(trial))
            if sum(costs) - cover <= free_units:
                keep = trial
        order = sorted(keep, key=lambda u: (-cost_of[u], u))
        placement = {u: lands[i][1] for i, u in enumerate(order) if i < len(lands)}
        return keep, placement

    def _upkeep(self, obs: dict[str, Any], me: dict[str, Any], db: CardDB, legal: tuple[Action, ...]) -> Action:
        keep, placement = self._plan_keep(me, db)
        maintains = self._of(legal, "maintain")
        for u in keep:
            want = Action("maintain", (u, placement.get(u, -1)))
            if want in legal:
                return want
            options = [a for a in maintains if a.args[0] == u]
            if options:
                return max(options, key=lambda a: a.args)
        by_uid = {e["uid"]: e for e in me["play"]}
        for a in self._of(legal, "use_oneshot"):
            entry = by_uid[int(a.args[0])]
            card = db.cards[entry["card"]]
            if a.args[0] not in keep and card.type == "monster" and card.oneshot == "refill_five":
                return a
        return Action("end_upkeep")

    def _upkeep_pay(self, obs: dict[str, Any], me: dict[str, Any], db: CardDB, legal: tuple[Action, ...]) -> Action:
        hand = self._of(legal, "pay_hand")
        if hand:
            return min(hand, key=lambda a: (self.power(db.cards[str(a.args[0])]), a.args))
        keep, _ = self._plan_keep(me, db)
        by_uid = {e["uid"]: e for e in me["play"]}
        plays = self._of(legal, "pay_play")

        def rank(a: Action) -> tuple[int, float, int]:
            card = db.cards[by_uid[int(a.args[0])]["card"]]
            return (1 if a.args[0] in keep else 0, self.power(card), int(a.args[0]))

        return min(plays, key=rank)

    def _refill(self, obs: dict[str, Any], me: dict[str, Any], db: CardDB, legal: tuple[Action, ...]) -> Action:
        takes = self._of(legal, "take")
        if takes:
            return max(takes, key=lambda a: (self.power(db.cards[str(a.args[0])]), a.args))
        by_uid = {e["uid"]: e for e in me["play"]}
        for a in self._of(legal, "use"):
            card = db.cards[by_uid[int(a.args[0])]["card"]]
            if card.action in ("recover_monsters", "draw_discard"):
                return a
        return Action("end_refill")

    def _penalty(self, obs: dict[str, Any], me: dict[str, Any], db: CardDB, legal: tuple[Action, ...]) -> Action:
        by_uid = {e["uid"]: e for e in me["play"]}

        def rank(a: Action) -> tuple[float, str]:
            if a.kind == "penalty_card":
                return (self.power(db.cards[by_uid[int(a.args[0])]["card"]]), str(a.args[0]))
            if a.kind == "penalty_bury":
                return (db.cards[str(a.args[0])].vp, str(a.args[0]))
            return (0.0, str(a.args[0]))

        return min(legal, key=rank)
