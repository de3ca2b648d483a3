"""The OpenAPI 3.1 document (server/openapi.py, GET /v1/openapi.json) describes the
app as it is, both ways.

Routes: every rule and method in app.url_map is an operation of the document, and every
operation is a rule of the app. Statuses: a scenario drives every operation of a real app
(SQLite) into every status the document lists for it, a recorder on the app notes each
(route, method, status) it answered, and the two sets must be equal: nothing answered that
the document does not list, nothing listed that the app was not seen to answer, except the
few pairs in UNSEEN, each with the reason it cannot be provoked from outside.
"""

from __future__ import annotations

import json
import re
import secrets
from pathlib import Path
from typing import Any

from flask import Flask, Response, request
from flask.testing import FlaskClient

import engines
from protocol.answers import answers_statement, sign_answers
from protocol.auth import sign_request
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, sign_envelope
from protocol.handover import rotation_statement, sign_rotation
from protocol.keys import SigningKey
from server.http.app import create_app
from server.http.openapi import OPS, document, statuses
from server.mail.addressing import unsubscribe_token
from server.store.models import Account, Mail
from tests.protocol.toy import TOY
from tests.server.conftest import Caller
from tests.server.test_leaving import resign, trio_game

Seen = set[tuple[str, str, int]]  # (OpenAPI path, METHOD, status)

UNSEEN = {
    ("/v1/games", "POST", 409): "the create's signature made another account's game: a signature is "
    "one key's and a key is one account's, so only a corrupted database could answer it",
}
SOME_GAME = "0123456789abcdef"


def openapi_path(rule: str) -> str:
    """/v1/games/<game_id> -> /v1/games/{game_id}; <int:account_id> -> {account_id}."""
    return re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule)


def recorder(app: Flask, seen: Seen) -> Flask:
    @app.after_request
    def _note(response: Response) -> Response:
        if request.url_rule is not None and request.method != "HEAD":
            seen.add((openapi_path(request.url_rule.rule), request.method, response.status_code))
        return response

    return app


def _app(tmp_path: Path, seen: Seen, name: str, **config: Any) -> Flask:
    engines.register(TOY)
    return recorder(create_app({"DATA_DIR": str(tmp_path / name), "TESTING": True, **config}), seen)


def example_path(op_path: str, game: str = SOME_GAME) -> str:
    return op_path.replace("{game_id}", game).replace("{name}", "nobody").replace(
        "{account_id}", "1").replace("{token}", "0" * 32)


def test_every_route_is_described_and_every_operation_is_a_route(tmp_path: Path) -> None:
    """app.url_map under /v1 and the document's paths and methods are the same set (the read-only
    web pages of server/web are pages for people, not API)."""
    app = _app(tmp_path, set(), "d")
    routes = {
        (openapi_path(rule.rule), method)
        for rule in app.url_map.iter_rules()
        for method in rule.methods or ()
        if method not in ("HEAD", "OPTIONS") and rule.rule.startswith("/v1/")
    }
    doc = document()
    described = {(path, method.upper()) for path, item in doc["paths"].items() for method in item}
    assert routes == described
    assert len(OPS) == len(described)  # no operation twice


def test_the_document_is_served_and_is_openapi_3_1(tmp_path: Path) -> None:
    """GET /v1/openapi.json, unsigned; every $ref resolves; signed operations name
    the three headers' security scheme; every error is problem+json."""
    resp = _app(tmp_path, set(), "d").test_client().get("/v1/openapi.json")
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    doc = resp.get_json()
    assert doc == json.loads(json.dumps(document()))
    assert doc["openapi"] == "3.1.0"
    schemes = doc["components"]["securitySchemes"]
    assert {s["name"] for s in schemes.values()} == {"X-Pbem-Key", "X-Pbem-Time", "X-Pbem-Nonce", "X-Pbem-Signature"}

    def resolve(pointer: str) -> Any:
        node: Any = doc
        for part in pointer.removeprefix("#/").split("/"):
            node = node[part]
        return node

    def refs(node: Any) -> list[str]:
        if isinstance(node, dict):
            return ([node["$ref"]] if "$ref" in node else []) + [r for v in node.values() for r in refs(v)]
        if isinstance(node, list):
            return [r for v in node for r in refs(v)]
        return []

    assert all(resolve(r) is not None for r in refs(doc))
    for path, item in doc["paths"].items():
        for method, operation in item.items():
            # a route that takes a signature at all (required or optional) answers a bad one 401
            accepts = operation["security"] != []
            assert accepts == ("401" in operation["responses"]), (method, path)
            for status, answer in operation["responses"].items():
                if status == "default" or int(status) >= 400:
                    assert resolve(answer["$ref"])["content"].keys() == {"application/problem+json"}


# -- every status, seen -------------------------------------------------------------------------


def _raw(client: FlaskClient, method: str, path: str, raw: bytes = b"", key: SigningKey | None = None,
         content_type: str = "application/json", **kw: Any) -> Any:
    headers = {"Content-Type": content_type}
    if key is not None:
        headers |= sign_request(key, method, path, raw, server=client.application.extensions["pbem.ledger"].key.public_hex)
    return client.open(path, method=method, data=raw, headers=headers, **kw)


def _envelope(p: Caller, game: str, seat: int, move: dict[str, Any], head: dict[str, Any]) -> dict[str, Any]:
    public, secret = TOY.split_move(move)
    salt = secrets.token_hex(32) if secret is not None else None
    committed = commit(TAG_SECRET, secret, salt) if secret is not None else None
    env = envelope(game, head["seq"] + 1, head["hash"], seat, public, committed, secrets.token_hex(32), "t")
    return {"envelope": env, "sig": sign_envelope(env, p.key), "secret": secret, "salt": salt}


def _answers(p: Caller, game: str, seat: int, prev: str, rules: list[dict[str, Any]]) -> dict[str, Any]:
    statement = answers_statement(game, seat, prev, rules)
    return {"statement": statement, "sig": sign_answers(statement, p.key)}


def _shared_statuses(tmp_path: Path, seen: Seen) -> None:
    """What every operation of a kind answers: 413, 429, 503, 401/403/400 when signed, 400 and
    415 with a JSON body, 404 for a game id that is none."""
    big = _app(tmp_path, seen, "big").test_client()
    for op in OPS:
        _raw(big, op.method, example_path(op.path), b"x" * (64 * 1024 + 1))  # 413

    limited = _app(tmp_path, seen, "limited", RATE_LIMIT="1/3600").test_client()
    limited.get("/v1/engines")  # the address's one request
    for op in OPS:
        _raw(limited, op.method, example_path(op.path))  # 429 (not /v1/health)

    app = _app(tmp_path, seen, "main")
    client = app.test_client()
    ada = Caller(client)
    assert ada.account("ada").status_code == 201
    stranger = SigningKey.generate()
    game = ada.call("POST", "/v1/games", {"engine": "toy", "options": {}, "seats": 2}).get_json()["id"]
    for op in OPS:
        path = example_path(op.path, game)  # a real game: some routes look for it before the caller
        if op.auth in ("signed", "key"):
            _raw(client, op.method, path)  # 401
            _raw(client, op.method, path, environ_overrides={"QUERY_STRING": "x=\xff"})  # 400
        if op.auth == "optional":  # a signature is optional, but one that is sent is checked
            bad = {"X-Pbem-Key": "00" * 32, "X-Pbem-Time": "1", "X-Pbem-Signature": "00" * 64}
            client.open(path, method=op.method, headers=bad)  # 401
            client.open(path, method=op.method, headers=bad, environ_overrides={"QUERY_STRING": "x=\xff"})  # 400
        if op.auth == "signed":
            _raw(client, op.method, path, key=stranger)  # 403: no account
        if op.body is not None:
            _raw(client, op.method, path, b"x", content_type="text/plain")  # 415
            _raw(client, op.method, path, b"[]", key=ada.key if op.auth == "signed" else stranger)  # 400
        if "{game_id}" in op.path:
            _raw(client, op.method, example_path(op.path, "zz"), b"{}", key=ada.key)  # 404

    broken = _app(tmp_path, seen, "broken")
    data = Path(broken.config["DATA_DIR"])
    data.rename(data.with_name("away"))
    data.write_text("the database's directory is gone")
    for op in OPS:
        _raw(broken.test_client(), op.method, example_path(op.path))  # 503


def _claim_statuses(app: Any, north: Caller, carol: Caller) -> None:
    """POST /claim on a game of its own: the seat kept for an address, taken with its mailed token."""
    game = north.call("POST", "/v1/games", {"engine": "toy", "options": {"rounds": 2}, "seats": 2}).get_json()["id"]
    g = f"/v1/games/{game}"
    north.call("POST", f"{g}/invite", {"email": "zoe@example.org", "seat": 1})
    with app.app_context():
        text = Mail.select().where((Mail.game == game) & (Mail.kind == "invite")).get().message
    token = re.search(r"--token ([0-9a-f]{32})", text)[1]  # type: ignore[index]
    assert north.join(game, 0, "north").status_code == 200
    north.call("POST", f"{g}/claim", {"token": token})  # 409: holds a seat already
    carol.call("POST", f"{g}/claim", {"token": "zz"})  # 400
    assert carol.call("POST", f"{g}/claim", {"token": token}).status_code == 200
    carol.call("POST", f"{g}/claim", {"token": token})  # 404: used


def _route_statuses(tmp_path: Path, seen: Seen) -> None:
    """Each operation's own answers, success and refusals, on a real game or three."""
    app = _app(tmp_path, seen, "routes")
    client = app.test_client()
    north, south, carol = Caller(client), Caller(client), Caller(client)
    for p, name in ((north, "north"), (south, "south"), (carol, "carol")):
        assert p.account(name).status_code == 201
    assert north.account("north").status_code == 409
    client.get("/v1/health"), client.get("/v1/version"), client.get("/v1/engines"), client.get("/v1/openapi.json")
    north.call("GET", "/v1/me"), north.call("GET", "/v1/games")

    create = {"engine": "toy", "options": {"rounds": 2}, "seats": 2}
    raw = json.dumps(create).encode()
    headers = sign_request(north.key, "POST", "/v1/games", raw, server=north.server_key) | {"Content-Type": "application/json"}
    game = client.post("/v1/games", data=raw, headers=headers).get_json()["id"]  # 201
    assert client.post("/v1/games", data=raw, headers=headers).status_code == 200  # the same request
    north.call("POST", "/v1/games", {"engine": "nonesuch", "options": {}, "seats": 2})  # 404
    north.call("GET", f"/v1/games/{game}")

    g = f"/v1/games/{game}"
    north.call("POST", f"{g}/invite", {"name": "south", "seat": 1})  # 200
    north.call("POST", f"{g}/invite", {"name": "south", "seat": 1})  # 409: invited already
    north.call("POST", f"{g}/invite", {"name": "nobody"})  # 404
    north.call("POST", f"{g}/invite", {"name": "carol", "seat": "one"})  # 400
    carol.call("POST", f"{g}/invite", {"name": "carol"})  # 403: neither creator nor player
    carol.call("DELETE", f"{g}/invite/south")  # 403
    north.call("DELETE", f"{g}/invite/carol")  # 404: no invitation
    north.call("DELETE", f"{g}/invite/south")  # 200
    north.call("POST", f"{g}/invite", {"name": "south", "seat": 1})
    _claim_statuses(app, north, carol)
    carol.join(game, 1, "carol")  # 403: kept for south
    north.call("POST", f"{g}/join", {"seat": 7, "nonce": "00", "sig": "00", "prev": "00"})  # 400
    assert north.join(game, 0, "north").status_code == 200
    south.join(game, 0, "south")  # 409: taken
    north.call("GET", f"{g}/view"), north.call("GET", f"{g}/moves")  # 200 before the start too
    north.call("POST", f"{g}/mute", {"mute": True}), north.call("POST", f"{g}/mute", {"mute": 1})  # 200, 400
    carol.call("POST", f"{g}/mute", {"mute": True})  # 403
    carol.call("GET", f"{g}/view"), carol.call("GET", f"{g}/moves")  # 403
    carol.call("POST", f"{g}/abort", {})  # 403
    assert south.join(game, 1, "south").status_code == 200

    head = north.call("GET", g).get_json()["head"]
    north.call("POST", f"{g}/answers", _answers(north, game, 0, "ab" * 32, []))  # 409: stale
    north.call("POST", f"{g}/answers", _answers(north, game, 0, head["hash"], [{"kind": "nonesuch"}]))  # 422
    north.call("POST", f"{g}/answers", {"statement": 1, "sig": ""})  # 400
    assert north.call("POST", f"{g}/answers", _answers(north, game, 0, head["hash"], [])).status_code == 200

    head = north.call("GET", g).get_json()["head"]
    south.call("POST", f"{g}/moves", _envelope(south, game, 1, {"type": "throw"}, head))  # 422: not its turn
    north.call("POST", f"{g}/moves", _envelope(north, game, 1, {"type": "hide", "value": 3}, head))  # 403: seat 1
    north.call("POST", f"{g}/moves", {"envelope": {}, "sig": ""})  # 400
    stale = {"seq": head["seq"] - 1, "hash": head["hash"]}
    north.call("POST", f"{g}/moves", _envelope(north, game, 0, {"type": "hide", "value": 3}, stale))  # 409
    assert north.call("POST", f"{g}/moves", _envelope(north, game, 0, {"type": "hide", "value": 3}, head)).status_code == 200
    north.call("GET", f"{g}/log?from=1"), north.call("GET", f"{g}/log?from=x"), north.call("GET", f"{g}/export")
    north.call("POST", f"{g}/bot", {"minutes": 30}), north.call("POST", f"{g}/bot", {"minutes": 0})  # 200, 400
    carol.call("POST", f"{g}/bot", {"minutes": 5}), carol.call("DELETE", f"{g}/bot")  # 403, 403
    north.call("POST", f"/v1/games/{'0' * 16}/bot", {"minutes": 5}), north.call("DELETE", f"{g}/bot")  # 404, 200
    north.call("POST", f"{g}/abort", {"x": 1.0})  # 400
    north.call("POST", f"{g}/abort", {})  # 409: moved in today
    carol.call("POST", f"{g}/resign", {"envelope": {}, "sig": ""})  # 403: no seat
    north.call("POST", f"{g}/resign", {"envelope": {}, "sig": ""})  # 400
    head = north.call("GET", g).get_json()["head"]
    north.call("POST", f"{g}/resign", _envelope(north, game, 1, {"type": "resign"}, head))  # 403: seat 1
    assert south.call("POST", f"{g}/resign", _envelope(south, game, 1, {"type": "resign"}, head)).status_code == 200
    head = north.call("GET", g).get_json()["head"]
    north.call("POST", f"{g}/resign", _envelope(north, game, 0, {"type": "resign"}, head))  # 409: over
    north.call("POST", f"{g}/bot", {"minutes": 5})  # 409: over

    open_game = north.call("POST", "/v1/games", create | {"request_id": 2}).get_json()["id"]
    north.call("POST", f"/v1/games/{open_game}/abort", {})  # 200: never started

    players, trio = trio_game(app)
    assert resign(players[1], trio, 1).status_code == 200
    resign(players[1], trio, 1)  # 422: seat 1 has left already

    north.call("GET", "/v1/me/notify"), north.call("POST", "/v1/me/notify", {"notify": "digest"})
    north.call("POST", "/v1/me/notify", {"notify": "sometimes"})  # 400
    north.call("GET", "/v1/me/vacation"), north.call("POST", "/v1/me/vacation", {"days": 2})
    north.call("POST", "/v1/me/vacation", {"days": 0}), north.call("POST", "/v1/me/vacation", {"days": 400})

    _rotate_statuses(north, carol)

    with app.app_context():
        account = Account.get(Account.name == "north").id
    token = unsubscribe_token(app.extensions["pbem.ledger"].mail.secret, account)
    client.get(f"/v1/mail/unsubscribe/{account}/{token}"), client.post(f"/v1/mail/unsubscribe/{account}/{token}")
    client.get(f"/v1/mail/unsubscribe/{account}/bad"), client.post(f"/v1/mail/unsubscribe/{account}/bad")


def _rotate_statuses(north: Caller, carol: Caller) -> None:
    """POST /v1/keys/rotate (carol holds no seat in a game that has not ended: no handovers)."""

    def rotation(new: SigningKey, sig_new_by: SigningKey | None = None) -> dict[str, Any]:
        statement = rotation_statement(carol.server_key, carol.key.public_hex, new.public_hex)
        return {"statement": statement, "sig_old": sign_rotation(statement, carol.key),
                "sig_new": sign_rotation(statement, sig_new_by or new), "handovers": []}

    carol.call("POST", "/v1/keys/rotate", rotation(north.key))  # 409: another account's key
    fresh = SigningKey.generate()
    carol.call("POST", "/v1/keys/rotate", rotation(fresh, sig_new_by=north.key))  # 403: not the new key's
    carol.call("POST", "/v1/keys/rotate", {"statement": {}})  # 400
    assert carol.call("POST", "/v1/keys/rotate", rotation(fresh)).status_code == 200
    carol.key = fresh


def test_the_statuses_answered_are_the_statuses_described(tmp_path: Path) -> None:
    """No route answers a status the document does not list for it, and every status
    the document lists for a route was answered by it in the scenarios above (but the pairs
    in UNSEEN, each with its reason)."""
    seen: Seen = set()
    _shared_statuses(tmp_path, seen)
    _route_statuses(tmp_path, seen)
    described = {(op.path, op.method, s) for op in OPS for s in statuses(op)}
    assert sorted(seen - described) == []  # answered, not described
    never = sorted(described - seen - set(UNSEEN))
    assert never == [], never  # described, never answered
    assert set(UNSEEN) <= described - seen  # an UNSEEN pair that is seen after all must go
