"""When an AI's run of secret decisions ends for the other readers: at a time that does not
depend on the run.

Why: the others see an AI's secret run as one change, when it ends (`steps`), but each of its
decisions costs a worker's reply and a commit, so the gap before that change grew with the
number of decisions (about 11 ms for 3, 80 to 100 ms for 5 to 9), and a patient reader could
count them: a pass from a summon, how many monsters. So the decision that ends the run is put
in place only at the next whole step of SECRET_RUN_S from when the run began: every run that
takes less than a step (every run of the offered levels, on a server that is not overloaded)
ends exactly one step after it began. A run that takes longer ends on a later whole step, so an
agent that thinks for seconds a decision can be told apart only in steps of SECRET_RUN_S. Only
tables with a person's seat are paced: at a table of AIs alone (a study) nobody plays to gain
from its timing, and it runs at full speed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

SECRET_RUN_S = 1.5
"""The step an AI's secret run ends on, from its start: longer than any run of the offered
levels takes (`hard` thinks about a tenth of a second a decision, a boss round's summons are
rarely more than nine decisions)."""


class Pace:
    """When each table's AI secret run began, and how long to hold the decision that ends it."""

    def __init__(self, step_s: float = SECRET_RUN_S, clock: Callable[[], float] = time.monotonic) -> None:
        self.step_s = step_s
        self.clock = clock
        self.began: dict[str, tuple[int, float]] = {}
        """Per table: the AI seat deciding in secret now, and when its run began."""

    def deciding(self, table_id: str, seat: int | None) -> None:
        """An AI at `seat` is asked for a decision (`seat` None: not a secret one): a run begins
        now unless that seat's run is already under way."""
        if seat is None:
            self.began.pop(table_id, None)
        elif self.began.get(table_id, (None, 0.0))[0] != seat:
            self.began[table_id] = (seat, self.clock())

    def hold(self, table_id: str) -> float:
        """Seconds to wait before putting in place the decision that ends the table's run: to the
        next whole step from its start (at least one). The run is over for the pace."""
        run = self.began.pop(table_id, None)
        if run is None:  # not seen beginning (never so in practice): a whole step, the usual wait
            return self.step_s
        now = self.clock()
        steps = max(1, math.ceil((now - run[1]) / self.step_s))
        return max(0.0, run[1] + steps * self.step_s - now)
