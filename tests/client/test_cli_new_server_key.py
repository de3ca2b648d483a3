"""A server that comes back at a known address with another key is not the server the player
played with: every command says so loudly, names the pinned and the offered key, and exits 4
(as ssh does for a changed host key), instead of "run pbem init" or "no game"; `pbem init
--accept-new-server-key` moves on, and a game signed under the old key still says where it was
played rather than "no game"."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from werkzeug.serving import make_server

import engines
from client.display.status import key_fingerprint
from server.http.app import create_app
from tests.client.test_cli_daily_use import Cli
from tests.conftest import _QuietHandler
from tests.protocol.toy import TOY

pytest.importorskip("engines.magier")

LOUD = "IS NOT THE ONE YOU PLAYED WITH"


@contextmanager
def server_on(data_dir: Path, port: int = 0) -> Iterator[int]:
    """The real app on 127.0.0.1:`port` (0: a free one) for the block; yields the port."""
    engines.register(TOY)
    srv = make_server("127.0.0.1", port, create_app({"DATA_DIR": str(data_dir), "TESTING": True}),
                      threaded=True, request_handler=_QuietHandler)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield srv.server_port
    finally:
        srv.shutdown()
        thread.join(timeout=10)
        srv.server_close()


def test_a_new_server_key_at_a_known_address_is_said_loudly_with_exit_4(tmp_path: Path) -> None:
    cli = Cli(tmp_path)
    with server_on(tmp_path / "first") as port:
        url = f"http://127.0.0.1:{port}"
        for name in ("ada", "bo"):
            cli(name, "init", "--server", url, "--name", name, "--email", f"{name}@example.org")
        game = json.loads(cli("ada", "new", "magier", "--json").stdout)["id"]
        cli("bo", "join", game)
        cli("ada", "show", game)
    pinned = json.loads((tmp_path / "ada" / "config.json").read_text())["server_key"]

    with server_on(tmp_path / "second", port):  # same address, a new data directory: a new key
        for args in (["games"], ["show", game], ["show", game[:6]], ["log", game], ["move", game, "1"],
                     ["export", game], ["init", "--server", url, "--name", "ada", "--email", "ada@example.org"]):
            said = cli("ada", *args, code=4).stderr
            assert LOUD in said and key_fingerprint(pinned) in said, (args, said)
            assert "run `pbem init` first" not in said and "no game" not in said, (args, said)
            assert "pbem init --server " + url + " --name ada --email ada@example.org --accept-new-server-key" in said
        offered = said.split("offered now ")[1][:19]
        assert offered != key_fingerprint(pinned) and len(offered.split()) == 4

        cli("ada", "init", "--server", url, "--name", "ada", "--email", "ada@example.org", "--accept-new-server-key")
        assert "no games yet" in cli("ada", "games").stdout  # the new server, accepted
        old = cli("ada", "show", game, code=4).stderr  # the game was signed by the old key
        assert LOUD in old and f"your signed receipt of game {game} holds" in old and key_fingerprint(pinned) in old
        assert "--accept-new-server-key" not in old  # accepting again would not bring it back
