"""A quick heuristic player: values rows, raids and creatures from the observation and card data.

It reads only `observation(player)`, `legal_actions()` and the public card file; its own
chance comes from its own Rng.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, GameState, Rng

from .cards import CardTable, Strip, load_cards
from .rules import CHEST_NAMES, END_CHESTS, can_beat

#: expected chest values used for planning (the mean of the shipped file is close to these).
CHEST_WORTH = {"wood": 2.0, "metal": 4.0, "gold": 6.0}
FOOD, GLYPH, MAP = 0.5, 0.8, 0.9
SWORD, MSWORD, THIEF = 0.7, 1.0, 0.9
BONUS = {"shield": 1.2, "magic_shield": 1.5, "confusion": 0.8}


def strip_value(strip: Strip | list[list[int]], weights: tuple[float, float, float]) -> float:
    """Average per-day worth of a strip (one row of six is active each day)."""
    return sum(r[0] * weights[0] + r[1] * weights[1] + r[2] * weights[2] for r in strip) / 6


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self._table: CardTable | None = None

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player
        assert me is not None
        obs = state.observation(me)
        if self._table is None:
            self._table = load_cards(state.options)
        kind = legal[0].kind
        kinds = {a.kind for a in legal}
        if "place_goblin" in kinds:
            return self._goblin(obs, legal)
        if "pick_castle" in kinds:
            return self.rng.choice(legal)
        if kind == "pass_roll":
            return self._roll(obs, me, legal)
        if kind == "no_attack":
            return self._attack(obs, me, legal)
        if "steal" in kinds:
            return max((a for a in legal if a.kind == "steal"), key=lambda a: CHEST_WORTH[str(a.args[0])])
        if "pay" in kinds:
            food, glyph = obs["castles"][me]["food"], obs["castles"][me]["glyph"]
            return Action("pay", ("glyphs",)) if glyph - 3 >= 1 or food < 6 else Action("pay", ("glyph_food",))
        if "place_creature" in kinds:
            return Action("place_creature", (self._side(obs, me, obs["recruit"]["card"]),))
        if "done_recruiting" in kinds:
            return self._recruit(obs, me, legal)
        return self.rng.choice(legal)

    # ----- setup -------------------------------------------------------------------
    def _goblin(self, obs: dict[str, Any], legal: tuple[Action, ...]) -> Action:
        table = self._table
        assert table is not None

        def lean(g: str) -> float:
            c = table.creatures[g]
            return strip_value(c.left, (FOOD, GLYPH, MAP)) - strip_value(c.right, (SWORD, MSWORD, THIEF))

        hand = sorted(sorted({str(a.args[0]) for a in legal}), key=lean)
        pending = obs.get("goblins_pending") or []
        if len(hand) == 2:
            return Action("place_goblin", (hand[1], "L"))
        side = "R" if pending and pending[0]["side"] == "L" else "L"
        return Action("place_goblin", (hand[0], side))

    # ----- step 1 ------------------------------------------------------------------
    def _row_value(self, obs: dict[str, Any], me: int, row: int) -> float:
        castles = obs["castles"]
        mine = castles[me]["rows"][row - 1]
        f, g, m = mine["left"]
        value = f * FOOD + g * GLYPH
        others = [c["rows"][row - 1]["left"][2] for c in castles if c["seat"] != me]
        top = max(others) if others else 0
        if m > top:
            value += CHEST_WORTH["metal"]
        elif m == top and m > 0:
            value += CHEST_WORTH["wood"]
        s, ms, t = mine["right"]
        value += self._best_attack_value(obs, me, s, ms, t)[0]
        return value

    def _roll(self, obs: dict[str, Any], me: int, legal: tuple[Action, ...]) -> Action:
        here = self._row_value(obs, me, obs["die"])
        avg = sum(self._row_value(obs, me, r) for r in range(1, 7)) / 6
        kinds = {a.kind for a in legal}
        if "confusion" in kinds and here < avg - 0.3:
            return Action("confusion")
        if "buy_round" in kinds and here < avg - 1.2:
            return Action("buy_round")
        return Action("pass_roll")

    # ----- step 4 ------------------------------------------------------------------
    def _loot_value(self, loc: dict[str, Any], barrels: int) -> tuple[float, int]:
        loot = loc["loot"]
        v = loot.get("food", 0) * FOOD + loot.get("glyph", 0) * GLYPH
        v += min(loot.get("barrel", 0), 2 - barrels) * 0.6
        chests = 0
        for t in CHEST_NAMES:
            v += loot.get(t, 0) * CHEST_WORTH[t]
            chests += loot.get(t, 0)
        return v, chests

    def _best_attack_value(self, obs: dict[str, Any], me: int, s: int, g: int, t: int) -> tuple[float, str, int]:
        """Best (value, kind, target) reachable with these icons; kind '' means nothing."""
        barrels = obs["castles"][me]["barrels"]
        best: tuple[float, str, int] = (0.0, "", -1)
        king = obs["kingdom"]
        for i, loc in enumerate([king["tavern"], *king["display"]]):
            if can_beat(s, g, loc["shields"], loc["magic_shields"]):
                v = self._loot_value(loc, barrels)[0]
                if v > best[0]:
                    best = (v, "loc", i)
        if t:
            for c in obs["castles"]:
                if c["seat"] == me or not c["chests"]:
                    continue
                if can_beat(s, g, *c["defence"]):
                    counts = list(c["chest_counts"])
                    v = 0.0
                    for _ in range(min(t, c["chests"])):
                        k = max(i for i in range(3) if counts[i]) if any(counts) else 0
                        counts[k] -= 1
                        v += CHEST_WORTH[CHEST_NAMES[k]]
                    v *= 1.1  # robbing also hurts a rival
                    if v > best[0]:
                        best = (v, "castle", c["seat"])
        return best

    def _estimated_totals(self, obs: dict[str, Any], me: int) -> list[float]:
        mine = sum(c["value"] for c in obs["my_chests"])
        out = []
        for c in obs["castles"]:
            if c["seat"] == me:
                out.append(float(mine))
            else:
                out.append(sum(n * CHEST_WORTH[t] for n, t in zip(c["chest_counts"], CHEST_NAMES, strict=True)))
        return out

    def _attack(self, obs: dict[str, Any], me: int, legal: tuple[Action, ...]) -> Action:
        best: tuple[float, Action] = (0.0, Action("no_attack"))
        castles = obs["castles"]
        king = {loc["id"]: loc for loc in [obs["kingdom"]["tavern"], *obs["kingdom"]["display"]]}
        totals = self._estimated_totals(obs, me)
        leader = max(totals)
        mycount = castles[me]["chests"]
        _, _, thieves = castles[me]["rows"][obs["die"] - 1]["right"]
        for a in legal:
            if a.kind == "attack_location":
                v, chests = self._loot_value(king[str(a.args[0])], castles[me]["barrels"])
                if mycount + chests >= END_CHESTS and totals[me] + v < leader:
                    v -= 3.0  # do not end a game we are losing
            elif a.kind == "attack_castle":
                victim = castles[int(a.args[0])]
                counts = list(victim["chest_counts"])
                v = 0.0
                k = min(thieves, victim["chests"])
                for _ in range(k):
                    i = max(j for j in range(3) if counts[j])
                    counts[i] -= 1
                    v += CHEST_WORTH[CHEST_NAMES[i]]
                if totals[int(a.args[0])] >= leader:
                    v *= 1.3
                if mycount + k >= END_CHESTS and totals[me] + v < leader - v:
                    v -= 3.0
            else:
                continue
            if v > best[0]:
                best = (v, a)
        return best[1]

    # ----- step 5 ------------------------------------------------------------------
    def _card_values(self, obs: dict[str, Any], me: int, card: dict[str, Any]) -> tuple[float, float]:
        left = strip_value(card["left"], (FOOD, GLYPH, MAP))
        right = strip_value(card["right"], (SWORD, MSWORD, THIEF))
        rows = obs["castles"][me]["rows"]
        # a side is worth more where the castle is weak
        prod = sum(sum(r["left"]) for r in rows)
        atk = sum(sum(r["right"]) for r in rows)
        if atk < prod:
            right *= 1.2
        else:
            left *= 1.1
        if obs["day"] > 12:
            left *= 0.8
        bonus = sum(BONUS[b] for b in card["bonus"])
        return left + bonus, right + bonus

    def _side(self, obs: dict[str, Any], me: int, card: dict[str, Any]) -> str:
        lv, rv = self._card_values(obs, me, card)
        return "L" if lv > rv else "R"

    def _recruit(self, obs: dict[str, Any], me: int, legal: tuple[Action, ...]) -> Action:
        best: tuple[float, Action] = (-1.0, Action("done_recruiting"))
        for a in legal:
            if a.kind != "recruit":
                continue
            deck, slot = str(a.args[0]), int(a.args[1])
            card = obs["creatures"][deck]["display"][slot]
            v = max(self._card_values(obs, me, card))
            v = v / (2.0 if deck == "evil" else 3.5)
            if v > best[0]:
                best = (v, a)
        return best[1]
