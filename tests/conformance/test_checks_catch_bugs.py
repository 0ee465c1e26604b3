"""The author's kit itself (`sabbat.testing`): each check must fail on the bug it exists to catch.

Why: a check that can never fail proves nothing. Each bug is planted in a toy game (a copy of
its state, or a patch undone after the test) and the check that guards against it must speak up,
by name, through `check_game` as an author runs it.
"""

from __future__ import annotations

from collections.abc import Iterator

import gymnasium
import pytest

from sabbat import agents, games
from sabbat.core import Action, GameState, Rng, codec
from sabbat.rl.single import SabbatGymEnv
from sabbat.testing import NAMES, CheckFailed, check_game
from sabbat.testing.playout import ending_problems, option_variants, play_random, seats_never_resampled
from sabbat.testing.secrets import CommitmentReport, SecretReport, commitment_playout, secret_playout
from tests.support.bids_game import SEALED_BIDS, BidsState, SealedBids
from tests.support.toy_game import ToyState


def finished_toy(hands: list[list[int]], played: list[list[int]]) -> ToyState:
    """A finished 3-player toy game built by hand: the deck and every hand are empty."""
    state = games.get("toy").new(3, 0)
    assert isinstance(state, ToyState)
    state.deck = []
    state.hands = hands
    state.played = played
    state.points = [sum(cards) for cards in played]
    assert state.is_terminal() and state.check_invariants() == []
    return state


def tied_toy() -> ToyState:
    # P1 and P2 both score 27; P2 played four cards to P1's three, so P2 wins the tie-break
    return finished_toy([[], [], []], [[12, 11, 4], [10, 9, 5, 3], [1, 2, 6, 7, 8]])


def test_a_correct_ending_passes() -> None:
    state = tied_toy()
    assert state.scores() == [27, 27, 24]
    assert state.winners() == [1]
    assert ending_problems(state) == []


def test_a_winner_who_lost_the_tie_break_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    state = tied_toy()
    monkeypatch.setattr(ToyState, "winners", lambda self: [0])
    assert any("winners [0]" in p and "belong to [1]" in p for p in ending_problems(state))


def test_a_shared_win_the_tie_breaks_settle_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    state = tied_toy()
    monkeypatch.setattr(ToyState, "winners", lambda self: [0, 1])
    assert any("winners [0, 1]" in p for p in ending_problems(state))


def test_a_tie_the_tie_breaks_leave_standing_is_shared() -> None:
    state = finished_toy([[], [], []], [[12, 11, 4], [10, 9, 8], [1, 2, 3, 5, 6, 7]])  # 27 in three cards each
    assert state.winners() == [0, 1] and ending_problems(state) == []


def test_a_tie_break_folded_into_the_score_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    state = tied_toy()
    monkeypatch.setattr(ToyState, "scores", lambda self: [27.03, 27.04, 24.05])
    assert any("whole number" in p for p in ending_problems(state))


def test_tie_breaks_that_differ_between_seats_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    state = tied_toy()
    monkeypatch.setattr(ToyState, "tie_breaks", lambda self: [{"a": 1}, {"b": 1}, {"a": 0}])
    assert any("same values for every seat" in p for p in ending_problems(state))


def test_an_ending_at_the_safety_cap_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    state = tied_toy()
    monkeypatch.setattr(ToyState, "summary", lambda self: {"end": "cap"})
    assert any("safety cap" in p for p in ending_problems(state))
    monkeypatch.setattr(ToyState, "summary", lambda self: {})
    assert any("no 'end' label" in p for p in ending_problems(state))


def test_a_lost_card_fails_the_playout_at_the_decision_that_lost_it(monkeypatch: pytest.MonkeyPatch) -> None:
    real_apply = ToyState._apply

    def losing_draws(self: ToyState, action: Action) -> None:
        real_apply(self, action)
        if action.kind == "draw" and len(self.deck) == 3:
            self.deck.pop()  # a card vanishes

    monkeypatch.setattr(ToyState, "_apply", losing_draws)
    with pytest.raises(AssertionError, match="cards lost or duplicated"):
        for seed in range(20):
            play_random("toy", 2, seed)


def toy_states(seed: int) -> Iterator[GameState]:
    state = games.get("toy").new(2, seed)
    chooser = Rng(seed)
    while not state.is_terminal():
        yield state
        state.apply(chooser.choice(state.legal_actions()))


def test_a_determinize_that_resamples_nothing_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    assert seats_never_resampled(toy_states(3)) == set()
    monkeypatch.setattr(ToyState, "_determinize", lambda self, player, rng: self.clone())
    assert seats_never_resampled(toy_states(3)) == {0, 1}


def test_a_determinize_that_resamples_for_one_seat_only_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = ToyState._determinize
    monkeypatch.setattr(ToyState, "_determinize",
                        lambda self, player, rng: real(self, player, rng) if player == 0 else self.clone())
    assert seats_never_resampled(toy_states(3)) == {1}


def test_every_option_value_is_played() -> None:
    assert option_variants("toy") == [{}, {"short_deck": True}]
    assert play_random("toy", 2, 1, {"short_deck": True}).played != []
    assert sorted(c for cards in play_random("toy", 2, 1, {"short_deck": True}).played for c in cards) == list(range(1, 9))


def test_a_visible_choice_marked_secret_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    assert secret_playout(games.get("toy").new(2, 0), 0) == SecretReport()  # no secret choice: nothing to check
    monkeypatch.setattr(ToyState, "secret_choice", lambda self: True)  # but every card played is shown
    report = secret_playout(games.get("toy").new(2, 0), 0)
    assert report.problems
    assert report.problems[0].startswith("toy decision 0: P2 can tell P1's secret 'play ")


def load_bids(data: dict[str, object]) -> GameState:
    state = codec.decode(data["state"])
    assert isinstance(state, BidsState)
    return state


def bids_report(double_step: bool = False) -> CommitmentReport:
    report = CommitmentReport()
    for seed in range(6):
        one = commitment_playout(BidsState(3, seed, double_step), seed, load_bids)
        report.problems += one.problems
        report.redrawn += one.redrawn
        report.reveals += one.reveals
    return report


def test_sealed_bids_pass_the_commitment_checks() -> None:
    for double_step in (False, True):
        report = bids_report(double_step)
        assert report.problems == [] and report.redrawn > 0 and report.reveals == 6
        assert secret_playout(BidsState(3, 0, double_step), 0).problems == []


@codec.serializable
class EarlyBids(BidsState):
    """Reveals as soon as all but the last seat have bid."""

    def _apply(self, action: Action) -> None:
        super()._apply(action)
        if self.turn == self.num_players - 1:
            SEALED_BIDS.reveal(self)


@codec.serializable
class LateBids(BidsState):
    """Reveals one decision late: after the last bid, P1 must confirm."""

    @property
    def current_player(self) -> int | None:
        return None if self.revealed else self.turn % self.num_players

    def _legal_actions(self) -> list[Action]:
        return [Action("confirm")] if self.turn == self.num_players else super()._legal_actions()

    def _apply(self, action: Action) -> None:
        if action.kind == "confirm":
            SEALED_BIDS.reveal(self)
        else:
            super()._apply(action)


def test_a_reveal_before_every_seat_has_chosen_is_caught() -> None:
    report = commitment_playout(EarlyBids(3, 0), 0, load_bids)
    assert report.problems == ["bids decision 1: revealed before every seat had chosen"]


def test_a_reveal_after_every_seat_has_chosen_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SealedBids, "close_when_all_chosen", lambda self, s: False)
    report = commitment_playout(LateBids(3, 0), 0, load_bids)
    assert report.problems == ["bids decision 3: every seat has chosen but nothing is revealed"]


def test_a_determinization_that_keeps_the_others_commitments_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SealedBids, "redraw", lambda self, s, new, seats, rng: None)
    report = bids_report()
    assert report.problems == [] and report.redrawn == 0  # the suite then fails on "nothing redrawn"


def test_a_determinization_that_redraws_the_players_own_commitment_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SealedBids, "determinize", lambda self, s, new, player, rng: self.redraw(s, new, range(3), rng))
    assert any("changed its own commitment" in p for p in bids_report().problems)


def test_a_save_that_loses_a_commitment_is_caught() -> None:
    def forgetful(data: dict[str, object]) -> GameState:
        state = load_bids(data)
        assert isinstance(state, BidsState)
        state.bids = [0] * 3
        return state

    report = commitment_playout(BidsState(3, 1), 1, forgetful)
    assert any("save and load changed" in p for p in report.problems)


KIT = {"seeds": 20, "skip": ("rules-version",)}
"""The kit as an author runs it, less the rules digest (the bugs below change play, not the rules)."""


def test_the_toy_games_pass_the_whole_kit() -> None:
    for name, skipped in (("toy", ["rl-reset"]), ("knockout", [])):  # the toy has no RL layout
        report = check_game(name, seeds=20)
        assert list(report.skipped) == skipped and len(report.passed) + len(skipped) == len(NAMES)


def test_a_spectator_view_that_shows_every_hand_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = ToyState.observation

    def showing(self: ToyState, player: int | None) -> dict[str, object]:
        view = real(self, player)
        if player is None:
            view["hands"] = [sorted(h) for h in self.hands]
        return view

    monkeypatch.setattr(ToyState, "observation", showing)
    with pytest.raises(CheckFailed, match="spectator's observation shows") as failed:
        check_game("toy", **KIT)
    assert failed.value.check == "hidden-spectator"


def test_drawn_cards_in_a_public_events_parameters_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = ToyState.emit_private

    def public_card(self: ToyState, key: str, owner: int, public_key: str | None = None,
                    public_params: dict[str, object] | None = None, **params: object) -> None:
        real(self, key, owner, public_key, {**(public_params or {}), "card": params["card"]}, **params)  # for all

    monkeypatch.setattr(ToyState, "emit_private", public_card)
    with pytest.raises(CheckFailed, match="public events depend on a card") as failed:
        check_game("toy", **KIT)
    assert failed.value.check == "hidden-events"


def test_a_drawn_card_told_to_one_other_seat_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A private event that reaches one other seat (not the spectator) with the card in it."""
    real = ToyState.emit_private

    def told_to_the_next(self: ToyState, key: str, owner: int, public_key: str | None = None,
                         public_params: dict[str, object] | None = None, **params: object) -> None:
        real(self, key, owner, public_key, public_params, **params)
        self.emit(key, frozenset(((owner + 1) % self.num_players,)), **params)

    monkeypatch.setattr(ToyState, "emit_private", told_to_the_next)
    with pytest.raises(CheckFailed, match="the events P\\d gets depend on a card P\\d cannot see") as failed:
        check_game("toy", **KIT)
    assert failed.value.check == "hidden-events"


def test_notes_that_name_another_seats_hand_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A note for the seat to move ("your rival holds …") read from a hand it cannot see."""
    monkeypatch.setattr(ToyState, "notes", lambda self, locale="en": [f"P2 holds {sorted(self.hands[1])}"])
    with pytest.raises(CheckFailed, match="notes on the decision depend on a hidden card") as failed:
        check_game("toy", **KIT)
    assert failed.value.check == "hidden-seat-views"


def test_a_reset_that_returns_a_finished_game_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def one_deal(self: SabbatGymEnv, *, seed: int | None = None, options: object = None) -> object:
        """A reset without redeals: the opponents' opening moves may end the game for the learner."""
        gymnasium.Env.reset(self, seed=seed)
        assert isinstance(self.seat_rule, int)
        self.seat = self.seat_rule
        self.state = self.codec.game.new(self.num_players, int(self.np_random.integers(1 << 63)), self.options)
        others = [p for p in range(self.num_players) if p != self.seat]
        self._bots = {p: agents.get(name, self.game_id, int(self.np_random.integers(1 << 31)))
                      for p, name in zip(others, self.opponent_names, strict=True)}
        self._play_others()
        return self._observe()

    check_game("knockout", checks=["rl-reset"], seeds=20)
    monkeypatch.setattr(SabbatGymEnv, "reset", one_deal)
    with pytest.raises(CheckFailed, match="reset\\(\\) returned a finished game") as failed:
        check_game("knockout", **KIT)
    assert failed.value.check == "rl-reset"


def test_the_command_line_names_each_check_and_the_failed_one(capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from sabbat.testing.__main__ import main

    assert main(["check", "toy", "--seeds", "4"]) == 0
    out = capsys.readouterr().out
    assert "ok      hidden-events" in out and "skipped rl-reset" in out
    monkeypatch.setattr(ToyState, "observation", lambda self, player: {"hands": self.hands})
    assert main(["check", "toy", "--seeds", "4"]) == 1
    assert capsys.readouterr().err.startswith("FAILED [hidden-seat-views] toy 2p:")
