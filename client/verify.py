"""Check what the server shows against what this player already saw, on every fetch.

The server could lie in three ways a client can catch at once, without waiting
for the end-of-game audit:

- a log entry it did not sign, or a chain whose links do not hold;
- a history that does not extend the head this player saw before (a fork: two
  players shown two different games) - caught with the stored receipt;
- a private payload (a hand, a concealed value) that is not what the public log
  committed to - caught with `protocol.steps.check_payload`.

The checks here are pure functions over entries, receipts and payloads; `sync`
is the one place that fetches, checks and then stores the new receipt and the
checked payloads as evidence. Any failure is a loud `VerifyError`, never a
silent retry: it is exactly what the player must see and keep.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from client.api import Api
from client.store import Store
from protocol.canonical import NotCanonical
from protocol.commitments import seed_commit
from protocol.entries import (
    entry_hash,
    entry_signed_by,
    envelope_signed,
    join_signed,
    join_statement,
)
from protocol.keys import is_public_key_hex
from protocol.steps import check_payload


class VerifyError(Exception):
    """The server showed something that does not check out. Loud, with the entry it is about."""


class ForkError(VerifyError):
    """The server's history does not extend the head this player saw and kept."""


class TamperError(VerifyError):
    """A private payload does not match the commitment the public log holds for it."""


def _hash(entry: dict[str, Any]) -> str:
    try:
        return entry_hash(entry)
    except NotCanonical as exc:
        raise VerifyError(f"entry {entry.get('seq')!r} has no canonical form: {exc}") from exc


def _fork(seq: int) -> ForkError:
    return ForkError(
        f"the server shows a history that does not extend what you saw at seq {seq}: "
        "this game's log was rewritten (keep your receipts and evidence, they prove it)"
    )


# -- the chain ------------------------------------------------------------------------------


def check_log(
    game: str, entries: list[Any], start: int, receipt: dict[str, Any] | None
) -> dict[str, Any]:
    """Check `entries` (the log from seq `start`) and return the receipt for their head.

    With no receipt the log must start at the genesis, whose server key is then
    trusted for this game from now on (trust on first use). With a receipt the
    fetched part must contain the kept head, byte for byte.
    """
    if not isinstance(entries, list) or not entries:
        if receipt is not None:
            raise _fork(receipt["seq"])
        raise VerifyError(f"the server sent no log entries for game {game}")
    if receipt is None and start != 0:
        raise VerifyError("internal: a first look at a game must start at the genesis")
    if receipt is not None and start > receipt["seq"]:
        raise VerifyError("internal: a fetch must include the kept head")

    new = dict(receipt) if receipt is not None else {}
    players: dict[str, str] = dict(new.get("players") or {})
    previous_hash: str | None = None
    for i, entry in enumerate(entries):
        seq = start + i
        if not isinstance(entry, dict) or not isinstance(entry.get("body"), dict):
            raise VerifyError(f"entry {seq} is not a log entry")
        if entry.get("seq") != seq:
            raise VerifyError(
                f"entry at position {seq} says seq {entry.get('seq')!r}: entries missing or out of order"
            )
        if entry.get("game") != game:
            raise VerifyError(f"entry {seq} belongs to game {entry.get('game')!r}, not {game}")
        if seq == 0:
            _genesis(game, entry, new)
        if "server_key" not in new:
            raise VerifyError("internal: no server key known for this game")
        if not entry_signed_by(entry, new["server_key"]):
            raise VerifyError(f"entry {seq}: the server's signature does not verify")
        if i > 0 and entry.get("prev") != previous_hash:
            raise VerifyError(
                f"entry {seq}: prev is not the hash of entry {seq - 1}; the chain is broken"
            )
        h = _hash(entry)
        if receipt is not None and seq == receipt["seq"] and h != receipt["hash"]:
            raise _fork(receipt["seq"])
        previous_hash = h

    last_seq = start + len(entries) - 1
    if receipt is not None and last_seq < receipt["seq"]:
        raise _fork(receipt["seq"])
    # The server's chain holds (and extends the receipt); now what the players signed in it.
    for entry in entries:
        _player_signatures(game, entry, players, new)
    # The signed head entry itself: with the server's signature on it, a receipt proves what was shown.
    new.update(
        {
            "game": game,
            "seq": last_seq,
            "hash": previous_hash,
            "players": players,
            "entry": entries[-1],
        }
    )
    return new


def _genesis(game: str, entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    body = entry["body"]
    if entry.get("type") != "genesis" or entry.get("prev") is not None:
        raise VerifyError("entry 0 is not a genesis entry")
    key = body.get("server_key")
    if not is_public_key_hex(key):
        raise VerifyError("the genesis names no valid server key")
    if "server_key" in receipt and receipt["server_key"] != key:
        raise _fork(0)
    receipt["server_key"] = key
    receipt["seed_commit"] = body.get("seed_commit")
    receipt["engine"] = body.get("engine")


def _player_signatures(
    game: str, entry: dict[str, Any], players: dict[str, str], receipt: dict[str, Any]
) -> None:
    """Joins, moves and resignations carry the player's own signature: check it as it arrives."""
    seq, kind, body = entry["seq"], entry.get("type"), entry["body"]
    if kind == "join":
        try:
            statement = join_statement(game, body["seat"], body["name"], body["key"], body["nonce"])
            ok = is_public_key_hex(body["key"]) and join_signed(statement, body["sig"])
        except (KeyError, TypeError, ValueError):
            ok = False
        if not ok:
            raise VerifyError(f"entry {seq}: the join is not signed by the player's key")
        players[str(body["seat"])] = body["key"]
    elif kind == "move" or (kind == "system" and body.get("kind") == "resign"):
        env, sig = body.get("envelope"), body.get("sig")
        seat = env.get("seat") if isinstance(env, dict) else None
        key = players.get(str(seat))
        if key is None:
            raise VerifyError(f"entry {seq}: a move for seat {seat!r}, which nobody joined")
        if not isinstance(sig, str) or not envelope_signed(env, sig, key):
            raise VerifyError(f"entry {seq}: the move is not signed by the key of seat {seat}")
        if env.get("seq") != seq or env.get("prev") != entry.get("prev") or env.get("game") != game:
            raise VerifyError(f"entry {seq}: the signed move was made for another place in the log")
    elif kind == "reveal":
        raw = body.get("server_seed")
        try:
            seed = bytes.fromhex(raw)
        except (TypeError, ValueError):
            seed = None
        if seed is None or seed_commit(seed) != receipt.get("seed_commit"):
            raise VerifyError(
                f"entry {seq}: the revealed server seed does not match the genesis commitment"
            )


def check_head(
    entries: list[dict[str, Any]], start: int, head: dict[str, Any] | None, what: str
) -> None:
    """A head the server reported elsewhere (a view, a move's answer) must be in the checked chain."""
    if not head:
        return
    seq = head.get("seq")
    if not isinstance(seq, int) or not start <= seq < start + len(entries):
        raise VerifyError(f"{what} names head seq {seq!r}, which the log does not show")
    if _hash(entries[seq - start]) != head.get("hash"):
        raise _fork(seq)


# -- private payloads --------------------------------------------------------------------------


def payload_key(payload: dict[str, Any]) -> tuple[int, int]:
    return payload["seq"], payload["index"]


def check_payloads(
    entries: list[dict[str, Any]], start: int, payloads: Iterable[Any], seat: int | None
) -> list[dict[str, Any]]:
    """Check each payload against the commitment in the public log; return them all, or raise."""
    checked = []
    for payload in payloads:
        if (
            not isinstance(payload, dict)
            or not isinstance(payload.get("seq"), int)
            or not isinstance(payload.get("index"), int)
        ):
            raise TamperError(f"a private payload without seq and index: {payload!r}")
        seq, index = payload_key(payload)
        where = f"the private payload for entry {seq}, event {index}"
        if not start <= seq < start + len(entries):
            raise TamperError(f"{where} is for an entry the log does not show")
        events = entries[seq - start]["body"].get("events")
        if (
            not isinstance(events, list)
            or not 0 <= index < len(events)
            or not isinstance(events[index], dict)
        ):
            raise TamperError(f"{where} has no event in the public log")
        log_event = events[index]
        if "commit" not in log_event:
            raise TamperError(f"{where} is for an event the log shows in public")
        if log_event.get("to") != payload.get("to"):
            raise TamperError(
                f"{where} is addressed to {payload.get('to')}, the log says {log_event.get('to')}"
            )
        if seat is not None and seat not in (payload.get("to") or []):
            raise TamperError(f"{where} is not addressed to your seat {seat}")
        if not check_payload(payload, log_event):
            raise TamperError(
                f"TAMPERING: {where} does not match its public commitment: "
                "what you are shown is not what the server committed to"
            )
        checked.append(payload)
    return checked


# -- fetch, check, keep -----------------------------------------------------------------------


@dataclass
class Synced:
    """The checked log from `start` (usually just the new part) and the stored receipt."""

    receipt: dict[str, Any]
    entries: list[dict[str, Any]]
    start: int

    @property
    def head(self) -> dict[str, Any]:
        return {"seq": self.receipt["seq"], "hash": self.receipt["hash"]}

    def entry(self, seq: int) -> dict[str, Any] | None:
        if self.start <= seq < self.start + len(self.entries):
            return self.entries[seq - self.start]
        return None


def sync(
    api: Api,
    store: Store,
    game: str,
    payloads: Iterable[Any] = (),
    seat: int | None = None,
    head: dict[str, Any] | None = None,
    start: int | None = None,
) -> Synced:
    """Fetch the log from the kept receipt (or earlier, if a payload or `start` needs it), check it
    all, then store the new receipt and every newly checked payload as evidence.
    """
    receipt = store.receipt(game)
    evidence = store.evidence(game)
    known = {payload_key(p): p for p in evidence["payloads"]}
    fresh = [p for p in payloads if not (isinstance(p, dict) and known.get(_key_or_none(p)) == p)]

    begin = receipt["seq"] if receipt is not None else 0
    if start is not None:
        begin = min(begin, max(start, 0))
    for p in fresh:
        if isinstance(p, dict) and isinstance(p.get("seq"), int) and p["seq"] >= 0:
            begin = min(begin, p["seq"])
    if head and isinstance(head.get("seq"), int) and head["seq"] >= 0:
        begin = min(begin, head["seq"])
    if receipt is None:
        begin = 0

    answer = api.log(game, begin)
    entries = answer.get("entries") if isinstance(answer, dict) else None
    try:
        new_receipt = check_log(game, entries or [], begin, receipt)
        assert isinstance(entries, list)
        # The answer's head may lag its entries by a move appended in between; it must be in the chain.
        check_head(entries, begin, answer.get("head"), "the log's answer")
        check_head(entries, begin, head, "the server")
    except ForkError as exc:
        path = store.save_fork(
            game, {"receipt": receipt, "from": begin, "shown": answer, "head": head}
        )
        raise ForkError(
            f"{exc}; what you saw and what you are shown now are kept in {path}"
        ) from None
    checked = check_payloads(entries, begin, fresh, seat)

    new_receipt["server"] = api.base
    if new_receipt != receipt:
        store.save_receipt(game, new_receipt)
    if checked:
        for p in checked:
            known[payload_key(p)] = p
        evidence["payloads"] = list(known.values())
        store.save_evidence(game, evidence)
    return Synced(new_receipt, entries, begin)


def _key_or_none(payload: dict[str, Any]) -> tuple[Any, Any]:
    return payload.get("seq"), payload.get("index")


def check_export(game: str, export: Any, receipt: dict[str, Any] | None) -> None:
    """An export must be a whole, signed chain from the genesis that extends what this player saw."""
    if not isinstance(export, dict) or not isinstance(export.get("entries"), list):
        raise VerifyError("the export is not a pbem log")
    check_log(game, export["entries"], 0, receipt)
