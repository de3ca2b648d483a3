"""A signed request is good for one server, one method, one exact target and one body only.

Recorded byte for byte where the real client sent it (a WSGI middleware in front of the real
app, as a server operator or anything between could keep it) and replayed within the
signature's window:

- on another server where the same key holds an account (the README allows one key on many
  servers): `pbem notify none` and `pbem vacation 5` sent to server A must not change the
  player's settings on server B;
- on the same server with the path's `%3F` turned into a raw `?`: the cancellation of an
  invitation to the address `zoe?x@example.org` must not cancel the seat kept for the
  account `zoe` (the route then sees the name `zoe` and a query).

The two servers run one after the other on their own data directories (the app's database
binding is one per process); B comes back on its own port with its own data, within the
window.
"""

from __future__ import annotations

import http.client
import io
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from werkzeug.serving import make_server

import engines
from client.play import Player
from server.http.app import create_app
from tests.client.test_cli_daily_use import Cli
from tests.conftest import _QuietHandler
from tests.protocol.toy import TOY


@dataclass
class Seen:
    """One request as it came in: the request line's target as sent, the signature's headers, the body."""

    method: str
    target: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Recorder:
    """The real app, with every request kept byte for byte (what its operator can keep)."""

    app: Any
    seen: list[Seen] = field(default_factory=list)

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        raw = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        environ["wsgi.input"] = io.BytesIO(raw)
        headers = {k[5:].replace("_", "-").title(): v for k, v in environ.items() if k.startswith("HTTP_X_PBEM_")}
        if environ.get("CONTENT_TYPE"):
            headers["Content-Type"] = environ["CONTENT_TYPE"]
        self.seen.append(Seen(environ["REQUEST_METHOD"], environ["REQUEST_URI"], headers, raw))
        return self.app(environ, start_response)


@contextmanager
def running(data_dir: Path, port: int = 0) -> Iterator[tuple[str, Recorder]]:
    """The real app behind a Recorder on 127.0.0.1:`port` (0: a free one); yields its URL."""
    engines.register(TOY)
    recorder = Recorder(create_app({"DATA_DIR": str(data_dir), "TESTING": True}))
    srv = make_server("127.0.0.1", port, recorder, threaded=True, request_handler=_QuietHandler)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_port}", recorder
    finally:
        srv.shutdown()
        thread.join(timeout=10)
        srv.server_close()


def replay(url: str, seen: Seen, target: str | None = None) -> tuple[int, str]:
    """Send `seen` again to `url`, the same bytes (on another request target if given)."""
    conn = http.client.HTTPConnection(urlsplit(url).netloc, timeout=10)
    try:
        conn.request(seen.method, target or seen.target, body=seen.body or None, headers=seen.headers)
        answer = conn.getresponse()
        return answer.status, answer.read().decode()
    finally:
        conn.close()


def settings(cli: Cli, url: str) -> tuple[Any, Any]:
    """The player's mail setting and vacation on the server at `url`, as `pbem --server` shows them."""
    notify = json.loads(cli("ada", "--server", url, "notify", "--json").stdout)
    vacation = json.loads(cli("ada", "--server", url, "vacation", "--json").stdout)
    return notify, vacation


def test_settings_sent_to_one_server_are_refused_by_another(tmp_path: Path) -> None:
    """`pbem notify none` and `pbem vacation 5`, sent to server A, replayed by A's operator on
    server B where the same key has an account: B refuses both (401) and B's settings stay."""
    cli = Cli(tmp_path)
    with running(tmp_path / "b") as (url_b, _):
        cli("ada", "init", "--server", url_b, "--name", "ada", "--email", "ada@example.org")
        before = settings(cli, url_b)
    assert before[0]["notify"] != "none" and before[1]["used"] == 0, before
    port_b = urlsplit(url_b).port

    with running(tmp_path / "a") as (url_a, a):
        cli("ada", "init", "--server", url_a, "--name", "ada", "--email", "ada@example.org")
        cli("ada", "notify", "none")
        cli("ada", "vacation", "5")
        assert settings(cli, url_a)[0]["notify"] == "none"
    sent = [s for s in a.seen if s.method == "POST" and s.target in ("/v1/me/notify", "/v1/me/vacation")]
    assert [s.target for s in sent] == ["/v1/me/notify", "/v1/me/vacation"]

    with running(tmp_path / "b", port_b) as (url_b_again, _):
        assert url_b_again == url_b
        for seen in sent:
            status, text = replay(url_b, seen)
            assert status == 401, (seen.target, status, text)
        assert settings(cli, url_b) == before


def test_a_question_mark_sent_as_a_path_byte_is_not_a_query_in_a_replay(tmp_path: Path) -> None:
    """Carol cancels her invitation to `zoe?x@example.org` (sent as `%3F`). The same signed
    request sent again with a raw `?` reaches the route as the name `zoe` (and a query): it
    is refused (401), and the seat kept for the account zoe stays kept."""
    with running(tmp_path / "server") as (url, recorder):
        carol, zoe = Player(tmp_path / "carol"), Player(tmp_path / "zoe")
        carol.init_account(url, "carol", "carol@example.org")
        zoe.init_account(url, "zoe", "zoe@example.org")
        game = carol.new_game("toy", {}, seats=2)["id"]
        carol.invite(game, "zoe", seat=0)
        carol.api.invite(game, "zoe?x@example.org", seat=1)
        assert len(carol.summary(game)["invited"]) == 2

        since = len(recorder.seen)
        cli = Cli(tmp_path)
        cli("carol", "invite", game, "zoe?x@example.org", "--cancel")
        cancel = [s for s in recorder.seen[since:] if s.method == "DELETE"]
        assert len(cancel) == 1 and "zoe%3Fx" in cancel[0].target, cancel
        assert [i["seat"] for i in carol.summary(game)["invited"]] == [0]

        raw = unquote(cancel[0].target)  # .../invite/zoe?x@example.org: the old PATH string, the same
        assert raw.endswith("/invite/zoe?x@example.org")
        status, text = replay(url, cancel[0], raw)
        assert status == 401, (status, text)
        assert [i["seat"] for i in carol.summary(game)["invited"]] == [0]
        assert [g["invited_seat"] for g in zoe.games()] == [0]
