"""DESIGN: legal moves are a function of what the seat knows, and apply accepts exactly them.

The client lists, shows and signs its moves from its own verified view (`moves_from_view`)
and treats the server's list as a claim to compare; the audit refuses a logged move that is
not exactly a listed one. So, over random games in every mode (wrap line and torus, open and
concealed placement, blind and not; hypothesis, every state on the way checked):

- `moves_from_view(view(state, p))` is `legal_moves(state, p)`, in order, as canonical JSON,
  for both seats and the spectator (whose list is empty), also after the view's JSON trip;
- in a blind game the server lists every value per free cell (its state has no hand), and so
  does the seat's view as sent; filled from the seat's own store (`fill_view`) the view lists
  exactly the moves of the same game played not blind (same choices, same values), whose
  public parts are those the server lists; `own_moves` keeps exactly that list of the server's;
- changing what p cannot know (the opponent's unburnt values, in hand and on the board; in a
  blind game the opponent's store) keeps p's view and p's legal moves (MH-7, MH-15);
- apply accepts exactly the listed moves: mutants of listed moves (case, spaces, an extra,
  missing or renamed key, 1.0, true, "1" for 1) are refused with IllegalMove unless the
  mutant is itself listed, and of a move space (every placement, every step to any cell, every
  jump path of up to three hops) apply accepts exactly the listed ones, so another path to a
  listed jump's cell is refused; `parse(format(m), view) == m`, also typed loosely.

"Listed" is decided on Python's JSON text (json.dumps), which keeps 1.0 and true apart from 1;
canonical JSON (RFC 8785) writes 1.0 as 1, so it alone would call the 1.0 mutant listed.

Sizes follow test_properties.py, smaller (its games already cover the rules): a run of the
file takes some seconds. PBEM_MAGIER_EXAMPLES=<n> asks for deeper runs (default 30).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from engines.core import IllegalMove
from engines.magier.board import ADJACENT, CELLS, INDEX
from engines.magier.diagram import position
from engines.magier.mechanics import cells_from_board
from engines.magier.state import WISDOM_VALUES
from protocol import steps
from protocol.canonical import canonical
from protocol.commitments import TAG_SECRET, commit
from tests.engines.exact import assert_view_moves, canon, strict

E = engines.get("magier")
EXAMPLES = int(os.environ.get("PBEM_MAGIER_EXAMPLES", "30"))
SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32 - 1),
        "wrap": st.sampled_from(["line", "torus"]),
        "open_placement": st.booleans(),
        "blind": st.booleans(),
        "move_limit": st.sampled_from([2, 6, 15]),
        "depth": st.integers(0, 60),
    }
)


def pick(legal: list[dict[str, Any]], rnd: random.Random) -> dict[str, Any]:
    """A kind of move uniformly, then a move of that kind (as bench/playouts.py), so that
    jumps and pushes come up in short games."""
    kind = rnd.choice(sorted({m["type"] for m in legal}))
    return rnd.choice([m for m in legal if m["type"] == kind])


@dataclass
class Point:
    """One decision of a random game: the state, each seat's store (a blind game's values
    stay there), and the same game played not blind with the same choices and values (None
    while a blind game waits for a reveal, which the twin has no need of)."""

    state: dict[str, Any]
    store: list[list[dict[str, Any]]] = field(default_factory=lambda: [[], []])
    twin: dict[str, Any] | None = None


def walk(game: dict[str, Any]) -> Iterator[Point]:
    """Every state of a random game up to `depth` decisions; in a blind game placements are
    sent as commitments only and the owner reveals what burns, as the pbem client does."""
    options = {k: game[k] for k in ("wrap", "open_placement", "blind", "move_limit")}
    rnd = random.Random(game["seed"])
    state, _ = E.setup(2, E.check_options(options, 2), None)
    twin, _ = E.setup(2, E.check_options({**options, "blind": False}, 2), None)
    store: list[list[dict[str, Any]]] = [[], []]
    for _ in range(game["depth"] + 1):
        waiting = steps.awaiting(E, state)
        yield Point(state, store, None if waiting else twin)
        seat = E.to_move(state)
        if seat is None:
            return
        if waiting:
            mine = {r["commit"]: r for r in store[seat]}
            state, _ = E.apply(state, seat, {"type": "reveal", "secrets": [mine[c] for c in waiting]}, None)
            continue
        move = pick(E.legal_moves(twin, seat), rnd)
        twin, _ = E.apply(twin, seat, move, None)
        if E.owner_held(state, E.split_move(move)[0]):
            salt = rnd.randbytes(32).hex()
            made = commit(TAG_SECRET, {"value": move["value"]}, salt)
            store[seat].append({"commit": made, "secret": {"value": move["value"]}, "salt": salt})
            move = {"type": "place", "cell": move["cell"], "secret_commit": made}
        state, _ = E.apply(state, seat, move, None)


# ---------------------------------------------------------------- the same list from the view


@settings(max_examples=EXAMPLES * 2, **SETTINGS)
@given(games)
def test_moves_from_view_are_the_legal_moves(game: dict[str, Any]) -> None:
    """For every seat, and the spectator, the view's list is the state's list, in order; in a
    blind game that is also the server's claim, every value per free cell."""
    for point in walk(game):
        assert_view_moves(E, point.state, (0, 1, None))


@settings(max_examples=EXAMPLES * 2, **SETTINGS)
@given(games.map(lambda g: {**g, "blind": True, "open_placement": False}))
def test_a_blind_seat_lists_from_its_own_store_what_it_can_really_make(game: dict[str, Any]) -> None:
    """A blind game's view filled from the seat's store lists the moves of the same game not
    blind (only values still in hand), their public parts are the server's, and own_moves
    (the client's filter of the server's list) keeps exactly them."""
    for point in walk(game):
        if point.twin is None:
            continue
        for seat in (0, 1):
            filled = E.fill_view(E.view(point.state, seat), point.store[seat])
            mine = E.moves_from_view(filled)
            server = E.legal_moves(point.state, seat)
            assert canon(mine) == canon(E.legal_moves(point.twin, seat))
            assert {canonical(E.split_move(m)[0]) for m in mine} == {canonical(E.split_move(m)[0]) for m in server}
            assert canon(E.own_moves(filled, server)) == canon(mine)
            if point.state["phase"] == "placement" and seat == E.to_move(point.state):
                held = set(filled["hands"][seat])
                assert {m["value"] for m in mine} == held and {m["value"] for m in server} == {2, 1, -1}


# ---------------------------------------------------------------- non-interference


def disguise(state: dict[str, Any], p: int, rnd: random.Random) -> dict[str, Any]:
    """Another state p cannot tell from this one in a concealed game: the opponent's unburnt
    wisdoms (on the board and in hand) worth other values, shuffled or drawn anew. In a blind
    state there is no value to change (the opponent's store is not p's): it stays."""
    other = json.loads(json.dumps(state))
    o = 1 - p
    if other["options"]["open_placement"] or any(v is None for v in other["hands"][o]):
        return other
    wisdoms = sorted(c for c, piece in other["board"].items() if piece["kind"] == "wisdom" and piece["seat"] == o)
    values = [other["board"][c].get("value") for c in wisdoms if "value" in other["board"][c]] + other["hands"][o]
    if rnd.random() < 0.5:
        rnd.shuffle(values)
    else:
        values = [rnd.choice([2, 1, -1]) for _ in values]
    for c in wisdoms:
        if "value" in other["board"][c]:
            other["board"][c]["value"] = values.pop(0)
    other["hands"][o] = sorted(values, reverse=True)
    return other


@settings(max_examples=EXAMPLES * 2, **SETTINGS)
@given(games)
def test_what_the_seat_cannot_know_changes_none_of_its_moves(game: dict[str, Any]) -> None:
    """MH-7, MH-15: the opponent's concealed values do not reach the seat's list, from the
    state or (in a blind game) from the seat's view filled from its own store."""
    rnd = random.Random(game["seed"])
    for point in walk(game):
        for seat in (0, 1):
            other = disguise(point.state, seat, rnd)
            assert E.view(other, seat) == E.view(point.state, seat)
            assert canon(E.legal_moves(other, seat)) == canon(E.legal_moves(point.state, seat))
            assert canon(E.moves_from_view(E.fill_view(E.view(other, seat), point.store[seat]))) == canon(
                E.moves_from_view(E.fill_view(E.view(point.state, seat), point.store[seat]))
            )


# ---------------------------------------------------------------- exactness


def mutants(move: dict[str, Any]) -> list[Any]:
    """Near misses of a listed move: each differs from it in one way."""
    out: list[Any] = []
    for k, v in move.items():
        if isinstance(v, str):
            spelt = {v.upper(), v.capitalize(), f" {v}", f"{v} ", f"{v}\n", f"{v[0]} {v[1:]}"}
            out += [{**move, k: w} for w in sorted(spelt - {v})]
        elif isinstance(v, bool):
            out += [{**move, k: w} for w in (1, 1.0, "true", False)]
        elif isinstance(v, int):
            out += [{**move, k: w} for w in (float(v), str(v), [v], None, v + 10)]
            if v in (0, 1):
                out.append({**move, k: bool(v)})
        elif isinstance(v, list):
            out += [{**move, k: [*v[:i], w, *v[i + 1 :]]} for i, c in enumerate(v) for w in (c.upper(), f" {c}")]
            out += [{**move, k: v[:-1]}, {**move, k: [*v, v[-1]]}, {**move, k: list(reversed(v))}, {**move, k: "x".join(v)}]
        if k != "type":
            out.append({kk: vv for kk, vv in move.items() if kk != k})
            out.append({(kk.upper() if kk == k else kk): vv for kk, vv in move.items()})
    for key, value in (("extra", 1), ("open", True), ("open", False), ("value", 1), ("secret_commit", "0" * 64)):
        if key not in move:
            out.append({**move, key: value})
    out.append({k: v for k, v in move.items() if k != "type"})
    return out


def jump_paths(cells: list[Any], src: int, hops: int = 3) -> list[list[str]]:
    """Every sequence of up to `hops` single jumps from src onto an empty cell beyond an
    adjacent piece, valid or not as a whole (revisits included): apply must sort them out."""
    out: list[list[str]] = []

    def grow(path: list[int]) -> None:
        if len(path) > 1:
            out.append([CELLS[i] for i in path])
        if len(path) > hops:
            return
        at = path[-1]
        for d in range(6):
            over = ADJACENT[at][d]
            land = ADJACENT[over][d] if over >= 0 else -1
            if land >= 0 and over != src and cells[over] is not None and (cells[land] is None or land == src):
                grow([*path, land])

    grow([src])
    return out


def move_space(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Every placement (each cell, each value, with and without "open"), every step of each of
    the seat's magicians to any cell, every jump path of up to three hops, and pass."""
    out: list[dict[str, Any]] = [{"type": "pass"}]
    for name in CELLS:
        for v in (2, 1, -1, 0):
            out += [{"type": "place", "cell": name, "value": v}, {"type": "place", "cell": name, "value": v, "open": True}]
    cells = cells_from_board(state["board"])
    for src, piece in enumerate(cells):
        if piece is None or piece["kind"] != "magician" or piece["seat"] != seat:
            continue
        out += [{"type": "step", "from": CELLS[src], "to": to} for to in CELLS]
        out += [{"type": "jump", "path": path} for path in jump_paths(cells, src)]
    return out


def accepts(state: dict[str, Any], seat: int, move: Any) -> bool:
    try:
        E.apply(state, seat, move, None)
    except IllegalMove as err:
        assert err.message.strip()
        return False
    return True


COMMIT = "ab" * 32  # a commitment as protocol.steps makes them: 64 lower-case hex digits


def engine_move(point: Point, move: dict[str, Any]) -> dict[str, Any]:
    """The move as the engine takes it: a blind placement carries its commitment, no value."""
    if move.get("type") == "place" and E.owner_held(point.state, E.split_move(move)[0]):
        return {**E.split_move(move)[0], "secret_commit": COMMIT}
    return move


def blind_listed(mutant: Any, legal: list[dict[str, Any]]) -> bool:
    """Whether a blind placement is one the engine takes: exactly a listed public part and a
    commitment, nothing else (the value stays with its owner)."""
    if not isinstance(mutant, dict) or set(mutant) != {"type", "cell", "secret_commit"}:
        return False
    public = {"type": mutant["type"], "cell": mutant["cell"]}
    return mutant["secret_commit"] == COMMIT and strict(public) in {strict(E.split_move(m)[0]) for m in legal}


@settings(max_examples=EXAMPLES, **SETTINGS)
@given(games, st.data())
def test_apply_accepts_exactly_the_listed_moves(game: dict[str, Any], data: st.DataObject) -> None:
    """Mutants of listed moves are refused unless listed themselves; of the whole move space
    apply accepts exactly the listed moves (at one state of each game: it is large). In a
    blind game a placement is judged by its public part and commitment (the value is the
    owner's, protocol.steps checks the public part against the list)."""
    space_at = data.draw(st.integers(0, game["depth"]))
    for i, point in enumerate(walk(game)):
        seat = E.to_move(point.state)
        if seat is None or steps.awaiting(E, point.state):
            continue
        legal = E.legal_moves(point.state, seat)
        listed = {strict(m) for m in legal}
        blind = E.owner_held(point.state, {"type": "place"})
        for move in data.draw(st.lists(st.sampled_from(legal), min_size=1, max_size=2)):
            taken = engine_move(point, move)
            assert accepts(point.state, seat, taken)
            for mutant in mutants(taken):
                if blind and taken["type"] == "place":
                    assert accepts(point.state, seat, mutant) == blind_listed(mutant, legal), mutant
                else:
                    assert accepts(point.state, seat, mutant) == (strict(mutant) in listed), mutant
        if i == space_at:
            for move in move_space(point.state, seat):
                if blind and move["type"] == "place":
                    taken = {**E.split_move(move)[0], "secret_commit": COMMIT}
                    assert accepts(point.state, seat, taken) == blind_listed(taken, legal), taken
                else:
                    assert accepts(point.state, seat, move) == (strict(move) in listed), move


def test_another_path_to_a_listed_jump_is_refused_and_parse_reads_it_as_listed() -> None:
    """MH-9: the list holds one (shortest) path per cell reached; apply takes that one only and
    says which to write; parse reads any valid path as the listed one."""
    state = position({"d2": "R", "d3": "B", "e4": "b1", "e2": "r1", "f3": "B", "i9": "B"})
    listed = {"type": "jump", "path": ["d2", "d4", "f4"]}
    assert listed in E.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="write d2xd4xf4"):
        E.apply(state, 0, {"type": "jump", "path": ["d2", "f2", "f4"]}, None)
    assert E.parse("d2xf2xf4", E.view(state, 0)) == listed
    assert E.parse("d2xd3", E.view(state, 0)) == {"type": "jump", "path": ["d2", "d3"]}  # no jump: as typed


@pytest.mark.parametrize("name", ["e4 ", " e4", "E4", "e 4", "e4\n", "e04"])
def test_a_cell_name_not_exactly_a_listed_one_is_refused(name: str) -> None:
    """A cell spelt otherwise than listed could carry a message (a server reading a concealed
    value from the spelling chosen): apply refuses it, and says how cells are written."""
    state, _ = E.setup(2, E.check_options({"blind": False}, 2), None)
    assert {"type": "place", "cell": "e4", "value": 1} in E.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as err:
        E.apply(state, 0, {"type": "place", "cell": name, "value": 1}, None)
    assert "e4" in err.value.message or "not" in err.value.message
    blind, _ = E.setup(2, E.check_options({}, 2), None)
    with pytest.raises(IllegalMove):
        E.apply(blind, 0, {"type": "place", "cell": name, "secret_commit": "0" * 64}, None)
    if name.strip().lower() == "e4":
        assert "written exactly like e4" in err.value.message


def loosely(text: str, rnd: random.Random) -> str:
    """The text as a player might type it: other case, more spaces."""
    text = text.upper() if rnd.random() < 0.5 else text
    return "  " + text.replace(" ", "   ") + " " if rnd.random() < 0.5 else text


@settings(max_examples=EXAMPLES, **SETTINGS)
@given(games)
def test_parse_of_format_gives_back_each_listed_move(game: dict[str, Any]) -> None:
    """parse(format(m), view) == m for every listed move (the blind seat's own filled list and
    the server's), also typed loosely; parse never turns a listed move's text into another."""
    rnd = random.Random(game["seed"])
    for point in walk(game):
        seat = E.to_move(point.state)
        if seat is None:
            continue
        view = E.fill_view(E.view(point.state, seat), point.store[seat])
        for move in E.legal_moves(point.state, seat) + E.moves_from_view(view):
            text = E.format(move)
            assert canonical(E.parse(text, view)) == canonical(move), text
            assert canonical(E.parse(loosely(text, rnd), view)) == canonical(move), text


def test_wisdom_values_are_mh5() -> None:
    assert sorted(WISDOM_VALUES) == [-1, -1, 1, 1, 1, 2, 2] and INDEX["e5"] == CELLS.index("e5")


cell_texts = st.sampled_from([*CELLS, "E4", "a6", "j1", "e0"])
typed = st.one_of(
    st.tuples(st.just("place {} {}"), cell_texts, st.sampled_from(["1", "2", "-1", "+1", "0", "3"])),
    st.tuples(st.just("{}-{}"), cell_texts, cell_texts),
    st.tuples(st.just("{} {}"), cell_texts, st.sampled_from(["e", "ne", "nw", "w", "sw", "se", "n"])),
    st.tuples(st.just("{}x{}"), cell_texts, cell_texts),
    st.tuples(st.just("{}x{}x{}"), cell_texts, cell_texts, cell_texts),
    st.tuples(st.just("pass")),
).map(lambda t: t[0].format(*t[1:]))


@settings(max_examples=EXAMPLES, **SETTINGS)
@given(games, st.lists(typed, min_size=1, max_size=20))
def test_whatever_parse_returns_is_listed_or_refused(game: dict[str, Any], texts: list[str]) -> None:
    """parse may forgive how a move is typed, but what it returns is a listed move (from the
    seat's own filled view) or a move the rules refuse: never a variant apply takes unlisted."""
    for point in walk(game):
        seat = E.to_move(point.state)
        if seat is None or point.twin is None:
            continue
        view = E.fill_view(E.view(point.state, seat), point.store[seat])
        listed = {strict(m) for m in E.moves_from_view(view)}
        for text in texts:
            try:
                move = E.parse(text, view)
            except IllegalMove:
                continue
            assert strict(move) in listed or not accepts(point.twin, seat, move), (text, move)
