"""Mail, on SQLite and on PostgreSQL: the outbox rows each entry writes in its own
transaction, what they say (and never say), preferences, the digest, the unsubscribe
link, invitations by address, and the .eml fallback of the sender."""

from __future__ import annotations

import copy
import datetime as dt
import email
import email.policy
import os
import re
import secrets
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

import engines
from server.mail import addressing, causes, compose, digest, texts
from server.mail.mailer import Sender, SmtpConfig
from server.store.models import Account, Entry, Mail, MailPref, database, utcnow
from tests.protocol.toy import ToyEngine
from tests.server.conftest import Caller


class TwiceEngine(ToyEngine):
    """The toy game, but each seat makes two decisions in a row (0, 0, 1, 1, 0, 0, ...)."""

    id = "twice"
    title = "Twice"

    def apply(self, state: dict[str, Any], seat: int, move: dict[str, Any], rng: Any) -> tuple[dict[str, Any], list[Any]]:
        new, events = super().apply(state, seat, move, rng)
        new["turn"] = (new["moves"] // 2) % 2
        return new, events


TWICE = TwiceEngine()


def rows(game: str | None = None) -> list[Mail]:
    """The outbox, each queued cause composed first (as the sender does before sending it)."""
    with database.connection_context():
        causes.compose_waiting()
        query = Mail.select().order_by(Mail.id)
        if game is not None:
            query = query.where(Mail.game == game)
        return list(query)


def parse(row: Mail) -> EmailMessage:
    msg = email.message_from_string(row.message, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    return msg


def text_of(row: Mail) -> str:
    return parse(row).get_content()


def new_game(caller: Caller, engine: str = "toy", options: dict[str, Any] | None = None) -> str:
    body = {"engine": engine, "options": options or {"rounds": 2}, "seats": 2, "request_id": secrets.token_hex(8)}
    resp = caller.call("POST", "/v1/games", body)
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["id"]


def play_out(players: list[Caller], game: str, move: dict[str, Any] | None = None) -> None:
    while True:
        summary = players[0].call("GET", f"/v1/games/{game}").get_json()
        if summary["status"] == "over":
            return
        seat = summary["to_move"]
        resp = players[seat].move(game, seat, move or {"type": "pass"})
        assert resp.status_code == 200, resp.get_json()


@pytest.fixture
def three(app: Flask) -> tuple[Caller, Caller, Caller]:
    client = app.test_client()
    callers = (Caller(client), Caller(client), Caller(client))
    for caller, name in zip(callers, ("north", "south", "east"), strict=True):
        assert caller.account(name).status_code == 201
    return callers


def test_a_game_writes_start_turn_and_over_mail_to_the_right_people(three: tuple[Caller, Caller, Caller]) -> None:
    north, south, _ = three
    game = new_game(north)
    north.join(game, 0, "north")
    assert rows(game) == []  # nobody is told anything before the start
    south.join(game, 1, "south")
    play_out([north, south], game)
    got = [(r.kind, r.to_addr) for r in rows(game)]
    # start: the seat to move gets "your turn" (saying the game started), the other "started";
    # then one your-turn per change of the deciding seat; game over to both.
    assert got == [
        ("turn", "north@example.org"),
        ("start", "south@example.org"),
        ("turn", "south@example.org"),
        ("turn", "north@example.org"),
        ("turn", "south@example.org"),
        ("over", "north@example.org"),
        ("over", "south@example.org"),
    ]
    first = text_of(rows(game)[0])
    assert f"It is your turn in game {game} (Toy, 2 players)." in first
    assert f"With the client: `pbem show {game}`, then `pbem move {game}` lists your moves." in first
    assert "The game has just started" in first
    over = text_of(rows(game)[-1])
    assert f"pbem export {game} -o {game}.json" in over and f"pbem audit {game}.json" in over
    assert re.search(r"is over: (a draw|(north|south) \((north|south)\) won)", over), over  # protocol.story's words


def test_threading_headers_message_ids_and_unsubscribe(three: tuple[Caller, Caller, Caller]) -> None:
    north, south, _ = three
    game = new_game(north)
    north.join(game, 0, "north")
    south.join(game, 1, "south")
    play_out([north, south], game)
    ids = set()
    for row in rows(game):
        msg = parse(row)
        assert msg["In-Reply-To"] == f"<game-{game}@localhost>"
        assert msg["References"] == f"<game-{game}@localhost>"
        assert re.fullmatch(rf"<{row.kind}\.{game}\.\d+\.[0-9a-f]{{12}}@localhost>", msg["Message-ID"])
        ids.add(msg["Message-ID"])
        assert msg["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert re.fullmatch(r"<http://localhost/v1/mail/unsubscribe/\d+/[0-9a-f]{32}>", msg["List-Unsubscribe"])
        assert msg["From"] == "pbem <pbem@localhost>" and msg["Date"] and msg["X-Pbem-Kind"] == row.kind
        assert msg.get_content_type() == "text/plain"
    assert len(ids) == len(rows(game))  # one Message-ID per mail


def test_message_ids_are_stable() -> None:
    settings = addressing.MailSettings("pbem <pbem@example.org>", "https://pbem.example.org", b"k" * 32, "pip install pbem")
    rcpt = addressing.recipient_id(7, "ada@example.org")
    one = addressing.message_id(settings, "3f2a9c01d2e4b5a6", 12, "turn", rcpt)
    assert one == addressing.message_id(settings, "3f2a9c01d2e4b5a6", 12, "turn", rcpt)
    assert one != addressing.message_id(settings, "3f2a9c01d2e4b5a6", 13, "turn", rcpt)
    assert one.endswith("@example.org>") and addressing.root_id(settings, "3f2a9c01d2e4b5a6") == "<game-3f2a9c01d2e4b5a6@example.org>"


def test_your_turn_is_sent_when_the_deciding_seat_changes_not_per_decision(three: tuple[Caller, Caller, Caller]) -> None:
    engines.register(TWICE)
    north, south, _ = three
    game = new_game(north, "twice", {"rounds": 3})
    north.join(game, 0, "north")
    south.join(game, 1, "south")
    play_out([north, south], game)
    # decisions: n n s s n n: three changes of seat (start: north; south; north)
    got = [(r.kind, r.to_addr.split("@")[0]) for r in rows(game)]
    assert got == [("turn", "north"), ("start", "south"), ("turn", "south"), ("turn", "north"), ("over", "north"), ("over", "south")]


def test_mail_rows_belong_to_the_entry_transaction(app: Flask, three: tuple[Caller, Caller, Caller]) -> None:
    """A move rolled back takes its mail with it; a refused move writes none."""
    north, south, _ = three
    game = new_game(north)
    north.join(game, 0, "north")
    south.join(game, 1, "south")
    before = len(rows(game))
    head = north.call("GET", f"/v1/games/{game}").get_json()["head"]
    stale = dict(head, seq=head["seq"] - 1)
    assert north.move(game, 0, {"type": "pass"}, head=stale).status_code == 409
    assert south.move(game, 1, {"type": "pass"}).status_code in (403, 422)
    assert len(rows(game)) == before

    from protocol.entries import envelope, sign_envelope

    class Boom(Exception):
        pass

    ledger = app.extensions["pbem.ledger"]
    env = envelope(game, head["seq"] + 1, head["hash"], 0, {"type": "pass"}, None, "ab" * 32, "2026-01-01T00:00:00Z")
    with database.connection_context():
        account = Account.get(Account.name == "north")
        with pytest.raises(Boom), database.atomic():
            ledger.move(game, account, env, sign_envelope(env, north.key), None, None)
            assert len(list(Mail.select().where(Mail.game == game))) == before + 1  # queued ...
            raise Boom  # ... but the transaction does not commit
        assert Entry.select().where(Entry.game == game).count() == head["seq"] + 1
    assert len(rows(game)) == before  # ... so neither the entry nor its mail exists


def test_mail_holds_public_data_only(three: tuple[Caller, Caller, Caller]) -> None:
    """A hidden value and the private deal never reach any mail, not even the mover's own."""
    north, south, _ = three
    game = new_game(north, options={"rounds": 1})
    north.join(game, 0, "north")
    south.join(game, 1, "south")
    assert north.move(game, 0, {"type": "hide", "value": 3}).status_code == 200
    turn = [r for r in rows(game) if r.kind == "turn" and r.to_addr.startswith("south")][0]
    body = text_of(turn)
    assert "north moved hide (with a concealed part)" in body  # the public part of the move, in words
    for concealed in ("hide 3", "dealt", "value", "hidden"):
        assert concealed not in body


def test_preferences_none_digest_and_mute(app: Flask, three: tuple[Caller, Caller, Caller]) -> None:
    north, south, east = three
    assert north.call("GET", "/v1/me/notify").get_json() == {"notify": "all", "muted": []}
    assert south.call("POST", "/v1/me/notify", {"notify": "none"}).get_json()["notify"] == "none"
    assert south.call("POST", "/v1/me/notify", {"notify": "weekly"}).status_code == 400
    game = new_game(north)
    other = new_game(north)
    north.join(game, 0, "north")
    south.join(game, 1, "south")
    north.join(other, 0, "north")
    assert east.call("POST", f"/v1/games/{other}/mute", {"mute": True}).status_code == 403  # not seated
    assert north.call("POST", f"/v1/games/{other}/mute", {"mute": True}).get_json()["game_muted"] is True
    assert north.call("GET", "/v1/me/notify").get_json()["muted"] == [other]
    assert east.call("POST", "/v1/me/notify", {"notify": "digest"}).status_code == 200
    east.join(other, 1, "east")
    play_out([north, south], game)
    assert {r.to_addr for r in rows(game)} == {"north@example.org"}  # south: none
    assert north.move(other, 0, {"type": "pass"}).status_code == 200  # now east is to move
    assert rows(other) == []  # north muted it, east reads a digest

    # The digest: one a day, listing the game waiting for east; nothing for accounts on "all".
    settings = app.extensions["pbem.ledger"].mail
    day = dt.datetime(2026, 12, 1, 8, 0)
    with database.connection_context():
        assert digest.digest(settings, day) == 1
        assert digest.digest(settings, day + dt.timedelta(hours=10)) == 0  # same day: no second
    digests = [r for r in rows() if r.kind == "digest"]
    assert [r.to_addr for r in digests] == ["east@example.org"]
    body = text_of(digests[0])
    assert f"game {other}" in body and f"pbem show {other}" in body and "Waiting for your move (1)" in body
    with database.connection_context():
        assert digest.digest(settings, day + dt.timedelta(days=1)) == 1  # the next day: again
    assert north.call("POST", f"/v1/games/{other}/mute", {"mute": False}).get_json()["game_muted"] is False


def test_the_unsubscribe_link_turns_mail_off(app: Flask, three: tuple[Caller, Caller, Caller]) -> None:
    north, south, _ = three
    game = new_game(north)
    north.join(game, 0, "north")
    south.join(game, 1, "south")
    link = parse(rows(game)[0])["List-Unsubscribe"].strip("<>")
    path = link.removeprefix("http://localhost")
    client = app.test_client()
    page = client.get(path)
    assert page.status_code == 200 and b'method="post"' in page.data
    assert north.call("GET", "/v1/me/notify").get_json()["notify"] == "all"  # a GET changes nothing
    forged = client.post(path[:-4] + "0000", data="List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")
    assert forged.status_code == 404
    done = client.post(path, data="List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")
    assert done.status_code == 200
    assert north.call("GET", "/v1/me/notify").get_json()["notify"] == "none"
    n = len(rows(game))
    play_out([north, south], game)
    assert "north@example.org" not in {r.to_addr for r in rows(game)[n:]}


def test_invitation_by_address_keeps_the_seat_for_the_holder_of_the_mailed_token(app: Flask, three: tuple[Caller, Caller, Caller]) -> None:
    """A seat kept for an address goes to whoever presents the token mailed there: registering
    with the address gives nothing (an address is asserted, not proven)."""
    north, _, east = three
    game = new_game(north)
    resp = north.call("POST", f"/v1/games/{game}/invite", {"email": "zoe@example.org", "seat": 1})
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["invited"] == [{"seat": 1, "name": None, "email": "z...@example.org"}]
    mail = rows(game)[-1]
    assert (mail.kind, mail.to_addr, mail.account_id) == ("invite", "zoe@example.org", None)
    body = text_of(mail)
    assert "pip install" in body and "pbem init --server http://localhost --name NAME --email zoe@example.org" in body
    token = re.search(rf"pbem join {game} --token ([0-9a-f]{{32}})", body)
    assert token is not None and "north invites you" in body
    assert "List-Unsubscribe" not in parse(mail)  # no account to unsubscribe
    assert east.join(game, 1, "east").status_code == 403  # kept for the address
    zoe = Caller(app.test_client())
    assert zoe.call("POST", "/v1/accounts", {"name": "zoe", "email": "Zoe@Example.org"}).status_code == 201
    assert north.call("GET", f"/v1/games/{game}").get_json()["invited"] == [{"seat": 1, "name": None, "email": "z...@example.org"}]
    assert zoe.join(game, 1, "zoe").status_code == 403  # the address alone takes nothing
    assert zoe.call("POST", f"/v1/games/{game}/claim", {"token": token[1]}).status_code == 200
    assert north.call("GET", f"/v1/games/{game}").get_json()["invited"] == [{"seat": 1, "name": "zoe"}]
    assert zoe.join(game, 1, "zoe").status_code == 200
    # An address that an account gives is kept for the address all the same (its own mail, a token).
    other = new_game(north)
    assert north.call("POST", f"/v1/games/{other}/invite", {"email": "east@example.org"}).get_json()["invited"] == [{"seat": 0, "name": None, "email": "e...@example.org"}]
    assert (rows(other)[-1].kind, rows(other)[-1].account_id) == ("invite", None)
    assert f"pbem join {other} --token " in text_of(rows(other)[-1])
    assert north.call("POST", f"/v1/games/{other}/invite", {"email": "not an address"}).status_code == 400
    # cancel an address invitation
    third = new_game(north)
    north.call("POST", f"/v1/games/{third}/invite", {"email": "x@example.org"})
    assert north.call("DELETE", f"/v1/games/{third}/invite/x@example.org").get_json()["invited"] == []


def test_without_smtp_mail_becomes_eml_files_once(app: Flask, three: tuple[Caller, Caller, Caller], tmp_path: Path) -> None:
    north, south, _ = three
    game = new_game(north)
    north.join(game, 0, "north")
    south.join(game, 1, "south")
    play_out([north, south], game)
    cfg = SmtpConfig.from_config(app.config, "pbem <pbem@localhost>")
    assert cfg.host is None
    sender = Sender(cfg)
    with database.connection_context():
        assert sender.send_due() == {"sent": 7, "retry": 0, "failed": 0}
        assert sender.send_due() == {"sent": 0, "retry": 0, "failed": 0}
    files = sorted((Path(app.config["DATA_DIR"]) / "outbox").glob("*.eml"))
    assert [f.name.split("-")[-1] for f in files] == ["turn.eml", "start.eml", "turn.eml", "turn.eml", "turn.eml", "over.eml", "over.eml"]
    assert all(r.status == "sent" and r.sent_at is not None and r.attempts == 1 for r in rows(game))
    assert files[0].read_text() == rows(game)[0].message


def test_preference_rows_survive_as_one_per_account(three: tuple[Caller, Caller, Caller]) -> None:
    north, _, _ = three
    for value in ("digest", "none", "all", "all"):
        assert north.call("POST", "/v1/me/notify", {"notify": value}).get_json()["notify"] == value
    with database.connection_context():
        assert MailPref.select().count() == 1


def test_compose_is_pure_and_plain_text() -> None:
    settings = addressing.MailSettings("pbem <pbem@example.org>", "https://pbem.example.org", b"k" * 32, "pip install pbem")
    pub = texts.Public(
        game_id="3f2a9c01d2e4b5a6", title="Der Feuersalamander", seats=3,
        players=[texts.Player(0, "ada", "King"), texts.Player(1, "bo", "Queen"), texts.Player(2, "cy", "Jack")],
        seat_names=["King", "Queen", "Jack"], status="running", to_move=1, head_seq=42,
        view={"scores": [12, 30, 0]}, moves=["41. ada (King): throw", "42. ada (King): discard row 3"], result=None,
    )
    text = texts.turn_text(settings, pub, 2)
    assert text.startswith("It is your turn in game 3f2a9c01d2e4b5a6 (Der Feuersalamander, 3 players).")
    assert "To move: bo (Queen)" in text and "Scores: ada 12, bo 30, cy 0" in text
    assert "  42. ada (King): discard row 3" in text
    assert "https://pbem.example.org/v1/mail/unsubscribe/2/" in text
    when = dt.datetime(2026, 11, 30, 12, 0)
    args = dict(kind="turn", to_name="bo", to_addr="bo@example.org", subject="s", text=text,
                msg_id="<x@example.org>", game_id=pub.game_id, account_id=2, when=when)
    a = compose.as_text(compose.compose(settings, **args))  # type: ignore[arg-type]
    assert a == compose.as_text(compose.compose(settings, **copy.deepcopy(args)))  # type: ignore[arg-type]
    assert "Date: Mon, 30 Nov 2026 12:00:00 GMT" in a or "Date: Mon, 30 Nov 2026 12:00:00 +0000" in a
    assert a.isascii()


def test_deadline_reminders_warnings_and_timeouts_are_mailed(app: Flask, three: tuple[Caller, Caller, Caller], monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweeper (server/sweeper.py) announces deadline events; each becomes a mail in the
    same transaction, to the seat to move (reminder, last warning) or to everyone (timeout)."""
    from server.clock import clock, sweeper

    t0 = dt.datetime(2026, 3, 2, 9, 0)
    now = [t0]
    monkeypatch.setattr(clock, "CLOCK", lambda: now[0])
    north, south, _ = three
    body = {"engine": "toy", "options": {"rounds": 2}, "seats": 2, "deadline": {"days": 1, "grace_hours": 0, "on_expiry": "bot"}}
    game = north.call("POST", "/v1/games", body).get_json()["id"]
    north.join(game, 0, "north")
    south.join(game, 1, "south")
    for hours in (12, 13, 18, 24):
        now[0] = t0 + dt.timedelta(hours=hours)
        sweeper.tick(now=now[0], app=app)
    got = [(r.kind, r.to_addr.split("@")[0]) for r in rows(game)]
    assert got == [
        ("turn", "north"), ("start", "south"),
        ("reminder", "north"), ("warning", "north"),  # once each
        ("turn", "south"),  # the timeout's entry hands the decision over: its story says why ...
        ("timeout", "north"),  # ... and the seat out of time hears what was played (one mail each)
    ]
    by_kind = {r.kind: text_of(r) for r in rows(game)}
    assert by_kind["reminder"].startswith(f"Reminder: it is your turn in game {game} (Toy, 2 players): run `pbem show {game}`")
    assert "Decide by 2026-03-03 09:00:00 UTC, or the server plays a random legal move for you." in by_kind["reminder"]
    assert by_kind["warning"].startswith("Last warning: ")
    assert re.search(r"Time ran out for north \(north\) in game [0-9a-f]{16} \(Toy, 2 players\): the server played (throw|pass|hide) for that seat\.", by_kind["timeout"])
    assert "hide 1" not in by_kind["timeout"] and "hide 2" not in by_kind["timeout"] and "hide 3" not in by_kind["timeout"]
    for row in rows(game):
        assert parse(row)["In-Reply-To"] == f"<game-{game}@localhost>"


def test_pbem_server_mail_once_and_outbox(
    sqlite_app: Flask, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from server.cli import main as server_main

    client = sqlite_app.test_client()
    north, south = Caller(client), Caller(client)
    north.account("north")
    south.account("south")
    game = new_game(north)
    north.join(game, 0, "north")
    south.join(game, 1, "south")
    data_dir = sqlite_app.config["DATA_DIR"]
    for name in [k for k in os.environ if k.startswith("PBEM_SMTP_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("PBEM_DATA_DIR", data_dir)  # restored after the test (the command sets it)
    monkeypatch.setenv("PBEM_PUBLIC_URL", "http://localhost")  # the sender makes mail: it needs the URL
    assert server_main(["outbox", "--data-dir", data_dir, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["totals"] == {"pending": 2, "sending": 0, "sent": 0, "failed": 0}
    assert [(m["kind"], m["to"], m["status"]) for m in listed["mail"]] == [
        ("turn", "north@example.org", "pending"), ("start", "south@example.org", "pending"),
    ]
    assert listed["mail"][0]["subject"] == f"pbem {game} (Toy): your turn"
    assert server_main(["mail", "--once", "--data-dir", data_dir]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["sent"] == 2
    assert server_main(["outbox", "--data-dir", data_dir]) == 0
    text = capsys.readouterr().out
    assert text.startswith("outbox: 0 waiting, 2 sent, 0 failed") and "your turn" in text
    assert len(list((Path(data_dir) / "outbox").glob("*.eml"))) == 2


def test_sqlite_a_row_claimed_by_a_sender_that_died_is_sent_after_its_lease(sqlite_app: Flask, three: tuple[Caller, Caller, Caller]) -> None:
    """On SQLite a claim is a lease ("sending" until claim time + LEASE), taken in a BEGIN
    IMMEDIATE transaction that is committed before the SMTP exchange: a sender killed
    mid-send leaves its row "sending"; nobody takes it before the lease ends, then one does."""
    from server.mail.mailer import LEASE

    north, south, _ = three
    game = new_game(north)
    north.join(game, 0, "north")
    south.join(game, 1, "south")
    t0 = utcnow() + dt.timedelta(seconds=5)
    with database.connection_context():
        first = Mail.select().order_by(Mail.id).first()
        Mail.update(status="sending", next_try=t0 + LEASE).where(Mail.id == first.id).execute()  # as a dead sender left it
    cfg = SmtpConfig.from_config(sqlite_app.config, "pbem <pbem@localhost>")
    with database.connection_context():
        assert Sender(cfg, lambda: t0).send_due()["sent"] == 1  # the other row only
        assert Sender(cfg, lambda: t0 + LEASE - dt.timedelta(seconds=1)).send_due()["sent"] == 0
        assert Sender(cfg, lambda: t0 + LEASE).send_due()["sent"] == 1
        assert Sender(cfg, lambda: t0 + 2 * LEASE).send_due()["sent"] == 0
    assert [r.status for r in rows(game)] == ["sent", "sent"]
    assert len(list((Path(sqlite_app.config["DATA_DIR"]) / "outbox").glob("*.eml"))) == 2


def test_a_public_games_mail_links_to_its_page_a_private_ones_to_none(app: Flask, three: tuple[Caller, Caller, Caller]) -> None:
    """Mail links to the game's web page (your turn, game over), which anyone may open; a
    private game has no page (it answers as a missing game), so its mail names none."""
    north, south, _ = three
    public = new_game(north)
    body = {"engine": "toy", "options": {"rounds": 1}, "seats": 2, "private": True, "request_id": secrets.token_hex(8)}
    resp = north.call("POST", "/v1/games", body)
    assert resp.status_code == 201, resp.get_json()
    private = resp.get_json()["id"]
    invited = north.call("POST", f"/v1/games/{private}/invite", {"name": "south", "seat": 1})
    assert invited.status_code in (200, 201), invited.get_json()
    for game in (public, private):
        north.join(game, 0, "north")
        south.join(game, 1, "south")
        play_out([north, south], game)
    page = f"http://localhost/g/{public}"
    public_mail = [text_of(r) for r in rows(public)]
    assert {r.kind for r in rows(public)} >= {"turn", "over"}
    assert all(f"The game in a browser: {page}\n" in text for text in public_mail)
    assert app.test_client().get(f"/g/{public}").status_code == 200
    private_mail = [text_of(r) for r in rows(private)]
    assert private_mail and not any("/g/" in text or "in a browser" in text for text in private_mail)
    assert app.test_client().get(f"/g/{private}").status_code == 404
