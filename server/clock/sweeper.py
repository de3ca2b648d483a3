"""The sweeper: deadlines act by the clock, whether or not anyone opens the game.

`tick(now)` looks at every running game with a deadline and does what is due, each game
in its own transactions under the game's lock (so several workers or hosts ticking at once
never do anything twice):

- the reminder at half the time and the last warning, each once (recorded on the clock);
- on expiry, the entry the genesis names: a `timeout` (the seat's decision played by a
  uniformly random legal move, `protocol.steps.timeout`) or a `forfeit` (the seat loses),
  appended like every other entry. A decision no bot can make (one that needs a secret
  only its owner holds, such as the reveal of a burnt wisdom in a blind magier game,
  `protocol.steps.needs_owner`) is forfeited even where the genesis names the bot.
  After a timeout the same seat may still decide (one
  turn, several decisions): its clock is still expired, so the sweeper plays on, in the same
  transaction, and the players get one notice of the expiry listing every move it played.

`now` moves the game clock only (deadlines, reminders, who is out of time): the entries the
sweeper appends carry the time they were signed, the game's "last entry" is that time, and
its mail is queued to go out now (server/mail/notices.py `deadline_notice`).

Also here, because they act with the ledger: the creator's abort (`abort_game`) and
vacations (`take_vacation`, `vacation_status`). `pbem-server tick` runs `tick` once; the
server's background thread calls it every round.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from typing import Any

import peewee as pw

from engines.core import IllegalMove
from protocol import steps
from server.clock import clock
from server.ledger.ledger import Ledger
from server.ledger.records import LedgerError
from server.ledger.rules import rules_of
from server.store.models import Account, Clock, Game, Seat, Vacation, database

log = logging.getLogger(__name__)

MAX_STEPS = 500  # timeouts in one game per tick (one seat's whole turn, however long)
DEFAULT_VACATION_DAYS = 21
DEFAULT_ABORT_AFTER_DAYS = 30


def _ledger(app: Any = None) -> Ledger:
    if app is None:
        from flask import current_app, has_app_context

        if not has_app_context():
            raise RuntimeError("sweeper.tick needs the app (tick(app=...)) or an app context")
        app = current_app
    return app.extensions["pbem.ledger"]


def tick(now: dt.datetime | None = None, app: Any = None, ledger: Ledger | None = None) -> dict[str, Any]:
    """Do what is due at `now` (default: the clock) in every game; say what was done."""
    at = now if now is not None else clock.now()
    ledger = ledger or _ledger(app)
    done: dict[str, list[Any]] = {"reminders": [], "warnings": [], "timeouts": [], "forfeits": [], "errors": []}
    opened = database.is_closed()
    if opened:
        database.connect()
    try:
        due = (
            Clock.select(Clock.game)
            .join(Game)
            .where(
                (Game.status == "running")
                & Clock.seat.is_null(False)
                & (
                    (Clock.expires_at <= at)
                    | ((Clock.warn_at <= at) & (Clock.warned == False))  # noqa: E712 - SQL
                    | ((Clock.remind_at <= at) & (Clock.reminded == False))  # noqa: E712 - SQL
                )
            )
        )
        for game_id in [row.game_id for row in due]:
            try:
                with clock.acting_at(at):
                    sweep_game(ledger, game_id, at, done)
            except Exception as exc:  # noqa: BLE001 - one broken game must not stop the others
                log.exception("sweeper: game %s", game_id)
                done["errors"].append({"game": game_id, "error": f"{type(exc).__name__}: {exc}"})
    finally:
        if opened and not database.is_closed():
            database.close()
    return done


def sweep_game(ledger: Ledger, game_id: str, at: dt.datetime, done: dict[str, list[Any]]) -> None:
    for _ in range(MAX_STEPS):
        if not _sweep_once(ledger, game_id, at, done):
            return
    log.warning("sweeper: game %s still has expired decisions after %d steps", game_id, MAX_STEPS)


def _sweep_once(ledger: Ledger, game_id: str, at: dt.datetime, done: dict[str, list[Any]]) -> bool:
    """One thing due in this game, in one transaction; True if an entry was appended."""
    with database.atomic():
        game = ledger._lock(game_id)
        row = Clock.get_or_none(Clock.game == game.id)
        if row is None or game.status != "running" or row.seat is None or row.seat != game.to_move:
            return False
        seat = row.seat
        account = clock.seat_account(game, seat)
        if row.expires_at is not None and row.expires_at <= at:
            expired = clock.iso(row.expires_at)
            made = _expire_all(ledger, game, row, seat, at)
            for entry in made:
                # a bot deadline forfeits a decision no bot can make (a blind game's reveal: the server never holds its secrets)
                what = "timeouts" if entry["body"].get("kind") == "timeout" else "forfeits"
                done[what].append({"game": game.id, "seat": seat, "seq": entry["seq"]})
            game.save()  # the expiry's mail reads the game again: it shows the position after it
            if account is not None:
                kind, data = expiry_notice(seat, expired, made)
                _tell_all(ledger, game, kind, data, at)
            return True  # the game's "last entry" is its newest entry's time (the ledger's), never `at`
        data = {"seat": seat, "expires": clock.iso(row.expires_at), "on_expiry": row.on_expiry}
        if row.warn_at is not None and row.warn_at <= at and not row.warned:
            row.warned = row.reminded = True  # a late sweeper sends the warning, not both
            row.save()
            if account is not None:
                clock.announce(ledger.mail, "warning", game.id, account, data, at)
            done["warnings"].append({"game": game.id, "seat": seat})
        elif row.remind_at is not None and row.remind_at <= at and not row.reminded:
            row.reminded = True
            row.save()
            if account is not None:
                clock.announce(ledger.mail, "reminder", game.id, account, data, at)
            done["reminders"].append({"game": game.id, "seat": seat})
        return False


def _expire_all(ledger: Ledger, game: Game, row: Clock, seat: int, at: dt.datetime) -> list[dict[str, Any]]:
    """Every decision one expiry covers, in the caller's transaction (so one notice tells them
    all, README "Trying deadlines"): a timeout that leaves the same seat to decide keeps its clock
    (one turn, several decisions, server/clock/clock.py), still expired, so the server plays on
    until another seat is to move, the game is over, or the seat forfeited; MAX_STEPS at most."""
    made = [_expire(ledger, game, row, seat, at)]
    while len(made) < MAX_STEPS and made[-1]["body"].get("kind") == "timeout":
        row = Clock.get_or_none(Clock.game == game.id)
        if row is None or game.status != "running" or game.to_move != seat or row.seat != seat:
            break
        if row.expires_at is None or row.expires_at > at:
            break
        made.append(_expire(ledger, game, row, seat, at))
    return made


def expiry_notice(seat: int, expired: str | None, made: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    """The one notice of one expiry: "timeout" with every move the server played for the seat
    (and `forfeit` when its turn then ended in a forfeit), or "forfeit". Its `seq`, the expiry's
    first entry, names the cause: one outbox row per expiry and recipient."""
    moves = [e["body"]["move"] for e in made if e["body"].get("kind") == "timeout"]
    data: dict[str, Any] = {"seat": seat, "seq": made[0]["seq"], "expired": expired}
    if not moves:
        return "forfeit", data
    data |= {"moves": moves, "last": made[-1]["seq"]}
    if made[-1]["body"].get("kind") != "timeout":
        data["forfeit"] = True
    return "timeout", data


def _expire(ledger: Ledger, game: Game, row: Clock, seat: int, at: dt.datetime) -> dict[str, Any]:
    """Append the timeout or forfeit for `seat`, exactly as the audit will recompute it."""
    engine = rules_of(game)
    state = json.loads(game.state)
    seed = bytes.fromhex(game.seed)
    seq = game.head_seq + 1
    if row.on_expiry == "bot" and not steps.needs_owner(engine, state):
        try:
            step = steps.timeout(engine, state, seat, seed, seq, seats=game.seats)
        except (steps.StepError, IllegalMove) as exc:
            raise LedgerError(409, f"cannot time out seat {seat}: {exc}") from exc
        return ledger.append_seeded(game, step)
    try:
        step = steps.forfeit_step(engine, state, seat, seed, seq, seats=game.seats)
    except steps.StepError as exc:
        raise LedgerError(409, f"cannot forfeit seat {seat}: {exc}") from exc
    entry = ledger._append(game, "system", step.body)
    if "views" in step.body:  # the seat leaves a game of three or more; the others play on
        ledger._store_payloads(game, step.payloads)
        ledger._after_step(game, step)
    else:
        ledger._finish(game, step.body["result"])
        clock.after_step(game)
    return entry


def _tell_all(ledger: Ledger, game: Game, kind: str, data: dict[str, Any], at: dt.datetime) -> None:
    for row in Seat.select(Seat, Account).join(Account).where(Seat.game == game).order_by(Seat.seat):
        clock.announce(ledger.mail, kind, game.id, row.account, data, at)


# -- abort ---------------------------------------------------------------------------------------


def abort_game(ledger: Ledger, game_id: str, account: Account, at: dt.datetime, after_days: int) -> dict[str, Any]:
    """The creator ends a game that never started, or one nobody has moved in for `after_days`."""
    with database.atomic():
        game = ledger._lock(game_id)
        if game.creator_id != account.id:
            raise LedgerError(403, "only the game's creator may abort it")
        if game.status == "over":
            raise LedgerError(409, "the game is over already")
        if game.status == "running":
            idle = at - game.updated
            if idle < dt.timedelta(days=after_days):
                days = idle.days
                raise LedgerError(
                    409,
                    f"the last entry is {days} day(s) old: a running game can be aborted once nobody "
                    f"has moved in it for {after_days} days",
                )
            reason = f"by its creator {account.name}: nobody moved for {(at - game.updated).days} days"
        else:
            reason = f"by its creator {account.name} before it started"
        body = steps.abort(reason)
        entry = ledger._append(game, "system", body)
        ledger._finish(game, body["result"])
        clock.after_step(game)
        _tell_all(ledger, game, "abort", {"reason": reason, "seq": entry["seq"]}, at)
        game.save()  # its "last entry": the abort's own time (the ledger's), not the clock's `at`
    return entry


# -- vacations ------------------------------------------------------------------------------------


def vacation_status(account: Account, at: dt.datetime, budget: int) -> dict[str, Any]:
    used = (
        Vacation.select(Vacation.days)
        .where((Vacation.account == account) & (Vacation.year == at.year))
    )
    taken = sum(v.days for v in used)
    until = clock.away_until(account, at)
    return {
        "year": at.year,
        "budget": budget,
        "used": taken,
        "left": max(0, budget - taken),
        "away_until": clock.iso(until),
    }


def take_vacation(ledger: Ledger, account: Account, days: Any, at: dt.datetime, budget: int) -> dict[str, Any]:
    """Stop the account's clocks in every game for `days` days, within this year's budget.

    A vacation taken while away starts when the current one ends. Every running clock of
    the account moves by `days`; a clock that starts while it is away starts when it is back.
    The other players of its running games are told.
    """
    if not steps.is_int(days) or days < 1:
        raise LedgerError(400, "days: a whole number of days, at least 1")
    with database.atomic():
        query = Account.select().where(Account.id == account.id)
        if not isinstance(database.obj, pw.SqliteDatabase):
            query = query.for_update()  # two requests at once must not both spend the same days
        account = query.get()
        status = vacation_status(account, at, budget)
        if days > status["left"]:
            raise LedgerError(
                409, f"you have {status['left']} vacation day(s) left this year (of {budget}); {days} asked"
            )
        back = clock.away_until(account, at)
        starts = back if back is not None else at
        ends = starts + dt.timedelta(days=days)
        Vacation.create(account=account, starts=starts, ends=ends, days=days, year=at.year, created=at)
        shift = dt.timedelta(days=days)
        running = (
            Clock.select(Clock, Game)
            .join(Game)
            .join(Seat, on=((Seat.game == Clock.game) & (Seat.seat == Clock.seat)))
            .where((Seat.account == account) & (Game.status == "running") & Clock.seat.is_null(False))
        )
        moved = []
        for row in running:
            if row.started is not None and row.started > at:
                row.started += shift
            row.remind_at += shift
            row.warn_at += shift
            row.expires_at += shift
            row.save()
            moved.append({"game": row.game_id, "expires": clock.iso(row.expires_at)})
        games = Game.select().join(Seat).where((Seat.account == account) & (Game.status == "running"))
        data = {"name": account.name, "days": days, "from": clock.iso(starts), "until": clock.iso(ends)}
        for game in games:
            others = Seat.select(Seat, Account).join(Account).where((Seat.game == game) & (Seat.account != account))
            for other in others:
                clock.announce(ledger.mail, "vacation", game.id, other.account, data, at)
    return {**vacation_status(account, at, budget), "from": clock.iso(starts), "until": clock.iso(ends), "moved": moved}


# -- pbem-server tick ------------------------------------------------------------------------------
