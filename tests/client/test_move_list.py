"""`pbem move GAME` lists moves numbered; a very long run of one kind is shown by its ends."""

from __future__ import annotations

import pytest

from client.commands.moving import print_moves
from client.display.listing import GROUP_LIMIT


def listed(texts: list[str]) -> dict[str, object]:
    return {"game": "g1", "moves": [{"n": i + 1, "move": {}, "text": t} for i, t in enumerate(texts)]}


def test_short_lists_are_printed_whole(capsys: pytest.CaptureFixture[str]) -> None:
    print_moves(listed(["throw", "claim king:fire own:row1 own:one-stone"]))
    out = capsys.readouterr().out
    assert "1. throw" in out and "2. claim king:fire" in out


def test_a_long_run_of_claims_is_folded_but_keeps_its_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    claims = [f"claim queen:row{i % 7 + 1} n{i}" for i in range(GROUP_LIMIT + 50)]
    print_moves(listed(["throw", *claims, "no claim"]))
    out = capsys.readouterr().out
    assert "  1. throw" in out
    assert f"  2. {claims[0]}" in out
    assert f"{len(claims) + 1}. {claims[-1]}" in out
    assert f"{len(claims) - 2} more claim moves" in out
    assert f"{len(claims) + 2}. no claim" in out
    assert claims[1] not in out
