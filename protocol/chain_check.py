"""The audit's first phase: the hash chain, and every signature in it.

Every entry must sit in place, link to the one before and carry the server's signature
by the key the genesis names; every join and move must be signed by the key its seat
joined with, and so must every statement of standing answers (an `answers` entry). A `handover`
entry gives a seat to a new key, signed by the key that held it (protocol.handover): from the next
entry on, that seat's signatures are checked against the new key. None of this needs the seed, so
it is checked for a running game too (an INCOMPLETE verdict), and it is checked before anything is
replayed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Engine
from protocol.answers import check_answers
from protocol.canonical import NotCanonical, canonical_plain, sha256_hex
from protocol.entries import (
    ENTRY_TYPES,
    VERSION,
    entry_signed_by,
    envelope_signed,
    join_signed,
    join_statement,
)
from protocol.envelope import HEX64, StepError, is_int
from protocol.handover import check_handover
from protocol.keys import is_public_key_hex
from protocol.verdict import Fail

# The fields of an entry besides body and sig: each sorts after "body" (b < g, p, s, t, v).
_AFTER_BODY = frozenset({"v", "game", "seq", "type", "prev", "ts"})


class ChainCheck:
    """What the audit has learnt so far (the game, its engine, the counts), which a failing
    verdict reports too, and the checks of the chain and the players' signatures."""

    def __init__(self, lookup: Callable[[str], Engine]) -> None:
        self.lookup = lookup
        self.current: int | None = None
        self.game: str | None = None
        self.engine_id: str | None = None
        # "attested": moves made by email (email_move entries), which no player signed
        # "standing": moves the server played by a seat's signed standing answers (the player
        # signed the rule, not the move)
        self.counts = {
            "entries": 0, "signatures": 0, "moves": 0, "commitments": 0, "attested": 0, "standing": 0
        }
        self.final: dict[str, Any] | None = None  # the replay's last state (see final_state)
        self.states: dict[int, dict[str, Any] | None] = {}  # seq -> the state after it (state_at)
        # seq -> the private events the replay recomputed for that step, as payloads (Payload:
        # index, to, event, salt): what a finished game's log tells every reader (replayed)
        self.private: dict[int, list[Any]] = {}
        # seq -> (the entry's body, its canonical JSON), kept from hashing the entry: the replay
        # compares its body with the log's without serialising the log's a second time
        self.bodies: dict[int, tuple[Any, bytes]] = {}
        # every entry lay in canonical JSON's fast domain (protocol.canonical.canonical_plain):
        # then so did whatever the replay hands the engines from the log (inputs_checked)
        self.plain_log = True
        self.genesis_hash: str | None = None  # entry 0's hash: what every handover is signed over

    def _chain(self, entries: list[Any]) -> None:
        genesis = entries[0]
        if not isinstance(genesis, dict) or genesis.get("type") != "genesis":
            raise Fail(0, "the first entry is not a genesis entry")
        body = genesis.get("body")
        if not isinstance(body, dict) or not is_public_key_hex(body.get("server_key")):
            raise Fail(0, "the genesis names no valid server key")
        server_key = body["server_key"]
        self.engine_id = body.get("engine") if isinstance(body.get("engine"), str) else None
        self.game = genesis.get("game")
        if not isinstance(self.game, str):
            raise Fail(0, "the genesis names no game")
        previous: str | None = None  # the hash of the entry before (each entry hashed once)
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise Fail(i, "not a JSON object")
            if entry.get("seq") != i:
                raise Fail(
                    i, f"says seq {entry.get('seq')!r} at position {i}: entries missing or out of order"
                )
            if entry.get("game") != self.game:
                raise Fail(i, "belongs to another game")
            if not isinstance(entry.get("type"), str):
                raise Fail(i, f"has no entry type (a string), but {entry.get('type')!r}")
            if not isinstance(entry.get("body"), dict):
                raise Fail(i, "has no body")
            if entry.get("prev") != previous:
                raise Fail(i, "prev is not the hash of the entry before: the chain is broken")
            try:
                previous = self._entry_hash(i, entry)
            except NotCanonical as exc:  # no hash, so no signature can verify
                raise Fail(i, "the server's signature does not verify") from exc
            if not entry_signed_by(entry, server_key, previous):
                raise Fail(i, "the server's signature does not verify")
            if i == 0:
                self.genesis_hash = previous
            if entry.get("v") != VERSION or not isinstance(entry.get("ts"), str):
                raise Fail(i, f"not a version {VERSION} entry (v, ts)")
            extra = set(entry) - {"v", "game", "seq", "type", "prev", "ts", "body", "sig"}
            if extra:
                raise Fail(i, f"unexpected fields {sorted(extra)}")
            if entry["type"] not in ENTRY_TYPES:  # signed, in a type this pbem does not know: the
                continue  # replay stops there (UNSUPPORTED) unless an entry before it fails
            self.counts["entries"] += 1
            self.counts["signatures"] += 1

    def _entry_hash(self, seq: int, entry: dict[str, Any]) -> str:
        """entries.entry_hash, serialising the body apart: "body" sorts before every other field
        of an entry, so the entry's canonical JSON is '{"body":' + the body's + the rest's
        members (canonical JSON is built member by member). An entry with other fields (refused
        just after) is hashed whole."""
        rest = {k: v for k, v in entry.items() if k != "sig" and k != "body"}
        if not rest.keys() <= _AFTER_BODY:
            data, plain = canonical_plain({**rest, "body": entry["body"]})
            self.plain_log = self.plain_log and plain
            return sha256_hex(data)
        body, body_plain = canonical_plain(entry["body"])
        others, others_plain = canonical_plain(rest)
        self.plain_log = self.plain_log and body_plain and others_plain
        self.bodies[seq] = (entry["body"], body)
        return sha256_hex(b'{"body":' + body + (b"," + others[1:] if rest else b"}"))

    def _join(
        self, seq: int, body: dict[str, Any], seats: int, joins: dict[int, dict[str, Any]], prev: str
    ) -> None:
        if set(body) != {"seat", "name", "key", "nonce", "sig"}:
            raise Fail(seq, "a join body has exactly seat, name, key, nonce and sig")
        seat = body.get("seat")
        if not is_int(seat) or not 0 <= seat < seats:
            raise Fail(seq, f"joins seat {seat!r} of a {seats}-seat game")
        if seat in joins:
            raise Fail(seq, f"seat {seat} joined twice")
        key = body.get("key")
        if not is_public_key_hex(key):
            raise Fail(seq, "the player's key is not an Ed25519 public key")
        try:
            statement = join_statement(self.game or "", seat, body["name"], key, body["nonce"], prev)
            signed = join_signed(statement, body["sig"])
        except (KeyError, TypeError, ValueError):
            signed = False
        if not signed:
            raise Fail(seq, "the player's join signature does not verify")
        if not isinstance(body.get("nonce"), str) or not HEX64.fullmatch(body["nonce"]):
            raise Fail(seq, "the join nonce is not 32 bytes, hex")
        joins[seat] = body
        self.counts["signatures"] += 1

    def _check_move_signature(self, seq: int, env: Any, sig: Any, key: str, prev: str) -> None:
        if not isinstance(env, dict) or not isinstance(sig, str) or not envelope_signed(env, sig, key):
            raise Fail(seq, "the player's move signature does not verify")
        if env.get("seq") != seq or env.get("prev") != prev:
            raise Fail(seq, "the signed envelope is for another place in the log")
        self.counts["signatures"] += 1

    def _check_answers(
        self, seq: int, engine: Engine, body: Any, joins: dict[int, dict[str, Any]], prev: str
    ) -> tuple[int, list[dict[str, Any]]]:
        """An `answers` entry: the statement signed by its seat's joined key, for this game, at
        the head right before it, with rules this engine takes. Needs no seed, so a running
        game's export is checked too; gives (seat, its rules now in force)."""
        keys = {seat: join["key"] for seat, join in joins.items()}
        try:
            seat, rules = check_answers(engine, body, self.game or "", prev, keys)
        except StepError as exc:
            raise Fail(seq, exc.message) from exc
        self.counts["signatures"] += 1
        return seat, rules

    def _handover(
        self, seq: int, body: Any, joins: dict[int, dict[str, Any]], retired: set[str]
    ) -> None:
        """A `handover` entry: signed by the key that holds the seat now, to a key no seat of this
        game holds or held (`retired`: the keys handed on so before). From the next entry on, the
        seat's join stands with the new key (its nonce, which fed the deal, stays)."""
        keys = {seat: join["key"] for seat, join in joins.items()}
        try:
            seat, new = check_handover(
                body, self.game or "", self.genesis_hash or "", keys, set(keys.values()) | retired
            )
        except StepError as exc:
            raise Fail(seq, exc.message) from exc
        retired.add(keys[seat])
        joins[seat] = {**joins[seat], "key": new}
        self.counts["signatures"] += 1
