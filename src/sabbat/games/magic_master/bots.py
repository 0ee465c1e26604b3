"""A rule-based player: builds legal, strong groups and attacks where the odds are good.

It reads only `state.observation(player)`, `state.legal_actions()` and the public
card table; its own chance comes from its own `Rng`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from sabbat.core import Action, GameState, Rng

from . import groups as G
from .cards import CardTable, Kind, load
from .groups import Group
from .regroup import LAYER, STAGES

CARD_VALUE = {
    "jester": 9, "void": 8, "teleport": 8, "cleric": 7, "romance": 7, "assassin": 7, "dragon": 6,
    "fireball": 6, "shield": 6, "ice_storm": 6, "petrify": 5, "dispel": 5, "lightning": 5, "thief": 5,
    "messenger": 3, "ram": 2, "beast": 3, "spirit": 3, "open_gate": 2,
}
TERRAIN_BOUND = {"spirit": 0.25, "open_gate": 0.12, "ram": 0.12, "beast": 0.1}
"""Share of a sheltered rival group's value that a card bound to its terrain adds to its worth."""


@lru_cache(maxsize=64)
def p_at_least(dice: int, need: int) -> float:
    """P(sum of `dice` six-sided dice >= need)."""
    dist = {0: 1.0}
    for _ in range(dice):
        nxt: dict[int, float] = {}
        for v, pr in dist.items():
            for f in range(1, 7):
                nxt[v + f] = nxt.get(v + f, 0.0) + pr / 6
        dist = nxt
    return sum(pr for v, pr in dist.items() if v >= need)


def _group(g: dict[str, Any]) -> Group:
    return Group([c["id"] for c in g["char"]], [c["id"] for c in g["items"]],
                 [c["id"] for c in g["troops"]], g["terrain"]["id"] if g["terrain"] else -1)


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player
        assert me is not None
        obs = state.observation(me)
        t = load(state.options)
        ctx = _Ctx(t, obs, me, G.mix_ban_any_leader(state.options))
        best = max(range(len(legal)), key=lambda i: (ctx.score(legal[i]), -i))  # ties: the first listed
        return legal[best]


class _Ctx:
    def __init__(self, t: CardTable, obs: dict[str, Any], me: int, mix_any: bool = False) -> None:
        self.t = t
        self.mix_any = mix_any
        self.obs = obs
        self.me = me
        self.groups = [[_group(g) for g in pl["groups"]] for pl in obs["players"]]
        self.mine = self.groups[me]
        self.phase = obs["phase"]
        self.threat = [self._threat(p) for p in range(obs["num_players"])]

    # ----- evaluation helpers -----
    def _threat(self, p: int) -> float:
        pl = self.obs["players"][p]
        if pl["eliminated"] or p == self.me:
            return 0.0
        sucs = [g["suc"] for g in pl["groups"] if g["char"]] or [0]
        regalia = max([g["regalia"] for g in pl["groups"]] or [0])
        return 1.0 + max(0, max(sucs)) / 8 + regalia * 0.6 + (0.8 if pl["pending_regalia"] else 0)

    def entry_value(self, g: Group, e: int) -> float:
        t = self.t
        if e == -1:
            v = 6.0 + max(0, G.char_suc(t, g)) * 0.5 + 2.0 * len(t.regalia.intersection(g.items))
            return v + (2.0 if len(g.troops) else 0.0)
        d = t.inst[e]
        return 3.5 if d.kind is Kind.TERRAIN else 3.0

    def group_value(self, g: Group) -> float:
        return sum(self.entry_value(g, e) for e in G.entries(self.t, g))

    def card_value(self, c: int) -> float:
        d = self.t.inst[c]
        if d.kind is Kind.ITEM:
            return 8.0 if d.item_role == "regalia" else 4.5
        if d.kind is Kind.TERRAIN:
            return 4.5 if d.terrain == "castle" else 3.5
        if d.kind is Kind.TROOP:
            return 4.0 + (d.atk_dice * 3.5 + d.atk_bonus) / 10
        base = float(CARD_VALUE.get(d.effect, 3))
        if d.effect in TERRAIN_BOUND:
            return max(base, min(9.0, base + self.sheltered_value(d.need_terrain) * TERRAIN_BOUND[d.effect]))
        return base

    def sheltered_value(self, terrain: str) -> float:
        """The most valuable rival group sitting on `terrain`, weighted by its owner's threat.

        Why: a card that only works against one terrain (spirits, beasts, the open gate) is
        worthless while nobody sits there and the best buy in the market once a leading
        claimant shelters there (a survey of search departures found exactly these takes).
        """
        if terrain == "none":
            terrain = "castle"  # the open gate names no terrain but only opens castles
        return max((self.group_value(g) * self.threat[p] for p, groups in enumerate(self.groups)
                    for g in groups if self.threat[p] and g.char and G.terrain_kind(self.t, g) == terrain),
                   default=0.0)

    def mag(self, gi: int) -> int:
        return G.wizard_mag(self.t, self.mine[gi]) or 0

    def best_mag(self) -> int:
        mags = [G.wizard_mag(self.t, g) for g in self.mine]
        return max([m for m in mags if m is not None] or [0])

    # ----- scoring actions -----
    def score(self, a: Action) -> float:
        k = a.kind
        fn = getattr(self, f"s_{k}", None)
        return fn(*[int(x) for x in a.args]) if fn else 0.0

    def s_choose_heir(self, c: int) -> float:
        return float(self.t.inst[c].suc)

    # regroup: each table card is asked about in turn (keep it, move it, discard it) and hand cards
    # are played in the stage of their kind. Keeping is the default; a move pays only for a card that
    # cannot stay; the regroup ends as soon as no card left in hand is worth playing in a later stage.
    def s_end_regroup(self) -> float:
        return 0.1 if self._later() else 0.5

    def s_next_stage(self) -> float:
        return 0.3

    def s_keep(self, c: int) -> float:
        return 0.3

    def _later(self) -> bool:
        """Whether a card in hand of a stage still to come would be worth playing now."""
        step = self.obs.get("regroup_step")
        if self.phase != "regroup" or not step:
            return False
        stage = STAGES.index(step["stage"])
        for c in self.obs.get("my_hand", []):
            kind = self.t.inst[c["id"]].kind
            if LAYER.get(kind, -1) > stage and any(self.s_play(c["id"], gi) > 0.5 for gi in range(len(self.mine))):
                return True
        return False

    def s_troop(self, c: int, gi: int, place: int) -> float:
        """A troop from hand as a play (outermost preferred, as a play adds it); one on the table as a move."""
        if self._home(c) < 0:
            return self.s_play(c, gi) + place * 0.001
        return self.s_move(c, gi) + place * 0.001

    def s_scrap(self, c: int) -> float:
        for g in self.mine:
            if c in g.char or c in g.items or c in g.troops or c == g.terrain:
                led = [x for x in self.mine if x.char]
                if len(led) > 3 and c in g.char:  # one group too many: the weakest goes
                    return 1.0 if self.group_value(g) <= min(self.group_value(x) for x in led) else -1.0
                probs = G.problems(self.t, g, self.mix_any) if g.char else []
                if probs and c not in g.char:
                    trial = g.copy()
                    trial.remove(c)
                    return 2.0 if len(G.problems(self.t, trial, self.mix_any)) < len(probs) else -1.0
        return -5.0

    def s_move(self, c: int, gi: int) -> float:
        """Moving pays only for a card stranded where it is (a leaderless group, which the end of the
        regroup discards, or a group it makes illegal), into a group that takes it as a play would.

        Why below keeping otherwise: keeping is what a regroup that changes nothing does.
        """
        src = self._home(c)
        if src < 0 or gi >= len(self.mine) or src == gi or c in self.mine[src].char or not self._stranded(self.mine[src], c):
            return -2.0
        value = self.s_play(c, gi)
        return value if value > 0 else -2.0

    def _home(self, c: int) -> int:
        """Index of my group holding table card c, -1 if none."""
        return next((i for i, g in enumerate(self.mine) if c in g.cards()), -1)

    def _stranded(self, g: Group, c: int) -> bool:
        """Whether c cannot stay in g: g has no leader, or taking c out lessens g's problems."""
        if not g.char:
            return True
        probs = G.problems(self.t, g, self.mix_any)
        if not probs:
            return False
        trial = g.copy()
        trial.remove(c)
        return len(G.problems(self.t, trial, self.mix_any)) < len(probs)

    def s_play(self, c: int, gi: int) -> float:
        t = self.t
        d = t.inst[c]
        led = [g for g in self.mine if g.char]
        if gi >= len(self.mine):
            if len(led) >= 3:
                return -1.0
            if d.kind is Kind.HEIR:
                return 6.0 + d.suc / 4
            if d.kind is Kind.WARRIOR:
                return 5.5 + (d.atk_dice * 3.5 + d.atk_bonus) / 10
            return 5.0 + d.mag / 4
        g = self.mine[gi]
        trial = g.copy()
        if d.kind in (Kind.HEIR, Kind.WARRIOR, Kind.WIZARD):
            trial.char = [c]
            if G.problems(t, trial, self.mix_any):
                return -1.0
            return 7.0 + len(g.troops)
        if not g.char:
            return -1.0
        if d.kind is Kind.TROOP:
            trial.troops.append(c)
        elif d.kind is Kind.ITEM:
            trial.items.append(c)
        else:
            trial.terrain = c
        if G.problems(t, trial, self.mix_any):
            return -1.0
        if d.kind is Kind.TROOP:
            return 3.0 + G.defence(t, trial) / 40
        if d.kind is Kind.ITEM:
            if d.item_role == "regalia":
                return 4.0 + G.char_suc(t, g) / 10 + len(t.regalia.intersection(g.items))
            return 3.0 + (1.0 if d.item_role == "warrior" and not G.wizard_mag(t, g) else 0.0)
        # terrain: protect the best claimant; keep other groups mobile
        king = max(range(len(self.mine)), key=lambda i: G.suc(t, self.mine[i]) if self.mine[i].char else -99)
        if gi == king and len(led) >= 2:
            return 3.5
        return -1.0

    # attack
    def s_pass_attack(self) -> float:
        return 0.4

    def s_attack(self, gi: int, q: int, i: int) -> float:
        t = self.t
        g = self.mine[gi]
        target = self.groups[q][i]
        dice, bonus = G.atk(t, g)
        ph = p_at_least(dice, G.defence(t, target) - bonus)
        e = G.entries(t, target)[0]
        return ph * self.entry_value(target, e) * self.threat[q] * 0.6

    def s_card_attack(self, c: int, q: int, i: int) -> float:
        t = self.t
        d = t.inst[c]
        target = self.groups[q][i]
        e = d.effect
        m = self.best_mag()
        th = self.threat[q]
        inner = G.entries(t, target, skip_terrain=True)
        cost = self.card_value(c) * 0.25
        if e == "jester":
            v = self.group_value(target) / 6
        elif e == "romance":
            v = self.group_value(target) / 3
        elif e == "assassin":
            v = p_at_least(d.atk_dice, G.package_def(t, target) - d.atk_bonus) * self.entry_value(target, -1)
        elif e == "thief":
            v = 0.5 * max(self.card_value(x) for x in target.items)
        elif e in ("dragon", "beast"):
            x = inner[0]
            v = p_at_least(d.atk_dice, G.entry_def(t, target, x) - d.atk_bonus) * self.entry_value(target, x)
        elif e == "lightning":
            x = G.entries(t, target)[0]
            v = p_at_least(d.atk_dice, G.entry_def(t, target, x) - d.atk_bonus - m) * self.entry_value(target, x)
        elif e == "fireball":
            v = max(p_at_least(d.atk_dice, G.entry_def(t, target, x) - m) * self.entry_value(target, x)
                    for x in G.entries(t, target))
        elif e == "open_gate":
            v = p_at_least(1, d.threshold - m) * 3.5
        elif e == "spirit":
            v = p_at_least(1, d.threshold - m) * self.group_value(target)
        elif e == "petrify":
            v = p_at_least(1, d.threshold - m) * self.entry_value(target, inner[0])
        elif e == "ice_storm":
            v = p_at_least(1, d.threshold - m) * self.group_value(target) * 0.5
        elif e == "void":
            v = p_at_least(1, d.threshold - m) * self.group_value(target) - 0.5 * 6
        elif e == "cleric":
            v = 3.0
        else:
            v = 0.0
        return v * th - cost

    def s_no_support(self) -> float:
        return 0.5

    def s_support(self, c: int, caster: int) -> float:
        e = self.t.inst[c].effect
        return {"ram": 2.0, "teleport": 1.5, "fireball": 1.0, "messenger": 1.2}.get(e, 0.0)

    def s_ally(self, q: int, i: int) -> float:
        return 2.0 if q == self.me else 1.0

    def s_accept(self) -> float:
        return 1.0

    def s_decline(self) -> float:
        return 0.0

    def s_caster(self, gi: int) -> float:
        return float(self.mag(gi))

    def s_declare(self, n: int) -> float:
        return -abs(n - 3.5)

    def s_aim(self, e: int) -> float:
        a = self.obs["attack"]
        target = self.groups[a["target"][0]][a["target"][1]]
        fb = self.t.types["fireball"]
        return p_at_least(fb.atk_dice, G.entry_def(self.t, target, e) - self.best_mag()) * self.entry_value(target, e)

    def s_steal(self, c: int) -> float:
        return self.card_value(c)

    def s_romancer(self, gi: int) -> float:
        return -len(self.mine[gi].troops)

    def s_undead(self, c: int) -> float:
        return 0.0

    # defence
    def s_respond(self, c: int) -> float:
        return 2.0 + self.t.inst[c].threshold * -0.1

    def s_no_response(self) -> float:
        return 0.0

    def s_cleric(self, c: int) -> float:
        return 1.0

    def s_no_cleric(self) -> float:
        return 0.0

    def s_give(self, c: int, gi: int) -> float:
        return float(G.char_suc(self.t, self.mine[gi]))

    def s_drop(self, c: int) -> float:
        return -self.card_value(c)

    def s_take(self, c: int) -> float:
        return self.card_value(c)
