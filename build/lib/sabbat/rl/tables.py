"""Frozen name tables for action arguments that name a card (or a board, a location).

Written once from the shipped card files, sorted; never reordered. A card a later card file
adds goes to the end of its table here (or, until then, into the spare slots of the layout).
"""

from __future__ import annotations

MONSLAUGHT_CARDS: tuple[str, ...] = (
    "banshee", "big_cat", "black_cat", "blue_wisp", "bone_witch", "cauldron", "child", "crystal_ball",
    "dark_tome", "dragon_whelp", "fallen_angel", "farm", "farm_back", "frog", "fuyure", "gargoyle",
    "ghost_knight", "gnome_digger", "golden_chalice", "grimoire", "hellhound", "hexed_mirror", "imp",
    "jack_lantern", "lich", "mandrake", "mist_witch", "moon_witch", "mountain", "mountain_back",
    "myconid_bed", "nightmare", "owl", "skeleton", "storm_witch", "thorn_witch", "vampire", "walpurgis_witch",
    "werewolf", "will_o_wisp", "witch_broom",
)

BELLUM_MAGICA_CARDS: tuple[str, ...] = (
    "castle_bone", "castle_ember", "castle_shadow", "castle_skull", "castle_toad", "chest_gold_5",
    "chest_gold_6", "chest_gold_7", "chest_gold_8", "chest_metal_3", "chest_metal_4", "chest_metal_5",
    "chest_wood_1", "chest_wood_2", "chest_wood_3", "ev_bat", "ev_cultist", "ev_darkelf", "ev_gargoyle",
    "ev_ghoul", "ev_gnoll", "ev_harpy", "ev_hobgoblin", "ev_imp", "ev_kobold", "ev_ogre", "ev_orc",
    "ev_shaman", "ev_skeleton", "ev_spider", "ev_troll", "ev_werewolf", "ev_wisp", "ev_wolf", "ev_zombie",
    "farm_brewery", "farm_herbs", "farm_mill", "farm_orchard", "farm_pig", "farm_sheep", "farm_wheat",
    "gob_blix", "gob_fizz", "gob_grub", "gob_krot", "gob_mugg", "gob_nark", "gob_ratch", "gob_snik",
    "gob_wort", "gob_zog", "me_banshee", "me_black_dragon", "me_demon", "me_evil_eye", "me_golem", "me_hydra",
    "me_lich", "me_minotaur", "me_necromancer", "me_red_dragon", "me_shadow_knight", "me_vampire",
    "me_wyvern", "tavern", "token_confusion", "token_magic_shield", "token_shield", "town_bank",
    "town_capital", "town_cathedral", "town_fortress", "town_guild", "town_harbor", "town_mage",
    "town_merchant", "town_port", "town_tower", "vil_chapel", "vil_fishing", "vil_hill", "vil_market",
    "vil_mining", "vil_river", "vil_walled",
)
