"""Your-turn and start mails: their cause queued with the append, their words composed by the sender.

An append used to compose its your-turn mail inside its transaction (the spectator view, the
board, the story since the seat's last move, a dozen reads), which was half of what a move cost
and, on SQLite, held the one write lock meanwhile. Now the append writes one outbox row per
recipient in one statement (`queue_step`: an INSERT ... SELECT that finds the seat's account and
leaves out those who want no mail now and seats a bot plays), holding the cause (seq, seat,
whether the game just started) and the position then (the game's state, already serialised for
the game row), with a message of its Subject line alone. The sender composes it (`compose`)
before sending it, outside any append's transaction: from the log up to that seq and that
state, so a mail composed after the game moved on says what it would have said at once, with
the same Message-ID (the same cause, the same mail). The row is the one the sender claims and
marks sent, so the outbox's guarantees are unchanged: the row exists exactly when its entry
does, and is sent once (server/mail/mailer.py).

Composing needs the mail settings of the server that queued the row: the sender's own, or those
a server in this process registered (`addressing.register`), found by the fingerprint the cause
keeps. Their public URL is the configuration's (addressing.public_url_of): nothing of the
request that caused the mail (its Host header) is kept in the cause, so none reaches the mail.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from dataclasses import dataclass
from typing import Any

import peewee as pw

from protocol.commitments import move_token
from server.clock import clock
from server.ledger.rules import rules_of
from server.mail import addressing
from server.mail.addressing import MailSettings
from server.mail.notices import TOKEN_INSERT, At, message_text, public_of, subject_of
from server.mail.playable import turn_parts
from server.mail.texts import start_text, turn_text
from server.store.models import (
    Account,
    BotLease,
    Entry,
    Game,
    Mail,
    MailPref,
    Mute,
    Seat,
    database,
    utcnow,
)
from server.store.prepared import Prepared

log = logging.getLogger(__name__)


def _queue_rows(
    game_id: Any, seat: Any, lease_seat: Any, kind: Any, subject: Any, key_prefix: Any, status: Any,
    attempts: Any, now: Any, cause: Any, state: Any, everything: Any,
) -> Any:
    """One outbox row for the account in `seat`, unless it wants no mail about the game now (not
    on `everything`, "all", or muted) or a bot holds a running lease on `lease_seat`: one statement."""
    pref = MailPref.alias()
    mute = Mute.alias()
    lease = BotLease.alias()
    wants = ~pw.fn.EXISTS(pref.select(pref.id).where((pref.account == Account.id) & (pref.notify != everything)))
    unmuted = ~pw.fn.EXISTS(mute.select(mute.id).where((mute.account == Account.id) & (mute.game == game_id)))
    unleased = ~pw.fn.EXISTS(
        lease.select(lease.id).where((lease.game == game_id) & (lease.seat == lease_seat) & (lease.until > now))
    )
    rows = (
        Seat.select(
            Account.id, Account.email, pw.Value(game_id), pw.Value(kind), pw.Value(subject),
            pw.Value(key_prefix).concat(Account.id), pw.Value(status), pw.Value(attempts), pw.Value(now),
            pw.Value(now), pw.Value(cause), pw.Value(state),
        )
        .join(Account, on=(Seat.account == Account.id))
        .where((Seat.game == game_id) & (Seat.seat == seat) & wants & unmuted & unleased)
    )
    fields = [
        Mail.account, Mail.to_addr, Mail.game, Mail.kind, Mail.message, Mail.key, Mail.status, Mail.attempts,
        Mail.next_try, Mail.created, Mail.cause, Mail.state,
    ]
    return Mail.insert_from(rows, fields).on_conflict_ignore()


QUEUE = Prepared(_queue_rows)  # a row already there for the same key (the same cause) stays as it is
NO_SEAT = -1  # the lease seat of a start mail: no bot lease keeps it back


def queue_step(settings: MailSettings, game: Game, before: tuple[str, int | None]) -> None:
    """After a start or a step: the start mail, and one your-turn mail when the turn passes to
    another player, never for the decisions within one player's turn (its token is for the
    head it was mailed at: a reply with several lines plays the rest of the turn, and the
    inbox's answer carries a new token when its sender is still to decide). A seat a bot plays
    (a running lease, server/http/bot_api.py) gets no your-turn mail. Queued in the caller's
    transaction, composed by the sender (the module's docstring)."""
    before_status, before_to_move = before
    if game.status != "running":
        return  # over: notices.game_over() wrote the mail
    started = before_status == "open"
    to_move = game.to_move
    if not started and (to_move == before_to_move or to_move is None):
        return
    title = rules_of(game).title
    seq = game.head_seq
    now = utcnow()
    where = {"mail": settings.fingerprint}  # the links: these settings' public URL, never the request's
    ahead = clock.sweeping_at()  # the game clock of a sweep (pbem-server tick --now), maybe ahead
    if ahead is not None and ahead > now:
        where["clock"] = clock.iso(ahead)  # the clock the seat's deadline started on (playable.due_words)
    seats = range(game.seats) if started else (to_move,)
    for seat in seats:
        kind = "turn" if seat == to_move else "start"
        cause = json.dumps({"seq": seq, "seat": seat, "to_move": to_move, "started": started} | where)
        subject = subject_of(game.id, title, "your turn" if kind == "turn" else "the game has started")
        QUEUE.execute(
            game.id, seat, seat if kind == "turn" else NO_SEAT, kind, f"Subject: {subject}\n",
            f"{kind}:{game.id}:{seq}:a", "pending", 0, now, cause, game.state, "all",
        )


def to_compose(row: Mail) -> bool:
    return row.cause is not None


def settings_for(cause: dict[str, Any], own: MailSettings | None) -> MailSettings | None:
    """The settings of the server that queued the cause (registered in this process), else the
    sender's own. A "url" an older server kept in the cause (the Host a request came in with)
    is ignored: links come from the configuration only."""
    return addressing.registered(cause.get("mail")) or own or addressing.registered(None)


HASH_AT = Prepared(lambda game_id, seq: Entry.select(Entry.hash).where((Entry.game == game_id) & (Entry.seq == seq)).limit(1))
GAME = Prepared(lambda game_id: Game.select().where(Game.id == game_id).limit(1))
ACCOUNT = Prepared(lambda account_id: Account.select().where(Account.id == account_id).limit(1))


class Uncomposable(Exception):
    """The row's cause cannot become a mail (its game or its account is gone)."""


@dataclass(frozen=True)
class Composed:
    """A queued row's message, and the move token row its mail carries (email moves), if any."""

    message: str
    token: tuple[str, str, int, int, str, dt.datetime] | None = None


def compose(row: Mail, own: MailSettings | None) -> Composed:
    """The message of a queued row, from the log up to its seq and the state it keeps (reads
    only: `composed_now` writes). The same row composed again gives the same text."""
    cause = json.loads(row.cause)
    settings = settings_for(cause, own)
    if settings is None:
        raise RuntimeError("no mail settings in this process to compose the mail with")
    game = GAME.first(row.game) if row.game else None
    account = ACCOUNT.first(row.account_id) if row.account_id is not None else None
    if game is None or account is None:
        raise Uncomposable("its game or its account is gone")
    seq, seat, started = int(cause["seq"]), int(cause["seat"]), bool(cause.get("started"))
    state = json.loads(row.state) if row.state is not None else None
    at = At(seq, state, cause.get("to_move"))
    pub = public_of(game, at=at)
    when = row.created or utcnow()
    if row.kind == "start":
        return Composed(message_text(
            settings, kind="start", account=account, address=row.to_addr, game_id=game.id, seq=seq,
            subject=subject_of(game.id, pub.title, "the game has started"), text=start_text(settings, pub, account.id),
            now=when,
        ))
    token = record = None
    if game.email_moves:
        prev = game.head_hash if game.head_seq == seq else HASH_AT.first(game.id, seq).hash
        token = move_token(bytes.fromhex(game.seed), game.id, seq + 1, prev, seat)
        record = (token, game.id, seat, seq + 1, prev, when)
    names = {p.seat: p.name for p in pub.players if p is not None}
    ahead = dt.datetime.strptime(cause["clock"], "%Y-%m-%dT%H:%M:%SZ") if cause.get("clock") else None
    turn = turn_parts(game, seat, names, pub.view, at=(seq, state, when), clock_at=ahead)
    return Composed(message_text(
        settings, kind="turn", account=account, address=row.to_addr, game_id=game.id, seq=seq,
        subject=subject_of(game.id, pub.title, "your turn"),
        text=turn_text(settings, pub, account.id, started=started, token=token, turn=turn), now=when, token=token,
    ), record)


def composed_now(row: Mail, composed: Composed) -> None:
    """The row as composed, in the caller's transaction: the move token its mail carries
    recorded (so that `pbem-server inbox` finds it; one recorded before stays), its message
    set, its cause and state (concealed values) cleared. The caller saves the row."""
    if composed.token is not None:
        TOKEN_INSERT.execute(*composed.token)
    row.message, row.cause, row.state = composed.message, None, None


def compose_waiting(settings: MailSettings | None = None, limit: int = 1000) -> int:
    """Compose every queued row now (each in its own transaction), e.g. for a listing of the
    outbox or a test reading the messages before a sender round. Returns how many."""
    done = 0
    for row in Mail.select().where(Mail.cause.is_null(False)).order_by(Mail.id).limit(limit):
        with database.atomic():
            composed_now(row, compose(row, settings))
            row.save()
        done += 1
    return done
