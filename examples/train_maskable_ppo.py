"""Train a policy with action masking (sb3-contrib MaskablePPO) on one sabbat game.

    pip install -e '.[rl-train]'
    python examples/train_maskable_ppo.py --game magic_master --minutes 25

Half the training games are against the random player, half against the game's heuristic;
every `--eval-every` steps the deterministic policy plays fixed games against both, and the
win rates go to `<out>/rl_train_<game>.json` and a learning-curve PNG beside it. The policy
is saved where `--policy` says and plays anywhere an agent name is taken:

    sabbat tournament magic-master --agents policy:examples/policies/magic_master_ppo.zip,heuristic -n 100
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

from sabbat import rl
from sabbat.rl.policy import VectorObservation


def make_env(game: str, players: int, opponent: str, seed: int) -> Any:
    def build() -> Any:
        env = VectorObservation(rl.gym_env(game, players, opponents=[opponent], seat="random"))
        env.reset(seed=seed)
        return Monitor(env)

    return build


def win_rate(model: MaskablePPO, game: str, players: int, opponent: str, games: int) -> float:
    """Share of `games` fixed games won by the deterministic policy, its seat rotating."""
    env = VectorObservation(rl.gym_env(game, players, opponents=[opponent], seat="rotate"))
    won = 0.0
    for i in range(games):
        obs, _ = env.reset(seed=10_000 + i)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _, _ = env.step(int(action))
        won += float(reward)
    return won / games


class Curve(BaseCallback):
    """Measures win rates every `every` steps and stops training at the time limit."""

    def __init__(self, args: argparse.Namespace) -> None:
        super().__init__()
        self.args = args
        self.start = time.monotonic()
        self.points: list[dict[str, float]] = []
        self.next_eval = 0

    def evaluate(self) -> None:
        a = self.args
        eval_start = time.monotonic()
        point = {
            "steps": float(self.num_timesteps),
            "minutes": round((eval_start - self.start) / 60, 2),
            "vs_random": win_rate(self.model, a.game, a.players, "random", a.eval_games),
            "vs_heuristic": win_rate(self.model, a.game, a.players, "heuristic", a.eval_games),
        }
        self.points.append(point)
        print(json.dumps(point), flush=True)
        self.next_eval = self.num_timesteps + a.eval_every

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next_eval:
            self.evaluate()
        return time.monotonic() - self.start < self.args.minutes * 60


def plot(points: list[dict[str, float]], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [p["steps"] for p in points]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps, [p["vs_random"] for p in points], marker="o", label="vs random")
    ax.plot(steps, [p["vs_heuristic"] for p in points], marker="s", label="vs heuristic")
    ax.axhline(0.5, color="grey", linestyle=":", linewidth=1)
    ax.set_xlabel("training steps (learner decisions)")
    ax.set_ylabel("win rate of the greedy policy")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="magic_master")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--minutes", type=float, default=25.0, help="wall-clock budget for training")
    p.add_argument("--eval-every", type=int, default=20_000)
    p.add_argument("--eval-games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--policy", type=Path, default=None, help="where to save the policy")
    p.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    args = p.parse_args()
    torch.set_num_threads(1)
    policy_path = args.policy or Path(f"examples/policies/{args.game}_ppo.zip")
    envs = DummyVecEnv([make_env(args.game, args.players, opp, args.seed + i) for i, opp in enumerate(["random", "heuristic"] * 2)])
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        learning_rate=3e-4,
        n_steps=512,
        batch_size=256,
        n_epochs=4,
        gamma=0.995,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [64, 64]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    curve = Curve(args)
    started = time.monotonic()
    model.learn(total_timesteps=10**9, callback=curve)
    curve.evaluate()
    minutes = (time.monotonic() - started) / 60
    policy_path.parent.mkdir(parents=True, exist_ok=True)
    model.policy.save(str(policy_path))
    args.out.mkdir(parents=True, exist_ok=True)
    stem = args.out / f"rl_train_{args.game}"
    record = {
        "game": args.game,
        "players": args.players,
        "algorithm": "sb3-contrib MaskablePPO, MLP 64x64, 4 envs (2 vs random, 2 vs heuristic)",
        "threads": 1,
        "wall_minutes": round(minutes, 1),
        "steps": curve.points[-1]["steps"],
        "eval_games_per_point": args.eval_games,
        "policy": str(policy_path),
        "curve": curve.points,
    }
    stem.with_suffix(".json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    plot(curve.points, stem.with_suffix(".png"), f"MaskablePPO on {args.game} ({args.players} players)")
    print(f"saved {policy_path}, {stem}.json and .png after {minutes:.1f} min")


if __name__ == "__main__":
    main()
