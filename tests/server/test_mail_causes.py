"""The your-turn and start mails of an append: one outbox row per recipient holding the mail's
cause (server/mail/causes.py), written in the entry's transaction and composed by the sender.

On SQLite and on PostgreSQL, with the real sender and a real SMTP server (aiosmtpd on loopback):
each cause becomes one mail, sent once; a cause composed after the game moved on says what it
said at once; a sender that died after claiming a row (its lease still running), or an SMTP
server that refused it for now, loses nothing and sends nothing twice; who wants no mail and
seats a bot plays get no row.
"""

from __future__ import annotations

import datetime as dt
import email
import email.policy
import json
import secrets
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from flask import Flask

from server.mail import causes
from server.mail.mailer import LEASE, Sender
from server.store.models import (
    Account,
    BotLease,
    Game,
    Mail,
    MailPref,
    MoveToken,
    Mute,
    database,
    utcnow,
)
from tests.e2e.test_mail_e2e import Smtp
from tests.server.conftest import Caller

DEADLINE = {"days": 1, "grace_hours": 0, "on_expiry": "bot"}


def _game(app: Flask, rounds: int = 3, **extra: Any) -> tuple[Caller, Caller, str]:
    client = app.test_client()
    north, south = Caller(client), Caller(client)
    assert north.account("north").status_code == 201
    assert south.account("south").status_code == 201
    body = {"engine": "toy", "options": {"rounds": rounds}, "seats": 2, "request_id": secrets.token_hex(8)} | extra
    resp = north.call("POST", "/v1/games", body)
    assert resp.status_code == 201, resp.get_json()
    game = resp.get_json()["id"]
    assert north.join(game, 0, "north").status_code == 200
    assert south.join(game, 1, "south").status_code == 200
    return north, south, game


def _move(players: tuple[Caller, Caller], game: str) -> dict[str, Any]:
    summary = players[0].call("GET", f"/v1/games/{game}").get_json()
    seat = summary["to_move"]
    resp = players[seat].move(game, seat, {"type": "pass"})
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def _rows(game: str) -> list[Mail]:
    with database.connection_context():
        return list(Mail.select().where(Mail.game == game).order_by(Mail.id))


def _parse(text: str) -> EmailMessage:
    msg = email.message_from_string(text, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    return msg


def _sender(smtp: Smtp, app: Flask, clock: Any = None) -> Sender:
    cfg = smtp.config(Path(app.config["DATA_DIR"]))
    return Sender(cfg, clock) if clock is not None else Sender(cfg)


def _send(sender: Sender) -> dict[str, int]:
    with database.connection_context():
        return sender.send_due()


def test_each_your_turn_mail_is_one_cause_row_composed_and_sent_once(app: Flask, smtp: Smtp) -> None:
    """The start and each move that passes the turn write one row per recipient: its Subject line
    alone, the cause (the head's seq, the seat, who moves) and the state then; the sender composes
    and sends each once, and clears the cause and the state (concealed values) when composed."""
    north, south, game = _game(app)
    players = (north, south)
    answer = _move(players, game)
    rows = _rows(game)
    assert [(r.kind, r.to_addr) for r in rows] == [
        ("turn", "north@example.org"), ("start", "south@example.org"), ("turn", "south@example.org"),
    ]
    with database.connection_context():
        state = Game.get_by_id(game).state
    last = rows[-1]
    assert last.status == "pending" and last.message == f"Subject: pbem {game} (Toy): your turn\n"
    cause = json.loads(last.cause)
    assert (cause["seq"], cause["seat"], cause["to_move"], cause["started"]) == (answer["head"]["seq"], 1, 1, False)
    assert last.state == state
    assert json.loads(rows[0].cause)["started"] is True

    assert _send(_sender(smtp, app)) == {"sent": 3, "retry": 0, "failed": 0}
    assert _send(_sender(smtp, app)) == {"sent": 0, "retry": 0, "failed": 0}
    mails = [m for _, _, m in smtp.handler.messages]
    assert [m["X-Pbem-Kind"] for m in mails] == ["turn", "start", "turn"]
    assert len(set(smtp.handler.ids)) == 3
    assert "The game has just started" in mails[0].get_content()
    assert f"Game {game} (Toy, 2 players) has started" in mails[1].get_content()
    assert f"It is your turn in game {game} (Toy, 2 players)." in mails[2].get_content()
    for row in _rows(game):
        assert row.status == "sent" and row.cause is None and row.state is None
        assert _parse(row.message)["Message-ID"] in smtp.handler.ids  # the row keeps what was sent


def test_a_cause_composed_after_the_game_moved_on_says_what_it_said_at_once(app: Flask) -> None:
    """A game with email moves (the mail's token): the your-turn mail of a cause composed three
    moves later is the one composed right after its move, to the byte, and the token it carries
    is for the head it was mailed at."""
    north, south, game = _game(app, rounds=4, email_moves=True)
    players = (north, south)
    answer = _move(players, game)
    row = _rows(game)[-1]
    with database.connection_context():
        at_once = causes.compose(row, None)
    for _ in range(3):
        _move(players, game)
    row = _rows(game)[2]  # the same row, read again
    with database.connection_context():
        later = causes.compose(row, None)
    assert later == at_once
    assert later.token is not None and f"token: {later.token[0]}" in _parse(later.message).get_content()
    assert later.token[3] == answer["head"]["seq"] + 1 and later.token[4] == answer["head"]["hash"]
    with database.connection_context(), database.atomic():
        causes.composed_now(row, later)
        row.save()
        assert MoveToken.get_by_id(later.token[0]).prev == answer["head"]["hash"]


def test_the_due_time_is_told_while_the_decision_is_open_and_not_after(app: Flask) -> None:
    """A game with a deadline: composed while the seat's decision is still open, the mail says
    when it is due, as composed at once; composed after the seat decided (its clock has moved on
    to another decision), it says everything else the same and no due time, which is past."""
    north, south, game = _game(app, rounds=4, deadline=DEADLINE)
    players = (north, south)
    _move(players, game)
    row = _rows(game)[-1]
    with database.connection_context():
        at_once = causes.compose(row, None).message
        again = causes.compose(row, None).message
    assert again == at_once and "Decide by " in _parse(at_once).get_content()
    _move(players, game)
    with database.connection_context():
        later = causes.compose(_rows(game)[2], None).message
    due = [line for line in at_once.splitlines() if line.startswith("Decide by ")]
    assert len(due) == 1
    assert later.splitlines() == [line for line in at_once.splitlines() if line != due[0]]


def test_a_sender_that_died_after_its_claim_leaves_the_row_to_the_next_one_once(sqlite_app: Flask, smtp: Smtp) -> None:
    """SQLite: a sender claims a row (status "sending", a lease) and dies before composing it. A
    sender started again within the lease sends nothing; once the lease runs out, one sends it,
    composed, once; none after it sends it again."""
    north, south, game = _game(sqlite_app)
    _move((north, south), game)
    queued = _rows(game)[-1]
    t0 = utcnow()
    with database.connection_context():  # what _claim and its save do before the crash
        Mail.update(status="sending", next_try=t0 + LEASE).where(Mail.id == queued.id).execute()
    assert _send(_sender(smtp, sqlite_app, lambda: t0)) == {"sent": 2, "retry": 0, "failed": 0}  # the others
    assert _rows(game)[-1].cause is not None  # not composed, not sent
    assert _send(_sender(smtp, sqlite_app, lambda: t0 + LEASE)) == {"sent": 1, "retry": 0, "failed": 0}
    assert _send(_sender(smtp, sqlite_app, lambda: t0 + 2 * LEASE)) == {"sent": 0, "retry": 0, "failed": 0}
    mine = [m for _, rcpt, m in smtp.handler.messages if rcpt == ["south@example.org"] and m["X-Pbem-Kind"] == "turn"]
    assert len(mine) == 1 and f"It is your turn in game {game}" in mine[0].get_content()


def test_a_mail_composed_then_refused_for_now_goes_once_with_the_same_text(app: Flask, smtp: Smtp) -> None:
    """The SMTP server refuses south for now (451): the row is composed (its message kept, its
    cause cleared) and waits; the next try sends that message, once."""
    north, south, game = _game(app)
    _move((north, south), game)
    smtp.handler.refuse = {"south@example.org": "451 try again later"}
    t0 = utcnow()
    assert _send(_sender(smtp, app, lambda: t0)) == {"sent": 1, "retry": 2, "failed": 0}
    waiting = [r for r in _rows(game) if r.status == "pending"]
    assert len(waiting) == 2 and all(r.cause is None and r.attempts == 1 for r in waiting)
    kept = {r.id: r.message for r in waiting}
    smtp.handler.refuse = {}
    later = t0 + dt.timedelta(hours=1)
    assert _send(_sender(smtp, app, lambda: later)) == {"sent": 2, "retry": 0, "failed": 0}
    assert _send(_sender(smtp, app, lambda: later)) == {"sent": 0, "retry": 0, "failed": 0}
    assert {r.id: r.message for r in _rows(game) if r.id in kept} == kept
    assert len(smtp.handler.messages) == 3 and len(set(smtp.handler.ids)) == 3


def test_no_row_for_who_wants_no_mail_or_a_seat_a_bot_plays(app: Flask) -> None:
    """The one statement that queues a your-turn mail leaves out an account not on "all", one
    that muted the game, and a seat with a running bot lease (an expired one silences nothing)."""
    north, south, game = _game(app, rounds=5)
    players = (north, south)
    with database.connection_context():
        south_id = Account.get(Account.name == "south").id
    _move(players, game)
    assert _rows(game)[-1].to_addr == "south@example.org"
    count = len(_rows(game))

    def after_two_moves() -> list[str]:
        _move(players, game)
        _move(players, game)
        return [r.to_addr for r in _rows(game)[count:]]

    with database.connection_context():
        MailPref.create(account=south_id, notify="digest")
    assert after_two_moves() == ["north@example.org"]
    count = len(_rows(game))
    with database.connection_context():
        MailPref.delete().execute()
        Mute.create(account=south_id, game=game)
    assert after_two_moves() == ["north@example.org"]
    count = len(_rows(game))
    with database.connection_context():
        Mute.delete().execute()
        BotLease.create(game=game, seat=1, account=south_id, until=utcnow() + dt.timedelta(minutes=30))
    assert after_two_moves() == ["north@example.org"]
    count = len(_rows(game))
    with database.connection_context():
        BotLease.update(until=utcnow() - dt.timedelta(minutes=1)).execute()
    assert after_two_moves() == ["north@example.org", "south@example.org"]
