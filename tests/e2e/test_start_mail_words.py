"""The start mail says who moves first as the start throw does: in a Der Feuersalamander game where
a pair dealt must be resolved before the first turn, the seat that begins (the start throw's) and
the seat that decides before it are both named, never "QUEEN moves first" beside "King begins".
Through the live server, the real sender and an SMTP sink on loopback."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import engines
from client.play import Player
from tests.conftest import LiveServer
from tests.e2e.mailplay import MailTable
from tests.e2e.test_mail_e2e import Smtp

pytest.importorskip("engines.feuersalamander")


def test_the_start_mail_agrees_with_the_start_throw(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, monkeypatch: pytest.MonkeyPatch
) -> None:
    ada, bo = make_player("ada"), make_player("bo")
    table = MailTable(smtp, live_server.data_dir, [ada, bo], monkeypatch)
    colours = engines.get("feuersalamander").seat_names(2)
    for _ in range(40):  # the server's seed deals: play new games until one deals a pair first
        game = ada.new_game("feuersalamander", {}, seats=2, join=True)["id"]
        bo.join(game)
        start = next(e for e in ada.log(game) if e["type"] == "start")
        begins = next(e["data"]["start_player"] for e in start["body"]["events"] if e.get("kind") == "start_throws")
        if start["body"]["to_move"] != begins:
            break
    else:
        pytest.fail("no game of 40 dealt a pair to resolve before the first turn")
    names = ["ada", "bo"]
    deciding = start["body"]["to_move"]
    mails = [m.get_content() for m in table.deliver() if m["X-Pbem-Kind"] == "start" and game in str(m["Subject"])]
    assert mails  # the seat not to decide gets it (the other its your-turn mail)
    for text in mails:
        headline = text.splitlines()[0]
        assert headline.endswith(
            f"has started: {names[begins]} ({colours[begins]}) begins; before the first turn, "
            f"{names[deciding]} ({colours[deciding]}) decides."
        ), headline
        assert f"{colours[begins]} begins" in text  # the start throw, as the story tells it
