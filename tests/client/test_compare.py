"""`pbem compare`: two players read their receipts to each other.

Over a live server with real players: the codes of two honest players match in
both directions, at different heads; a misread or forged code, a code from a
history the server did not show this player, and a code ahead of the log the
server shows are each a loud failure (exit 4), never a silent match.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from client.cli import app
from client.compare import Code, CompareError, check, parse_code, receipt_code
from client.play import Player


@pytest.fixture
def pair(make_player: Callable[[str], Player]) -> tuple[Player, Player, str]:
    north, south = make_player("north"), make_player("south")
    game = north.new_game("toy", {"rounds": 2}, join=True)["id"]
    south.join(game)
    north.state(game)
    south.state(game)
    return north, south, game


def cli(player: Player, *args: str) -> Any:
    return CliRunner().invoke(app, list(args), env={"PBEM_HOME": str(player.store.home)})


def play_one(player: Player, game: str) -> None:
    assert player.play_bot(game, "random", until_over=False) == 1


def test_codes_read_aloud_parse_back() -> None:
    code = Code(42, "1a2b3c4d5e6f7a8b9c0d", "ab12cd34ef56")
    assert parse_code(code.text()) == code
    assert parse_code(" 42 : 1A2B 3C4D-5E6F 7A8B 9C0D : ab12 cd34 ef56 ") == code
    assert parse_code("3:1a2b3c4d:-") == Code(3, "1a2b3c4d", None)
    for bad in ("", "42", "x:1a2b3c4d:-", "42:1a2b:-", "42:zzzzzzzzzz:-", "42:1a2b3c4d:12"):
        with pytest.raises(ValueError):
            parse_code(bad)


def test_two_honest_players_match_in_both_directions(pair: tuple[Player, Player, str]) -> None:
    north, south, game = pair
    to_move = north if north.state(game).my_turn else south
    play_one(to_move, game)
    ahead = receipt_code(to_move.store.receipt(game) or {})
    behind_player = south if to_move is north else north
    behind = receipt_code(behind_player.store.receipt(game) or {})
    assert behind.seq < ahead.seq
    # the player who is behind fetches on; the one ahead finds the older head in its chain
    assert check(behind_player.api, behind_player.store, game, ahead)["match"]
    assert check(to_move.api, to_move.store, game, behind)["match"]
    # through the CLI: print a code, paste it into the other's compare
    printed = cli(to_move, "compare", game)
    assert printed.exit_code == 0, printed.output
    code = json.loads(cli(to_move, "compare", game, "--json").stdout)["code"]
    assert code in printed.stdout
    checked = cli(behind_player, "compare", game, code)
    assert checked.exit_code == 0, checked.output
    assert "match" in checked.stdout


def test_another_history_is_caught(pair: tuple[Player, Player, str], tmp_path: Path) -> None:
    north, south, game = pair
    mine = receipt_code(north.store.receipt(game) or {})
    forged_head = ("0" if mine.head[0] != "0" else "1") + mine.head[1:]
    with pytest.raises(CompareError, match="another history"):
        check(south.api, south.store, game, Code(mine.seq, forged_head, mine.keys))
    with pytest.raises(CompareError, match="keys"):
        check(south.api, south.store, game, Code(mine.seq, mine.head, "0" * 12))
    with pytest.raises(CompareError, match="withholds entries"):
        check(south.api, south.store, game, Code(mine.seq + 50, mine.head, mine.keys))
    result = cli(south, "compare", game, Code(mine.seq, forged_head, mine.keys).text())
    assert result.exit_code == 4
    assert "VERIFICATION FAILED" in result.output and "another history" in result.output
    kept = list((south.store.home / "evidence").glob(f"{game}.fork-*.json"))
    assert kept, "the mismatch is kept as evidence"


def test_compare_needs_a_receipt_and_a_readable_code(
    make_player: Callable[[str], Player], pair: tuple[Player, Player, str]
) -> None:
    north, _south, game = pair
    stranger = make_player("stranger")
    result = cli(stranger, "compare", game)
    assert result.exit_code == 1 and "never looked at game" in result.output
    result = cli(north, "compare", game, "not-a-code")
    assert result.exit_code == 1 and "not a pbem compare code" in result.output
