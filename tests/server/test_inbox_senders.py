"""Reply by email: a refusal never goes to an address that is not the seat's (README "Reply by
email", "Who may claim what").

A From line is forgeable. A refusal mailed to it would tell a stranger the game's id and that
the token was real (and turn the server into a sender of mail to whatever address a forger
writes). So a refusal is mailed only to an account's own address, and one that names a game
only to the seat's: a reply with the seat's real token from another address is refused, and
the seat's player is told at their own address; a mail from an address no account has is
ignored without answer, whatever token it carries.

Real parts: the server's inbox, its outbox sent through aiosmtpd on loopback; every address
the sink received mail for is read back.
"""

from __future__ import annotations

import secrets
from email.message import EmailMessage
from email.utils import parseaddr

from flask import Flask

from tests.e2e.test_mail_e2e import Smtp
from tests.server.test_inbox import Game, bare, kinds, reply

STRANGER = "mallory@example.net"


def addressed(g: Game) -> list[tuple[list[str], EmailMessage]]:
    """Every mail the sink accepted: its envelope recipients and the message."""
    g.deliver()
    return [(list(rcpt), msg) for _, rcpt, msg in g.smtp.handler.messages]


def to_stranger(g: Game) -> list[EmailMessage]:
    return [m for rcpt, m in addressed(g) if STRANGER in rcpt or STRANGER in str(m["To"])]


def test_a_forged_from_with_the_real_token_is_told_to_the_seat_not_the_forger(sqlite_app: Flask, smtp: Smtp) -> None:
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    forged = reply(mail, "throw", sender=STRANGER)
    out = g.process(forged)
    assert out.outcome == "refused" and "is not from the address" in out.reason, out
    assert "email_move" not in kinds(g)
    assert to_stranger(g) == []  # nothing, and not the game's id, goes to the forged From
    [told] = [m for _, m in addressed(g) if m["X-Pbem-Kind"] == "reply_refused"]
    assert parseaddr(told["To"])[1] == "north@example.org"
    text = told.get_content()
    assert STRANGER in text and g.id in text and "not from your address" in text, text
    assert g.id in str(told["Subject"]) and "mallory" not in str(told["Subject"]).lower()
    # the seat's own reply with the same token still plays: the refusal used nothing up
    assert g.process(reply(mail, "throw")).outcome == "played"


def test_a_forged_reply_with_a_used_or_stale_token_goes_nowhere_but_the_seat(sqlite_app: Flask, smtp: Smtp) -> None:
    """The address is checked before anything about the token's use is told."""
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    assert g.process(reply(mail, "throw")).outcome == "played"
    out = g.process(reply(mail, "pass", sender=STRANGER))
    assert out.outcome == "refused" and "is not from the address" in out.reason, out
    assert to_stranger(g) == []


def test_a_token_this_server_never_issued_is_answered_only_at_a_players_address(sqlite_app: Flask, smtp: Smtp) -> None:
    """From an address no account has: ignored, as a mail with no token is. From a player's
    own address: told why (it names no game; the player mistyped or pasted an old token)."""
    g = Game(sqlite_app, smtp)
    out = g.process(bare("throw", secrets.token_hex(16), sender=STRANGER))
    assert out.outcome == "ignored", out
    assert to_stranger(g) == []
    assert [m for _, m in addressed(g) if m["X-Pbem-Kind"] == "reply_refused"] == []
    out = g.process(bare("throw", secrets.token_hex(16), sender="south@example.org"))
    assert out.outcome == "refused" and "is not one this server issued" in out.reason, out
    [told] = [m for _, m in addressed(g) if m["X-Pbem-Kind"] == "reply_refused"]
    assert parseaddr(told["To"])[1] == "south@example.org"
