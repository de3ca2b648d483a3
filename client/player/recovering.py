"""The secrets of this seat's own moves, learnt back from the log where they are sealed to its key.

An owner-held secret (a blind placement, PROTOCOL 11a) is known to nobody but its seat: the
server never had it. Sealed to the seat's key inside its own signed move (`sealed`), or handed
to a new key in a `handover` entry (`resealed`), it can be opened by any home holding that key:
a second home of the same key, or one restored from its words, learns what the first one made.
Nothing opened is trusted on its own: a record is kept only when it opens the commitment the
signed log holds for this seat; a box that does not open, or opens to anything else, is passed
over (it is not ours, or not ours to believe). Called after every verified sync (client/verify.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from client.store import Store, StoreError
from protocol.canonical import NotCanonical
from protocol.commitments import TAG_SECRET, commit
from protocol.keys import KeyError_, SigningKey

RETIRED = "retired"  # the home's retired keys, one PEM file each (written by a key rotation)
HANDOVER_PURPOSE = "handover"


def home_keys(store: Store) -> list[SigningKey]:
    """The home's key and every retired key it keeps: a box sealed before a rotation opens with
    the key it was sealed to. A retired key file that cannot be read is passed over."""
    keys = [store.key()] if store.has_key() else []
    folder = store.home / RETIRED
    try:
        files = sorted(folder.glob("*.pem"))
    except OSError:
        files = []
    for path in files:
        try:
            keys.append(SigningKey.load(path))
        except KeyError_:
            continue
    return keys


def opens(secret: Any, salt: Any, secret_commit: Any) -> bool:
    """Whether (secret, salt) opens `secret_commit`, as the server and audit check a reveal."""
    if not isinstance(salt, str) or not isinstance(secret_commit, str):
        return False
    try:
        return commit(TAG_SECRET, secret, salt) == secret_commit
    except (NotCanonical, TypeError, ValueError):
        return False


def _seat_moves(entries: list[dict[str, Any]], seat: int) -> list[tuple[int, dict[str, Any], str]]:
    """(seq, envelope, sig) of every move of `seat` among `entries` that commits to a secret."""
    found = []
    for entry in entries:
        body = entry.get("body") if isinstance(entry, dict) else None
        if entry.get("type") != "move" or not isinstance(body, dict) or body.get("seat") != seat:
            continue
        env = body.get("envelope")
        if isinstance(env, dict) and isinstance(env.get("secret_commit"), str) and isinstance(entry.get("seq"), int):
            found.append((entry["seq"], env, str(body.get("sig"))))
    return found


def _from_sealed(game: str, keys: list[SigningKey], seq: int, env: dict[str, Any], sig: str) -> dict[str, Any] | None:
    """The record a move's own `sealed` box holds, if a key of this home opens it to the
    secret and salt its commitment was made of."""
    from protocol.seat_secrets import open_box

    for key in keys:
        value = open_box(key, game, seq, env["sealed"])
        if isinstance(value, dict) and opens(value.get("secret"), value.get("salt"), env["secret_commit"]):
            return {"seq": seq, "secret": value["secret"], "salt": value["salt"],
                    "commit": env["secret_commit"], "envelope": env, "sig": sig}
    return None


def _from_handover(
    game: str, keys: list[SigningKey], body: dict[str, Any], commits: dict[str, tuple[int, dict[str, Any], str]]
) -> list[dict[str, Any]]:
    """The records a handover to one of this home's keys reseals, each one that opens a
    commitment of the seat in the log (`commits`: commitment -> its move)."""
    from protocol.seat_secrets import open_box

    mine = [k for k in keys if k.public_hex == body.get("new")]
    if not mine or body.get("resealed") is None:
        return []
    records = open_box(mine[0], game, 0, body["resealed"], purpose=HANDOVER_PURPOSE)
    found = []
    for item in records if isinstance(records, list) else []:
        if not isinstance(item, dict) or item.get("commit") not in commits:
            continue
        seq, env, sig = commits[item["commit"]]
        if opens(item.get("secret"), item.get("salt"), item["commit"]):
            found.append({"seq": seq, "secret": item["secret"], "salt": item["salt"],
                          "commit": item["commit"], "envelope": env, "sig": sig})
    return found


def recover(
    store: Store,
    game: str,
    receipt: dict[str, Any],
    entries: list[dict[str, Any]],
    start: int,
    whole: Callable[[], list[dict[str, Any]]],
) -> int:
    """Learn the secrets of this seat's moves among `entries` (the verified log from seq
    `start`) that this home lacks; `whole` fetches the verified log from entry 0, asked only
    when a handover to this home's key needs the commitments made before `start`. Returns
    how many records were added. Never fails a sync: what cannot be opened is left alone."""
    seat = receipt.get("seat")
    if not isinstance(seat, int) or not store.has_key():
        return 0
    sealed = [m for m in _seat_moves(entries, seat) if "sealed" in m[1]]
    handovers = [
        e["body"] for e in entries
        if isinstance(e, dict) and e.get("type") == "handover" and isinstance(e.get("body"), dict)
        and e["body"].get("seat") == seat
    ]
    if not sealed and not handovers:
        return 0
    try:
        kept = {s.get("commit"): s for s in store.secrets(game)}
        keys = home_keys(store)
    except StoreError:
        return 0
    found = []
    for seq, env, sig in sealed:
        held = kept.get(env["secret_commit"])
        if held is None:
            record = _from_sealed(game, keys, seq, env, sig)
            if record is not None:
                found.append(record)
        elif held.get("seq") == seq and not held.get("logged"):
            found.append({**held, "logged": True})  # in the log now: never dropped as refused
    if handovers and any(h.get("new") in {k.public_hex for k in keys} for h in handovers):
        log = entries if start == 0 else whole()
        commits = {env["secret_commit"]: (seq, env, sig) for seq, env, sig in _seat_moves(log, seat)}
        for body in handovers:
            found += [r for r in _from_handover(game, keys, body, commits) if r["commit"] not in kept]
    for record in found:
        kept[record["commit"]] = record
        store.add_secret(game, record)
    return len(found)
