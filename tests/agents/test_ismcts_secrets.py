"""ISMCTS keeps secrets: an opponent's secret choices are one unseen move in its player's tree.

The shell game (`support/cups_game.py`) builds the case: the guesser's reply depends on the cup
the hider chose in secret. `safe` is worth half; `play` is worth a third to a guesser who cannot
see the cup, and a win to a tree that tells the hider's choices apart by their identity.
"""

from __future__ import annotations

import pytest

from sabbat.agents.ismcts import HIDDEN, ISMCTSAgent, Policy, SearchConfig, _Node
from sabbat.core import Action, GameState
from tests.support.cups_game import CupsState

WHOLE = SearchConfig(early_stop=False, reuse_tree=False)
GUESSES = {Action("guess", (c,)) for c in (1, 2, 3)}


def searched(state: GameState, config: SearchConfig = WHOLE, policy: Policy | None = None) -> tuple[Action, _Node]:
    """The move a 600-iteration search chooses, and the tree it grew."""
    agent = ISMCTSAgent(seed=1, iterations=600, config=config, rollout_policy=policy)
    best = agent.analyse(state)[0].action
    assert agent._last is not None
    return best, agent._last.root


def only(nodes: dict[str, _Node]) -> _Node:
    assert len(nodes) == 1, f"expected one information set, got {list(nodes)}"
    return next(iter(nodes.values()))


def test_the_hiders_secret_run_is_one_edge_and_the_guessers_reply_is_shared() -> None:
    best, root = searched(CupsState())
    assert best == Action("safe")  # a half beats a third: the cup is not known
    hider = only(root.edges[Action("play")].outcomes)
    assert hider.mover == 1 and list(hider.edges) == [HIDDEN]
    # one node for the guesser whatever the cup and however many times it was moved: the
    # hider's private events do not split it, the public "hidden" event is the same for all
    guesser = only(hider.edges[HIDDEN].outcomes)
    assert guesser.mover == 0 and set(guesser.edges) == GUESSES
    for edge in guesser.edges.values():
        assert 0.1 < edge.total / edge.visits < 0.6  # a third each, not 1 for the right cup


def test_a_tree_keyed_by_the_secret_plays_on_what_it_cannot_know(monkeypatch: pytest.MonkeyPatch) -> None:
    """The case the hidden edge removes: keyed by action, the guesser's reply 'knows' the cup."""
    monkeypatch.setattr(CupsState, "secret_choice", lambda self: False)
    best, root = searched(CupsState())
    assert best == Action("play")
    hider = only(root.edges[Action("play")].outcomes)
    assert HIDDEN not in hider.edges and len(hider.edges) == 3  # hide 1, 2, 3: one subtree per secret


class _HidesUnderTwo:
    """Hides the coin under cup 2 and stops; guesses cup 2; always plays."""

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        return next(a for a in (Action("done"), Action("hide", (2,)), Action("guess", (2,)), Action("play"))
                    if a in legal)


def test_the_hiders_secret_choices_follow_the_rollout_policy() -> None:
    """The opponent's secret choices are not searched but played by the rollout policy, so a
    search with a policy that always hides under cup 2 expects the coin there."""
    config = SearchConfig(early_stop=False, reuse_tree=False, rollout_epsilon=0.0)
    best, root = searched(CupsState(), config, _HidesUnderTwo())
    assert best == Action("play")
    guesser = only(only(root.edges[Action("play")].outcomes).edges[HIDDEN].outcomes)
    assert max(guesser.edges, key=lambda a: guesser.edges[a].visits) == Action("guess", (2,))


def test_the_searchers_own_secret_choices_keep_their_edges() -> None:
    state = CupsState()
    state.apply(Action("play"))
    _, root = searched(state)
    assert set(root.edges) == {Action("hide", (c,)) for c in (1, 2, 3)}
    assert HIDDEN not in root.edges
