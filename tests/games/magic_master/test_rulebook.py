"""Rulebook clauses from the fidelity review: elimination, free regrouping, the defender's windows.

Each test is named after the clause it holds the engine to; the Japanese text is quoted above it.
"""

from __future__ import annotations

from sabbat import games
from sabbat.core import Action
from sabbat.games.magic_master.model import Phase, RegroupKind
from sabbat.games.magic_master.state import MagicMasterState
from tests.games.magic_master.mm_support import (
    GAN,
    H6,
    TB,
    TR,
    TU,
    W,
    act,
    bare,
    blank,
    dice,
    give,
    group,
    ids,
    kinds,
    reach,
    regroup,
)


def layout(s: MagicMasterState, p: int = 0) -> list[tuple[list[str], list[str], list[str], str]]:
    """p's groups as card ids (items sorted; troops inner -> outer), in a canonical order."""
    t = s.t
    out = [(sorted(ids(s, g.char)), sorted(ids(s, g.items)), ids(s, g.troops),
            t.inst[g.terrain].id if g.terrain >= 0 else "") for g in s.groups[p]]
    return sorted(out)


# 「自分の手番で組み替えが終了した時点で、グループを1つも作れなかった場合、プレイヤーは脱落します。」
def test_rulebook_eliminated_only_if_no_group_could_be_formed():
    s = blank()
    group(s, 1, "sigurd")
    (h,) = give(s, 0, "arthur")
    regroup(s)
    assert "end_regroup" not in kinds(s)  # a character in hand: a group can still be formed
    assert Action("play", (h, 0)) in s.legal_actions()
    act(s, "scrap", h)  # played and discarded: discarding is free (「捨て札とする事は自由です」)
    assert s.chars[0] == [] and "end_regroup" in kinds(s)  # now no group can be formed
    act(s, "end_regroup")
    assert s.eliminated[0]


def test_rulebook_scrapping_the_table_leaves_characters_in_hand_to_lead():
    s = blank()
    group(s, 1, "sigurd")
    group(s, 0, "galus", TU)
    give(s, 0, GAN)
    regroup(s)
    act(s, "scrap", s.groups[0][0].char[0])
    assert s.groups[0][0].char == [] and "end_regroup" not in kinds(s)
    assert {a.kind for a in s.legal_actions()} == {"play", "scrap", "next_stage"}
    act(s, "next_stage")
    act(s, "next_stage")
    act(s, "scrap", s.groups[0][0].troops[0])
    act(s, "next_stage")
    assert "end_regroup" not in kinds(s)  # to the last step: the wizard must lead, or be discarded


def test_rulebook_last_character_kept_with_option_keep_last_character():
    s = blank()
    s.options["keep_last_character"] = True
    group(s, 1, "sigurd")
    g = group(s, 0, "galus", TU)
    regroup(s)
    assert Action("scrap", (g.char[0],)) not in s.legal_actions()
    assert Action("keep", (g.char[0],)) in s.legal_actions()
    s.options["keep_last_character"] = False
    s._legal = None
    assert Action("scrap", (g.char[0],)) in s.legal_actions()
    # not the last character: one in hand leaves it free to go, and then the one in hand must stay
    s.options["keep_last_character"] = True
    (gan,) = give(s, 0, GAN)
    regroup(s)
    assert {Action("scrap", (g.char[0],)), Action("scrap", (gan,))} <= set(s.legal_actions())
    act(s, "scrap", g.char[0])
    assert Action("scrap", (gan,)) not in s.legal_actions() and Action("play", (gan, 0)) in s.legal_actions()


# 「組み替えは何枚でも自由に行える」「1度場に出してから、カードのグループ間の移動は自由です。」
def test_rulebook_regroup_every_card_may_end_in_any_group_that_can_keep_it():
    """Two full groups exchange every card, a third is formed from hand: each card is asked once,
    in its stage, and may go wherever it can stay."""
    s = bare()
    group(s, 1, "sigurd")
    a = group(s, 0, "dean", "soldiers", "soldiers", "soldiers", "knights", "knights", "royal_guard",
              "crown", "sceptre", "orb", "sword_of_state")
    b = group(s, 0, "galus", "dwarves", "dwarves", "dwarves", "elves", "elves", "centaurs", "centaurs")
    (gan,) = give(s, 0, GAN)
    monsters = give(s, 0, "orcs", "orcs", "orcs", "goblins", "goblins", "troll", "skeletons")
    staff, *arms = give(s, 0, "charm_staff", "sword", "sword", "armour", "armour")
    (cave,) = give(s, 0, "cave")
    regroup(s)
    from_a, from_b = a.items + a.troops, b.troops.copy()
    act(s, "play", gan, 2)
    for c in a.items.copy():
        reach(s, "move", c, 1)  # the regalia to galus (succession 7: he may lead black troops)
    for c in arms:
        reach(s, "play", c, 0)  # dean with a sword counts as a warrior: he may lead blue troops
    reach(s, "play", staff, 2)
    for n, c in enumerate(a.troops.copy()):
        reach(s, "troop", c, 1, n)
    for n, c in enumerate(from_b):
        reach(s, "troop", c, 0, n)
    for n, c in enumerate(monsters):
        reach(s, "troop", c, 2, n)
    reach(s, "play", cave, 1)
    assert ids(s, a.troops) == ids(s, from_b) and sorted(b.items + b.troops) == sorted(from_a)
    act(s, "end_regroup")
    assert s.phase is Phase.ATTACK and len(s.groups[0]) == 3


def test_rulebook_regroup_a_terrain_swap_is_reachable():
    """Two groups exchange their terrains: the castle goes to Harold, the forest it meets there
    comes to the Dean's group and is kept there."""
    s = blank()
    group(s, 1, "sigurd")
    group(s, 0, "dean", TB, "castle")
    group(s, 0, "harold", "forest")
    group(s, 0, "galus", TU)
    regroup(s)
    castle, forest = s.groups[0][0].terrain, s.groups[0][1].terrain
    assert Action("move", (castle, 2)) not in [*s.legal_actions()]  # galus may not hold a castle
    reach(s, "move", castle, 1)
    assert Action("move", (castle, 2)) not in s.legal_actions()
    act(s, "keep", forest)
    assert layout(s) == sorted([(["dean"], [], [TB], "forest"), (["harold"], [], [], "castle"),
                                (["galus"], [], [TU], "")])
    act(s, "end_regroup")


def test_rulebook_regroup_three_way_terrain_rotation_and_troop_order():
    s = bare()
    group(s, 1, "sigurd")
    group(s, 0, "dean", TB, "royal_guard", "castle")
    group(s, 0, "galus", TU, "forest")
    group(s, 0, "arthur", "knights", "cave")
    regroup(s)
    g0, g1, g2 = s.groups[0]
    castle, guard = g0.terrain, g0.troops[1]
    cave = g2.terrain
    # the terrains rotate (dean takes the forest, galus the cave, arthur the castle) and dean's
    # troops change order (the guard inside, the soldiers outside)
    reach(s, "troop", guard, 0, 0)
    reach(s, "move", castle, 2)  # the cave it meets comes to dean's group, undecided
    reach(s, "move", cave, 1)  # the forest it meets comes to dean's group
    reach(s, "keep", g0.terrain)
    assert layout(s) == sorted([(["dean"], [], ["royal_guard", TB], "forest"),
                                (["galus"], [], [TU], "cave"),
                                (["arthur"], [], ["knights"], "castle")])
    act(s, "end_regroup")
    assert s.phase is Phase.ATTACK


# 「攻撃される側は、そのグループに魔術士がいれば、シールド、ディスペルマジック、テレポーテーションなどの
#   カードを出して、攻撃を防ぐ事が出来ます。」 Being asked must not tell whether they hold one.
def test_rulebook_defender_with_a_wizard_is_always_asked_to_respond():
    seen = []
    for hand in ((), ("shield",), ("fireball",)):
        s = blank()
        group(s, 0, "galus", "elves")  # 2D+6, movement 2
        target = group(s, 1, GAN, TR)  # defence 7 + 11, movement 1
        give(s, 1, *hand)
        dice(s, 6, 6)
        act(s, "attack", 0, 1, 0)
        act(s, "no_support")
        assert s.phase is Phase.RESPONSE and s.current_player == 1
        seen.append([a.kind for a in s.legal_actions()])
        act(s, "no_response")
        assert target.troops == []
    assert seen == [["no_response"], ["no_response", "respond"], ["no_response"]]


def test_rulebook_no_response_window_without_a_wizard_or_undead():
    s = blank()
    group(s, 0, "galus", "elves")
    target = group(s, 1, H6, TB)  # defence 3 + 10, movement 2
    give(s, 1, "shield", "teleportation")  # useless without a wizard in the group
    dice(s, 6, 6)
    act(s, "attack", 0, 1, 0)
    act(s, "no_support")
    assert s.phase is Phase.TAKE and target.troops == []


def test_rulebook_undead_attack_always_asks_the_defender():
    for hand in ((), ("cleric",)):
        s = blank()
        group(s, 0, W)
        group(s, 1, H6, TB, "castle")
        (gh,) = give(s, 0, "ghost")
        give(s, 1, *hand)
        dice(s, 6, 6)
        act(s, "card_attack", gh, 1, 0)
        assert s.phase is Phase.RESPONSE and s.current_player == 1


# 「キャラクターが攻撃されて負けた時、ただちにクレリックのカードを出して、キャラクターを生き返らせる事が
#   出来ます。」
def test_rulebook_cleric_window_always_asks_the_owner_of_a_fallen_character():
    for hand in ((), ("cleric",), ("shield",)):
        s = blank()
        group(s, 0, W)
        g = group(s, 1, H6, "sword")
        give(s, 1, *hand)
        dice(s, 6)
        act(s, "attack", 0, 1, 0)
        act(s, "no_support")
        assert s.phase is Phase.CLERIC and s.current_player == 1
        assert [a.kind for a in s.legal_actions()] == ["no_cleric"] + (["cleric"] if hand == ("cleric",) else [])
        act(s, "no_cleric")
        assert g.char == [] and s.phase is Phase.CAPTURE


def test_rulebook_windows_look_the_same_to_the_attacker_whatever_the_hand():
    """The attacker's observations and events are identical whether or not the defender holds a
    response or a cleric, up to the defender's own decision."""
    views = []
    for hand in ((), ("cleric", "shield")):
        s = blank()
        group(s, 0, "galus")
        group(s, 1, GAN)
        give(s, 1, *hand)
        dice(s, 6)
        act(s, "attack", 0, 1, 0)
        act(s, "no_support")
        trail = [(s.phase, s.current_player)]
        act(s, "no_response")
        trail.append((s.phase, s.current_player))
        act(s, "no_cleric")
        trail.append((s.phase, s.current_player))
        obs = s.observation(0)
        obs["players"][1]["hand"] = None
        views.append((trail, obs, [e.to_json() for e in s.events_for(0)]))
    assert views[0] == views[1]


def test_rulebook_rules_version_is_five():
    game = games.get("magic_master")
    assert game.info.rules_version == "5" and game.new(2, 0).rules_version == "5"


def test_rulebook_player_out_in_the_setup_regroup_never_takes_a_turn():
    """The first seat in turn order drops out in the initial regroup: the next seat begins."""
    s = games.get("magic_master").new(3, 4)
    while s.phase is Phase.CHOOSE_HEIR:
        act(s, "choose_heir", *s.legal_actions()[0].args)
    first = s.rank[-1]  # the lowest succession plays first
    while s.phase is Phase.REGROUP and s.regroup_kind is RegroupKind.INITIAL:
        p = s.active
        if p == first:
            for g in list(s.groups[p]):
                act(s, "scrap", g.char[0])
            while s.chars[p]:
                assert "end_regroup" not in kinds(s)  # characters in hand could still lead a group
                act(s, "scrap", s.chars[p][0])  # played and discarded
        act(s, "end_regroup")
    assert s.eliminated[first] and s.order[0] == first
    assert s.active == s.order[1] and s.phase is Phase.REGROUP and s.turn_no == 1
    assert s.check_invariants() == []


# Card provenance: `rulebook` only where the rules text states the value for that card.
RULEBOOK_FIELDS = {
    # the example cards whose stat lines the text prints (names are ours except Gandaulf's)
    "elaine": {"kind", "colour", "atk_dice", "atk_bonus", "defence", "mov", "suc"},
    "galus": {"kind", "colour", "atk_dice", "atk_bonus", "defence", "mov", "suc"},
    "gandaulf": {"name", "kind", "colour", "mag", "defence", "mov", "suc"},
    "soldiers": {"kind", "colour", "atk_dice", "atk_bonus", "defence", "mov", "suc"},
    "dwarves": {"kind", "colour", "atk_dice", "atk_bonus", "defence", "mov", "suc"},
    "orcs": {"kind", "colour", "atk_dice", "atk_bonus", "defence", "mov", "suc"},
    # troops the text names by colour, with no stat line
    "knights": {"name", "kind", "colour"},
    "elves": {"name", "kind", "colour"},
    # heirs a public play report names: only the colour of every heir is the rulebook's
    "dean": {"colour"},
    "mcneil": {"colour"},
}
INVENTED = ("rosalind", "arthur", "margaret", "edgar", "cecile", "harold", "william", "brenda", "rolf",
            "sigurd", "iona", "borg", "melinda", "zarbak", "sylphia", "mordred", "lana", "oswald", "hecate",
            "royal_guard", "centaurs", "goblins", "troll", "skeletons", "royal_castle")


def test_rulebook_card_provenance_claims_only_what_the_text_states():
    from sabbat.games.magic_master.cards import load

    types = load({}).types
    for cid, want in RULEBOOK_FIELDS.items():
        c = types[cid]
        fields = c.model_fields_set - {"id", "provenance", "note", "count"}
        assert {f for f in fields if c.source_of(f) == "rulebook"} == want, cid
    for cid in INVENTED:
        c = types[cid]
        assert all(c.source_of(f) == "reconstructed" for f in c.model_fields_set - {"id", "provenance", "note"}), cid
    # values the text does give: dice thresholds, the ice storm's six dice, the regalia's role
    assert types["romance"].source_of("threshold") == "rulebook" and types["romance"].threshold == 5
    assert types["ice_storm"].source_of("atk_dice") == "rulebook" and types["ice_storm"].atk_dice == 6
    assert types["crown"].source_of("item_role") == "rulebook" and types["crown"].source_of("suc") == "reconstructed"
    assert types["ghost"].source_of("need_terrain") == "reconstructed"  # 「カードに記載のある地形」: not given
    assert types["ghost"].source_of("undead") == "reconstructed"
    assert types["soldiers"].source_of("name") == "reconstructed"  # the example line names no card


def test_regroup_events_name_the_group_as_the_board_numbers_it():
    s = bare()
    group(s, 1, "sigurd")
    group(s, 0, "dean", TB)
    group(s, 0, "harold")
    (tu,) = give(s, 0, "knights")
    regroup(s)
    reach(s, "troop", tu, 1, 0)
    reach(s, "troop", s.groups[0][0].troops[0], 1, 1)
    play, move = s.events[-2], s.events[-1]
    assert (play.key, play.params["group"]) == ("magic_master.event.play", 2)
    assert (move.key, move.params["group"]) == ("magic_master.event.move", 2)
    assert i18n_render(move) == "P1 moves Soldiers to group #2"


def i18n_render(e: object) -> str:
    from sabbat.core import i18n

    return i18n.render(e.key, "en", e.params)  # type: ignore[attr-defined]
