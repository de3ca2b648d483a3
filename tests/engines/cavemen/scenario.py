"""Build Cavemen positions directly, to test one rule at a time (no mocks: the real engine)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.cavemen import ENGINE as E
from engines.cavemen import cards
from engines.cavemen.field import index
from engines.cavemen.turns import fresh_tm
from engines.core import Event, Rng

RED, BLUE = 0, 1


def board(open_game: bool = False, turn: int = RED, phase: str = "move", turn_no: int = 5) -> dict[str, Any]:
    """An empty field in the middle of a game: no hands, no stockpiles, `turn` to decide `phase`."""
    state, _ = E.setup(2, {"open": open_game}, Rng(b"scenario"))
    state.update(
        hands=[[], []],
        stock=[[], []],
        inactive=[[], []],
        turn=turn,
        turn_no=turn_no,
        tm=fresh_tm(),
        pending={"kind": phase, "seat": turn},
    )
    return state


def put(state: dict[str, Any], seat: int, card: str, path: int, row: int, **flags: Any) -> int:
    """A caveman on the field (face down, unknown to the opponent unless flags say otherwise)."""
    uid = state["next_id"]
    state["next_id"] += 1
    state["field"][index(path, row)] = {"owner": seat, "card": card, "up": False, "known": 0, "id": uid, **flags}
    return uid


def at(state: dict[str, Any], path: int, row: int) -> dict[str, Any] | None:
    return state["field"][index(path, row)]


def do(state: dict[str, Any], text: str, seed: bytes = b"x") -> tuple[dict[str, Any], list[Event]]:
    """The player to decide types `text`; the engine parses it from his view and applies it."""
    seat = E.to_move(state)
    assert seat is not None
    move = E.parse(text, E.view(state, seat))
    return E.apply(state, seat, move, Rng(seed))


def moves(state: dict[str, Any]) -> list[str]:
    seat = E.to_move(state)
    return [E.format(m) for m in E.legal_moves(state, seat)] if seat is not None else []


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def first(events: list[Event], kind: str) -> Event:
    return next(e for e in events if e.kind == kind)


FULL_PILE = Counter(cards.stockpile())


def conserved(state: dict[str, Any]) -> None:
    """Every card of a player's 16 is in exactly one place (caves he won on the field count)."""
    for s in (0, 1):
        c = Counter(state["hands"][s] + state["stock"][s] + state["inactive"][s] + state["gone"][s])
        c.update(p["card"] for p in state["field"] if p is not None and p["owner"] == s)
        c["cave"] += sum(1 for o in state["caves"].values() if o == s) - 3
        assert c == FULL_PILE, (s, c - FULL_PILE, FULL_PILE - c)
