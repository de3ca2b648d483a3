"""Replacing a key: the rotation statement an account signs with its old and its new key, and
the `handover` log entry that gives a seat to the new key (docs/PROTOCOL.md sections 9, 10, 15).

A seat's key is what every later signature of that seat is checked against, so changing it is
itself a signed act of the key that holds the seat: the old key signs, for one game and one
seat, which key holds the seat from the next entry on. Bound to the game and to the genesis, a
handover cannot be carried into another game; since the old key must be the seat's key at that
point of the log, the same handover cannot be played twice. `check_handover` is the one check
of such an entry, run by the server, every client and the audit alike.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from protocol.canonical import canonical
from protocol.envelope import StepError, is_int
from protocol.keys import SigningKey, is_public_key_hex, statement_signed
from protocol.seat_secrets import box_problem

TAG_HANDOVER = b"pbem/v1/handover\n"
TAG_ROTATION = b"pbem/v1/rotation\n"
# `resealed` is protocol.seat_secrets.seal(new key, game, 0, records, purpose=RESEAL_PURPOSE)
RESEAL_PURPOSE = "handover"
reseal_purpose = RESEAL_PURPOSE  # the name the design's Contract B gives it
BODY_KEYS = ("new", "old", "resealed", "seat", "sig")
ROTATION_KEYS = ("new", "old", "server")


# -- the account's statement (POST /v1/keys/rotate) ------------------------------------------


def rotation_statement(server_key: str, old: str, new: str) -> dict[str, Any]:
    """What an account signs, with both keys, to move from `old` to `new` on one server: the
    old key says who replaces it, the new one that it consents (nobody can be handed a key it
    does not hold), and `server` keeps one server's rotation from being replayed on another."""
    return {"new": new, "old": old, "server": server_key}


def sign_rotation(statement: dict[str, Any], key: SigningKey) -> str:
    return key.sign(TAG_ROTATION, canonical(statement))


def rotation_signed(statement: Any, sig: Any, pub: str) -> bool:
    return statement_signed(pub, TAG_ROTATION, statement, sig)


# -- the handover entry ------------------------------------------------------------------------


def handover_statement(
    game: str, genesis: str, seat: int, old: str, new: str, resealed: str | None
) -> dict[str, Any]:
    """What the old key signs to hand `seat` of `game` to `new`: `genesis` is the entry hash of
    the game's entry 0 (the game id alone could be reused by another server)."""
    return {"game": game, "genesis": genesis, "new": new, "old": old, "resealed": resealed, "seat": seat}


def sign_handover(statement: dict[str, Any], key: SigningKey) -> str:
    return key.sign(TAG_HANDOVER, canonical(statement))


def handover_signed(statement: Any, sig: Any, old_pub: str) -> bool:
    return statement_signed(old_pub, TAG_HANDOVER, statement, sig)


def handover_body(statement: dict[str, Any], sig: str) -> dict[str, Any]:
    """The body of a `handover` entry: the statement without what the log itself fixes (the
    game, the genesis), and the old key's signature."""
    return {k: statement[k] for k in ("new", "old", "resealed", "seat")} | {"sig": sig}


def check_handover(
    body: Any, game: str, genesis: str, keys: Mapping[int, str], held: Collection[str]
) -> tuple[int, str]:
    """A `handover` entry's body (or a submission of one): (seat, the seat's new key), or
    StepError with the reason (400 malformed, 403 not signed by the seat's key, 409 a key this
    game has seen). `keys` is each joined seat's key now (its join's, or its last handover's
    `new`); `held` every key any seat of this game holds or held. Whether the game has ended
    is the caller's to check (the audit and the clients refuse any entry after the end)."""
    if not isinstance(body, dict) or sorted(body) != list(BODY_KEYS):
        raise StepError("a handover holds exactly: " + ", ".join(BODY_KEYS))
    seat, old, new, resealed = body["seat"], body["old"], body["new"], body["resealed"]
    if not is_int(seat) or seat not in keys:
        raise StepError(f"a handover of seat {seat!r}, which nobody joined")
    if old != keys[seat]:
        raise StepError(
            f"the handover's old key is not the key that holds seat {seat} now (a seat is handed "
            "on by the key that holds it, once)",
            403,
        )
    if not is_public_key_hex(new):
        raise StepError("the handover's new key is not an Ed25519 public key")
    if new == old:
        raise StepError(f"the handover gives seat {seat} to the key that holds it already")
    if new in held:
        raise StepError(
            f"the handover gives seat {seat} to a key that holds or held a seat of this game", 409
        )
    if resealed is not None:
        problem = box_problem(resealed)
        if problem is not None:
            raise StepError(f"the handover's resealed records are malformed: {problem}")
    statement = handover_statement(game, genesis, seat, old, new, resealed)
    if not handover_signed(statement, body["sig"], old):
        raise StepError(f"the handover is not signed by the key that holds seat {seat}", 403)
    return seat, new

