"""What a player does, as plain functions: used by the CLI, the bots, the demo and the tests.

`Player(home)` is one identity (one key) with its local store and its accounts,
one per server it plays on (profiles: `Player(home, server=URL)` picks one; without it,
the home's default server). Every read of a game goes through `verify.sync`, so nothing the
server shows is used before its signatures, links, receipt and commitments
check out; every move is built and signed here, from the verified head.

The Player is composed of one class per seam, each in `client/player/`; the bot's loop stays
here with its pause, so a test can make `client.play.wait` instant. Every name the client's
users take is named here (`__all__`), wherever it lives.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from client.api import ApiError
from client.legal import format_move
from client.player.accounts import ACCOUNT_FIELDS, Accounts, account_config, with_account
from client.player.answering import Answering
from client.player.engine import engine_for, local_engine, render
from client.player.errors import ClientError, KeptItemSettled, NotInitialised, ServerLie
from client.player.evidence import Evidence, now_ts
from client.player.exports import Exports
from client.player.games import FULL_ID, MIN_PREFIX, Games
from client.player.joining import Joining, kept_for, seat_problem
from client.player.looking import Looking
from client.player.moving import Moving
from client.player.options import parse_option, parse_options
from client.player.positions import (
    fill_hidden,
    final_note,
    position_in_export,
    positions_in_export,
    revealed_view,
)
from client.player.recalling import Recalling
from client.player.revealing import Revealing
from client.player.state import GameState, Moved

__all__ = [
    "ACCOUNT_FIELDS",
    "FULL_ID",
    "MIN_PREFIX",
    "RETRY_FIRST",
    "RETRY_MAX",
    "Accounts",
    "Answering",
    "ClientError",
    "Evidence",
    "GameState",
    "NotInitialised",
    "Player",
    "ServerLie",
    "account_config",
    "fill_hidden",
    "final_note",
    "format_move",
    "kept_for",
    "engine_for",
    "local_engine",
    "now_ts",
    "parse_option",
    "parse_options",
    "position_in_export",
    "positions_in_export",
    "render",
    "retryable",
    "revealed_view",
    "seat_problem",
    "wait",
    "with_account",
]

RETRY_FIRST = 5.0  # seconds before the bot looks again after a lost connection; doubles
RETRY_MAX = 300.0
BOT_LEASE_MINUTES = 30  # a bot that runs says so for this long, renewed at a third of it (server/http/bot_api.py)


def wait(seconds: float) -> None:
    """The bot's pause between looks (a name of its own, so a test can make it instant)."""
    time.sleep(seconds)


def retryable(exc: ApiError) -> bool:
    """A lost connection, a timeout or a server error: worth trying again later."""
    return exc.status == 0 or exc.status >= 500


class Player(Looking, Moving, Revealing, Games, Joining, Exports, Answering, Recalling):
    """One identity (home directory) and the operations it can perform: one class per seam
    (client/player/), and here the bot that plays a seat by itself."""

    def play_bot(
        self,
        game: str,
        bot: str = "random",
        until_over: bool = True,
        poll: float = 2.0,
        rng: random.Random | None = None,
        on_move: Callable[[dict[str, Any], str], None] | None = None,
        sleep: Callable[[float], None] | None = None,
        on_retry: Callable[[ApiError, float], None] | None = None,
    ) -> int:
        """Let a bot play this seat; returns how many moves it made.

        until_over=True polls until the game ends. until_over=False takes this
        seat's turn if it is due and returns at once (0 or 1 moves), which lets a
        single thread drive several players.
        """
        rng = rng or random.Random()
        sleep = sleep or wait
        delay = RETRY_FIRST

        def back_off(exc: ApiError) -> None:
            """Wait before trying again (said through on_retry), twice as long each time; with
            until_over=False, or for an error no retry mends, raise it instead."""
            nonlocal delay
            if not until_over or not retryable(exc):
                raise exc
            if on_retry is not None:
                on_retry(exc, delay)
            sleep(delay)
            delay = min(delay * 2, RETRY_MAX)

        def look() -> GameState:
            """The verified state; with until_over, a lost connection is retried with backoff."""
            nonlocal delay
            while True:
                try:
                    got = self.state(game)
                except ApiError as exc:
                    back_off(exc)
                    continue
                delay = RETRY_FIRST
                return got

        st = look()
        choose = st.engine.bots().get(bot)
        if choose is None:
            raise ClientError(
                f"{st.engine.id} has no bot {bot!r}; it has: {', '.join(sorted(st.engine.bots()))}"
            )
        if not until_over:
            return self._bot_turns(game, st, choose, rng, look, back_off, on_move, sleep, poll, until_over)
        leased = _Lease(self.api, game)
        try:
            return self._bot_turns(game, st, choose, rng, look, back_off, on_move, sleep, poll, until_over, leased)
        finally:
            leased.end()

    def _bot_turns(
        self, game: str, st: GameState, choose: Any, rng: random.Random, look: Callable[[], GameState],
        back_off: Callable[[ApiError], None], on_move: Callable[[dict[str, Any], str], None] | None,
        sleep: Callable[[float], None], poll: float, until_over: bool, leased: _Lease | None = None,
    ) -> int:
        """The bot's loop (play_bot's), renewing its lease (when it has one) as it goes."""
        made = 0
        while True:
            if leased is not None:
                leased.renew()
            if st.status == "over":
                return made
            if st.my_turn:
                try:
                    try:
                        listed = self.checked_moves(st)  # its own, the server's list compared
                    except Moved:
                        st = look()  # the log moved between the two looks: look again
                        continue
                    answer = None
                    if listed:
                        # the bot plays from the view with the seat's record of the past attached
                        move = choose(self.with_record(st), listed, rng)
                        answer = self.submit(st, move)
                except KeptItemSettled:
                    st = look()  # its move kept from a lost answer has landed (or is settled): look again
                    continue
                except ApiError as exc:
                    if exc.status == 409:
                        st = look()  # someone (a timeout, another client) moved first
                        continue
                    back_off(exc)
                    st = look()  # the move may have landed: the signed log says
                    continue
                if answer is not None:
                    made += 1
                    if on_move is not None:
                        on_move(answer, answer["text"])
                    if not until_over:
                        return made
                    st = look()
                    continue
            if not until_over:
                return made
            sleep(poll)
            st = look()


class _Lease:
    """`pbem bot` tells the server a bot plays the seat (no your-turn mail to its player),
    renewing the lease at a third of its length while it runs and ending it when it stops. A
    server without leases (404) or a failed renewal costs only mail: the bot plays on."""

    def __init__(self, api: Any, game: str, minutes: int = BOT_LEASE_MINUTES) -> None:
        self.api = api
        self.game = game
        self.minutes = minutes
        self.renewed: float | None = None

    def renew(self) -> None:
        now = time.monotonic()
        if self.renewed is not None and now - self.renewed < self.minutes * 20:
            return
        try:
            self.api.bot_lease(self.game, self.minutes)
            self.renewed = now
        except ApiError:
            self.renewed = now  # tried: again at the next third, not at every look

    def end(self) -> None:
        if self.renewed is None:
            return
        try:
            self.api.bot_release(self.game)
        except ApiError:
            pass  # the lease ends by itself
