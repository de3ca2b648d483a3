"""The API described as OpenAPI 3.1, served at GET /v1/openapi.json (docs/API.md is the prose).

Built here as plain data: one `Op` per route and method, with its request body, its success
answers and the refusals that route itself can give; `document()` adds what every route
shares (the signed-request headers as a security scheme, problem+json errors, 413 for a body
over the limit, 429 from the rate limit, 503 when the database does not answer).
tests/server/test_openapi.py checks both ways that the app's routes and the statuses they
are seen to answer are the ones described here; tests/server/test_schemathesis.py fuzzes a
live server against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, json

import engines
from protocol.versions import statement

openapi_bp = Blueprint("openapi", __name__, url_prefix="/v1")

VERSION = "1"


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def obj(required: list[str], optional: dict[str, Any] | None = None, **props: Any) -> dict[str, Any]:
    """An object with these properties (`props` required unless listed in `optional`)."""
    properties = dict(props)
    properties.update(optional or {})
    return {"type": "object", "required": required, "properties": properties}


HEX64 = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
GAME_ID = {"type": "string", "pattern": "^[0-9a-f]{16}$", "description": "16 hex characters"}
TIME = {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"}
ANY_JSON: dict[str, Any] = {}  # any JSON value: an engine's view, move or result

SCHEMAS: dict[str, Any] = {
    "Problem": obj(
        ["type", "title", "status", "detail"],
        {"head": ref("Head"),
         "games": {"type": "array", "items": ref("HandoverNeeded"),
                   "description": "POST /v1/keys/rotate's 409: every game the rotation must hand on"}},
        type={"type": "string"},
        title={"type": "string"},
        status={"type": "integer"},
        detail={"type": "string", "description": "one line a client prints as is"},
    ),
    "Head": obj(["seq", "hash"], seq={"type": "integer", "minimum": 0}, hash=HEX64),
    "Health": obj(["ok", "server_key", "versions"], ok={"const": True}, server_key=HEX64, versions=ref("Versions")),
    "Known": obj(["writes", "reads"], writes={"type": "string"}, reads={"type": "array", "items": {"type": "string"}}),
    "Versions": {
        **obj(
            ["pbem", "log_format", "entry_types", "engines", "schema"],
            pbem={"type": "string", "description": "pbem's version (CHANGELOG.md says what each one writes and reads)"},
            log_format=ref("Known"),
            entry_types={"type": "array", "items": {"type": "string"}, "description": "the log entry types it reads"},
            engines={"type": "object", "additionalProperties": ref("Known"),
                     "description": "engine id -> the rules version new games get and the ones it replays"},
            schema={"type": "integer", "minimum": 0, "description": "the database schema version it serves"},
        ),
        "description": "what this pbem writes and reads (protocol/versions.py); info.x-pbem-versions holds this server's",
    },
    "Engine": obj(
        ["id", "title", "version", "min_seats", "max_seats", "options", "seat_names"],
        id={"type": "string"},
        title={"type": "string"},
        version={"type": ["string", "integer"]},
        min_seats={"type": "integer"},
        max_seats={"type": "integer"},
        options={"type": "object", "description": "option name: its default"},
        seat_names={"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
    ),
    "Engines": obj(["engines"], engines={"type": "array", "items": ref("Engine")}),
    "NewAccount": obj(
        ["name", "email"],
        name={"type": "string", "minLength": 1, "maxLength": 32, "pattern": "^[A-Za-z0-9](?:[A-Za-z0-9_.-]| (?! ))*$",
              "description": "unique whatever its case"},
        email={"type": "string", "pattern": "^[^@\\s]{1,64}@[^@\\s]{1,185}$"},
    ),
    "Account": obj(["name", "email", "key"], name={"type": "string"}, email={"type": "string"}, key=HEX64),
    "Deadline": obj(
        ["days"], {"grace_hours": {"type": "integer", "minimum": 0, "maximum": 168},
                   "on_expiry": {"enum": ["bot", "forfeit"]}},
        days={"enum": [1, 2, 3, 5, 7, 14]},
    ),
    "NewGame": obj(
        ["engine", "seats"],
        {"options": {"type": "object"}, "deadline": nullable(ref("Deadline")), "email_moves": {"type": "boolean"},
         "private": {"type": "boolean", "description": "readable by its creator, players and invited only"},
         "request_id": {"description": "ignored: makes two otherwise equal creates differ"}},
        engine={"type": "string"},
        seats={"type": "integer", "minimum": 1},
    ),
    "SeatName": obj(["seat", "name"], seat={"type": "integer"}, name={"type": "string"}),
    "Invited": obj(["seat", "name"], {"email": {"type": "string"}}, seat={"type": "integer"},
                   name={"type": ["string", "null"]}),
    "Clock": obj(["seat", "started", "expires"], seat={"type": "integer"}, started=nullable(TIME), expires=nullable(TIME)),
    "GameSummary": obj(
        ["id", "engine", "title", "options", "seats", "seat_names", "players", "invited", "status", "to_move",
         "head", "result", "view", "email_moves", "private", "deadline", "clock", "answers"],
        id=GAME_ID,
        engine={"type": "string"},
        title={"type": "string"},
        options={"type": "object"},
        seats={"type": "integer"},
        seat_names={"type": "array", "items": {"type": "string"}},
        players={"type": "array", "items": nullable(ref("SeatName"))},
        invited={"type": "array", "items": ref("Invited")},
        status={"enum": ["open", "running", "over"]},
        to_move={"type": ["integer", "null"]},
        head=ref("Head"),
        result=nullable({"type": "object"}),
        view=ANY_JSON,
        email_moves={"type": "boolean"},
        private={"type": "boolean"},
        deadline=nullable(ref("Deadline")),
        clock=nullable(ref("Clock")),
        answers={"type": "object", "additionalProperties": ref("AnswersInForce"),
                 "description": "seat number: its standing answers in force (public: its answers entry is in the log)"},
    ),
    "AnswersInForce": obj(
        ["seq", "answers", "texts"], seq={"type": "integer", "description": "its answers entry"},
        answers={"type": "array", "items": {"type": "object"}, "description": "the rules; [] once revoked"},
        texts={"type": "array", "items": {"type": "string"}, "description": "each rule in the engine's words"},
    ),
    "GameListItem": {
        "allOf": [ref("GameSummary"), obj(
            ["my_seat", "invited_seat", "updated"],
            my_seat={"type": ["integer", "null"]},
            invited_seat={"type": ["integer", "null"]},
            updated={"type": "string", "description": "YYYY-MM-DD HH:MM UTC"},
        )],
    },
    "Games": obj(["games"], games={"type": "array", "items": ref("GameListItem")}),
    "Join": obj(
        ["seat", "nonce", "sig", "prev"], seat={"type": "integer", "minimum": 0}, nonce=HEX64,
        sig={"type": "string", "pattern": "^[0-9a-f]{128}$"}, prev=HEX64,
    ),
    "Invite": {
        "description": "an account by name, or an e-mail address",
        "type": "object",
        "properties": {"name": {"type": "string"}, "email": {"type": "string"}, "seat": {"type": ["integer", "null"]}},
    },
    "Claim": obj(["token"], token={"type": "string", "pattern": "^[0-9a-f]{32}$",
                                   "description": "the one-time token of the invitation mail"}),
    "Envelope": {"type": "object", "description": "PROTOCOL.md section 10: exactly its eight members"},
    "Move": obj(["envelope", "sig"], {"secret": ANY_JSON, "salt": {"type": ["string", "null"]}},
                envelope=ref("Envelope"), sig={"type": "string"}),
    "Resign": obj(["envelope", "sig"], envelope=ref("Envelope"), sig={"type": "string"}),
    "Answers": obj(
        ["statement", "sig"],
        statement=obj(["answers", "game", "prev", "seat"], answers={"type": "array", "items": {"type": "object"}},
                      game=GAME_ID, prev=HEX64, seat={"type": "integer", "minimum": 0}),
        sig={"type": "string", "pattern": "^[0-9a-f]{128}$",
             "description": "Ed25519, tag pbem/v1/answers, over the statement's canonical JSON"},
    ),
    "Rotation": obj(
        ["statement", "sig_old", "sig_new", "handovers"],
        statement=obj(["new", "old", "server"], new=HEX64, old=HEX64, server=HEX64),
        sig_old={"type": "string", "pattern": "^[0-9a-f]{128}$",
                 "description": "Ed25519 by the old key, tag pbem/v1/rotation, over the statement's canonical JSON"},
        sig_new={"type": "string", "pattern": "^[0-9a-f]{128}$", "description": "the same by the new key"},
        handovers={"type": "array", "items": obj(
            ["game", "seat", "resealed", "sig"], game=GAME_ID, seat={"type": "integer", "minimum": 0},
            resealed={"type": ["string", "null"], "description": "the seat's owner-held records sealed to the new key"},
            sig={"type": "string", "pattern": "^[0-9a-f]{128}$",
                 "description": "the old key's signature of the handover statement (tag pbem/v1/handover)"},
        ), "description": "one per game the account holds a seat in that has not ended"},
    ),
    "Rotated": obj(
        ["key", "handovers"], key=HEX64,
        handovers={"type": "array", "items": obj(["game", "seq"], game=GAME_ID, seq={"type": "integer"})},
    ),
    "HandoverNeeded": obj(["game", "seat", "genesis"], game=GAME_ID, seat={"type": "integer"},
                          genesis=nullable(HEX64)),
    "Payload": obj(["seq", "index", "to", "event", "salt"], seq={"type": "integer"}, index={"type": "integer"},
                   to={"type": "array", "items": {"type": "integer"}}, event=ANY_JSON, salt=HEX64),
    "PrivateView": obj(
        ["game", "seat", "status", "to_move", "head", "result", "view", "view_salt", "payloads"],
        game=GAME_ID, seat={"type": "integer"}, status={"enum": ["open", "running", "over"]},
        to_move={"type": ["integer", "null"]}, head=ref("Head"), result=nullable({"type": "object"}),
        view=ANY_JSON, view_salt={"type": ["string", "null"]},
        payloads={"type": "array", "items": ref("Payload")},
    ),
    "Appended": {"allOf": [ref("PrivateView"), obj(["entry"], entry={"type": "object"})]},
    "LegalMoves": obj(
        ["seat", "head", "to_move", "moves"], seat={"type": "integer"}, head=ref("Head"),
        to_move={"type": ["integer", "null"]},
        moves={"type": "array", "items": obj(["move", "text"], move=ANY_JSON, text={"type": "string"})},
    ),
    "Log": obj(["entries", "head"], entries={"type": "array", "items": {"type": "object"}}, head=ref("Head")),
    "Export": obj(["format", "game", "entries"], format={"const": "pbem-log/2"}, game=GAME_ID,
                  entries={"type": "array", "items": {"type": "object"}}),
    "Aborted": obj(["entry", "game"], entry={"type": "object"}, game=ref("GameSummary")),
    "Vacation": obj(
        ["year", "budget", "used", "left", "away_until"],
        {"from": TIME, "until": TIME,
         "moved": {"type": "array", "items": obj(["game", "expires"], game=GAME_ID, expires=TIME)}},
        year={"type": "integer"}, budget={"type": "integer"}, used={"type": "integer"},
        left={"type": "integer"}, away_until=nullable(TIME),
    ),
    "VacationDays": obj(["days"], days={"type": "integer", "minimum": 1}),
    "Notify": obj(["notify", "muted"], notify={"enum": ["all", "digest", "none"]},
                  muted={"type": "array", "items": GAME_ID}),
    "NotifySetting": obj(["notify"], notify={"enum": ["all", "digest", "none"]}),
    "Mute": obj(["mute"], mute={"type": "boolean"}),
    "Muted": {"allOf": [ref("Notify"), obj(["game", "game_muted"], game=GAME_ID, game_muted={"type": "boolean"})]},
    "BotLease": obj(["minutes"], minutes={"type": "integer", "minimum": 1, "maximum": 1440}),
    "BotLeased": obj(["game", "seat", "until"], game=GAME_ID, seat={"type": "integer"}, until=nullable(TIME)),
    "Empty": {"type": "object", "description": "{} (or no body at all)"},
    "OpenAPI": {"type": "object", "required": ["openapi", "paths"]},
}

PROBLEM_TEXT = {
    400: "the request is malformed (its body, a member, the query string); nothing was written",
    401: "the request must be signed, and this signature is missing, expired or does not verify",
    403: "signed by a key with no account, or by an account this is not allowed to",
    404: "no such game, or a private game the caller may not read (the same answer), or another "
         "thing named in the path",
    409: "it conflicts with the game's state (a stale move carries the log's `head`)",
    413: "the body is over the limit (MAX_CONTENT_LENGTH, 64 KiB by default)",
    415: "the body is not application/json",
    422: "the engine refuses the move (the detail is its reason)",
    429: "over the rate limit (RATE_LIMIT): wait Retry-After seconds",
    503: "the database is not answering: try again later",
}

SIGNED = "signed"  # current_account: 401, 403 and a 400 for a query string that is not ASCII
KEY_ONLY = "key"  # signed by a key that need not have an account yet (POST /v1/accounts)
PUBLIC = "public"
OPTIONAL = "optional"  # public, but a private game is read only with a member's signature


@dataclass(frozen=True)
class Op:
    method: str
    path: str  # OpenAPI template: /v1/games/{game_id}
    summary: str
    auth: str = PUBLIC
    body: str | None = None  # a schema name: an application/json body
    ok: dict[int, str] = field(default_factory=lambda: {200: ""})  # status: schema name ("" none)
    errors: tuple[int, ...] = ()  # this route's own refusals, beyond the shared ones (document())
    html: bool = False  # answers text/html (the unsubscribe page)
    limited: bool = True  # subject to the rate limit (/v1/health is not)


G = "/v1/games/{game_id}"

OPS: list[Op] = [
    Op("GET", "/v1/health", "the server's key; asks the database a trivial query (503 if it does not answer)",
       ok={200: "Health"}, limited=False),
    Op("GET", "/v1/version", "what this server writes and reads: pbem's version, the log format and entry "
       "types, every engine's rules version, the database schema", ok={200: "Versions"}),
    Op("GET", "/v1/engines", "the games this server runs", ok={200: "Engines"}),
    Op("GET", "/v1/openapi.json", "this document", ok={200: "OpenAPI"}),
    Op("POST", "/v1/accounts", "register the signing key as an account", KEY_ONLY, "NewAccount",
       {201: "Account"}, (400, 409)),
    Op("GET", "/v1/me", "the caller's account", SIGNED, ok={200: "Account"}),
    Op("POST", "/v1/keys/rotate", "replace the caller's key (signed by the key it replaces): the account's "
       "key becomes the new one, the old one is refused from then on, and every game the account holds a "
       "seat in that has not ended gets a handover entry, all in one transaction (409 with `games` when "
       "the handovers do not cover exactly those games)", SIGNED, "Rotation", {200: "Rotated"}, (400, 403, 409)),
    Op("POST", "/v1/games", "create a game (200 with the same game for the very same signed request again)",
       SIGNED, "NewGame", {200: "GameSummary", 201: "GameSummary"}, (400, 404, 409)),
    Op("GET", "/v1/games", "the caller's games (?open=1: games with a free seat; ?watch=1 or "
       "?prefix=HEX, unsigned: public games to watch)", SIGNED, ok={200: "Games"}),
    Op("GET", G, "a game's public summary (a private game's for its members only)", OPTIONAL,
       ok={200: "GameSummary"}, errors=(404,)),
    Op("POST", f"{G}/join", "take a seat (the last join starts the game)", SIGNED, "Join", {200: "GameSummary"},
       (400, 403, 404, 409)),
    Op("POST", f"{G}/invite", "keep a seat for an account or an address", SIGNED, "Invite", {200: "GameSummary"},
       (400, 403, 404, 409)),
    Op("POST", f"{G}/claim", "the seat kept for an address becomes the caller's, with the one-time token "
       "its invitation mailed (then join takes it)", SIGNED, "Claim", {200: "GameSummary"}, (400, 404, 409)),
    Op("DELETE", f"{G}/invite/{{name}}", "cancel an invitation", SIGNED, ok={200: "GameSummary"}, errors=(403, 404)),
    Op("GET", f"{G}/view", "the caller's seat's private view and payloads", SIGNED, ok={200: "PrivateView"},
       errors=(403, 404)),
    Op("GET", f"{G}/moves", "the caller's legal moves (none when not its turn)", SIGNED, ok={200: "LegalMoves"},
       errors=(403, 404)),
    Op("POST", f"{G}/moves", "play a move (a signed envelope)", SIGNED, "Move", {200: "Appended"},
       (400, 403, 404, 409, 422)),
    Op("POST", f"{G}/resign", "resign (a signed envelope whose move is resign)", SIGNED, "Resign",
       {200: "Appended"}, (400, 403, 404, 409, 422)),
    Op("POST", f"{G}/answers", "set (or with [] revoke) the caller's standing answers; what they "
       "prescribe is played at once", SIGNED, "Answers", {200: "Appended"}, (400, 403, 404, 409, 422)),
    Op("POST", f"{G}/abort", "the creator ends a stale or never started game", SIGNED, "Empty",
       {200: "Aborted"}, (400, 403, 404, 409)),
    Op("GET", f"{G}/log", "the public log from seq `from` on", OPTIONAL, ok={200: "Log"}, errors=(400, 404)),
    Op("GET", f"{G}/export", "the whole log, with the reveal once over", OPTIONAL, ok={200: "Export"},
       errors=(404,)),
    Op("GET", "/v1/me/notify", "the caller's mail setting and muted games", SIGNED, ok={200: "Notify"}),
    Op("POST", "/v1/me/notify", "set the caller's mail setting", SIGNED, "NotifySetting", {200: "Notify"}, (400,)),
    Op("POST", f"{G}/mute", "mute or unmute one game's mail", SIGNED, "Mute", {200: "Muted"}, (400, 403, 404)),
    Op("POST", f"{G}/bot", "a bot plays the caller's seat for N minutes: no your-turn mail, reminder or "
       "warning to it until then (a running bot renews it; DELETE ends it)", SIGNED, "BotLease",
       {200: "BotLeased"}, (400, 403, 404, 409)),
    Op("DELETE", f"{G}/bot", "the bot has stopped: the seat's mail goes out again", SIGNED,
       ok={200: "BotLeased"}, errors=(403, 404)),
    Op("GET", "/v1/me/vacation", "the caller's vacation days this year", SIGNED, ok={200: "Vacation"}),
    Op("POST", "/v1/me/vacation", "stop the caller's clocks for N days", SIGNED, "VacationDays",
       {200: "Vacation"}, (400, 409)),
    Op("GET", "/v1/mail/unsubscribe/{account_id}/{token}", "the unsubscribe page (a GET changes nothing)",
       errors=(404,), html=True),
    Op("POST", "/v1/mail/unsubscribe/{account_id}/{token}", "RFC 8058 one-click unsubscribe",
       errors=(404,), html=True),
]


def statuses(op: Op) -> list[int]:
    """Every status `op` can answer: its own, and those it shares with its kind of route."""
    found = set(op.ok) | set(op.errors) | {413, 503}
    if op.limited:
        found.add(429)
    if op.auth in (SIGNED, KEY_ONLY, OPTIONAL):
        found |= {400, 401}  # 400: a query string that is not ASCII cannot be signed; 401: a bad signature
    if op.auth == SIGNED:
        found.add(403)  # a key with no account
    if op.body is not None:
        found |= {400, 415}  # no JSON object, or not application/json
    if "{game_id}" in op.path:
        found.add(404)
    return sorted(found)


def _parameters(op: Op) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if "{game_id}" in op.path:
        out.append({"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"},
                    "description": "a game id: 16 hex characters (anything else is a 404, and so is a "
                    "private game the caller may not read: exactly the answer for a missing id)"})
    if "{name}" in op.path:
        out.append({"name": "name", "in": "path", "required": True, "schema": {"type": "string"},
                    "description": "the invited account's name, or the invited address"})
    if "{account_id}" in op.path:
        out.append({"name": "account_id", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0},
                    "description": "ASCII digits (anything else: the 404 of a link that is not valid)"})
        out.append({"name": "token", "in": "path", "required": True, "schema": {"type": "string"}})
    if op.path.endswith("/log"):
        out.append({"name": "from", "in": "query", "required": False,
                    "schema": {"type": "string", "pattern": "^[0-9]{1,10}$"},
                    "description": "the first seq wanted, 0 to 2^31 - 1 in decimal digits (default 0)"})
    if op.path == "/v1/games" and op.method == "GET":
        out.append({"name": "open", "in": "query", "required": False, "schema": {"type": "string"},
                    "description": "any non-empty value: the games with a free seat instead"})
        out.append({"name": "watch", "in": "query", "required": False, "schema": {"type": "string"},
                    "description": "any non-empty value: the running public games to watch, "
                    "newest entry first; no signature needed"})
        out.append({"name": "prefix", "in": "query", "required": False, "schema": {"type": "string"},
                    "description": "the public games whose id starts with these 4 to 16 hex "
                    "characters; no signature needed"})
    return out


def _operation(op: Op) -> dict[str, Any]:
    responses: dict[str, Any] = {}
    for status in statuses(op):
        if status in op.ok:
            schema = op.ok[status]
            if op.html:
                content = {"text/html": {"schema": {"type": "string"}}}
            else:
                content = {"application/json": {"schema": ref(schema)}}
            responses[str(status)] = {"description": "success", "content": content}
        else:
            responses[str(status)] = {"$ref": f"#/components/responses/Problem{status}"}
    responses["default"] = {"$ref": "#/components/responses/Unexpected"}
    operation: dict[str, Any] = {
        "summary": op.summary,
        "operationId": f"{op.method.lower()}{op.path.replace('/v1', '').replace('/', '_').replace('{', '').replace('}', '').replace('.', '_')}",
        "parameters": _parameters(op),
        "responses": responses,
    }
    signature = {"pbemKey": [], "pbemTime": [], "pbemNonce": [], "pbemSignature": []}
    if op.auth in (SIGNED, KEY_ONLY):
        operation["security"] = [signature]
    elif op.auth == OPTIONAL:
        operation["security"] = [{}, signature]  # unsigned, or signed: a private game's member
    else:
        operation["security"] = []
    if op.body is not None:
        operation["requestBody"] = {"required": op.body != "Empty",
                                    "content": {"application/json": {"schema": ref(op.body)}}}
    elif op.html and op.method == "POST":
        operation["requestBody"] = {"required": False, "content": {
            "application/x-www-form-urlencoded": {"schema": {"type": "object"}}}}
    return operation


def _problem_responses() -> dict[str, Any]:
    content = {"application/problem+json": {"schema": ref("Problem")}}
    out: dict[str, Any] = {}
    for status, text in PROBLEM_TEXT.items():
        out[f"Problem{status}"] = {"description": text, "content": content}
    out["Problem429"]["headers"] = {
        "Retry-After": {"description": "whole seconds until a request will be let through",
                        "required": True, "schema": {"type": "string", "pattern": "^[0-9]+$"}},
    }
    out["Unexpected"] = {
        "description": "500: a bug; its detail says so without claiming nothing was written",
        "content": content,
    }
    return out


SIGNING = (
    "Requests marked signed carry four headers: X-Pbem-Key (the Ed25519 public key, 64 hex), "
    "X-Pbem-Time (unix seconds; +-300 s accepted), X-Pbem-Nonce (16 random bytes, 32 hex) and "
    "X-Pbem-Signature (hex Ed25519 signature with tag pbem/v2/request over this server's public "
    "key (GET /v1/health), METHOD, the canonical TARGET (path and query), TIME, NONCE and the "
    "SHA-256 of the exact body bytes: docs/PROTOCOL.md section 16, protocol/auth.py)."
)


def document() -> dict[str, Any]:
    """The OpenAPI 3.1 document of this server's API (with the ids of the engines it runs, and
    in info.x-pbem-versions what it writes and reads, as GET /v1/version says it)."""
    schemas = json.loads(json.dumps(SCHEMAS))
    running = engines.all()
    new_game = schemas["NewGame"]["properties"]
    new_game["engine"] = {"enum": sorted(e.id for e in running)}
    if running:  # the seats each engine takes (which, for which engine: GET /v1/engines)
        new_game["seats"] = {"type": "integer", "minimum": min(e.min_seats for e in running),
                             "maximum": max(e.max_seats for e in running)}
    paths: dict[str, dict[str, Any]] = {}
    for op in OPS:
        paths.setdefault(op.path, {})[op.method.lower()] = _operation(op)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "pbem",
            "version": VERSION,
            "x-pbem-versions": statement(),
            "description": "Play-by-email turn server: JSON over HTTP under /v1. Every error is "
            "application/problem+json with a one-line `detail`. " + SIGNING,
        },
        "servers": [{"url": "/"}],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "responses": _problem_responses(),
            "securitySchemes": {
                "pbemKey": {"type": "apiKey", "in": "header", "name": "X-Pbem-Key",
                            "description": "the account's Ed25519 public key, 64 hex. " + SIGNING},
                "pbemTime": {"type": "apiKey", "in": "header", "name": "X-Pbem-Time",
                             "description": "unix seconds, 1 to 12 digits, within +-300 s of the server's clock"},
                "pbemNonce": {"type": "apiKey", "in": "header", "name": "X-Pbem-Nonce",
                              "description": "32 lower-case hex: 16 random bytes, fresh for every request"},
                "pbemSignature": {"type": "apiKey", "in": "header", "name": "X-Pbem-Signature",
                                  "description": "128 hex: the request's Ed25519 signature (see pbemKey)"},
            },
        },
    }


@openapi_bp.get("/openapi.json")
def openapi_json() -> Response:
    return Response(json.dumps(document()), mimetype="application/json")
