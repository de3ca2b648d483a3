"""Magier's pinned games (tracing.py): every option set, and moves only version 2 accepts.

The games: both wraps (MH-4) with open placement, concealed placement with the values on the
server (blind false), blind games (the value stays with its owner: the placement carries a
commitment, a burn waits for its owner's reveal), and short move limits so that games end by
MH-14 as well as by score or passes.

`choose` plays the keyed random move, but now and then spelled as version 2's `apply` read it
and version 3's refuses (docs/PROTOCOL.md section 19): a cell in capitals or with spaces around it, a jump along
a longer valid path than the listed (shortest) one. It plays such a spelling only where the
engine accepts it, and the same random draws either way, so version 2 (which takes them)
and version 3 (which plays the listed move instead) each give their own trace, and each is
pinned. It reads only what every pbem's magier had since the first release (the board's
cells and neighbours, the state's board and options, the Engine's apply; owner_held where
there is one: version 1 had neither blind games nor owner-held secrets).

Version 1 (the first day's rules, before blind games) has no option `blind` and refuses it, so
it plays `games("1")`: the same open and concealed games without that option (the same seeds,
so the same moves), and the defaults, which in version 1 are a concealed game, not a blind one.
"""

from __future__ import annotations

import random
from typing import Any

from engines.magier.board import ADJACENT, CELLS, INDEX

VALUES = [2, 2, 1, 1, 1, -1, -1]  # MH-5: each side's wisdoms

_OPTIONS = {
    "line-open": {"wrap": "line", "open_placement": True},
    "torus-open": {"wrap": "torus", "open_placement": True},
    "line-concealed": {"wrap": "line", "open_placement": False, "blind": False},
    "torus-concealed": {"wrap": "torus", "open_placement": False, "blind": False},
    "line-blind": {"wrap": "line"},  # blind is the default
    "torus-blind": {"wrap": "torus"},
}

# (option set, seed number, plies, limit): the seeds were picked so that most games end by
# score (MH-13, a blind one after the owner's reveal), two by the move limit (MH-14).
_PLAYED = [
    ("line-open", 8, 400, None),  # black burns 6 points
    ("torus-open", 0, 150, None),
    ("line-concealed", 0, 400, None),  # black burns 6
    ("torus-concealed", 11, 400, None),  # red burns 5
    ("line-blind", 5, 400, None),  # red burns 5
    ("torus-blind", 9, 400, None),  # red burns 5
    ("torus-blind", 0, 400, 25),
    ("line-concealed", 1, 400, 20),
]

GAMES: list[dict[str, Any]] = [
    {
        "seats": 2,
        "options": {**_OPTIONS[name], **({"move_limit": limit} if limit else {})},
        "seed": f"magier {name} {n}",
        "plies": plies,
    }
    for name, n, plies, limit in _PLAYED
]


# Version 1's games: the open and concealed ones above, as version 1 writes their options.
_PLAYED_1 = [(name, n, plies, limit) for name, n, plies, limit in _PLAYED if "blind" not in name]
GAMES_1: list[dict[str, Any]] = [
    {
        "seats": 2,
        "options": {
            **{k: v for k, v in _OPTIONS[name].items() if k != "blind"},
            **({"move_limit": limit} if limit else {}),
        },
        "seed": f"magier {name} {n}",
        "plies": plies,
    }
    for name, n, plies, limit in _PLAYED_1
] + [{"seats": 2, "options": {}, "seed": "magier version-1 defaults 2", "plies": 400}]  # red burns 5


def games(version: str) -> list[dict[str, Any]]:
    """The games rules version `version` plays (tracing.games_of): version 1 knows no `blind`."""
    return GAMES_1 if version == "1" else GAMES


def choose(engine: Any, state: dict[str, Any], seat: int, legal: list[Any], rnd: random.Random) -> Any:
    """The keyed move for `seat`: a blind game's reveal or commitment, else a listed move,
    sometimes in a spelling only version 2 accepts (when this engine accepts it)."""
    if state.get("pending"):
        return _reveal(state, rnd)
    if not legal:
        return None
    move = dict(legal[rnd.randrange(len(legal))])
    held = getattr(engine, "owner_held", None)  # version 1 has no owner-held secrets
    if held is not None and held(state, move):  # blind: the value stays with its owner
        move = {"type": "place", "cell": move["cell"], "secret_commit": f"{rnd.getrandbits(256):064x}"}
    odd = _oddly_spelled(state, move, rnd)
    if odd is not None and _accepted(engine, state, seat, odd):
        return odd
    return move


def _reveal(state: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """The owner's opening of what the last push burnt: values it could still hold (MH-5); the
    engine never sees salts (protocol.steps checks the opening against the commitment first)."""
    left = {0: list(VALUES), 1: list(VALUES)}
    for burnt in state["burned"]:
        left[burnt["owner"]].remove(burnt["value"])
    secrets = []
    for wait in state["pending"]:
        value = rnd.choice(left[wait["owner"]])
        left[wait["owner"]].remove(value)
        secrets.append({"commit": wait["commit"], "secret": {"value": value}, "salt": "00"})
    return {"type": "reveal", "secrets": secrets}


def _oddly_spelled(state: dict[str, Any], move: dict[str, Any], rnd: random.Random) -> dict[str, Any] | None:
    """The same move as version 2 read it in another spelling, or None (most moves)."""
    roll = rnd.random()
    spell = str.upper if roll < 0.12 else (lambda c: f" {c} ") if roll < 0.2 else None
    longer = None
    if move["type"] == "jump":
        others = [p for p in _jump_paths(state["board"], move["path"][0], move["path"][-1]) if p != move["path"]]
        if others and rnd.random() < 0.6:
            longer = rnd.choice(others)
    if spell is None and longer is None:
        return None
    odd = dict(move)
    if longer is not None:
        odd["path"] = longer
    if spell is not None:
        for key in ("cell", "from", "to"):
            if key in odd:
                odd[key] = spell(odd[key])
        if "path" in odd:
            odd["path"] = [spell(c) for c in odd["path"]]
    return odd


def _jump_paths(board: dict[str, Any], start: str, end: str, most: int = 12) -> list[list[str]]:
    """Valid jump paths (MH-9) from start to end, written here from the ruling, not the engine:
    each hop over an adjacent piece to the empty cell straight behind it, never across the
    edge, never landing twice on a cell; the mover's own cell counts as empty."""
    src, dest = INDEX[start], INDEX[end]
    taken = {INDEX[name] for name in board} - {src}
    found: list[list[str]] = []

    def walk(at: int, path: list[int]) -> None:
        if len(found) >= most or len(path) > 7:
            return
        for d in range(6):
            over = ADJACENT[at][d]
            land = ADJACENT[over][d] if over >= 0 else -1
            if over < 0 or land < 0 or over not in taken or land in taken or land in path:
                continue
            if land == dest:
                found.append([CELLS[i] for i in [*path, land]])
            else:
                walk(land, [*path, land])

    walk(src, [src])
    return found


def _accepted(engine: Any, state: dict[str, Any], seat: int, move: dict[str, Any]) -> bool:
    try:
        engine.apply(state, seat, move)
    except Exception:  # noqa: BLE001 - a version that refuses the spelling plays the listed move
        return False
    return True
