"""What an operator's monitoring reads: counters kept as play goes, and gauges read when asked,
in Prometheus' text format (`/metrics`).

Why plain integers and no client library: a move adds one to a counter and one latency to a
histogram's bucket (a bisect over a dozen bounds), well under a microsecond on the move's path;
everything else (tables, connections, the AI's lines) is read only when the page is asked for.
Nothing here names a table, a seat or a person: the numbers are the whole server's.
"""

from __future__ import annotations

import bisect
import os
import resource
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

Samples = list[tuple[dict[str, str], float]]
Reading = tuple[str, str, str, Samples]
"""(name, "gauge" or "counter", help text, [(labels, value)]): a figure read when asked."""
ACK_BOUNDS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Upper bounds (seconds) of the acknowledgement-latency histogram's buckets."""


@dataclass
class Metrics:
    """The counters of one server process (the gauges are read from the hub when rendered)."""

    moves_person: int = 0
    moves_ai: int = 0
    acks: int = 0
    ack_buckets: list[int] = field(default_factory=lambda: [0] * (len(ACK_BOUNDS) + 1))
    ack_sum: float = 0.0
    started: float = field(default_factory=time.time)

    def acked(self, seconds: float) -> None:
        """A person's move was acknowledged `seconds` after its message was read."""
        self.acks += 1
        self.ack_sum += seconds
        self.ack_buckets[bisect.bisect_left(ACK_BOUNDS, seconds)] += 1

    def render(self, read: list[Reading]) -> str:
        """The text format: these counters, the process's own figures and the readings given."""
        out: list[str] = []
        _metric(out, "sabbat_moves_total", "counter", "Moves put in place, by who chose them.",
                [({"by": "person"}, self.moves_person), ({"by": "ai"}, self.moves_ai)])
        _metric(out, "sabbat_acks_total", "counter", "People's moves acknowledged.", [({}, self.acks)])
        out.append("# HELP sabbat_ack_seconds Time from reading a person's move to its acknowledgement.")
        out.append("# TYPE sabbat_ack_seconds histogram")
        running = 0
        for bound, count in zip((*ACK_BOUNDS, float("inf")), self.ack_buckets, strict=True):
            running += count
            out.append(f'sabbat_ack_seconds_bucket{{le="{_number(bound)}"}} {running}')
        out.append(f"sabbat_ack_seconds_sum {_number(self.ack_sum)}")
        out.append(f"sabbat_ack_seconds_count {self.acks}")
        for name, kind, text, samples in read:
            _metric(out, name, kind, text, samples)
        usage = resource.getrusage(resource.RUSAGE_SELF)
        _metric(out, "process_cpu_seconds_total", "counter", "CPU time of this process (user and system).",
                [({}, usage.ru_utime + usage.ru_stime)])
        _metric(out, "process_resident_memory_bytes", "gauge", "Resident memory of this process.",
                [({}, _resident_bytes())])
        _metric(out, "process_start_time_seconds", "gauge", "When this process started (Unix time).",
                [({}, self.started)])
        return "\n".join(out) + "\n"


def _metric(out: list[str], name: str, kind: str, text: str, samples: Iterable[tuple[dict[str, str], Any]]) -> None:
    out.append(f"# HELP {name} {text}")
    out.append(f"# TYPE {name} {kind}")
    for labels, value in samples:
        shown = ",".join(f'{k}="{v}"' for k, v in labels.items())
        out.append(f"{name}{{{shown}}} {_number(value)}" if shown else f"{name} {_number(value)}")


def _number(value: float) -> str:
    if value == float("inf"):
        return "+Inf"
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _resident_bytes() -> int:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
