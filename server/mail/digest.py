"""The daily digest: one mail a day, instead of each mail, for accounts on "digest".

It lists the games waiting for the account's move, its open invitations and its games that
ended since the last digest, from public data only (server/mail/notices.py `public_of`).
"""

from __future__ import annotations

import datetime as dt

from server.ledger.rules import rules_of
from server.mail.addressing import MailSettings, dedupe_key, message_id, recipient_id
from server.mail.compose import as_text, compose
from server.mail.notices import public_of
from server.mail.texts import digest_text, result_words
from server.store.models import Account, Game, Invite, Mail, MailPref, Mute, Seat, database, utcnow


def digest(settings: MailSettings, now: dt.datetime | None = None) -> int:
    """Queue today's digest for every account on "digest" that has something waiting and
    has had none today (UTC): the games waiting for its move, its open invitations and
    its games that ended since the last digest. Returns how many were queued."""
    now = now or utcnow()
    day = now.strftime("%Y-%m-%d")
    queued = 0
    prefs = MailPref.select(MailPref, Account).join(Account).where(MailPref.notify == "digest")
    for pref in prefs:
        if pref.digest_day == day:
            continue
        account = pref.account
        items = digest_items(account, since=_day_before(pref.digest_day, now))
        if not items:
            continue
        rcpt = recipient_id(account.id, account.email)
        msg = compose(
            settings, kind="digest", to_name=account.name, to_addr=account.email,
            subject=f"pbem: your games on {day}", text=digest_text(settings, account.name, items, account.id),
            msg_id=message_id(settings, None, day, "digest", rcpt), game_id=None,
            account_id=account.id, when=now,
        )
        with database.atomic():
            done = Mail.insert(
                account=account.id, to_addr=account.email, game=None, kind="digest",
                message=as_text(msg), key=dedupe_key("digest", None, day, rcpt), status="pending",
                attempts=0, next_try=now, created=now,
            ).on_conflict_ignore().execute()
            MailPref.update(digest_day=day).where(MailPref.id == pref.id).execute()
        queued += 1 if done else 0
    return queued


def _day_before(last_day: str | None, now: dt.datetime) -> dt.datetime:
    if last_day:
        try:
            return dt.datetime.strptime(last_day, "%Y-%m-%d")
        except ValueError:
            pass
    return now - dt.timedelta(days=1)


def digest_items(account: Account, since: dt.datetime) -> list[str]:
    mutes = {m.game_id for m in Mute.select().where(Mute.account == account)}
    waiting, ended, invites = [], [], []
    seats = Seat.select(Seat, Game).join(Game).where(Seat.account == account)
    for row in seats:
        game = row.game
        if game.id in mutes:
            continue
        if game.status == "running" and game.to_move == row.seat:
            waiting.append(game)
        elif game.status == "over" and game.updated >= since:
            ended.append(game)
    for inv in Invite.select(Invite, Game).join(Game).where((Invite.account == account) & (Game.status == "open")):
        invites.append(inv)
    lines: list[str] = []
    if waiting:
        lines.append(f"Waiting for your move ({len(waiting)}):")
        for game in sorted(waiting, key=lambda g: g.updated):
            pub = public_of(game)
            lines.append(f"  - game {game.id} ({pub.heading}): run `pbem show {game.id}`")
            if pub.moves:
                lines.append(f"      last step: {pub.moves[-1]}")  # a statement of answers is a step, not a move
    if invites:
        lines.append(f"Invitations ({len(invites)}):")
        for inv in invites:
            title = rules_of(inv.game).title
            lines.append(f"  - game {inv.game.id} ({title}, {inv.game.seats} players): `pbem join {inv.game.id}`")
    if ended:
        lines.append(f"Over since the last digest ({len(ended)}):")
        for game in ended:
            pub = public_of(game)
            lines.append(f"  - game {game.id} ({pub.heading}): {result_words(pub)}; `pbem audit` it")
    return lines
