"""Which mail a game sends, to whom and when, queued in the outbox.

Queueing (`game_over`, `invited`, `invited_address`, `deadline_notice`, `answer`, ...) writes
complete `Mail` rows; the ledger calls it inside the transaction that appends the entry causing
the mail, so a mail exists exactly when its entry does. The your-turn and start mails of an
append are queued as their cause and composed by the sender with the pieces here
(server/mail/causes.py). Nothing concealed goes into a mail:
only the public log (the public part of each move envelope) and the spectator view
`engine.view(state, None)`, gathered into `texts.Public` here. The words are in
server/mail/texts.py, the bytes in compose.py, the ids and tokens in addressing.py.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass
from email.utils import parseaddr
from hashlib import sha256
from typing import Any

from protocol.commitments import move_token
from protocol.revealed import at_end, engine_revealed
from protocol.story import tell
from server.ledger.rules import rules_of
from server.mail.addressing import MailSettings, dedupe_key, message_id, recipient_id
from server.mail.compose import as_text, compose
from server.mail.playable import board_text, bot_cannot, bot_plays, turn_parts
from server.mail.texts import (
    DEADLINE_KINDS,
    Player,
    Public,
    answer_text,
    deadline_text,
    invite_text,
    over_text,
    turn_text,
)
from server.store.models import (
    Account,
    EmailInvite,
    Entry,
    Game,
    Invite,
    Mail,
    MailPref,
    MoveToken,
    Mute,
    PrivateGame,
    Seat,
    utcnow,
)
from server.store.prepared import Prepared

log = logging.getLogger(__name__)

SEATED = Prepared(lambda game_id: Seat.select(Seat, Account).join(Account).where(Seat.game == game_id))
LAST_ENTRIES = Prepared(  # the newest `count` entries up to `seq`, newest first
    lambda game_id, seq, count: Entry.select()
    .where((Entry.game == game_id) & (Entry.seq <= seq))
    .order_by(Entry.seq.desc())
    .limit(count)
)
UNWILLING = Prepared(  # a row if the account gets no mail about the game now: not on "all", or muted
    lambda account_id, game_id: MailPref.select(MailPref.account)
    .where((MailPref.account == account_id) & (MailPref.notify != "all"))
    .union_all(Mute.select(Mute.account).where((Mute.account == account_id) & (Mute.game == game_id)))
)
PRIVATE = Prepared(lambda game_id: PrivateGame.select(PrivateGame.game).where(PrivateGame.game == game_id).limit(1))
TOKEN_INSERT = Prepared(  # the same token again (the same mail composed twice) stays as it is
    lambda token, game_id, seat, seq, prev, created: MoveToken.insert(
        token=token, game=game_id, seat=seat, seq=seq, prev=prev, created=created,
    ).on_conflict_ignore()
)
MAIL_INSERT = Prepared(  # a row already there for the same key (the same cause) stays as it is
    lambda account_id, to_addr, game_id, kind, message, key, status, attempts, next_try, created: Mail.insert(
        account=account_id, to_addr=to_addr, game=game_id, kind=kind, message=message, key=key,
        status=status, attempts=attempts, next_try=next_try, created=created,
    ).on_conflict_ignore()
)

KINDS = (
    "turn", "invite", "start", "over", "digest", "reminder", "warning", "timeout", "forfeit", "vacation",
    "reply_refused",
)
NOTIFY = ("all", "digest", "none")
LAST_MOVES = 5


# -- reading a game (public data only) -----------------------------------------------------


def _players(game: Game, seat_names: list[str], seated: dict[int, Account] | None = None) -> list[Player | None]:
    players: list[Player | None] = [None] * game.seats
    for seat, account in (seated if seated is not None else _seated(game)).items():
        name = seat_names[seat] if seat < len(seat_names) else f"seat {seat}"
        players[seat] = Player(seat, account.name, name)
    return players


@dataclass(frozen=True)
class At:
    """A running game's position at an earlier head, for a mail composed after the game may have
    moved on (server/mail/causes.py): the seq, the state then, and who was to move."""

    seq: int
    state: dict[str, Any] | None
    to_move: int | None


def public_of(game: Game, seated: dict[int, Account] | None = None, at: At | None = None) -> Public:
    """What a mail may say of the game at its head, or at `at`."""
    engine = rules_of(game)
    seat_names = engine.seat_names(game.seats)
    players = _players(game, seat_names, seated)
    view = None
    state = (json.loads(game.state) if game.state is not None else None) if at is None else at.state
    if state is not None:
        try:
            view = engine.view(state, None)  # the spectator's view
        except Exception:  # noqa: BLE001 - a summary without scores rather than no mail
            log.warning("engine %s: the spectator view failed for game %s", game.engine, game.id)
    head_seq = game.head_seq if at is None else at.seq
    newest = [json.loads(row.data) for row in LAST_ENTRIES.rows(game.id, head_seq, LAST_MOVES)]
    names = {p.seat: p.name for p in players if p is not None}
    moves = tell(engine, list(reversed(newest)), names)[-LAST_MOVES:]  # the words every place uses
    return Public(
        game_id=game.id,
        title=engine.title,
        seats=game.seats,
        players=players,
        seat_names=seat_names,
        status=game.status if at is None else "running",
        to_move=game.to_move if at is None else at.to_move,
        head_seq=head_seq,
        view=view,
        moves=moves,
        result=(json.loads(game.result) if game.result else None) if at is None else None,
        started=game.state is not None,
        private=bool(PRIVATE.rows(game.id)),
        kept=_kept(game) if game.status == "open" else frozenset(),
    )


def _kept(game: Game) -> frozenset[int]:
    """The seats invitations keep (to an account, to an address): not free for all."""
    invited = Invite.select(Invite.seat).where(Invite.game == game.id)
    mailed = EmailInvite.select(EmailInvite.seat).where(EmailInvite.game == game.id)
    return frozenset(r.seat for r in invited) | frozenset(r.seat for r in mailed)


# -- preferences ---------------------------------------------------------------------------


def notify_of(account_id: int) -> str:
    pref = MailPref.get_or_none(MailPref.account == account_id)
    return pref.notify if pref is not None else "all"


def muted(account_id: int, game_id: str) -> bool:
    return Mute.select().where((Mute.account == account_id) & (Mute.game == game_id)).exists()


def wanting_now(accounts: Iterable[Account], game_id: str) -> set[int]:
    """Of these accounts, those that get mail about this game now (a prepared query each: most
    steps tell one account, the seat to move)."""
    return {a.id for a in accounts if not UNWILLING.rows(a.id, game_id)}


def wants_now(account_id: int, game_id: str | None) -> bool:
    """Mail about this game goes out now only to accounts on "all" that have not muted it."""
    if notify_of(account_id) != "all":
        return False
    return game_id is None or not muted(account_id, game_id)


# -- queueing (inside the caller's transaction) --------------------------------------------


def message_text(
    settings: MailSettings,
    *,
    kind: str,
    account: Account | None,
    address: str,
    game_id: str | None,
    seq: int | str,
    subject: str,
    text: str,
    now: dt.datetime,
    token: str | None = None,
    in_reply_to: str | None = None,
) -> str:
    """The mail's text as the outbox keeps it: its Message-ID stable for (game, seq, kind,
    recipient), so the same cause composed twice gives the same mail."""
    rcpt = recipient_id(account.id if account else None, address)
    msg_id = message_id(settings, game_id, seq, kind, rcpt)
    if token is not None:  # a reply's In-Reply-To/References carry the token back
        msg_id = msg_id.replace("@", f".t{token}@", 1)
    msg = compose(
        settings,
        kind=kind,
        to_name=account.name if account else None,
        to_addr=address,
        subject=subject,
        text=text,
        msg_id=msg_id,
        game_id=game_id,
        account_id=account.id if account else None,
        when=now,
        reply_to=token_address(settings, token) if token is not None else None,
        in_reply_to=in_reply_to,
    )
    return as_text(msg)


def _queue(
    settings: MailSettings,
    *,
    kind: str,
    account: Account | None,
    address: str,
    game_id: str | None,
    seq: int | str,
    subject: str,
    text: str,
    now: dt.datetime,
    token: str | None = None,
    in_reply_to: str | None = None,
) -> None:
    message = message_text(
        settings, kind=kind, account=account, address=address, game_id=game_id, seq=seq, subject=subject,
        text=text, now=now, token=token, in_reply_to=in_reply_to,
    )
    rcpt = recipient_id(account.id if account else None, address)
    MAIL_INSERT.execute(
        account.id if account else None, address, game_id, kind, message,
        dedupe_key(kind, game_id, seq, rcpt), "pending", 0, now, now,
    )


def _subject(pub: Public, what: str) -> str:
    return subject_of(pub.game_id, pub.title, what)


def subject_of(game_id: str, title: str, what: str) -> str:
    return f"pbem {game_id} ({title}): {what}"


def _seated(game: Game) -> dict[int, Account]:
    return {row.seat: row.account for row in SEATED.rows(game.id)}


def token_address(settings: MailSettings, token: str) -> str:
    """The Reply-To of a your-turn mail with a move token: the From address plus `+TOKEN`."""
    addr = parseaddr(settings.mail_from)[1] or f"pbem@{settings.domain}"
    local, _, domain = addr.rpartition("@")
    return f"{local or 'pbem'}+{token}@{domain or settings.domain}"


def issue_token(game: Game, seat: int, head: tuple[int, str] | None = None) -> str:
    """The one-time move token for `seat` at the game's head, or at `head` (seq, hash) (PROTOCOL.md
    section 7), recorded so that `pbem-server inbox` can find its game and mark it used."""
    at, prev = (game.head_seq, game.head_hash) if head is None else head
    seq = at + 1
    token = move_token(bytes.fromhex(game.seed), game.id, seq, prev, seat)
    TOKEN_INSERT.execute(token, game.id, seat, seq, prev, utcnow())
    return token


def _names(pub: Public) -> dict[int, str]:
    return {p.seat: p.name for p in pub.players if p is not None}


def turn_mail(
    settings: MailSettings, game: Game, seat: int, account: Account, *, pub: Public | None = None,
    started: bool = False, report: list[str] | None = None, in_reply_to: str | None = None,
    now: dt.datetime | None = None, key: str | None = None,
) -> None:
    """The your-turn mail of `seat` at the game's head (with a new move token in a game with
    email moves); with `report`, it is also the answer to the reply that led here."""
    now = now or utcnow()
    pub = pub or public_of(game)
    token = issue_token(game, seat) if game.email_moves else None
    turn = turn_parts(game, seat, _names(pub), pub.view)
    what = "your turn" if report is None else "your reply, and still your turn"
    _queue(
        settings, kind="turn", account=account, address=account.email, game_id=game.id,
        seq=game.head_seq if key is None else f"{game.head_seq}r{key}", subject=_subject(pub, what),
        text=turn_text(settings, pub, account.id, started=started, token=token, turn=turn, report=report),
        now=now, token=token, in_reply_to=in_reply_to,
    )


def answer(
    settings: MailSettings, game: Game, seat: int, account: Account, report: list[str],
    *, in_reply_to: str | None, key: str, subject: str,
) -> None:
    """The one answer to a reply by mail: while its sender is to decide, their next your-turn
    mail with the report on top (one mail, not two); otherwise the report with the position."""
    if game.status == "running" and game.to_move == seat:
        turn_mail(settings, game, seat, account, report=report, in_reply_to=in_reply_to, key=key)
        return
    pub = public_of(game)
    words = subject.strip() or "your move"
    if not words.lower().startswith("re:"):
        words = f"Re: {words}"
    engine = rules_of(game)
    _queue(
        settings, kind="reply_refused", account=account, address=account.email, game_id=game.id,
        seq=key, subject=words[:200],
        text=answer_text(settings, pub, account.id, report, board_text(engine, pub.view)),
        now=utcnow(), in_reply_to=in_reply_to,
    )


def reply_refused(
    settings: MailSettings, *, address: str, account: Account | None, game_id: str | None,
    why: str, subject: str, in_reply_to: str | None, key: str, now: dt.datetime | None = None,
    own_subject: str | None = None,
) -> None:
    """One line to the sender of an email move the server did not play, saying why (or to the
    seat, of a reply from another address: `own_subject` then, not the stranger's words)."""
    now = now or utcnow()
    words = subject.strip() or "your move"
    if not words.lower().startswith("re:"):
        words = f"Re: {words}"
    if own_subject is not None:
        words = own_subject
    _queue(
        settings, kind="reply_refused", account=account, address=address, game_id=game_id,
        seq=key, subject=words[:200], text=f"Your move was not played: {why}\n", now=now,
        in_reply_to=in_reply_to,
    )


def _final_view(engine: Any, game: Game) -> dict[str, Any] | None:
    """The final board with everything face up (the engine's revealed view), for the game-over
    mail: the reveal entry appended just before it has made every concealed value public (a
    blind game's engine keeps its unburnt values hidden). None where the engine has none."""
    if game.state is None:
        return None
    shown = engine_revealed(engine, json.loads(game.state))
    if shown is None:
        return None
    # marked as ended, and how, as the log says: "Game over: bo (Blue) resigned; ada (Red) wins"
    rows = Entry.select(Entry.data).where(Entry.game == game.id).order_by(Entry.seq).tuples()
    return at_end(shown, [json.loads(data) for (data,) in rows], engine)


def game_over(settings: MailSettings, game: Game) -> None:
    seated = _seated(game)
    wanting = wanting_now(seated.values(), game.id)
    if not wanting:
        return
    now = utcnow()
    pub = public_of(game, seated)
    engine = rules_of(game)
    board = board_text(engine, _final_view(engine, game) or pub.view) if pub.started else None
    for _seat, account in sorted(seated.items()):
        if account.id in wanting:
            _queue(
                settings, kind="over", account=account, address=account.email, game_id=game.id,
                seq=game.head_seq, subject=_subject(pub, "game over"),
                text=over_text(settings, pub, account.id, board), now=now,
            )


def _invite_subject(pub: Public, by: str) -> str:
    return _subject(pub, f"{by} invites you")


def invited(settings: MailSettings, game: Game, guest: Account, by: Account, seat: int) -> None:
    """An invitation to an account (preferences apply; muting is for games one plays)."""
    if notify_of(guest.id) != "all":
        return
    pub = public_of(game)
    _queue(
        settings, kind="invite", account=guest, address=guest.email, game_id=game.id,
        seq=f"{game.head_seq}-{seat}", subject=_invite_subject(pub, by.name),
        text=invite_text(settings, pub, by.name, seat, guest.id), now=utcnow(),
    )


def invited_address(settings: MailSettings, game: Game, address: str, by: Account, seat: int, token: str) -> None:
    """An invitation to an address: its one-time token, how to install pbem and take the seat
    with it. Its own outbox key per token (a seat kept again after a cancel gets a new mail);
    the sender keeps no copy of the token once the mail is out (mailer.forget_token)."""
    pub = public_of(game)
    _queue(
        settings, kind="invite", account=None, address=address, game_id=game.id,
        seq=f"{game.head_seq}-{seat}-{sha256(token.encode()).hexdigest()[:8]}", subject=_invite_subject(pub, by.name),
        text=invite_text(settings, pub, by.name, seat, None, address=address, token=token), now=utcnow(),
    )


def deadline_notice(
    settings: MailSettings, *, kind: str, game_id: str | None, account: Account, data: dict[str, Any], now: dt.datetime
) -> None:
    """The mail for a deadline event (server/clock/clock.py `announce` calls this hook): reminders
    and last warnings to the seat to move, timeouts, forfeits and vacations to the others.

    `now` is the time the sweeper acted at, the game clock's (`pbem-server tick --now`): it decides
    what is due, never when the mail goes. The mail is queued, dated and sent now, by the real
    clock, like every other mail (a tick with a clock set ahead must not hold it back until then).
    One expiry is one mail (its `seq` names it, however many moves the server played), and none
    to a player another mail of the same step tells already: the your-turn mail of the seat now
    to move (its story lists the moves), or the game-over mail of a game the expiry ended."""
    if game_id is None or kind not in DEADLINE_KINDS or not wants_now(account.id, game_id):
        return
    game = Game.get_or_none(Game.id == game_id)
    if game is None:
        return
    if kind in ("reminder", "warning") and isinstance(data.get("seat"), int) and bot_plays(game.id, data["seat"], now):
        return  # a bot plays the seat: it needs no reminding
    if kind == "timeout" and _told_otherwise(game, account, data):
        return
    pub = public_of(game)
    data = dict(data)
    if kind == "timeout":
        data["moves_words"] = [_move_words(game, move) for move in _moves(data)]
    if kind in ("reminder", "warning"):  # a released blind game's "bot" cannot place or reveal: it forfeits
        data["why"] = bot_cannot(game, str(data.get("on_expiry")), json.loads(game.state) if game.state else None)
    text = deadline_text(settings, pub, kind, data, account.id, board_text(rules_of(game), pub.view))
    if text is None:
        return
    subjects = {
        "reminder": "reminder: your turn", "warning": "last warning: your turn",
        "timeout": "time ran out", "forfeit": "time ran out", "vacation": "a player is on vacation",
    }
    at = data.get("seq") or data.get("expires") or data.get("from") or now.strftime("%Y%m%dT%H%M%S")
    _queue(
        settings, kind=kind, account=account, address=account.email, game_id=game_id,
        seq=re.sub(r"[^A-Za-z0-9]", "", str(at)), subject=_subject(pub, subjects[kind]), text=text, now=utcnow(),
    )


def _moves(data: dict[str, Any]) -> list[Any]:
    """The moves a timeout notice lists: `moves`, or the one `move` an older notice carried."""
    moves = data.get("moves")
    return list(moves) if isinstance(moves, list) else [data["move"]] if "move" in data else []


def _move_words(game: Game, move: Any) -> str:
    if isinstance(move, dict):
        try:
            return str(rules_of(game).format(move))  # its public part
        except Exception:  # noqa: BLE001 - the mail still says a move was played
            pass
    return "a random legal move"


def _told_otherwise(game: Game, account: Account, data: dict[str, Any]) -> bool:
    """Whether another mail of this expiry tells `account` what the server played: the game is
    over (the game-over mail), or the turn passed to its seat (its your-turn mail, queued by the
    expiry's last entry; a seat a bot plays or a player who mutes the game gets none, as wanted)."""
    if game.status != "running":
        return True
    if game.to_move is None or game.to_move == data.get("seat"):
        return False
    mine = Seat.get_or_none((Seat.game == game.id) & (Seat.account == account.id))
    return mine is not None and mine.seat == game.to_move


def kinds_count(rows: Iterable[Mail]) -> dict[str, int]:
    out: dict[str, int] = {}
    for row in rows:
        out[row.kind] = out.get(row.kind, 0) + 1
    return out
