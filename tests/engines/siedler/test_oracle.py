"""The fast siedler engine plays exactly as the one before its speed work (the oracle, a frozen
copy in oracle/), but for two deliberate changes of the contract that apply takes exactly the listed
moves (DESIGN: legal moves are a function of what the seat knows; `apply` accepts exactly the
listed moves):

- the engine lists the bank trades the oracle's apply took but its list left out (SI-21: the
  bank's 3:1 beside a better rate; SI-4: a trade for a resource whose regions are full, the
  gain lost), so the lists are compared without them (`as_oracle_lists`);
- the engine refuses the moves the oracle's apply took in a form its list does not write
  (engines/siedler/exact.py: a site without its level, "omit": null, resources or cards out
  of the listed order, start regions the other way round, a longer offer, a Caravan swapping
  for the same): where the oracle applied a move that the engine refuses, the move must be
  unlisted;
- the engine (version 3) also lists the moves that name the regions a payment takes from or a
  gain goes to (SI-4, SI-17: "from", "to"), which the oracle does not know: the lists are
  compared without them and the games play only moves without them (the oracle's fixed
  reading, which the engine keeps for a move that names none).
Every other outcome, and every refusal's message, is compared as before.

The speed work made apply() and legal_moves() fast; the rules did not change with it, so on hundreds of random games of both variants both engines must list the same legal
moves in the same order, refuse the same bad moves with the same message, and reach
byte-identical states, events and views (compared as canonical JSON, in which true is not 1).
A fast engine may share unchanged parts between states: no later move may change an earlier
state, a move or a listed move, which every game checks against snapshots.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench.playouts import pick
from engines import get
from engines.core import IllegalMove, Rng
from protocol.canonical import canonical
from tests.engines.siedler.oracle.rules import Siedler as Oracle

LIVE = get("siedler")
ORACLE = Oracle()
BOTS = LIVE.bots()
GAMES = 300
VARIANTS = ["tournament-new-players", "basic"]
CHOOSERS = ["random", "builder", "kind", "uniform"]
FIELDS = [
    "a",
    "b",
    "at",
    "end",
    "what",
    "resource",
    "card",
    "pile",
    "side",
    "get",
    "give",
    "rate",
    "number",
    "take",
    "sites",
    "above",
    "below",
    "level",
    "pay",
    "cards",
    "extra",
]
VALUES: list[Any] = [
    None,
    7,
    -1,
    99,
    "ore",
    "gold",
    "brick",
    "x",
    [],
    ["ore"],
    {},
    True,
    1.5,
    [[[[[["deep"]]]]]],
    "above",
    "below",
    0,
    1,
]
TYPES = [
    "roll",
    "build",
    "expand",
    "trade",
    "offer",
    "play",
    "end",
    "take",
    "draw",
    "choose",
    "accept",
    "decline",
    "counter",
    "search",
    "fly",
    3,
]


def options_for(seed: int) -> dict[str, Any]:
    """Both variants, targets from an early end to a full game, and the other house options."""
    rnd = random.Random(seed * 7919)
    return {
        "variant": VARIANTS[seed % 2],
        "target": rnd.choice([3, 5, 8, 12, 12]),
        "brigand_loses": rnd.choice(["gold+wool", "ore+wool"]),
        "brigand_grace_turns": rnd.choice([0, 2]),
        "windmill_needs_city": rnd.choice([True, False]),
    }


def choose(
    chooser: str, view: dict[str, Any], legal: list[dict[str, Any]], rnd: random.Random
) -> dict[str, Any]:
    if chooser == "uniform":
        return rnd.choice(legal)
    if chooser == "kind":
        return pick(legal, rnd)  # as bench/playouts.py picks: a kind of move, then a move
    return BOTS[chooser](view, legal, rnd)


def junk(move: dict[str, Any], rnd: random.Random) -> Any:
    """A bad move made from a legal one: a field missing, changed or added, or the wrong type."""
    bad = dict(move)
    how = rnd.randrange(5)
    if how == 0 and len(bad) > 1:
        del bad[rnd.choice(sorted(k for k in bad if k != "type"))]
    elif how in (1, 2):
        key = (
            rnd.choice(sorted(k for k in bad if k != "type") or FIELDS)
            if how == 1
            else rnd.choice(FIELDS)
        )
        bad[key] = rnd.choice(VALUES)
    elif how == 3:
        bad["type"] = rnd.choice(TYPES)
    else:
        return rnd.choice([None, [], "roll", {"type": 1}, {"kind": "roll"}])
    return bad


def same(a: Any, b: Any) -> bool:
    return canonical(a) == canonical(b)


def as_oracle_lists(engine: Any, state: Any, seat: int, listed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The engine's list without the bank trades the oracle's list left out (a rate worse than
    the seat's best, or a resource with no room): the oracle's apply took them too; and without
    the moves naming regions (SI-4, SI-17), which the oracle does not know."""
    from engines.siedler import principality as pr
    from engines.siedler import trade

    listed = unnamed(listed)
    if state["pending"] is None or state["pending"]["kind"] != "action" or state["pending"]["seat"] != seat:
        return listed
    room = pr.rooms(state["principalities"][seat])
    return [
        m
        for m in listed
        if m["type"] != "trade" or (m["rate"] == trade.rate(state, seat, m["give"]) and room[m["get"]] > 0)
    ]


def unnamed(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The moves that name no regions: the ones the oracle knows."""
    return [m for m in moves if "from" not in m and "to" not in m]


CRASHES: set[str] = set()  # bad moves that both engines fail on with a traceback (reported)


def outcome(engine: Any, state: Any, seat: Any, move: Any, key: bytes) -> tuple[str, Any]:
    """Applied (state, events), refused (the message), or crashed alike: a crash of the
    oracle on a bad move is a defect of its own, but the fast engine must not differ."""
    try:
        new, events = engine.apply(state, seat, move, Rng(key))
    except IllegalMove as exc:
        return "refused", exc.message
    except (TypeError, KeyError, ValueError, AttributeError, IndexError) as exc:
        CRASHES.add(f"{type(exc).__name__}: {exc} on {move!r}")
        return "crashed", type(exc).__name__
    return "applied", (new, [e.to_json() for e in events])


def play(seed: int, max_plies: int) -> None:
    """One random game, live and oracle side by side, compared after every move."""
    options = options_for(seed)
    chooser = CHOOSERS[(seed // 2) % len(CHOOSERS)]
    live, live_events = LIVE.setup(2, options, Rng(b"siedler oracle setup %d" % seed))
    oracle, oracle_events = ORACLE.setup(2, options, Rng(b"siedler oracle setup %d" % seed))
    assert same(live, oracle) and same(
        [e.to_json() for e in live_events], [e.to_json() for e in oracle_events]
    )
    rnd = random.Random(seed)
    history: list[tuple[Any, str]] = []
    stale: list[Any] = []
    for i in range(max_plies):
        snapshot = canonical(live)
        history.append((live, snapshot))
        seat = LIVE.to_move(live)
        assert seat == ORACLE.to_move(oracle)
        assert same(LIVE.result(live), ORACLE.result(oracle))
        for s in (0, 1):
            got = LIVE.legal_moves(live, s)
            assert as_oracle_lists(LIVE, live, s, got) == ORACLE.legal_moves(oracle, s), (
                f"legal moves of seat {s} at ply {i}"
            )
            got.clear()  # a caller may keep or change the list it got: the next call lists anew
        for viewer in {seat, rnd.choice([None, 0, 1])}:
            assert same(LIVE.view(live, viewer), ORACLE.view(oracle, viewer)), (
                f"view of {viewer} at ply {i}"
            )
        if seat is None:
            break
        everything = LIVE.legal_moves(live, seat)
        listed = canonical(everything)
        legal = unnamed(everything)
        key = b"siedler oracle %d %d" % (seed, i)
        tries = [
            (seat, junk(rnd.choice(legal), rnd)),
            (1 - seat, rnd.choice(legal)),
            (rnd.choice([2, -1, True, None, "0"]), rnd.choice(legal)),
        ]
        if stale:
            tries.append((seat, rnd.choice(stale)))
        tries = rnd.sample(tries, 2)
        for who, move in tries:
            got, want = outcome(LIVE, live, who, move, key), outcome(ORACLE, oracle, who, move, key)
            # the fast engine never crashes: it refuses what the oracle crashed on (a bad rate)
            assert got[0] != "crashed", f"the engine crashed on seat {who} {move!r} at ply {i}"
            if want[0] == "crashed":
                continue
            if want[0] == "applied" and got[0] == "refused":  # an exactness refusal (exact.py)
                assert who == seat and canonical(move) not in set(map(canonical, legal)), (
                    f"the listed move {move!r} was refused at ply {i}: {got[1]}"
                )
                continue
            assert got[0] == want[0] and same(got[1], want[1]), f"seat {who} {move!r} at ply {i}"
        move = choose(chooser, LIVE.view(live, seat), legal, rnd)
        sent = canonical(move)
        new, events = LIVE.apply(live, seat, move, Rng(key))
        oracle, oracle_events = ORACLE.apply(oracle, seat, move, Rng(key))
        assert canonical(live) == snapshot, "apply changed its input"
        assert canonical(move) == sent and canonical(everything) == listed, (
            "apply changed the move or the list"
        )
        assert same(new, oracle), f"state after {move!r} at ply {i}"
        assert same([e.to_json() for e in events], [e.to_json() for e in oracle_events]), (
            f"events at ply {i}"
        )
        stale = [m for m in legal if m is not move][:5]
        live = new
    for state, snapshot in history:
        assert canonical(state) == snapshot, "a later move changed an earlier state"


@pytest.mark.parametrize("chunk", range(10))
def test_fast_engine_matches_the_oracle_on_random_games(chunk: int) -> None:
    """300 seeded games (30 a chunk): both variants, four choosers (the random and builder bots,
    the benchmark's kind-then-move pick, any listed move), targets 3..12; up to 100 moves each."""
    for seed in range(chunk, GAMES, 10):
        play(seed, 100)


def test_events_and_states_returned_are_not_shared_with_the_next_move() -> None:
    """Changing a returned state's events or a returned state's parts after the fact changes no
    state the engine returns later from the one before (the engine keeps no hidden link)."""
    for seed in range(5):
        state, _ = LIVE.setup(2, options_for(seed), Rng(b"detach %d" % seed))
        rnd = random.Random(seed)
        for i in range(80):
            seat = LIVE.to_move(state)
            if seat is None:
                break
            legal = LIVE.legal_moves(state, seat)
            move = BOTS["builder"](LIVE.view(state, seat), legal, rnd)
            key = b"detach %d %d" % (seed, i)
            new, events = LIVE.apply(state, seat, move, Rng(key))
            want = canonical(new)
            for e in events:
                if isinstance(e.data, dict):
                    e.data["tampered"] = True
            view = LIVE.view(new, seat)
            view["principalities"][seat]["regions"].clear()
            view["supply"].clear()
            view["options"].clear()
            view["discard"].append("tampered")
            again, _ = LIVE.apply(state, seat, move, Rng(key))
            assert canonical(again) == want and canonical(new) == want
            state = new


def test_each_passive_handler_answers_only_the_hook_its_table_entry_names() -> None:
    """effects.ask skips the cards whose handler cannot answer a hook (for speed), by the table
    effects.HOOK: every handler is asked every hook, at a site, and answers exactly its own."""
    from engines.siedler import cards, effects

    state, _ = LIVE.setup(2, {}, Rng(b"hooks"))
    hooks = {h for h in effects.HOOK.values() if h is not None} | {"nonsense", "vp", "strength"}
    assert set(effects.HOOK) == set(effects.PASSIVE)
    for effect, handler in effects.PASSIVE.items():
        card = next(i for i, e in cards.EFFECT_OF.items() if e == effect)
        for hook in hooks:
            for ctx in (effects.Ctx(state, 0, card, 2, "above"), effects.Ctx(state, 1, card)):
                answered = handler(hook, ctx) is not None
                assert not answered or hook == effects.HOOK[effect], (effect, hook)
            if hook == effects.HOOK[effect]:
                assert handler(hook, effects.Ctx(state, 0, card, 2, "above")) is not None, effect


def test_every_hook_asked_of_built_cards_answers_as_the_oracle() -> None:
    """The same answers, in the same order, to every hook on the principalities of builder
    games of both variants (cards built in all places, the Tournament Set's among them)."""
    from engines.siedler import effects
    from tests.engines.siedler.oracle import effects as oracle_effects

    hooks = sorted({h for h in effects.HOOK.values() if h is not None} | {"nonsense"})
    for seed in range(8):
        state, _ = LIVE.setup(2, options_for(seed), Rng(b"ask %d" % seed))
        rnd = random.Random(seed)
        for i in range(400):
            seat = LIVE.to_move(state)
            if seat is None:
                break
            for s in (0, 1):
                for hook in hooks:
                    got = effects.ask(state, s, hook)
                    assert same(got, oracle_effects.ask(state, s, hook)), (hook, i)
            legal = LIVE.legal_moves(state, seat)
            move = BOTS["builder"](LIVE.view(state, seat), legal, rnd)
            state, _ = LIVE.apply(state, seat, move, Rng(b"ask %d %d" % (seed, i)))


def _shared(a: Any, b: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths at which a and b hold the very same list or dict (outermost only)."""
    if isinstance(a, dict | list) and a is b:
        return [path]
    if isinstance(a, dict) and isinstance(b, dict):
        return [p for k in a if k in b for p in _shared(a[k], b[k], (*path, k))]
    if isinstance(a, list) and isinstance(b, list):
        return [p for i, (x, y) in enumerate(zip(a, b, strict=False)) for p in _shared(x, y, (*path, i))]
    return []


def _builder_states(games: int, plies: int) -> list[Any]:
    """Every tenth state of builder games of both variants."""
    states = []
    for seed in range(games):
        state, _ = LIVE.setup(2, options_for(seed), Rng(b"copy %d" % seed))
        rnd = random.Random(seed)
        for i in range(plies):
            seat = LIVE.to_move(state)
            if seat is None:
                break
            if i % 10 == 0:
                states.append(state)
            move = BOTS["builder"](LIVE.view(state, seat), LIVE.legal_moves(state, seat), rnd)
            state, _ = LIVE.apply(state, seat, move, Rng(b"copy %d %d" % (seed, i)))
    return states


def test_copies_equal_the_json_round_trip_they_replaced() -> None:
    """copying.copy (moves, events, views) is json.loads(json.dumps(x)) (only faster), shapes
    outside the state layout included (a tuple, an int key, a float, an odd principality),
    and shares no object that can change with the original."""
    import json

    from engines.siedler import copying

    def round_trip(x: Any) -> Any:
        return json.loads(json.dumps(x))

    states = _builder_states(4, 150)
    odd = round_trip(states[-1])
    odd["principalities"][0]["roads"].append((3, 5))
    odd["principalities"][1]["centers"]["0"]["above"] = [("x",), 1.5]
    odd["principalities"][1]["regions"]["-1"]["above"]["extra"] = {1: "one"}
    odd["queue"] = [{"step": ("a", "b"), 2: None}]
    weird = {"principalities": [{"centers": {}, "roads": [], "other": 1}, [1, (2,)]], 5: "five"}
    for state in [*states, odd, weird]:
        copied = copying.copy(state)
        assert json.dumps(copied) == json.dumps(round_trip(state))
        assert copied == round_trip(state)
        assert _shared(copied, state) == []


# The parts of a state copying.fresh shares with the state before: replaced by the rules,
# never changed in place (the snapshots of `play` check that no later move changes them).
SHARED = {"options", "start_rolls", "dice", "pending", "searching", "result"}


def test_a_fresh_state_shares_only_what_the_rules_never_change_in_place() -> None:
    """copying.fresh, the state apply changes (copied in part, for speed), equals the one it was given, key order
    included, and shares with it only the parts the rules replace whole: the options, the
    start rolls, the dice, the pending decision, the search, the result, the steps of the
    queue and the principalities' centres and roads (never the queue itself, the hands, piles,
    regions or any other list)."""
    import json

    from engines.siedler import copying

    states = _builder_states(4, 150)
    assert any(s["pending"] is not None and len(s["queue"]) > 0 for s in states)
    for state in states:
        new = copying.fresh(state)
        assert json.dumps(new) == json.dumps(state)
        for path in _shared(new, state):
            assert (
                path[0] in SHARED
                or (path[0] == "queue" and len(path) == 2)
                or (path[0] == "principalities" and len(path) == 3 and path[2] in ("centers", "roads"))
            ), path


def test_a_principality_changed_in_place_between_moves_is_scored_afresh() -> None:
    """States are values, yet tests edit principalities in place (table.py): the next move's
    tokens, flag and points follow the edit, as the oracle's do, so no tally kept while
    settling one move (kept for speed) outlives it. Sites are filled with cards that move the knight
    and windmill tokens and the VP, and settlements become cities, all in place."""
    from engines.siedler import principality as pr
    from tests.engines.siedler import table

    edits = ["knight-karl", "knight-goetz", "merchant-guild", "counting-house", "colossus", "wall"]
    changed = 0
    for seed in range(8):
        state, _ = LIVE.setup(2, options_for(seed), Rng(b"in place %d" % seed))
        rnd = random.Random(seed)
        for i in range(80):
            seat = LIVE.to_move(state)
            if seat is None:
                break
            if i % 3 == 2:
                edited = rnd.choice([0, 1])
                p = state["principalities"][edited]
                card = rnd.choice(edits)
                placement = "city" if card in ("merchant-guild", "counting-house", "colossus") else "any"
                free = pr.free_sites(p, placement)
                settlements = [c for c in pr.centers(p) if pr.center(p, c)["card"] == "settlement"]
                if free:
                    col, side, level = rnd.choice(free)
                    table.put(state, edited, card, col, side, level)
                    changed += 1
                elif settlements:
                    table.cityfy(state, edited, rnd.choice(settlements))
                    changed += 1
            legal = LIVE.legal_moves(state, seat)
            assert as_oracle_lists(LIVE, state, seat, legal) == ORACLE.legal_moves(state, seat), (
                f"legal moves at ply {i} of game {seed}"
            )
            move = pick(legal, rnd)
            key = b"in place %d %d" % (seed, i)
            new, events = LIVE.apply(state, seat, move, Rng(key))
            want, want_events = ORACLE.apply(state, seat, move, Rng(key))
            assert same(new, want), f"state after {move!r} at ply {i} of game {seed}"
            assert same([e.to_json() for e in events], [e.to_json() for e in want_events])
            state = new
    assert changed > 50
