"""Making games and taking seats: the setup a seat signs must be the one the player asked for.

A join is signed on the verified head with a nonce derived from this key and the genesis, so a
server that refuses joins cannot re-roll the deal; a seat kept for someone is only theirs.
"""

from __future__ import annotations

import re
from typing import Any

from client import verify
from client.api import ApiError, game_path
from client.player.errors import ClientError, ServerLie
from client.player.evidence import Evidence
from protocol.entries import join_statement, sign_join
from protocol.nonces import join_nonce

INVITE_TOKEN = re.compile(r"[0-9a-f]{32}")  # what an invitation mail carries (server/ledger/invitations.py)


class Joining(Evidence):
    """Creating, joining and aborting games, and keeping seats for invited players."""

    def engines(self) -> list[dict[str, Any]]:
        return self.api.engines()

    def new_game(
        self,
        engine: str,
        options: dict[str, Any] | None = None,
        seats: int | None = None,
        join: bool = False,
        deadline: dict[str, Any] | None = None,
        email_moves: bool = False,
        private: bool = False,
    ) -> dict[str, Any]:
        """Create a game (seats default to the engine's minimum); join=True also takes the first seat.
        A private game is seen only by its creator, its players and the players invited.

        `deadline` ({"days", "grace_hours", "on_expiry"}) goes into the signed genesis; the
        server's game must have exactly it (or none when none is asked for).
        """
        known = {e["id"]: e for e in self.api.engines()}
        if engine not in known:
            raise ClientError(
                f"the server has no engine {engine!r}; it has: {', '.join(sorted(known)) or 'none'}"
            )
        info = known[engine]
        if seats is None:
            seats = int(info.get("min_seats", 2))
        summary = self.api.create_game(
            engine, options or {}, seats, deadline, email_moves=email_moves, private=private
        )
        asked = {"engine": engine, "seats": seats}
        wrong = [k for k, v in asked.items() if summary.get(k) != v] + [
            f"options.{k}" for k, v in (options or {}).items()
            if (summary.get("options") or {}).get(k) != v
        ]
        if _deadline_differs(deadline, summary.get("deadline")):
            wrong.append("deadline")
        if bool(summary.get("email_moves")) != email_moves:
            wrong.append("email_moves")
        if private and summary.get("private") is not True:
            wrong.append("private")
        if wrong:
            raise verify.VerifyError(
                f"the server made game {summary.get('id')} with other settings than you asked "
                f"for ({', '.join(wrong)}): not joining it"
            )
        if join:
            summary = self.join(summary["id"])
        return summary

    def join(self, game: str, seat: int | None = None, token: str | None = None) -> dict[str, Any]:
        """Take a seat (the first free one if none is named), signing a fresh join nonce.

        With `token` (an invitation mail's): first claim the seat kept for that address, which
        the token alone proves is yours; it is then kept for your account, so a join that fails
        after the claim is taken again with a plain `pbem join GAME`."""
        if token is not None:
            self.claim(game, token)
        summary = self.api.game(game)
        if summary.get("status") != "open":
            reason = str((summary.get("result") or {}).get("reason") or "")
            if reason.startswith("aborted"):  # the server's word, for the message only
                raise ClientError(f"game {game} was aborted: no seat to take")
            state = "has already started" if summary.get("status") == "running" else f"is {summary.get('status')}"
            raise ClientError(f"game {game} {state}: no seat to take")
        players = summary.get("players") or []
        if any(p and p.get("name") == self.name for p in players):
            raise ClientError(f"you hold a seat in game {game} already")
        kept = {i["seat"]: kept_for(i) for i in summary.get("invited") or []}
        mine = [s for s, name in kept.items() if name == self.name]
        free = [i for i, p in enumerate(players) if p is None and kept.get(i, self.name) == self.name]
        if seat is not None and not 0 <= seat < len(players):
            raise ClientError(seat_problem(game, seat, summary, "does not exist"))
        if seat is not None and players[seat] is not None:
            raise ClientError(seat_problem(game, seat, summary, f"is taken by {players[seat].get('name')}"))
        if seat is not None and kept.get(seat, self.name) != self.name:
            raise ClientError(seat_problem(game, seat, summary, f"is kept for {kept[seat]}"))
        if not free:
            others = [i for i, p in enumerate(players) if p is None and i in kept]
            if len(others) == 1:
                raise ClientError(seat_problem(game, others[0], summary, f"is kept for {kept[others[0]]}"))
            if others:
                raise ClientError(
                    f"game {game} has no free seat: "
                    + "; ".join(seat_problem(game, i, summary, f"is kept for {kept[i]}") for i in others)
                )
            raise ClientError(f"game {game} has no free seat")
        if seat is None:
            seat = mine[0] if mine else free[0]
        return self._sign_join(game, seat, summary)

    def _sign_join(self, game: str, seat: int, summary: dict[str, Any]) -> dict[str, Any]:
        """Sign a join on top of the verified head, after checking the setup it binds.

        The statement holds the head this client verified (so the genesis: engine,
        options, server key, seed commitment), and its nonce derives from this key and
        the genesis, so a refused join re-signed later carries the same nonce: a server
        cannot re-roll the deal by refusing joins.
        """
        key = self.api.key
        assert key is not None
        for _ in range(5):
            synced = verify.sync(self.api, self.store, game)
            receipt = synced.receipt
            for field in ("engine", "options", "seats", "deadline"):
                if receipt.get(field) != summary.get(field):
                    raise self._kept(game, verify.VerifyError(
                        f"game {game}'s signed genesis says {field} {receipt.get(field)!r}, "
                        f"the server's summary says {summary.get(field)!r}: not joining"
                    ), {"summary": summary})
            if receipt.get("status") != "open":
                raise ClientError(f"game {game} has already started: no seat to take")
            nonce = join_nonce(key, game, receipt["genesis"])
            prev = receipt["hash"]
            statement = join_statement(game, seat, self.name, key.public_hex, nonce, prev)
            sig = sign_join(statement, key)
            try:
                answer = self.api.join(game, seat, nonce, sig, prev)
            except ApiError as exc:
                self._refused(game, {"join": statement, "sig": sig}, exc)
                if exc.status != 409:
                    raise
                if self._head_unmoved(game, synced.head):
                    raise ServerLie(
                        f"the server refused your join of game {game} as stale, but its log has "
                        f"not moved from seq {synced.head['seq']}: a server that refuses joins "
                        "may be trying to choose the deal; your signed join is kept in "
                        f"{self.store.evidence_path(game)}"
                    ) from exc
                summary = self.api.game(game)
                taken = (summary.get("players") or [None] * (seat + 1))[seat]
                if taken is not None or summary.get("status") != "open":
                    raise ClientError(
                        f"seat {seat} of game {game} was taken while you joined; try again"
                    ) from exc
                continue
            synced = verify.sync(self.api, self.store, game)
            if synced.receipt.get("seat") != seat:
                raise self._kept(game, verify.VerifyError(
                    f"the server accepted your join of seat {seat}, but its signed log does not "
                    "give that seat to your key"
                ), {"join": statement, "sig": sig, "answer": answer})
            return answer
        raise ClientError(f"the log of game {game} kept moving while you joined; try again")

    def claim(self, game: str, token: str) -> dict[str, Any]:
        """The seat an invitation by e-mail kept becomes the one kept for this account: the
        mail's one-time token proves the mailbox (an account's address is only asserted)."""
        token = token.strip().lower()
        if not INVITE_TOKEN.fullmatch(token):
            raise ClientError("the token is the 32 hex digits after --token in your invitation mail")
        try:
            return dict(self.api.post(f"{game_path(game)}/claim", {"token": token}))
        except ApiError as exc:
            if exc.status == 404:
                raise ClientError(
                    f"game {game} has no invitation with this token: it takes a seat once, and an "
                    "invitation that was cancelled or whose seat was taken has none (ask for a new one)"
                ) from exc
            raise

    def invite(self, game: str, name: str, seat: int | None = None) -> dict[str, Any]:
        """Keep a seat for the account called `name`: nobody else can take it."""
        return self.api.invite(game, name, seat)

    def cancel_invite(self, game: str, name: str) -> dict[str, Any]:
        """Free the seat kept for `name` (the creator, the inviter or the guest may)."""
        return self.api.cancel_invite(game, name)

    def abort(self, game: str) -> dict[str, Any]:
        """End a game this account created (never started, or nobody moved for a long time);
        the abort entry must then be in the game's signed log."""
        answer = self.api.abort(game)
        entry = answer.get("entry") if isinstance(answer, dict) else None
        synced = verify.sync(self.api, self.store, game)
        seq = entry.get("seq") if isinstance(entry, dict) else None
        logged = synced.entry(seq) if isinstance(seq, int) else None
        if logged is None or logged != entry or synced.receipt.get("status") != "over":
            raise self._kept(game, verify.VerifyError(
                f"the server says it aborted game {game}, but its signed log does not show that abort"
            ), {"answer": answer, "log": synced.entries})
        return {"game": game, "entry": entry, "result": synced.receipt.get("result")}


def kept_for(invited: dict[str, Any]) -> str:
    """Who a kept seat waits for: the account's name, or the masked address."""
    return str(invited.get("name") or invited.get("email") or "someone")


def seat_problem(game: str, seat: int, summary: dict[str, Any], why: str) -> str:
    """The one wording of every seat error: 'seat 1 (black) of game G is kept for bo'."""
    names = summary.get("seat_names") or []
    label = f"seat {seat}" + (f" ({names[seat]})" if 0 <= seat < len(names) else "")
    line = f"{label} of game {game} {why}"
    if why == "does not exist":
        count = len(summary.get("players") or [])
        line += f": it has seats 0 to {count - 1}" if count else ""
    return line


def _deadline_differs(asked: dict[str, Any] | None, shown: Any) -> bool:
    """The game's deadline is not the one asked for (every member asked must match)."""
    if asked is None:
        return shown is not None
    return not isinstance(shown, dict) or any(shown.get(k) != v for k, v in asked.items())
