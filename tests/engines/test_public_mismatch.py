"""A seat's committed view checked against the public content of the entry that produced it
(engines.core.BaseEngine.public_mismatch) never calls an honest view false.

The client checks every committed view it relies on against what every reader of the log sees
of the entry (its public move and events, the seat it names to move, the result): the board it
shows, and the position a standing answer was played from. A false alarm there would stop an
honest game with "TAMPERING" (exit 4), so random games of every engine and mode are played
here (a kind of move at random, then a move of that kind: bench.playouts.pick, so rare moves
such as Siedler's trade offers and duels come up), and at every entry every seat's view (after
a JSON trip, as the client gets it) is compared with the entry's public content, shaped as the
client shapes it. It also checks that the check is not empty: a view with another trade offer,
another duel card or another seat to move is called false.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engines
from bench.playouts import pick
from engines.core import Engine, Event, Rng
from tests.depth import LONG

MOVES = 12_000 if LONG else 2_500

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("magier", 2, {"blind": False}),
    ("magier", 2, {"blind": False, "open_placement": True}),
    ("magier", 2, {"wrap": "torus", "blind": False}),
    ("feuersalamander", 2, {}),
    ("feuersalamander", 3, {}),
    ("feuersalamander", 4, {"target": 30}),
    ("cavemen", 2, {"open": False}),
    ("cavemen", 2, {"open": True}),
    ("siedler", 2, {}),
    ("siedler", 2, {"variant": "basic"}),
]


def public_of(engine: Engine, seat: int | None, move: dict[str, Any] | None, events: list[Event], new: Any) -> dict[str, Any]:
    """What the log shows of one step, as client.logcheck.views.public_step reads it off an entry."""
    public = None if move is None else engine.split_move(move)[0]
    step = {
        "seat": seat,
        "move": public,
        "events": [e.to_json() for e in events if e.public],
        "to_move": engine.to_move(new),
        "result": engine.result(new),
    }
    return json.loads(json.dumps(step))


def games(engine_id: str, seats: int, options: dict[str, Any]) -> Any:
    """(state, step) after every step of random games, `MOVES` moves in all."""
    engine = engines.get(engine_id)
    rnd = random.Random(f"public {engine_id} {seats} {sorted(options.items())}")
    opts = engine.check_options(options, seats)
    played, game = 0, 0
    while played < MOVES:
        state, events = engine.setup(seats, opts, Rng(b"public %d" % game))
        yield state, public_of(engine, None, None, events, state)
        for ply in range(3000):
            seat = engine.to_move(state)
            if seat is None or engine.result(state) is not None:
                break
            move = pick(engine.legal_moves(state, seat), rnd)
            state, events = engine.apply(state, seat, move, Rng(b"public %d %d" % (game, ply)))
            played += 1
            yield state, public_of(engine, seat, move, events, state)
        game += 1


@pytest.mark.parametrize(("engine_id", "seats", "options"), CONFIGS, ids=lambda v: str(v))
def test_no_honest_view_contradicts_its_entry(engine_id: str, seats: int, options: dict[str, Any]) -> None:
    engine = engines.get(engine_id)
    checked = 0
    for state, step in games(engine_id, seats, options):
        for seat in range(seats):
            view = json.loads(json.dumps(engine.view(state, seat)))
            wrong = engine.public_mismatch(view, step)
            assert wrong is None, (engine_id, seat, wrong, step)
            checked += 1
    assert checked > MOVES


def test_every_engine_is_configured() -> None:
    shipped = {e for e in engines.ids() if engines.get(e).__module__.startswith("engines.")}
    assert shipped == {c[0] for c in CONFIGS}


def _siedler_at(kind: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The first Siedler position of the random games whose pending decision is `kind`."""
    for state, step in games("siedler", 2, {}):
        if (state["pending"] or {}).get("kind") == kind:
            return state, step
    raise AssertionError(f"no {kind} decision in the random games")


def test_a_view_with_another_trade_offer_is_called_false() -> None:
    """SI-22: the offer is public (the offering move and its event); a view of the answering
    seat that shows another offer, or asks no answer at all, is false."""
    engine = engines.get("siedler")
    state, step = _siedler_at("answer")
    seat = state["pending"]["seat"]
    view = engine.view(state, seat)
    assert engine.public_mismatch(view, step) is None
    other = "gold" if "gold" not in view["pending"]["give"] else "wool"
    lied = {**view, "pending": {**view["pending"], "give": {other: 1}}}
    assert "trade offer" in (engine.public_mismatch(lied, step) or "")
    assert "trade offer" in (engine.public_mismatch({**view, "pending": {"kind": "counter", "seat": seat}}, step) or "")
    assert "seat" in (engine.public_mismatch({**view, "pending": {**view["pending"], "seat": 1 - seat}}, step) or "")


def test_a_view_with_another_duel_card_or_other_dice_is_called_false() -> None:
    engine = engines.get("siedler")
    state, step = _siedler_at("counter")
    seat = state["pending"]["seat"]
    view = engine.view(state, seat)
    assert engine.public_mismatch(view, step) is None
    card = "arsonist" if view["pending"]["card"] != "arsonist" else "brigands"
    assert "counter question" in (engine.public_mismatch({**view, "pending": {**view["pending"], "card": card}}, step) or "")
    state, step = _siedler_at("action")
    view = engine.view(state, state["pending"]["seat"])
    if any(e["kind"] == "rolled" for e in step["events"]):
        dice = {**view["dice"], "production": 1 + view["dice"]["production"] % 6}
        assert "dice" in (engine.public_mismatch({**view, "dice": dice}, step) or "")


@pytest.mark.parametrize("engine_id", ["magier", "feuersalamander", "cavemen"])
def test_a_view_with_another_seat_to_move_is_called_false(engine_id: str) -> None:
    engine = engines.get(engine_id)
    seats = 2
    for state, step in games(engine_id, seats, {"blind": False} if engine_id == "magier" else {}):
        if step["to_move"] is not None and step["move"] is not None:
            view = engine.view(state, 0)
            lied = {**view, "result": {"winner": 1}}
            assert "result" in (engine.public_mismatch(lied, step) or "")
            return
    raise AssertionError("no running position")
