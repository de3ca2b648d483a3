"""Siedler version 1: the rules of the first day (PROTOCOL section 19; RULES.md "Versions").

Siedler was registered at 7c96fc7 (2026-11-30 17:47) and played as version 1 until f508846
(18:02) made it version 2. main wrote version 1 into pbem-log/2 genesis in those fifteen
minutes (the corpus log tests/corpus/d1a8887 is one), so its rules stay playable and
auditable as the code of d1a8887 (= f508846^) played them; 7c96fc7's plays the same.

What version 1 does otherwise, and where it is gated:

- SI-45 (build.expansion_blocker): "one per player" is asked of the cards already built, so
  a built University forbids a second copy of any expansion, and without one a second of
  anything may be built (version 2: the University's own rule, for the University alone).
- SI-46 (scoring): the flag passes to whoever has more VP than the flag shows, the player on
  turn asked first, and never goes down (version 2: it shows the leader's VP, down as well
  as up, and passes on strictly more than the holder has).
- SI-15 (turn): regions beside a seat's own Garrison are neither counted nor robbed by the
  Brigand (version 2: only not counted).
- SI-50 (plays): a Spy that finds no action card or unit in the hand takes nothing at once
  (version 2: always a decision, "take nothing" alone, so a spectator learns nothing).
- The lists (`listed`): a bank trade only at the seat's best rate and only for a resource
  it has room for; a Caravan or a Merchant with one resource; a Raid names as many buildings
  as it can (up to three). Later lists add the worse rates, the full resources and every
  "up to" choice, in the same order around these (so version 1's list is a filter of today's).
- apply (`refusal`): a bank trade at a rate other than the best is refused (SI-21 before
  e0a5cc8 opened the bank's 3:1 beside a fleet).

The engine object of version 1 switches these on while it runs the rules (`rules`): a
context variable, so the modules keep their signatures and the other versions' engine
objects, in the same process or thread, are untouched.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from engines.core import Move, State
from engines.siedler import cards, trade
from engines.siedler import principality as pr

_ON: ContextVar[bool] = ContextVar("siedler_first_day", default=False)


def on() -> bool:
    """Whether the rules now running are version 1's."""
    return _ON.get()


@contextmanager
def rules() -> Iterator[None]:
    """Version 1's rules for what runs inside (the engine's apply, setup and listings)."""
    token = _ON.set(True)
    try:
        yield
    finally:
        _ON.reset(token)


def listed(state: State, seat: int, moves: list[Move]) -> list[Move]:
    """Version 1's list: today's without the moves version 1 did not list, in today's order
    (which keeps version 1's: the later code added moves around them)."""
    pending = state["pending"]
    kind = pending["kind"] if pending else None
    if kind == "raid_name":
        most = max((len(m["sites"]) for m in moves), default=0)
        return [m for m in moves if len(m["sites"]) == most]  # as many as there are, up to three
    if kind != "action":
        return moves
    p = state["principalities"][seat]
    rooms = pr.rooms(p)
    best: dict[str, int] = {}

    def keep(m: Move) -> bool:
        t = m["type"]
        if t == "trade":
            give = m["give"]
            if give not in best:
                best[give] = trade.rate(state, seat, give)
            return m["rate"] == best[give] and rooms[m["get"]] > 0
        if t == "play" and m.get("card") == "caravan":
            return len(m["give"]) == 1 and len(m["get"]) == 1
        if t == "play" and m.get("card") == "merchant":
            return len(m["take"]) == 1
        return True

    return [m for m in moves if keep(m)]


def refusal(state: State, seat: int, move: Move) -> str | None:
    """Why version 1's apply refused a move today's takes (None: it took it): a bank trade
    names the seat's best rate only (SI-21 as first read)."""
    pending = state["pending"]
    if move.get("type") != "trade" or pending is None or pending["kind"] != "action":
        return None
    give = move.get("give")
    if not isinstance(give, str) or give not in cards.RESOURCES:
        return None  # the rules' own refusal says why
    best = trade.rate(state, seat, give)
    return None if move.get("rate") == best else f"you trade {give} at {best}:1 (SI-21, version 1)"
