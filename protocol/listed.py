"""The listed-move check: a move is played only as the rules list it, byte for byte.

Kept apart because three different steps run it (a signed move, a move by email, and
the audit replaying either), and they must refuse exactly the same spellings.
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine, IllegalMove, Rng
from protocol.blind import awaiting
from protocol.canonical import NotCanonical, canonical
from protocol.envelope import is_int

# The rules versions released before this check existed (e28135c, 2026-12-02): their server
# played any move their `apply` took, however it was written (a cell in capitals, a list in
# another order), and an honest log of theirs holds such moves. A released version never
# changes (docs/PROTOCOL.md section 19), so in these versions `apply` alone decides, as it did; every later
# version plays only listed moves. (The older versions of the first day are listed too: they
# are refused as unknown unless an engine keeps them.)
UNLISTED_VERSIONS = frozenset({
    ("magier", "1"), ("magier", "2"),
    ("feuersalamander", "1"), ("feuersalamander", "2"), ("feuersalamander", "3"),
    ("siedler", "1"), ("siedler", "2"),
    ("cavemen", "1"),
})


def lists_exactly(engine: Engine) -> bool:
    """Whether `engine`'s rules version plays only listed moves (every version from 2026-12-02)."""
    return (engine.id, engine.version) not in UNLISTED_VERSIONS


def check_listed(
    engine: Engine, state: dict[str, Any], seat: Any, full: dict[str, Any], owner_public: dict[str, Any] | None = None
) -> None:
    """A move is played only if it is exactly one of the seat's listed legal moves.

    Exactly means equal as canonical JSON: a cell spelt "e4 " or "E4", an extra key or true
    for 1 is not the listed move, even where the rules would read it the same, because the
    signed public part must have one meaning and carry no message (a server that lists
    spelt variants could otherwise read a concealed value from the spelling chosen).
    Where the secret stays with its owner (`owner_public`, a blind placement) only the
    public part can be compared: it must be the public part of a listed move. A reveal the
    seat owes is checked against its commitments instead (check_reveal); no list holds it.
    The engine's own refusal is raised when it has one, for its reason a player reads.
    """
    if awaiting(engine, state) or not lists_exactly(engine):
        return
    legal = engine.legal_moves(state, seat) if is_int(seat) else []
    if owner_public is not None:
        wanted = owner_public
        candidates = [engine.split_move(m)[0] for m in legal]
    else:
        wanted, candidates = full, legal
    try:
        text = canonical(wanted)
    except NotCanonical as exc:
        raise IllegalMove(f"that move cannot be read: {exc}") from exc
    # Python's == already finds the few candidates (1 == True), canonical JSON decides.
    if any(m == wanted and canonical(m) == text for m in candidates):
        return
    try:  # the rules' own reason, where they have one
        engine.apply(state, seat, full, Rng(b"refusal"))
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        raise IllegalMove("the rules cannot read that move (a field of the wrong kind?)") from exc
    raise IllegalMove(
        "that move is not written exactly as the rules list it (list your moves with `pbem move "
        "GAME`, or type one in the game's notation)"
    )
