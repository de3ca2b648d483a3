"""The HTTP client for the pbem API (docs/API.md), with request signing.

Every request that the API marks *signed* carries an Ed25519 signature over the
server's public key (the one pinned for it, so the request is good on that server only),
method, target (the path and query as sent, in protocol.auth.wire_target's canonical
form), time, a fresh nonce and the SHA-256 of the exact body bytes sent, so the body is
serialised once here and those very bytes both signed and sent. Every failure
becomes one `ApiError` with a line a player can read: the server's problem+json
`detail`, or what went wrong on the way.
"""

from __future__ import annotations

import json
import re
import sys
import time
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

from client.transport import Response, Session, TransportError, TransportTimeout, Unreachable
from protocol.auth import sign_request
from protocol.keys import SigningKey, is_public_key_hex
from protocol.numbers import is_whole

DEFAULT_TIMEOUT = 15.0
GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
USER_AGENT = "pbem-client/1"
# A 429 (the server's rate limit) is waited out and retried: at most this many times, and
# only when its Retry-After is at most this many seconds (else the error says how long).
RETRIES_ON_429 = 3
LONGEST_WAIT = 60


class ApiError(Exception):
    """A request that did not succeed. `status` is 0 when no HTTP answer came back.

    `head` is the log's current head when the server refused a stale move (409); `problem` the
    whole problem+json answer, for a refusal that carries more (POST /v1/keys/rotate's 409 lists
    the `games` a rotation must hand on).
    """

    def __init__(
        self, status: int, detail: str, head: dict[str, Any] | None = None, problem: dict[str, Any] | None = None
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.head = head
        self.problem = problem or {}

    def __str__(self) -> str:
        return self.detail


def normalise_server(url: str) -> str:
    """'localhost:8000' -> 'http://localhost:8000'; no trailing slash; rejects nonsense early."""
    url = url.strip()
    if not url:
        raise ApiError(0, "the server URL is empty")
    if "://" not in url:
        url = "http://" + url
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ApiError(0, f"not a server URL: {url!r} (expected e.g. https://pbem.example.org)")
    return url.rstrip("/")


def game_path(game: str) -> str:
    """/v1/games/<id>: ids are checked, not escaped, so the signed path is the path sent."""
    if not isinstance(game, str) or not GAME_ID.fullmatch(game):
        raise ApiError(0, f"not a game id: {game!r}")
    return f"/v1/games/{game}"


def retry_after(response: Response) -> int | None:
    """The whole seconds a 429 asks to wait (its Retry-After in seconds), else None."""
    if response.status_code != 429:
        return None
    value = response.headers.get("Retry-After", "").strip()
    if not is_whole(value, 0, 10**9 - 1):  # protocol.numbers: "²".isdigit() is true, int("²") fails
        return None  # absent, or an HTTP date: not waited for
    return int(value)


class Api:
    """One server, one key. `key` may be None for the unsigned endpoints only.

    `server_key` is the server's public key that every signed request names: the one the
    player pinned for this server (client.player.accounts). Without it, the first signed
    request asks /v1/health once and signs for the key it offers."""

    def __init__(
        self,
        server_url: str,
        key: SigningKey | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        session: Session | None = None,
        server_key: str | None = None,
    ) -> None:
        self.base = normalise_server(server_url)
        self.key = key
        self.timeout = timeout
        self.session = session or Session()
        self.session.headers["User-Agent"] = USER_AGENT
        self.server_key = server_key

    def signed_for(self) -> str:
        """The server key this client's requests are signed for (asked once when not given)."""
        if self.server_key is None:
            offered = self.health().get("server_key")
            if not isinstance(offered, str) or not is_public_key_hex(offered):
                raise ApiError(0, f"the server at {self.base} names no valid key of its own in /v1/health")
            self.server_key = offered
        return self.server_key

    # -- the transport ----------------------------------------------------------------

    def request(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        query: dict[str, Any] | None = None,
        signed: bool = True,
    ) -> Any:
        """Send one request and return the decoded JSON answer, or raise ApiError."""
        method = method.upper()
        if query:
            path = f"{path}?{urlencode(query)}"
        url = self.base + path
        # The target as sent on the request line (any prefix of the base included; a
        # fragment is not sent): sign_request makes the canonical TARGET of it (protocol.auth).
        parts = urlsplit(url)
        wire = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        data = b"" if body is None else json.dumps(body, separators=(",", ":")).encode()
        if signed and self.key is None:
            raise ApiError(0, "this request must be signed, but there is no key")
        for attempt in range(RETRIES_ON_429 + 1):
            response = self._send(method, url, wire, data, body is not None, signed)
            wait = retry_after(response)
            if wait is None or wait > LONGEST_WAIT or attempt == RETRIES_ON_429:
                break
            print(
                f"pbem: the server is rate limiting this client (429): waiting {wait} s, "
                f"then trying again ({attempt + 1} of {RETRIES_ON_429})",
                file=sys.stderr,
            )
            time.sleep(wait)
        try:
            return self._decode(response, method, path)
        except ApiError as exc:
            if signed and exc.status == 401:
                raise self._explained_401(exc) from None
            raise

    def _explained_401(self, refused: ApiError) -> ApiError:
        """A signed request refused as unsigned may only mean that the server's pbem is older
        than this one (it reads another form of request signature): ask it which pbem it runs
        (GET /v1/version, unsigned; a pbem before 0.2.0 has none) and say so, rather than
        leave the player with "the signature does not verify" and no way forward."""
        from protocol.versions import installed_version

        ours = installed_version()
        try:
            answer = self.session.request(
                "GET", self.base + "/v1/version", headers={"Accept": "application/json"}, timeout=self.timeout
            )
        except TransportError:
            return refused
        if answer.status_code == 404:
            return ApiError(401, (
                f"{refused.detail}: the server at {self.base} runs a pbem older than 0.2.0 (it "
                f"states no version), which does not read the requests of this pbem {ours}: ask "
                "its operator to upgrade pbem-server, or use a pbem of the server's release"
            ))
        try:
            theirs = answer.json().get("pbem")
        except (ValueError, AttributeError):
            return refused
        if isinstance(theirs, str) and theirs != ours:
            return ApiError(401, (
                f"{refused.detail} (the server runs pbem {theirs}, this is pbem {ours}: if the "
                "server's is older, ask its operator to upgrade pbem-server; if it is newer, upgrade pbem)"
            ))
        return refused

    def _send(
        self, method: str, url: str, wire: str, data: bytes, has_body: bool, signed: bool
    ) -> Response:
        """One HTTP exchange; signed afresh each time (a retry is a new request, with its own
        time and nonce)."""
        headers = {"Accept": "application/json, application/problem+json"}
        if has_body:
            headers["Content-Type"] = "application/json"
        if signed and self.key is not None:
            headers.update(sign_request(self.key, method, wire, data, server=self.signed_for()))
        try:
            return self.session.request(
                method,
                url,
                data=data if has_body else None,
                headers=headers,
                timeout=self.timeout,
            )
        except TransportTimeout:
            raise ApiError(
                0, f"the server at {self.base} did not answer within {self.timeout:g} s"
            ) from None
        except Unreachable:
            raise ApiError(
                0, f"cannot reach the server at {self.base} (is it running? is the URL right?)"
            ) from None
        except TransportError as exc:
            raise ApiError(0, f"request to {self.base} failed: {exc}") from None

    @staticmethod
    def _decode(response: Response, method: str, path: str) -> Any:
        try:
            payload = response.json()
        except ValueError:
            payload = None
        if response.ok:
            if payload is None:
                raise ApiError(
                    response.status_code,
                    f"the server answered {method} {path} with something that is not JSON",
                )
            return payload
        if isinstance(payload, dict):
            detail = payload.get("detail") or payload.get("title")
            head = payload.get("head") if isinstance(payload.get("head"), dict) else None
            if isinstance(detail, str) and detail:
                raise ApiError(response.status_code, detail, head, payload)
        reason = response.reason or "error"
        raise ApiError(
            response.status_code,
            f"the server answered {response.status_code} {reason} to {method} {path}",
        )

    def get(self, path: str, query: dict[str, Any] | None = None, signed: bool = True) -> Any:
        return self.request("GET", path, query=query, signed=signed)

    def post(self, path: str, body: dict[str, Any], signed: bool = True) -> Any:
        return self.request("POST", path, body=body, signed=signed)

    # -- the endpoints (docs/API.md) -----------------------------------------------------

    def health(self) -> dict[str, Any]:
        return self.get("/v1/health", signed=False)

    def engines(self) -> list[dict[str, Any]]:
        return self.get("/v1/engines", signed=False)["engines"]

    def create_account(self, name: str, email: str) -> dict[str, Any]:
        return self.post("/v1/accounts", {"name": name, "email": email})

    def me(self) -> dict[str, Any]:
        return self.get("/v1/me")

    def create_game(
        self, engine: str, options: dict[str, Any], seats: int, deadline: dict[str, Any] | None = None,
        email_moves: bool = False, private: bool = False,
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"engine": engine, "options": options, "seats": seats}
        if deadline is not None:
            body["deadline"] = deadline
        if email_moves:  # off: not sent, as before
            body["email_moves"] = True
        if private:
            body["private"] = True
        return self.post("/v1/games", body)

    def games(self, open_only: bool = False) -> list[dict[str, Any]]:
        return self.get("/v1/games", query={"open": 1} if open_only else None)["games"]

    def game(self, game: str) -> dict[str, Any]:
        return self.get(game_path(game), signed=self.key is not None)

    def watchable(self, prefix: str | None = None) -> list[dict[str, Any]]:
        """Public games to watch, asked unsigned (a spectator may have no account): the
        running ones, newest entry first, or any whose id starts with `prefix`."""
        return self.get("/v1/games", query={"prefix": prefix} if prefix else {"watch": 1}, signed=False)["games"]

    def join(self, game: str, seat: int, nonce: str, sig: str, prev: str) -> dict[str, Any]:
        body = {"seat": seat, "nonce": nonce, "sig": sig, "prev": prev}
        return self.post(f"{game_path(game)}/join", body)

    def invite(self, game: str, name: str, seat: int | None) -> dict[str, Any]:
        """Invite an account by name, or (a name with an @) an e-mail address."""
        if "@" in name:
            return self.post(f"{game_path(game)}/invite", {"email": name, "seat": seat})
        return self.post(f"{game_path(game)}/invite", {"name": name, "seat": seat})

    def cancel_invite(self, game: str, name: str) -> dict[str, Any]:
        return self.request("DELETE", f"{game_path(game)}/invite/{quote(name, safe='')}")

    def view(self, game: str) -> dict[str, Any]:
        return self.get(f"{game_path(game)}/view")

    def moves(self, game: str) -> dict[str, Any]:
        return self.get(f"{game_path(game)}/moves")

    def submit_move(
        self, game: str, envelope: dict[str, Any], sig: str, secret: Any, salt: str | None
    ) -> dict[str, Any]:
        body = {"envelope": envelope, "sig": sig, "secret": secret, "salt": salt}
        return self.post(f"{game_path(game)}/moves", body)

    def answers(self, game: str, statement: dict[str, Any], sig: str) -> dict[str, Any]:
        """Send a seat's signed standing answers (they replace its previous ones whole)."""
        return self.post(f"{game_path(game)}/answers", {"statement": statement, "sig": sig})

    def resign(self, game: str, envelope: dict[str, Any], sig: str) -> dict[str, Any]:
        return self.post(f"{game_path(game)}/resign", {"envelope": envelope, "sig": sig})

    def notify(self, setting: str | None = None) -> dict[str, Any]:
        """The account's mail setting and muted games; with `setting`, change it first."""
        if setting is None:
            return self.get("/v1/me/notify")
        return self.post("/v1/me/notify", {"notify": setting})

    def mute(self, game: str, mute: bool) -> dict[str, Any]:
        return self.post(f"{game_path(game)}/mute", {"mute": mute})

    def bot_lease(self, game: str, minutes: int) -> dict[str, Any]:
        """A bot plays my seat for `minutes`: the server sends it no your-turn mail meanwhile."""
        return self.post(f"{game_path(game)}/bot", {"minutes": minutes})

    def bot_release(self, game: str) -> dict[str, Any]:
        return self.request("DELETE", f"{game_path(game)}/bot")

    def abort(self, game: str) -> dict[str, Any]:
        return self.post(f"{game_path(game)}/abort", {})

    def vacation(self, days: int | None = None) -> dict[str, Any]:
        """The account's vacation days this year; with `days`, take that many first."""
        if days is None:
            return self.get("/v1/me/vacation")
        return self.post("/v1/me/vacation", {"days": days})

    def log(self, game: str, start: int = 0) -> dict[str, Any]:
        return self.get(f"{game_path(game)}/log", query={"from": start}, signed=self.key is not None)

    def export(self, game: str) -> dict[str, Any]:
        # Signed when there is a key: a private game is readable by its players only.
        return self.get(f"{game_path(game)}/export", signed=self.key is not None)
