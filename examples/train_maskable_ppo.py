"""Train a policy with action masking (sb3-contrib MaskablePPO) on one sabbat game.

    pip install -e '.[rl-train]'
    python examples/train_maskable_ppo.py --game magic_master --minutes 25
    python examples/train_maskable_ppo.py --game mystic_vale --opponents heuristic --reward margin \\
        --expert rollout:100 --extra-inputs --imitate 160 --dagger 1 --dagger-games 60 \\
        --dataset labels.npz --net 256,128 --activation relu --minutes 75

The training environments play against `--opponents` (one name per environment, cycled over
four). `--imitate N` first teaches the policy the moves of `--expert` (default the game's
heuristic; a search such as `rollout:100` is far stronger) in N games against the heuristic,
and its value head their outcomes; `--dagger R` then R times lets the student play its own
games against the heuristic (`--dagger-games` each) with the expert labelling its positions,
and the student learns from all of them; then PPO goes on from there. Only decisions with more
than one legal action are labelled, and with `--dataset FILE` the labels are saved after each
step and read back by a later run with the same settings (it labels only the missing rounds).
`--extra-inputs` adds the game's extra inputs (`sabbat.rl.features`) to the vector; the
inputs are divided by their largest value in the labelled data (`sabbat.rl.scaled`). Every
`--eval-every` steps the deterministic policy plays fixed games against `random` and
`heuristic`, its seat rotating; the win rates, with steps and wall and CPU minutes, go to
`<out>/rl_train_<game>.json` and a learning-curve PNG beside it. The checkpoint with the best
rate against the heuristic is kept, then measured again on fresh games, and saved where
`--policy` says; it plays anywhere an agent name is taken:

    sabbat tournament mystic-vale --agents policy:examples/policies/mystic_vale_ppo.zip,heuristic -n 200
"""

from __future__ import annotations

import argparse
import copy
import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

from sabbat import agents, games, rl
from sabbat.rl.features import extra_inputs
from sabbat.rl.policy import VectorObservation
from sabbat.rl.scaled import ScaledInputs

EVAL_SEEDS, FRESH_SEEDS = 10_000, 50_000


def make_env(game: str, players: int, opponent: str, reward: str, seed: int, extra: bool) -> Any:
    def build() -> Any:
        env = VectorObservation(rl.gym_env(game, players, opponents=[opponent], seat="random", reward=reward), extra)
        env.reset(seed=seed)
        return Monitor(env)

    return build


def win_rate(policy: Any, game: str, players: int, opponent: str, n: int, first_seed: int, extra: bool) -> float:
    """Share of `n` fixed games won by the deterministic policy, its seat rotating."""
    env = VectorObservation(rl.gym_env(game, players, opponents=[opponent], seat="rotate"), extra)
    won = 0.0
    for i in range(n):
        obs, _ = env.reset(seed=first_seed + i)
        done, reward = False, 0.0
        while not done:
            action, _ = policy.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _, _ = env.step(int(action))
        won += float(reward)
    return won / n


def demonstrations(game: str, players: int, n: int, seed: int, expert: str, extra: bool,
                   student: Any = None) -> dict[str, Any]:
    """The expert's choices (where there is a choice) in `n` games against the heuristic: the
    learner's seat (rotating) vector, legal ids, the expert's id and the game's outcome for that
    seat (margin and win). Without `student` the expert plays the learner's seat; with one, the
    student plays it and the expert only labels its positions (DAgger: the positions the student
    itself reaches). When the expert is the heuristic, its moves at the other seats are labels too
    (they cost nothing)."""
    g = games.get(game)
    codec = rl.GameCodec(game)
    more = extra_inputs(codec.game_id) if extra else None
    to_id = codec.actions.to_id
    vectors, legal_ids, chosen, margin, won = [], [], [], [], []
    label_all = expert == "heuristic" and student is None
    started = time.process_time()
    for i in range(n):
        state = g.new(players, seed=seed + i)
        bots = [agents.get("heuristic", game, seed + i * players + p) for p in range(players)]
        learner = i % players
        teacher = bots[learner] if expert == "heuristic" else agents.get(expert, game, seed + i * players + learner)
        seats = []
        while not state.is_terminal():
            seat = state.current_player
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            if seat != learner and not label_all:
                state.apply(bots[seat].choose(state))
                continue
            action = (teacher if seat == learner else bots[seat]).choose(state)
            vector = codec.vector(state, seat)
            if more is not None:
                vector = np.concatenate([vector, more[0](state.observation(seat))])
            vectors.append(vector.astype(np.float16))
            legal_ids.append([to_id(a) for a in legal])
            chosen.append(to_id(action))
            seats.append(seat)
            if student is not None:
                mask = codec.observe(state, seat)["action_mask"].astype(bool)
                picked, _ = student.predict(vector, action_masks=mask, deterministic=True)
                action = codec.actions.to_action(int(picked))
            state.apply(action)
        margins, wins = codec.rewards(state, "margin"), codec.rewards(state, "win")
        margin.extend(margins[s] for s in seats)
        won.extend(wins[s] for s in seats)
        if (i + 1) % 20 == 0:
            print(json.dumps({"labelled_games": i + 1, "decisions": len(chosen),
                              "cpu_minutes": round((time.process_time() - started) / 60, 2)}), flush=True)
    # small whole numbers: float16 holds them exactly at half the memory (100k decisions: ~0.5 GB)
    return {"obs": np.stack(vectors), "legal": legal_ids, "actions": np.array(chosen),
            "margin": np.array(margin, dtype=np.float32), "win": np.array(won, dtype=np.float32)}


FIELDS = ("obs", "actions", "margin", "win")


def joined(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {k: np.concatenate([a[k], b[k]]) for k in FIELDS} | {"legal": a["legal"] + b["legal"]}


def save_dataset(path: Path, data: dict[str, Any], rounds: int, meta: dict[str, Any], cpu_minutes: float) -> None:
    """The labelled decisions and how many DAgger rounds they hold, so a run can resume."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lengths = np.array([len(x) for x in data["legal"]])
    flat = np.array([i for x in data["legal"] for i in x])
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, **{k: data[k] for k in FIELDS}, legal_flat=flat, legal_len=lengths,
                        rounds=np.array(rounds), meta=np.array(json.dumps(meta)),
                        cpu_minutes=np.array(cpu_minutes))
    tmp.replace(path)


def load_dataset(path: Path, meta: dict[str, Any]) -> tuple[dict[str, Any], int, float]:
    """The decisions saved by `save_dataset` (with the DAgger rounds and CPU minutes they took);
    refused when they were labelled for another setting."""
    with np.load(path) as z:
        saved = json.loads(str(z["meta"]))
        if saved != meta:
            raise SystemExit(f"{path} was labelled with {saved}, not {meta}")
        data = {k: z[k] for k in FIELDS}
        ends = np.cumsum(z["legal_len"])
        data["legal"] = [list(x) for x in np.split(z["legal_flat"], ends[:-1])]
        return data, int(z["rounds"]), float(z["cpu_minutes"])


def imitate(model: MaskablePPO, data: dict[str, Any], epochs: int, n_actions: int, reward: str) -> dict[str, float]:
    """Cross-entropy on the expert's choices (over the legal ids) and squared error of the value
    head on the outcomes (`reward`); returns the share of held-out decisions where the policy agrees."""
    policy = model.policy
    policy.set_training_mode(True)
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)
    n = len(data["actions"])
    order = np.random.default_rng(0).permutation(n)
    held, train = order[: n // 10], order[n // 10:]

    def batch(idx: np.ndarray) -> tuple[torch.Tensor, torch.Tensor, np.ndarray, torch.Tensor]:
        masks = np.zeros((len(idx), n_actions), dtype=bool)
        for row, i in enumerate(idx):
            masks[row, data["legal"][i]] = True
        return (torch.as_tensor(data["obs"][idx].astype(np.float32)), torch.as_tensor(data["actions"][idx]), masks,
                torch.as_tensor(data[reward][idx], dtype=torch.float32))

    for _ in range(epochs):
        np.random.default_rng(len(train)).shuffle(train)
        for start in range(0, len(train), 256):
            obs, actions, masks, returns = batch(train[start:start + 256])
            values, log_prob, _ = policy.evaluate_actions(obs, actions, action_masks=masks)
            loss = -log_prob.mean() + 0.5 * torch.nn.functional.mse_loss(values.flatten(), returns)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    policy.set_training_mode(False)
    agree = 0
    with torch.no_grad():
        for start in range(0, len(held), 512):
            obs, actions, masks, _ = batch(held[start:start + 512])
            picked = policy.get_distribution(obs, action_masks=masks).mode()
            agree += int((picked == actions).sum())
    return {"decisions": float(n), "held_out_agreement": agree / max(1, len(held))}


class Curve(BaseCallback):
    """Measures win rates every `every` steps, keeps the best policy, stops at the time limit."""

    def __init__(self, args: argparse.Namespace, start: float) -> None:
        super().__init__()
        self.args = args
        self.start = start
        self.points: list[dict[str, float]] = []
        self.next_eval = 0
        self.best: tuple[float, dict[str, Any] | None] = (-1.0, None)

    def evaluate(self, steps: float | None = None) -> None:
        a = self.args
        policy = self.model.policy
        point = {
            "steps": float(self.num_timesteps if steps is None else steps),
            "minutes": round((time.monotonic() - self.start) / 60, 2),
            "cpu_minutes": round(a.labelling_cpu_minutes + time.process_time() / 60, 2),
            "vs_random": win_rate(policy, a.game, a.players, "random", a.eval_games // 2, EVAL_SEEDS, a.extra_inputs),
            "vs_heuristic": win_rate(policy, a.game, a.players, "heuristic", a.eval_games, EVAL_SEEDS, a.extra_inputs),
        }
        self.points.append(point)
        print(json.dumps(point), flush=True)
        if point["vs_heuristic"] > self.best[0]:
            self.best = (point["vs_heuristic"], copy.deepcopy(policy.state_dict()) | {"_steps": point["steps"]})
        self.next_eval = self.num_timesteps + a.eval_every

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next_eval:
            self.evaluate()
        return time.monotonic() - self.start < self.args.minutes * 60


def plot(points: list[dict[str, float]], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 4), sharey=True)
    for ax, key, label in ((axes[0], "steps", "PPO steps (learner decisions)"),
                           (axes[1], "cpu_minutes", "CPU minutes (labelling and imitation included)")):
        xs = [p[key] for p in points]
        ax.plot(xs, [p["vs_random"] for p in points], marker="o", label="vs random")
        ax.plot(xs, [p["vs_heuristic"] for p in points], marker="s", label="vs heuristic")
        ax.axhline(0.5, color="grey", linestyle=":", linewidth=1)
        ax.set_xlabel(label)
        ax.set_ylim(0, 1)
    axes[0].set_ylabel("win rate of the greedy policy")
    axes[0].legend()
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def imitation_phase(args: argparse.Namespace, model: MaskablePPO, n_actions: int, started: float) -> dict[str, float]:
    """Labels (or reads) the expert's decisions, then imitates them, DAgger round after round."""
    meta = {"game": args.game, "players": args.players, "expert": args.expert, "imitate": args.imitate,
            "extra_inputs": args.extra_inputs, "seed": args.seed}
    dagger_games = args.dagger_games or args.imitate // 2
    done = -1
    if args.dataset is not None and args.dataset.exists():
        data, done, args.labelling_cpu_minutes = load_dataset(args.dataset, meta)
        print(json.dumps({"dataset": str(args.dataset), "decisions": len(data["actions"]), "dagger_rounds": done}))
    else:
        data = demonstrations(args.game, args.players, args.imitate, 1_000_000 + args.seed, args.expert,
                              args.extra_inputs)
        done = 0
        if args.dataset is not None:
            save_dataset(args.dataset, data, 0, meta, time.process_time() / 60)
    model.policy.features_extractor.set_scale(data["obs"])
    imitation = imitate(model, data, args.imitate_epochs, n_actions, args.reward)
    imitation |= {"dagger_round": done, "minutes": round((time.monotonic() - started) / 60, 2)}
    print(json.dumps({"imitation": imitation}), flush=True)
    for r in range(done, args.dagger):
        more = demonstrations(args.game, args.players, dagger_games, 2_000_000 + 100_000 * r + args.seed,
                              args.expert, args.extra_inputs, student=model.policy)
        data = joined(data, more)
        if args.dataset is not None:
            save_dataset(args.dataset, data, r + 1, meta, args.labelling_cpu_minutes + time.process_time() / 60)
        imitation = imitate(model, data, max(1, args.imitate_epochs // 2), n_actions, args.reward)
        imitation |= {"dagger_round": r + 1, "minutes": round((time.monotonic() - started) / 60, 2)}
        print(json.dumps({"imitation": imitation}), flush=True)
    return imitation


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="magic_master")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--minutes", type=float, default=25.0, help="wall-clock budget, imitation included")
    p.add_argument("--opponents", default="random,heuristic", help="agents the training envs play, cycled over 4 envs")
    p.add_argument("--reward", default="win", choices=rl.codec.REWARDS)
    p.add_argument("--imitate", type=int, default=0, help="games against the heuristic whose expert moves to imitate first")
    p.add_argument("--imitate-epochs", type=int, default=4)
    p.add_argument("--dagger", type=int, default=0, help="rounds of the expert labelling the student's own games")
    p.add_argument("--dagger-games", type=int, default=0, help="games a DAgger round plays (default: half of --imitate)")
    p.add_argument("--expert", default="heuristic", help="the agent whose moves are imitated (e.g. rollout:100)")
    p.add_argument("--dataset", type=Path, default=None,
                   help="labelled decisions: read when the file exists (only missing DAgger rounds are labelled), "
                        "written after each labelling step")
    p.add_argument("--extra-inputs", action="store_true", help="add the game's extra inputs (sabbat.rl.features)")
    p.add_argument("--net", default="64,64", help="hidden layer sizes")
    p.add_argument("--activation", default="tanh", choices=("tanh", "relu"))
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--n-steps", type=int, default=512)
    p.add_argument("--eval-every", type=int, default=20_000)
    p.add_argument("--eval-games", type=int, default=200, help="games against the heuristic (half that against random)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--policy", type=Path, default=None, help="where to save the policy")
    p.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    args = p.parse_args()
    torch.set_num_threads(1)
    started = time.monotonic()
    policy_path = args.policy or Path(f"examples/policies/{args.game}_ppo.zip")
    names = args.opponents.split(",")
    envs = DummyVecEnv([make_env(args.game, args.players, names[i % len(names)], args.reward, args.seed + i,
                                 args.extra_inputs) for i in range(4)])
    net = [int(x) for x in args.net.split(",")]
    model = MaskablePPO(
        "MlpPolicy", envs, learning_rate=args.lr, n_steps=args.n_steps, batch_size=256, n_epochs=4, gamma=0.995,
        clip_range=args.clip, ent_coef=args.ent_coef, policy_kwargs={
            "net_arch": net, "features_extractor_class": ScaledInputs,
            "activation_fn": torch.nn.ReLU if args.activation == "relu" else torch.nn.Tanh}, seed=args.seed, device="cpu",
        verbose=0,
    )
    args.labelling_cpu_minutes = 0.0
    imitation: dict[str, float] = {}
    if args.imitate:
        imitation = imitation_phase(args, model, int(envs.action_space.n), started)
    curve = Curve(args, started)
    curve.init_callback(model)
    model.learn(total_timesteps=10**9, callback=curve)
    curve.evaluate()
    best_rate, best = curve.best
    assert best is not None
    best_steps = best.pop("_steps")
    model.policy.load_state_dict(best)
    fresh = {
        "vs_heuristic": win_rate(model.policy, args.game, args.players, "heuristic", args.eval_games, FRESH_SEEDS,
                                 args.extra_inputs),
        "vs_random": win_rate(model.policy, args.game, args.players, "random", args.eval_games // 2, FRESH_SEEDS,
                              args.extra_inputs),
    }
    minutes = (time.monotonic() - started) / 60
    policy_path.parent.mkdir(parents=True, exist_ok=True)
    model.policy.save(str(policy_path))
    args.out.mkdir(parents=True, exist_ok=True)
    stem = args.out / f"rl_train_{args.game}"
    record = {
        "game": args.game,
        "players": args.players,
        "algorithm": f"sb3-contrib MaskablePPO, MLP {'x'.join(map(str, net))}, 4 envs against {names}, "
                     f"reward {args.reward}" + (f", after imitating {args.expert} in {args.imitate} games"
                                                f" and {args.dagger} DAgger rounds" if args.imitate else "")
                     + (", with the game's extra inputs" if args.extra_inputs else ""),
        "settings": {k: str(v) for k, v in vars(args).items()},
        "threads": 1,
        "wall_minutes": round(minutes, 1),
        "cpu_minutes": round(args.labelling_cpu_minutes + time.process_time() / 60, 1),
        "labelling_cpu_minutes_of_earlier_runs": round(args.labelling_cpu_minutes, 1),
        "steps": curve.points[-1]["steps"],
        "eval_games_per_point": {"heuristic": args.eval_games, "random": args.eval_games // 2},
        "imitation": imitation,
        "curve": curve.points,
        "kept": {"steps": best_steps, "vs_heuristic_on_curve": best_rate, "fresh_games": fresh},
        "policy": str(policy_path),
    }
    stem.with_suffix(".json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    plot(curve.points, stem.with_suffix(".png"), f"MaskablePPO on {args.game} ({args.players} players)")
    print(json.dumps({"kept": record["kept"]}), f"saved {policy_path}, {stem}.json and .png after {minutes:.1f} min")


if __name__ == "__main__":
    main()
