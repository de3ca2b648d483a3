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
from protocol import steps
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
from protocol.steps import (
    HEX64,
    TOKEN,
    abort_result,
    check_payload,
    deadline_problem,
    email_moves_problem,
    forfeit_result,
)
from protocol.steps import check_view as check_view_commit


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
            raise _fork(receipt["seq"])
        raise VerifyError(f"the server sent no log entries for game {game}")
    if receipt is None and start != 0:
        raise VerifyError("internal: a first look at a game must start at the genesis")
    if receipt is not None and start > receipt["seq"]:
        raise VerifyError("internal: a fetch must include the kept head")

    new = dict(receipt) if receipt is not None else {}
    new["players"] = dict(new.get("players") or {})
    new["names"] = dict(new.get("names") or {})
    new["owed"] = [list(o) for o in new.get("owed") or []]
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
    # Entries up to the kept head were checked on an earlier fetch (the chain proves they are
    # the same bytes); only the new ones change what the receipt pins.
    kept = receipt["seq"] if receipt is not None else -1
    for entry in entries:
        if entry["seq"] > kept:
            _follow(game, entry, new, me)
    # The signed head entry itself: with the server's signature on it, a receipt proves what was shown.
    new.update({"game": game, "seq": last_seq, "hash": previous_hash, "entry": entries[-1]})
    return new


def _genesis(game: str, entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    body = entry["body"]
    if entry.get("type") != "genesis" or entry.get("prev") is not None:
        raise VerifyError("entry 0 is not a genesis entry")
    key = body.get("server_key")
    if not is_public_key_hex(key):
        raise VerifyError("the genesis names no valid server key")
    if "server_key" in receipt:
        if receipt["server_key"] != key:
            raise _fork(0)
        return  # seen before: what it pinned stays as the later entries left it
    receipt["server_key"] = key
    receipt["seed_commit"] = body.get("seed_commit")
    receipt["engine"] = body.get("engine")
    receipt["options"] = body.get("options")
    receipt["seats"] = body.get("seats")
    if "deadline" in body:  # absent: no deadlines; present: exactly its shape (PROTOCOL.md section 9)
        problem = deadline_problem(body["deadline"])
        if problem is not None:
            raise VerifyError(f"entry 0: the genesis deadline is malformed: {problem}")
    receipt["deadline"] = body.get("deadline")
    problem = email_moves_problem(body)
    if problem is not None:
        raise VerifyError(f"entry 0: the genesis is malformed: {problem}")
    receipt["email_moves"] = body.get("email_moves") is True
    receipt["genesis"] = _hash(entry)
    receipt["status"] = "open"
    receipt["to_move"] = None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _follow(game: str, entry: dict[str, Any], receipt: dict[str, Any], me: str | None) -> None:
    """One new entry, in order: check what the players signed in it and update what is pinned.

    The seats and their keys are pinned when the game starts: a join after the start, a
    second join for a seat or a key that already holds another seat is refused, so no
    later entry can give a seat a new key (and so forge its moves).
    """
    seq, kind, body = entry["seq"], entry.get("type"), entry["body"]
    players: dict[str, str] = receipt["players"]
    if receipt.get("status") == "over" and kind != "reveal":
        raise VerifyError(f"entry {seq}: a {kind} entry after the game ended")
    if kind == "genesis":
        if seq != 0:
            raise VerifyError(f"entry {seq}: a second genesis")
    elif kind == "join":
        _join(game, entry, receipt, me)
    elif kind == "start":
        if receipt.get("started") is not None:
            raise VerifyError(f"entry {seq}: a second start")
        if len(players) != receipt.get("seats"):
            raise VerifyError(
                f"entry {seq}: the game starts with {len(players)} of {receipt.get('seats')} seats joined"
            )
        receipt["started"] = seq
        _state_entry(entry, receipt)
    elif kind == "move" or (kind == "system" and body.get("kind") == "resign"):
        if receipt.get("started") is None:
            raise VerifyError(f"entry {seq}: a move before the game started")
        env, sig = body.get("envelope"), body.get("sig")
        seat = env.get("seat") if isinstance(env, dict) else None
        key = players.get(str(seat)) if _is_int(seat) else None
        if key is None:
            raise VerifyError(f"entry {seq}: a move for seat {seat!r}, which nobody joined")
        if not isinstance(sig, str) or not envelope_signed(env, sig, key):
            raise VerifyError(f"entry {seq}: the move is not signed by the key of seat {seat}")
        if env.get("seq") != seq or env.get("prev") != entry.get("prev") or env.get("game") != game:
            raise VerifyError(f"entry {seq}: the signed move was made for another place in the log")
        if kind == "move":
            if body.get("seat") != seat:
                raise VerifyError(f"entry {seq}: the entry's seat is not the signed move's seat")
            if seat in (receipt.get("out") or []):
                raise VerifyError(f"entry {seq}: a move by seat {seat}, which has left the game")
            _state_entry(entry, receipt)
        elif "views" in body:  # a seat leaves a game of three or more; the others play on
            _leaves(entry, receipt, seat)
        else:
            _ended(receipt, body.get("result"))
    elif kind == "system":
        _system(entry, receipt)
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
        raise VerifyError(f"entry {seq}: an entry of unknown type {kind!r}")


def _system(entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    """A server-signed system entry other than a resignation (PROTOCOL.md section 9).

    An abort may end a game at any time (also before the start) and must imply its result;
    a timeout or a forfeit needs a deadline in the genesis with that action on expiry and
    must name the seat to move (the client knows it from the last state entry). A timeout
    is a state entry like a move (new views, to_move, payloads owed); a forfeit ends the game.
    What a client cannot check is the bot's move itself: that needs the seed (the audit).
    """
    seq, body = entry["seq"], entry["body"]
    system = body.get("kind")
    if system == "abort":
        reason = body.get("reason")
        if not isinstance(reason, str) or body.get("result") != abort_result(reason):
            raise VerifyError(f"entry {seq}: the abort's result is not what an abort implies")
        _ended(receipt, body["result"])
        return
    if system == "email_move":
        _email_move(entry, receipt)
        return
    if system not in ("timeout", "forfeit", "out"):
        raise VerifyError(f"entry {seq}: a system entry of unknown kind {system!r}")
    if receipt.get("started") is None:
        raise VerifyError(f"entry {seq}: a {system} before the game started")
    if system == "out":
        seat = body.get("seat")
        if not _is_int(seat) or seat != receipt.get("to_move") or seat not in (receipt.get("out") or []):
            raise VerifyError(
                f"entry {seq}: the server decides for seat {seat!r}, which is not a seat to move that left the game"
            )
        _server_move(entry, receipt)
        return
    deadline = receipt.get("deadline")
    action = "bot" if system == "timeout" else "forfeit"
    if not isinstance(deadline, dict):
        raise VerifyError(f"entry {seq}: a {system} in a game without deadlines")
    if system == "timeout" and receipt.get("owner_only"):
        raise VerifyError(
            f"entry {seq}: a timeout for a decision that needs a secret only its owner holds: "
            "no bot can make it"
        )
    if system == "forfeit" and receipt.get("owner_only") and deadline.get("on_expiry") == "bot":
        action = "bot"  # a bot cannot decide this one: the deadline forfeits it (issue 12)
    if deadline.get("on_expiry") != action:
        raise VerifyError(
            f"entry {seq}: a {system}, but the signed genesis says {deadline.get('on_expiry')!r} on expiry"
        )
    seat = body.get("seat")
    if not _is_int(seat) or seat != receipt.get("to_move"):
        raise VerifyError(
            f"entry {seq}: a {system} for seat {seat!r}, but seat {receipt.get('to_move')!r} is to move"
        )
    if system == "forfeit":
        if "views" in body:  # the seat leaves a game of three or more
            _leaves(entry, receipt, seat)
            return
        expected = {"kind": "forfeit", "seat": seat, "result": forfeit_result(receipt["seats"], seat)}
        if body != expected:
            raise VerifyError(f"entry {seq}: the forfeit is not what a forfeit of seat {seat} implies")
        _ended(receipt, body["result"])
        return
    _server_move(entry, receipt)


def _email_move(entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    """A move a player sent by email, played by the server (server-attested, not signed): only
    in a game whose signed genesis has `email_moves: true`, by the seat to move that has not
    left, with a token of 16 bytes hex; a step like a move. The token and the move itself need
    the seed: the audit checks them."""
    seq, body = entry["seq"], entry["body"]
    if receipt.get("started") is None:
        raise VerifyError(f"entry {seq}: an email move before the game started")
    if receipt.get("email_moves") is not True:
        raise VerifyError(f"entry {seq}: an email move in a game whose signed genesis takes no moves by email")
    seat = body.get("seat")
    if not _is_int(seat) or seat != receipt.get("to_move") or seat in (receipt.get("out") or []):
        raise VerifyError(
            f"entry {seq}: an email move for seat {seat!r}, but seat {receipt.get('to_move')!r} is to move"
        )
    committed = body.get("secret_commit")
    if (
        not isinstance(body.get("token"), str)
        or not TOKEN.fullmatch(body["token"])
        or not isinstance(body.get("move"), dict)
        or not (committed is None or (isinstance(committed, str) and HEX64.fullmatch(committed)))
    ):
        raise VerifyError(f"entry {seq}: the email move names no token and move")
    _state_entry(entry, receipt)


def _leaves(entry: dict[str, Any], receipt: dict[str, Any], seat: int) -> None:
    """A resignation or forfeit that is a step: the seat is out, the others play on (or the
    last one in has won). Only in a game of more than two seats, once per seat."""
    seq = entry["seq"]
    seats = receipt.get("seats")
    out = list(receipt.get("out") or [])
    if not _is_int(seats) or seats <= 2:
        raise VerifyError(f"entry {seq}: a seat leaves a game of two, which a resignation or forfeit ends")
    if seat in out:
        raise VerifyError(f"entry {seq}: seat {seat} leaves the game a second time")
    receipt["out"] = [*out, seat]
    _state_entry(entry, receipt)


def _server_move(entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    """A timeout or out entry: a move the server made for a seat; a step like a move."""
    seq, body = entry["seq"], entry["body"]
    committed = body.get("secret_commit")
    if (
        body.get("action") != "bot"
        or not isinstance(body.get("move"), dict)
        or not (committed is None or (isinstance(committed, str) and HEX64.fullmatch(committed)))
    ):
        raise VerifyError(f"entry {seq}: the {body.get('kind')} names no move the server played")
    _state_entry(entry, receipt)


def _join(game: str, entry: dict[str, Any], receipt: dict[str, Any], me: str | None) -> None:
    seq, body = entry["seq"], entry["body"]
    players: dict[str, str] = receipt["players"]
    if receipt.get("started") is not None:
        raise VerifyError(
            f"entry {seq}: a join after the game started (at entry {receipt['started']}): "
            "the seats and their keys were fixed then; the server is trying to change a seat's key"
        )
    seat = body.get("seat")
    seats = receipt.get("seats")
    if not _is_int(seat) or not _is_int(seats) or not 0 <= seat < seats:
        raise VerifyError(f"entry {seq}: a join for seat {seat!r}, which this game does not have")
    if str(seat) in players:
        raise VerifyError(f"entry {seq}: a second join for seat {seat}")
    key = body.get("key")
    if key in players.values():
        raise VerifyError(f"entry {seq}: a join with a key that already holds another seat")
    try:
        statement = join_statement(
            game, seat, body["name"], body["key"], body["nonce"], entry.get("prev")
        )
        ok = is_public_key_hex(key) and join_signed(statement, body["sig"])
    except (KeyError, TypeError, ValueError):
        ok = False
    if not ok:
        raise VerifyError(f"entry {seq}: the join is not signed by the player's key")
    players[str(seat)] = key
    receipt["names"][str(seat)] = body["name"]
    if me is not None and key == me:
        receipt["seat"] = seat


def _state_entry(entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    """A start, a move or a timeout: the new state's status, its view commitments, and the payloads owed to me."""
    seq, body = entry["seq"], entry["body"]
    views = body.get("views")
    seats = receipt.get("seats")
    if (
        not isinstance(views, list)
        or len(views) != seats
        or not all(isinstance(v, str) for v in views)
    ):
        raise VerifyError(f"entry {seq}: the entry commits to no view for each seat")
    to_move = body.get("to_move")
    if to_move is not None and not (_is_int(to_move) and 0 <= to_move < seats):
        raise VerifyError(f"entry {seq}: to_move {to_move!r} is not a seat")
    receipt["views"] = {"seq": seq, "commits": views}
    receipt["status"] = "running"
    receipt["to_move"] = to_move
    # the decision now due needs a secret only its owner holds (a blind game's reveal): no bot
    # can make it, so a deadline forfeits it even where the genesis names the bot (issue 12)
    receipt["owner_only"] = body.get("owner_only") is True
    if "result" in body:
        _ended(receipt, body["result"])
    mine = receipt.get("seat")
    events = body.get("events")
    if not isinstance(events, list):
        raise VerifyError(f"entry {seq}: the entry has no event list")
    for index, event in enumerate(events):
        if isinstance(event, dict) and "commit" in event:
            to = event.get("to")
            if not isinstance(to, list):
                raise VerifyError(f"entry {seq}: private event {index} names no readers")
            if mine is not None and mine in to:
                receipt["owed"].append([seq, index])


def _ended(receipt: dict[str, Any], result: Any) -> None:
    if not isinstance(result, dict):
        raise VerifyError("an entry ends the game without a result")
    receipt["status"] = "over"
    receipt["to_move"] = None
    receipt["result"] = result


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
        event = payload.get("event")
        if isinstance(event, dict) and event.get("kind") == steps.PLAYED_FOR_YOU:
            committed = entries[seq - start]["body"].get("secret_commit")
            if steps.played_for_you(event, committed) is None:
                raise TamperError(
                    f"TAMPERING: entry {seq}: what the server says it played for your seat does "
                    "not open the concealed part it committed to in the log"
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
    if receipt is None:
        begin = 0

    answer = api.log(game, begin)
    entries = answer.get("entries") if isinstance(answer, dict) else None
    try:
        new_receipt = check_log(game, entries or [], begin, receipt, me)
        assert isinstance(entries, list)
        # The answer's head may lag its entries by a move appended in between; it must be in the chain.
        check_head(entries, begin, answer.get("head"), "the log's answer")
        check_head(entries, begin, head, "the server")
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
    return Synced(new_receipt, entries, begin)


def check_view(receipt: dict[str, Any], view: Any, salt: Any) -> None:
    """The view the server shows must be the one its signed log committed to for this seat.

    The log's entry for the current state carries one salted commitment per seat
    (`views`); the server sends the salt with the view. A view that does not match is
    caught here, at once; a false commitment is a signed lie the audit exposes.
    """
    seat = receipt.get("seat")
    views = receipt.get("views")
    if views is None:
        if view is not None:
            raise TamperError("the server shows a board for a game whose log has not started")
        return
    if seat is None:
        raise VerifyError("the signed log gives your key no seat in this game")
    if not check_view_commit(view, salt, views["commits"][seat]):
        raise TamperError(
            f"TAMPERING: the view the server shows you is not the one its log committed to "
            f"at entry {views['seq']}: what you are shown is not the game's state"
        )


def check_summary(receipt: dict[str, Any], summary: Any) -> None:
    """The game's summary (who sits where, the result) must say what the signed log says.

    `pbem show` prints the players' names and the result: a server that shows a player
    "game over: you lost" or swaps who sits where, against its own signed log, is caught here.
    """
    if not isinstance(summary, dict):
        raise VerifyError("the server's summary of the game is not a JSON object")
    names, seats = receipt.get("names") or {}, receipt.get("seats")
    players = summary.get("players")
    if not isinstance(players, list) or (isinstance(seats, int) and len(players) != seats):
        raise VerifyError("the server's summary does not list one entry per seat of the game")
    for seat, shown in enumerate(players):
        name = shown.get("name") if isinstance(shown, dict) else None
        if str(seat) in names and name != names[str(seat)]:
            raise VerifyError(
                f"the server says seat {seat} is held by {name!r}, its signed log says "
                f"{names[str(seat)]!r}"
            )
    if receipt.get("status") == "over" and summary.get("result") != receipt.get("result"):
        raise VerifyError(
            f"the server says the result is {summary.get('result')!r}, its signed log says "
            f"{receipt.get('result')!r}"
        )


def _key_or_none(payload: dict[str, Any]) -> tuple[Any, Any]:
    return payload.get("seq"), payload.get("index")


def check_export(game: str, export: Any, receipt: dict[str, Any] | None) -> None:
    """An export must be a whole, signed chain from the genesis that extends what this player saw."""
    if not isinstance(export, dict) or not isinstance(export.get("entries"), list):
        raise VerifyError("the export is not a pbem log")
    check_log(game, export["entries"], 0, receipt)


def owed_by_log(engine: Any, entries: list[dict[str, Any]]) -> list[str] | None:
    """The commitments the signed log itself says the seat to move must open now, from a replay
    of its public moves (issue 12), or None when this engine's state does not follow from them.

    An engine with `replays_in_public` (blind magier: no chance, and every move is public but
    for owner-held commitments, which the engine keeps as they are) can be replayed by anyone
    from the log alone. The client runs this before it reveals anything, so a server that
    claims a wisdom burnt when the signed moves burnt none cannot make it open that value.
    """
    from engines.core import IllegalMove, Rng
    from protocol.steps import awaiting, owner_held

    if not getattr(engine, "replays_in_public", False) or not entries or entries[0].get("seq") != 0:
        return None
    genesis = entries[0]["body"]
    state: dict[str, Any] | None = None
    try:
        for entry in entries[1:]:
            body, kind = entry["body"], entry["type"]
            if kind == "start":
                state, _ = engine.setup(genesis["seats"], genesis["options"], Rng(b"public replay"))
                continue
            if state is None or kind in ("join", "reveal"):
                continue
            if kind == "move":
                seat, public, committed = body["envelope"]["seat"], body["envelope"]["move"], body["envelope"]["secret_commit"]
            elif kind == "system" and body.get("kind") in ("timeout", "email_move", "out"):
                seat, public, committed = body["seat"], body["move"], body["secret_commit"]
            else:
                return []  # a resignation, forfeit or abort: the game is over
            move = dict(public)
            if committed is not None:
                if not owner_held(engine, state, public):
                    return None  # the server holds that secret: its state is not public
                move["secret_commit"] = committed
            state, _ = engine.apply(state, seat, move, None)
    except (IllegalMove, KeyError, TypeError, ValueError) as exc:
        raise VerifyError(f"the signed log does not replay by the game's public rules: {exc}") from exc
    return [] if state is None else awaiting(engine, state)
