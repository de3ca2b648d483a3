"""Replacing an account's key (POST /v1/keys/rotate, docs/PROTOCOL.md section 16): one transaction
retires the old key, makes the new one the account's, and appends one `handover` entry to every
game the account holds a seat in that has not ended, each signed by the old key
(protocol.handover, checked here as the audit checks it).

All or nothing: a rotation whose handovers do not cover exactly those games changes nothing and
names them (409), so the client signs what is missing and sends the whole again. The account's
row is locked first, then each game in id order, as a join takes them: no join can slip a seat
with the old key into a game the rotation did not see.
"""

from __future__ import annotations

from typing import Any

from protocol.envelope import StepError, is_int
from protocol.handover import ROTATION_KEYS, check_handover, rotation_signed
from protocol.keys import is_public_key_hex
from server.ledger.ledger import Ledger
from server.ledger.records import LedgerError, dumps, is_game_id, is_sqlite, save_head
from server.store.models import Account, Entry, Game, RetiredKey, Seat, database

REQUEST_KEYS = ("handovers", "sig_new", "sig_old", "statement")
HANDOVER_KEYS = ("game", "resealed", "seat", "sig")
LIVE = ("open", "running")  # a game that has not ended: its seats are handed on


class Uncovered(LedgerError):
    """409: the handovers do not cover exactly the games that need one; `games` lists those."""

    def __init__(self, message: str, games: list[dict[str, Any]]) -> None:
        super().__init__(409, message)
        self.games = games


def rotate(ledger: Ledger, account: Account, data: Any) -> dict[str, Any]:
    """Check the signed rotation and its handovers, then apply it whole:
    {"key": new, "handovers": [{"game", "seq"}, ...]} (the entries appended, by game id)."""
    statement, sig_old, sig_new, handovers = _shape(data)
    old, new = statement["old"], statement["new"]
    if old != account.key:
        raise LedgerError(403, "the statement's old key is not the key that signed this request")
    if statement["server"] != ledger.key.public_hex:
        raise LedgerError(400, f"the statement names another server: this one's key is {ledger.key.public_hex}")
    if not is_public_key_hex(new):
        raise LedgerError(400, "the new key is not an Ed25519 public key")
    if new == old:
        raise LedgerError(400, "the new key is the key it replaces")
    if not rotation_signed(statement, sig_old, old):
        raise LedgerError(403, "sig_old: the statement is not signed by the old key")
    if not rotation_signed(statement, sig_new, new):
        raise LedgerError(403, "sig_new: the statement is not signed by the new key")
    with database.atomic():
        _lock_account(account)
        if Account.select().where(Account.key == new).exists() or RetiredKey.select().where(RetiredKey.key == new).exists():
            raise LedgerError(409, "the new key holds or held an account on this server: make a new key")
        needed = _needed(account)
        _covered(needed, handovers)
        appended = [_hand_over(ledger, game_id, needed[game_id], handovers[game_id], old, new) for game_id in sorted(needed)]
        RetiredKey.create(
            account=account.id, key=old,
            statement=dumps({"statement": statement, "sig_old": sig_old, "sig_new": sig_new}),
        )
        Account.update(key=new).where(Account.id == account.id).execute()
    return {"key": new, "handovers": appended}


def _shape(data: Any) -> tuple[dict[str, Any], str, str, dict[str, dict[str, Any]]]:
    """Exact members and types (400), so nothing below compares loosely."""
    if not isinstance(data, dict) or sorted(data) != list(REQUEST_KEYS):
        raise LedgerError(400, "a rotation holds exactly: " + ", ".join(REQUEST_KEYS))
    statement = data["statement"]
    if not isinstance(statement, dict) or sorted(statement) != list(ROTATION_KEYS):
        raise LedgerError(400, "a rotation statement holds exactly: " + ", ".join(ROTATION_KEYS))
    if not all(isinstance(statement[k], str) for k in ROTATION_KEYS):
        raise LedgerError(400, "the rotation statement's members are public keys (64 hex)")
    if not isinstance(data["sig_old"], str) or not isinstance(data["sig_new"], str):
        raise LedgerError(400, "sig_old and sig_new are signatures (128 hex)")
    items = data["handovers"]
    if not isinstance(items, list):
        raise LedgerError(400, "handovers: a list, one per game you hold a seat in that has not ended")
    handovers: dict[str, dict[str, Any]] = {}
    for item in items:
        if not isinstance(item, dict) or sorted(item) != list(HANDOVER_KEYS):
            raise LedgerError(400, "a handover holds exactly: " + ", ".join(HANDOVER_KEYS))
        if not is_game_id(item["game"]) or not is_int(item["seat"]):
            raise LedgerError(400, "a handover names a game (16 hex) and the seat (a whole number)")
        if item["game"] in handovers:
            raise LedgerError(400, f"two handovers for game {item['game']}")
        handovers[item["game"]] = item
    return statement, data["sig_old"], data["sig_new"], handovers


def _lock_account(account: Account) -> None:
    """The account's row, locked (PostgreSQL; SQLite's BEGIN IMMEDIATE locked everything already),
    and its key read again: a rotation that won the race has replaced it."""
    query = Account.select(Account.key).where(Account.id == account.id)
    row = (query if is_sqlite() else query.for_update()).first()
    if row is None or row.key != account.key:
        raise LedgerError(409, "this key was replaced a moment ago: use the new key")


def _needed(account: Account) -> dict[str, int]:
    """game id -> the account's seat, for every game it holds a seat in that has not ended."""
    rows = Seat.select(Seat.seat, Game.id).join(Game).where((Seat.account == account.id) & Game.status.in_(LIVE))
    return {row.game.id: row.seat for row in rows}


def _covered(needed: dict[str, int], handovers: dict[str, dict[str, Any]]) -> None:
    missing = sorted(set(needed) - set(handovers))
    extra = sorted(set(handovers) - set(needed))
    if not missing and not extra:
        return
    said = []
    if missing:
        said.append("no handover for " + ", ".join(f"game {g} (seat {needed[g]})" for g in missing))
    if extra:
        said.append("a handover for " + ", ".join(f"game {g}" for g in extra) + ", where you hold no seat in a game that has not ended")
    genesis = {
        row.game_id: row.hash
        for row in Entry.select(Entry.game, Entry.hash).where(Entry.game.in_(list(needed)) & (Entry.seq == 0))
    }
    games = [{"game": g, "seat": needed[g], "genesis": genesis.get(g)} for g in sorted(needed)]
    raise Uncovered(
        "; ".join(said) + ": sign a handover for every game listed in `games` and send the rotation again",
        games,
    )


def _hand_over(ledger: Ledger, game_id: str, seat: int, item: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """One game's handover, checked as every client and the audit check it, then appended."""
    game = ledger._lock(game_id)  # noqa: SLF001 - the ledger's own lock, as every append takes it
    if game.status not in LIVE:  # cannot happen under the account's lock; said if it does
        raise LedgerError(409, f"game {game_id} has ended: it takes no handover")
    if item["seat"] != seat:
        raise LedgerError(403, f"game {game_id}: you hold seat {seat}; the handover must name it")
    rows = list(Seat.select(Seat.seat, Account.id, Account.key).join(Account).where(Seat.game == game.id))
    keys = {row.seat: row.account.key for row in rows}
    retired = RetiredKey.select(RetiredKey.key).where(RetiredKey.account.in_([row.account.id for row in rows]))
    held = set(keys.values()) | {r.key for r in retired}
    genesis = Entry.get((Entry.game == game.id) & (Entry.seq == 0)).hash
    body = {"new": new, "old": old, "resealed": item["resealed"], "seat": seat, "sig": item["sig"]}
    try:
        check_handover(body, game.id, genesis, keys, held)
    except StepError as exc:
        raise LedgerError(exc.status, f"game {game_id}: {exc.message}") from exc
    entry = ledger._append(game, "handover", body)  # noqa: SLF001
    save_head(game)
    return {"game": game.id, "seq": entry["seq"]}
