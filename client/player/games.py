"""The player's games, as their signed logs say: the server's list only says where to look.

Whose turn it is, a game's status and this player's seat come from each game's verified log,
and a summary that contradicts it at the same head is a lie; any command also makes the
reveal a blind game owes, so listing games never leaves one waiting.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from client import verify
from client.player.engine import local_engine
from client.player.errors import ClientError, NewServerKey, ServerLie
from client.player.evidence import Evidence

if TYPE_CHECKING:
    from client.player.state import GameState

FULL_ID = re.compile(r"[0-9a-f]{16}")
MIN_PREFIX = 4


class Games(Evidence):
    """Listing, summarising and finding games, each checked against its own log."""

    if TYPE_CHECKING:  # what the other seams of Player give this one

        def state(self, game: str) -> GameState: ...
        def new_server_key(self, game: str | None = None) -> NewServerKey | None: ...

    def games(self, open_only: bool = False) -> list[dict[str, Any]]:
        """The caller's games (or the open ones), each with `my_seat` when this player sits in it.

        The server's list only says which games to look at: for each game under way, whose
        turn it is, its status and this player's seat come from its verified log (`_from_log`),
        and a summary that contradicts the log is a lie."""
        out = []
        for summary in self.api.games(open_only=open_only):
            mine = [
                p["seat"] for p in summary.get("players") or [] if p and p.get("name") == self.name
            ]
            row = {**summary, "my_seat": mine[0] if mine else None}
            if not open_only:
                row = self._from_log(row)
            out.append(row)
        for g in out:  # a reveal this seat owes is made by any command (a blind magier game)
            if g.get("status") == "running" and g.get("my_seat") is not None and g.get("to_move") == g["my_seat"]:
                if self._reveals(str(g.get("engine"))) and isinstance(g.get("id"), str):
                    self._settle(g["id"], verify.sync(self.api, self.store, g["id"]).receipt)
        return out

    def _from_log(self, row: dict[str, Any]) -> dict[str, Any]:
        """A game's summary with status, whose turn and this player's seat as its signed log
        says. The log is synced only when the kept receipt is not at the summary's head."""
        game, head = row.get("id"), row.get("head")
        if row.get("status") not in ("running", "over") or not isinstance(game, str) or not self.store.has_key():
            return row
        receipt = self.store.receipt(game)
        if receipt is None or not isinstance(head, dict) or {"seq": receipt.get("seq"), "hash": receipt.get("hash")} != head:
            receipt = verify.sync(self.api, self.store, game, head=head if isinstance(head, dict) else None).receipt
        if {"seq": receipt.get("seq"), "hash": receipt.get("hash")} == head:
            for field in ("status", "to_move"):  # at the same head both must say the same
                if row.get(field) != receipt.get(field):
                    raise self._kept(game, ServerLie(
                        f"the server's summary of game {game} says {field} is {row.get(field)!r}, its "
                        f"signed log says {receipt.get(field)!r} at the same entry {head.get('seq')}"
                    ), {"summary": row})
        # else the log has moved past the summary's head (a move landed meanwhile): the log wins
        return {
            **row, "status": receipt.get("status"), "to_move": receipt.get("to_move"),
            "my_seat": receipt.get("seat"), "out": list(receipt.get("out") or []),
        }

    @staticmethod
    def _reveals(engine_id: str) -> bool:
        """Whether the game's engine can ask this seat to reveal its own secrets."""
        try:
            return callable(getattr(local_engine(engine_id), "reveal_move", None))
        except ClientError:
            return False

    def _settle(self, game: str, receipt: dict[str, Any]) -> bool:
        """Make the reveal this seat owes now, if any (what every command does in a blind game);
        True if one was made. A store that lacks the secret is told when the game is looked at
        (`state`), so listing or reading logs never fails for it."""
        if not (
            receipt.get("owner_only") and receipt.get("status") == "running"
            and receipt.get("seat") is not None and receipt.get("to_move") == receipt.get("seat")
            and self.store.has_key()
        ):
            return False
        head = receipt.get("seq")
        try:
            self.state(game)
        except ClientError:
            return False
        return (self.store.receipt(game) or {}).get("seq") != head

    def watchable(self) -> list[dict[str, Any]]:
        """The running public games anyone may watch, newest entry first (the server's list:
        each one's log is checked when it is looked at, `pbem show GAME`)."""
        return [{**g, "my_seat": None, "invited_seat": None} for g in self.api.watchable()]

    def summary(self, game: str) -> dict[str, Any]:
        """The server's summary of a game, its status and whose turn as its signed log says."""
        return self._from_log({**self.api.game(game), "my_seat": None})

    def waiting_games(self, game: str | None = None) -> list[dict[str, Any]]:
        """The running games where it is this player's turn (or just `game`), the one that has
        waited longest first (by its newest entry's time). The server's list says which games
        to look at; whose turn it is comes from each one's verified log (`games`), and each is
        confirmed from the verified view (`state`) before it is named."""
        found = [g for g in self.games() if game is None or g.get("id") == game]
        if game is not None and not found:
            summary = self.api.game(game)
            found = [self._from_log({**summary, "my_seat": None})]
        mine = [
            g for g in found
            if g.get("status") == "running" and g.get("my_seat") is not None
            and g.get("to_move") == g.get("my_seat")
        ]
        mine.sort(key=lambda g: str(g.get("updated") or ""))
        return [g for g in mine if self.state(str(g["id"])).my_turn]

    def find_game(self, text: str, joining: bool = False) -> str:
        """A game id from any unique prefix of at least 4 characters.

        The candidates are this player's games and the open ones on the server, and every
        game this home holds a receipt for; failing those, the server's public games (a
        spectator names a game to watch the same way); a full id is taken as it is. `joining`:
        for `pbem join`, whose unknown prefix points to the open games, not the ones to watch.
        """
        text = text.strip()
        if FULL_ID.fullmatch(text) or not self.config.get("server"):
            return text  # without an account the command itself says to run `pbem init`
        here = self.config.get("server")
        known = {  # the games this home has seen on this server (receipts say where)
            g for g in self.store.receipt_games()
            if (self.store.receipt(g) or {}).get("server") in (None, here)
        }
        if text in known:
            return text
        if len(text) < MIN_PREFIX:
            raise ClientError(
                f"{text!r} is too short for a game id: give at least {MIN_PREFIX} characters "
                "(see `pbem games`)"
            )
        if self.store.has_key():
            for open_only in (False, True):
                known.update(g["id"] for g in self.api.games(open_only=open_only))
        matches = sorted(g for g in known if g.startswith(text))
        if not matches:  # not one of yours: perhaps a public game to watch
            matches = sorted(str(g.get("id")) for g in self.api.watchable(text) if str(g.get("id")).startswith(text))
        if len(matches) == 1:
            return matches[0]
        if not matches:
            held = [g for g in self.store.receipt_games() if g.startswith(text)]
            # a replaced server knows none of your games: say that, not "no game"
            changed = self.new_server_key(held[0] if len(held) == 1 else None)
            if changed is not None:
                raise changed
            if joining:  # a game to join has a free seat: the open games are the ones to see
                raise ClientError(
                    f"no open game, nor any game of yours, has an id starting with {text!r}; "
                    "see `pbem games --open` (games with a free seat)"
                )
            raise ClientError(
                f"no game of yours, nor any public game, has an id starting with {text!r}; "
                "see `pbem games` (yours) or `pbem games --watch` (public games to watch)"
            )
        raise ClientError(
            f"{text!r} starts {len(matches)} game ids: {', '.join(matches)}; give more characters"
        )
