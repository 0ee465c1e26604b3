import os

from sabbat import games

# The toy game proves the conformance suite itself; it is never shown to users.
games._registry.add("toy", "support.toy_game:GAME")

os.environ.setdefault("SABBAT_LANG", "en")
