"""Which game a /v1 request may know of: private means absent.

Every route that names a game looks it up here first, before it reads the body or asks who is
signing, so that a private game answers anyone who may not read it exactly as an id that names
no game: the same 404, the same text (but for the id the requester typed), the same headers,
signed or not. Who may read a private game: its creator, a seated player, an invited account.

The order, and why:
1. A request that carries a signature (any of its X-Pbem- headers) has it checked first, whatever
   it names: a stale or forged one is the same 401 for a public, a private and a missing game.
   So an honest member whose clock is off is told so, and nobody else learns anything.
2. The game: an id that is not 16 hex characters, or no game, is a 404; a private game is the
   same 404 unless the (checked) signer's account may read it.
3. Only then does the route ask for an account (401 unsigned, 403 no such account) and read its
   body: those answers are given for games the requester may know of, and for no other.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import request

from server.http.auth import current_account, signer_key
from server.http.errors import ApiProblem
from server.ledger.records import is_game_id
from server.store.models import Account, Game, Invite, PrivateGame, Seat
from server.store.prepared import Prepared

GAME_BY_ID = Prepared(lambda game_id: Game.select().where(Game.id == game_id).limit(1))
NOT_AN_ID = "no such game: a game id is 16 hex characters"


def no_game(game_id: str) -> ApiProblem:
    """The one answer for an id that names no game the requester may know of."""
    return ApiProblem(404, f"no game {game_id!r}")


def is_private(game: Game) -> bool:
    return bool(PrivateGame.select().where(PrivateGame.game == game).exists())


def member(game: Game, account: Account) -> bool:
    """The creator, a seated player or an invited one: who may read a private game."""
    return bool(
        game.creator_id == account.id
        or Seat.select().where((Seat.game == game) & (Seat.account == account)).exists()
        or Invite.select().where((Invite.game == game) & (Invite.account == account)).exists()
    )


SIGNATURE_HEADERS = "x-pbem-"  # X-Pbem-Key, -Time, -Signature (protocol.auth): any of them


def carries_signature() -> bool:
    """True when the request tries to be signed: it carries any of the signature's headers."""
    return any(name.lower().startswith(SIGNATURE_HEADERS) for name in request.headers.keys())


def signer_account() -> Account | None:
    """The account of this request's (checked) signature; None when unsigned or no account has the key."""
    if not carries_signature():
        return None
    try:
        return current_account()
    except ApiProblem as exc:
        if exc.status == 401:  # a bad signature: said before anything is looked up (game_for)
            raise
        return None  # a good signature, but no account has its key: nobody's member


def game_for(game_id: str, admit: Callable[[Game], bool] | None = None) -> Game:
    """The game `game_id` names, if this request may know it exists; else the 404 of a missing id.

    `admit`: another proof, besides membership, that the requester may read a private game
    (an invitation's token in the body, say); it is asked only for a private game and a
    requester who is not a member."""
    if carries_signature():
        signer_key()  # 401 for a stale or forged signature, before the game is looked up
        signer_account()  # 401 for a key its account replaced (server/http/auth.py), as everywhere
    if not is_game_id(game_id):
        raise ApiProblem(404, NOT_AN_ID)
    game = GAME_BY_ID.first(game_id)
    if game is None:
        raise no_game(game_id)
    if is_private(game):
        account = signer_account()
        if not (account is not None and member(game, account)) and not (admit is not None and admit(game)):
            raise no_game(game_id)
    return game
