"""The player's nonces, derived from the player's own key: one nonce per place in the log.

A move's nonce feeds the throw (`move_key`) and a join's nonce feeds the deal
(`setup_key`). If the client drew a fresh random nonce for every submission, a
server that knows the seed could answer "stale" to every throw it dislikes and
wait for the re-submission with a new nonce: it would choose the throw. Derived
from the player's private key over the place in the log, a re-submission at the
same head carries the same nonce and so the same throw. Nobody without the key
can predict the nonce; the server learns it only with the signed move.
"""

from __future__ import annotations

import hashlib
import hmac

from protocol.canonical import canonical
from protocol.keys import SigningKey

NONCE_KEY_LABEL = b"pbem/v1/nonce-key"
TAG_MOVE_NONCE = b"pbem/v1/nonce/move\n"
TAG_JOIN_NONCE = b"pbem/v1/nonce/join\n"


def nonce_key(key: SigningKey) -> bytes:
    """A key for nonces only, so the signing key itself is never an HMAC key."""
    return hmac.new(bytes.fromhex(key.seed_hex()), NONCE_KEY_LABEL, hashlib.sha256).digest()


def move_nonce(key: SigningKey, game: str, seq: int, prev: str) -> str:
    """The nonce of the move (or resignation) at `seq` on top of the head `prev`."""
    message = TAG_MOVE_NONCE + canonical({"game": game, "prev": prev, "seq": seq})
    return hmac.new(nonce_key(key), message, hashlib.sha256).hexdigest()


def join_nonce(key: SigningKey, game: str, genesis: str) -> str:
    """The join nonce for a game, whatever the seat or the head: a refused join cannot re-roll the deal."""
    message = TAG_JOIN_NONCE + canonical({"game": game, "genesis": genesis})
    return hmac.new(nonce_key(key), message, hashlib.sha256).hexdigest()
