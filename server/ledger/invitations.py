"""Invitations: a free seat kept for a named account or for an e-mail address, and freed again.

They change no log (a seat is taken only by the join its holder signs), so they live apart from
the appends; each is one transaction on the locked game row, as every change of a game is.

An address is only asserted (anyone may register any address), so a seat kept for an address
goes to whoever can read that mailbox: its invitation mails a one-time token (random, kept
here as its SHA-256 only, for that game and seat), and the seat becomes an account's kept seat
only when that account presents the token (`claim`). Registering with the address, or holding
an account that has it, grants nothing: no seat, no sight of a private game.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from typing import TYPE_CHECKING, Any

import peewee as pw

from protocol import steps
from server.ledger.records import LedgerError, account_named
from server.mail import addressing, notices
from server.store.models import Account, EmailInvite, Game, Invite, Seat, database

TOKEN = re.compile(r"[0-9a-f]{32}")
TOKEN_RULE = "token: the 32 hex digits of your invitation mail"


def new_token() -> str:
    """An invitation's one-time token: 128 random bits, written as 32 hex digits."""
    return secrets.token_hex(16)


def token_hash(token: str) -> str:
    """What the server keeps of a token: its SHA-256 under a tag of its own (hex)."""
    return hashlib.sha256(b"pbem/v1/invite-token\n" + token.encode("ascii")).hexdigest()


def is_token(value: Any) -> bool:
    return isinstance(value, str) and TOKEN.fullmatch(value) is not None


def invite_with_token(game: Game, token: Any) -> EmailInvite | None:
    """The seat kept in `game` for the address whose mail carried `token`, if any."""
    if not is_token(token):
        return None
    return EmailInvite.get_or_none((EmailInvite.game == game) & (EmailInvite.token_hash == token_hash(token)))


def not_open(game: Game) -> str:
    """Why a game takes no more players, in its own terms: an aborted game (before it started
    or after) or a finished one is not "started", and saying so sends its inviter looking for
    a game that is running."""
    if game.status == "running":
        return "this game has already started"
    reason = str((json.loads(game.result) if game.result else {}).get("reason") or "")
    if reason.startswith("aborted"):
        return f"game {game.id} was aborted: nobody can take a seat in it"
    return f"game {game.id} is over: nobody can take a seat in it"


class Invitations:
    """The Ledger's invitations (a mixin: it needs the Ledger's row lock and mail settings)."""

    if TYPE_CHECKING:
        mail: addressing.MailSettings | None

        def _lock(self, game_id: str) -> Game: ...

    def invite(self, game_id: str, by: Account, name: Any, seat: Any) -> Game:
        """Keep a free seat for a named account; only the creator or a seated player may."""
        with database.atomic():
            game = self._lock(game_id)
            seats = self._may_invite(game, by, seat)
            guest = account_named(name)
            if guest is None:
                raise LedgerError(404, f"no account named {name!r}")
            if guest.id in {s.account_id for s in seats}:
                raise LedgerError(409, f"{guest.name} holds a seat in this game already")
            invites = list(Invite.select().where(Invite.game == game))
            if guest.id in {i.account_id for i in invites}:
                raise LedgerError(409, f"{guest.name} is invited already")
            seat = self._seat_to_keep(game, seats, {i.seat for i in invites}, seat)
            Invite.create(game=game, seat=seat, account=guest, by=by)
            if self.mail is not None:
                notices.invited(self.mail, game, guest, by, seat)
        return game

    @staticmethod
    def _may_invite(game: Game, by: Account, seat: Any) -> list[Seat]:
        """The game's seats, once `by` may invite to it (its creator or a player, the game still
        open) and `seat` is a seat number or None: what either kind of invitation checks first."""
        seats = list(Seat.select().where(Seat.game == game))
        if game.creator_id != by.id and by.id not in {s.account_id for s in seats}:
            raise LedgerError(403, "only the game's creator or its players may invite")
        if game.status != "open":
            raise LedgerError(409, not_open(game))
        if seat is not None and not steps.is_int(seat):
            raise LedgerError(400, "seat: a whole number, or leave it out for the first free seat")
        return seats

    @staticmethod
    def _address_seats(game: Game) -> set[int]:
        return {e.seat for e in EmailInvite.select().where(EmailInvite.game == game)}

    def _seat_to_keep(self, game: Game, seats: list[Seat], invited: set[int], seat: int | None) -> int:
        """The seat an invitation keeps: the one asked for if free, else the first free one."""
        unavailable = {s.seat for s in seats} | invited | self._address_seats(game)
        free = [s for s in range(game.seats) if s not in unavailable]
        if seat is None:
            if not free:
                raise LedgerError(409, "no free seat is left to keep")
            seat = free[0]
        if seat not in free:
            raise LedgerError(409, f"seat {seat} is not free; free: {', '.join(map(str, free)) or 'none'}")
        return seat

    def invite_address(self, game_id: str, by: Account, address: str, seat: Any) -> Game:
        """Keep a free seat for an e-mail address and mail it a one-time token, with how to
        install pbem and take the seat (`pbem join GAME --token TOKEN`): the seat is claimed
        by that token only, never by an account that merely says it has the address."""
        if self.mail is None:
            raise LedgerError(409, "this server sends no mail: invite an account by its name")
        with database.atomic():
            game = self._lock(game_id)
            seats = self._may_invite(game, by, seat)
            if EmailInvite.select().where(
                (EmailInvite.game == game) & (pw.fn.LOWER(EmailInvite.email) == address.lower())
            ).exists():
                raise LedgerError(409, f"{address} is invited already")
            invites = {i.seat for i in Invite.select().where(Invite.game == game)}
            seat = self._seat_to_keep(game, seats, invites, seat)
            token = new_token()
            EmailInvite.create(game=game, seat=seat, email=address, by=by, token_hash=token_hash(token))
            notices.invited_address(self.mail, game, address, by, seat, token)
        return game

    def claim(self, game_id: str, account: Account, token: Any) -> Game:
        """The seat kept for an address becomes the seat kept for `account` (an Invite), which
        proves it reads that mailbox by presenting the token mailed there. Once: the address's
        row is gone with it. A token that is not one of this game's answers 404, whatever the
        reason (never issued, used, cancelled, another game's)."""
        if not is_token(token):
            raise LedgerError(400, TOKEN_RULE)
        with database.atomic():
            game = self._lock(game_id)
            kept = invite_with_token(game, token)
            if kept is None:
                raise LedgerError(404, f"no invitation to game {game_id} has this token (used, cancelled or mistyped?)")
            if game.status != "open":
                raise LedgerError(409, not_open(game))
            if Seat.select().where((Seat.game == game) & (Seat.account == account)).exists():
                raise LedgerError(409, "you hold a seat in this game already")
            if Invite.select().where((Invite.game == game) & (Invite.account == account)).exists():
                raise LedgerError(409, "a seat of this game is kept for you already")
            kept.delete_instance()
            Invite.create(game=game, seat=kept.seat, account=account, by=kept.by_id)
        return game

    def cancel_invite(self, game_id: str, by: Account, name: Any) -> Game:
        """Free the seat kept for `name`: the game's creator, the inviter or the guest may."""
        with database.atomic():
            game = self._lock(game_id)
            if isinstance(name, str) and "@" in name:
                holder = self._invited_holder(game, name)
                if holder is None:
                    return self._cancel_address(game, by, name)
                name = holder.name  # an address of an account was invited as that account
            guest = account_named(name)
            kept = (
                Invite.get_or_none((Invite.game == game) & (Invite.account == guest))
                if guest is not None else None
            )
            if kept is None:
                raise LedgerError(404, f"no invitation for {name!r} in this game")
            if by.id not in (game.creator_id, kept.by_id, kept.account_id):
                raise LedgerError(403, "only the game's creator, the inviter or the guest may cancel an invitation")
            kept.delete_instance()
        return game

    @staticmethod
    def _invited_holder(game: Game, address: str) -> Account | None:
        """The one account with this address that holds an invitation to the game, if no
        invitation by address is kept: inviting an account-holder's address invites the
        account (api.invite_address), so cancelling by that address must find it too."""
        if EmailInvite.select().where(
            (EmailInvite.game == game) & (pw.fn.LOWER(EmailInvite.email) == address.lower())
        ).exists():
            return None
        holders = [
            i.account for i in Invite.select(Invite, Account).join(Account, on=(Invite.account == Account.id))
            .where((Invite.game == game) & (pw.fn.LOWER(Account.email) == address.lower()))
        ]
        return holders[0] if len(holders) == 1 else None

    @staticmethod
    def _cancel_address(game: Game, by: Account, address: str) -> Game:
        kept = EmailInvite.get_or_none(
            (EmailInvite.game == game) & (pw.fn.LOWER(EmailInvite.email) == address.lower())
        )
        if kept is None:
            raise LedgerError(404, f"no invitation for {address!r} in this game")
        if by.id not in (game.creator_id, kept.by_id):  # an account's address is asserted: it proves nothing
            raise LedgerError(403, "only the game's creator or the inviter may cancel an invitation")
        kept.delete_instance()
        return game
