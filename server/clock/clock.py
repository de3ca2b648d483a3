"""Deadline clocks: one per game with a deadline, for the decision now due.

A game's deadline settings are chosen when it is created and signed into its genesis
(`deadline`: days per decision, hours of grace, `bot` or `forfeit` on expiry; PROTOCOL.md
section 9). The clock of the current decision lives in the `Clock` row:

- it (re)starts whenever the seat to move changes (`after_step`, called by the ledger inside
  the transaction that appends the entry): a turn of several decisions by one seat runs on
  one clock, so after a timeout that leaves the same seat to decide, the clock is still
  expired and the sweeper plays on for that seat;
- `expires_at = start + days + grace`; the reminder goes at half the days
  (`remind_at = start + days / 2`), the last warning when the grace begins, or WARN_HOURS
  before expiry if the grace is shorter (`warn_at = expires_at - max(grace, WARN_HOURS)`,
  never before the reminder);
- a clock that starts while its seat's account is on vacation starts when the vacation ends,
  and taking a vacation moves the running clocks of that account by its length
  (server/clock/sweeper.py `take_vacation`).

The clock is injectable: `now()` returns `CLOCK()`, which tests replace (no sleeping).
This module touches only the database; the ledger imports it, and server/clock/sweeper.py acts on
what is due (reminders, warnings, expiry) with the ledger.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime as dt
import json
import logging
from collections.abc import Callable, Iterator
from typing import Any

from protocol import steps
from protocol.canonical import canonical
from server.store.models import (
    Account,
    Clock,
    DeadlineNotice,
    Game,
    Seat,
    Vacation,
    database,
    utcnow,
)
from server.store.prepared import Prepared

log = logging.getLogger(__name__)
CLOCK_OF = Prepared(lambda game_id: Clock.select().where(Clock.game == game_id).limit(1))

CLOCK: Callable[[], dt.datetime] = utcnow  # naive UTC; tests replace it
# The time a sweep acts at (sweeper.tick(now)): clocks it restarts start then, not at CLOCK().
_AT: contextvars.ContextVar[dt.datetime | None] = contextvars.ContextVar("pbem_clock_at", default=None)
WARN_HOURS = 6
DEFAULT_GRACE_HOURS = 12
DEFAULT_ON_EXPIRY = "bot"

NOTICE_KINDS = ("reminder", "warning", "timeout", "forfeit", "vacation", "abort")


def now() -> dt.datetime:
    at = _AT.get()
    return at if at is not None else CLOCK()


def sweeping_at() -> dt.datetime | None:
    """The time a sweep acts at (`acting_at`), or None outside one: the game clock's, which a
    `pbem-server tick --now` may set ahead of the real time; nothing but deadlines follows it."""
    return _AT.get()


@contextlib.contextmanager
def acting_at(at: dt.datetime) -> Iterator[None]:
    """Within the block, `now()` is `at` (this thread only)."""
    token = _AT.set(at)
    try:
        yield
    finally:
        _AT.reset(token)


def iso(value: dt.datetime | None) -> str | None:
    return None if value is None else value.strftime("%Y-%m-%dT%H:%M:%SZ")


# -- settings ------------------------------------------------------------------------------------


class BadDeadline(ValueError):
    """A `deadline` the API refuses (400); the message says what is allowed."""


def check_deadline(value: Any, owner_decides: str | None = None) -> dict[str, Any] | None:
    """The API's `deadline` object -> the genesis member, or None for no deadline.

    `{"days": 1|2|3|5|7|14, "grace_hours": 0..168 (default 12), "on_expiry": "bot"|"forfeit"
    (default "bot")}`; no object, `null` or `"days": null` mean no deadline. `owner_decides`:
    why no bot can play some of the game's decisions (a blind magier game): then "bot" is
    refused, since its seats would forfeit after all, and the default is "forfeit". The
    genesis format is as it was: a released version's blind game with "bot" still replays.
    """
    if value is None:
        return None
    if not isinstance(value, dict):
        raise BadDeadline("deadline: an object {\"days\", \"grace_hours\", \"on_expiry\"}, or null")
    unknown = set(value) - steps.DEADLINE_KEYS
    if unknown:
        raise BadDeadline(f"deadline: unknown members {sorted(unknown)}")
    if value.get("days") is None:
        return None
    settings = {
        "days": value["days"],
        "grace_hours": value.get("grace_hours", DEFAULT_GRACE_HOURS),
        "on_expiry": value.get("on_expiry", "forfeit" if owner_decides else DEFAULT_ON_EXPIRY),
    }
    problem = steps.deadline_problem(settings)
    if problem is not None:
        raise BadDeadline(problem)
    if owner_decides and settings["on_expiry"] == "bot":
        raise BadDeadline(
            f"deadline: on_expiry bot cannot be kept in this game ({owner_decides}): choose forfeit"
        )
    return settings


def create(game: Game, settings: dict[str, Any]) -> Clock:
    """The game's clock row, written with its genesis; nothing runs until the start."""
    return Clock.create(
        game=game, days=settings["days"], grace_hours=settings["grace_hours"], on_expiry=settings["on_expiry"]
    )


def settings_of(row: Clock) -> dict[str, Any]:
    return {"days": row.days, "grace_hours": row.grace_hours, "on_expiry": row.on_expiry}


# -- the running clock -----------------------------------------------------------------------------


def times(row: Clock, start: dt.datetime) -> tuple[dt.datetime, dt.datetime, dt.datetime]:
    """(remind_at, warn_at, expires_at) of a decision whose clock starts at `start`."""
    period = dt.timedelta(days=row.days)
    grace = dt.timedelta(hours=row.grace_hours)
    expires = start + period + grace
    remind = start + period / 2
    warn = max(remind, expires - max(grace, dt.timedelta(hours=WARN_HOURS)))
    return remind, warn, expires


def seat_account(game: Game | str, seat: int) -> Account | None:
    row = Seat.select(Seat, Account).join(Account).where((Seat.game == game) & (Seat.seat == seat)).first()
    return row.account if row is not None else None


def away_until(account: Account | int, at: dt.datetime) -> dt.datetime | None:
    """The end of the account's vacation running at `at` (chained ones included), or None."""
    end = (
        Vacation.select(Vacation.ends)
        .where((Vacation.account == account) & (Vacation.starts <= at) & (Vacation.ends > at))
        .order_by(Vacation.ends.desc())
        .scalar()
    )
    if end is None:
        return None
    later = Vacation.select(Vacation.ends).where((Vacation.account == account) & (Vacation.ends > end)).order_by(Vacation.ends.desc()).scalar()
    return later or end


def restart(row: Clock, game: Game, seat: int, at: dt.datetime) -> None:
    """The seat's decision is now due: its clock starts (when its vacation ends, if away)."""
    account = seat_account(game, seat)
    start = at
    if account is not None:
        back = away_until(account, at)
        if back is not None:
            start = back
    row.seat = seat
    row.started = start
    row.remind_at, row.warn_at, row.expires_at = times(row, start)
    row.reminded = row.warned = False
    row.save()


def stop(row: Clock) -> None:
    row.seat = row.started = row.remind_at = row.warn_at = row.expires_at = None
    row.reminded = row.warned = False
    row.save()


def after_step(game: Game) -> None:
    """Called by the ledger after every step (start, move, timeout), in its transaction."""
    row = CLOCK_OF.first(game.id)
    if row is None:
        return
    if game.status != "running" or game.to_move is None:
        if row.seat is not None:
            stop(row)
        return
    if row.seat == game.to_move and row.expires_at is not None:
        return  # the same seat decides on: the same clock
    restart(row, game, game.to_move, now())


def summary(game: Game) -> dict[str, Any]:
    """What the game's public summary says about its deadline (not signed: the genesis is)."""
    row = CLOCK_OF.first(game.id)
    if row is None:
        return {"deadline": None, "clock": None}
    running = row.seat is not None and game.status == "running"
    return {
        "deadline": settings_of(row),
        "clock": {"seat": row.seat, "expires": iso(row.expires_at), "started": iso(row.started)} if running else None,
    }


# -- notices ----------------------------------------------------------------------------------------


def announce(
    mail: Any, kind: str, game_id: str | None, account: Account, data: dict[str, Any], at: dt.datetime
) -> None:
    """Tell one account about a deadline event: recorded in `DeadlineNotice`, and queued as mail
    when the mail machinery offers a hook for it.

    The hook is `server.mail.notices.deadline_notice(settings, kind=, game_id=, account=, data=, now=)`
    (settings: the ledger's mail settings), called inside the caller's transaction, in a
    savepoint: a failing mail never loses the entry or the record.
    """
    DeadlineNotice.create(game=game_id, account=account, kind=kind, data=canonical(data).decode(), created=at)
    hook = _mail_hook()
    if hook is None or mail is None:
        return
    try:
        with database.atomic():
            hook(mail, kind=kind, game_id=game_id, account=account, data=data, now=at)
    except Exception:  # noqa: BLE001 - the notice is recorded; the mail is best effort
        log.exception("deadline mail (%s, game %s) could not be queued", kind, game_id)


def _mail_hook() -> Callable[..., Any] | None:
    try:
        from server.mail import notices
    except ImportError:
        return None
    hook = getattr(notices, "deadline_notice", None)
    return hook if callable(hook) else None


def notices_for(game_id: str | None = None, account: Account | None = None) -> list[dict[str, Any]]:
    """The recorded notices, oldest first (for tests and the operator)."""
    query = DeadlineNotice.select(DeadlineNotice, Account).join(Account)
    if game_id is not None:
        query = query.where(DeadlineNotice.game == game_id)
    if account is not None:
        query = query.where(DeadlineNotice.account == account)
    return [
        {"game": n.game, "name": n.account.name, "kind": n.kind, "data": json.loads(n.data), "at": iso(n.created)}
        for n in query.order_by(DeadlineNotice.id)
    ]
