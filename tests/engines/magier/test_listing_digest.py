"""Magier's move lists, views' move lists and applied states, pinned by digest (MH-6..MH-14).

The order of a legal_moves list is part of what players sign and what the audit compares, so
work on how the lists are made (speed) must leave every list exactly as it was: same moves,
same order, same key order. The digests below were computed from the code before that work,
over random games from fixed seeds (every option set: both wraps MH-4, open, concealed and
blind placement MH-6, pushes and burns MH-8/MH-10, jumps MH-9, bans MH-11, passes MH-12) and
over random boards from sparse to full with a banned position that is often exactly the
outcome of one listed move or one cell away from it. A changed digest means a changed list,
state or event somewhere in thousands of positions: compare against the previous commit to
find which.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from engines import get
from engines.core import Rng
from engines.magier.board import CELLS

MAGIER = get("magier")
GAME_OPTIONS: list[dict[str, Any]] = [
    {"wrap": "line", "open_placement": True},
    {"wrap": "torus", "open_placement": True},
    {"wrap": "line", "open_placement": False, "blind": False},
    {"wrap": "torus"},  # blind
    {"wrap": "line", "move_limit": 30},  # blind, ends at the move limit (MH-14)
]


def _text(value: Any) -> bytes:
    """Exact JSON: key order kept, 1, 1.0 and true told apart."""
    return json.dumps(value, separators=(",", ":")).encode()


def _key(board: dict[str, Any]) -> str:
    """MH-11's position key, written here so the test does not lean on the code it pins."""
    key = ["."] * len(CELLS)
    for name, piece in board.items():
        key[CELLS.index(name)] = ("RB" if piece["kind"] == "magician" else "rb")[piece["seat"]]
    return "".join(key)


def games_digest(games_per_option: int) -> tuple[str, int]:
    """Random games (the bench's way of choosing: a kind of move, then a move of that kind):
    legal_moves for the seat to move and the other seat, moves_from_view of both seats' views,
    and each state and event list apply returns. Returns the digest and the positions seen."""
    h = hashlib.sha256()
    positions = 0
    for options in GAME_OPTIONS:
        for game in range(games_per_option):
            rnd = random.Random(f"{options} {game}")
            state, events = MAGIER.setup(2, options, Rng(b"digest"))
            h.update(_text(state) + _text([e.to_json() for e in events]))
            for ply in range(400):
                seat = MAGIER.to_move(state)
                if seat is None:
                    break
                positions += 1
                legal = MAGIER.legal_moves(state, seat)
                h.update(_text(legal) + _text(MAGIER.legal_moves(state, 1 - seat)))
                for s in (0, 1):
                    h.update(_text(MAGIER.moves_from_view(MAGIER.view(state, s))))
                if not legal:  # a blind game's reveal: the owner's, with salts no list holds
                    move = _reveal(state, rnd)
                else:
                    kinds = sorted({m["type"] for m in legal})
                    kind = rnd.choice(kinds)
                    move = rnd.choice([m for m in legal if m["type"] == kind])
                    if MAGIER.owner_held(state, move):  # blind: the value stays with its owner
                        move = {
                            "type": "place",
                            "cell": move["cell"],
                            "secret_commit": f"{rnd.getrandbits(256):064x}",
                        }
                state, events = MAGIER.apply(state, seat, move, Rng(b"ply %d" % ply))
                h.update(_text(state) + _text([e.to_json() for e in events]))
    return h.hexdigest(), positions


def _reveal(state: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """A reveal whose opening protocol.steps would check first (the engine sees the values
    only), of values the owner could still hold (MH-5)."""
    left = {0: [2, 2, 1, 1, 1, -1, -1], 1: [2, 2, 1, 1, 1, -1, -1]}
    for b in state["burned"]:
        left[b["owner"]].remove(b["value"])
    secrets = []
    for p in state["pending"]:
        value = rnd.choice(left[p["owner"]])
        left[p["owner"]].remove(value)
        secrets.append({"commit": p["commit"], "secret": {"value": value}, "salt": "00"})
    return {"type": "reveal", "secrets": secrets}


def boards_digest(boards: int) -> tuple[str, int]:
    """Random movement boards, sparse to full, each seat and wrap, with no banned position, a
    random one, the outcome of a listed move, or that outcome with one cell changed (MH-11)."""
    h = hashlib.sha256()
    banned_listed = 0
    rnd = random.Random(23)
    for _ in range(boards):
        density = rnd.choice([0.2, 0.4, 0.6, 0.8, 0.95, 1.0])
        board: dict[str, Any] = {}
        for name in CELLS:
            if rnd.random() < density:
                if rnd.random() < 0.5:
                    board[name] = {"seat": rnd.randrange(2), "kind": "magician"}
                else:
                    board[name] = {
                        "seat": rnd.randrange(2),
                        "kind": "wisdom",
                        "value": rnd.choice([2, 1, -1]),
                    }
        seat = rnd.randrange(2)
        state = {
            "options": {
                "wrap": rnd.choice(["line", "torus"]),
                "open_placement": True,
                "move_limit": 200,
                "blind": True,
            },
            "phase": "movement",
            "turn": seat,
            "board": board,
            "hands": [[], []],
            "scores": [0, 0],
            "burned": [],
            "moves": [0, 0],
            "ply": 20,
            "passes": 0,
            "prev_position": None,
            "last_move": None,
            "last_seat": None,
            "result": None,
        }
        free = MAGIER.legal_moves(state, seat)
        how = rnd.choice(["none", "random", "outcome", "outcome", "near", "near"])
        if how == "random":
            state["prev_position"] = "".join(rnd.choice(".RBrb") for _ in CELLS)
        elif how in ("outcome", "near") and free[0]["type"] != "pass":
            after, _ = MAGIER.apply(state, seat, rnd.choice(free), Rng(b"outcome"))
            key = list(_key(after["board"]))
            if how == "near":
                i = rnd.randrange(len(key))
                key[i] = rnd.choice([t for t in ".RBrb" if t != key[i]])
            state["prev_position"] = "".join(key)
        listed = MAGIER.legal_moves(state, seat)
        banned_listed += len(listed) < len(free)
        h.update(_text(free) + _text(listed))
        for move in listed[:: max(1, len(listed) // 3)]:
            after, events = MAGIER.apply(state, seat, move, Rng(b"x"))
            h.update(_text(after) + _text([e.to_json() for e in events]))
    return h.hexdigest(), banned_listed


GAMES_DIGEST = "2c0868816cc8739811dc1cd8f7845a20ff00e9292e14f5ab1e8a97ffa07907eb"
BOARDS_DIGEST = "4281ed4d43f35dc117c7751524df3dde485caf1a75bffcd96d4f8bb9e99a872f"


def test_move_lists_views_and_states_of_random_games_are_as_before_mh6_to_mh14() -> None:
    digest, positions = games_digest(4)
    assert positions > 5000
    assert digest == GAMES_DIGEST


def test_move_lists_of_random_boards_with_bans_are_as_before_mh8_to_mh11() -> None:
    digest, banned_listed = boards_digest(2000)
    assert banned_listed > 200  # MH-11 took a move out of that many lists
    assert digest == BOARDS_DIGEST
