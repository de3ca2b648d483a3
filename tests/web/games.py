"""Games for the page tests, played over real HTTP against a live server: signed requests,
signed joins and envelopes, random listed moves (bench.playouts.pick), then, if the game is
still running after `moves` moves, a resignation, so every engine gets a finished game (a
reveal, a replay) in a second or two."""

from __future__ import annotations

import json
import random
import secrets
from dataclasses import dataclass, field
from typing import Any

import requests

import engines
from bench.playouts import pick
from protocol.auth import sign_request
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, join_statement, sign_envelope, sign_join
from protocol.keys import SigningKey
from protocol.sealing import seals
from protocol.seat_secrets import seal, secret_salt


@dataclass
class Table:
    url: str
    game: str
    engine: str
    keys: list[SigningKey]
    names: list[str]
    session: requests.Session = field(default_factory=requests.Session)

    def call(self, key: SigningKey, method: str, path: str, body: Any = None) -> Any:
        raw = b"" if body is None else json.dumps(body).encode()
        headers = sign_request(key, method, path, raw, server=server_key(self.url)) | {"Content-Type": "application/json"}
        resp = self.session.request(method, self.url + path, data=raw, headers=headers, timeout=30)
        assert resp.status_code < 400, f"{method} {path}: {resp.status_code} {resp.text}"
        return resp.json()

    def summary(self) -> dict[str, Any]:
        return self.call(self.keys[0], "GET", f"/v1/games/{self.game}")


def server_key(url: str) -> str:
    """The key of the server at `url`, which every signed request names."""
    return str(requests.get(url + "/v1/health", timeout=30).json()["server_key"])


def account(url: str, name: str, session: requests.Session | None = None) -> SigningKey:
    key = SigningKey.generate()
    raw = json.dumps({"name": name, "email": f"{name.replace(' ', '.')}@example.org"}).encode()
    headers = sign_request(key, "POST", "/v1/accounts", raw, server=server_key(url)) | {"Content-Type": "application/json"}
    resp = (session or requests).post(url + "/v1/accounts", data=raw, headers=headers, timeout=30)
    assert resp.status_code == 201, resp.text
    return key


def new_table(
    url: str, engine_id: str, names: list[str], options: dict[str, Any] | None = None,
    private: bool = False, join: bool = True, rename: dict[str, str] | None = None,
) -> Table:
    """Accounts named `names`, a game and (with `join`) every seat joined. `rename` changes an
    account's name in the database before it joins (a name the API would refuse, for the
    escaping tests): the join signs and the log carries the name as it then stands."""
    keys = [account(url, n) for n in names]
    body: dict[str, Any] = {"engine": engine_id, "seats": len(names), "options": options or {}}
    if private:
        body["private"] = True
    table = Table(url, "", engine_id, keys, list(names))
    table.game = table.call(keys[0], "POST", "/v1/games", body)["id"]
    if rename:
        from server.store.models import Account

        for old, new in rename.items():
            Account.update(name=new).where(Account.name == old).execute()
        table.names = [rename.get(n, n) for n in names]
    if private:  # joined by invitation only
        for seat in range(1, len(names)):
            table.call(keys[0], "POST", f"/v1/games/{table.game}/invite", {"name": table.names[seat], "seat": seat})
    if join:
        for seat in range(len(keys)):
            join_seat(table, seat)
    return table


def join_seat(table: Table, seat: int) -> None:
    key = table.keys[seat]
    nonce = secrets.token_hex(32)
    prev = table.summary()["head"]["hash"]
    statement = join_statement(table.game, seat, table.names[seat], key.public_hex, nonce, prev)
    sig = sign_join(statement, key)
    table.call(key, "POST", f"/v1/games/{table.game}/join", {"seat": seat, "nonce": nonce, "sig": sig, "prev": prev})


def play(table: Table, moves: int, seed: int = 1, resign: bool = True) -> dict[str, Any]:
    """`moves` random listed moves (fewer if the game ends); then a resignation unless asked not."""
    engine = engines.get(table.engine)
    rnd = random.Random(seed)
    kept: dict[str, tuple[Any, str]] = {}  # owner-held secrets (a blind magier game): commit -> (value, salt)
    now = table.summary()
    for _ in range(moves):
        if now["status"] != "running":
            break
        seat = now["to_move"]
        legal = table.call(table.keys[seat], "GET", f"/v1/games/{table.game}/moves")["moves"]
        if not legal:  # a reveal is owed: the owner opens the awaited commitments (magier MH-10)
            pending = (now.get("view") or {}).get("pending") or []
            items = [{"commit": p["commit"], "secret": kept[p["commit"]][0], "salt": kept[p["commit"]][1]} for p in pending]
            public, secret = {"type": "reveal", "secrets": items}, None
        else:
            public, secret = engine.split_move(pick([m["move"] for m in legal], rnd))
        head = now["head"]
        salt = secret_salt(table.keys[seat], table.game, head["seq"] + 1) if secret is not None else None
        committed = commit(TAG_SECRET, secret, salt) if secret is not None else None
        held = secret is not None and getattr(engine, "owner_held", lambda *_: False)(now.get("view"), public)
        sealed = None
        if held:
            kept[str(committed)] = (secret, str(salt))
            if seals(engine.id, engine.version):  # PROTOCOL 7a: the value sealed to the owner's key
                sealed = seal(table.keys[seat], table.game, head["seq"] + 1, {"secret": secret, "salt": salt})
        env = envelope(
            table.game, head["seq"] + 1, head["hash"], seat, public, committed, secrets.token_hex(32), "t", sealed
        )
        body = {"envelope": env, "sig": sign_envelope(env, table.keys[seat]),
                "secret": None if held else secret, "salt": None if held else salt}
        table.call(table.keys[seat], "POST", f"/v1/games/{table.game}/moves", body)
        now = table.summary()
    while resign and now["status"] == "running":  # with three or more, the others play on
        seat = now["to_move"]
        head = now["head"]
        env = envelope(table.game, head["seq"] + 1, head["hash"], seat, {"type": "resign"}, None, secrets.token_hex(32), "t")
        table.call(table.keys[seat], "POST", f"/v1/games/{table.game}/resign", {"envelope": env, "sig": sign_envelope(env, table.keys[seat])})
        now = table.summary()
    return now
