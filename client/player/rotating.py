"""Replacing this home's key on every server it holds an account on (`pbem key rotate`,
docs/PROTOCOL.md section 16), so that an interruption at any point loses nothing.

A rotation is one request per server, and the answer may be lost after the server applied it:
then only the new key opens the account there, so the new key must already be on disk. Hence
the order: key.new.pem, then rotation.json (what each server is sent, which are done), both
0600 and atomic, and only then the requests. Whatever is left pending is finished by the next
command (client/player/accounts.py asks here before it makes any Api): the same signed request
sent again, handovers signed for the games a 409 names, and a lost answer recognised by the old
key being refused as replaced while GET /v1/me signed by the new key answers this account.
Until a server is done, its requests are signed with the old key; once every server is done,
key.pem goes to retired/<old>.pem (client/player/recovering.py opens old boxes with it) and
key.new.pem becomes key.pem.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from client.api import Api, ApiError
from client.logcheck.errors import VerifyError
from client.logcheck.hashing import key_fingerprint
from client.player.errors import ClientError
from client.player.handovers import live_games, sign_handovers
from client.player.key_words import key_pem
from client.player.recovering import RETIRED
from client.store import Store, StoreError, write_private
from protocol.handover import rotation_statement, sign_rotation
from protocol.keys import KeyError_, SigningKey

ROTATION = "rotation.json"
KEY_NEW = "key.new.pem"
ROTATE = "/v1/keys/rotate"
REPLACED = "this key was replaced"  # the server's words for a retired key (401; 409 to a new account)
ROUNDS = 4  # a 409 naming other games is signed for and sent again this many times at most
NO_ANSWER = (0, 408, 425, 429)  # and every 5xx: the request got no verdict, so it is sent again later

MakeApi = Callable[[str, SigningKey | None, Any], Api]  # (server, key, pinned server key)
Say = Callable[[str], None]


def key_replaced(exc: ApiError) -> bool:
    """Whether a refusal says the signing key was replaced (rotated away) on that server."""
    return exc.status == 401 and REPLACED in exc.detail


def _no_answer(exc: ApiError) -> bool:
    return exc.status in NO_ANSWER or exc.status >= 500


def pending(store: Store) -> dict[str, Any] | None:
    """The rotation this home began and has not finished, or None."""
    path = store.home / ROTATION
    if not path.exists():
        return None
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise StoreError(f"cannot read {path} ({exc}): it holds a key rotation not finished; do not remove it") from None
    if not isinstance(value, dict) or not isinstance(value.get("servers"), dict):
        raise StoreError(f"{path} is not a key rotation: it holds a key rotation not finished; do not remove it")
    return value


def _save(store: Store, rotation: dict[str, Any]) -> None:
    data = (json.dumps(rotation, indent=2, sort_keys=True) + "\n").encode()
    try:
        write_private(store.home / ROTATION, data)
    except OSError as exc:
        raise StoreError(f"cannot write {store.home / ROTATION}: {exc.strerror}") from None


def _retired_path(store: Store, public_hex: str) -> Path:
    return store.home / RETIRED / f"{public_hex}.pem"


def begin(store: Store, accounts: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A new key, written (key.new.pem) before rotation.json names the servers to rotate on:
    nothing is sent before both are on disk. An account without a name is not one (skipped)."""
    servers = {
        url: {"name": acct["name"], "server_key": acct.get("server_key"), "state": "pending"}
        for url, acct in sorted(accounts.items()) if isinstance(acct, dict) and acct.get("name")
    }
    if not servers:
        raise ClientError(f"this home ({store.home}) holds no account on any server: there is no key of yours to replace")
    old, new = store.key(), SigningKey.generate()
    try:
        write_private(store.home / KEY_NEW, key_pem(new))
    except OSError as exc:
        raise StoreError(f"cannot write {store.home / KEY_NEW}: {exc.strerror}") from None
    rotation = {"old": old.public_hex, "new": new.public_hex, "servers": servers,
                "began": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")}
    _save(store, rotation)
    return rotation


def keys(store: Store, rotation: dict[str, Any]) -> tuple[SigningKey, SigningKey]:
    """(old, new) of `rotation`, wherever the steps of the swap left each of them."""
    found = {}
    for path in (store.key_path, store.home / KEY_NEW, _retired_path(store, str(rotation.get("old")))):
        try:
            key = SigningKey.load(path) if path.exists() else None
        except KeyError_:
            continue
        if key is not None:
            found[key.public_hex] = key
    old, new = found.get(str(rotation.get("old"))), found.get(str(rotation.get("new")))
    if old is None or new is None:
        raise StoreError(
            f"the key rotation in {store.home / ROTATION} misses its {'old' if old is None else 'new'} key "
            f"({store.key_path}, {store.home / KEY_NEW}): it cannot be finished here"
        )
    return old, new


class RotatingStore(Store):
    """A home whose key is the one its chosen server knows it by: while a rotation is not
    finished, the new key on a server already done, key.pem (the old one) everywhere else. The
    verified sync takes the seat of `key()`, so a done server's receipts follow the handover."""

    def __init__(self, home: Path | str | None, server: Callable[[], str | None]) -> None:
        super().__init__(home)
        self._server = server

    def key(self) -> SigningKey:
        rotation = pending(self)
        if rotation is not None and (rotation["servers"].get(self._server()) or {}).get("state") == "done":
            path = self.home / KEY_NEW
            if path.exists():
                try:
                    return SigningKey.load(path)
                except KeyError_ as exc:
                    raise StoreError(str(exc)) from exc
        return super().key()


def _answers_for(make_api: MakeApi, url: str, server: dict[str, Any], new: SigningKey) -> bool | None:
    """Whether GET /v1/me signed by the new key answers this account (None: no answer now)."""
    try:
        me = make_api(url, new, server.get("server_key")).me()
    except ApiError as exc:
        return None if _no_answer(exc) else False
    return isinstance(me, dict) and me.get("key") == new.public_hex and me.get("name") == server["name"]


def _request(api: Api, store: Store, server: dict[str, Any], games: dict[str, int] | None,
             old: SigningKey, new: SigningKey) -> dict[str, Any]:
    """The body of POST /v1/keys/rotate: the statement both keys sign, and a handover for each
    game of `games` (None: the account's games that have not ended, as the server lists them).
    Every handover is signed afresh, so each reseals what the seat holds now; one signed before
    can never be logged beside it (its old key no longer holds the seat after the first)."""
    if games is None:
        games = live_games(api, server["name"])
    handovers = sign_handovers(api, store, games, old, new)
    server["records"] = {h["game"]: h.pop("records") for h in handovers}
    statement = rotation_statement(api.signed_for(), old.public_hex, new.public_hex)
    return {"statement": statement, "sig_old": sign_rotation(statement, old),
            "sig_new": sign_rotation(statement, new), "handovers": handovers}


def _named(problem: dict[str, Any]) -> dict[str, int] | None:
    """The games a 409 says need a handover (game -> seat), or None when it names none."""
    games = problem.get("games")
    if not isinstance(games, list):
        return None
    named = {g["game"]: g["seat"] for g in games if isinstance(g, dict) and isinstance(g.get("game"), str)}
    return named or None


def _rotate_on(store: Store, url: str, server: dict[str, Any], rotation: dict[str, Any],
               old: SigningKey, new: SigningKey, make_api: MakeApi, say: Say) -> None:
    """Rotate on one server, recording in `server` (saved in rotation.json after each step) what
    came of it: "done", "refused" (for good), or left "pending" with why (sent again later)."""
    api = make_api(url, old, server.get("server_key"))
    games: dict[str, int] | None = None
    for _ in range(ROUNDS):
        if server.get("request") is None or games is not None:
            try:
                server["request"] = _request(api, store, server, games, old, new)
            except (ApiError, ClientError, VerifyError) as exc:
                server["detail"] = f"the games to hand on could not be signed: {exc}"
                if isinstance(exc, ApiError) and key_replaced(exc):
                    break
                _save(store, rotation)
                return
            _save(store, rotation)  # what is sent is on disk first: a lost answer is sent again
        n = len(server["request"]["handovers"])
        say(f"{url}: sending the rotation ({n} game{'s' if n != 1 else ''} to hand to the new key)")
        try:
            answer = api.post(ROTATE, server["request"])
        except ApiError as exc:
            games = _named(exc.problem) if exc.status == 409 else None
            if games is not None:
                say(f"{url}: the server names the games to hand on ({', '.join(sorted(games))}): signing them")
                continue
            server["detail"] = exc.detail
            if _no_answer(exc):
                _save(store, rotation)
                return
            if key_replaced(exc) or (exc.status == 409 and "replaced" in exc.detail):
                break  # done already (a lost answer), or replaced by someone else: /v1/me says which
            server["state"] = "refused"
            _save(store, rotation)
            return
        server.update(state="done", handed=answer.get("handovers") if isinstance(answer, dict) else None)
        server.pop("detail", None)
        _done(store, rotation, old)
        return
    else:
        server["detail"] = "the server kept naming other games to hand on: try again"
        _save(store, rotation)
        return
    ours = _answers_for(make_api, url, server, new)
    if ours is None:
        _save(store, rotation)  # no answer: asked again next time
        return
    if ours:
        server.update(state="done", handed=None)
        server.pop("detail", None)
        _done(store, rotation, old)
        return
    server["state"] = "refused"
    server["detail"] = (
        f"{server.get('detail')}; and the new key is not this account's there: another rotation "
        "(from another home of the old key) replaced it first, so the account is that rotation's key's"
    )
    _save(store, rotation)


def _done(store: Store, rotation: dict[str, Any], old: SigningKey) -> None:
    """A server done: the old key is retired there, so it is kept in retired/ from now on."""
    path = _retired_path(store, old.public_hex)
    if not path.exists():
        write_private(path, key_pem(old))
    _save(store, rotation)


def _swap(store: Store, rotation: dict[str, Any], old: SigningKey) -> bool:
    """Every server answered for good: the new key becomes key.pem and the old one is kept in
    retired/ (True); where no server took the new key, it is dropped and key.pem stays (False).
    Each step can be run again after a crash at any point."""
    taken = any(s.get("state") == "done" for s in rotation["servers"].values())
    new_path = store.home / KEY_NEW
    if taken:
        _done(store, rotation, old)
        if new_path.exists():
            os.replace(new_path, store.key_path)
    else:
        new_path.unlink(missing_ok=True)
    (store.home / ROTATION).unlink(missing_ok=True)
    return taken


def finish(store: Store, make_api: MakeApi, say: Say) -> dict[str, Any]:
    """Go on with the pending rotation on every server not done yet, in turn; when none is left
    pending, swap the keys. The report: {"old", "new", "finished", "replaced", "servers":
    [{"server", "state", "detail", "games": [{"game", "seat", "seq", "records"}]}], "retired"}."""
    rotation = pending(store)
    if rotation is None:
        raise ClientError("no key rotation is pending in this home")
    old, new = keys(store, rotation)
    plain = Store(store.home)  # key.pem is the old key until the swap: the seat the handovers are signed for
    for url, server in rotation["servers"].items():
        if server.get("state") == "pending":
            _rotate_on(plain, url, server, rotation, old, new, make_api, say)
    finished = all(s.get("state") != "pending" for s in rotation["servers"].values())
    replaced = _swap(store, rotation, old) if finished else None
    return {
        "old": old.public_hex,
        "new": new.public_hex,
        "fingerprint": key_fingerprint(new.public_hex),
        "finished": finished,
        "replaced": replaced,
        "retired": str(_retired_path(store, old.public_hex)),
        "servers": [_server_report(url, s) for url, s in rotation["servers"].items()],
    }


def _server_report(url: str, server: dict[str, Any]) -> dict[str, Any]:
    seqs = {h.get("game"): h.get("seq") for h in server.get("handed") or [] if isinstance(h, dict)}
    records = server.get("records") or {}
    games = [
        {"game": h["game"], "seat": h["seat"], "seq": seqs.get(h["game"]), "records": records.get(h["game"], 0)}
        for h in (server.get("request") or {}).get("handovers") or []
    ]
    return {"server": url, "name": server.get("name"), "state": server.get("state"),
            "detail": server.get("detail"), "games": games}


def report_lines(report: dict[str, Any]) -> list[str]:
    """What a rotation did, per server and game, and what to do next, in words."""
    lines = []
    for server in report["servers"]:
        url, state = server["server"], server["state"]
        if state == "done":
            lines.append(f"{url}: your key is replaced (account {server['name']})")
            for g in server["games"]:
                at = f" at entry {g['seq']}" if isinstance(g.get("seq"), int) else ""
                kept = f", {g['records']} secret{'s' if g['records'] != 1 else ''} of your moves resealed to it" if g["records"] else ""
                lines.append(f"  game {g['game']}: seat {g['seat']} handed to the new key{at}{kept}")
        elif state == "refused":
            lines.append(f"{url}: NOT replaced, for good: {server['detail']}")
        else:
            lines.append(f"{url}: not replaced yet ({server['detail']}): your next pbem command tries again")
    if report["finished"] and report["replaced"]:
        lines.append(
            f"Your key is now {report['fingerprint']} (key.pem); the old one is kept in {report['retired']} "
            "to open what was sealed to it. Its 24 words no longer open your account: back up the "
            "new key now with `pbem key backup`."
        )
    elif report["finished"]:
        lines.append("No server took the new key: your key is unchanged, and the new one was dropped.")
    else:
        lines.append(
            "Until every server is done, the servers not done yet are signed for with the old key; "
            "run `pbem key rotate` again (or any pbem command) to finish."
        )
    return lines
