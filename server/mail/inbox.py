"""Reply by email: `pbem-server inbox` plays the moves players send by mail.

Each your-turn mail of a game with `email_moves` carries a one-time move token
(protocol.commitments.move_token: game, seat, seq and head) in its Message-ID, its Reply-To
(`pbem+TOKEN@domain`) and a body line `token: TOKEN`. A reply is read from a Maildir, an
mbox or stdin (as a mail server's pipe delivers it); for each message, in one transaction
under the game's lock:

1. a Message-ID seen before does nothing (a redelivered message is processed once);
2. auto-generated mail (bounces, our own refusals) and mail from an address no account has,
   unless its token is a real one, is ignored, without answer (no backscatter, no mail loops);
3. the token is found (the To/Cc/Delivered-To plus-address, In-Reply-To/References, the
   body), and must be one the server issued, unused, for the game's current head, in a game
   with email moves, for the seat to move;
4. the sender (the parsed From address, compared case-insensitively) must be the seat's
   account address; if not, the seat's player is told at that address, and the sender
   nothing (a From line is forgeable: a refusal sent there would name the game to a stranger);
5. the reply's lines above the quoted mail are moves, one a line, read with the engine's
   notation (`engine.parse(text, view)` with the seat's view) and played in order with
   `protocol.steps.email_move` until one is refused, the turn passes to another seat or the
   game ends (server/mail/replies.py: each line an email move at its own head).

A reply that leaves its sender still to decide, or whose line was refused, is answered by one
mail: while they are still to decide it is their next your-turn mail (board, new token) with
what was played and why a line was not on top. A reply whose token is stale or used, from the
seat still to decide, is answered the same way (nothing played). Anything else is refused
with a mail (outbox kind `reply_refused`) saying why in one line, to the sender only where the
sender is an account's address, and where it names a game, only where it is the seat's: a
game's id is never mailed to an address that is not the seat's. A reply whose
lines were all played up to the end of the turn gets no answer of its own: the sender's next
your-turn mail tells what was played (and what was left). Each move is appended like a
timeout (server-signed system entry); the player's signature is absent, which the log, `pbem
log` and the audit say (PROTOCOL.md section 17).
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

from protocol.commitments import move_token
from server.http.visibility import is_private, member
from server.ledger.ledger import Ledger
from server.ledger.records import LedgerError
from server.mail import notices
from server.mail.replies import mailed_lines, move_lines, play_lines
from server.store.models import Account, Entry, Game, InboxMessage, MoveToken, Seat, database

log = logging.getLogger(__name__)

TOKEN_IN_ID = re.compile(r"\.t([0-9a-f]{32})@")
TOKEN_IN_ADDRESS = re.compile(r"\+([0-9a-f]{32})@")
TOKEN_IN_BODY = re.compile(r"token:\s*([0-9a-f]{32})\b", re.IGNORECASE)
GAME_IN_ID = re.compile(r"[<.-]([0-9a-f]{16})[.@]")


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
    """`to`: the account the refusal is mailed to (None: to nobody), never a bare From address,
    which anyone can write. `answer`: (game, seat, account) when the sender is still to decide:
    the refusal is then their next your-turn mail (with a token for the head now), not a line
    alone. `told`: the line mailed, where it is not `reason` (the seat told of another's reply)."""

    def __init__(
        self, reason: str, game: str | None = None, *, to: Account | None,
        answer: tuple[Game, int, Account] | None = None, told: str | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.game = game
        self.to = to
        self.answer = answer
        self.told = told


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


# Entries that change nobody's position and decide nothing: statements of answers in advance and
# handovers of a seat to a new key (README "If your key was stolen").
POSITION_KEEPING = frozenset({"answers", "handover"})


def _same_position(game: Game, seq: int) -> bool:
    """Whether every entry from `seq` to the head is a statement of answers in advance or a
    handover (any seat's): those change nobody's position and decide nothing, so a mail sent before them still
    shows the position its reader decides on, and its reply is played at the head now (the
    entry's token is the one for that head, as for every line of a reply after the first). Were
    another seat's statement to void the mail, every player who set or revoked an answer would
    void the one the player to move holds. A decision of anyone else (a move, a standing answer,
    a timeout) makes the mail stale: a player's words act only on the position the player saw."""
    if seq > game.head_seq:
        return False
    rows = Entry.select(Entry.data).where((Entry.game == game) & (Entry.seq >= seq) & (Entry.seq <= game.head_seq))
    kinds = [json.loads(r.data).get("type") for r in rows]
    return len(kinds) == game.head_seq - seq + 1 and all(k in POSITION_KEEPING for k in kinds)


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
        if ledger.mail is not None and exc.answer is not None:
            game, seat, account = exc.answer
            notices.answer(
                ledger.mail, game, seat, account, [f"Your reply in game {game.id} was not played: {exc.reason}."],
                in_reply_to=_reply_id(mid), key=_key(mid), subject=str(msg.get("Subject", "") or ""),
            )
        elif ledger.mail is not None and exc.to is not None and exc.told is not None:
            notices.reply_refused(  # the seat, of a reply it may not have sent: not a reply to it
                ledger.mail, address=exc.to.email, account=exc.to, game_id=exc.game, why=exc.told,
                subject="", own_subject=f"pbem {exc.game}: a reply from another address was not played",
                in_reply_to=None, key=_key(mid),
            )
        elif ledger.mail is not None and exc.to is not None:
            notices.reply_refused(
                ledger.mail, address=exc.to.email, account=exc.to, game_id=exc.game, why=exc.reason,
                subject=str(msg.get("Subject", "") or ""), in_reply_to=_reply_id(mid), key=_key(mid),
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
        if game is not None and is_private(game) and not any(
            member(game, a) for a in Account.select().where(pw.fn.LOWER(Account.email) == sender.lower())
        ):
            game = None  # private means absent (server/http/visibility.py): answered as for no game
        if game is not None and not game.email_moves:
            raise _Ignore("a reply in a game without email moves", game.id)
        known = _account_of(sender)
        if known is None:
            raise _Ignore("no move token and not from a player's address")
        raise _Refuse("no move token found: reply to your your-turn mail and keep its token line", to=known)
    row = MoveToken.get_or_none(MoveToken.token == token)
    if row is None:
        known = _account_of(sender)
        if known is None:
            raise _Ignore("a token this server never issued, not from a player's address")
        raise _Refuse(f"the token {token} is not one this server issued", to=known)
    game = ledger._lock(row.game_id)
    row = MoveToken.get(MoveToken.token == token)  # again, under the game's lock
    if not game.email_moves:
        raise _Ignore("a reply in a game without email moves", game.id)
    seat = Seat.get_or_none((Seat.game == game) & (Seat.seat == row.seat))
    account = seat.account if seat is not None else None
    if account is None or sender.lower() != account.email.strip().lower():
        raise _Refuse(
            f"this mail is not from the address of the player of seat {row.seat} in game {game.id}", game.id,
            to=account, told=(
                f"a reply with your token for seat {row.seat} in game {game.id} came from {sender or 'no address'},"
                f" not from your address {account.email}: reply from that address"
                " (if you did not send it, someone has read your your-turn mail)"
            ) if account is not None else None,
        )
    seed = bytes.fromhex(game.seed)
    if move_token(seed, game.id, row.seq, row.prev, row.seat) != token:
        raise _Refuse(f"the token {token} is not valid", game.id, to=account)
    stale = None
    if row.used is not None:
        stale = f"this token was used already (by {row.used_by}): a token plays one reply"
    elif game.status != "running":
        raise _Refuse(f"game {game.id} is {'over' if game.status == 'over' else 'not running'}", game.id, to=account)
    elif (game.head_seq + 1, game.head_hash) != (row.seq, row.prev) and not _same_position(game, row.seq):
        stale = f"game {game.id} has moved on since the mail you answered (its log is at entry {game.head_seq})"
    if stale is not None:
        if game.status == "running" and game.to_move == row.seat:  # still theirs: the answer is a fresh turn mail
            raise _Refuse(
                stale + ": nothing was played; here is the game now", game.id, to=account, answer=(game, row.seat, account)
            )
        raise _Refuse(stale + ": nothing was played", game.id, to=account)
    if game.to_move != row.seat:
        raise _Refuse(f"it is not your turn in game {game.id}", game.id, to=account)
    lines = move_lines(text, mailed_lines(game.id, token))
    done = play_lines(ledger, game, row.seat, lines, row, mid)
    still = game.status == "running" and game.to_move == row.seat
    if ledger.mail is not None and (done.refused is not None or still or not lines):
        notices.answer(
            ledger.mail, game, row.seat, account, done.report(game.id), in_reply_to=_reply_id(mid),
            key=_key(mid), subject=str(msg.get("Subject", "") or ""),
        )
    last = done.played[-1][1] if done.played else None  # (line, seq, words)
    return Outcome("played" if done.played else "refused", done.summary(), mid, game.id, last)


def _account_of(sender: str) -> Account | None:
    """The account whose address the From line names, if any (the only address a refusal that
    names no game may go to)."""
    if "@" not in sender:
        return None
    return Account.select().where(pw.fn.LOWER(Account.email) == sender.lower()).first()


def _reply_id(mid: str) -> str | None:
    return mid if mid.startswith("<") else None


def _key(mid: str) -> str:
    return hashlib.sha256(mid.encode()).hexdigest()[:24]


def process_all(ledger: Ledger, messages: Iterable[bytes]) -> list[Outcome]:
    out = []
    for raw in messages:
        try:
            out.append(process(ledger, raw))
        except LedgerError as exc:
            out.append(Outcome("refused", exc.message, "?"))
    return out


# -- pbem-server inbox -----------------------------------------------------------------------
