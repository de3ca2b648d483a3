"""DESIGN: legal moves are a function of what the seat knows, and apply accepts exactly them.

The client lists, shows and signs its moves from its own verified view (`moves_from_view`)
and treats the server's list as a claim to compare; the audit refuses a logged move that is
not exactly a listed one. So, over random closed and open games (hypothesis; every state on
the way is checked):

- `moves_from_view(view(state, p))` is `legal_moves(state, p)`, in order, as canonical JSON,
  for both seats and the spectator (whose list is empty), also after the view's JSON trip;
- changing what p cannot know (the opponent's hand, both stockpiles' order, the opponent's
  inactive deck below its top, the identities of the opponent's face-down cavemen unknown to
  p; CV-15, CV-18) keeps p's view and p's legal moves;
- apply accepts exactly the listed moves: mutants of listed moves (case, spaces, another
  spelling, an extra, missing or renamed key, 1.0, true, "1" or [1] for 1) are refused with
  IllegalMove unless the mutant is itself listed, and every move of the whole move space is
  accepted if and only if it is listed; `parse(format(m), view) == m`;
- a placement's name is its secret part (split_move, CV-18): the public part of every listed
  move shows only what the opponent's view shows after it, and the secret changes nothing the
  opponent or a spectator sees.

"Listed" is decided on Python's JSON text (json.dumps), which keeps 1.0 and true apart from 1;
canonical JSON (RFC 8785) writes 1.0 as 1, so it alone would call the 1.0 mutant listed.

Sizes follow test_properties.py, smaller (its games already cover the rules): a run of the
file takes some seconds. PBEM_CAVEMEN_EXAMPLES=<n> asks for deeper runs (default 40).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.cavemen import ENGINE as E
from engines.cavemen import cards
from engines.cavemen.field import COLS, index, path_of, row_of
from engines.core import IllegalMove, Rng
from protocol.canonical import canonical
from tests.engines.cavemen.scenario import BLUE, RED, board, conserved, put
from tests.engines.exact import assert_view_moves, canon, strict

EXAMPLES = int(os.environ.get("PBEM_CAVEMEN_EXAMPLES", "40"))
SETTINGS = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32 - 1),
        "open": st.booleans(),
        "round_limit": st.sampled_from([3, 10, 30]),
        "depth": st.integers(0, 600),
    }
)


def pick(legal: list[dict[str, Any]], rnd: random.Random) -> dict[str, Any]:
    """A kind of move uniformly, then a move of that kind (as bench/playouts.py), so that
    attacks, Zippy's reveals and returned decks come up in short games."""
    kind = rnd.choice(sorted({m["type"] for m in legal}))
    return rnd.choice([m for m in legal if m["type"] == kind])


def walk(game: dict[str, Any]) -> Iterator[tuple[dict[str, Any], random.Random, int]]:
    """Every state of a random game up to `depth` decisions (the setup's included)."""
    state, _ = E.setup(2, {"open": game["open"], "round_limit": game["round_limit"]}, Rng(b"vm %d" % game["seed"]))
    rnd = random.Random(game["seed"])
    for i in range(game["depth"] + 1):
        yield state, rnd, i
        seat = E.to_move(state)
        if seat is None:
            return
        move = pick(E.legal_moves(state, seat), rnd)
        state, _ = E.apply(state, seat, move, Rng(b"vm %d %d" % (game["seed"], i)))


# ---------------------------------------------------------------- the same list from the view


@settings(max_examples=EXAMPLES * 3, **SETTINGS)
@given(games)
def test_moves_from_view_are_the_legal_moves(game: dict[str, Any]) -> None:
    """For every seat, and the spectator, the view's list is the state's list, in order."""
    for state, _, _ in walk(game):
        assert_view_moves(E, state, (RED, BLUE, None))


# ---------------------------------------------------------------- non-interference


def disguise(state: dict[str, Any], p: int, rnd: random.Random) -> dict[str, Any]:
    """Another state p cannot tell from this one: the opponent's cards that p does not see
    (hand, stockpile, inactive deck below the top, face-down cavemen unknown to p) dealt
    anew among those places, cavemen staying cavemen on the field, and p's own stockpile
    shuffled (its order is unknown to p too). Cards stay conserved."""
    other = json.loads(json.dumps(state))
    o = 1 - p
    hidden = [
        i
        for i, piece in enumerate(other["field"])
        if piece is not None and piece["owner"] == o and not piece["up"] and piece["known"] == 0
    ]
    inactive = other["inactive"][o]
    pool = other["hands"][o] + other["stock"][o] + inactive[:-1] + [other["field"][i]["card"] for i in hidden]
    rnd.shuffle(pool)
    for i in hidden:
        card = next(c for c in pool if cards.is_caveman(c))
        pool.remove(card)
        other["field"][i] = {**other["field"][i], "card": card}
    n_hand, n_stock = len(other["hands"][o]), len(other["stock"][o])
    other["hands"][o] = cards.sort_hand(pool[:n_hand])
    other["stock"][o] = pool[n_hand : n_hand + n_stock]
    other["inactive"][o] = pool[n_hand + n_stock :] + inactive[-1:]
    rnd.shuffle(other["stock"][p])
    return other


@settings(max_examples=EXAMPLES * 2, **SETTINGS)
@given(games)
def test_what_the_seat_cannot_know_changes_none_of_its_moves(game: dict[str, Any]) -> None:
    """CV-15, CV-18: the opponent's secrets and both stockpiles' order do not reach the list."""
    for state, rnd, _ in walk(game):
        for seat in (RED, BLUE):
            other = disguise(state, seat, rnd)
            conserved(other)
            assert E.view(other, seat) == E.view(state, seat), "the disguise changed only what the seat cannot see"
            assert canon(E.legal_moves(other, seat)) == canon(E.legal_moves(state, seat))


def test_a_face_down_opponent_caveman_does_not_change_the_attack_listed() -> None:
    """Red's Gritty faces Blue's face-down caveman: whatever it is, Red's list is the same
    (an attack on it, steps, sideways moves), from the state and from the view."""
    lists = []
    for blue in cards.CAVEMEN:
        s = board()
        put(s, RED, "gritty", 1, 3)
        put(s, BLUE, blue, 1, 4)
        legal = E.legal_moves(s, RED)
        assert canon(E.moves_from_view(E.view(s, RED))) == canon(legal)
        lists.append(canon(legal))
    assert all(x == lists[0] for x in lists)
    assert canonical({"type": "attack", "path": 1, "row": 4, "from_path": 1, "from_row": 3}) in lists[0]


# ---------------------------------------------------------------- exactness


_SPELLINGS = {"step": ["move"], "noreveal": ["no reveal"], "end": ["end phase"], "up": ["forward"], "down": ["back"]}


def mutants(move: dict[str, Any]) -> list[Any]:
    """Near misses of a listed move: each differs from it in one way."""
    out: list[Any] = []
    for k, v in move.items():
        if isinstance(v, str):
            spelt = {v.upper(), v.lower(), v.capitalize(), v.swapcase(), f" {v}", f"{v} ", f"{v}\n", *_SPELLINGS.get(v, [])}
            out += [{**move, k: w} for w in sorted(spelt - {v})]
        elif type(v) is int:
            out += [{**move, k: w} for w in (float(v), str(v), [v], None, v + 10)]
            if v in (0, 1):
                out.append({**move, k: bool(v)})
        if k != "type":
            out.append({kk: vv for kk, vv in move.items() if kk != k})
            out.append({(kk.upper() if kk == k else kk): vv for kk, vv in move.items()})
    for key, value in (("extra", 1), ("card", "gutsy"), ("seat", 0), ("path", 0), ("dir", "up"), ("col", "B")):
        if key not in move:
            out.append({**move, key: value})
    out.append({k: v for k, v in move.items() if k != "type"})
    return out


def move_space() -> list[dict[str, Any]]:
    """Every move of every type over the whole field (most of them illegal at any time)."""
    out: list[dict[str, Any]] = [{"type": "end"}, {"type": "noreveal"}]
    for i in range(24):
        p, r = path_of(i), row_of(i)
        for kind in ("step", "jump", "side"):
            out += [{"type": kind, "path": p, "row": r, "dir": d} for d in ("up", "down", "left", "right")]
        out += [{"type": "attack", "path": path_of(j), "row": row_of(j), "from_path": p, "from_row": r} for j in range(24)]
        out += [{"type": "extinguish", "col": c, "path": p, "row": r} for c in COLS]
        out += [{"type": "place", "card": c, "path": p, "row": r} for c in cards.HAND_CARDS]
        out.append({"type": "reveal", "path": p, "row": r})
    out += [{"type": "cave", "cell": f"{c}{r}"} for c in COLS for r in range(1, 7)]
    out += [{"type": "discard", "card": c} for c in (*cards.HAND_CARDS, cards.FIRE)]
    return out


MOVE_SPACE = move_space()


def accepts(state: dict[str, Any], seat: Any, move: Any) -> bool:
    try:
        E.apply(state, seat, move, Rng(b"exact"))
    except IllegalMove as err:
        assert isinstance(err.message, str) and err.message.strip()
        return False
    return True


@settings(max_examples=EXAMPLES, **SETTINGS)
@given(games)
def test_apply_accepts_exactly_the_listed_moves(game: dict[str, Any]) -> None:
    """Mutants are refused unless listed; over the whole move space (on some states),
    accepted if and only if listed, so apply takes no move the list leaves out."""
    for state, rnd, i in walk(game):
        seat = E.to_move(state)
        if seat is None:
            assert not accepts(state, RED, {"type": "end"}) and not accepts(state, BLUE, {"type": "end"})
            continue
        legal = E.legal_moves(state, seat)
        listed = {strict(m) for m in legal}
        for move in legal if len(legal) <= 3 else rnd.sample(legal, 3):
            assert accepts(state, seat, move)
            assert not accepts(state, 1 - seat, move), "only the seat to decide moves"
            for bad in mutants(move):
                assert accepts(state, seat, bad) == (strict(bad) in listed), f"{bad!r} against the listed {move!r}"
        if i % 25 == 0:
            accepted = [m for m in MOVE_SPACE if accepts(state, seat, m)]
            assert sorted(map(strict, accepted)) == sorted(listed), "apply accepts a move the list leaves out"


@settings(max_examples=EXAMPLES * 2, **SETTINGS)
@given(games)
def test_parse_reads_back_every_listed_move(game: dict[str, Any]) -> None:
    """parse(format(m), view) is m for every listed m, read from the seat's own view; the
    reader forgives case and spaces (it is the player's input), the result is still m."""
    for state, _, _ in walk(game):
        seat = E.to_move(state)
        if seat is None:
            continue
        view = E.view(state, seat)
        for move in E.moves_from_view(view):
            assert canonical(E.parse(E.format(move), view)) == canonical(move)
            assert strict(E.parse(E.format(move), view)) == strict(move)
            assert strict(E.parse(f"  {E.format(move).upper()} ", view)) == strict(move)


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ({"type": "step", "path": 1, "row": 3, "dir": "forward"}, "no direction 'forward'"),
        ({"type": "step", "path": 1, "row": 3, "dir": "Up"}, "no direction 'Up'"),
        ({"type": "side", "path": 1, "row": 3, "dir": "up"}, "write left or right"),
        ({"type": "step", "path": 1.0, "row": 3, "dir": "up"}, "path must be a whole number, not 1.0"),
        ({"type": "step", "path": "1", "row": 3, "dir": "up"}, "path must be a whole number"),
        ({"type": "step", "path": 1, "row": 3}, "a step move needs the field"),
        ({"type": "step", "path": 1, "row": 3, "dir": "up", "card": "gritty"}, "unexpected field"),
        ({"type": "End"}, "not 'End'"),
        ({"type": " end"}, "not ' end'"),
        ({"type": "extinguish", "col": "b", "path": 1, "row": 6}, "no fire column 'b'"),
    ],
)
def test_variants_of_a_move_are_refused_in_words_a_player_understands(move: dict[str, Any], words: str) -> None:
    s = board()
    put(s, RED, "gritty", 1, 3)
    with pytest.raises(IllegalMove, match=words.replace("(", r"\(").replace(".", r"\.")):
        E.apply(s, RED, move, Rng(b"r"))


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ({"type": "cave", "cell": "b4"}, "'b4' is no replaceable cave"),
        ({"type": "cave", "cell": "B4 "}, "'B4 ' is no replaceable cave"),
        ({"type": "place", "card": "Gutsy", "path": 0, "row": 2}, "'Gutsy' is not a caveman"),
        ({"type": "place", "path": 0, "row": 2}, "a place move needs the field"),
    ],
)
def test_variants_of_a_placement_are_refused(move: dict[str, Any], words: str) -> None:
    s = board(phase="place")
    s["hands"][RED] = ["gutsy", "cave"]
    with pytest.raises(IllegalMove, match=words):
        E.apply(s, RED, move, Rng(b"r"))


# ---------------------------------------------------------------- the public part of a move


def shows(move: dict[str, Any], seat: int, before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether the opponent's view after the move (and before it) shows what the move's
    public part says: the public part tells the opponent nothing that his view does not."""
    t = move["type"]
    if t in ("step", "jump", "side"):
        p, r = move["path"], move["row"]
        d = {"up": 1, "down": -1, "left": -1, "right": 1}[move["dir"]]
        p, r = (p + d, r) if t == "side" else (p, r + d * (2 if t == "jump" else 1))
        mover = before["field"][index(move["path"], move["row"])]
        return after["field"][index(p, r)]["id"] == mover["id"] and after["field"][index(move["path"], move["row"])] is None
    if t == "attack":
        a = before["field"][index(move["from_path"], move["from_row"])]
        d = before["field"][index(move["path"], move["row"])]
        there = after["field"][index(move["path"], move["row"])]
        left = after["field"][index(move["from_path"], move["from_row"])] is None
        return left and a["owner"] == seat and d["owner"] != seat and (there is None or there["id"] in (a["id"], d["id"]))
    if t == "extinguish":
        return not after["fires"][1 - seat][COLS.index(move["col"])]
    if t == "place":
        piece = after["field"][index(move["path"], move["row"])]
        return piece is not None and piece["owner"] == seat and piece["card"] is None and not piece["up"]
    if t == "cave":
        return after["caves"][move["cell"]] == seat and before["caves"][move["cell"]] != seat
    if t == "discard":
        return after["inactive_tops"][seat] == move["card"] and after["inactive_sizes"][seat] == before["inactive_sizes"][seat] + 1
    if t == "reveal":
        piece = after["field"][index(move["path"], move["row"])]
        return piece["known"] >= 1 and (piece["up"] or not after["options"]["open"])
    return t in ("end", "noreveal")


@settings(max_examples=EXAMPLES, **SETTINGS)
@given(games)
def test_the_public_part_of_a_listed_move_leaks_nothing_the_view_hides(game: dict[str, Any]) -> None:
    """CV-18: a placement's caveman is its secret part; every other move is public whole.
    The public part is shown by the opponent's view after the move, and two placements on
    one spot (the same public part) leave the opponent and a spectator the same views and
    the same public events."""
    for state, rnd, i in walk(game):
        seat = E.to_move(state)
        if seat is None:
            continue
        legal = E.legal_moves(state, seat)
        before = E.view(state, 1 - seat)
        by_public: dict[bytes, list[dict[str, Any]]] = {}
        for move in legal:
            public, secret = E.split_move(move)
            assert canonical(E.merge_move(public, secret)) == canonical(move)
            if move["type"] == "place":
                assert public == {k: v for k, v in move.items() if k != "card"} and secret == {"card": move["card"]}
            else:
                assert secret is None and canonical(public) == canonical(move)
            by_public.setdefault(canonical(public), []).append(move)
        for public_key in rnd.sample(sorted(by_public), min(4, len(by_public))):
            seen = set()
            for move in by_public[public_key]:
                new, events = E.apply(state, seat, move, Rng(b"public %d" % i))
                after = E.view(new, 1 - seat)
                assert shows(E.split_move(move)[0], seat, before, after), f"{move!r}: the public part says more"
                public_events = [e.to_json() for e in events if e.to is None]
                seen.add(strict([after, E.view(new, None), public_events]))
            assert len(seen) == 1, f"the secret of {public_key!r} shows in the opponent's view or the public log"
