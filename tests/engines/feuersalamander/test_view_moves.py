"""DESIGN: legal moves are a function of what the seat knows, and apply accepts exactly them.

The client lists, shows and signs its moves from its own verified view (`moves_from_view`) and
treats the server's list as a claim to compare; the audit refuses a logged move that is not
exactly a listed one. So, over random 2-, 3- and 4-player games, some with seats that left
(`leave`), every state on the way checked (hypothesis):

- `moves_from_view(view(state, p))` is `legal_moves(state, p)`, in order, as canonical JSON and
  as Python's JSON text, for every seat and the spectator (whose list is empty), also after the
  view's JSON trip;
- changing what p cannot know (the other hands, the stack's order, the cards the others drew
  last, the answers to questions p neither asked nor was asked; FS-25) keeps p's view, p's legal
  moves, and apply's verdict and reason on p's moves and their mutants;
- apply accepts exactly the listed moves: mutants of listed moves (case, spaces, another
  spelling, a key extra, missing or renamed, 1.0, true, "1" or [1] for 1, a claim's cards out of
  order) are refused with IllegalMove unless the mutant is itself listed, and of a whole space of
  well-formed moves (every type with every value) apply accepts those listed and only those;
- `parse(format(m), view) == m` for listed moves, and whatever parse returns is listed.

"Listed" is decided on Python's JSON text (json.dumps), which keeps 1.0 and true apart from 1;
canonical JSON (RFC 8785) writes 1.0 as 1, so it alone would call the 1.0 mutant listed.

Sizes follow test_properties.py, smaller (its games already cover the rules): a run of the file
takes some seconds. PBEM_FEUERSALAMANDER_EXAMPLES=<n> asks for deeper runs (default 30).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import get
from engines.core import IllegalMove, Rng
from engines.feuersalamander import cards, notation
from engines.feuersalamander.legal import enumerate_claims, max_claims
from protocol.canonical import canonical
from tests.engines.feuersalamander.test_leaving import claim_state, failing_claim

E = get("feuersalamander")
BOTS = E.bots()
EXAMPLES = int(os.environ.get("PBEM_FEUERSALAMANDER_EXAMPLES", "30"))
SETTINGS = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}

games = st.fixed_dictionaries(
    {
        "n": st.integers(2, 4),
        "seed": st.integers(0, 2**32 - 1),
        "bots": st.lists(st.sampled_from(["random", "random", "simple"]), min_size=4, max_size=4),
        "target": st.sampled_from([12, 20, 49, 84]),
        "depth": st.integers(0, 120),
        "leave_at": st.lists(st.integers(0, 120), max_size=2),  # with 3 or 4 seats only
    }
)


def text(value: Any) -> str:
    """Python's JSON text: 1, 1.0 and true stay apart, and key order does not matter."""
    return json.dumps(value, sort_keys=True)


def play(game: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every state of a bot game up to its depth, seats leaving at the plies drawn (3 or 4 seats)."""
    n, seed = game["n"], game["seed"]
    state, _ = E.setup(n, {"target": game["target"]}, Rng(b"view moves %d" % seed))
    rnd = random.Random(seed)
    for i in range(game["depth"] + 1):
        yield state
        seat = E.to_move(state)
        if seat is None:
            return
        playing = [s for s in range(n) if s not in E.out(state)]
        if n >= 3 and i in game["leave_at"] and len(playing) > 1:
            state, _ = E.leave(state, rnd.choice(playing), "resigned")
            continue
        move = BOTS[game["bots"][seat]](E.view(state, seat), E.legal_moves(state, seat), rnd)
        state, _ = E.apply(state, seat, move, Rng(b"view moves %d %d" % (seed, i)))


def sample(legal: list[dict[str, Any]], k: int, rnd: random.Random) -> list[dict[str, Any]]:
    """Up to k listed moves, the first few (throw, "no claim", claims of own cards) always among them."""
    if len(legal) <= k:
        return list(legal)
    head = k // 2
    return legal[:head] + rnd.sample(legal[head:], k - head)


# ---------------------------------------------------------------- the list from the view


@settings(max_examples=EXAMPLES, **SETTINGS)
@given(games)
def test_moves_from_view_are_the_legal_moves_for_every_seat(game: dict[str, Any]) -> None:
    for state in play(game):
        for p in [None, *range(game["n"])]:
            view = E.view(state, p)
            want = E.legal_moves(state, p) if p is not None else []
            got = E.moves_from_view(view)
            assert canonical(got) == canonical(want) and text(got) == text(want), f"seat {p}: {state['pending']}"
            assert text(E.moves_from_view(json.loads(json.dumps(view)))) == text(want), "after the view's JSON trip"
            if p is None or p != E.to_move(state):
                assert got == []


def test_the_longest_list_comes_from_the_view_too() -> None:
    """Fire and one-stone at home in a four-player game: the throw and 2,730 claims (max_claims)."""
    state, _ = E.setup(4, {}, Rng(b"worst"))
    state["hands"] = [["fire", "one-stone"], [], [], []]
    state["pending"] = {"kind": "throw", "seat": 0, "may_claim": True, "again": False, "freed": False}
    view = E.view(state, 0)
    assert len(E.moves_from_view(view)) == 1 + max_claims(4)[0] == 2731
    assert canonical(E.moves_from_view(view)) == canonical(E.legal_moves(state, 0))
    assert all(E.moves_from_view(E.view(state, p)) == [] for p in (None, 1, 2, 3))


def test_a_seat_that_left_lists_its_forced_decision_from_its_view() -> None:
    """A seat that left still owes an exchange a failed claim offers it; its view lists it as the state does."""
    state, turn, out, other = claim_state()
    state, _ = E.leave(state, out, "resigned")
    state, _ = E.apply(state, turn, failing_claim(state, out, other), Rng(b"c"))
    assert E.moves_from_view(E.view(state, out)) == E.legal_moves(state, out) == [{"type": "exchange"}, {"type": "keep"}]
    assert E.moves_from_view(E.view(state, turn)) == E.legal_moves(state, turn) == []


# ---------------------------------------------------------------- non-interference


def disguise(state: dict[str, Any], p: int | None, rnd: random.Random) -> dict[str, Any]:
    """Change what seat p cannot know (FS-25): the other hands (sizes and revealed cards kept), the
    stack's order, the cards the others drew last. (The answers to questions p had no part in are
    no longer in the state, version 4: they are private events p's record never receives.)"""
    other = json.loads(json.dumps(state))
    hidden = [s for s in range(state["seats"]) if s != p]
    pool = list(other["deck"])
    kept: dict[int, list[str]] = {}
    for s in hidden:
        kept[s] = list(other["revealed"][s])
        rest = list(other["hands"][s])
        for c in kept[s]:
            rest.remove(c)
        pool += rest
    rnd.shuffle(pool)
    for s in hidden:
        k = len(other["hands"][s]) - len(kept[s])
        other["hands"][s], pool = cards.sorted_cards(kept[s] + pool[:k]), pool[k:]
        if other["drawn"][s] is not None:
            other["drawn"][s] = {"card": rnd.choice(cards.ALL_CARDS), "turn": other["drawn"][s]["turn"]}
    other["deck"] = pool
    return other


def mutants(move: dict[str, Any]) -> Iterator[Any]:
    """Moves near a listed one: each value in another spelling or type, keys extra, missing or renamed."""
    for key, value in move.items():
        for other in _respelt(value):
            yield {**move, key: other}
        yield {k: v for k, v in move.items() if k != key}
        yield {(k.upper() if k == key else k): v for k, v in move.items()}
    yield {**move, "extra": 1}
    yield {**move, "note": ""}
    if move["type"] == "claim":
        yield {**move, "own": move["own"][::-1], "named": move["named"][::-1]}
        yield {**move, "named": move["named"][1:] + move["named"][:1]}
        for i, item in enumerate(move["named"]):
            for key in item:
                for other in _respelt(item[key]):
                    yield {**move, "named": [*move["named"][:i], {**item, key: other}, *move["named"][i + 1 :]]}
            yield {**move, "named": [*move["named"][:i], {**item, "why": "x"}, *move["named"][i + 1 :]]}
            yield {**move, "named": [*move["named"][:i], {"seat": item["seat"]}, *move["named"][i + 1 :]]}
        for i, card in enumerate(move["own"]):
            for other in _respelt(card):
                yield {**move, "own": [*move["own"][:i], other, *move["own"][i + 1 :]]}


def _respelt(value: Any) -> list[Any]:
    if type(value) is str:
        return [value.upper(), value.capitalize(), f" {value}", f"{value} ", value.replace("-", " "),
                value.replace("row", "row "), value.replace("-stone", ""), [value], None]
    if type(value) is int:
        return [float(value), str(value), [value], value + 1, value - 1, *([bool(value)] if value in (0, 1) else [])]
    if type(value) is list:
        return [tuple(value), [*value, *value[:1]], value[1:]]
    return [str(value)]


def verdict(state: dict[str, Any], seat: int, move: Any) -> str:
    """"ok", or the reason apply refuses the move with."""
    try:
        E.apply(state, seat, move, Rng(b"verdict"))
    except IllegalMove as exc:
        return exc.message
    return "ok"


@settings(max_examples=EXAMPLES, **SETTINGS)
@given(games)
def test_what_a_seat_cannot_know_changes_neither_its_view_nor_its_moves(game: dict[str, Any]) -> None:
    rnd = random.Random(game["seed"])
    for state in play(game):
        for p in [None, *range(game["n"])]:
            twin = disguise(state, p, rnd)
            assert text(E.view(twin, p)) == text(E.view(state, p))
            if p is None:
                continue
            legal = E.legal_moves(state, p)
            assert text(E.legal_moves(twin, p)) == text(legal)
            probes = [m for move in sample(legal, 3, rnd) for m in [move, *rnd.sample(list(mutants(move)), 4)]]
            for move in probes or [{"type": "throw"}]:  # not p's decision: the reason names only public facts
                said, twin_said = verdict(state, p, move), verdict(twin, p, move)
                assert said == twin_said or said == twin_said == "ok", (move, said, twin_said)


# ---------------------------------------------------------------- exactly the listed moves


def space(state: dict[str, Any], p: int, rnd: random.Random) -> Iterator[dict[str, Any]]:
    """Well-formed moves of every type and value: all but claims in full; claims from other hands
    than p's, naming p itself, and in other orders, a sample of them."""
    n = state["seats"]
    for t in ("throw", "keys", "home", "on", "noclaim", "noquestion", "exchange", "keep"):
        yield {"type": t}
    for c in cards.ALL_CARDS:
        yield {"type": "discard", "card": c}
        for s in range(-1, n + 1):
            yield {"type": "ask", "seat": s, "coord": c}
    for ch in cards.all_chambers():
        yield {"type": "stone", **ch}
    for how in ("sum", "diff", "big", "small"):
        yield {"type": "move", "how": how}
    hands = [state["hands"][p], [], rnd.sample(cards.ALL_CARDS, 2), *(state["hands"][s] for s in range(n))]
    claims = [c for h in hands if cards.hand_ok(h) for c in enumerate_claims(h, p, n)]
    claims += [c for h in hands if cards.hand_ok(h) for c in enumerate_claims(h, (p + 1) % n, n)]  # naming p
    for claim in rnd.sample(claims, min(len(claims), 150)):
        yield claim
        yield {**claim, "named": claim["named"][::-1]}


@settings(max_examples=EXAMPLES, **SETTINGS)
@given(games)
def test_apply_accepts_exactly_the_listed_moves(game: dict[str, Any]) -> None:
    rnd = random.Random(game["seed"])
    for state in play(game):
        p = E.to_move(state)
        if p is None:
            continue
        legal = E.legal_moves(state, p)
        listed = {text(m) for m in legal}
        for move in sample(legal, 6, rnd):
            assert verdict(state, p, move) == "ok", move
            for bad in mutants(move):
                if text(bad) in listed:
                    continue
                said = verdict(state, p, bad)
                assert said != "ok", f"accepted {bad!r}, which is not listed"
                assert said.strip(), "a refusal says why"
        for move in space(state, p, rnd):
            if text(move) not in listed:
                assert verdict(state, p, move) != "ok", f"accepted {move!r}, which is not listed"
            elif rnd.random() < 0.02:
                assert verdict(state, p, move) == "ok", move


def test_a_claim_out_of_card_order_or_without_own_is_refused_saying_how_to_write_it() -> None:
    """FS-19's claim is listed in one order (own cards, then named, each in card order): the other
    orders say the same, so they are refused, not reordered; a signed move has one spelling."""
    state, turn, out, other = claim_state()
    claim = next(m for m in E.legal_moves(state, turn) if m["type"] == "claim" and not m["own"])
    for bad, why in [
        ({**claim, "named": claim["named"][::-1]}, "card order"),
        ({"type": "claim", "named": claim["named"]}, "as 'own'"),
    ]:
        try:
            E.apply(state, turn, bad, Rng(b"x"))
        except IllegalMove as exc:
            assert why in exc.message
        else:
            raise AssertionError(f"accepted {bad!r}")


# ---------------------------------------------------------------- the notation


@settings(max_examples=EXAMPLES, **SETTINGS)
@given(games)
def test_parse_gives_back_listed_moves_and_refuses_the_rest(game: dict[str, Any]) -> None:
    rnd = random.Random(game["seed"])
    said: list[str] = ["pass", "no", "move big", "discard row 5", "stone fire 7 three", "ask queen row 5", "claim own:fire"]
    for state in play(game):
        p = E.to_move(state)
        if p is None:
            continue
        view = E.view(state, p)
        legal = E.legal_moves(state, p)
        listed = {text(m) for m in legal}
        for move in sample(legal, 8, rnd):
            line = E.format(move)
            assert text(E.parse(line, view)) == text(move), line
            said.append(line)
        for line in rnd.sample(said, min(len(said), 12)):
            for typed in (line, line.upper(), f"  {line} "):
                try:
                    move = E.parse(typed, view)
                except IllegalMove as exc:
                    assert exc.message.strip()
                    continue
                assert text(move) in listed, f"parse read {typed!r} as {move!r}, which is not listed"


def test_parse_refuses_a_readable_move_that_is_not_legal_with_applys_reason() -> None:
    """notation.parse reads forgivingly; E.parse then checks the move as apply does, from the view."""
    state, turn, _, _ = claim_state()
    view = E.view(state, turn)
    for line in ("discard row 3", "move sum", "ask queen row 5"):
        try:
            E.parse(line, view)
        except IllegalMove as exc:
            assert exc.message == verdict(state, turn, notation.parse(line, view))
            assert exc.message.startswith("now you must throw the sticks")
        else:
            raise AssertionError(f"parse read {line!r} at a throw")
    for p in (None, (turn + 1) % 3):
        try:
            E.parse("throw", E.view(state, p))
        except IllegalMove as exc:
            assert exc.message.strip()
        else:
            raise AssertionError(f"seat {p} read a move that is not its decision")
