"""What the player is told when a command cannot be done, or the server lied about why."""

from __future__ import annotations

from client.logcheck.errors import VerifyError


class ClientError(Exception):
    """Something the player asked for that cannot be done; the message says what to do instead."""


class NotInitialised(ClientError):
    pass


class UnsupportedGame(ClientError):
    """A game or log this pbem cannot check: made under an engine version, entry type or log
    format it does not have (exit 5). Nobody is accused: the message says which pbem can."""


class ServerLie(VerifyError):
    """The server refused a signed submission for a reason its own signed log contradicts."""


class KeptItemSettled(ClientError):
    """A submission kept from an earlier, unanswered command was sent again and is now settled
    (logged, or refused at a head that moved): the game moved on, so the new one was not
    signed. A bot looks again and plays on; the player is told to look."""


class MoveInterrupted(ClientError):
    """Ctrl-C while a move was on its way: the message says whether the server played it."""


class NewServerKey(ClientError):
    """The server at a known address signs with another key than the one this home pinned for
    it, or than the one a game's signed receipt holds: not the server the player played with
    (exit 4, as ssh refuses a changed host key)."""

    def __init__(self, server: str, pinned: str, offered: str, game: str | None = None, init: str = "") -> None:
        from client.logcheck.hashing import key_fingerprint

        self.server, self.pinned, self.offered = server, pinned, offered
        where = (
            f"your signed receipt of game {game} holds" if game
            else "this home pinned for it when you ran pbem init there"
        )
        then = (
            f"game {game} was played on the server with the pinned key: no other server can show "
            "it, and its receipt and evidence here are kept" if game else
            "Your keys, receipts and evidence here are unchanged. Only once you know the key "
            f"really changed: pbem init --server {server} {init or '--name NAME --email EMAIL'} "
            "--accept-new-server-key"
        )
        super().__init__(
            f"WARNING: THE SERVER AT {server} IS NOT THE ONE YOU PLAYED WITH. It signs with another "
            f"key than the one {where}: pinned {key_fingerprint(pinned)}, offered now "
            f"{key_fingerprint(offered)}. Someone may be impersonating it, or its operator "
            "replaced its key (a new install, a lost data directory): ask the operator before "
            f"anything else. {then[0].upper() + then[1:]}."
        )
