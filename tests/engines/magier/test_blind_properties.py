"""Blind games (the server never holds a concealed value) at random, in the engine alone:
thousands of games.

1. Equivalence: a blind game and today's game (`blind: false`) played with the same choices
   and the same values give the same positions, scores, burns and results, turn by turn (the
   blind one checked after each reveal, MH-10/MH-13), and the same movement moves.
2. Non-interference for the server's state: two blind games with the same choices whose
   unburnt wisdoms hold different values give the same states, views, legal moves and results
   (the commitments named by placement order): nothing the server computes depends on a value
   it was never shown. And no state ever holds the value of a wisdom still on the board.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from engines.magier.state import WISDOM_VALUES
from protocol import steps
from protocol.commitments import TAG_SECRET, commit
from tests.depth import examples

E = engines.get("magier")
GAMES = settings(max_examples=examples(1000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
option_sets = st.fixed_dictionaries(
    {"wrap": st.sampled_from(["line", "torus"]), "move_limit": st.integers(1, 15)}
)
PUBLIC = ("phase", "turn", "scores", "burned", "moves", "ply", "passes", "prev_position",
          "last_move", "last_seat", "result")


GREEDY = E.bots()["greedy"]


def choose(view: dict[str, Any], legal: list[dict[str, Any]], rnd: random.Random) -> dict[str, Any]:
    """Mostly the greedy bot (it seeks burns, so most games reveal), sometimes any move."""
    return GREEDY(view, legal, rnd) if rnd.random() < 0.4 else rnd.choice(legal)


def public(state: dict[str, Any]) -> dict[str, Any]:
    """What both modes must agree on: the position as everyone sees it and every counter."""
    board = {c: (p["seat"], p["kind"]) for c, p in state["board"].items()}
    return {"board": board, **{k: state[k] for k in PUBLIC}}


def reveal_of(state: dict[str, Any], store: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {"type": "reveal", "secrets": [store[c] for c in steps.awaiting(E, state)]}


def no_unburnt_value(state: dict[str, Any]) -> bool:
    wisdoms = [p for p in state["board"].values() if p["kind"] == "wisdom"]
    return all("value" not in p for p in wisdoms) and all(v is None for h in state["hands"] for v in h)


def test_blind_and_open_games_agree_and_the_blind_state_holds_no_value() -> None:
    """Thousands of random games: the blind game gives today's results with the same values."""

    @GAMES
    @given(seed=st.integers(0, 2**32), options=option_sets)
    def run(seed: int, options: dict[str, Any]) -> None:
        rnd = random.Random(seed)
        today, _ = E.setup(2, E.check_options({**options, "blind": False}, 2), None)
        blind, _ = E.setup(2, E.check_options({**options, "blind": True}, 2), None)
        store: dict[str, dict[str, Any]] = {}
        while E.result(today) is None:
            seat = E.to_move(today)
            assert E.to_move(blind) == seat and public(blind) == public(today)
            legal = E.legal_moves(today, seat)
            if today["phase"] == "movement":
                assert E.legal_moves(blind, seat) == legal  # legality never depends on a value
            move = choose(E.view(today, seat), legal, rnd)
            today, _ = E.apply(today, seat, move, None)
            if move["type"] == "place":
                salt = rnd.randbytes(32).hex()
                made = commit(TAG_SECRET, {"value": move["value"]}, salt)
                store[made] = {"commit": made, "secret": {"value": move["value"]}, "salt": salt}
                move = {"type": "place", "cell": move["cell"], "secret_commit": made}
            blind, _ = E.apply(blind, seat, move, None)
            assert no_unburnt_value(blind)
            if steps.awaiting(E, blind):
                owner = E.to_move(blind)
                assert owner == 1 - seat and E.result(blind) is None and steps.needs_owner(E, blind)
                blind, _ = E.apply(blind, owner, reveal_of(blind, store), None)
        assert public(blind) == public(today) and E.result(blind) == E.result(today)

    run()


def blind_trace(seed: int, options: dict[str, Any], value_of: Callable[[int, int], int]) -> tuple[list[Any], list[int]]:
    """A blind game played by `seed`'s choices, the k-th placement of a seat worth
    value_of(seat, k): every state, view, legal list and to_move the server computes, with
    each commitment named by its placement order; and the placement indices that burnt."""
    rnd = random.Random(seed)
    state, _ = E.setup(2, E.check_options({**options, "blind": True}, 2), None)
    store: dict[str, dict[str, Any]] = {}
    names: dict[str, str] = {}
    placed = [0, 0]
    trace: list[Any] = []

    def seen(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: seen(v) for k, v in value.items()}
        if isinstance(value, list):
            return [seen(v) for v in value]
        return names.get(value, value) if isinstance(value, str) else value

    while E.result(state) is None:
        seat = E.to_move(state)
        if steps.awaiting(E, state):
            move = reveal_of(state, store)
        else:
            move = choose(E.view(state, seat), E.legal_moves(state, seat), rnd)
            if move["type"] == "place":
                value = value_of(seat, placed[seat])
                salt = rnd.randbytes(32).hex()
                made = commit(TAG_SECRET, {"value": value}, salt)
                names[made] = f"placement {seat}/{placed[seat]}"
                store[made] = {"commit": made, "secret": {"value": value}, "salt": salt}
                placed[seat] += 1
                move = {"type": "place", "cell": move["cell"], "secret_commit": made}
        state, events = E.apply(state, seat, move, None)
        if move["type"] != "reveal":  # a reveal carries the owner's opened values by design
            trace.append(seen([state, [e.to_json() for e in events], E.view(state, 0), E.view(state, 1),
                               E.view(state, None), E.to_move(state), steps.needs_owner(E, state)]))
        else:
            trace.append(seen([state, E.to_move(state)]))
        if E.to_move(state) is not None and not steps.awaiting(E, state):
            trace.append(seen(E.legal_moves(state, E.to_move(state))))
    burnt = sorted(
        int(names[c].split("/")[1]) + 7 * int(names[c].split()[1].split("/")[0])
        for c in store
        if c not in {p.get("commit") for p in state["board"].values()}
    )
    return trace, burnt


def test_non_interference_the_servers_state_never_depends_on_an_unburnt_value() -> None:
    """Two blind games with the same choices, whose unburnt wisdoms hold other values: every
    state, event, view, legal list and status the server computes is the same."""

    @settings(max_examples=examples(500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32), options=option_sets, data=st.data())
    def run(seed: int, options: dict[str, Any], data: st.DataObject) -> None:
        first = [list(WISDOM_VALUES), list(WISDOM_VALUES)]
        trace, burnt = blind_trace(seed, options, lambda s, k: first[s][k])
        other = [[v if 7 * s + k in burnt else data.draw(st.sampled_from([2, 1, -1, 7]))
                  for k, v in enumerate(first[s])] for s in (0, 1)]
        again, burnt_again = blind_trace(seed, options, lambda s, k: other[s][k])
        assert burnt_again == burnt
        assert again == trace

    run()
