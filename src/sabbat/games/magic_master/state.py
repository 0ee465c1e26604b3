"""The Magic Master state: setup, turn flow, views and determinization.

Regrouping lives in `regroup.py`, attacks in `combat.py`, card effects in
`effects.py`; this module wires the phases together.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, GameState, Rng, codec

from . import combat, regroup
from . import groups as G
from .cards import CardTable, Kind, table_for
from .describe import none_word, seat_list
from .evaluate import estimate
from .groups import Group
from .model import Attack, Phase, RegroupKind

WIZARDS_PER_PLAYER = {2: 3, 3: 2, 4: 2, 5: 1, 6: 1}
OTHERS_PER_PLAYER = {2: 4, 3: 4, 4: 3, 5: 3, 6: 2}
MARKET_SIZE = 5
HAND_LIMIT = 4
GROUP_VIEWS_KEPT = 50_000  # distinct groups whose views are kept before the cache starts afresh
TIMEOUT_TIEBREAK = "cancel"  # ruling A-32; "lexicographic" is the variant
VICTORY_LABEL = {"survivor": "last_survivor", "regalia": "regalia", "timeout": "time_out"}


@codec.serializable
class MagicMasterState(GameState):
    game_id = "magic_master"
    rules_version = "3"
    _transient_ = ("t",)  # type: ignore[assignment]  # the card table is rebuilt on load

    t: CardTable

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.t = table_for(self.options)
        n = num_players
        self.phase = Phase.CHOOSE_HEIR
        self.active = 0
        self.order: list[int] = list(range(n))  # seats in turn order (set after the reveal)
        self.rank: list[int] = []
        self.setup_queue: list[int] = []
        self.groups: list[list[Group]] = [[] for _ in range(n)]
        self.chars: list[list[int]] = [[] for _ in range(n)]  # character hands
        self.hand: list[list[int]] = [[] for _ in range(n)]  # non-character hands
        self.wiz_hidden = [0] * n  # wizards still in each character hand (public by deduction)
        self.set_aside: list[int] = []
        self.deck: list[int] = []
        self.market: list[int] = []
        self.discard: list[int] = []
        self.heir_choice = [-1] * n
        self.eliminated = [False] * n
        self.had_regalia = [False] * n
        self.pending_regalia = [False] * n
        self.regroup_kind = RegroupKind.INITIAL
        self.placed: set[int] = set()  # cards placed in the current regroup (each at most once)
        self.attack: Attack | None = None
        self.gained = False
        self.captured: list[int] = []
        self.declined: list[int] = []
        self.countdown_p0 = -1
        self.countdown_round = 0
        self.turn_no = 0
        self.took: list[tuple[int, ...]] = [() for _ in range(n)]  # market takes per seat, for summary()
        self.winner = -1
        self.win_reason = ""
        self._deal()

    def _after_load_(self) -> None:
        super()._after_load_()
        self.t = table_for(self.options)
        if not hasattr(self, "took"):  # saved before market takes were recorded
            self.took = [() for _ in range(self.num_players)]
        if not hasattr(self, "placed"):  # saved under rules version 2 (a count of placements)
            self.placed = set()
            self.__dict__.pop("ops", None)

    # ----- setup ----------------------------------------------------------------------
    def _deal(self) -> None:
        n, t, rng = self.num_players, self.t, self.rng
        wizards = list(t.wizards)
        rng.shuffle(wizards)
        w = WIZARDS_PER_PLAYER[n]
        for p in range(n):
            self.chars[p] = wizards[p * w:(p + 1) * w]
            self.wiz_hidden[p] = w
        self.set_aside = wizards[n * w:]
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
            self.emit("magic_master.event.redeal", times=redeals)
        for p in range(n):
            self.chars[p] = self.chars[p] + hands[p]
            self.emit_private("magic_master.event.dealt_chars", p, "magic_master.event.dealt_chars_public",
                              player=p, cards=[t.name(c) for c in self.chars[p]])
        self.set_aside += others[n * k:]
        self.deck = list(t.deck_cards)
        rng.shuffle(self.deck)

    def _choose_heir(self, p: int, card: int) -> None:
        self.heir_choice[p] = card
        self.emit("magic_master.event.heir_chosen", player=p)
        if min(self.heir_choice) >= 0:
            self._reveal()

    def _reveal(self) -> None:
        t, n = self.t, self.num_players
        for p in range(n):
            c = self.heir_choice[p]
            self.chars[p].remove(c)
            self.groups[p] = [Group([c])]
            self.emit("magic_master.event.heir_revealed", player=p, card=t.name(c), suc=t.inst[c].suc)
        value = [t.inst[self.heir_choice[p]].suc for p in range(n)]
        self.rank = []
        for v in sorted(set(value), reverse=True):
            tied = [p for p in range(n) if value[p] == v]
            self.rank += self._order_by_dice(tied) if len(tied) > 1 else tied
        distinct = sorted(set(value), reverse=True)
        for p in self.rank:
            size = 11 - (distinct.index(value[p]) + 1)
            self.hand[p] = [self.deck.pop() for _ in range(size)]
            self.emit_private("magic_master.event.dealt_hand", p, None, player=p,
                              cards=[t.name(c) for c in self.hand[p]])
            self.emit("magic_master.event.hand_size", player=p, count=size)
        self.emit("magic_master.event.ranking", players=seat_list("seat", self.rank))
        self.setup_queue = list(self.rank)
        self._start_regroup(self.setup_queue[0], RegroupKind.INITIAL)

    def _order_by_dice(self, tied: list[int]) -> list[int]:
        """Tied players, highest die first; those still tied re-roll among themselves."""
        rolls = [self.rng.roll() for _ in tied]
        self.emit("magic_master.event.tie_roll", players=seat_list("seat", tied), dice=rolls)
        out: list[int] = []
        for v in sorted(set(rolls), reverse=True):
            same = [p for p, r in zip(tied, rolls, strict=False) if r == v]
            out += self._order_by_dice(same) if len(same) > 1 else same
        return out

    def _finish_setup(self) -> None:
        t = self.t
        for _ in range(MARKET_SIZE):
            if self.deck:
                self.market.append(self.deck.pop())
        self.emit("magic_master.event.market", cards=[t.name(c) for c in self.market])
        self.order = list(reversed(self.rank))
        self.emit("magic_master.event.seating", players=seat_list("seat", self.order))
        for p in range(self.num_players):
            self.had_regalia[p] = self._holds_regalia(p)
        # a player who formed no group in the initial regroup is out and never takes a turn
        self._start_turn(next(p for p in self.order if not self.eliminated[p]))

    # ----- turn flow --------------------------------------------------------------------
    def _start_regroup(self, p: int, kind: RegroupKind) -> None:
        self.phase = Phase.REGROUP
        self.active = p
        self.regroup_kind = kind
        self.placed = set()

    def _start_turn(self, p: int) -> None:
        self.turn_no += 1
        self.active = p
        self.attack = None
        self.gained = False
        self.captured = []
        self.declined = []
        self.emit("magic_master.event.turn", player=p, turn=self.turn_no)
        if self.pending_regalia[p]:
            self.pending_regalia[p] = False
            if any(G.regalia_complete(self.t, g) for g in self.groups[p]):
                self._win(p, "regalia")
                return
            self.emit("magic_master.event.regalia_lapsed", player=p)
        self._start_regroup(p, RegroupKind.TURN)

    def end_regroup(self) -> None:
        """Characterless groups go; then elimination, last survivor, regalia (spec 3.4)."""
        p = self.active
        t = self.t
        keep = []
        for g in self.groups[p]:
            if g.char:
                keep.append(g)
            else:
                self.discard.extend(g.cards())
                self.emit("magic_master.event.group_disbanded", player=p,
                          cards=[t.name(c) for c in g.cards()])
        self.groups[p] = keep
        if keep:
            self.emit("magic_master.event.regroup_done", player=p, groups=len(keep))
        else:
            self.emit("magic_master.event.regroup_done_none", player=p)
        if not keep:
            self._eliminate(p)
            if self.phase is Phase.OVER:
                return
            self._after_regroup_of_gone(p)
            return
        if any(G.regalia_complete(t, g) for g in keep):
            if self.had_regalia[p] and self.regroup_kind is not RegroupKind.INITIAL:
                self._win(p, "regalia")
                return
            if not self.pending_regalia[p]:
                self.pending_regalia[p] = True
                self.emit("magic_master.event.regalia_pending", player=p)
        if self.regroup_kind is RegroupKind.INITIAL:
            self._next_setup_regroup()
        elif self.regroup_kind is RegroupKind.TURN:
            self.phase = Phase.ATTACK
        else:
            combat.start_replenish(self)

    def _after_regroup_of_gone(self, p: int) -> None:
        if self.regroup_kind is RegroupKind.INITIAL:
            self._next_setup_regroup()
        else:
            self.end_turn()

    def _next_setup_regroup(self) -> None:
        self.setup_queue.pop(0)
        while self.setup_queue and self.eliminated[self.setup_queue[0]]:
            self.setup_queue.pop(0)
        if self.setup_queue:
            self._start_regroup(self.setup_queue[0], RegroupKind.INITIAL)
        else:
            self._finish_setup()

    def _eliminate(self, p: int) -> None:
        self.eliminated[p] = True
        gone = [c for g in self.groups[p] for c in g.cards()] + self.chars[p] + self.hand[p]
        self.discard.extend(gone)
        self.groups[p] = []
        self.chars[p] = []
        self.hand[p] = []
        self.wiz_hidden[p] = 0
        self.pending_regalia[p] = False
        self.emit("magic_master.event.eliminated", player=p)
        alive = [q for q in range(self.num_players) if not self.eliminated[q]]
        if len(alive) == 1:
            self._win(alive[0], "survivor")

    def _win(self, p: int, reason: str) -> None:
        self.winner = p
        self.win_reason = reason
        self.phase = Phase.OVER
        self.attack = None
        self.emit(f"magic_master.event.win_{reason}", player=p)

    def _holds_regalia(self, p: int) -> bool:
        """Whether p possesses a regalia card (所持): in a group, and by default in hand too."""
        if any(self.t.regalia.intersection(g.items) for g in self.groups[p]):
            return True
        return self.options.get("regalia_held", "anywhere") == "anywhere" and not self.t.regalia.isdisjoint(self.hand[p])

    def end_turn(self) -> None:
        p = self.active
        self.had_regalia[p] = self._holds_regalia(p)
        self.attack = None
        i = self.order.index(p)
        n = self.num_players
        counting = self.countdown_p0 >= 0
        emptied_now = counting and self.countdown_round == 0
        if emptied_now:
            self.countdown_round = 1
        elif counting and p == self.countdown_p0:
            self.countdown_round += 1
        for step in range(1, n + 1):
            q = self.order[(i + step) % n]
            if not self.eliminated[q]:
                self._start_turn(q)
                return
            if counting and q == self.countdown_p0:
                self.countdown_round += 1
        self._win(p, "survivor")

    def time_out(self) -> None:
        """Highest group succession; tied claimants cancel (ruling A-32); dice as last resort."""
        t = self.t
        claims: dict[int, set[int]] = {}
        best_of: dict[int, list[int]] = {}
        for p in range(self.num_players):
            if self.eliminated[p]:
                continue
            # only a group whose succession is 1 or more may claim the throne (rulebook:
            # 「王位継承権が1以上になれば王位継承権を主張出来ます」); others neither win nor tie
            vals = sorted((v for g in self.groups[p] if g.char and (v := G.suc(t, g)) >= 1), reverse=True)
            best_of[p] = vals
            for v in vals:
                claims.setdefault(v, set()).add(p)
        claimants = [p for p in sorted(best_of) if best_of[p]]
        self.emit("magic_master.event.time_out",
                  claims=seat_list("claim", claimants, ["/".join(str(v) for v in best_of[p]) for p in claimants])
                  if claimants else none_word("nobody"))
        if TIMEOUT_TIEBREAK == "lexicographic":
            ranked = sorted((p for p in best_of if best_of[p]), key=lambda p: best_of[p], reverse=True)
            if ranked and (len(ranked) == 1 or best_of[ranked[0]] != best_of[ranked[1]]):
                self._win(ranked[0], "timeout")
                return
        else:
            heir = G.sole_claimant(claims)
            if heir >= 0:
                self._win(heir, "timeout")
                return
        top = sorted(claims[max(claims)]) if claims else sorted(best_of) or [self.active]  # no claimant: dice among survivors
        while len(top) > 1:
            rolls = [self.rng.roll() for _ in top]
            self.emit("magic_master.event.tie_roll", players=seat_list("seat", top), dice=rolls)
            top = [p for p, r in zip(top, rolls, strict=False) if r == max(rolls)]
        self._win(top[0], "timeout")

    # ----- contract hooks ---------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        ph = self.phase
        if ph is Phase.OVER:
            return None
        if ph is Phase.CHOOSE_HEIR:
            return self.heir_choice.index(-1)
        if ph is Phase.CONSENT and self.attack is not None:
            return self.attack.ally
        if ph in (Phase.RESPONSE, Phase.CLERIC) and self.attack is not None:
            return self.attack.tp
        return self.active

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def secret_choice(self) -> bool:
        """Heirs are chosen face down; the others see them only when all have chosen."""
        return self.phase is Phase.CHOOSE_HEIR

    def _legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph is Phase.CHOOSE_HEIR:
            p = self.heir_choice.index(-1)
            return [Action("choose_heir", (c,)) for c in sorted(self.chars[p])
                    if self.t.inst[c].kind is Kind.HEIR]
        if ph is Phase.REGROUP:
            return regroup.legal(self)
        return combat.legal(self)

    def _apply(self, action: Action) -> None:
        k = action.kind
        if k == "choose_heir":
            p = self.heir_choice.index(-1)
            self._choose_heir(p, int(action.args[0]))
        elif self.phase is Phase.REGROUP:
            regroup.apply(self, action)
        else:
            combat.apply(self, action)

    def clone(self) -> MagicMasterState:
        new = self._clone_base()
        new.t = self.t
        new.phase = self.phase
        new.active = self.active
        new.order = self.order.copy()
        new.rank = self.rank.copy()
        new.setup_queue = self.setup_queue.copy()
        new.groups = [[g.copy() for g in gs] for gs in self.groups]
        new.chars = [h.copy() for h in self.chars]
        new.hand = [h.copy() for h in self.hand]
        new.wiz_hidden = self.wiz_hidden.copy()
        new.set_aside = self.set_aside.copy()
        new.deck = self.deck.copy()
        new.market = self.market.copy()
        new.discard = self.discard.copy()
        new.heir_choice = self.heir_choice.copy()
        new.eliminated = self.eliminated.copy()
        new.had_regalia = self.had_regalia.copy()
        new.pending_regalia = self.pending_regalia.copy()
        new.regroup_kind = self.regroup_kind
        new.placed = self.placed.copy()
        new.attack = self.attack.copy() if self.attack is not None else None
        new.gained = self.gained
        new.captured = self.captured.copy()
        new.declined = self.declined.copy()
        new.countdown_p0 = self.countdown_p0
        new.countdown_round = self.countdown_round
        new.turn_no = self.turn_no
        new.took = self.took.copy()  # tuples: shared, never mutated
        new.winner = self.winner
        new.win_reason = self.win_reason
        return new

    def summary(self) -> dict[str, Any]:
        """For simulation reports: which victory ended the game, turns played, players still standing,
        and per seat the ids of the cards it took from the market."""
        victory = VICTORY_LABEL.get(self.win_reason, self.win_reason or "none")
        return {
            "end": victory,
            "victory": victory,
            "turns": self.turn_no,
            "survivors": self.eliminated.count(False),
            "acquired": [[self.t.inst[c].id for c in took] for took in self.took],
        }

    # ----- views ------------------------------------------------------------------------
    def card_view(self, c: int) -> dict[str, Any]:
        return {"id": c, "card": self.t.inst[c].id, "name": self.t.name(c)}

    def group_view(self, g: Group) -> dict[str, Any]:
        """A group as every player sees it, shared between observations: treat it as read-only.

        Why shared: the view depends only on the group's cards, groups seldom change between
        two moves, and observations are built at every move of a heuristic playout, where
        rebuilding the views was most of a move's cost.
        """
        key = (tuple(g.char), tuple(g.items), tuple(g.troops), g.terrain)
        views = self.t.group_views
        view = views.get(key)
        if view is None:
            if len(views) >= GROUP_VIEWS_KEPT:
                views.clear()
            view = views[key] = self._group_view(g)
        return view

    def _group_view(self, g: Group) -> dict[str, Any]:
        t = self.t
        dice, bonus = G.atk(t, g)
        return {
            "char": [self.card_view(c) for c in g.char],
            "items": [self.card_view(c) for c in g.items],
            "troops": [self.card_view(c) for c in g.troops],
            "terrain": self.card_view(g.terrain) if g.terrain >= 0 else None,
            "atk": [dice, bonus],
            "def": G.defence(t, g),
            "mov": G.mov(t, g),
            "suc": G.suc(t, g),
            "char_suc": G.char_suc(t, g),
            "mag": G.wizard_mag(t, g),
            "regalia": len(t.regalia.intersection(g.items)),
        }

    def observation(self, player: int | None) -> dict[str, Any]:
        n = self.num_players
        players = []
        for p in range(n):
            entry: dict[str, Any] = {
                "groups": [self.group_view(g) for g in self.groups[p]],
                "char_hand": len(self.chars[p]),
                "wizards_in_hand": self.wiz_hidden[p],
                "hand": len(self.hand[p]),
                "eliminated": self.eliminated[p],
                "heir_chosen": self.heir_choice[p] >= 0 if self.phase is Phase.CHOOSE_HEIR else True,
                "had_regalia": self.had_regalia[p],
                "pending_regalia": self.pending_regalia[p],
            }
            players.append(entry)
        att = self.attack
        obs: dict[str, Any] = {
            "game": self.game_id,
            "num_players": n,
            "viewer": player,
            "phase": self.phase.value,
            "active": self.active if self.phase is not Phase.OVER else None,
            "to_move": self.current_player,
            "turn": self.turn_no,
            "order": list(self.order) if self.rank else [],
            "players": players,
            "market": [self.card_view(c) for c in self.market],
            "deck": len(self.deck),
            "discard": [self.t.inst[c].id for c in self.discard],
            "discard_top": [self.t.name(c) for c in self.discard[-5:]],
            "set_aside": len(self.set_aside),
            "countdown": {"p0": self.countdown_p0, "round": self.countdown_round},
            "attack": self._attack_view(att) if att is not None else None,
            "captured": [self.card_view(c) for c in self.captured],
            "regroup": self.regroup_kind.value if self.phase is Phase.REGROUP else None,
            "winner": self.winner if self.winner >= 0 else None,
            "win_reason": self.win_reason or None,
        }
        if player is not None:
            obs["my_chars"] = [self.card_view(c) for c in sorted(self.chars[player])]
            obs["my_hand"] = [self.card_view(c) for c in sorted(self.hand[player])]
            if self.phase is Phase.CHOOSE_HEIR and self.heir_choice[player] >= 0:
                obs["my_heir_choice"] = self.card_view(self.heir_choice[player])
        return obs

    def _attack_view(self, a: Attack) -> dict[str, Any]:
        return {
            "kind": a.kind, "card": self.t.inst[a.card].id if a.card >= 0 else None,
            "card_name": self.t.name(a.card) if a.card >= 0 else None,
            "attacker": a.attacker, "groups": [list(x) for x in a.groups], "target": [a.tp, a.tg],
            "support": self.t.inst[a.support].id if a.support >= 0 else None, "caster": a.caster,
            "total": a.total, "teleported": a.teleported, "effect": a.effect.value,
            "removals": list(a.removals),
        }

    def _determinize(self, player: int, rng: Rng) -> MagicMasterState:
        new = self.clone()
        t = self.t
        n = self.num_players
        others = [q for q in range(n) if q != player]
        # white backs: opponents' character hands and the set-aside characters
        wiz_pool = sorted([c for q in others for c in self.chars[q] if t.inst[c].kind is Kind.WIZARD]
                          + [c for c in self.set_aside if t.inst[c].kind is Kind.WIZARD])
        hw_pool = sorted([c for q in others for c in self.chars[q] if t.inst[c].kind is not Kind.WIZARD]
                         + [c for c in self.set_aside if t.inst[c].kind is not Kind.WIZARD])
        hw_counts = {q: len(self.chars[q]) - self.wiz_hidden[q] for q in others}
        need_heir = self.phase is Phase.CHOOSE_HEIR
        rng.shuffle(wiz_pool)
        for _ in range(1000):
            rng.shuffle(hw_pool)
            pos = 0
            hands: dict[int, list[int]] = {}
            for q in others:
                hands[q] = hw_pool[pos:pos + hw_counts[q]]
                pos += hw_counts[q]
            if not need_heir or all(any(t.inst[c].kind is Kind.HEIR for c in hands[q]) for q in others):
                break
        wpos = 0
        for q in others:
            w = self.wiz_hidden[q]
            new.chars[q] = wiz_pool[wpos:wpos + w] + hands[q]
            wpos += w
            if need_heir and self.heir_choice[q] >= 0:
                heirs = sorted(c for c in new.chars[q] if t.inst[c].kind is Kind.HEIR)
                if heirs:  # always, unless 1000 rejection rounds all failed
                    new.heir_choice[q] = rng.choice(heirs)
        new.set_aside = wiz_pool[wpos:] + hw_pool[pos:]
        # navy backs: the deck and opponents' non-character hands
        pool = sorted(self.deck + [c for q in others for c in self.hand[q]])
        rng.shuffle(pool)
        pos = 0
        for q in others:
            k = len(self.hand[q])
            new.hand[q] = pool[pos:pos + k]
            pos += k
        new.deck = pool[pos:]
        return new

    # ----- results ----------------------------------------------------------------------
    def scores(self) -> list[float]:
        """1 for the single winner, 0 for everyone else (the game has no points and no second place)."""
        return [1 if p == self.winner else 0 for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return [self.winner] if self.phase is Phase.OVER and self.winner >= 0 else []

    def evaluate(self) -> list[float]:
        return estimate(self)

    def check_invariants(self) -> list[str]:
        """Every card in exactly one place and where its kind may be; no negative counter."""
        from .invariants import problems

        return problems(self)

    def describe_action(self, action: Action, locale: str = "en") -> str:
        from .describe import describe

        return describe(self, action, locale)
