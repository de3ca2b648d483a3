"""Moving: a move named by its number or its notation, then split, committed, signed and sent.

Only a move of the seat's own list, at the head it verified, is signed; a refusal the log
contradicts (stale when the log has not moved, illegal when the rules list it) is a lie.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from client import legal
from client.api import ApiError
from client.legal import format_move
from client.player.errors import ClientError, MoveInterrupted, ServerLie
from client.player.evidence import Evidence, now_ts
from client.player.state import GameState, Moved
from engines.core import IllegalMove
from protocol import steps
from protocol.canonical import NotCanonical
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, sign_envelope
from protocol.nonces import move_nonce


class Moving(Evidence):
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
        commit_text = None if secret is None else "(a commitment to the concealed part, with a fresh salt)"
        env = self._envelope(st, public, None)
        env["secret_commit"] = commit_text
        return {"envelope": env, "secret": secret, "text": format_move(st.engine, move)}

    def resolve(self, game: str, st: GameState, text: str | int) -> dict[str, Any]:
        """The move `text` names, from the seat's own list of legal moves at `st.head`.

        A number means the move it had in the listing it was shown in (kept with its head):
        once the game has moved on, one's own move included, it is refused, never read
        against a newer list. A move typed in notation must be one the local rules list."""
        own = self.checked_moves_at(st)
        if isinstance(text, int) or str(text).strip().lstrip("#").isdigit():
            n = int(str(text).strip().lstrip("#"))
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
        `listed`: the seat's rules list it, so a refusal as illegal is a lie."""
        public, secret = st.engine.split_move(move)
        salt = secret_commit = None
        owner_held = secret is not None and steps.owner_held(st.engine, st.view, public)
        if secret is not None:
            salt = secrets.token_hex(32)
            try:
                secret_commit = commit(TAG_SECRET, secret, salt)
            except NotCanonical as exc:
                raise ClientError(f"that move cannot be sent: {exc}") from exc
        env = self._envelope(st, public, secret_commit)
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
        try:
            if owner_held:  # it stays in this home: the server gets the commitment only
                answer = self.api.submit_move(st.game, env, sig, None, None)
            else:
                answer = self.api.submit_move(st.game, env, sig, secret, salt)
        except KeyboardInterrupt:
            raise MoveInterrupted(self.interrupted_words(st.game, env["seq"], sig)) from None
        except ApiError as exc:
            record = {"envelope": env, "sig": sig, "secret": secret, "salt": salt}
            self._refused(st.game, record, exc)
            if secret_commit is not None and 400 <= exc.status < 500:
                self.store.drop_secret(st.game, env["seq"], secret_commit)
            self._check_stale(st, exc, "move")
            if listed:
                self._check_refusal(st, exc)
            raise
        # The kept listing stays: its head is gone, so its numbers are now refused, not reread.
        done = self._after(st.game, st.seat, answer, env)
        return {**done, "move": move, "text": format_move(st.engine, move)}

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

    def _envelope(self, st: GameState, public: dict[str, Any], secret_commit: str | None) -> dict[str, Any]:
        """The envelope on top of the verified head, with the nonce this key derives for that place."""
        key = self.api.key
        assert key is not None
        seq, prev = st.head["seq"] + 1, st.head["hash"]
        nonce = move_nonce(key, st.game, seq, prev)
        return envelope(st.game, seq, prev, st.seat, public, secret_commit, nonce, now_ts())

    def _check_stale(self, st: GameState, exc: ApiError, what: str) -> None:
        """A 409 'stale' is only true if the signed log has moved past the head we signed on."""
        if exc.status == 409 and self._head_unmoved(st.game, st.head):
            raise ServerLie(
                f"the server refused your {what} in game {st.game} as stale, but its log has not "
                f"moved from seq {st.head['seq']}: a server that refuses moves may be trying to "
                "choose your throw (your re-submission would carry the same nonce, so it cannot); "
                f"your signed {what} and the refusal are kept in {self.store.evidence_path(st.game)}"
            ) from exc

    def _check_refusal(self, st: GameState, exc: ApiError) -> None:
        """A 422 ("illegal") for a move the seat's own rules list, on a head it verified, that
        the log has not moved past, is a lie: the operator, who can work out what the move
        would do, would otherwise get to veto it (one bit of re-roll). The refusal and the
        signed move are already kept as evidence."""
        if exc.status == 422 and self._head_unmoved(st.game, st.head):
            raise ServerLie(
                f"the server refused your move in game {st.game} as illegal ({exc.detail}), but your "
                f"own rules, from the view its signed log commits to at seq {st.head['seq']}, list it "
                "as legal: a server that refuses legal moves may be choosing which of your moves "
                f"happen; your signed move and the refusal are kept in {self.store.evidence_path(st.game)}"
            ) from exc

    def resign(self, game: str) -> dict[str, Any]:
        st = self.state(game)
        if st.status != "running":
            raise ClientError(f"game {game} is {st.status}: there is nothing to resign")
        env = self._envelope(st, {"type": "resign"}, None)
        sig = sign_envelope(env, self.api.key)  # type: ignore[arg-type]
        try:
            answer = self.api.resign(game, env, sig)
        except ApiError as exc:
            self._refused(game, {"envelope": env, "sig": sig}, exc)
            self._check_stale(st, exc, "resignation")
            raise
        return self._after(game, st.seat, answer, env)


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
