"""Salted commitments, and the salts and RNG keys the server derives from its seed.

A commitment is sha256(tag || canonical(value) || salt). The salt makes a small
value (a wisdom worth 1, 2 or -1) impossible to guess from its commitment.
Server-side salts and RNG keys are HMACs of the server seed, so revealing the
seed at the end lets anyone re-derive every one of them.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from protocol.canonical import canonical

TAG_EVENT = b"pbem/v1/event\n"
TAG_STATE = b"pbem/v1/state\n"
TAG_SECRET = b"pbem/v1/secret\n"
TAG_VIEW = b"pbem/v1/view\n"


def commit(tag: bytes, value: Any, salt_hex: str) -> str:
    return commit_canonical(tag, canonical(value), salt_hex)


def commit_canonical(tag: bytes, data: bytes, salt_hex: str) -> str:
    """`commit` of a value whose canonical JSON the caller has already (no second serialisation)."""
    return hashlib.sha256(tag + data + bytes.fromhex(salt_hex)).hexdigest()


def seed_commit(server_seed: bytes) -> str:
    return hashlib.sha256(server_seed).hexdigest()


def _derive(server_seed: bytes, label: str) -> bytes:
    return hmac.digest(server_seed, label.encode(), "sha256")


def event_salt(server_seed: bytes, seq: int, index: int) -> str:
    return _derive(server_seed, f"pbem/v1/salt/event/{seq}/{index}").hex()


def state_salt(server_seed: bytes, seq: int) -> str:
    return _derive(server_seed, f"pbem/v1/salt/state/{seq}").hex()


def view_salt(server_seed: bytes, seq: int, seat: int) -> str:
    """Salts the commitment to one seat's view after step `seq`; the seat gets it with its view."""
    return _derive(server_seed, f"pbem/v1/salt/view/{seq}/{seat}").hex()


def setup_key(server_seed: bytes, join_nonces: list[str]) -> bytes:
    """Mixes every seat's join nonce (in seat order), so no single party chooses the deal."""
    return hmac.digest(server_seed, b"pbem/v1/rng/setup\n" + canonical(join_nonces), "sha256")


def move_key(server_seed: bytes, seq: int, player_nonce: str) -> bytes:
    """Mixes the player's signed nonce: the server cannot know a throw before the move arrives."""
    return hmac.digest(
        server_seed, b"pbem/v1/rng/move\n" + canonical({"nonce": player_nonce, "seq": seq}), "sha256"
    )


def secret_salt(server_seed: bytes, seq: int) -> str:
    """Salts the secret part of a move the server plays for a seat whose time ran out
    (a `timeout` system entry at `seq`); revealed with the players' secrets at the end."""
    return _derive(server_seed, f"pbem/v1/salt/secret/{seq}").hex()


def timeout_key(server_seed: bytes, seq: int) -> bytes:
    """The RNG of a `timeout` entry at `seq`: it picks the random legal move, then the same
    stream (continuing) is the move's rng. No player nonce: nobody submitted this move."""
    return hmac.digest(server_seed, b"pbem/v1/rng/timeout\n" + canonical({"seq": seq}), "sha256")


def email_key(server_seed: bytes, seq: int) -> bytes:
    """The RNG of an `email_move` entry at `seq` (a move a player sent by email, played by the
    server): no player nonce, since nobody signed this move; the player chose the move."""
    return hmac.digest(server_seed, b"pbem/v1/rng/email\n" + canonical({"seq": seq}), "sha256")


def standing_key(server_seed: bytes, seq: int) -> bytes:
    """The RNG of a `standing` entry at `seq` (a move the server plays for a seat by that seat's
    signed standing answer): no player nonce, since the player signed the rule, not this move."""
    return hmac.digest(server_seed, b"pbem/v1/rng/standing\n" + canonical({"seq": seq}), "sha256")


def move_token(server_seed: bytes, game: str, seq: int, prev: str, seat: int) -> str:
    """The one-time move token of the your-turn mail for `seat` at the head `(seq - 1, prev)`:
    the first 16 bytes of HMAC(seed, "pbem/v1/token\\n" || canonical({"game", "prev", "seat", "seq"})),
    hex. A reply carrying it may play one move at exactly that place in the log."""
    message = canonical({"game": game, "prev": prev, "seat": seat, "seq": seq})
    return hmac.digest(server_seed, b"pbem/v1/token\n" + message, "sha256")[:16].hex()
