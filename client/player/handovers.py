"""The handovers a key rotation signs on one server: one per game the account holds a seat in
that has not ended (docs/PROTOCOL.md sections 9 and 16), each signed by the old key.

Nothing here is taken on the server's word: the seat and the genesis a handover is signed over
come from the game's verified log (client/verify.py), whichever list named the game (the
account's games, or a rotation's 409). The secrets the seat still needs, which only this home
holds (owner-held, PROTOCOL 11a), go along resealed to the new key, so a home restored from the
new key's words alone can still reveal a value placed under the old one.
"""

from __future__ import annotations

from typing import Any

from client import verify
from client.api import Api, ApiError, game_path
from client.player.engine import engine_for
from client.player.errors import ClientError
from client.player.recovering import opens
from client.store import Store
from protocol.blind import owner_held
from protocol.handover import RESEAL_PURPOSE, handover_statement, sign_handover
from protocol.keys import SigningKey
from protocol.seat_secrets import seal

LIVE = ("open", "running")  # a game that has not ended: its seat is handed on (the server's rule)


def live_games(api: Api, name: str) -> dict[str, int]:
    """game id -> this account's seat, for every game of the account's list that has not ended:
    the server's list, a first guess only (a 409 names what it misses, and the log decides the seat)."""
    found = {}
    for summary in api.games():
        game = summary.get("id") if isinstance(summary, dict) else None
        if not isinstance(game, str) or summary.get("status") not in LIVE:
            continue
        for seat, player in enumerate(summary.get("players") or []):
            if isinstance(player, dict) and player.get("name") == name:
                found[game] = seat
    return found


def _seat_moves(entries: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The envelopes of `seat`'s moves in the verified log."""
    found = []
    for entry in entries:
        body = entry.get("body") if isinstance(entry, dict) else None
        if entry.get("type") != "move" or not isinstance(body, dict) or body.get("seat") != seat:
            continue
        if isinstance(body.get("envelope"), dict):
            found.append(body["envelope"])
    return found


def held_records(store: Store, game: str, receipt: dict[str, Any], entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records ({"commit", "secret", "salt"}) of this seat's owner-held moves in `entries`
    (the verified log from entry 0) that no reveal of the seat has opened yet, each one that
    opens its commitment: what only this home holds and the seat may still have to reveal."""
    seat = receipt.get("seat")
    if not isinstance(seat, int):
        return []
    engine = engine_for(receipt)
    position = {"options": receipt.get("options") if isinstance(receipt.get("options"), dict) else {}}
    moves = _seat_moves(entries, seat)
    made = {env["secret_commit"]: env for env in moves if isinstance(env.get("secret_commit"), str)}
    revealed = set()
    for env in moves:
        move = env.get("move")
        items = move.get("secrets") if isinstance(move, dict) else None
        revealed |= {i.get("commit") for i in items or [] if isinstance(i, dict)}
    found = {}
    for record in store.secrets(game):
        commit = record.get("commit")
        env = made.get(commit) if isinstance(commit, str) else None
        if env is None or commit in revealed or commit in found:
            continue
        if owner_held(engine, position, env.get("move")) and opens(record.get("secret"), record.get("salt"), commit):
            found[commit] = {"commit": commit, "secret": record["secret"], "salt": record["salt"]}
    return [found[c] for c in sorted(found)]


def sign_handovers(
    api: Api, store: Store, games: dict[str, int], old: SigningKey, new: SigningKey
) -> list[dict[str, Any]]:
    """One handover per game of `games` as POST /v1/keys/rotate takes it ({"game", "seat",
    "resealed", "sig"}), with "records": how many secrets it reseals (kept by the client for
    its report, taken out before sending). Each game is synced first (its receipt says the seat
    the signed log gives the old key, and the genesis hash); a game this home cannot verify now
    stops the rotation on this server (a ClientError naming it)."""
    signed = []
    for game in sorted(games):
        try:
            game_path(game)  # an id the server made up is refused here, before it names a file
            synced = verify.sync(api, store, game)
            records: list[dict[str, Any]] = []
            if store.secrets(game):
                whole = verify.sync(api, store, game, start=0)
                records = held_records(store, game, whole.receipt, whole.entries)
        except ApiError as exc:
            raise ClientError(f"game {game}: its log cannot be read now ({exc.detail})") from None
        receipt = synced.receipt
        seat, genesis = receipt.get("seat"), receipt.get("genesis")
        if not isinstance(seat, int) or not isinstance(genesis, str):
            raise ClientError(
                f"game {game}: the server counts it among your games, but its signed log gives your key no seat there"
            )
        resealed = seal(new, game, 0, records, purpose=RESEAL_PURPOSE) if records else None
        statement = handover_statement(game, genesis, seat, old.public_hex, new.public_hex, resealed)
        signed.append({"game": game, "seat": seat, "resealed": resealed,
                       "sig": sign_handover(statement, old), "records": len(records)})
    return signed
