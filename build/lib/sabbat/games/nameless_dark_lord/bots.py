"""A heuristic player: values each target for itself, bids just enough where it can pay.

It reads only its observation, the legal actions and the public card data. Placement
scores every (unit, area) pair by the target's value to this player, whether the bid
would lead the area, and whether all the areas it currently leads stay affordable.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, GameState, Rng

from . import cards as carddata
from .cards import CardTable, NdlCard

ROUNDS = 7
EVENT_LEVELS = {1: 3, 2: 5}  # level -> round after which its event runs
ABILITY_BONUS = {"delivery": 1.2, "flagbearer": 0.4, "king_tax": 0.6, "ultimate": 0.6, "clay": 0.3,
                 "spearman": 0.5, "skull_dragon": 0.5, "scout": 0.1, "cursedman": 0.5, "guardian": 0.4}


class HeuristicAgent:
    """Greedy bidder: see the module docstring."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    # ----------------------------------------------------------------------------- entry
    def choose(self, state: GameState) -> Action:
        me = state.current_player
        assert me is not None
        legal = list(state.legal_actions())
        if len(legal) == 1:
            return legal[0]
        obs = state.observation(me)
        table = carddata.load(state.options)
        view = _View(obs, table, me)
        kind = legal[0].kind
        if kind == "sleeve" or kind == "sleeve_done":
            return self._sleeve(view, legal)
        if obs["phase"] == "place":
            return self._place(view, legal)
        if obs["phase"] == "ability":
            return self._ability(view, legal)
        if kind in ("acquire", "decline"):
            return self._acquire(view, legal)
        if kind == "pay":
            return min(legal, key=lambda a: int(a.args[0]))
        if obs["phase"] == "trigger":
            return self._trigger(view, legal)
        if kind == "take":
            return legal[0]
        return self.rng.choice(legal)

    # ----------------------------------------------------------------------------- decisions
    def _sleeve(self, v: _View, legal: list[Action]) -> Action:
        picks = [a for a in legal if a.kind == "sleeve"]
        if not picks:
            return legal[-1]
        return max(picks, key=lambda a: v.unit_worth(v.card_of(int(a.args[0]))))

    def _place(self, v: _View, legal: list[Action]) -> Action:
        best: tuple[float, Action] = (0.35, Action("pass"))
        for a in legal:
            if a.kind != "place":
                continue
            score = v.placement_score(int(a.args[0]), int(a.args[1]))
            score += self.rng.random() * 0.01
            if score > best[0]:
                best = (score, a)
        return best[1]

    def _ability(self, v: _View, legal: list[Action]) -> Action:
        pend = v.obs["pending"]
        eff = v.table[pend["card"]].effect
        targets = [a for a in legal if a.kind == "target"]
        x = "ABCDEFGH".index(pend["area"])
        units = {u["uid"]: u for u in v.obs["areas"][x]["units"]}
        if eff == "scout" or not targets:
            return Action("skip") if Action("skip") in legal else legal[0]
        if eff == "delivery":
            return max(targets, key=lambda a: (units[int(a.args[0])]["power"] == 1, -int(a.args[0])))
        if eff == "skull_dragon":
            return min(targets, key=lambda a: (units[int(a.args[0])]["power"],
                                               -v.table[units[int(a.args[0])]["card"]].upkeep))

        def spear_key(a: Action) -> tuple[int, int]:
            u = units[int(a.args[0])]
            return (0 if u["owner"] == v.me else 1, u["power"] if u["owner"] != v.me else -u["power"])

        return max(targets, key=spear_key)

    def _acquire(self, v: _View, legal: list[Action]) -> Action:
        pend = v.obs["pending"]
        x = "ABCDEFGH".index(pend["resolving"])
        value = v.target_value(x)
        if value <= 0.2:
            return Action("decline")
        cost = v.cost(x, v.me)
        budget = v.budget() - cost
        for y in range(x + 1, len(v.obs["areas"])):
            if v.leading(y) and v.target_value(y) > value + 0.5 and budget < v.cost(y, v.me):
                return Action("decline")
        return Action("acquire")

    def _trigger(self, v: _View, legal: list[Action]) -> Action:
        if Action("vp") in legal:
            return Action("vp")
        others = [a for a in legal if a.kind == "curse" and int(a.args[0]) != v.me]
        pool = others or legal
        return max(pool, key=lambda a: v.obs["players"][int(a.args[0])]["score"])


class _View:
    """Derived facts about one observation, for one player."""

    def __init__(self, obs: dict[str, Any], table: CardTable, me: int) -> None:
        self.obs = obs
        self.table = table
        self.me = me
        self.mine = obs["players"][me]
        self.round: int = obs["round"]
        self.future = ROUNDS - self.round
        self.uid_card: dict[int, str] = {u["uid"]: u["card"] for u in self.mine["units"]}
        for area in obs["areas"]:
            for u in area["units"]:
                self.uid_card[u["uid"]] = u["card"]

    def card_of(self, uid: int) -> NdlCard:
        return self.table[self.uid_card[uid]]

    # ----------------------------------------------------------------------------- values
    def unit_worth(self, c: NdlCard) -> float:
        return c.power + ABILITY_BONUS.get(c.effect or "", 0.0) - 0.35 * c.upkeep

    def target_value(self, x: int) -> float:
        area = self.obs["areas"][x]
        c = self.table[area["target"]]
        mine = self.mine
        if c.type == "territory":
            if c.id in mine["territories"]:
                return 0.0
            income_room = max(0, 5 - mine["income"])
            value = c.vp + 0.7 * min(c.income, income_room) * self.future
            units = len(mine["units"])
            if c.circles and mine["sleeves"] < 5:
                value += 0.5 * self.future * (1.0 if units > mine["sleeves"] else 0.4)
            event_round = EVENT_LEVELS.get(c.level)
            if event_round is not None and self.round <= event_round:
                groups = {self.table[t].group for t in mine["territories"]}
                if c.group not in groups:
                    value += 3.0
            return value
        if c.type == "unit":
            use = min(self.future, 3) / 3.0 * self._improvement(c)
            return c.vp + 0.2 + use * 0.9 + self._census_bonus(c)
        if c.type == "artifact":
            return self._artifact_value(c)
        return 0.0

    def _improvement(self, c: NdlCard) -> float:
        """How much stronger my best sleeved line-up gets with this unit."""
        worths = sorted((self.unit_worth(self.table[u["card"]]) for u in self.mine["units"]
                         if self.table[u["card"]].role != "bomber"), reverse=True)
        k = self.mine["sleeves"]
        before = sum(max(0.0, w) for w in worths[:k])
        after = sum(max(0.0, w) for w in sorted([*worths, self.unit_worth(c)], reverse=True)[:k])
        return after - before

    def _census_bonus(self, c: NdlCard) -> float:
        owned_kinds = {u["card"] for u in self.mine["units"]}
        bonus = 0.0
        for art in self.mine["artifacts"]:
            a = self.table[art]
            if a.effect == "census" and a.family == c.family and c.id not in owned_kinds:
                bonus += 1.0
        return bonus

    def _artifact_value(self, c: NdlCard) -> float:
        mine = self.mine
        eff = c.effect
        if eff == "census":
            kinds = {u["card"] for u in mine["units"] if self.table[u["card"]].family == c.family}
            return float(len(kinds))
        if eff == "artifact_tally":
            return float(len(mine["artifacts"]) + 1 + (0.5 if self.round == 6 else 0))
        if eff == "curse_census":
            return float(max(2, self.obs["curses_given"]))
        if eff == "fewest_units":
            counts = [len(p["units"]) for p in self.obs["players"]]
            return 4.0 if counts[self.me] <= min(counts) else 2.0
        if eff == "grave_number":
            return 1.5 + len(self.obs["removed"]) * (0.5 if self.round == 6 else 1.0)
        if eff == "megalith":
            negatives = sum(1 for t in mine["territories"] if self.table[t].role == "negative")
            return 3.0 * (negatives + len(mine["negative"]))
        tally = sum(1 for a in mine["artifacts"] if self.table[a].effect == "artifact_tally")
        return float(c.vp + tally)

    # ----------------------------------------------------------------------------- areas
    def powers(self, x: int) -> dict[int, int]:
        return {int(k): v for k, v in self.obs["areas"][x]["power"].items()}

    def front(self, x: int, p: int) -> int:
        for i, u in enumerate(self.obs["areas"][x]["units"]):
            if u["owner"] == p:
                return i
        return 99

    def cost(self, x: int, p: int, extra: NdlCard | None = None) -> int:
        units = [u for u in self.obs["areas"][x]["units"] if u["owner"] == p]
        total = sum(self.table[u["card"]].upkeep for u in units)
        strong = sum(1 for u in units if u["power"] >= 2)
        if extra is not None:
            total += extra.upkeep
            strong += 1 if extra.power >= 2 else 0
        kings = sum(1 for u in self.obs["areas"][x]["units"]
                    if u["owner"] != p and self.table[u["card"]].effect == "king_tax")
        return total + kings * strong

    def leading(self, x: int, add_power: int = 0, p: int | None = None) -> bool:
        p = self.me if p is None else p
        area = self.obs["areas"][x]
        target = self.table[area["target"]]
        pw = self.powers(x)
        mine = pw.get(p, 0) + add_power
        if p not in pw and add_power == 0 and not any(u["owner"] == p for u in area["units"]):
            return False
        my_front = self.front(x, p) if p in pw else len(area["units"])
        for q, val in pw.items():
            if q == p:
                continue
            if target.type == "territory" and target.id in self.obs["players"][q]["territories"]:
                continue
            if val > mine or (val == mine and self.front(x, q) < my_front):
                return False
        return True

    def budget(self) -> int:
        return int(self.mine["coins"]) + int(self.mine["stones"])

    def committed(self, skip: int) -> int:
        total = 0
        for y in range(len(self.obs["areas"])):
            if y != skip and self.obs["areas"][y]["outcome"] == -2 and self.leading(y) \
                    and self.target_value(y) > 0.3:
                total += self.cost(y, self.me)
        return total

    def placement_score(self, uid: int, x: int) -> float:
        c = self.card_of(uid)
        area = self.obs["areas"][x]
        value = self.target_value(x)
        if value <= 0.3:
            return -1.0
        add = c.power
        own = [u for u in area["units"] if u["owner"] == self.me]
        extra_cost = 0
        if c.effect == "delivery" and own:
            add += 1
        if c.effect == "skull_dragon" and own:
            weakest = min(own, key=lambda u: u["power"])
            add -= weakest["power"]
            extra_cost -= self.table[weakest["card"]].upkeep
        spend = 0
        if c.effect == "spearman":
            opp = [u for u in area["units"] if u["owner"] != self.me and u["power"] <= self.budget()]
            if not opp:
                return -1.0
            hit = max(opp, key=lambda u: u["power"])
            spend = hit["power"]
            pw = self.powers(x)
            pw[hit["owner"]] -= hit["power"]
            if not self._would_lead(x, pw, pw.get(self.me, 0) + add):
                return -1.0
        elif not self.leading(x, add):
            return -0.5
        was_leading = self.leading(x)
        total = self.cost(x, self.me, c) + extra_cost
        if total + spend + self.committed(x) > self.budget():
            return -1.0
        bomber = c.role == "bomber"
        score = value - 0.3 * total - 0.4 * spend
        if was_leading:
            score -= 0.8 + 0.15 * self.unit_worth(c)  # reinforcing: only worth it when contested
            margin = self._margin(x)
            if margin >= 2:
                score -= 2.0
        score -= 0.1 * c.power if not was_leading else 0.0
        if bomber:
            score += 0.5
        return score

    def _would_lead(self, x: int, pw: dict[int, int], mine: int) -> bool:
        for q, val in pw.items():
            if q != self.me and val >= mine:
                return False
        return True

    def _margin(self, x: int) -> int:
        pw = self.powers(x)
        mine = pw.get(self.me, 0)
        others = [v for q, v in pw.items() if q != self.me]
        return mine - (max(others) if others else 0)
