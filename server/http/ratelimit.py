"""Per-account rate limits: a token bucket per account key (per address for unsigned requests).

`RATE_LIMIT` is "N/SECONDS" (N requests in any SECONDS, in bursts of up to N) or "off" (the
default). The buckets live in the memory of each worker process, so with W gunicorn workers
an account that spreads its requests may get up to W times the limit: the limit protects the
server from a runaway client, it is not a quota. A request beyond it gets 429 with
Retry-After, the whole seconds until a token is back (the client waits that long).
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

LIMIT = re.compile(r"([1-9][0-9]{0,8})/([1-9][0-9]{0,6})")
OFF = ("", "0", "off", "none", "no")
MAX_KEYS = 100_000  # buckets kept before the full (idle) ones are dropped


def parse_limit(value: object) -> tuple[int, int] | None:
    """'600/60' -> (600, 60); 'off' (or nothing) -> None; anything else is a ValueError."""
    if value is None or value is False:
        return None
    text = str(value).strip().lower()
    if text in OFF:
        return None
    match = LIMIT.fullmatch(text)
    if not match:
        raise ValueError(f"rate limit {value!r}: N/SECONDS (e.g. 600/60) or off")
    return int(match.group(1)), int(match.group(2))


@dataclass
class _Bucket:
    tokens: float
    at: float


class RateLimiter:
    """`take(key)`: 0.0 if the request may go, else the seconds until it may (thread-safe)."""

    def __init__(self, limit: int, seconds: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.seconds = seconds
        self.rate = limit / seconds  # tokens per second
        self.clock = clock
        self._buckets: dict[str, _Bucket] = {}
        self._lock = threading.Lock()

    def take(self, key: str) -> float:
        now = self.clock()
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is None:
                if len(self._buckets) >= MAX_KEYS:
                    self._prune(now)
                bucket = self._buckets[key] = _Bucket(float(self.limit), now)
            bucket.tokens = min(float(self.limit), bucket.tokens + (now - bucket.at) * self.rate)
            bucket.at = now
            if bucket.tokens >= 1.0:
                bucket.tokens -= 1.0
                return 0.0
            return (1.0 - bucket.tokens) / self.rate

    def _prune(self, now: float) -> None:
        """Drop the buckets that have filled up again (their keys are as if never seen)."""
        full = [k for k, b in self._buckets.items() if b.tokens + (now - b.at) * self.rate >= self.limit]
        for key in full:
            del self._buckets[key]

    @staticmethod
    def retry_after(wait: float) -> int:
        """Retry-After in whole seconds, at least 1 (RFC 9110 section 10.2.3)."""
        return max(1, math.ceil(wait))
