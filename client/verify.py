"""Check what the server shows against what this player already saw, on every fetch.

The server could lie in three ways a client can catch at once, without waiting
for the end-of-game audit:

- a log entry it did not sign, or a chain whose links do not hold;
- a history that does not extend the head this player saw before (a fork: two
  players shown two different games) - caught with the stored receipt;
- a private payload (a hand, a concealed value) that is not what the public log
  committed to - caught with `protocol.steps.check_payload`.

The checks are pure functions over entries, receipts and payloads (the chain
here, each kind of entry and claim in `client.logcheck`); `sync` is the one
place that fetches, checks and then stores the new receipt and the checked
payloads as evidence. Any failure is a loud `VerifyError`, never a
silent retry: it is exactly what the player must see and keep.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from client.api import Api
from client.logcheck.answers import answers_entry, check_standing, count_row, standing_entry
from client.logcheck.errors import ForkError, TamperError, VerifyError, fork_error
from client.logcheck.handovers import handover_entry
from client.logcheck.hashing import hash_of, key_fingerprint
from client.logcheck.members import check_members
from client.logcheck.payloads import check_payloads, payload_key
from client.logcheck.replay import owed_by_log
from client.logcheck.seats import genesis_entry, join_entry, rules_known
from client.logcheck.states import ended, is_int, leaves, state_entry
from client.logcheck.system import system_entry
from client.logcheck.views import check_summary, check_view
from client.player.recovering import recover
from client.store import Store
from protocol.commitments import seed_commit
from protocol.entries import entry_signed_by, envelope_signed
from protocol.steps import HEX64

__all__ = [
    "ForkError",
    "Synced",
    "TamperError",
    "VerifyError",
    "check_export",
    "check_head",
    "check_log",
    "check_payloads",
    "check_summary",
    "check_view",
    "owed_by_log",
    "payload_key",
    "sync",
]


# -- the chain ------------------------------------------------------------------------------


def check_log(
    game: str,
    entries: list[Any],
    start: int,
    receipt: dict[str, Any] | None,
    me: str | None = None,
) -> dict[str, Any]:
    """Check `entries` (the log from seq `start`) and return the receipt for their head.

    With no receipt the log must start at the genesis, whose server key is then
    trusted for this game from now on (trust on first use). With a receipt the
    fetched part must contain the kept head, byte for byte. `me` is this player's
    public key: the join that carries it tells the client its own seat, from the
    signed log rather than from the server's word.
    """
    if not isinstance(entries, list) or not entries:
        if receipt is not None:
            raise fork_error(receipt["seq"])
        raise VerifyError(f"the server sent no log entries for game {game}")
    if receipt is None and start != 0:
        raise VerifyError("internal: a first look at a game must start at the genesis")
    if receipt is not None and start > receipt["seq"]:
        raise VerifyError("internal: a fetch must include the kept head")

    new = dict(receipt) if receipt is not None else {}
    new["players"] = dict(new.get("players") or {})
    new["names"] = dict(new.get("names") or {})
    new["owed"] = [list(o) for o in new.get("owed") or []]
    if "answers" in new:  # each seat's statement in force; copied, so a failed check changes nothing kept
        new["answers"] = {seat: dict(held) for seat, held in new["answers"].items()}
    if "standing" in new:
        new["standing"] = [dict(item) for item in new["standing"]]
    if "retired" in new:  # the keys seats handed on (client.logcheck.handovers)
        new["retired"] = list(new["retired"])
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
            genesis_entry(game, entry, new)
        if "server_key" not in new:
            raise VerifyError("internal: no server key known for this game")
        if not entry_signed_by(entry, new["server_key"]):
            raise VerifyError(f"entry {seq}: the server's signature does not verify")
        if i > 0 and entry.get("prev") != previous_hash:
            raise VerifyError(
                f"entry {seq}: prev is not the hash of entry {seq - 1}; the chain is broken"
            )
        h = hash_of(entry)
        if receipt is not None and seq == receipt["seq"] and h != receipt["hash"]:
            raise fork_error(receipt["seq"])
        previous_hash = h

    last_seq = start + len(entries) - 1
    if receipt is not None and last_seq < receipt["seq"]:
        raise fork_error(receipt["seq"])
    # The server's chain holds (and extends the receipt); now what the players signed in it.
    # Entries up to the kept head were checked on an earlier fetch (the chain proves they are
    # the same bytes); only the new ones change what the receipt pins.
    rules_known(game, new)  # checked with the game's own rules, or not at all (UnsupportedGame)
    kept = receipt["seq"] if receipt is not None else -1
    for entry in entries:
        if entry["seq"] > kept:
            _follow(game, entry, new, me)
    # The signed head entry itself: with the server's signature on it, a receipt proves what was shown.
    new.update({"game": game, "seq": last_seq, "hash": previous_hash, "entry": entries[-1]})
    return new


def _follow(game: str, entry: dict[str, Any], receipt: dict[str, Any], me: str | None) -> None:
    """One new entry, in order: check what the players signed in it and update what is pinned.

    The seats and their keys are pinned when the game starts: a join after the start, a
    second join for a seat or a key that already holds another seat is refused. Only a
    handover signed by the key that holds a seat gives it a new key (client.logcheck.handovers),
    so nobody else can give a seat a key of theirs (and so forge its moves).
    """
    seq, kind, body = entry["seq"], entry.get("type"), entry["body"]
    players: dict[str, str] = receipt["players"]
    if receipt.get("status") == "over" and kind != "reveal":
        raise VerifyError(f"entry {seq}: a {kind} entry after the game ended")
    count_row(entry, receipt)
    if kind == "genesis":
        if seq != 0:
            raise VerifyError(f"entry {seq}: a second genesis")
    elif kind == "join":
        join_entry(game, entry, receipt, me)
    elif kind == "start":
        if receipt.get("started") is not None:
            raise VerifyError(f"entry {seq}: a second start")
        if len(players) != receipt.get("seats"):
            raise VerifyError(
                f"entry {seq}: the game starts with {len(players)} of {receipt.get('seats')} seats joined"
            )
        receipt["started"] = seq
        state_entry(entry, receipt)
    elif kind == "move" or (kind == "system" and body.get("kind") == "resign"):
        if receipt.get("started") is None:
            raise VerifyError(f"entry {seq}: a move before the game started")
        env, sig = body.get("envelope"), body.get("sig")
        seat = env.get("seat") if isinstance(env, dict) else None
        key = players.get(str(seat)) if is_int(seat) else None
        if key is None:
            raise VerifyError(f"entry {seq}: a move for seat {seat!r}, which nobody joined")
        if not isinstance(sig, str) or not envelope_signed(env, sig, key):
            raise VerifyError(f"entry {seq}: the move is not signed by the key of seat {seat}")
        if env.get("seq") != seq or env.get("prev") != entry.get("prev") or env.get("game") != game:
            raise VerifyError(f"entry {seq}: the signed move was made for another place in the log")
        check_members(entry, receipt)
        if kind == "move":
            if body.get("seat") != seat:
                raise VerifyError(f"entry {seq}: the entry's seat is not the signed move's seat")
            if seat in (receipt.get("out") or []):
                raise VerifyError(f"entry {seq}: a move by seat {seat}, which has left the game")
            state_entry(entry, receipt)
        elif "views" in body:  # a seat leaves a game of three or more; the others play on
            leaves(entry, receipt, seat)
        else:
            ended(receipt, body.get("result"))
    elif kind == "system":
        system_entry(entry, receipt)
    elif kind == "answers":
        answers_entry(game, entry, receipt)
    elif kind == "standing":
        standing_entry(entry, receipt)
    elif kind == "handover":
        handover_entry(game, entry, receipt, me)
    elif kind == "reveal":
        if receipt.get("status") != "over":
            raise VerifyError(f"entry {seq}: a reveal before the game ended")
        raw = body.get("server_seed")
        seed = bytes.fromhex(raw) if isinstance(raw, str) and HEX64.fullmatch(raw) else None
        if seed is None or seed_commit(seed) != receipt.get("seed_commit"):
            raise VerifyError(
                f"entry {seq}: the revealed server seed does not match the genesis commitment"
            )
        receipt["revealed"] = seq
    else:
        from client.player.errors import (
            UnsupportedGame,  # signed, in a type this pbem does not know
        )

        raise UnsupportedGame(
            f"entry {seq} of game {game} is of type {kind!r}, which this pbem does not know: "
            "the server's pbem is newer than this one: upgrade pbem"
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
    if hash_of(entries[seq - start]) != head.get("hash"):
        raise fork_error(seq)


def check_export(game: str, export: Any, receipt: dict[str, Any] | None) -> None:
    """An export must be a whole, signed chain from the genesis that extends what this player saw."""
    if not isinstance(export, dict) or not isinstance(export.get("entries"), list):
        raise VerifyError("the export is not a pbem log")
    check_log(game, export["entries"], 0, receipt)


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
    complete_to: int | None = None,
) -> Synced:
    """Fetch the log from the kept receipt (or earlier, if a payload or `start` needs it), check it
    all, then store the new receipt and every newly checked payload as evidence.

    `seat` is the seat the server says this player holds: it must be the one the signed log
    gives this player's key. `complete_to` says the server claims to have sent (now or before)
    every private payload for this seat up to that seq: one still missing is withheld.
    """
    receipt = store.receipt(game)
    evidence = store.evidence(game)
    known = {payload_key(p): p for p in evidence["payloads"]}
    fresh = [p for p in payloads if not (isinstance(p, dict) and known.get(_key_or_none(p)) == p)]
    me = store.key().public_hex if store.has_key() else None

    begin = receipt["seq"] if receipt is not None else 0
    if start is not None:
        begin = min(begin, max(start, 0))
    for p in fresh:
        if isinstance(p, dict) and isinstance(p.get("seq"), int) and p["seq"] >= 0:
            begin = min(begin, p["seq"])
    if head and isinstance(head.get("seq"), int) and head["seq"] >= 0:
        begin = min(begin, head["seq"])
    if receipt is None or "engine_version" not in receipt:  # a receipt that pinned no rules version
        begin = 0

    answer = api.log(game, begin)
    entries = answer.get("entries") if isinstance(answer, dict) else None
    try:
        new_receipt = check_log(game, entries or [], begin, receipt, me)
        assert isinstance(entries, list)
        # The answer's head may lag its entries by a move appended in between; it must be in the chain.
        check_head(entries, begin, answer.get("head"), "the log's answer")
        check_head(entries, begin, head, "the server")
        signs_for = api.server_key  # the key this client's requests name (pinned at init)
        if receipt is None and signs_for is not None and new_receipt.get("server_key") != signs_for:
            raise VerifyError(
                f"game {game} is signed by the server key {key_fingerprint(str(new_receipt.get('server_key')))}, "
                f"but this server named {key_fingerprint(signs_for)} as its own (your requests are signed "
                "for that key): a server that names another's key gets requests that other one takes"
            )
        pinned = new_receipt.get("seat")
        if seat is not None and seat != pinned:
            raise VerifyError(
                f"the server says you hold seat {seat}, but the signed log gives your key "
                f"seat {pinned}"
            )
        checked = check_payloads(entries, begin, fresh, pinned)
        for p in checked:
            known[payload_key(p)] = p
        new_receipt["owed"] = [o for o in new_receipt["owed"] if tuple(o) not in known]
        check_standing(new_receipt, known)  # the moves played by my standing answers, recomputed
        if complete_to is not None:
            withheld = [o for o in new_receipt["owed"] if o[0] <= complete_to]
            if withheld:
                seq, index = withheld[0]
                raise TamperError(
                    f"the server withholds your private payload for entry {seq}, event {index} "
                    f"({len(withheld)} missing): the log says it is addressed to your seat"
                )
    except VerifyError as exc:
        path = store.save_fork(
            game,
            {"error": str(exc), "receipt": receipt, "from": begin, "shown": answer,
             "head": head, "payloads": fresh},
        )
        raise type(exc)(f"{exc}; what you saw and what you are shown now are kept in {path}") from None

    new_receipt["server"] = api.base
    if new_receipt != receipt:
        store.save_receipt(game, new_receipt)
    if checked:
        evidence["payloads"] = list(known.values())
        store.save_evidence(game, evidence)
    # the secrets of this seat's moves sealed to its key: a second home of the key learns them here
    recover(store, game, new_receipt, entries, begin, lambda: sync(api, store, game, start=0).entries)
    return Synced(new_receipt, entries, begin)


def _key_or_none(payload: dict[str, Any]) -> tuple[Any, Any]:
    return payload.get("seq"), payload.get("index")
