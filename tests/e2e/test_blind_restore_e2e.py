"""A blind magier game begun on one home and finished on another restored from the key's 24
words (README "Your key"; PROTOCOL sections 7a and 11a): the placements' values, which the
server never had, come back from the boxes sealed to the key in the seat's own moves, so the
new home reveals its burnt wisdoms and the game audits PASS."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner

from client.cli import app
from client.play import Player
from protocol.audit import audit
from tests.conftest import LiveServer
from tests.e2e.test_blind_e2e import step_all


def cli(home: Path, *args: str, input: str | None = None) -> str:
    result = CliRunner().invoke(app, list(args), env={"PBEM_HOME": str(home), "PBEM_SERVER": ""}, input=input)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result.stdout


def test_a_blind_game_placed_on_one_home_is_finished_on_a_home_restored_from_words(
    make_player: Callable[[str], Player], live_server: LiveServer, tmp_path: Path
) -> None:
    alice, bob = make_player("alice"), make_player("bob")
    game = alice.new_game("magier", {"move_limit": 40}, join=True)["id"]
    bob.join(game)
    assert alice.store.receipt(game)["engine_version"] >= "4"  # type: ignore[index]
    rnd = random.Random(5)
    step_all(game, [alice, bob], rnd, lambda: len(alice.store.secrets(game)) >= 7)
    placed = {r["commit"]: (r["secret"], r["salt"]) for r in alice.store.secrets(game)}
    assert len(placed) == 7
    switched = alice.store.receipt(game)["seq"]  # type: ignore[index]

    words = json.loads(cli(alice.store.home, "key", "backup", "--json"))["words"]
    home = tmp_path / "homes" / "alice-again"
    cli(home, "init", "--restore", "--server", live_server.url, input=" ".join(words))
    again = Player(home)
    assert {r["commit"]: (r["secret"], r["salt"]) for r in again.store.secrets(game)} == placed
    assert " ".join(words[:3]) not in json.dumps(again.store.evidence(game))

    step_all(game, [again, bob], rnd, lambda: False)
    export = again.export(game)
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.reason
    assert again.show(game)["status"] == "over"
    reveals = [
        e for e in export["entries"][switched + 1:]
        if e["type"] == "move" and e["body"]["seat"] == 0 and e["body"]["envelope"]["move"]["type"] == "reveal"
    ]
    assert reveals, "the restored home revealed a wisdom the first home placed"
    for entry in reveals:
        for item in entry["body"]["envelope"]["move"]["secrets"]:
            assert (item["secret"], item["salt"]) == placed[item["commit"]]
