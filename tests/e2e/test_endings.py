"""Who ended a game, and how, said one way everywhere (protocol.story.result_words): the terminal's
end screen, status line and `pbem games`, a spectator's screen, the web page and the index, and the
game-over mail, all name the players ("bo (Blue) resigned; ada (Red) wins"), never "seat 1
resigned"; "Game over" is said once, with how; a seat that ran out of time and had the server
move for it has not left, so a later resignation is what the end says. Through the real CLI, the
live server, its web pages and the real mail sender into an SMTP sink on loopback.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import requests
from typer.testing import CliRunner

from client.cli import app
from client.play import Player
from protocol.deadlines import forfeit_result
from protocol.keys import SigningKey
from protocol.leaving import resign_result
from protocol.steps import abort_result
from protocol.story import result_words
from server.clock import clock, sweeper
from server.ledger.ledger import Ledger
from tests.conftest import LiveServer
from tests.e2e.mailplay import MailTable
from tests.e2e.test_mail_e2e import Smtp

T0 = dt.datetime(2026, 5, 4, 8, 0, 0)
ENDED = "bo (Blue) resigned; ada (Red) wins"


class FakeClock:
    def __init__(self) -> None:
        self.at = T0

    def __call__(self) -> dt.datetime:
        return self.at


def _cli(home: Path, *args: str) -> str:
    result = CliRunner().invoke(app, list(args), env={"PBEM_HOME": str(home), "COLUMNS": "100"})
    assert result.exit_code == 0, (args, result.output)
    return result.stdout


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture
def timed_out_then_resigned(
    live_server: LiveServer, make_player: Callable[[str], Player], monkeypatch: pytest.MonkeyPatch
) -> tuple[str, Player, Player]:
    """A Cavemen game in which bo (Blue) runs out of time once (the server moves for him), plays
    on, then resigns through the CLI."""
    fake = FakeClock()
    monkeypatch.setattr(clock, "CLOCK", fake)
    ada, bo = make_player("ada"), make_player("bo")
    game = ada.new_game("cavemen", {}, join=True, deadline={"days": 1, "grace_hours": 0, "on_expiry": "bot"})["id"]
    bo.join(game)
    rnd = random.Random(1)
    while not bo.show(game)["your_turn"]:
        ada.play_bot(game, "random", until_over=False, rng=rnd)
    fake.at = T0 + dt.timedelta(hours=1)
    ledger = Ledger(SigningKey.load(live_server.data_dir / "server_key.pem"))
    assert sweeper.tick(now=T0 + dt.timedelta(days=3), ledger=ledger)["timeouts"]
    for _ in range(2):
        ada.play_bot(game, "random", until_over=False, rng=rnd)
        bo.play_bot(game, "random", until_over=False, rng=rnd)
    assert any(e["body"].get("kind") == "timeout" for e in bo.log(game) if e["type"] == "system")
    _cli(bo.store.home, "resign", game, "--yes")
    return game, ada, bo


def test_the_end_screen_says_game_over_once_and_who_resigned(
    timed_out_then_resigned: tuple[str, Player, Player],
) -> None:
    game, ada, bo = timed_out_then_resigned
    for player, you in ((ada, "you played ada (Red)"), (bo, "you played bo (Blue)")):
        shown = _cli(player.store.home, "show", game)
        assert [line.startswith("Game over") for line in shown.splitlines()].count(True) == 1, shown  # the story above may tell it
        assert f"Game over: {ENDED}" in shown and you in shown.splitlines(), shown
        assert f"game over: {ENDED}" in shown  # the status line, in the same words
        for wrong in ("timed out", "seat 1 resigned", "a resignation, a forfeit or an abort"):
            assert wrong not in shown, (wrong, shown)
    listed = _cli(ada.store.home, "games")
    assert f"result: {ENDED}" in listed and "seat 1" not in listed and "to move:" not in listed, listed


def test_a_spectator_and_the_web_pages_say_it_with_names(
    timed_out_then_resigned: tuple[str, Player, Player], live_server: LiveServer, make_player: Callable[[str], Player]
) -> None:
    game, _, _ = timed_out_then_resigned
    cy = make_player("cy")
    watched = _cli(cy.store.home, "show", game)
    assert f"Game over: {ENDED}" in watched and "a resignation, a forfeit or an abort" not in watched, watched
    page = _text(requests.get(f"{live_server.url}/g/{game}", timeout=10).text)
    index = _text(requests.get(f"{live_server.url}/", timeout=10).text)
    assert f"Game over: {ENDED}" in page and "seat 1 resigned" not in page, page
    assert f"over: {ENDED}" in index and "seat 1 resigned" not in index, index


def test_the_game_over_mail_says_who_resigned(
    timed_out_then_resigned: tuple[str, Player, Player], live_server: LiveServer, smtp: Smtp,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game, ada, bo = timed_out_then_resigned
    table = MailTable(smtp, live_server.data_dir, [ada, bo], monkeypatch)
    table.deliver()
    over = [m.get_content() for _, _, m in table.handler.messages if m["X-Pbem-Kind"] == "over"]
    assert len(over) == 2
    for text in over:
        assert f"is over: {ENDED}." in text and "seat 1" not in text, text
        assert f"Game over: {ENDED}" in text and "a resignation, a forfeit or an abort" not in text, text


def test_the_web_page_of_a_feuersalamander_game_marks_who_left(
    live_server: LiveServer, make_player: Callable[[str], Player]
) -> None:
    pytest.importorskip("engines.feuersalamander")
    ada, bo, cy = make_player("ada"), make_player("bo"), make_player("cy")
    game = ada.new_game("feuersalamander", {}, seats=3, join=True)["id"]
    bo.join(game)
    cy.join(game)
    rnd = random.Random(4)
    for _ in range(2):
        for p in (ada, bo, cy):
            p.play_bot(game, "random", until_over=False, rng=rnd)
    _cli(bo.store.home, "resign", game, "--yes")
    html = requests.get(f"{live_server.url}/g/{game}", timeout=10).text
    assert re.search(r'data-player="Queen" data-out="true"><strong>Queen</strong> <strong class="left">OUT', html), html
    assert html.count('data-out="true"') == 1
    assert "bo</strong> (resigned, out of the game)" in html, _text(html)


@pytest.mark.parametrize("result,said", [
    (resign_result(2, 1), "bo (Blue) resigned; ada (Red) wins"),
    (forfeit_result(2, 0), "ada (Red) ran out of time and forfeited; bo (Blue) wins"),
    (resign_result(3, 2), "cy (Monk) resigned"),
    (abort_result("the server's operator ended it"), "the game was aborted: the server's operator ended it"),
    ({"winner": 0, "scores": [5, 0], "reason": "red burned 5 points"}, "ada (Red) won (red burned 5 points)"),
    ({"winner": None, "scores": None, "reason": "move limit"}, "a draw (move limit)"),
])
def test_the_protocols_own_reasons_are_told_with_names(result: dict[str, Any], said: str) -> None:
    """The reasons protocol.leaving, protocol.deadlines and protocol.steps write are the ones
    protocol.story recognises (the log's bytes keep them; the words name the players)."""
    names = {0: "ada (Red)", 1: "bo (Blue)", 2: "cy (Monk)"}
    assert result_words(json.loads(json.dumps(result)), names.__getitem__) == said
