"""Version skew through the real server and the real `pbem`: a game whose signed genesis names
an engine version this pbem does not ship (begun before an upgrade, or on a newer server), or
whose log holds an entry type it does not know, is refused as one this pbem cannot check (exit
5, naming both versions and what to do), never as tampering (exit 4): checking it with other
rules than the game's would call an honest server a cheat."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner

import engines
from client.cli import app
from client.play import Player
from protocol.canonical import canonical
from protocol.entries import entry_hash
from tests.conftest import LiveServer
from tests.hostile import Operator
from tests.protocol.ledger import reseal

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


def regenesis(data_dir: Path, game: str, version: str) -> None:
    """What a log begun by another pbem looks like: the genesis names `version`, and the server
    signed every entry of it (written here into the database the real server serves)."""
    from server.store import models

    operator = Operator(data_dir)
    entries = operator.entries(game)
    entries[0]["body"]["engine_version"] = version
    entries = reseal(entries, 0, operator.key)
    with models.database.connection_context(), models.database.atomic():
        for entry in entries:
            models.Entry.update(data=canonical(entry).decode(), hash=entry_hash(entry)).where(
                (models.Entry.game == game) & (models.Entry.seq == entry["seq"])
            ).execute()
        models.Game.update(head_hash=entry_hash(entries[-1])).where(models.Game.id == game).execute()


def forget(p: Player, game: str) -> None:
    """A home whose key holds the seat but that has not looked at this log yet."""
    p.store.receipt_path(game).unlink()


def assert_unsupported(result: object, *words: str) -> None:
    assert result.exit_code == 5, result.output  # type: ignore[attr-defined]
    stderr = result.stderr  # type: ignore[attr-defined]
    assert "UNSUPPORTED" in stderr and "VERIFICATION FAILED" not in stderr and "TAMPERING" not in stderr, stderr
    for word in words:
        assert word in stderr, stderr


def test_a_game_begun_under_an_older_engine_version_is_unsupported_not_tampering(
    make_player: Callable[[str], Player], live_server: LiveServer
) -> None:
    """The genesis names magier version 1 (a game begun before the server's upgrade): `pbem show`
    `pbem move` and `pbem log` by its seat, and `pbem show` by a spectator, say both versions and that the
    server's pbem is older, exit 5; nothing is kept as evidence of a fork."""
    game, ada, bo = running_game(make_player)
    legal = ada.moves(game)
    text = str(legal["moves"][0]["text"]) if legal.get("moves") else "1"
    regenesis(live_server.data_dir, game, "1")
    forget(ada, game)
    words = ("magier version 1", f"this pbem knows version {VERSION}", "older")
    assert_unsupported(pbem(ada, "show", game), *words)
    assert_unsupported(pbem(ada, "move", game, text), *words)
    assert_unsupported(pbem(ada, "log", game), *words)
    assert ada.store.receipt(game) is None  # nothing half-written
    carol = make_player("carol")
    assert_unsupported(pbem(carol, "show", game), *words)
    assert not list((carol.store.home).rglob("*fork*"))


def test_a_game_of_a_newer_engine_version_says_upgrade_pbem(
    make_player: Callable[[str], Player], live_server: LiveServer
) -> None:
    """A genesis naming a version above this pbem's: the server's pbem is newer, upgrade pbem; a
    game still open is not joined (its seat would be played under rules this pbem lacks)."""
    game, _, _ = running_game(make_player)
    regenesis(live_server.data_dir, game, "99")
    dan = make_player("dan")
    assert_unsupported(pbem(dan, "show", game), "magier version 99", "newer", "upgrade pbem")
    eve = make_player("eve")
    open_game = eve.new_game("magier", join=True)["id"]
    regenesis(live_server.data_dir, open_game, "99")
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
