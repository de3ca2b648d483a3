"""`pbem compare`: two players read their receipts to each other.

Over a live server with real players: the codes of two honest players match in
both directions, at different heads; a misread or forged code, a code from a
history the server did not show this player, and a code ahead of the log the
server shows are each a loud failure (exit 4), never a silent match; a code with a
typo in it is bad usage (exit 2), never taken for a fork.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import typer
from click.testing import CliRunner as ClickRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from client.cli import app
from client.compare import (
    EXAMPLE,
    Code,
    CodeTypo,
    CompareError,
    check,
    parse_code,
    receipt_code,
)
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
    check = code.text().split(":")[3]
    assert parse_code(code.text()) == code
    assert parse_code(f" 42 : 1A2B 3C4D-5E6F 7A8B 9C0D : ab12 cd34 ef56 : {check.upper()} ") == code
    before = Code(3, "1a2b3c4d5e6f7a8b9c0d", None)
    assert parse_code(before.text()) == before and before.text().startswith("3:1a2b3c4d5e6f7a8b9c0d:-:")
    # as older pbem printed them: no check, read as before
    assert parse_code("3:1a2b3c4d5e6f7a8b9c0d:-") == Code(3, "1a2b3c4d5e6f7a8b9c0d", None, checked=False)
    for bad in ("", "42", "x:1a2b3c4d:-", "42:1a2b:-", "42:zzzzzzzzzz:-", "42:1a2b3c4d:12", "3:1a2b3c4d:-"):
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
    assert result.exit_code == 2 and "not a pbem compare code" in result.output


# README "Checking that nobody cheated": a code carries a check, so a typo is bad usage (exit 2),
# never the exit status of a fork (4); a well-formed code that disagrees stays 4.
TYPED = "0123456789abcdef:- gx"  # what a finger can put in place of a character of a code


def substitutions(code: str) -> list[str]:
    """Every code one character away from `code`, with any of the characters above there."""
    return [code[:i] + c + code[i + 1 :] for i, old in enumerate(code) for c in TYPED if c != old]


def printed_code(player: Player, game: str) -> str:
    result = cli(player, "compare", game, "--json")
    assert result.exit_code == 0, result.output
    return str(json.loads(result.stdout)["code"])


def assert_all_typos(checker: Player, game: str, code: str) -> None:
    command = typer.main.get_command(app)  # the same `pbem`, built once for some 800 runs, not each time
    env = {"PBEM_HOME": str(checker.store.home)}
    for typo in substitutions(code):
        # "--": a typo may begin with "-"; without it the option parser says so, bad usage all the same
        result = ClickRunner().invoke(command, ["compare", game, "--", typo], env=env)
        assert result.exit_code == 2 and "typo" in result.output, (typo, result.exit_code, result.output)
        if typo.startswith("-"):
            assert ClickRunner().invoke(command, ["compare", game, typo], env=env).exit_code == 2


def test_every_one_character_typo_is_bad_usage_not_a_fork(pair: tuple[Player, Player, str]) -> None:
    north, south, game = pair
    code = printed_code(north, game)
    checked = cli(south, "compare", game, code)
    assert checked.exit_code == 0, checked.output
    assert_all_typos(south, game, code)


def test_a_typo_before_the_start_is_bad_usage_too(make_player: Callable[[str], Player]) -> None:
    east = make_player("east")
    game = east.new_game("toy", {"rounds": 2}, join=True)["id"]
    east.state(game)
    code = printed_code(east, game)
    assert code.split(":")[2] == "-"
    assert cli(east, "compare", game, code).exit_code == 0
    assert_all_typos(east, game, code)


def test_a_well_formed_code_of_another_history_still_fails(
    make_player: Callable[[str], Player], pair: tuple[Player, Player, str]
) -> None:
    north, south, game = pair
    other = north.new_game("toy", {"rounds": 2}, join=True)["id"]
    south.join(other)
    north.state(other)
    theirs = printed_code(north, other)  # a real code, of a head this log does not have
    assert theirs.split(":")[0] == printed_code(south, game).split(":")[0]
    result = cli(south, "compare", game, theirs)
    assert result.exit_code == 4, result.output
    assert "VERIFICATION FAILED" in result.output and "another history" in result.output
    assert "typo" not in result.output


def test_codes_older_pbem_printed_still_read(pair: tuple[Player, Player, str]) -> None:
    north, south, game = pair
    code = printed_code(north, game)
    seq, head, keys = code.split(":")[:3]
    assert cli(south, "compare", game, f"{seq}:{head}:{keys}").exit_code == 0
    forged = ("0" if head[0] != "0" else "1") + head[1:]
    result = cli(south, "compare", game, f"{seq}:{forged}:{keys}")
    assert result.exit_code == 4 and "another history" in result.output


@settings(max_examples=200, deadline=None)
@given(
    seq=st.integers(0, 2**31 - 1),
    head=st.text("0123456789abcdef", min_size=20, max_size=20),
    keys=st.one_of(st.none(), st.text("0123456789abcdef", min_size=12, max_size=12)),
)
def test_the_check_catches_every_substitution_of_any_code(seq: int, head: str, keys: str | None) -> None:
    """The check's proof (docs/PROTOCOL.md section 13) for any entry and head, not one game's."""
    code = Code(seq, head, keys).text()
    assert parse_code(code) == Code(seq, head, keys)
    for typo in substitutions(code):
        with pytest.raises(CodeTypo):
            parse_code(typo)


def test_the_example_code_in_the_readme_checks() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert EXAMPLE in readme and parse_code(EXAMPLE).checked
