"""The fast engine plays exactly as the one before it was made fast (the oracle, a frozen copy in oracle/).

Making it fast had apply() copy only what it changes and legal_moves() reuse the moves it lists;
the rules did not change (engine version 3 still), so on thousands of random 2-, 3- and
4-player games both engines must list the same legal moves in the same order, refuse the
same bad moves with the same message, and reach byte-identical states, events and views
(compared as canonical JSON, in which true is not 1). Some games have a seat leave (out of a game of three or four).
The fast engine shares unchanged parts between states: no later move may change an earlier
state, which the end of every game checks against snapshots. One difference is deliberate: the
engine refuses a claim the oracle normalised (cards out of order, 'own' left out), since apply
accepts exactly the listed moves; `exactness_refusal` checks that and nothing else differs.
Since version 4 each seat's record of the questions and claims is folded from the events by
both `recall`s (the oracle's its own reading, oracle/recall.py), and must match too.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import get
from engines.core import IllegalMove, Rng
from protocol.canonical import canonical
from tests.depth import examples
from tests.engines.feuersalamander.memory import Memory
from tests.engines.feuersalamander.oracle.rules import Feuersalamander as Oracle

LIVE = get("feuersalamander")
ORACLE = Oracle()
BOTS = LIVE.bots()

games = st.fixed_dictionaries(
    {
        "n": st.integers(2, 4),
        "seed": st.integers(0, 2**32 - 1),
        "chooser": st.sampled_from(["kind", "uniform", "simple"]),
        "target": st.sampled_from([1, 12, 20, 84]),
        "leave_at": st.none() | st.integers(0, 40),
    }
)


def choose(game: dict[str, Any], view: dict[str, Any], legal: list[dict[str, Any]], rnd: random.Random) -> dict[str, Any]:
    if game["chooser"] == "uniform":
        return rnd.choice(legal)
    if game["chooser"] == "simple":
        return BOTS["simple"](view, legal, rnd)
    return BOTS["random"](view, legal, rnd)


def junk(move: dict[str, Any], rnd: random.Random) -> Any:
    """A bad move made from a legal one: a field missing, changed or added, or the wrong type."""
    bad = dict(move)
    how = rnd.randrange(4)
    if how == 0 and len(bad) > 1:
        del bad[rnd.choice(sorted(k for k in bad if k != "type"))]
    elif how == 1:
        bad[rnd.choice(["card", "how", "seat", "coord", "own", "named", "wing", "extra"])] = rnd.choice(
            [None, 7, "fire", "row9", [], [{"seat": 1, "card": "air"}], True]
        )
    elif how == 2:
        bad["type"] = rnd.choice(["throw", "claim", "ask", "keep", "discard", "stone", "fly"])
    else:
        return rnd.choice([None, [], "throw", {"type": 1}])
    return bad


def same(a: Any, b: Any) -> bool:
    return canonical(a) == canonical(b)


def outcome(engine: Any, state: Any, seat: Any, move: Any, key: bytes) -> tuple[str, Any]:
    try:
        new, events = engine.apply(state, seat, move, Rng(key))
    except IllegalMove as exc:
        return "refused", exc.message
    return "applied", (new, [e.to_json() for e in events])


def exactness_refusal(got: tuple[str, Any], want: tuple[str, Any], move: Any, legal: list[dict[str, Any]]) -> bool:
    """The one deliberate difference from the oracle: the oracle put a claim's cards in order and
    read a missing 'own' as none; the engine now accepts exactly the listed moves (DESIGN: legal
    moves are a function of what the seat knows) and refuses such a claim, saying how to write it."""
    if not (got[0] == "refused" and want[0] == "applied"):
        return False
    assert move.get("type") == "claim", f"only claims were ever normalised, not {move!r}"
    assert canonical(move) not in {canonical(m) for m in legal}, f"refused a listed move {move!r}"
    assert "card order" in got[1] or "as 'own'" in got[1], got[1]
    return True


@settings(max_examples=examples(2000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_fast_engine_matches_the_oracle_on_random_games(game: dict[str, Any]) -> None:
    n, seed = game["n"], game["seed"]
    setup_key = Rng(b"oracle setup %d" % seed)
    live, live_events = LIVE.setup(n, {"target": game["target"]}, setup_key)
    oracle, oracle_events = ORACLE.setup(n, {"target": game["target"]}, Rng(b"oracle setup %d" % seed))
    assert same(live, oracle) and same([e.to_json() for e in live_events], [e.to_json() for e in oracle_events])
    live_memory, oracle_memory = Memory(LIVE, n), Memory(ORACLE, n)
    live_memory.step(live_events)
    oracle_memory.step(oracle_events)
    rnd = random.Random(seed)
    history: list[tuple[Any, bytes]] = []
    for i in range(40):
        snapshot = canonical(live)
        history.append((live, snapshot))
        if game["leave_at"] == i and LIVE.to_move(live) is not None:
            gone = rnd.choice([s for s in range(n) if s not in LIVE.out(live)])
            live, events = LIVE.leave(live, gone, "resigned")
            oracle, oracle_events = ORACLE.leave(oracle, gone, "resigned")
            assert same(live, oracle) and same([e.to_json() for e in events], [e.to_json() for e in oracle_events])
            live_memory.step(events)
            oracle_memory.step(oracle_events)
            continue
        seat = LIVE.to_move(live)
        assert seat == ORACLE.to_move(oracle)
        assert same(LIVE.result(live), ORACLE.result(oracle))
        for s in {seat if seat is not None else 0, rnd.randrange(n)}:
            assert LIVE.legal_moves(live, s) == ORACLE.legal_moves(oracle, s), f"legal moves of seat {s} at ply {i}"
        viewer = rnd.choice([None, *range(n)])
        assert same(LIVE.view(live, viewer), ORACLE.view(oracle, viewer)), f"view of seat {viewer} at ply {i}"
        for who in {viewer, "all"}:
            assert same(live_memory.of(who), oracle_memory.of(who)), f"record of {who} at ply {i}"
        if seat is None:
            break
        legal = LIVE.legal_moves(live, seat)
        key = b"oracle %d %d" % (seed, i)
        bad = junk(rnd.choice(legal), rnd)
        wrong_seat = rnd.choice([seat, (seat + 1) % n, n, -1, True])
        for who, move in [(seat, bad), (wrong_seat, rnd.choice(legal))]:
            got, want = outcome(LIVE, live, who, move, key), outcome(ORACLE, oracle, who, move, key)
            if exactness_refusal(got, want, move, legal):
                continue
            assert got[0] == want[0] and same(got[1], want[1]), f"{who} {move!r} at ply {i}"
        move = choose(game, live_memory.view(live, seat), legal, rnd)
        new, events = LIVE.apply(live, seat, move, Rng(key))
        oracle, oracle_events = ORACLE.apply(oracle, seat, move, Rng(key))
        assert canonical(live) == snapshot, "apply changed its input"
        assert same(new, oracle), f"state after {move!r} at ply {i}"
        assert same([e.to_json() for e in events], [e.to_json() for e in oracle_events]), f"events at ply {i}"
        live_memory.step(events)
        oracle_memory.step(oracle_events)
        live = new
    for state, snapshot in history:
        assert canonical(state) == snapshot, "a later move changed an earlier state"


def test_each_call_lists_anew_and_apply_leaves_listed_moves_as_they_were() -> None:
    """Claims, stone placements and questions are made once and shared between calls (for speed):
    emptying one returned list changes no later one, and applying a listed move changes none."""
    for seed in range(20):
        state, _ = LIVE.setup(4, {"target": 84}, Rng(b"fresh %d" % seed))
        rnd = random.Random(seed)
        for i in range(60):
            seat = LIVE.to_move(state)
            if seat is None:
                break
            first = LIVE.legal_moves(state, seat)
            want = ORACLE.legal_moves(state, seat)
            snapshot = canonical(first)
            first.clear()
            again = LIVE.legal_moves(state, seat)
            assert again == want
            move = BOTS["random"](LIVE.view(state, seat), again, rnd)
            state, _ = LIVE.apply(state, seat, move, Rng(b"fresh %d %d" % (seed, i)))
            assert canonical(again) == snapshot, "applying a listed move changed a listed move"
