"""Moving: a move named by its number or its notation, then split, committed, signed and sent.

Only a move of the seat's own list, at the head it verified, is signed; a refusal the log
contradicts (stale when the log has not moved, illegal when the rules list it) is a lie.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from client import legal
from client.api import ApiError
from client.legal import format_move
from client.player.engine import engine_for
from client.player.errors import ClientError, MoveInterrupted, ServerLie
from client.player.evidence import now_ts
from client.player.pending import Pending
from client.player.state import GameState, Moved
from engines.core import IllegalMove
from protocol import steps
from protocol.canonical import NotCanonical
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, sign_envelope
from protocol.nonces import move_nonce
from protocol.numbers import INT32_MAX, NotANumber, whole
from protocol.sealing import seals
from protocol.seat_secrets import seal, secret_salt


class Moving(Pending):
    """Choosing, signing and sending this seat's moves, and resigning."""

    if TYPE_CHECKING:  # what the other seams of Player give this one

        def state(self, game: str) -> GameState: ...
        def checked_moves(self, st: GameState) -> list[dict[str, Any]]: ...
        def _not_your_turn(self, game: str, receipt: dict[str, Any]) -> str: ...
        @staticmethod
        def seat_words(receipt: dict[str, Any], seat: Any) -> str: ...

    def move(self, game: str, text: str | int) -> dict[str, Any]:
        """Play the n-th listed legal move, or a move in the game's notation; return the new view."""
        st, move = self.prepare(game, text)
        return self.submit(st, move)

    def prepare(self, game: str, text: str | int) -> tuple[GameState, dict[str, Any]]:
        """The verified state and the move `text` names (a number binds to the kept listing)."""
        st = self.state(game)
        if st.status != "running":
            raise ClientError(f"game {game} is {st.status}: there is nothing to move")
        if not st.my_turn:
            raise ClientError(
                self._not_your_turn(game, st.synced.receipt) + f" (you are {self.seat_words(st.synced.receipt, st.seat)})"
            )
        return st, self.resolve(game, st, text)

    def dry_run(self, st: GameState, move: dict[str, Any]) -> dict[str, Any]:
        """What `submit` would send for `move`, without signing, keeping or sending anything."""
        public, secret = st.engine.split_move(move)
        commit_text = None if secret is None else "(a commitment to the concealed part, with a salt derived from your key)"
        env = self._envelope(st, public, None)
        env["secret_commit"] = commit_text
        return {"envelope": env, "secret": secret, "text": format_move(st.engine, move)}

    def resolve(self, game: str, st: GameState, text: str | int) -> dict[str, Any]:
        """The move `text` names, from the seat's own list of legal moves at `st.head`.

        A number means the move it had in the listing it was shown in (kept with its head):
        once the game has moved on, one's own move included, it is refused, never read
        against a newer list. A move typed in notation must be one the local rules list."""
        own = self.checked_moves_at(st)
        typed = str(text).strip().lstrip("#")
        if isinstance(text, int) or typed.isdigit():  # isdigit: "²" too, so read by protocol.numbers
            try:
                n = text if isinstance(text, int) else whole(typed, "a move's number", 1, INT32_MAX)
            except NotANumber as exc:
                raise ClientError(f"{exc}: pick a move by its number in the list `pbem move {game}` shows") from None
            kept = self.store.listing(game)
            if kept is None:
                raise ClientError(
                    f"a number means a move of the list `pbem move {game}` shows, and you have no "
                    f"list of game {game} to pick from: list the moves with `pbem move {game}`, or "
                    "type the move in the game's notation"
                )
            if kept.get("head") != st.head:
                raise ClientError(
                    f"game {game} has moved on since you listed the moves (listed at entry "
                    f"{(kept.get('head') or {}).get('seq')}, now at {st.head['seq']}): list "
                    f"them again with `pbem move {game}`"
                )
            listed = kept.get("moves") or []
            if not 1 <= n <= len(listed):
                raise ClientError(
                    f"there are {len(listed)} legal moves: pick a number from 1 to {len(listed)}"
                )
            chosen = legal.find(st.engine, st.view, own, listed[n - 1].get("move"))
            if chosen is None:  # the kept list is this home's own file; still, sign only our own moves
                raise ClientError(f"move {n} of your kept list is not a legal move now: list them again with `pbem move {game}`")
            return chosen
        try:
            parsed = st.engine.parse(str(text), st.view)
        except IllegalMove as exc:
            said = exc.message
            if not said.startswith(f"cannot read {str(text)!r}"):
                said = f"cannot read {str(text)!r}: {said}"
            raise ClientError(nearest_forms(said, str(text))) from exc
        chosen = legal.find(st.engine, st.view, own, parsed)
        if chosen is None:
            raise ClientError(
                f"{format_move(st.engine, parsed)} is not one of your legal moves now (nothing was "
                f"sent): list them with `pbem move {game}`"
            )
        return chosen

    def checked_moves_at(self, st: GameState) -> list[dict[str, Any]]:
        """checked_moves for exactly this verified head: a game that moved meanwhile is stale."""
        try:
            return self.checked_moves(st)
        except Moved:
            raise ClientError(
                f"game {st.game} moved while you chose: look again with `pbem move {st.game}`"
            ) from None

    def submit(self, st: GameState, move: dict[str, Any], *, owed: bool = False) -> dict[str, Any]:
        """Split, commit, sign and send one move on top of the verified head `st.head`.

        Only a move of the seat's own list (computed here from its verified view) is signed;
        `owed` is for the reveal a blind game asks for, which no list holds and which the
        seat's own records make."""
        if not owed:
            own = legal.own_moves(st.engine, st.view) if st.my_turn else []
            found = legal.find(st.engine, st.view, own, move)
            if found is None:
                raise ClientError(
                    f"{format_move(st.engine, move)} is not one of your legal moves now (your own "
                    f"rules, from your verified view, say so; nothing was sent): list them with "
                    f"`pbem move {st.game}`"
                )
            move = found
        return self.sign_and_send(st, move, listed=not owed)

    def sign_and_send(self, st: GameState, move: dict[str, Any], *, listed: bool = False) -> dict[str, Any]:
        """Sign and send `move` as it is, without asking the seat's own rules (what `submit`
        does once they said yes; tests use it to play a client that sends what it likes).
        `listed`: the seat's rules list it, so a refusal as illegal is a lie.

        One signed path per decision: the envelope is kept until the log holds an entry at its
        seq (client/player/pending.py); the same move asked again is sent again, byte for byte,
        and another item pending at this head is sent again first and the new move not signed."""
        kept = self._before_signing(st.game, st.head, "move", lambda item: item.get("move") == move)
        if kept is not None:
            return {**self._send_move(st.game, st.head, kept), "move": move, "text": format_move(st.engine, move)}
        public, secret = st.engine.split_move(move)
        salt = secret_commit = sealed = None
        owner_held = secret is not None and steps.owner_held(st.engine, st.view, public)
        if secret is not None:
            key, seq = self.api.key, st.head["seq"] + 1
            assert key is not None
            # derived, not drawn: any home of this key can open the commitment again (PROTOCOL 7a)
            salt = secret_salt(key, st.game, seq)
            try:
                secret_commit = commit(TAG_SECRET, secret, salt)
                if owner_held and seals(st.engine.id, st.engine.version):  # the log keeps it for the key
                    sealed = seal(key, st.game, seq, {"secret": secret, "salt": salt})
            except (NotCanonical, ValueError) as exc:
                raise ClientError(f"that move cannot be sent: {exc}") from exc
        env = self._envelope(st, public, secret_commit, sealed)
        sig = sign_envelope(env, self.api.key)  # type: ignore[arg-type]
        if secret is not None:
            record = {
                "seq": env["seq"],
                "secret": secret,
                "salt": salt,
                "commit": secret_commit,
                "envelope": env,
                "sig": sig,
            }
            self.store.add_secret(st.game, record)
        own = legal.own_moves(st.engine, st.view) if st.my_turn else []
        item = {
            "kind": "move", "seq": env["seq"], "prev": env["prev"], "move": move,
            # a refusal as illegal is a lie if the seat's own rules list the move (a reveal it owes is not listed)
            "legal": listed or legal.find(st.engine, st.view, own, move) is not None,
            "sent": {"envelope": env, "sig": sig, "secret": None if owner_held else secret,
                     "salt": None if owner_held else salt},
        }
        # The kept listing stays: its head is gone, so its numbers are now refused, not reread.
        done = self._send_move(st.game, st.head, item)
        return {**done, "move": move, "text": format_move(st.engine, move)}

    def _send_move(self, game: str, head: dict[str, Any], item: dict[str, Any]) -> dict[str, Any]:
        """Send the move or resignation `item` signed on `head` (again, if it was kept unanswered)."""
        sent = item["sent"]
        env, sig = sent["envelope"], sent["sig"]
        what = "resignation" if item.get("kind") == "resign" else "move"

        def post() -> Any:
            try:
                if item.get("kind") == "resign":
                    return self.api.resign(game, env, sig)
                return self.api.submit_move(game, env, sig, sent.get("secret"), sent.get("salt"))
            except KeyboardInterrupt:
                raise MoveInterrupted(self.interrupted_words(game, env["seq"], sig)) from None

        def judge(exc: ApiError) -> None:
            self._stale_lie(game, head, exc, what)
            if item.get("kind") == "resign":
                # a seat leaving a game that plays on may be refused by the rules (which need the
                # state): that 422 is left pending; anything else is for the log to bear out
                if exc.status in (400, 403, 404) or (exc.status == 422 and not self._leaving_game(game)):
                    self._refusal_lie(game, head, exc, what)
            elif exc.status in (400, 403, 404, 422):
                if item.get("legal"):
                    self._refusal_lie(game, head, exc, what)
                self.store.drop_pending(game)  # the seat's own rules agree: it can never be logged

        try:
            return self._send_pending(
                game, head, item, post, lambda answer: self._after(game, env["seat"], answer, env), judge
            )
        except ApiError as exc:
            if env.get("secret_commit") is not None and 400 <= exc.status < 500 and self.store.pending(game) is None:
                self.store.drop_secret(game, env["seq"], env["secret_commit"])
            if self.store.pending(game) is not None and (exc.status == 0 or exc.status >= 500):
                raise self.still_unanswered(game, item, exc) from None
            raise

    def played(self, game: str, seq: int, sig: str) -> bool | None:
        """Whether the log holds the move signed `sig` at `seq` (None: the server cannot tell
        now). Asked after an interrupt: the request may have landed before the answer."""
        try:
            entries = self.api.log(game, start=seq).get("entries") or []
        except (ApiError, KeyboardInterrupt):
            return None
        return any(isinstance(e, dict) and (e.get("body") or {}).get("sig") == sig for e in entries)

    def interrupted_words(self, game: str, seq: int, sig: str) -> str:
        played = self.played(game, seq, sig)
        if played:
            return f"interrupted, but the server had already played your move: see `pbem show {game}`"
        if played is False:
            return f"interrupted before the server played your move: nothing changed; `pbem show {game}` to check"
        return f"interrupted: the server could not say whether your move was played; run `pbem show {game}`"

    def _envelope(
        self, st: GameState, public: dict[str, Any], secret_commit: str | None, sealed: str | None = None
    ) -> dict[str, Any]:
        """The envelope on top of the verified head, with the nonce this key derives for that place."""
        key = self.api.key
        assert key is not None
        seq, prev = st.head["seq"] + 1, st.head["hash"]
        nonce = move_nonce(key, st.game, seq, prev)
        return envelope(st.game, seq, prev, st.seat, public, secret_commit, nonce, now_ts(), sealed)

    def _leaving_game(self, game: str) -> bool:
        """Whether a resigning seat leaves `game` and the others play on (the rules then decide)."""
        receipt = self.store.receipt(game) or {}
        seats = receipt.get("seats")
        return steps.lets_leave(engine_for(receipt), seats if isinstance(seats, int) else 2)

    def _stale_lie(self, game: str, head: dict[str, Any], exc: ApiError, what: str) -> None:
        """A 409 'stale' is only true if the signed log has moved past the head we signed on
        (the caller found that it has not)."""
        if exc.status == 409:
            raise ServerLie(
                f"the server refused your {what} in game {game} as stale, but its log has not "
                f"moved from seq {head['seq']}: a server that refuses moves may be trying to "
                "choose your throw (your re-submission would carry the same nonce, so it cannot); "
                f"your signed {what} and the refusal are kept in {self.store.evidence_path(game)}"
            ) from exc

    def _refusal_lie(self, game: str, head: dict[str, Any], exc: ApiError, what: str) -> None:
        """A 422 ("illegal") for a move the seat's own rules list, on a head it verified, that
        the log has not moved past, is a lie: the operator, who can work out what the move
        would do, would otherwise get to veto it (one bit of re-roll). So is a 400, 403 or 404
        for it: the seat, the game and the envelope are the verified log's. The refusal and
        the signed move are already kept as evidence."""
        if exc.status == 422:
            raise ServerLie(
                f"the server refused your {what} in game {game} as illegal ({exc.detail}), but your "
                f"own rules, from the view its signed log commits to at seq {head['seq']}, list it "
                "as legal: a server that refuses legal moves may be choosing which of your moves "
                f"happen; your signed {what} and the refusal are kept in {self.store.evidence_path(game)}"
            ) from exc
        raise ServerLie(
            f"the server refused your {what} in game {game} ({exc.status}: {exc.detail}), but its "
            f"signed log, which has not moved from seq {head['seq']}, gives your key the seat to "
            f"move there, and your own rules list the {what}: a server that refuses what it must "
            f"take may be choosing which of your moves happen; your signed {what} and the refusal "
            f"are kept in {self.store.evidence_path(game)}"
        ) from exc

    def resign(self, game: str) -> dict[str, Any]:
        st = self.state(game)
        if st.status != "running":
            raise ClientError(f"game {game} is {st.status}: there is nothing to resign")
        kept = self._before_signing(game, st.head, "resign", lambda item: True)
        if kept is not None:
            return self._send_move(game, st.head, kept)
        env = self._envelope(st, {"type": "resign"}, None)
        sig = sign_envelope(env, self.api.key)  # type: ignore[arg-type]
        item = {"kind": "resign", "seq": env["seq"], "prev": env["prev"], "sent": {"envelope": env, "sig": sig}}
        return self._send_move(game, st.head, item)


def nearest_forms(said: str, typed: str) -> str:
    """An engine's long "cannot read X; moves: A | B | ..." with the forms whose first word
    is nearest the typed one (a typo of a verb), else every form on its own line: the
    grammar on one line of 200 characters is not read."""
    import difflib
    import re

    found = re.match(r"(.*?); (moves[^:]*):\s*(.*)$", said, re.S)
    if not found or len(said) <= 100:  # a short grammar reads well on its line
        return said
    forms = [f.strip() for f in found.group(3).split(" | ") if f.strip()]
    word = (typed.split() or [""])[0].lower()
    firsts = {f.split()[0].lower() for f in forms if f.split()}
    close = set(difflib.get_close_matches(word, firsts, n=3, cutoff=0.6))
    near = [f for f in forms if f.split() and f.split()[0].lower() in close]
    if near:
        return f"{found.group(1)}; did you mean: " + " | ".join(near)
    return f"{found.group(1)}; {found.group(2)}:\n" + "\n".join(f"  {f}" for f in forms)
