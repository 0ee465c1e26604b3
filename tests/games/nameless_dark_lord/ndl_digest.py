"""The fingerprint of the Nameless Dark Lord: its option variants and what a deep step looks at
(the machinery is in sabbat/testing/fingerprint.py). Run it as a script to print the current digests."""

from __future__ import annotations

import json

from sabbat.testing.fingerprint import Fingerprint, digests

FINGERPRINT = Fingerprint(
    variants=[
        {},
        {"event_mode": "per_type"},
        {"bomber_return": "end_phase_b"},
        {"sleeve_mode": "secret"},
        {"k_threshold": 2},
    ],
    deep_every=7,
)


if __name__ == "__main__":
    from sabbat import games

    print(json.dumps(digests(FINGERPRINT, games.get("nameless_dark_lord"), 30, 3), indent=1))
