"""Invitations: a free seat kept for a named account or for an e-mail address, and freed again.

They change no log (a seat is taken only by the join its holder signs), so they live apart from
the appends; each is one transaction on the locked game row, as every change of a game is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import peewee as pw

from protocol import steps
from server.ledger.records import LedgerError, account_named
from server.mail import addressing, notices
from server.store.models import Account, EmailInvite, Game, Invite, Seat, database


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
            raise LedgerError(409, "this game has already started")
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
        """Keep a free seat for an e-mail address with no account yet, and mail it how to
        install pbem and join; the account registered later with that address gets the seat."""
        with database.atomic():
            game = self._lock(game_id)
            seats = self._may_invite(game, by, seat)
            if EmailInvite.select().where(
                (EmailInvite.game == game) & (pw.fn.LOWER(EmailInvite.email) == address.lower())
            ).exists():
                raise LedgerError(409, f"{address} is invited already")
            invites = {i.seat for i in Invite.select().where(Invite.game == game)}
            seat = self._seat_to_keep(game, seats, invites, seat)
            EmailInvite.create(game=game, seat=seat, email=address, by=by)
            if self.mail is not None:
                notices.invited_address(self.mail, game, address, by, seat)
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
        if by.id not in (game.creator_id, kept.by_id) and by.email.lower() != address.lower():
            raise LedgerError(403, "only the game's creator or the inviter may cancel an invitation")
        kept.delete_instance()
        return game
