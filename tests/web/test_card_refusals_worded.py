"""A refused card file is explained wholly in the person's language.

Each case is a game's own shipped card file with one thing broken (its syntax, its sections, one
entry's fields, types, ranges, ids or provenance, or one of the game's own checks), sent with a
new table. A Japanese page reads the refusal in Japanese, quoting nothing in English but the
identifiers of the file (sections, fields, ids, values) and of the game (its effect names); an
English page reads it in English; neither names the file's internal name, and nothing is created.
"""

from __future__ import annotations

import ast
import copy
import json
import re
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Literal

import pytest
import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.testclient import TestClient

from sabbat import games
from sabbat.core import carddata, i18n
from sabbat.core.entryproblems import problem
from sabbat.core.errors import CardDataError
from sabbat.games.bellum_magica import cards as bellum_cards
from sabbat.games.monslaught import cards as monslaught_cards
from sabbat.games.mystic_vale import cards as mystic_vale_cards
from sabbat.web import refusals
from sabbat.web.app import create_app
from sabbat.web.fair import Shares

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
WORD = re.compile(r"[A-Za-z]{3,}")
GAMES = ("nameless_dark_lord", "bellum_magica", "monslaught", "mystic_vale", "magic_master")
NAMES_OF_FORMATS = {"YAML", "UTF-8", "UTF", "JSON", "TOML", "Unicode"}
"""Names a Japanese sentence writes as they are."""
SCHEMA_WORDS = {"rulebook", "public", "reconstructed", "default", "true", "false"}
"""The values every card file's schema names (its provenance sources, its booleans)."""
GAME_WORDS = (monslaught_cards.ABILITIES | monslaught_cards.ACTIONS | monslaught_cards.PENALTIES
              | mystic_vale_cards.PLAY_EFFECTS | mystic_vale_cards.HARVEST_EFFECTS | mystic_vale_cards.ONGOING_EFFECTS
              | set(bellum_cards.LEFT_ICONS) | set(bellum_cards.RIGHT_ICONS))
"""The names a game's own checks list as the ones allowed (effects, icons)."""


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The whole app, with room for every refusal of this file from one address (refusals count
    against the table cap, and each file's bytes against the sender's share)."""
    pool = ThreadPoolExecutor(2)
    app = create_app(str(tmp_path_factory.mktemp("cards") / "t.sqlite3"), pool=pool, grace_s=0.2,
                     tables_per_client=10_000, shares=Shares(rate=1e9, burst=1e9))
    with TestClient(app) as c:
        yield c
    pool.shutdown(wait=True, cancel_futures=True)


def shipped(game: str) -> str:
    return games.get(game).resource("cards.yaml").read_text(encoding="utf-8")


def identifiers(text: str) -> set[str]:
    """What a refusal may quote as it is: every key and every one-word value of the file, and
    the names of the games' effects and the card schema's values."""
    named = set(SCHEMA_WORDS) | set(GAME_WORDS) | NAMES_OF_FORMATS
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        data = yaml.safe_load(shipped_of_text(text))

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                named.add(str(key))
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and TOKEN.fullmatch(value):
            named.add(value)

    walk(data)
    return named


def shipped_of_text(text: str) -> str:
    """The shipped file a broken text was made from (the one it starts with)."""
    return next(shipped(g) for g in GAMES if text.startswith(shipped(g)))


def english_words(message: str, named: set[str]) -> list[str]:
    """The words of three or more letters left once the identifiers are taken out."""
    return [w for token in TOKEN.findall(message) if token not in named for w in WORD.findall(token)]


# ----- the broken files ------------------------------------------------------------------------------
Data = dict[str, Any]


def entry(data: Data, section: str, **match: Any) -> dict[str, Any]:
    """The first entry of `section` whose fields have the values of `match`."""
    found: dict[str, Any] = next(e for e in data[section] if all(e.get(k) == v for k, v in match.items()))
    return found


def first(data: Data) -> dict[str, Any]:
    """The first entry of the file's first section."""
    section = next(k for k, v in data.items() if isinstance(v, list))
    found: dict[str, Any] = data[section][0]
    return found


def first_section(data: Data) -> str:
    return next(k for k, v in data.items() if isinstance(v, list))


def drop(data: Data, section: str, **match: Any) -> None:
    data[section] = [e for e in data[section] if not all(e.get(k) == v for k, v in match.items())]


def remake(data: Data, section: str, kind_from: str, kind_to: str, until: Callable[[Data], bool]) -> None:
    """Change the `kind` of entries of `section` from `kind_from` to `kind_to`, one at a time, until `until`."""
    for e in data[section]:
        if until(data):
            return
        if e.get("kind") == kind_from:
            e["kind"] = kind_to


def mm_count(data: Data, *kinds: str) -> int:
    return sum(e.get("count", 1) for s in ("characters", "deck") for e in data[s] if e["kind"] in kinds)


Break = Callable[[Data], Any]
COMMON: list[tuple[str, Break, str, str]] = [
    ("not sections", lambda d: d.clear() or d.update({"_list": True}), "must hold a mapping of sections",
     "のマッピングにしてください"),
    ("an unknown section", lambda d: d.update(bogus_section=[]), "unknown sections: bogus_section",
     "不明なセクションがあります: bogus_section"),
    ("a section that is not a list", lambda d: d.update({first_section(d): 5}), "needs a list named",
     "という名前のリストが必要です"),
    ("an entry that is not a mapping", lambda d: d[first_section(d)].__setitem__(0, 5),
     "an entry is a mapping of fields", "項目はマッピング"),
    ("a missing field", lambda d: first(d).pop("name"), "name is missing", "name がありません"),
    ("a wrong type", lambda d: first(d).update(count="many"), "count must be a whole number", "count は整数に"),
    ("an id that is not text", lambda d: first(d).update(id=5), "entry #1: id must be text", "項目 #1: id は文字列に"),
    ("a count out of range", lambda d: first(d).update(count=-1), "count must be 0 to 1000", "count は0〜1000に"),
    ("a number too large", lambda d: d["meta"].update(big=99999), "holds the number 99999",
     "数値 99999 があります"),
    ("an unknown field", lambda d: first(d).update(colour_typo=1), "colour_typo is not a field of this card",
     "colour_typo はこのカードの項目ではありません"),
    ("two problems in one entry", lambda d: first(d).update(count="many", colour_typo=1),
     "count must be a whole number, colour_typo is not a field", "count は整数にしてください、colour_typo は"),
    ("a duplicate id", lambda d: d[first_section(d)].append(copy.deepcopy(first(d))), "appears twice",
     "が2回出てきます"),
    ("a provenance source not allowed", lambda d: first(d).update(provenance={"default": "guesswork"}),
     "the provenance of default is guesswork", "default の出典（provenance）が guesswork"),
    ("a provenance of no field", lambda d: first(d)["provenance"].update(bogus_field="rulebook"),
     "provenance names bogus_field", "provenance の bogus_field はこのカードの項目ではありません"),
    ("a value with no provenance", lambda d: first(d).update(provenance={}), "no provenance for",
     "の出典（provenance）がありません"),
    ("a name in one language", lambda d: first(d).update(name={"en": "Solo"}), "name needs both en and ja",
     "name には en と ja の両方が必要です"),
]

OWN: list[tuple[str, str, Break, str, str]] = [
    ("nameless_dark_lord", "a role not offered", lambda d: first(d).update(role="boss"),
     "role must be one of: deck, initial", "role は次のいずれかにしてください: deck、initial"),
    ("nameless_dark_lord", "no red throne", lambda d: entry(d, "cards", role="throne", colour="red").update(role="deck"),
     "four thrones", "玉座"),
    ("nameless_dark_lord", "a bomber short of copies", lambda d: entry(d, "cards", role="bomber").update(count=3),
     "bomber (role bomber) with 4 copies", "ボマー"),
    ("nameless_dark_lord", "more four-player copies than copies",
     lambda d: entry(d, "cards", role="deck").update(four_player=9), "more copies for four players",
     "4人用の枚数（four_player）が"),
    ("nameless_dark_lord", "a negative territory without a group",
     lambda d: entry(d, "cards", role="negative").pop("group"), "needs a group", "には group が必要です"),
    ("bellum_magica", "a location kind not offered", lambda d: entry(d, "locations", kind="farm").update(kind="castle"),
     "kind must be one of: tavern, farm, village, town", "kind は次のいずれかにしてください"),
    ("bellum_magica", "a bonus not offered", lambda d: entry(d, "evil").update(bonus=["gem"]),
     "bonus.0 must be one of: shield", "bonus.0 は次のいずれかにしてください"),
    ("bellum_magica", "a strip of five rows", lambda d: entry(d, "boards")["left"].pop(),
     "left needs 6 rows (one per die face), not 5", "left は出目ごとに1行、6行にしてください（今は5行）"),
    ("bellum_magica", "an icon not on the strip", lambda d: entry(d, "boards")["left"].__setitem__(0, "gem"),
     "left shows an icon gem there is not", "left のアイコン gem はありません"),
    ("bellum_magica", "a board with a magic sword", lambda d: entry(d, "boards")["right"].__setitem__(1, "msword"),
     "shows a magic sword", "魔法の剣（msword）があります"),
    ("bellum_magica", "a location of two copies", lambda d: entry(d, "locations", kind="farm").update(count=2),
     "must have count 1", "の count は1にしてください"),
    ("bellum_magica", "no tavern", lambda d: entry(d, "locations", kind="tavern").update(kind="farm"),
     "exactly one tavern (kind tavern), not 0", "酒場（kind が tavern）がちょうど1枚必要です（今は0枚）"),
    ("bellum_magica", "too few towns", lambda d: drop(d, "locations", kind="town"),
     "at least 10 locations of kind town (for 4 players), not 0", "kind が town の場所が10枚以上必要です"),
    ("bellum_magica", "four castle boards", lambda d: d["boards"].pop(), "5 castle boards are needed, not 4",
     "城ボードが5枚必要です（今は4枚）"),
    ("bellum_magica", "nine goblins", lambda d: d["goblins"].pop(), "10 goblins are needed", "ゴブリンが10枚必要です"),
    ("monslaught", "a tier not offered", lambda d: first(d).update(tier="top"),
     "tier must be one of: initial, lower, middle, upper", "tier は次のいずれかにしてください"),
    ("monslaught", "an unknown effect", lambda d: first(d).update(action="fly_away"),
     "names an unknown effect fly_away", "効果 fly_away はありません"),
    ("monslaught", "an unknown penalty", lambda d: entry(d, "bosses").update(penalty="explode"),
     "unknown penalty explode", "ペナルティ explode はありません"),
    ("monslaught", "a boss numbered 5", lambda d: entry(d, "bosses").update(number=5),
     "has number 5; bosses are numbered 1 to 4", "番号が5になっています。ボスの番号は1〜4です"),
    ("monslaught", "no farm", lambda d: drop(d, "lands", id="farm"), "needs an entry farm", "lands には farm の項目が必要です"),
    ("monslaught", "no boss numbered 4",
     lambda d: [b.update(number=3) for b in d["bosses"] if b["number"] == 4], "no boss numbered 4", "番号4のボスがいません"),
    ("monslaught", "no frog", lambda d: drop(d, "cards", id="frog"), "the initial card frog is missing",
     "初期カード frog がありません"),
    ("mystic_vale", "a vale level not offered", lambda d: entry(d, "vale_cards").update(level=3),
     "level must be one of: 1, 2", "level は次のいずれかにしてください: 1、2"),
    ("mystic_vale", "a position not offered", lambda d: entry(d, "starting_cards").update(per_deck={"sideways": 8}),
     "per_deck cannot have the key sideways; its keys are: none, top, middle, bottom", "per_deck にキー sideways は使えません"),
    ("mystic_vale", "an unknown effect",
     lambda d: next(e for e in d["advancements"] if "ability" in e)["ability"].update(effect="bogus_effect"),
     "effect named bogus_effect", "の効果に bogus_effect はありません"),
    ("mystic_vale", "a starting deck of 21", lambda d: entry(d, "starting_cards")["per_deck"].update(none=9),
     "a starting deck must have 20 cards, not 21", "初期デッキは20枚にしてください（今は21枚）"),
    ("mystic_vale", "an advancement of level 4", lambda d: d["advancements"][1].update(level=4),
     "has level 4; use 1, 2, 3", "レベルが4になっています。1、2、3 のいずれか"),
    ("mystic_vale", "no Fertile Soil", lambda d: entry(d, "advancements", supply="fertile_soil").update(supply="deck"),
     "needs one pile per position: 3, not 0", "肥沃な大地の山（supply が fertile_soil）"),
    ("mystic_vale", "a vale card that acts when played",
     lambda d: next(e for e in d["vale_cards"] if "ability" in e)["ability"].update(timing="play", effect="gain_mana"),
     "cannot use the play effect gain_mana: a vale card's ability is a harvest effect", "は play の効果 gain_mana を使えません。谷間カードの能力は harvest の効果"),
    ("magic_master", "a kind not offered", lambda d: first(d).update(kind="king"),
     "kind must be one of: heir, warrior, wizard", "kind は次のいずれかにしてください"),
    ("magic_master", "five wizards", lambda d: remake(d, "characters", "wizard", "warrior", lambda d: mm_count(d, "wizard") < 6),
     "at least 6 wizards are needed, not 5", "魔術士が6枚以上必要です（今は5枚）"),
    ("magic_master", "eleven heirs and warriors",
     lambda d: remake(d, "characters", "warrior", "wizard", lambda d: mm_count(d, "heir", "warrior") < 12)
     or remake(d, "characters", "heir", "wizard", lambda d: mm_count(d, "heir", "warrior") < 12),
     "at least 12 heirs and warriors are needed", "王位継承者と戦士が合わせて12枚以上必要です"),
    ("magic_master", "five heirs", lambda d: remake(d, "characters", "heir", "warrior", lambda d: mm_count(d, "heir") < 6),
     "at least 6 heirs are needed, not 5", "王位継承者が6枚以上必要です（今は5枚）"),
    ("magic_master", "a short deck", lambda d: entry(d, "deck").update(count=1), "needs 76 cards, not 74",
     "山札（紺の裏面のカード）は76枚必要です（今は74枚）"),
    ("magic_master", "an heir with no succession", lambda d: entry(d, "characters", kind="heir").update(suc=0),
     "needs succession (suc) 1 or more", "の継承権（suc）は1以上にしてください"),
]


def broken(game: str, brk: Break) -> str:
    data = yaml.safe_load(shipped(game))
    brk(data)
    if data == {"_list": True}:
        return "- a list\n- not sections\n"
    return json.dumps(data, ensure_ascii=False)  # YAML reads JSON, and it is half the size of YAML's own dump


CASES: list[tuple[str, str, str, str, str]] = [
    (game, what, broken(game, brk), en, ja) for game in GAMES for what, brk, en, ja in COMMON
] + [(game, what, broken(game, brk), en, ja) for game, what, brk, en, ja in OWN] + [
    (game, "bad YAML", shipped(game) + "broken: [unclosed, {\n", "is not valid YAML (line ", "YAML として正しくありません（")
    for game in GAMES
]


def refused(client: TestClient, game: str, cards: str, lang: str) -> str:
    """The refusal of a table with `cards`, in `lang` (a 400; its words are checked by the caller)."""
    players = games.get(game).info.min_players
    seats = [{"kind": "human"}] + [{"kind": "ai", "agent": "random"}] * (players - 1)
    body = {"game": game, "players": players, "seats": seats, "cards": cards}
    res = client.post(f"/api/tables?lang={lang}", json=body)
    assert res.status_code == 400, res.json()
    return str(res.json()["error"])


@pytest.mark.parametrize(("game", "what", "cards", "en", "ja"), CASES, ids=[f"{c[0]}: {c[1]}" for c in CASES])
def test_a_refused_card_file_reads_wholly_in_the_persons_language(client: TestClient, game: str, what: str,
                                                                  cards: str, en: str, ja: str) -> None:
    japanese = refused(client, game, cards, "ja")
    assert japanese.startswith("カードファイルを受け付けませんでした: ") and ja in japanese, japanese
    assert not english_words(japanese, identifiers(cards) | identifiers(shipped(game))), japanese
    english = refused(client, game, cards, "en")
    assert english.startswith("The card file was refused: ") and en in english, english
    assert not JAPANESE.search(english), english
    for message in (japanese, english):
        assert carddata.UPLOAD_DIR not in message and ".yaml" not in message, message
    assert client.get("/api/tables").json() == []


def test_the_line_and_column_of_a_syntax_error_are_numbers(client: TestClient) -> None:
    """The place a parser stopped is given as numbers, in each language."""
    cards = "cards:\n  - {id: a, name: [unclosed\n"
    assert "(line 3, column 1)" in refused(client, "monslaught", cards, "en")
    assert "（3行1列）" in refused(client, "monslaught", cards, "ja")


def test_the_terminal_keeps_its_english_messages(tmp_path: Path) -> None:
    """The terminal and the command line read `str(exc)`, as before: the file's name and pydantic's words."""
    game = games.get("monslaught")
    data = yaml.safe_load(shipped("monslaught"))
    first(data).update(count="many")
    path = tmp_path / "mine.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        game.new(2, 1, {"cards": str(path)})
    assert str(caught.value) == (f"{path}: cards entry big_cat: count: Input should be a valid integer, unable to parse "
                                 "string as an integer")


# ----- every reason, in both languages ----------------------------------------------------------------
SRC = Path(carddata.__file__).parents[1]
CARD_MODULES = [SRC / "core" / "carddata.py", SRC / "core" / "entryproblems.py",
                *sorted((SRC / "games").glob("*/cards.py"))]


def reasons_named(path: Path) -> set[str]:
    """The reasons a module names: `.tag("why", …)`, `EntryProblem(message, "why", …)`,
    `_Refused(message, "why", …)`, a `return "why", facts` and, in the pydantic module, every
    `field_` and `entry_` name."""
    named: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            at = {"tag": 0, "EntryProblem": 1, "_Refused": 1}.get(name)
            if at is not None and len(node.args) > at and isinstance(node.args[at], ast.Constant):
                named.add(str(node.args[at].value))
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and node.value.elts:
            head = node.value.elts[0]
            if isinstance(head, ast.Constant) and isinstance(head.value, str):
                named.add(head.value)
        elif (path.name == "entryproblems.py" and isinstance(node, ast.Constant) and isinstance(node.value, str)
              and re.fullmatch(r"(field|entry)_[a-z_]+", node.value)):
            named.add(node.value)
    return named


def untagged_raises(path: Path) -> list[int]:
    """Lines raising a card-file error (or a validator's ValueError) that names no reason."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name):
            if node.exc.func.id in ("CardDataError", "ValueError"):
                lines.append(node.lineno)
    return lines


@pytest.mark.parametrize("path", CARD_MODULES, ids=[f"{p.parent.name}/{p.name}" for p in CARD_MODULES])
def test_every_card_file_refusal_names_a_reason_worded_in_both_languages(path: Path) -> None:
    """A refusal raised with English words only would reach a Japanese page in English: each one
    names its reason, and each reason has its words in English and Japanese (the game's own, or
    the server's)."""
    assert untagged_raises(path) == [], f"{path}: refusals that name no reason"
    game = path.parent.name if path.parent.parent.name == "games" else None
    named = reasons_named(path)
    assert named, path
    for why in named:
        keys = ([f"{game}.why.{why}"] if game else []) + [f"web.why.{why}"]
        assert any(i18n.has(k, "en") and i18n.has(k, "ja") for k in keys), f"{why} ({path.name}) has no words"


# ----- what the upload never reaches: files on disk, other formats ------------------------------------
def worded_from(path: Path) -> dict[str, str]:
    with pytest.raises(CardDataError) as caught:
        carddata.read_file(path)
    said = refusals.worded(caught.value, hide=str(path))
    assert isinstance(said, dict), caught.value
    return said


@pytest.mark.parametrize(("name", "raw", "en", "ja"), [
    ("bad.toml", b'[[cards]]\nid = "a"\nname = \n', "it is not valid TOML (line 3, column 8)", "TOML として正しくありません（3行8列）"),
    ("bad.json", b'{"cards": [\n  {"id": "a",,}\n]}', "it is not valid JSON (line 2, column 14)", "JSON として正しくありません（2行14列）"),
    ("latin.json", '{"cards": "caf\xe9"}'.encode("latin-1"), "it is not UTF-8 text (byte 14)", "先頭から14バイトの位置"),
    ("latin.yaml", "cards: caf\xe9\n".encode("latin-1"), "it is not UTF-8 text (byte 10)", "先頭から10バイトの位置"),
    ("control.yaml", b"cards:\n  - x\x01\n", "it is not valid YAML (line 2, column 6)", "YAML として正しくありません（2行6列）"),
], ids=["TOML", "JSON", "latin-1 JSON", "latin-1 YAML", "a control character"])
def test_a_file_that_does_not_parse_says_where_in_each_language(tmp_path: Path, name: str, raw: bytes,
                                                                 en: str, ja: str) -> None:
    path = tmp_path / name
    path.write_bytes(raw)
    said = worded_from(path)
    assert said["en"] == en and ja in said["ja"] and not english_words(said["ja"], NAMES_OF_FORMATS), said
    assert name not in said["en"] + said["ja"]


class _Limited(BaseModel):
    """A schema with every constraint pydantic words, for `problem`."""

    model_config = ConfigDict(extra="forbid")
    whole: int = Field(0, ge=1, le=5)
    above: float = Field(1, gt=0, lt=10)
    items: list[str] = Field(["a"], min_length=1, max_length=2)
    label: str = Field("ab", min_length=2, max_length=3)
    flag: bool = False
    places: dict[Literal["top", "bottom"], int] = {}
    kind: Literal["a", "b"] = "a"


@pytest.mark.parametrize(("value", "why", "facts"), [
    ({"whole": 0}, "field_at_least", {"field": "whole", "min": 1}),
    ({"whole": 6}, "field_at_most", {"field": "whole", "max": 5}),
    ({"whole": 1.5}, "field_whole_number", {"field": "whole"}),
    ({"above": 0}, "field_above", {"field": "above", "min": 0}),
    ({"above": 10}, "field_below", {"field": "above", "max": 10}),
    ({"above": "x"}, "field_number", {"field": "above"}),
    ({"items": []}, "field_too_short", {"field": "items", "min": 1, "found": 0}),
    ({"items": ["a", "b", "c"]}, "field_too_long", {"field": "items", "max": 2, "found": 3}),
    ({"items": "a"}, "field_list", {"field": "items"}),
    ({"items": [1]}, "field_text", {"field": "items.0"}),
    ({"label": "a"}, "field_text_short", {"field": "label", "min": 2}),
    ({"label": "abcd"}, "field_text_long", {"field": "label", "max": 3}),
    ({"flag": "maybe"}, "field_bool", {"field": "flag"}),
    ({"places": []}, "field_mapping", {"field": "places"}),
    ({"places": {"side": 1}}, "field_key_choice", {"field": "places", "key": "side", "choices": ["top", "bottom"]}),
    ({"kind": "c"}, "field_choice", {"field": "kind", "choices": ["a", "b"]}),
    ({"other": 1}, "field_extra", {"field": "other"}),
    (5, "entry_mapping", {}),
], ids=lambda v: str(v))
def test_each_pydantic_error_is_a_reason_with_its_numbers(value: Any, why: str, facts: dict[str, Any]) -> None:
    with pytest.raises(ValidationError) as caught:
        _Limited.model_validate(value)
    reason = problem(caught.value.errors()[0])
    assert (reason.why, dict(reason.facts)) == (why, facts)
    said = refusals.worded(CardDataError("x").tag("card_entry", section="cards", entry="a", problems=[reason]))
    named = {"cards", "a", "top", "bottom", "true", "false", *TOKEN.findall(json.dumps(list(facts.values())))}
    assert isinstance(said, dict) and not english_words(said["ja"], named), said
