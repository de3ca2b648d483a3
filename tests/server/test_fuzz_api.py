"""Random input at every endpoint of a live server never gets a 5xx.

A real server (server.http.app on loopback HTTP, werkzeug in a thread) with two accounts and
games in every state (open, running toy, magier and Feuersalamander games, one over) is
sent random requests: JSON of every type (huge integers, floats, NaN, deep nesting,
strings with NUL, control characters, lone surrogates), bodies that are no JSON at all,
near-valid bodies whose fields are random, envelopes and join statements really signed
with random contents, random path parameters and query strings, random auth headers,
signed by an account, by an unknown key, or not signed. Every answer must be below 500,
and every error application/problem+json with a one-line detail. At the end every game's
export still audits PASS or INCOMPLETE, never FAIL.

SQLite gets the full run; PostgreSQL a smaller one.
"""

from __future__ import annotations

import json
import random
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.serving import WSGIRequestHandler, make_server

import engines
from protocol.audit import audit
from protocol.auth import HEADER_KEY, HEADER_NONCE, HEADER_SIG, HEADER_TIME, sign_request
from protocol.canonical import NotCanonical
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, join_statement, sign_envelope, sign_join
from protocol.keys import SigningKey
from tests.protocol.toy import lookup
from tests.server.conftest import make_app

EXAMPLES = {"sqlite": 200, "postgres": 60}

# -- the live server and its world -------------------------------------------------------------


class _Quiet(WSGIRequestHandler):
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass


@contextmanager
def live(tmp: Path, backend: str) -> Iterator[str]:
    app = make_app(tmp, backend)
    srv = make_server("127.0.0.1", 0, app, threaded=True, request_handler=_Quiet)
    thread = threading.Thread(target=srv.serve_forever, name=f"pbem-fuzz-{backend}", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_port}"
    finally:
        srv.shutdown()
        thread.join(timeout=10)
        srv.server_close()


@dataclass
class World:
    base: str
    backend: str
    session: requests.Session
    keys: dict[str, SigningKey] = field(default_factory=dict)  # account name -> key
    games: dict[str, str] = field(default_factory=dict)  # label -> game id
    answers: int = 0
    server: str = ""

    def server_key(self) -> str:
        """The server's key, which every signed request names (asked once)."""
        if not self.server:
            self.server = self.session.get(self.base + "/v1/health", timeout=30).json()["server_key"]
        return self.server

    def request(
        self, method: str, path: str, raw: bytes = b"", key: SigningKey | None = None,
        headers: dict[str, str] | None = None, content_type: str = "application/json",
    ) -> requests.Response:
        """`path` is sent as is (already percent-encoded), and signed as sent, for this server."""
        sent = {"Content-Type": content_type} | (headers or {})
        if key is not None:
            sent |= sign_request(key, method, path, raw, server=self.server_key())
        resp = self.session.request(method, self.base + path, data=raw, headers=sent, timeout=30)
        check(resp, method, path, raw)
        self.answers += 1
        return resp

    def call(self, name: str, method: str, path: str, body: Any = None) -> Any:
        raw = b"" if body is None else json.dumps(body).encode()
        resp = self.request(method, path, raw, self.keys[name])
        assert resp.status_code < 300, resp.text
        return resp.json()

    def head(self, game: str) -> dict[str, Any]:
        return self.call("ada", "GET", f"/v1/games/{game}")["head"]

    def join(self, game: str, name: str, seat: int) -> None:
        key = self.keys[name]
        nonce = secrets.token_hex(32)
        prev = self.head(game)["hash"]
        statement = join_statement(game, seat, name, key.public_hex, nonce, prev)
        self.call(name, "POST", f"/v1/games/{game}/join",
                  {"seat": seat, "nonce": nonce, "sig": sign_join(statement, key), "prev": prev})


def check(resp: requests.Response, method: str, path: str, raw: bytes) -> None:
    where = f"{method} {path[:200]} body={raw[:300]!r}"
    assert resp.status_code < 500, f"{resp.status_code} for {where}: {resp.text[:500]}"
    if resp.status_code >= 400 and method != "HEAD":
        assert resp.headers.get("Content-Type", "").startswith("application/problem+json"), where
        detail = resp.json()["detail"]
        assert isinstance(detail, str) and detail and "\n" not in detail, where


def build_world(base: str, backend: str) -> World:
    world = World(base, backend, requests.Session())
    for name in ("ada", "bo"):
        world.keys[name] = SigningKey.generate()
        world.call(name, "POST", "/v1/accounts", {"name": name, "email": f"{name}@example.org"})
    plans = {
        "open": ("toy", {"rounds": 5}, []),
        "half": ("toy", {"rounds": 5}, [("ada", 0)]),
        "toy": ("toy", {"rounds": 5}, [("ada", 0), ("bo", 1)]),
        "over": ("toy", {"rounds": 1}, [("ada", 0), ("bo", 1)]),
        "magier": ("magier", {"move_limit": 40}, [("ada", 0), ("bo", 1)]),
        "feuer": ("feuersalamander", {"target": 12}, [("ada", 0), ("bo", 1)]),
    }
    for label, (engine, options, joins) in plans.items():
        game = world.call("ada", "POST", "/v1/games",
                          {"engine": engine, "options": options, "seats": 2, "request_id": label})["id"]
        world.games[label] = game
        for name, seat in joins:
            world.join(game, name, seat)
    over = world.games["over"]
    at = world.head(over)
    env = envelope(over, at["seq"] + 1, at["hash"], 1, {"type": "resign"}, None, secrets.token_hex(32), "t")
    world.call("bo", "POST", f"/v1/games/{over}/resign", {"envelope": env, "sig": sign_envelope(env, world.keys["bo"])})
    world.call("ada", "POST", f"/v1/games/{world.games['open']}/invite", {"name": "bo", "seat": 1})
    return world


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def world(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    with live(tmp_path_factory.mktemp(f"fuzz-{request.param}"), request.param) as base:
        built = build_world(base, request.param)
        yield built
        # Whatever was accepted, every log still audits.
        for label, game in built.games.items():
            log = requests.get(f"{base}/v1/games/{game}/export", timeout=30).json()
            verdict = audit(log, lookup=lookup) if log["entries"][0]["body"]["engine"] == "toy" else audit(log)
            assert verdict.word in ("PASS", "INCOMPLETE"), f"{label}: {verdict.reason}"
        built.session.close()


# -- strategies ---------------------------------------------------------------------------------


def mostly(value: Any, other: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """`value` about eight times in nine, else something from `other`."""
    return weighted((8, st.just(value)), (1, other))


def weighted(*choices: tuple[int, st.SearchStrategy[Any]]) -> st.SearchStrategy[Any]:
    """One of the strategies, each about as often as its weight says.

    Neither one_of nor a small integers() draw is uniform under hypothesis (it favours
    the first branch, small numbers and the ends of a range), so the index comes from a
    Random seeded with a drawn number: the weights hold, and a failing case still replays.
    """
    table = [strategy for weight, strategy in choices for _ in range(weight)]
    return st.integers(0, 2**32 - 1).flatmap(lambda seed: table[random.Random(seed).randrange(len(table))])


odd_char = st.one_of(
    st.characters(),
    st.integers(0, 0x1F).map(chr),  # control characters, NUL included
    st.integers(0xD800, 0xDFFF).map(chr),  # lone surrogates
    st.sampled_from(["\u2028", "\u0085", "\ufeff", "\u00e1", "\U0001f600", "%", "/", "?", "#", "\\", '"']),
)
texts = weighted((3, st.text(max_size=24)), (1, st.text(odd_char, max_size=24)))
HEX = "0123456789abcdef"
SPECIAL: list[Any] = [
    0, 1, -1, 2, 3, 1.0, 0.0, -0.0, 1.5, True, False, None, 2**31, 2**53 - 1, 2**53, 2**60, 2**64,
    -(2**63), 10**30, 1e308, 5e-324, "", "0", "1", "\x00", "a" * 65, "a" * 64, "0" * 64, "00" * 64,
    "ada", "bo", "Ada", "ada\n", "ada ", "toy", "magier", "feuersalamander", "resign",
    {}, [], {"type": "resign"}, {"type": "throw"}, {"type": "pass"}, {"type": "hide", "value": 2},
]
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-(2**70), 2**70),
    st.floats(), texts, st.sampled_from(SPECIAL),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=12,
)
hex64 = st.text(HEX, min_size=64, max_size=64)
# Sentinels filled in when the request is sent: the live head, the signer's seat, a real signature.
SEQ, PREV, SEAT, GAME, SIGN, LEGAL = "<seq>", "<prev>", "<seat>", "<game>", "<sign>", "<legal>"


def near(*extra: Any) -> st.SearchStrategy[Any]:
    """A random JSON value, often one of a few that are nearly right."""
    return st.one_of(json_values, st.sampled_from(list(extra))) if extra else json_values


FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "name": near("ada", "bo", "BO", "cy", "nobody", "c y", "cy\x00"),
    "email": near("cy@example.org", "cy@example.org\n", "c\x00y@example.org"),
    "engine": near("toy", "magier", "feuersalamander", "chess"),
    "options": st.one_of(json_values, st.dictionaries(
        st.sampled_from(["rounds", "target", "move_limit", "wrap", "open_placement", "x"]), scalars, max_size=3)),
    "seats": near(2, 3, 4, 1, 0),
    "seat": near(0, 1, SEAT),
    "nonce": st.one_of(json_values, hex64),
    "prev": near(PREV),
    "sig": mostly(SIGN, json_values),
    "secret": near({"value": 2}, {"value": 2.0}),
    "salt": st.one_of(json_values, hex64),
    "request_id": near("r"),
}


ENVELOPE_FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "game": near(GAME, GAME),
    "seq": near(SEQ, SEQ),
    "prev": near(PREV, PREV),
    "seat": near(SEAT, SEAT),
    "move": st.one_of(json_values, st.just(LEGAL), st.just(LEGAL), st.just({"type": "resign"})),
    "secret_commit": st.one_of(json_values, st.none(), hex64),
    "nonce": st.one_of(json_values, hex64, hex64),
    "ts": near("2026-01-01T00:00:00Z"),
}
NEARLY_VALID_ENVELOPE = {
    "game": mostly(GAME, json_values),
    "seq": mostly(SEQ, json_values),
    "prev": mostly(PREV, json_values),
    "seat": mostly(SEAT, near(0, 1, 0.0, 1.0, True, False)),
    "move": mostly(LEGAL, ENVELOPE_FIELDS["move"]),
    "secret_commit": mostly(None, ENVELOPE_FIELDS["secret_commit"]),
    "nonce": weighted((8, hex64), (1, json_values)),
    "ts": mostly("2026-01-01T00:00:00Z", json_values),
}
envelopes = weighted(
    (1, json_values),
    (1, st.fixed_dictionaries(ENVELOPE_FIELDS)),  # all eight members, random values
    (2, st.fixed_dictionaries(NEARLY_VALID_ENVELOPE)),  # most members right: deep into steps and the engine
    (1, st.fixed_dictionaries({}, optional=ENVELOPE_FIELDS | {"extra": json_values})),
)
ENDPOINT_KEYS = {
    "accounts": ["name", "email"],
    "games": ["engine", "options", "seats", "request_id"],
    "join": ["seat", "nonce", "sig", "prev"],
    "invite": ["name", "seat"],
    "moves": ["envelope", "sig", "secret", "salt"],
    "resign": ["envelope", "sig"],
}


NEARLY_VALID: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "join": {
        "seat": mostly(SEAT, FIELDS["seat"]), "nonce": weighted((8, hex64), (1, json_values)),
        "prev": mostly(PREV, json_values), "sig": mostly(SIGN, json_values),
    },
    "moves": {
        "envelope": st.fixed_dictionaries(NEARLY_VALID_ENVELOPE), "sig": mostly(SIGN, json_values),
        "secret": mostly(None, FIELDS["secret"]), "salt": mostly(None, FIELDS["salt"]),
    },
    "resign": {
        "envelope": st.fixed_dictionaries(NEARLY_VALID_ENVELOPE | {"move": mostly({"type": "resign"}, json_values)}),
        "sig": mostly(SIGN, json_values),
    },
}


def keyed(endpoint: str) -> st.SearchStrategy[dict[str, Any]]:
    fields = {k: (envelopes if k == "envelope" else FIELDS[k]) for k in ENDPOINT_KEYS[endpoint]}
    options = [
        (1, st.fixed_dictionaries(fields)),
        (1, st.fixed_dictionaries({}, optional=fields | {"other": json_values})),
    ]
    if endpoint in NEARLY_VALID:
        options.append((4, st.fixed_dictionaries(NEARLY_VALID[endpoint])))
    return weighted(*options)


def raw_bodies() -> st.SearchStrategy[bytes]:
    depth = st.integers(1, 20_000)
    return st.one_of(
        st.binary(max_size=64),
        depth.map(lambda n: b"[" * n + b"]" * n),
        depth.map(lambda n: (b'{"a":' * min(n, 5000)) + b"1" + b"}" * min(n, 5000)),
        st.sampled_from([
            b'{"name": "ada", "name": "bo", "email": "x@y.org"}', b'{"seat": NaN}', b'{"seat": Infinity}',
            b'{"seat": 1e999}', b'{"seat": ' + b"9" * 5000 + b"}", b"\xef\xbb\xbf{}", b'{"a": "\\ud800"}',
            b"", b"null", b"[]", b"{", b'{"a": 1} x', b"\x00", b'{"\x00": 1}',
        ]),
    )


def bodies(endpoint: str | None) -> st.SearchStrategy[bytes | Any]:
    if endpoint is None:
        return st.one_of(json_values, raw_bodies())
    return weighted((1, json_values), (1, raw_bodies()), (6, keyed(endpoint)))


TURN = "<turn>"  # whichever account is to move
signers = weighted((4, st.just(TURN)), (4, st.sampled_from(["ada", "bo"])), (1, st.just("fresh")), (1, st.none()))
game_ids = weighted(
    (12, st.sampled_from(["open", "half", "toy", "over", "magier", "feuer"])),
    (1, st.text(HEX, min_size=16, max_size=16)),
    (1, texts),
    (1, st.sampled_from(["", ".", "..", "%00", "0" * 16 + "\n"])),
)


# -- sending ------------------------------------------------------------------------------------


def seat_of(summary: dict[str, Any] | None, name: str | None) -> int | None:
    players = (summary or {}).get("players") or []
    return next((p["seat"] for p in players if p and p["name"] == name), None)


@dataclass(frozen=True)
class Twist:
    """Drawn for every request whatever the game's state (so hypothesis sees the same draws
    on a replay): which legal move to take, and whether and how to spoil it."""

    pick: int
    spoil: bool
    where: int
    value: Any


twists = st.builds(Twist, st.integers(0, 10**6), st.booleans(), st.integers(0, 10**6), json_values)


def fill(
    world: World, value: Any, game: str, signer: str | None, twist: Twist, summary: dict[str, Any] | None,
) -> Any:
    """Replace the sentinels of a body (top level and the envelope's members) with live values."""
    if not isinstance(value, dict):
        return value
    head = summary["head"] if summary else {"seq": 0, "hash": "0" * 64}
    seat = seat_of(summary, signer)
    seat = 0 if seat is None else seat

    def one(v: Any, what: str) -> Any:
        if v == SEQ:
            return head["seq"] + 1
        if v == PREV:
            return head["hash"]
        if v == SEAT:
            return seat
        if v == GAME:
            return game
        if v == LEGAL and isinstance(signer, str) and signer in world.keys and game in world.games.values():
            seated = seat_of(summary, signer) is not None
            legal = world.call(signer, "GET", f"/v1/games/{game}/moves")["moves"] if seated else []
            if not legal:
                return {"type": "pass"}
            move = dict(legal[twist.pick % len(legal)]["move"])
            if twist.spoil:
                fields = [*move, "x"]
                move[fields[twist.where % len(fields)]] = twist.value
            return move
        return v

    out = {k: one(v, k) for k, v in value.items()}
    env = out.get("envelope")
    if isinstance(env, dict):
        legal = env.get("move") == LEGAL
        env = out["envelope"] = {k: one(v, k) for k, v in env.items()}
        if legal and summary is not None:
            split_secret(engines.get(summary["engine"]), out, env)
    key = world.keys.get(signer or "")
    if out.get("sig") == SIGN:
        sig = "00" * 64
        if key is not None:
            try:
                if isinstance(env, dict):
                    sig = sign_envelope(env, key)
                elif "nonce" in out:
                    statement = join_statement(game, out.get("seat"), signer, key.public_hex, out.get("nonce"), out.get("prev"))
                    sig = sign_join(statement, key)
            except (NotCanonical, TypeError):
                pass
        out["sig"] = sig
    return out


def split_secret(engine: Any, out: dict[str, Any], env: dict[str, Any]) -> None:
    """A move with a secret part goes as the client sends it: the public part in the
    envelope, committed to the secret, which goes along with its salt."""
    try:
        public, secret = engine.split_move(env["move"])
    except Exception:  # noqa: BLE001 - a spoiled move: send it as it is
        return
    env["move"] = public
    if secret is not None and env.get("secret_commit") is None:
        salt = secrets.token_hex(32)
        try:
            env["secret_commit"] = commit(TAG_SECRET, secret, salt)
        except NotCanonical:
            return
        if out.get("secret") is None and out.get("salt") is None:
            out["secret"], out["salt"] = secret, salt


def encode(value: Any) -> bytes:
    if isinstance(value, bytes):
        return value
    return json.dumps(value).encode()  # NaN and lone surrogates pass through as JSON text


def send(world: World, data: st.DataObject, method: str, path: str, endpoint: str | None, game: str = "") -> None:
    summary = world.call("ada", "GET", f"/v1/games/{game}") if game in world.games.values() else None
    signer = data.draw(signers, label="signer")
    if signer == TURN:
        to_move = (summary or {}).get("to_move")
        players = (summary or {}).get("players") or []
        signer = players[to_move]["name"] if to_move is not None and players[to_move] else "ada"
    key = SigningKey.generate() if signer == "fresh" else world.keys.get(signer) if signer else None
    twist = data.draw(twists, label="twist")
    raw = b""
    if method in ("POST", "PUT", "PATCH", "DELETE") and (method == "POST" or data.draw(st.booleans())):
        raw = encode(fill(world, data.draw(bodies(endpoint), label="body"), game, signer, twist, summary))
    content_type = data.draw(st.sampled_from(["application/json"] * 18 + ["text/plain", "application/x-www-form-urlencoded"]))
    world.request(method, path, raw, key, content_type=content_type)


def game_segment(world: World, data: st.DataObject) -> tuple[str, str]:
    """(the percent-encoded path segment, the game id it names)."""
    choice = data.draw(game_ids, label="game")
    game = world.games.get(choice, choice)
    return quote(game, safe="", errors="surrogatepass") if isinstance(game, str) else "", game


def query_value(data: st.DataObject) -> str:
    value = data.draw(st.one_of(
        st.integers(-(2**70), 2**70).map(str), texts,
        st.sampled_from(["0", "1", "3", "2147483647", "2147483648", str(2**63), str(2**64), "-1", "+1", "1_0", "1e3", ""]),
    ), label="query")
    return quote(value, safe="", errors="surrogatepass")


def examples(world: World, share: float = 1.0) -> int:
    return max(10, int(EXAMPLES[world.backend] * share))


def run(world: World, share: float, body: Any) -> None:
    settings(
        max_examples=examples(world, share),
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )(given(data=st.data())(body))()


# -- the tests: every endpoint ------------------------------------------------------------------


def test_fuzz_public_endpoints(world: World) -> None:
    def one(data: st.DataObject) -> None:
        which = data.draw(st.sampled_from(["health", "engines", "game", "log", "export"]))
        segment, game = game_segment(world, data)
        path = {
            "health": "/v1/health", "engines": "/v1/engines", "game": f"/v1/games/{segment}",
            "log": f"/v1/games/{segment}/log", "export": f"/v1/games/{segment}/export",
        }[which]
        if data.draw(st.booleans()):
            name = data.draw(st.sampled_from(["from", "open", "x", "from"]))
            path += f"?{name}={query_value(data)}"
        send(world, data, "GET", path, None, game)

    run(world, 1.0, one)


def test_fuzz_accounts_and_me(world: World) -> None:
    def one(data: st.DataObject) -> None:
        if data.draw(st.booleans()):
            send(world, data, "POST", "/v1/accounts", "accounts")
        else:
            send(world, data, "GET", "/v1/me" + (f"?x={query_value(data)}" if data.draw(st.booleans()) else ""), None)

    run(world, 1.0, one)


def test_fuzz_games_list_and_create(world: World) -> None:
    def one(data: st.DataObject) -> None:
        if data.draw(st.booleans()):
            send(world, data, "POST", "/v1/games", "games")
        else:
            query = f"?open={query_value(data)}" if data.draw(st.booleans()) else ""
            send(world, data, "GET", "/v1/games" + query, None)

    run(world, 1.0, one)


@pytest.mark.parametrize(
    ("method", "suffix", "endpoint"),
    [
        ("POST", "join", "join"),
        ("POST", "invite", "invite"),
        ("DELETE", "invite/{name}", None),
        ("GET", "view", None),
        ("GET", "moves", None),
        ("POST", "moves", "moves"),
        ("POST", "resign", "resign"),
    ],
)
def test_fuzz_game_endpoints(world: World, method: str, suffix: str, endpoint: str | None) -> None:
    share = 1.0 if method == "POST" else 0.5

    def one(data: st.DataObject) -> None:
        segment, game = game_segment(world, data)
        tail = suffix
        if "{name}" in tail:
            name = data.draw(st.one_of(st.sampled_from(["bo", "BO", "ada", "cy"]), texts), label="name")
            tail = tail.replace("{name}", quote(name, safe="", errors="surrogatepass"))
        send(world, data, method, f"/v1/games/{segment}/{tail}", endpoint, game)

    run(world, share, one)


def test_fuzz_any_method_any_path(world: World) -> None:
    def one(data: st.DataObject) -> None:
        method = data.draw(st.sampled_from(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]))
        parts = data.draw(st.lists(st.one_of(texts, st.sampled_from(["v1", "games", "log", "invite", "join"])), max_size=5))
        path = "/" + "/".join(quote(p, safe="", errors="surrogatepass") for p in parts)
        send(world, data, method, path, None)

    run(world, 0.5, one)


def test_fuzz_auth_headers(world: World) -> None:
    # what an HTTP header can carry (latin-1, no line breaks, no leading white space)
    alphabet = [chr(c) for c in [*range(0x20, 0x7F), *range(0xA1, 0x100)]]
    header_text = st.text(st.sampled_from(alphabet), max_size=140).filter(lambda t: not t.startswith(" "))

    def one(data: st.DataObject) -> None:
        key = world.keys["ada"]
        good = sign_request(key, "GET", "/v1/me", b"", server=world.server_key())
        headers = {}
        for name in (HEADER_KEY, HEADER_TIME, HEADER_NONCE, HEADER_SIG):
            choice = data.draw(st.sampled_from(["good", "random", "absent"]), label=name)
            if choice == "good":
                headers[name] = good[name]
            elif choice == "random":
                headers[name] = data.draw(st.one_of(header_text, st.sampled_from(
                    [f"+{good[HEADER_TIME]}", good[HEADER_TIME] + "0", good[name].upper(), "1_0", "9" * 30])), label=name + "v")
        world.request("GET", "/v1/me", b"", None, headers=headers)

    run(world, 0.5, one)


def test_fuzz_deadline_endpoints(world: World) -> None:
    """Abort, vacation and the create's `deadline` object answer success or a 4xx."""
    mine = world.call("ada", "POST", "/v1/games", {"engine": "toy", "options": {}, "seats": 2, "request_id": "fuzz-abort"})["id"]
    deadlines = st.one_of(
        json_values,
        st.fixed_dictionaries({}, optional={
            "days": st.one_of(st.sampled_from([1, 2, 3, 4, 5, 7, 14, 0, -1, True, None, "3"]), json_values),
            "grace_hours": st.one_of(st.integers(-5, 200), json_values),
            "on_expiry": st.one_of(st.sampled_from(["bot", "forfeit", "abort", ""]), json_values),
            "extra": json_values,
        }),
    )

    def one(data: st.DataObject) -> None:
        which = data.draw(st.sampled_from(["abort", "vacation", "vacation-get", "create"]))
        if which == "abort":
            game = data.draw(st.one_of(st.just(mine), st.text(HEX, min_size=16, max_size=16), texts), label="game")
            send(world, data, "POST", f"/v1/games/{quote(game, safe='', errors='surrogatepass')}/abort", None, game)
        elif which == "vacation":
            days = data.draw(st.one_of(st.integers(-3, 30), json_values), label="days")
            body = {"days": days} if data.draw(st.booleans()) else data.draw(json_values)
            world.request("POST", "/v1/me/vacation", encode(body), world.keys[data.draw(st.sampled_from(["ada", "bo"]))])
        elif which == "vacation-get":
            send(world, data, "GET", "/v1/me/vacation", None)
        else:
            body = {"engine": "toy", "options": {}, "seats": 2, "deadline": data.draw(deadlines, label="deadline")}
            world.request("POST", "/v1/games", encode(body), world.keys["bo"])

    run(world, 0.5, one)
