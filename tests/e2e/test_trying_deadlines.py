"""Deadlines one can try (the README's "Trying deadlines"), through a live server, the real
`pbem-server` commands, the real sender and aiosmtpd on loopback.

`pbem-server tick --now T` moves the game clock only: the reminders, warnings and time-ran-out
mails it makes go out now (not at T, a day after the game ended), dated now; `pbem games` shows
the time the server signed the newest entry, not T. A command that makes mail with links
(`tick`, `mail`, `inbox`) refuses to run without PBEM_PUBLIC_URL, doing nothing. One expiry is
one mail per player however many decisions the server played for the seat: a notice listing
them to the others, the your-turn mail (whose story lists them) to the seat now to move.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import re
import sys
from collections.abc import Callable
from email.message import EmailMessage
from email.utils import parsedate_to_datetime
from typing import Any

import pytest
from typer.testing import CliRunner

from client.cli import app
from client.play import Player
from server.cli import main as server_main
from server.mail.mailer import Sender
from server.store.models import Entry, Mail, database
from tests.conftest import LiveServer
from tests.e2e.test_mail_e2e import Smtp

BOT = {"days": 1, "grace_hours": 0, "on_expiry": "bot"}


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None, microsecond=0)


def stamp(at: dt.datetime) -> str:
    return at.strftime("%Y-%m-%dT%H:%M:%SZ")


def two(make_player: Callable[[str], Player], engine: str, options: dict[str, Any]) -> tuple[Player, Player, str]:
    ada, bo = make_player("ada"), make_player("bo")
    game = ada.new_game(engine, options, seats=2, deadline=BOT)["id"]
    ada.join(game, 0)
    bo.join(game, 1)
    return ada, bo, game


def tick(live: LiveServer, at: dt.datetime, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """`pbem-server tick --now AT --json`, as an operator trying deadlines runs it."""
    capsys.readouterr()
    assert server_main(["tick", "--data-dir", str(live.data_dir), "--json", "--now", stamp(at)]) == 0
    return dict(json.loads(capsys.readouterr().out.strip().splitlines()[-1]))


def sent_now(live: LiveServer, smtp: Smtp) -> list[tuple[str, EmailMessage]]:
    """What a sender on the real clock sends now: (recipient, message), newest last."""
    before = len(smtp.handler.messages)  # type: ignore[attr-defined]
    with database.connection_context():
        sender = Sender(smtp.config(live.data_dir))
        while sender.send_due()["sent"]:
            pass
    return [(rcpt[0], m) for _, rcpt, m in smtp.handler.messages[before:]]  # type: ignore[attr-defined]


def games_line(player: Player, game: str) -> str:
    listed = CliRunner().invoke(app, ["games"], env={"PBEM_HOME": str(player.store.home)})
    assert listed.exit_code == 0, listed.output
    [line] = [line for line in listed.output.splitlines() if line.startswith(game)]
    return line


def test_a_tick_with_the_clock_set_ahead_mails_now_and_shows_the_real_times(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("PBEM_PUBLIC_URL", live_server.url)
    ada, bo, game = two(make_player, "magier", {"blind": False, "move_limit": 6})
    sent_now(live_server, smtp)  # the start and your-turn mails
    start = utcnow()
    mover, other = ("ada@example.org", "bo@example.org") if ada.show(game)["to_move"] == 0 else ("bo@example.org", "ada@example.org")

    assert tick(live_server, start + dt.timedelta(hours=13), capsys)["reminders"] == [{"game": game, "seat": ada.show(game)["to_move"]}]
    [(to, reminder)] = sent_now(live_server, smtp)  # now, not 13 hours from now
    assert (to, reminder["X-Pbem-Kind"]) == (mover, "reminder")

    later = start + dt.timedelta(days=2)
    assert tick(live_server, later, capsys)["timeouts"]
    got = sent_now(live_server, smtp)  # the time-ran-out mail too goes now, not in two days
    assert sorted((to, m["X-Pbem-Kind"]) for to, m in got) == [(mover, "timeout"), (other, "turn")]
    for _, msg in [*got, (mover, reminder)]:
        dated = parsedate_to_datetime(str(msg["Date"])).replace(tzinfo=None)
        assert abs(dated - utcnow()) < dt.timedelta(minutes=10), msg["Date"]  # dated by the real clock
    # the your-turn mail's deadline: the clock that the tick started at `later`, counted from now
    [turn] = [m for to, m in got if to == other]
    due = re.search(r"Decide by (\S+ \S+) UTC \((\d+) d", turn.get_content())
    assert due is not None and due[1] == (later + dt.timedelta(days=1)).strftime("%Y-%m-%d %H:%M"), turn.get_content()
    assert int(due[2]) in (2, 3)

    # the last entry is when the server signed it (now); the time left runs to the clock's expiry
    line = games_line(bo, game)
    assert f"last entry: {utcnow():%Y-%m-%d}" in line and f"{later:%Y-%m-%d %H}" not in line, line
    assert re.search(r"\b[23] d \d+ h left\b", line), line
    with database.connection_context():
        newest = json.loads(Entry.select().where(Entry.game == game).order_by(Entry.seq.desc()).get().data)
    assert newest["ts"].startswith(f"{utcnow():%Y-%m-%d}")  # the signed time is the real one


@pytest.mark.parametrize("command", [["tick", "--now", "2030-01-01T00:00:00Z"], ["mail", "--once"], ["inbox"]])
def test_a_command_that_makes_mail_refuses_to_run_without_a_public_url(
    live_server: LiveServer, make_player: Callable[[str], Player], command: list[str],
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    ada, _, game = two(make_player, "magier", {"blind": False, "move_limit": 6})
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"From: x@example.org\n\nmove 1\n")))
    with database.connection_context():
        rows = [(m.id, m.status) for m in Mail.select()]
    for url, said in ((None, "PBEM_PUBLIC_URL is not set"), ("localhost:8470", "must start with http:// or https://")):
        if url is None:
            monkeypatch.delenv("PBEM_PUBLIC_URL", raising=False)
        else:
            monkeypatch.setenv("PBEM_PUBLIC_URL", url)
        capsys.readouterr()
        assert server_main([command[0], "--data-dir", str(live_server.data_dir), *command[1:]]) == 2
        err = capsys.readouterr().err
        assert said in err and f"pbem-server {command[0]}" in err and "Traceback" not in err, err
    assert ada.api.game(game)["head"]["seq"] == 3  # no timeout: nothing was done
    with database.connection_context():
        assert [(m.id, m.status) for m in Mail.select()] == rows  # nothing was queued or sent


def test_one_expiry_is_one_mail_per_player_listing_what_the_server_played(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """A Cavemen turn is several decisions (the redraw: discards, then end phase): one expiry
    plays them all. The seat out of time gets one notice listing every move, in order; the
    other player one your-turn mail, whose story lists them. Until an expiry of two or more."""
    monkeypatch.setenv("PBEM_PUBLIC_URL", live_server.url)
    ada, bo, game = two(make_player, "cavemen", {})
    address = {0: "ada@example.org", 1: "bo@example.org"}
    sent_now(live_server, smtp)
    start, longest = utcnow(), 0
    for day in range(1, 9):
        seat = ada.show(game)["to_move"]
        done = tick(live_server, start + dt.timedelta(days=2 * day), capsys)
        played = [t["seq"] for t in done["timeouts"] if t["game"] == game]
        got = sent_now(live_server, smtp)
        if ada.show(game)["status"] != "running":
            break
        kinds = sorted((to, m["X-Pbem-Kind"]) for to, m in got)
        assert kinds == sorted([(address[seat], "timeout"), (address[1 - seat], "turn")]), (played, kinds)
        [notice] = [m for to, m in got if to == address[seat]]
        text = notice.get_content()
        if len(played) > 1:
            assert f"the server played {len(played)} moves for that seat, in order:" in text, text
            assert "The position after them:" in text
        [turn] = [m for to, m in got if to == address[1 - seat]]
        assert turn.get_content().count("ran out of time; the server played") >= min(len(played), 2), turn.get_content()
        with database.connection_context():  # one row per cause (the expiry's first entry) and recipient
            keys = [m.key for m in Mail.select().where((Mail.game == game) & (Mail.kind == "timeout"))]
        assert keys[-1].startswith(f"timeout:{game}:{played[0]}:") and len(keys) == len(set(keys)) == day
        longest = max(longest, len(played))
        if longest > 1:
            break
    assert longest > 1, "no expiry played more than one decision in eight days"
