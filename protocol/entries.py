"""The log entry format: building, sealing and checking the hash chain.

An entry is a JSON object {"v", "game", "seq", "type", "prev", "ts", "body", "sig"}.
Its hash is SHA-256 of the canonical JSON of everything but "sig"; "sig" is the
server's Ed25519 signature over TAG_ENTRY || the 32 raw hash bytes; "prev" is the
previous entry's hash (None for the genesis entry). docs/PROTOCOL.md has the bodies.
"""

from __future__ import annotations

from typing import Any

from protocol.canonical import canonical, digest
from protocol.keys import TAG_ENTRY, TAG_JOIN, TAG_MOVE, SigningKey, verify

FORMAT = "pbem-log/2"
VERSION = 2
# "answers": a seat's signed standing answers (protocol.answers); "standing": a move the server
# played for a seat by them (protocol.standing); "handover": a seat's key hands the seat to a new
# key (protocol.handover)
ENTRY_TYPES = ("genesis", "join", "start", "move", "system", "reveal", "answers", "standing", "handover")

Entry = dict[str, Any]


def entry_hash(entry: Entry) -> str:
    return digest({k: v for k, v in entry.items() if k != "sig"})


def make_entry(
    game: str, seq: int, type_: str, prev: str | None, ts: str, body: dict[str, Any]
) -> Entry:
    return {"v": VERSION, "game": game, "seq": seq, "type": type_, "prev": prev, "ts": ts, "body": body}


def seal(entry: Entry, server_key: SigningKey) -> Entry:
    return sealed(entry, server_key)[0]


def sealed(entry: Entry, server_key: SigningKey) -> tuple[Entry, str]:
    """The signed entry and its hash (the next entry's prev), hashing it once: the hash
    serialises the whole entry, and the caller needs it twice (to sign, and as the next prev)."""
    h = entry_hash(entry)
    return {**entry, "sig": server_key.sign(TAG_ENTRY, bytes.fromhex(h))}, h


def entry_signed_by(entry: Entry, server_key_hex: str, known_hash: str | None = None) -> bool:
    """`known_hash`: the entry's hash when the caller has computed it already (the audit
    hashes each entry once, for its signature and the next entry's prev)."""
    sig = entry.get("sig")
    if not isinstance(sig, str):
        return False
    try:
        h = bytes.fromhex(entry_hash(entry) if known_hash is None else known_hash)
    except ValueError:
        return False
    return verify(server_key_hex, TAG_ENTRY, h, sig)


# --- what players sign -------------------------------------------------------------


def join_statement(
    game: str, seat: int, name: str, key: str, nonce: str, prev: str
) -> dict[str, Any]:
    """What a joiner signs: bound to the head it saw (`prev`), hence to the genesis and the
    joins before it, so a join cannot be carried into another setup or another place."""
    return {"game": game, "key": key, "name": name, "nonce": nonce, "prev": prev, "seat": seat}


def sign_join(statement: dict[str, Any], key: SigningKey) -> str:
    return key.sign(TAG_JOIN, canonical(statement))


def join_signed(statement: dict[str, Any], sig: str) -> bool:
    try:
        message = canonical(statement)
    except ValueError:
        return False
    return verify(statement["key"], TAG_JOIN, message, sig)


def envelope(
    game: str,
    seq: int,
    prev: str,
    seat: int,
    move: dict[str, Any],
    secret_commit: str | None,
    nonce: str,
    ts: str,
    sealed: str | None = None,
) -> dict[str, Any]:
    """The move as its player signs it: bound to one game, one position in the log, one head.
    `sealed`: an owner-held secret sealed to the player's key, as a ninth member where the rules
    version seals (protocol.sealing); absent, the eight members."""
    env = {
        "game": game,
        "move": move,
        "nonce": nonce,
        "prev": prev,
        "seat": seat,
        "secret_commit": secret_commit,
        "seq": seq,
        "ts": ts,
    }
    if sealed is not None:
        env["sealed"] = sealed
    return env


def sign_envelope(env: dict[str, Any], key: SigningKey) -> str:
    return key.sign(TAG_MOVE, canonical(env))


def envelope_signed(env: dict[str, Any], sig: str, player_key: str) -> bool:
    try:
        message = canonical(env)
    except ValueError:
        return False
    return verify(player_key, TAG_MOVE, message, sig)


def extends(entries: list[Entry], receipt: dict[str, Any]) -> bool:
    """True if this log contains the head a player kept (seq, hash): it is not a fork."""
    seq = receipt["seq"]
    return 0 <= seq < len(entries) and entry_hash(entries[seq]) == receipt["hash"]
