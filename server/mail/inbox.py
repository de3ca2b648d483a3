"""Reply by email: `pbem-server inbox` plays the moves players send by mail.

Each your-turn mail of a game with `email_moves` carries a one-time move token
(protocol.commitments.move_token: game, seat, seq and head) in its Message-ID, its Reply-To
(`pbem+TOKEN@domain`) and a body line `token: TOKEN`. A reply is read from a Maildir, an
mbox or stdin (as a mail server's pipe delivers it); for each message, in one transaction
under the game's lock:

1. a Message-ID seen before does nothing (a redelivered message is processed once);
2. auto-generated mail (bounces, our own refusals) and mail with no token from an unknown
   sender is ignored, without answer (no backscatter, no mail loops);
3. the token is found (the To/Cc/Delivered-To plus-address, In-Reply-To/References, the
   body), and must be one the server issued, unused, for the game's current head, in a game
   with email moves, for the seat to move;
4. the sender (the parsed From address, compared case-insensitively) must be the seat's
   account address;
5. the first non-empty line of the text/plain part (or of the HTML part as text), quoted
   lines skipped, is read with the engine's notation (`engine.parse(text, view)` with the
   seat's view) and played with `protocol.steps.email_move` if legal.

Anything else is refused with a mail to the sender (outbox kind `reply_refused`) saying why
in one line. The move is appended like a timeout (server-signed system entry); the player's
signature is absent, which the log, `pbem log` and the audit say (PROTOCOL.md section 17).
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import json
import logging
import mailbox
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser
from typing import Any

import peewee as pw

import engines
from engines.core import IllegalMove
from protocol import steps
from protocol.commitments import move_token
from server.ledger.ledger import Ledger
from server.ledger.records import LedgerError
from server.mail import notices
from server.store.models import Account, Game, InboxMessage, MoveToken, Seat, database, utcnow

log = logging.getLogger(__name__)

TOKEN_IN_ID = re.compile(r"\.t([0-9a-f]{32})@")
TOKEN_IN_ADDRESS = re.compile(r"\+([0-9a-f]{32})@")
TOKEN_IN_BODY = re.compile(r"token:\s*([0-9a-f]{32})\b", re.IGNORECASE)
GAME_IN_ID = re.compile(r"[<.-]([0-9a-f]{16})[.@]")
LONGEST_LINE = 200  # a move is short; a longer first line is no move


@dataclass(frozen=True)
class Outcome:
    outcome: str  # played | refused | ignored | duplicate
    reason: str
    message_id: str
    game: str | None = None
    seq: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "reason": self.reason, "message_id": self.message_id,
                "game": self.game, "seq": self.seq}


class _Refuse(Exception):
    def __init__(self, reason: str, game: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.game = game


class _Ignore(Exception):
    def __init__(self, reason: str, game: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.game = game


# -- reading messages ------------------------------------------------------------------------


def parse_message(raw: bytes) -> EmailMessage:
    return email.message_from_bytes(raw, policy=email.policy.default)  # type: ignore[return-value]


def read_maildir(path: str) -> Iterator[bytes]:
    """Every message of a Maildir (new/ and cur/), oldest file name first; the messages stay
    where they are (processing is idempotent by Message-ID)."""
    box = mailbox.Maildir(path, factory=None, create=False)
    for key in sorted(box.keys()):
        yield box.get_bytes(key)


def read_mbox(path: str) -> Iterator[bytes]:
    box = mailbox.mbox(path, factory=None, create=False)
    try:
        for key in box.keys():
            yield box.get_bytes(key)
    finally:
        box.close()


class _Text(HTMLParser):
    """HTML to text: block elements break lines, <blockquote> (a quoted reply) is dropped."""

    BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "pre", "table"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.quoted = 0
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag == "blockquote":
            self.quoted += 1
        elif tag in ("style", "script", "head", "title"):
            self.skip += 1
        elif tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "blockquote":
            self.quoted = max(0, self.quoted - 1)
        elif tag in ("style", "script", "head", "title"):
            self.skip = max(0, self.skip - 1)
        elif tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.quoted and not self.skip:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)


def body_text(msg: EmailMessage) -> str:
    """The text/plain part, else the HTML part as text ("" if neither)."""
    part = msg.get_body(preferencelist=("plain",))
    if part is not None:
        try:
            return str(part.get_content())
        except (LookupError, ValueError):
            return ""
    part = msg.get_body(preferencelist=("html",))
    if part is not None:
        try:
            return html_to_text(str(part.get_content()))
        except (LookupError, ValueError):
            return ""
    return ""


def first_line(text: str) -> str:
    """The move: the first non-empty line that is not quoted (`>`), whitespace squeezed."""
    for line in text.splitlines():
        clean = " ".join(line.replace("\u00a0", " ").split())
        if not clean or clean.startswith(">"):
            continue
        return clean
    return ""


def find_token(msg: EmailMessage, text: str) -> str | None:
    """The token: the plus-address the reply was sent to, then the mail it replies to, then
    a `token:` line in the body (which survives quoting)."""
    recipients = getaddresses([str(v) for h in ("To", "Cc", "Delivered-To", "X-Original-To") for v in msg.get_all(h, [])])
    for _, addr in recipients:
        m = TOKEN_IN_ADDRESS.search(addr.lower())
        if m:
            return m.group(1)
    for header in ("In-Reply-To", "References"):
        m = TOKEN_IN_ID.search(str(msg.get(header, "")).lower())
        if m:
            return m.group(1)
    m = TOKEN_IN_BODY.search(text)
    return m.group(1).lower() if m else None


def _game_referenced(msg: EmailMessage) -> str | None:
    for header in ("In-Reply-To", "References"):
        m = GAME_IN_ID.search(str(msg.get(header, "")).lower())
        if m:
            return m.group(1)
    return None


def _message_id(msg: EmailMessage, raw: bytes) -> str:
    mid = str(msg.get("Message-ID", "") or "").strip()
    if mid:
        return mid[:255]
    return f"<sha256-{hashlib.sha256(raw).hexdigest()}@pbem.inbox>"  # no id: the bytes are its id


# -- processing ------------------------------------------------------------------------------


def process(ledger: Ledger, raw: bytes) -> Outcome:
    """Process one message (see the module docstring); safe to call again with the same one."""
    msg = parse_message(raw)
    mid = _message_id(msg, raw)
    sender = parseaddr(str(msg.get("From", "") or ""))[1].strip()
    if InboxMessage.get_or_none(InboxMessage.message_id == mid) is not None:
        return Outcome("duplicate", "this message was processed before", mid)
    try:
        with database.atomic():
            outcome = _process(ledger, msg, mid, sender)
            InboxMessage.create(
                message_id=mid, sender=sender[:254], game=outcome.game, outcome=outcome.outcome,
                reason=outcome.reason,
            )
    except pw.IntegrityError:  # the same message, processed by another inbox run at once
        return Outcome("duplicate", "this message was processed before", mid)
    log.info("inbox %s from %s: %s (%s)", mid, sender, outcome.outcome, outcome.reason)
    return outcome


def _process(ledger: Ledger, msg: EmailMessage, mid: str, sender: str) -> Outcome:
    try:
        return _play(ledger, msg, mid, sender)
    except _Ignore as exc:
        return Outcome("ignored", exc.reason, mid, exc.game)
    except _Refuse as exc:
        if ledger.mail is not None and "@" in sender:
            account = Account.get_or_none(pw.fn.LOWER(Account.email) == sender.lower())
            notices.reply_refused(
                ledger.mail, address=sender, account=account, game_id=exc.game, why=exc.reason,
                subject=str(msg.get("Subject", "") or ""), in_reply_to=mid if mid.startswith("<") else None,
                key=hashlib.sha256(mid.encode()).hexdigest()[:24],
            )
        return Outcome("refused", exc.reason, mid, exc.game)


def _play(ledger: Ledger, msg: EmailMessage, mid: str, sender: str) -> Outcome:
    auto = str(msg.get("Auto-Submitted", "no") or "no").strip().lower()
    if auto != "no" or msg.get("X-Pbem-Kind") is not None:
        raise _Ignore("an automatic message (Auto-Submitted), never answered")
    text = body_text(msg)
    token = find_token(msg, text)
    if token is None:
        game_id = _game_referenced(msg)
        game = Game.get_or_none(Game.id == game_id) if game_id else None
        if game is not None and not game.email_moves:
            raise _Ignore("a reply in a game without email moves", game.id)
        known = "@" in sender and Account.select().where(pw.fn.LOWER(Account.email) == sender.lower()).exists()
        if not known:
            raise _Ignore("no move token and not from a player's address")
        raise _Refuse("no move token found: reply to your your-turn mail and keep its token line")
    row = MoveToken.get_or_none(MoveToken.token == token)
    if row is None:
        raise _Refuse(f"the token {token} is not one this server issued")
    game = ledger._lock(row.game_id)
    row = MoveToken.get(MoveToken.token == token)  # again, under the game's lock
    if not game.email_moves:
        raise _Ignore("a reply in a game without email moves", game.id)
    seed = bytes.fromhex(game.seed)
    if move_token(seed, game.id, row.seq, row.prev, row.seat) != token:
        raise _Refuse(f"the token {token} is not valid", game.id)
    seat = Seat.get_or_none((Seat.game == game) & (Seat.seat == row.seat))
    account = seat.account if seat is not None else None
    if account is None or sender.lower() != account.email.strip().lower():
        raise _Refuse(
            f"this mail is not from the address of the player of seat {row.seat} in game {game.id}", game.id
        )
    if row.used is not None:
        raise _Refuse(f"this token was used already (by {row.used_by}): a token plays one move", game.id)
    if game.status != "running":
        raise _Refuse(f"game {game.id} is {'over' if game.status == 'over' else 'not running'}", game.id)
    if (game.head_seq + 1, game.head_hash) != (row.seq, row.prev):
        raise _Refuse(
            f"game {game.id} has moved on since this mail (its log is at entry {game.head_seq}): "
            "reply to your newest your-turn mail",
            game.id,
        )
    if game.to_move != row.seat:
        raise _Refuse(f"it is not your turn in game {game.id}", game.id)
    line = first_line(text)
    if not line:
        raise _Refuse("the first line of your reply is empty: write your move there", game.id)
    if len(line) > LONGEST_LINE:
        raise _Refuse("the first line of your reply is too long to be a move", game.id)
    engine = engines.get(game.engine)
    state = json.loads(game.state)
    try:
        move = engine.parse(line, engine.view(state, row.seat))
    except IllegalMove as exc:
        raise _Refuse(f"cannot read {line!r} as a move: {exc.message}", game.id) from exc
    except Exception as exc:  # noqa: BLE001 - an engine that chokes on odd text
        raise _Refuse(f"cannot read {line!r} as a move", game.id) from exc
    seq = game.head_seq + 1
    try:
        step = steps.email_move(
            engine, state, row.seat, move, seed, game.id, (seq, game.head_hash), seats=game.seats
        )
    except steps.StepError as exc:
        raise _Refuse(exc.message, game.id) from exc
    except IllegalMove as exc:
        raise _Refuse(f"{line!r} is not a legal move now: {exc.message}", game.id) from exc
    except Exception as exc:  # noqa: BLE001 - nothing is written
        log.warning("engine %s: an email move raised %r", game.engine, exc)
        raise _Refuse(f"the game cannot apply {line!r}", game.id) from exc
    row.used = utcnow()
    row.used_by = mid
    row.save()
    entry = ledger.append_seeded(game, step)
    game.save()
    return Outcome("played", f"seat {row.seat} played {line!r} by email (entry {entry['seq']})", mid, game.id, entry["seq"])


def process_all(ledger: Ledger, messages: Iterable[bytes]) -> list[Outcome]:
    out = []
    for raw in messages:
        try:
            out.append(process(ledger, raw))
        except LedgerError as exc:
            out.append(Outcome("refused", exc.message, "?"))
    return out


# -- pbem-server inbox -----------------------------------------------------------------------
