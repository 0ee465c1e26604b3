"""Message catalogues: both languages, localized parameters, safe fallbacks."""

from sabbat.core import i18n

i18n.register("t_i18n", {"en": {"hello": "Hello {name}"}, "ja": {"hello": "こんにちは{name}"}})


def test_renders_in_each_language_with_localized_parameters() -> None:
    name = {"en": "Dragon", "ja": "ドラゴン"}
    assert i18n.render("t_i18n.hello", "en", {"name": name}) == "Hello Dragon"
    assert i18n.render("t_i18n.hello", "ja", {"name": name}) == "こんにちはドラゴン"


def test_missing_locale_falls_back_to_english_and_missing_key_to_the_key() -> None:
    i18n.register("t_i18n2", {"en": {"only": "English only"}})
    assert i18n.render("t_i18n2.only", "ja") == "English only"
    assert i18n.render("t_i18n2.none", "en", {"a": 1}) == "t_i18n2.none a=1"


def test_a_missing_parameter_does_not_crash() -> None:
    assert i18n.render("t_i18n.hello", "en", {}) == "Hello {name}"


def test_lists_are_joined_per_language() -> None:
    assert i18n.localize([{"en": "a", "ja": "あ"}, "b"], "ja") == "あ、b"


def test_default_locale_follows_the_environment(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("SABBAT_LANG", "ja_JP.UTF-8")
    assert i18n.default_locale() == "ja"
    monkeypatch.setenv("SABBAT_LANG", "C")
    assert i18n.default_locale() == "en"


def test_seats_render_one_based_with_the_seat_spec() -> None:
    i18n.register("t_i18n3", {"en": {"turn": "{player:seat} to move"}, "ja": {"turn": "{player:seat}の手番"}})
    assert i18n.render("t_i18n3.turn", "en", {"player": 0}) == "P1 to move"
    assert i18n.render("t_i18n3.turn", "ja", {"player": 2}) == "P3の手番"


def test_a_list_of_seats_is_joined_with_each_languages_separator() -> None:
    i18n.register("joined_test", {"en": {"row": "{player:seat} ({n})"}, "ja": {"row": "{player:seat}（{n}）"}})
    listed = i18n.joined("joined_test.row", [{"player": 0, "n": 12}, {"player": 2, "n": 9}])
    assert listed == {"en": "P1 (12), P3 (9)", "ja": "P1（12）、P3（9）"}
    assert i18n.render("joined_test.row", "ja", {"player": 1, "n": listed}).endswith("（P1（12）、P3（9））")
    mixed = i18n.join_messages([("joined_test.row", {"player": 1, "n": 3}), ("joined_test.none", {})])
    assert mixed["en"].startswith("P2 (3), ") and i18n.list_separator("ja") == "、"


def test_a_counted_word_agrees_with_its_number() -> None:
    i18n.register("t_plural", {"en": {"n": "{count:plural:chest:chests}", "odd": "{count:plural:sheep}"}})
    assert [i18n.render("t_plural.n", "en", {"count": c}) for c in (0, 1, 2)] == ["0 chests", "1 chest", "2 chests"]
    assert i18n.render("t_plural.odd", "en", {"count": 3}) == "3 sheep"


def test_no_english_message_counts_with_a_parenthesised_plural() -> None:
    """ "1 coin(s)" reads as a machine wrote it; every counted word uses the plural spec instead."""
    import sabbat.games  # noqa: F401  (registers every game's messages)

    bad = sorted(k for k in i18n.keys("en") if "(s)" in (i18n.template(k, "en") or ""))
    assert bad == []
