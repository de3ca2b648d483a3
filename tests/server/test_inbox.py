"""Reply by email: `pbem-server inbox` plays a move a player mails back.

Real parts: the your-turn mail goes out through the outbox sender to an aiosmtpd server on
loopback, the test reads it there and answers it with a reply built with the `email`
package (as a mail client would: In-Reply-To, the Reply-To plus-address, the quoted mail
below the move); the refusals go back through the outbox and aiosmtpd too. The export of a
game with an email move audits PASS and names the move as server-attested.
"""

from __future__ import annotations

import io
import mailbox
import os
import re
import secrets
import sys
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr
from pathlib import Path
from typing import Any
from unittest.mock import patch

from flask import Flask

from protocol.audit import audit
from server.cli import main as server_main
from server.mail import inbox as inbox_mod
from server.mail.mailer import Sender
from server.mail.replies import move_lines
from server.store.models import Entry, InboxMessage, Mail, MoveToken, database
from tests.e2e.test_mail_e2e import Smtp
from tests.server.conftest import Caller

TOKEN_LINE = re.compile(r"^token: ([0-9a-f]{32})\r?$", re.MULTILINE)




class Game:
    """Two players over the test client; mail delivered to aiosmtpd on demand."""

    def __init__(self, app: Flask, smtp: Smtp, email_moves: bool = True) -> None:
        self.app = app
        self.smtp = smtp
        self.sender = Sender(smtp.config(Path(app.config["DATA_DIR"])))
        client = app.test_client()
        self.north, self.south = Caller(client), Caller(client)
        assert self.north.account("north").status_code == 201
        assert self.south.account("south").status_code == 201
        body: dict[str, Any] = {"engine": "toy", "options": {"rounds": 2}, "seats": 2}
        if email_moves:
            body["email_moves"] = True
        resp = self.north.call("POST", "/v1/games", body)
        assert resp.status_code == 201, resp.get_json()
        self.id = resp.get_json()["id"]
        assert resp.get_json()["email_moves"] is email_moves
        self.north.join(self.id, 0, "north")
        self.south.join(self.id, 1, "south")

    @property
    def ledger(self) -> Any:
        return self.app.extensions["pbem.ledger"]

    def deliver(self) -> list[EmailMessage]:
        """Send what is pending; what aiosmtpd received so far."""
        with database.connection_context():
            self.sender.send_due()
        return [m for _, _, m in self.smtp.handler.messages]

    def turn_mails(self, to: str) -> list[EmailMessage]:
        return [m for m in self.deliver() if m["X-Pbem-Kind"] == "turn" and to in m["To"]]

    def refusals(self) -> list[EmailMessage]:
        return [m for m in self.deliver() if m["X-Pbem-Kind"] == "reply_refused"]

    def process(self, msg: EmailMessage | bytes) -> inbox_mod.Outcome:
        raw = msg if isinstance(msg, bytes) else msg.as_bytes()
        with self.app.app_context(), database.connection_context():
            return inbox_mod.process(self.ledger, raw)

    def entries(self) -> list[dict[str, Any]]:
        return self.north.call("GET", f"/v1/games/{self.id}/log").get_json()["entries"]

    def summary(self) -> dict[str, Any]:
        return self.north.call("GET", f"/v1/games/{self.id}").get_json()


def reply(to_mail: EmailMessage, line: str, sender: str = "north@example.org", html: bool = False) -> EmailMessage:
    """A reply as a mail client writes it: to the Reply-To, threaded, the mail quoted below."""
    msg = EmailMessage()
    msg["From"] = f"North <{sender}>"
    msg["To"] = to_mail["Reply-To"] or to_mail["From"]
    msg["Subject"] = "Re: " + str(to_mail["Subject"])
    msg["Message-ID"] = make_msgid(domain="mail.example.org")
    msg["In-Reply-To"] = to_mail["Message-ID"]
    msg["References"] = to_mail["Message-ID"]
    quoted = "\n".join("> " + q for q in to_mail.get_content().splitlines())
    msg.set_content(f"{line}\n\nOn Monday, pbem wrote:\n{quoted}\n")
    if html:
        msg.add_alternative(f"<div>{line}</div><blockquote>{to_mail.get_content()}</blockquote>", subtype="html")
    return msg


def bare(line: str, token: str | None, sender: str = "north@example.org") -> EmailMessage:
    """A new message (no threading headers), the token only in the body, if at all."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "pbem@localhost"
    msg["Subject"] = "my move"
    msg["Message-ID"] = make_msgid(domain="mail.example.org")
    msg.set_content(f"{line}\n\n" + (f"token: {token}\n" if token else ""))
    return msg


def token_of(mail: EmailMessage) -> str:
    m = TOKEN_LINE.search(mail.get_content())
    assert m, mail.get_content()
    return m.group(1)


def play_out(g: Game) -> None:
    while True:
        s = g.summary()
        if s["status"] == "over":
            return
        seat = s["to_move"]
        assert (g.north, g.south)[seat].move(g.id, seat, {"type": "pass"}).status_code == 200


# -- the whole way ---------------------------------------------------------------------------


def test_a_reply_plays_the_move_and_the_export_audits_pass(app: Flask, smtp: Smtp) -> None:
    g = Game(app, smtp)
    [mail] = g.turn_mails("north@")
    token = token_of(mail)
    text = mail.get_content()
    assert "Reply to this mail with your move, or several, one a line, e.g." in text
    assert "server-attested" in text
    assert parseaddr(mail["Reply-To"])[1] == f"pbem+{token}@localhost"
    assert f".t{token}@" in mail["Message-ID"]
    out = g.process(reply(mail, "hide 2"))
    assert out.outcome == "played", out
    last = g.entries()[-1]
    assert last["type"] == "system" and last["body"]["kind"] == "email_move"
    assert last["body"]["token"] == token and last["body"]["seat"] == 0
    assert last["body"]["move"] == {"type": "hide"}  # the value is concealed like a signed hide
    with database.connection_context():
        assert MoveToken.get(MoveToken.token == token).used is not None
    # south is told it is its turn, north's token is spent; the game plays on to the end
    assert len(g.turn_mails("south@")) == 1
    play_out(g)
    export = g.north.call("GET", f"/v1/games/{g.id}/export").get_json()
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.to_json()
    assert verdict.checked["attested"] == 1
    assert "1 move(s) were made by email: server-attested, not player-signed" in verdict.reason
    assert g.refusals() == []


def test_several_decisions_in_one_turn_get_a_token_each(sqlite_app: Flask, smtp: Smtp) -> None:
    """Each decision needs its own token: the same seat, still to move, gets a new mail."""
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    assert g.process(reply(mail, "throw")).outcome == "played"
    [south] = g.turn_mails("south@")
    assert g.process(reply(south, "pass", sender="south@example.org")).outcome == "played"
    again = g.turn_mails("north@")
    assert len(again) == 2 and token_of(again[1]) != token_of(mail)
    assert g.process(reply(again[1], "pass")).outcome == "played"


# -- refusals --------------------------------------------------------------------------------


def refused(g: Game, out: inbox_mod.Outcome, *words: str) -> EmailMessage:
    assert out.outcome == "refused", out
    for word in words:
        assert word in out.reason, out.reason
    mails = g.refusals()
    assert mails, "the sender is told why"
    last = mails[-1]
    body = last.get_content().strip()
    assert body.startswith("Your move was not played: ") and "\n" not in body and words[0] in body
    return last


def kinds(g: Game) -> list[str]:
    return [e["body"].get("kind", e["type"]) for e in g.entries()]


def test_a_wrong_token_is_refused(sqlite_app: Flask, smtp: Smtp) -> None:
    g = Game(sqlite_app, smtp)
    before = kinds(g)
    out = g.process(bare("throw", secrets.token_hex(16)))
    answer = refused(g, out, "is not one this server issued")
    assert parseaddr(answer["To"])[1] == "north@example.org"
    assert kinds(g) == before


def test_a_reused_token_is_refused(sqlite_app: Flask, smtp: Smtp) -> None:
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    assert g.process(reply(mail, "throw")).outcome == "played"
    out = g.process(reply(mail, "pass"))  # another message, the same token
    refused(g, out, "was used already")
    assert kinds(g).count("email_move") == 1


def answered(g: Game, out: inbox_mod.Outcome, *words: str) -> EmailMessage:
    """The sender is still to decide: the refusal comes as their next your-turn mail, one mail
    with the reason on top and a token for the head now."""
    assert out.outcome == "refused", out
    for word in words:
        assert word in out.reason, out.reason
    answer = g.turn_mails("north@")[-1]
    text = answer.get_content()
    assert text.startswith(f"Your reply in game {g.id}"), text
    assert "It is your turn in game" in text and token_of(answer)
    return answer


def test_an_illegal_or_unreadable_move_is_refused(sqlite_app: Flask, smtp: Smtp) -> None:
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    answer = answered(g, g.process(reply(mail, "fly to the moon")), "refused 'fly to the moon': cannot be read as a move")
    assert "refused `fly to the moon`: cannot be read as a move" in answer.get_content()
    assert token_of(answer) == token_of(mail)  # nothing was played: the head, hence the token, is the same
    assert g.refusals() == []  # one mail, not two
    assert g.process(reply(answer, "hide 1")).outcome == "played"
    [south] = g.turn_mails("south@")
    assert g.process(reply(south, "pass", sender="south@example.org")).outcome == "played"
    mine = g.turn_mails("north@")[-1]
    answered(g, g.process(reply(mine, "hide 2")), "refused 'hide 2'", "not a legal move now")  # one hide per seat
    assert kinds(g).count("email_move") == 2


def test_a_move_after_the_head_moved_on_is_refused(sqlite_app: Flask, smtp: Smtp) -> None:
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    assert g.north.move(g.id, 0, {"type": "pass"}).status_code == 200  # played with the client
    assert g.south.move(g.id, 1, {"type": "pass"}).status_code == 200
    assert g.summary()["to_move"] == 0
    answer = answered(g, g.process(reply(mail, "throw")), "has moved on since the mail you answered")
    assert token_of(answer) != token_of(mail)  # a token for the head now
    assert "email_move" not in kinds(g)
    assert g.process(reply(answer, "throw")).outcome == "played"


def test_a_reply_from_another_address_is_refused(sqlite_app: Flask, smtp: Smtp) -> None:
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    out = g.process(reply(mail, "throw", sender="mallory@example.net"))
    assert out.outcome == "refused" and "is not from the address" in out.reason, out
    [answer] = g.refusals()  # to the seat's own address, never the From (test_inbox_senders.py)
    assert parseaddr(answer["To"])[1] == "north@example.org"
    assert "not from your address" in answer.get_content()
    # the player's own address, in other case, is the player's
    assert g.process(reply(mail, "throw", sender="North@Example.ORG")).outcome == "played"


def test_html_and_quoted_text_below_the_move(sqlite_app: Flask, smtp: Smtp) -> None:
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    msg = reply(mail, "hide 3", html=True)
    assert msg.get_content_type() == "multipart/alternative"
    assert g.process(msg).outcome == "played"
    [south] = g.turn_mails("south@")
    # HTML only (no plain part): the first line of its text, the blockquote ignored
    html = EmailMessage()
    html["From"] = "south@example.org"
    html["To"] = south["Reply-To"]
    html["Subject"] = "Re: your turn"
    html["Message-ID"] = make_msgid(domain="mail.example.org")
    html["In-Reply-To"] = south["Message-ID"]
    html.set_content(
        "<html><body><p>&nbsp;</p><p>throw</p><blockquote>It is your turn<br>pass</blockquote></body></html>",
        subtype="html",
    )
    assert g.process(html).outcome == "played"
    assert g.entries()[-1]["body"]["move"] == {"type": "throw"}


def test_the_token_in_the_body_alone_is_enough(sqlite_app: Flask, smtp: Smtp) -> None:
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    assert g.process(bare("throw", token_of(mail))).outcome == "played"


def test_a_redelivered_message_does_nothing_twice(sqlite_app: Flask, smtp: Smtp) -> None:
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    raw = reply(mail, "throw").as_bytes()
    assert g.process(raw).outcome == "played"
    assert g.process(raw).outcome == "duplicate"
    assert kinds(g).count("email_move") == 1
    wrong = bare("throw", secrets.token_hex(16)).as_bytes()
    g.process(wrong)
    assert g.process(wrong).outcome == "duplicate"
    assert len(g.refusals()) == 1  # one answer, not two
    with database.connection_context():
        assert InboxMessage.select().count() == 2


def test_a_game_without_email_moves_ignores_replies(sqlite_app: Flask, smtp: Smtp) -> None:
    g = Game(sqlite_app, smtp, email_moves=False)
    [mail] = g.turn_mails("north@")
    assert "token:" not in mail.get_content() and mail["Reply-To"] is None
    genesis = g.entries()[0]["body"]
    assert "email_moves" not in genesis  # absent when off
    out = g.process(reply(mail, "throw"))
    assert out.outcome == "ignored", out
    assert "email_move" not in kinds(g)
    assert g.refusals() == []
    with database.connection_context():
        assert MoveToken.select().count() == 0


def test_automatic_mail_is_never_answered(sqlite_app: Flask, smtp: Smtp) -> None:
    g = Game(sqlite_app, smtp)
    msg = bare("throw", secrets.token_hex(16))
    msg["Auto-Submitted"] = "auto-replied"
    assert g.process(msg).outcome == "ignored"
    stranger = bare("throw", None, sender="someone@example.net")
    assert g.process(stranger).outcome == "ignored"
    assert g.refusals() == []


def test_email_moves_must_be_a_boolean(sqlite_app: Flask) -> None:
    caller = Caller(sqlite_app.test_client())
    assert caller.account("north").status_code == 201
    resp = caller.call("POST", "/v1/games", {"engine": "toy", "options": {}, "seats": 2, "email_moves": 1})
    assert resp.status_code == 400 and "email_moves" in str(resp.get_json())


# -- pbem-server inbox: Maildir, mbox, stdin ---------------------------------------------------


def run_inbox(app: Flask, *args: str, stdin: bytes | None = None, monkeypatch: Any = None) -> int:
    argv = ["inbox", "--data-dir", app.config["DATA_DIR"], *args]
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    with patch.dict(os.environ, {"PBEM_PUBLIC_URL": app.config["PUBLIC_URL"]}):  # its answers link to it
        return server_main(argv)


def email_moves_count(app: Flask) -> int:
    with database.connection_context():
        return sum(1 for e in Entry.select() if '"kind":"email_move"' in e.data)


def test_the_maildir_reader(sqlite_app: Flask, smtp: Smtp, tmp_path: Path, capsys: Any) -> None:
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    box = mailbox.Maildir(tmp_path / "Maildir", create=True)
    box.add(reply(mail, "throw").as_bytes())
    box.add(bare("throw", secrets.token_hex(16)).as_bytes())
    assert run_inbox(sqlite_app, "--maildir", str(tmp_path / "Maildir"), "--json") == 0
    printed = capsys.readouterr().out
    assert printed.count('"outcome": "played"') == 1 and printed.count('"outcome": "refused"') == 1
    assert run_inbox(sqlite_app, "--maildir", str(tmp_path / "Maildir")) == 0  # again: nothing twice
    assert capsys.readouterr().out.count("duplicate") == 2
    assert email_moves_count(sqlite_app) == 1


def test_the_mbox_reader(sqlite_app: Flask, smtp: Smtp, tmp_path: Path, capsys: Any) -> None:
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    box = mailbox.mbox(tmp_path / "inbox.mbox", create=True)
    box.add(reply(mail, "pass").as_bytes())
    box.flush()
    box.close()
    assert run_inbox(sqlite_app, "--mbox", str(tmp_path / "inbox.mbox")) == 0
    assert "played" in capsys.readouterr().out
    assert email_moves_count(sqlite_app) == 1


def test_one_message_on_stdin(sqlite_app: Flask, smtp: Smtp, monkeypatch: Any, capsys: Any) -> None:
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    raw = reply(mail, "throw").as_bytes()
    assert run_inbox(sqlite_app, stdin=raw, monkeypatch=monkeypatch) == 0
    assert "played" in capsys.readouterr().out
    assert email_moves_count(sqlite_app) == 1
    with database.connection_context():
        assert Mail.select().where(Mail.kind == "reply_refused").count() == 0


def test_a_missing_mailbox_exits_1(sqlite_app: Flask, tmp_path: Path, capsys: Any) -> None:
    assert run_inbox(sqlite_app, "--maildir", str(tmp_path / "none")) == 1
    assert "pbem-server inbox" in capsys.readouterr().err


def test_the_moves_of_a_reply_are_its_own_lines_above_the_quoted_mail() -> None:
    """One move a line; the quoted mail, a kept token line, a signature, a client's reply
    header and lines of the answered mail pasted back without quoting are no moves."""
    ours = {"It is your turn in game 0123456789abcdef (Toy, 2 players).", "token: " + "ab" * 16}
    text = "\n".join([
        "", "  throw ", "token: " + "ab" * 16, "hide   2", "> quoted", "pass",
        "On Mon, 1 Jan 2026 at 10:00, pbem <pbem@example.org> wrote:", "after the header",
    ])
    assert move_lines(text, ours) == ["throw", "hide 2", "pass"]
    assert move_lines("throw\n-- \nNorth, sent from a phone") == ["throw"]
    assert move_lines("throw\n-----Original Message-----\nFrom: pbem") == ["throw"]
    assert move_lines("throw\nIt is your turn in game 0123456789abcdef (Toy, 2 players).\nhide 1", ours) == ["throw"]
    assert move_lines("\n".join(["pass"] * 100)) == ["pass"] * 40  # more than any turn: the rest is no move
