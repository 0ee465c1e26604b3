"""A newcomer's commands: --lang anywhere, options, rules, agents, --version."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sabbat import games
from sabbat.cli.main import cli
from sabbat.core.game import Game, GameInfo
from sabbat.core.options import Option


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.output


def test_lang_after_the_subcommand(tmp_path: Path) -> None:
    code, out = run("play", "toy", "--players", "2", "--ai", "random", "--seed", "3",
                    "--save", str(tmp_path / "g.json"), "--lang", "ja", input="quit\n")
    assert code == 0 and "の手番です" in out and "保存しました" in out
    code, out = run("agents", "--lang", "ja")
    assert code == 0 and "合法手からランダム" in out


def test_version() -> None:
    code, out = run("--version")
    assert code == 0 and out.startswith("sabbat ") and out.strip().split()[-1][0].isdigit()


def test_agents_lists_names_levels_and_cost_in_both_languages() -> None:
    code, en = run("--lang", "en", "agents")
    assert code == 0
    for name in ("random", "heuristic", "easy", "normal", "hard", "ismcts", "rollout"):
        assert name in en
    assert "about 0.5 s" in en and "about 3 s" in en
    code, ja = run("--lang", "ja", "agents")
    assert code == 0 and "約 0.5 秒" in ja and "1手の時間" in ja


def test_games_game_lists_options_with_values_and_defaults() -> None:
    code, out = run("--lang", "en", "games", "mystic-vale")
    assert code == 0 and "german_spirit_trade" in out and "true, false" in out and "cards" in out
    code, out = run("--lang", "ja", "games", "bellum-magica")
    option = next(iter(games.get("bellum_magica").info.options.values()))
    assert code == 0 and "既定値" in out and option.help_ja[:6] in out


def test_option_reaches_the_game_and_is_checked(tmp_path: Path) -> None:
    code, out = run("--lang", "en", "play", "mystic-vale", "--option", "german_spirit_trade=maybe")
    assert code == 2 and "true or false" in out and len(out.strip().splitlines()) == 1
    code, out = run("--lang", "en", "play", "mystic-vale", "--option", "no_such_option=1")
    assert code == 2 and "unknown option" in out and "german_spirit_trade" in out
    code, out = run("--lang", "en", "play", "mystic-vale", "--option", "novalue")
    assert code == 2 and "key=value" in out
    save = tmp_path / "g.json"
    code, out = run("--lang", "en", "play", "mystic-vale", "--option", "german_spirit_trade=true", "--ai", "random",
                    "--seed", "2", "--save", str(save), input="quit\n")
    assert code == 0, out
    from sabbat.core import replay

    assert replay.load(save, games.get).options["german_spirit_trade"] is True


def test_option_on_simulate_and_tournament() -> None:
    code, out = run("--lang", "en", "simulate", "toy", "-n", "1", "--option", "speed=fast")
    assert code == 2 and "unknown option" in out
    code, out = run("--lang", "en", "tournament", "toy", "-n", "1", "--option", "speed=fast")
    assert code == 2 and "unknown option" in out


class _RulesGame(Game):
    info = GameInfo(id="rulesgame", title={"en": "R", "ja": "R"}, min_players=2, max_players=2,
                    rules_version="1", max_decisions=1, options={"x": Option("an x", kind="bool", default=False)})


def test_rules_summary_in_the_chosen_language_with_english_fallback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "rulesgame"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "rules.en.md").write_text("# Rules\nPlay well.\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(_RulesGame, "__module__", "rulesgame")
    game: Any = _RulesGame()
    assert game.rules_text("en") == "# Rules\nPlay well.\n"
    assert game.rules_text("ja") == "# Rules\nPlay well.\n"  # English when Japanese is missing
    (package / "rules.ja.md").write_text("# ルール\n", encoding="utf-8")
    assert game.rules_text("ja") == "# ルール\n"
    sys.modules.pop("rulesgame", None)


def test_rules_command_prints_the_summary_or_says_it_is_missing() -> None:
    code, out = run("--lang", "en", "rules", "toy")
    assert code == 2 and "No rules summary" in out and len(out.strip().splitlines()) == 1
    shipped = [n for n in games.names() if games.get(n).rules_text("en")]
    for name in shipped[:1]:
        code, out = run("rules", name, "--lang", "ja")
        assert code == 0 and out.strip()


def test_help_inside_a_game_names_the_rules_command(tmp_path: Path) -> None:
    code, out = run("--lang", "en", "play", "toy", "--players", "2", "--ai", "random", "--seed", "3",
                    "--save", str(tmp_path / "g.json"), input="help\nrules\nquit\n")
    assert code == 0 and "rules summary" in out


def test_bench_out_never_replaces_a_file_unasked(tmp_path: Path) -> None:
    shipped = tmp_path / "throughput.json"
    shipped.write_text('{"throughput": []}', encoding="utf-8")
    code, out = run("bench", "--games", "toy", "--seconds", "0.05", "--out", str(shipped))
    assert code == 2 and "--overwrite" in out and shipped.read_text(encoding="utf-8") == '{"throughput": []}'


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_registered_agent_is_described_in_both_languages(lang: str) -> None:
    from sabbat import agents
    from sabbat.core import i18n

    for name in agents.names():
        for field in ("kind", "cost"):
            text = i18n.render(f"cli.agent.{name}.{field}", lang, {})
            assert text and "agent." not in text, (name, field, text)
