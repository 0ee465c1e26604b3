"""`gym_env().reset()` hands the learner a live game: in Knockout (a seat may be struck out before
its first turn) a deal that ends before the learner moves is dealt again, and says so."""

from __future__ import annotations

from sabbat import rl


def test_reset_deals_again_when_the_learner_is_out_before_its_first_turn() -> None:
    env = rl.gym_env("knockout", 3, opponents=["random"], seat=2)
    redealt = 0
    for seed in range(60):
        obs, info = env.reset(seed=seed)
        assert env.state is not None and not env.state.is_terminal() and env.state.current_player == 2
        assert obs["action_mask"].any()
        redealt += info["redeals"]
    assert redealt  # some first deals ended before seat 3 had moved: the check is not vacuous


def test_a_learner_struck_out_later_gets_the_final_reward_in_that_step() -> None:
    env = rl.gym_env("knockout", 3, opponents=["random"], seat=0)
    ended = 0
    for seed in range(40):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, reward, done, truncated, info = env.step(int(obs["action_mask"].argmax()))
            assert not info.get("illegal_action")
            assert not truncated
        ended += 1
        assert reward in (0.0, 1.0)
    assert ended == 40
