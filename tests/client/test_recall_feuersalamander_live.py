"""Der Feuersalamander from version 4 keeps no questions, answers or claims in its views: each
seat's client folds them from the log it verified (client/player/recalling.py, the engine's
`recall`). Over a live server, three seats played by the "simple" bots (which ask questions).

FS-15: a question is public, its answer private to the asking and the asked seat; so the
answer is in those two seats' records and not in the third's, which has the question alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import engines
from client.play import Player
from engines.core import Rng
from tests.client.test_cli_daily_use import Cli

FS = engines.get("feuersalamander")
pytestmark = pytest.mark.skipif(
    "questions" in FS.view(FS.setup(2, {}, Rng(b"k"))[0], 0),
    reason="Der Feuersalamander keeps its questions in its views before version 4",
)


def until_asked(players: list[Player], game: str, most: int = 400) -> dict[str, Any]:
    """The "simple" bots take turns until a question has been asked and answered; returns the
    question as the asker's record holds it."""
    rng = random.Random(11)
    for _ in range(most):
        for p in players:
            p.play_bot(game, "simple", until_over=False, rng=rng)
        for p in players:
            st = p.state(game)
            assert st.status == "running", "the game ended before anybody asked"
            record = p.recalled(st) or {}
            asked = [q for q in record.get("questions") or [] if q["by"] == st.seat]
            if asked:
                return asked[0]
    raise AssertionError("no question was asked")


@pytest.fixture
def three(make_player: Callable[[str], Player]) -> tuple[list[Player], str]:
    players = [make_player(n) for n in ("ann", "bob", "cyd")]
    game = players[0].new_game("feuersalamander", {"target": 30}, seats=3, join=True)["id"]
    for p in players[1:]:
        p.join(game)
    return players, game


def test_fs15_the_answer_is_in_the_askers_and_the_askeds_record_only(three: tuple[list[Player], str]) -> None:
    players, game = three
    question = until_asked(players, game)
    asker, asked = question["by"], question["to"]
    assert question["seen"] and isinstance(question["answer"], bool)
    records = {}
    for p in players:
        st = p.state(game)
        records[st.seat] = p.recalled(st)
        assert "questions" not in st.view, "version 4: the committed view keeps no past"
    (third,) = set(records) - {asker, asked}
    key = (question["by"], question["to"], question["coord"], question["turn"])
    for seat, record in records.items():
        same = [q for q in record["questions"] if (q["by"], q["to"], q["coord"], q["turn"]) == key]
        assert len(same) == 1, f"seat {seat} has the public question once"
        if seat == third:
            assert same[0]["answer"] is None and same[0]["seen"] is False
        else:
            assert same[0]["answer"] == question["answer"] and same[0]["seen"] is True


def test_pbem_show_prints_the_questions_once_asked(three: tuple[list[Player], str], tmp_path: Path) -> None:
    """`pbem show` draws the board with the seat's record: its Questions lines come from the
    log, the asker sees the answer, the third seat sees that it was not shown."""
    players, game = three
    cli = Cli(tmp_path / "homes")  # the make_player homes
    before = cli("ann", "show", game).stdout
    assert "Questions" not in before
    question = until_asked(players, game)
    names = ["ann", "bob", "cyd"]
    asker = cli(names[question["by"]], "show", game).stdout
    assert "Questions:" in asker
    line = next(x for x in asker.splitlines() if " asked " in x)
    assert line.rstrip().endswith("YES" if question["answer"] else "NO")
    (third,) = {0, 1, 2} - {question["by"], question["to"]}
    other = cli(names[third], "show", game).stdout
    assert "(answer not shown to you)" in other


def test_an_engine_that_remembers_nothing_keeps_no_record(make_player: Callable[[str], Player]) -> None:
    """magier keeps everything a player needs in its views (BaseEngine's default recall): no
    record is folded, kept or attached for it."""
    ada, bo = make_player("ada"), make_player("bo")
    game = ada.new_game("magier", join=True)["id"]
    bo.join(game)
    shown = ada.show(game)
    assert shown["record"] is None and "record" not in shown["view"]
    assert not ada.store.record_path(game).exists()


def test_fs15_a_spectator_remembers_the_questions_but_no_answer(
    three: tuple[list[Player], str], make_player: Callable[[str], Player]
) -> None:
    """A spectator's client folds the public log (seat None, no payloads): the question is
    there, its answer never (FS-15: private to the two seats)."""
    from client.spectate import watch

    players, game = three
    dee = make_player("dee")
    question = until_asked(players, game)
    shown = watch(dee, game)
    assert shown["spectator"] and "questions" not in shown["view"]
    key = (question["by"], question["to"], question["coord"], question["turn"])
    same = [q for q in shown["record"]["questions"] if (q["by"], q["to"], q["coord"], q["turn"]) == key]
    assert [(q["answer"], q["seen"]) for q in same] == [(None, False)]
    assert "(answer not shown to you)" in shown["text"]
