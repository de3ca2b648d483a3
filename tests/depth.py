"""How deep the long property runs go: half their examples by default, so `make test` stays a
short wait on a 2-core machine, and every example with PBEM_LONG_TESTS=1 (a `make bench`-like
run, or before a release). A run at either depth checks the same properties."""

from __future__ import annotations

import os

LONG = os.environ.get("PBEM_LONG_TESTS") == "1"


def examples(full: int) -> int:
    """The number of hypothesis examples of a property whose full depth is `full`."""
    return full if LONG else max(10, full // 2)
