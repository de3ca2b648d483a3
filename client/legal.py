"""The seat's legal moves as its own client computes them, and the server's list as a claim.

A seat's legal moves are a function of what that seat knows (engines.core: `moves_from_view`),
so the client needs nobody's word for them: it lists, shows and signs moves it computed from
its verified view, with texts the engine formats here. The server's `/moves` answer is then
only a claim to compare: a move listed that the rules do not give, a legal move left out, or
a text that is not the move's own is a lie. Trusting that list let a server spell a concealed
value into a signed cell name, hide moves to learn a value from the choice, or show one
move's text beside another move.

Pure functions: the caller fetches and keeps the evidence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Engine, Move, View
from protocol.canonical import NotCanonical, canonical


def own_moves(engine: Engine, view: View) -> list[Move]:
    """The seat's legal moves from its own view (in a blind game, the view as filled from its
    own store, so the list holds only what it really holds)."""
    return list(engine.moves_from_view(view))


def format_move(engine: Engine, move: Any) -> str:
    """The move in the game's notation, or its JSON when the engine cannot write it."""
    try:
        return engine.format(move)
    except Exception:  # noqa: BLE001 - any move must be printable, even one the engine refuses
        return canonical_text(move)


def canonical_text(value: Any) -> str:
    try:
        return canonical(value).decode()
    except (NotCanonical, TypeError, ValueError):
        return repr(value)


def listing(engine: Engine, moves: list[Move], view: View | None = None) -> list[dict[str, Any]]:
    """Numbered from 1 as `pbem move GAME N` takes them, each text made here by the engine, and,
    where the engine can say it from the seat's view (`describe_move`, optional), what the move
    would do under "does" (a magier step's pushes and burns): a move's text names only where a
    piece goes, and a player choosing from the list should not have to work out the rest."""
    describe = getattr(engine, "describe_move", None) if view is not None else None
    out = []
    for i, m in enumerate(moves):
        item = {"n": i + 1, "move": m, "text": format_move(engine, m)}
        does = _does(describe, view, m)
        if does:
            item["does"] = does
        out.append(item)
    return out


def _does(describe: Any, view: View | None, move: Move) -> str | None:
    if not callable(describe):
        return None
    try:
        said = describe(view, move)
    except Exception:  # noqa: BLE001 - a preview is a help: without it the move is still listed
        return None
    return said if isinstance(said, str) and said else None


def find(engine: Engine, view: View, moves: list[Move], move: Any) -> Move | None:
    """The listed move that is exactly `move` (canonical JSON), or None."""
    try:
        wanted = canonical(move)
    except (NotCanonical, TypeError, ValueError):
        return None
    for m in moves:
        if m == move and canonical(m) == wanted:
            return m
    return None


def claim_problem(engine: Engine, expected: list[Move], claimed: Any) -> str | None:
    """Why the server's list of moves (`[{"move", "text"}, ...]`) is not `expected`, the list
    its own state must give by the rules (the seat's moves from the verified view the server
    sent, before the seat's own store filled anything in), each with the move's own text;
    None when it is exactly that list."""
    if not isinstance(claimed, list) or not all(isinstance(c, Mapping) for c in claimed):
        return "the server's list of legal moves is not a list of moves"
    mine = {canonical_text(m) for m in expected}
    theirs: dict[str, Any] = {}
    for item in claimed:
        move = item.get("move")
        key = canonical_text(move)
        theirs[key] = move
        text = item.get("text")
        if key in mine and text != format_move(engine, move):
            return (
                f"the server lists {format_move(engine, move)!r} with the text {text!r}: the text "
                "shown beside a move is not that move"
            )
    extra = [theirs[k] for k in theirs if k not in mine]
    if extra:
        return (
            f"the server lists {canonical_text(extra[0])} as a legal move, but your own rules, "
            "from your verified view, do not give it"
            + (f" (and {len(extra) - 1} more)" if len(extra) > 1 else "")
        )
    missing = [m for m in expected if canonical_text(m) not in theirs]
    if missing:
        return (
            f"the server leaves out {format_move(engine, missing[0])!r}, a legal move by your own "
            "rules from your verified view"
            + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else "")
        )
    return None
