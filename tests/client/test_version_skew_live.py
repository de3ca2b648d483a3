"""Version skew through the real server and the real `pbem`: a game whose signed genesis names
an engine version this pbem does not keep (made by a newer server, or a version no release of
this line wrote), or whose log holds an entry type it does not know, is refused as one this
pbem cannot check (exit 5, naming both versions and what to do), never as tampering (exit 4):
checking it with other rules than the game's would call an honest server a cheat.

The server here keeps the version the game was made with and this client does not: every
thread but the test's own is the live server's, and only those see the extra version
(`server_keeps`). Skew against a real older release (8722713) is tests/e2e/test_upgrade.py."""

from __future__ import annotations

import copy
import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from typer.testing import CliRunner

import engines
from client.cli import app
from client.play import Player
from tests.conftest import LiveServer
from tests.hostile import Operator

VERSION = engines.get("magier").version


def pbem(p: Player, *args: str) -> object:
    result = CliRunner().invoke(app, list(args), env={"PBEM_HOME": str(p.store.home)})
    assert "Traceback" not in result.output, result.output
    return result


def running_game(make_player: Callable[[str], Player]) -> tuple[str, Player, Player]:
    ada, bo = make_player("ada"), make_player("bo")
    game = ada.new_game("magier", join=True)["id"]
    bo.join(game)
    return game, ada, bo


@contextmanager
def released(version: str) -> Iterator[None]:
    """The server and the clients of a pbem whose magier is `version`: games and homes made
    inside are what that release wrote (an honest log, honest receipts); after it, the pbem
    under test again, as after an upgrade of both or a look from another pbem."""
    engine = engines.get("magier")
    engine.version = version  # type: ignore[misc]
    try:
        yield
    finally:
        engine.version = VERSION  # type: ignore[misc]


@pytest.fixture
def server_keeps(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """server_keeps("99"): from now on the live server's pbem keeps magier version "99" (the
    newest rules under that number), as a newer or another release would; the client's does not."""

    def keep(version: str) -> None:
        real = engines.versions
        other = copy.copy(engines.get("magier"))
        other.version = version  # type: ignore[misc]
        test_thread = threading.current_thread()

        def versions(engine_id: str) -> dict[str, object]:
            kept = real(engine_id)
            if engine_id == "magier" and threading.current_thread() is not test_thread:
                kept = {**kept, version: other}
            return kept  # type: ignore[return-value]

        monkeypatch.setattr(engines, "versions", versions)

    return keep


def assert_unsupported(result: object, *words: str) -> None:
    assert result.exit_code == 5, result.output  # type: ignore[attr-defined]
    stderr = result.stderr  # type: ignore[attr-defined]
    assert "UNSUPPORTED" in stderr and "VERIFICATION FAILED" not in stderr and "TAMPERING" not in stderr, stderr
    for word in words:
        assert word in stderr, stderr


def test_a_game_of_a_version_this_pbem_never_kept_is_unsupported_not_tampering(
    make_player: Callable[[str], Player], server_keeps: Callable[[str], None]
) -> None:
    """A game begun, joined and looked at under magier version 0, which no release of this line
    wrote (another pbem's); its server keeps it, this pbem does not. `pbem show`, `pbem move`,
    `pbem log` and `pbem compare` by its seats, and `pbem show` by a spectator, say both
    versions, exit 5, never 4; nothing is kept as evidence of a fork."""
    with released("0"):
        game, ada, bo = running_game(make_player)
        legal = ada.moves(game)
        code = json.loads(pbem(bo, "compare", game, "--json").stdout)["code"]  # type: ignore[attr-defined]
    server_keeps("0")
    text = str(legal["moves"][0]["text"])
    kept = ada.store.receipt(game)
    known = ", ".join(engines.versions("magier"))
    words = ("magier version 0", f"this pbem knows version{'s' if ',' in known else ''} {known}", "does not keep version 0")
    assert_unsupported(pbem(ada, "show", game), *words)
    assert_unsupported(pbem(ada, "move", game, text), *words)
    assert_unsupported(pbem(ada, "log", game), *words)
    assert_unsupported(pbem(ada, "compare", game, code), *words)
    assert ada.store.receipt(game) == kept  # nothing half-written
    carol = make_player("carol")
    assert_unsupported(pbem(carol, "show", game), *words)
    for home in (ada.store.home, carol.store.home):
        assert not list(home.rglob("*.fork-*")), home


def test_a_game_of_a_newer_engine_version_says_upgrade_pbem(
    make_player: Callable[[str], Player], live_server: LiveServer, server_keeps: Callable[[str], None]
) -> None:
    """A game a newer server made (magier version 99), looked at with this pbem: the server's
    pbem is newer, upgrade pbem; a game still open is not joined (its seat would be played
    under rules this pbem lacks)."""
    with released("99"):
        game, _, _ = running_game(make_player)
        eve = make_player("eve")
        open_game = eve.new_game("magier", join=True)["id"]
    server_keeps("99")
    dan = make_player("dan")
    assert_unsupported(pbem(dan, "show", game), "magier version 99", "newer", "upgrade pbem")
    assert_unsupported(pbem(dan, "join", open_game), "magier version 99", "upgrade pbem")
    assert [e["type"] for e in Operator(live_server.data_dir).entries(open_game)] == ["genesis", "join"]


def test_an_entry_type_this_pbem_does_not_know_is_unsupported(
    make_player: Callable[[str], Player], live_server: LiveServer
) -> None:
    """An entry the server signed in a type this pbem does not know (a newer server's): exit 5,
    upgrade pbem, for a seat whose home already followed the game."""
    game, ada, bo = running_game(make_player)
    assert pbem(bo, "show", game).exit_code == 0
    Operator(live_server.data_dir).append(game, "wager", {"stake": 1})
    assert_unsupported(pbem(bo, "show", game), "'wager'", "upgrade pbem")


def test_a_receipt_kept_without_a_rules_version_is_completed_from_the_log(
    make_player: Callable[[str], Player], live_server: LiveServer
) -> None:
    """A home made by a pbem that pinned no engine version in its receipts: the next look reads
    the signed genesis again and pins it, and the game goes on (exit 0)."""
    game, ada, _ = running_game(make_player)
    path = ada.store.receipt_path(game)
    kept = json.loads(path.read_text())
    del kept["engine_version"]
    path.write_text(json.dumps(kept))
    shown = pbem(ada, "show", game)
    assert shown.exit_code == 0, shown.output  # type: ignore[attr-defined]
    assert ada.store.receipt(game)["engine_version"] == VERSION  # type: ignore[index]
