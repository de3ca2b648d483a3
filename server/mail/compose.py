"""A mail as bytes for the outbox: plain text built with the standard library's `email`
package, 7bit so the stored text is the same whatever the SMTP server supports, and the
common case (ASCII headers on one line, an ASCII body) written directly, since parsing
headers back through the registry is most of the cost of a move that sends mail.
"""

from __future__ import annotations

import datetime as dt
import email.policy
import re
from email.message import EmailMessage
from email.utils import format_datetime, formataddr

from server.mail.addressing import MailSettings, root_id, unsubscribe_url

# 7bit: any non-ASCII body goes quoted-printable, so the stored text is ASCII and the
# same bytes whatever the SMTP server supports; an ASCII body stays readable as it is
# (lines up to RFC 5322's 998). Lines end in "\n" here; the sender sends CRLF.
POLICY = email.policy.default.clone(cte_type="7bit", max_line_length=998)




def wire_address(address: str) -> str:
    """The address as a mail header carries it: a domain outside ASCII written by IDNA
    (zoe@exämple.org is zoe@xn--exmple-cua.org); formataddr would raise on it."""
    local, at, domain = address.rpartition("@")
    if not at or domain.isascii():
        return address
    try:
        return f"{local}@{domain.encode('idna').decode('ascii')}"
    except UnicodeError:
        return address


def compose(
    settings: MailSettings,
    *,
    kind: str,
    to_name: str | None,
    to_addr: str,
    subject: str,
    text: str,
    msg_id: str,
    game_id: str | None,
    account_id: int | None,
    when: dt.datetime,
    reply_to: str | None = None,
    in_reply_to: str | None = None,
) -> EmailMessage:
    """One plain-text mail; threaded under the game's root id when it is about a game."""
    msg = EmailMessage(policy=POLICY)
    _plain(msg, "From", settings.mail_from)
    _plain(msg, "To", formataddr((to_name or "", wire_address(to_addr))))
    _plain(msg, "Subject", subject)
    _plain(msg, "Date", format_datetime(when.replace(tzinfo=dt.UTC, microsecond=0)))  # as the registry writes it
    _plain(msg, "Message-ID", msg_id)
    if reply_to:
        _plain(msg, "Reply-To", reply_to)
    if in_reply_to:  # an answer to a player's own message (a refused email move)
        _plain(msg, "In-Reply-To", in_reply_to)
        _plain(msg, "References", in_reply_to)
    elif game_id:
        _plain(msg, "In-Reply-To", root_id(settings, game_id))
        _plain(msg, "References", root_id(settings, game_id))
    if account_id is not None:
        _plain(msg, "List-Unsubscribe", f"<{unsubscribe_url(settings, account_id)}>")
        _plain(msg, "List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
    _plain(msg, "Auto-Submitted", "auto-generated")
    _plain(msg, "X-Pbem-Kind", kind)
    if game_id:
        _plain(msg, "X-Pbem-Game", game_id)
    _text(msg, text)
    return msg


def _text(msg: EmailMessage, text: str) -> None:
    """The body, as `msg.set_content(text)` writes it, without its three header parses when
    the text is ASCII in lines of at most 998 characters: then set_content picks 7bit and writes
    these headers and the lines joined by newlines, with one at the end."""
    lines = text.encode("utf-8").splitlines()
    if not text.isascii() or any(len(line) > 998 for line in lines):
        msg.set_content(text)
        return
    msg.set_raw("Content-Type", 'text/plain; charset="utf-8"')
    msg.set_raw("Content-Transfer-Encoding", "7bit")
    msg.set_raw("MIME-Version", "1.0")
    msg.set_payload(b"\n".join(lines).decode("ascii") + "\n")


_PLAIN = re.compile(r"[!-~]+(?: [!-~]+)*")  # printable ASCII words, single spaces between


def _plain(msg: EmailMessage, name: str, value: str) -> None:
    """Set a header the mail writes exactly as given when it is printable ASCII that fits one line (
    parsing it through the header registry, to write back the same line, was most of a mail's
    cost in the append's transaction); anything else goes through the parser, as `msg[name]`.
    tests/server/test_mail_compose.py checks both ways give the same mail."""
    if len(name) + 2 + len(value) <= POLICY.max_line_length and _PLAIN.fullmatch(value) and "=?" not in value:
        msg.set_raw(name, value)
    else:
        msg[name] = value


def as_text(msg: EmailMessage) -> str:
    """The mail's text. When compose wrote every header as given and the body as 7bit lines
    (`_plain`, `_text`), the generator would write exactly those lines, a blank line and the
    body: that is written out directly (the generator would parse the headers again)."""
    items = list(msg.raw_items())
    body = msg._payload  # noqa: SLF001 - get_payload() parses the Content-Transfer-Encoding header
    if isinstance(body, str) and body.isascii() and "\r" not in body and all(type(v) is str for _, v in items):
        if ("Content-Transfer-Encoding", "7bit") in items:
            return "".join(f"{name}: {value}\n" for name, value in items) + "\n" + body
    return msg.as_string(policy=POLICY)
