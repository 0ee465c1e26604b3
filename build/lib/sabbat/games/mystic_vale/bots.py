"""The heuristic Mystic Vale player.

It reads only `state.observation(me)`, `state.legal_actions()` and the public card catalogue
inside the observation. Planting: push while the expected value of the next reveal beats
keeping the field, using the spoil chance computed from the known *composition* of its own
deck (never its order). Harvest: resolve abilities, take VP, buy the vale card worth most,
then the advancement with the best worth per mana (using the mana token only when it buys
something clearly better). Sleeving: keep decay apart, put growth next to decay.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, GameState, Rng

MANA, S1, S2, S3, WILD, DECAY, GROWTH, HVP, EVP, GUARD = range(10)
VALE_SRC = 10_000

# A growth symbol lets about one more card into every later field, so it is worth more than a
# spirit symbol; a wild spirit gained by an ability pays like a wild symbol. Search self-play
# (issue 21) showed the lower values left the growth card of the time and Spirit Lantern underbought.
GROWTH_WORTH = 2.0
WILD_WORTH = 1.4

_ABILITY_VALUE = {
    "gain_mana": 0.9, "gain_wild": WILD_WORTH, "gain_vp": 1.8, "vp_per_guardian": 0.9, "mana_per_decay": 0.7,
    "vp_per_decay": 1.0, "vp_per_vale": 0.6, "harvest_mana": 2.2, "harvest_wild": 2.4,
    "end_vp_per_guardian": 1.5, "end_vp_per_level3": 1.0, "end_vp_per_vale": 1.5,
}


class HeuristicAgent:
    """Buys by value per cost, stops planting by estimated spoil risk."""

    name = "heuristic"

    def __init__(self, seed: int = 0, push_bias: float = 0.3) -> None:
        self.rng = Rng(seed)
        self.push_bias = push_bias

    # ----- entry point --------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player
        assert me is not None
        obs = state.observation(me)
        phase = obs["phase"]
        if phase == "plant":
            return self._plant(obs, me, legal)
        if phase == "harvest":
            return self._harvest(obs, me, legal)
        return self._sleeve(obs, me, legal)

    # ----- helpers ------------------------------------------------------------------
    @staticmethod
    def _card_stats(obs: dict[str, Any], q: int, s: int) -> list[int]:
        parts = obs["catalog"]["parts"]
        slots = obs["players"][q]["slots"]
        base = 3 * (s - 20 * q)
        tot = [0] * 10
        for pid in slots[base: base + 3]:
            if pid >= 0:
                for k, v in enumerate(parts[pid]["stats"]):
                    tot[k] += v
        return tot

    @staticmethod
    def _progress(obs: dict[str, Any]) -> float:
        n = len(obs["players"])
        start = 13 + 5 * n
        return max(0.0, min(1.0, 1.0 - obs["pool"] / start))

    def _field_value(self, st: list[int]) -> float:
        return st[MANA] + 1.1 * (st[S1] + st[S2] + st[S3]) + 1.3 * st[WILD] + 2.5 * st[HVP]

    # ----- planting -----------------------------------------------------------------
    def _plant(self, obs: dict[str, Any], me: int, legal: tuple[Action, ...]) -> Action:
        push = Action("push")
        if push not in legal:
            return legal[0]
        pl = obs["players"][me]
        raw = 0
        field_value = 0.0
        for s in pl["field"]:
            st = self._card_stats(obs, me, s)
            raw += st[DECAY] - st[GROWTH]
            field_value += self._field_value(st)
        od = self._card_stats(obs, me, pl["on_deck"])
        raw += od[DECAY] - od[GROWTH]
        pool = pl["deck"] or pl["discard"]
        spoil = 0
        for s in pool:
            st = self._card_stats(obs, me, s)
            if raw + st[DECAY] - st[GROWTH] >= 4:
                spoil += 1
        p = spoil / len(pool)
        token_gain = 0.0 if pl["token_active"] else 1.0
        gain = self._field_value(od) + self.push_bias
        ev_push = (1 - p) * (field_value + gain) + p * token_gain
        return push if ev_push > field_value else Action("pass")

    # ----- harvest ------------------------------------------------------------------
    def part_worth(self, obs: dict[str, Any], pid: int) -> float:
        part = obs["catalog"]["parts"][pid]
        st = part["stats"]
        prog = self._progress(obs)
        late = prog > 0.8
        v = (st[MANA] * (0.3 if late else 1.0) + 1.1 * (st[S1] + st[S2] + st[S3]) + WILD_WORTH * st[WILD]
             + GROWTH_WORTH * st[GROWTH] - 1.3 * st[DECAY] + (2.2 + prog) * st[HVP] + (0.5 + 1.5 * prog) * st[EVP]
             + 0.3 * st[GUARD])
        ab = part["ability"]
        if ab:
            v += _ABILITY_VALUE.get(ab[1], 0.5) * min(ab[2], 2)
        return v

    def vale_worth(self, obs: dict[str, Any], vid: int) -> float:
        v = obs["catalog"]["vale"][vid]
        w = float(v["vp"])
        if v["ability"]:
            rounds_left = max(0.0, 1.0 - self._progress(obs)) * 8
            per = {"gain_vp": 1.0, "gain_mana": 0.4, "gain_wild": 0.5}.get(v["ability"][1], 0.0)
            once = len(v["ability"]) > 4 and v["ability"][4]
            w += per * v["ability"][2] * (0.9 if once else rounds_left)
            w += _ABILITY_VALUE.get(v["ability"][1], 0.0) if v["ability"][0] == "ongoing" else 0.0
        return w

    def _harvest(self, obs: dict[str, Any], me: int, legal: tuple[Action, ...]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        # 1. abilities that do not count vale cards
        late_uses = []
        for a in by_kind.get("use", []):
            if self._use_effect(obs, me, int(a.args[0])) == "vp_per_vale":
                late_uses.append(a)
            else:
                return a
        if "collect" in by_kind:
            return by_kind["collect"][0]
        # 2. vale cards (spirit has no other use)
        if "vale" in by_kind:
            disp = obs["commons"]["vale_display"]
            return max(by_kind["vale"], key=lambda a: self.vale_worth(obs, disp[int(a.args[0]) - 1][int(a.args[1])]))
        if late_uses:
            return late_uses[0]
        # 3. advancements
        best, best_score = self._best_buy(obs, by_kind.get("buy", []) + by_kind.get("soil", []))
        if "token" in by_kind:
            with_token = self._best_affordable(obs, me, obs["turn"]["mana"] + 1)
            if with_token > max(best_score, 0.0) + 0.15:
                return by_kind["token"][0]
        if best is not None and best_score > 0.0:
            return best
        return by_kind["end"][0] if "end" in by_kind else legal[0]

    def _use_effect(self, obs: dict[str, Any], me: int, src: int) -> str:
        cat = obs["catalog"]
        if src >= VALE_SRC:
            return str(cat["vale"][src - VALE_SRC]["ability"][1])
        s, slot = divmod(src, 4)
        pl = obs["players"][me]
        pid = pl["banners"][s - 20 * me] if slot == 3 else pl["slots"][3 * (s - 20 * me) + slot]
        return str(cat["parts"][pid]["ability"][1])

    def _action_part(self, obs: dict[str, Any], a: Action) -> int:
        if a.kind == "soil":
            return self._soil_part(obs, int(a.args[0]))
        return int(obs["commons"]["adv_display"][int(a.args[0]) - 1][int(a.args[1])])

    @staticmethod
    def _soil_part(obs: dict[str, Any], pos: int) -> int:
        for i, part in enumerate(obs["catalog"]["parts"]):
            if part["id"] == "fertile_soil" and part["pos"] == pos:
                return i
        return -1

    def _score(self, obs: dict[str, Any], pid: int) -> float:
        cost = obs["catalog"]["parts"][pid]["cost"]
        w = self.part_worth(obs, pid)
        return w / max(1, cost) * 3 + 0.15 * w - 0.6

    def _best_buy(self, obs: dict[str, Any], acts: list[Action]) -> tuple[Action | None, float]:
        best: Action | None = None
        best_score = -1e9
        for a in acts:
            sc = self._score(obs, self._action_part(obs, a))
            if sc > best_score:
                best, best_score = a, sc
        return best, best_score

    def _best_affordable(self, obs: dict[str, Any], me: int, mana: int) -> float:
        """Best score among display advancements affordable with `mana` (room checked from the field)."""
        if obs["turn"]["adv_bought"] >= 2:
            return -1e9
        pl = obs["players"][me]
        parts = obs["catalog"]["parts"]
        room = [0, 0, 0]
        for s in pl["field"]:
            b = 3 * (s - 20 * me)
            for pos in range(3):
                if pl["slots"][b + pos] < 0:
                    room[pos] += 1
        for pid in obs["turn"]["pending"]:
            room[parts[pid]["pos"]] -= 1
        best = -1e9
        for disp in obs["commons"]["adv_display"]:
            for pid in disp:
                if pid >= 0 and parts[pid]["cost"] <= mana and room[parts[pid]["pos"]] > 0:
                    best = max(best, self._score(obs, pid))
        return best

    # ----- sleeving -----------------------------------------------------------------
    def _sleeve(self, obs: dict[str, Any], me: int, legal: tuple[Action, ...]) -> Action:
        pending = obs["turn"]["pending"]
        parts = obs["catalog"]["parts"]

        def score(a: Action) -> float:
            pid = pending[int(a.args[0])]
            st = parts[pid]["stats"]
            card = self._card_stats(obs, me, int(a.args[1]))
            net = card[DECAY] - card[GROWTH]
            if st[DECAY] > st[GROWTH]:
                return -3.0 * net + 0.1 * self._field_value(card)
            if st[GROWTH] > st[DECAY]:
                return 2.0 * net + 0.1 * self._field_value(card)
            return self._field_value(card) - 0.5 * max(0, net)

        return max(legal, key=score)
