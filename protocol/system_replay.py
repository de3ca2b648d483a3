"""The audit's replay of system entries: what the server wrote on its own authority.

Resignations, aborts, timeouts, moves for a seat that left, email moves and forfeits
are not a player's signed move, so each is checked against what the genesis allows
(deadlines, email moves, seats leaving) and, with the revealed seed, recomputed with
the same `protocol.steps` function the server used and compared with the log.
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine, IllegalMove
from protocol import steps
from protocol.canonical import NotCanonical, canonical
from protocol.chain_check import ChainCheck
from protocol.verdict import Fail, first_difference, result_of, same


class SystemReplay(ChainCheck):
    """The checks of system entries, and the comparison of a replayed body with the log's."""

    def _system(
        self, seq: int, body: dict[str, Any], seats: int, joins: dict[int, dict[str, Any]], prev: str
    ) -> dict[str, Any]:
        kind = body.get("kind")
        if kind == "resign":
            env = body.get("envelope")
            seat = env.get("seat") if isinstance(env, dict) else None
            if not steps.is_int(seat) or seat not in joins:
                raise Fail(seq, "a resignation for a seat nobody joined")
            self._check_move_signature(seq, body.get("envelope"), body.get("sig"), joins[seat]["key"], prev)
            if body["envelope"].get("move") != {"type": "resign"}:
                raise Fail(seq, "the signed envelope is not a resignation")
            try:
                again = steps.resign(joins[seat]["key"], env, body.get("sig"), seats, (seq, prev))
            except steps.StepError as exc:
                raise Fail(seq, exc.message) from exc
            self._compare_exact(seq, again, body)
            expected = steps.resign_result(seats, seat)
        elif kind == "abort":
            expected = steps.abort_result(str(body.get("reason", "")))
        else:
            raise Fail(seq, f"unknown system entry {kind!r}")
        if not same(body.get("result"), expected):
            raise Fail(seq, "the system entry's result is not what it implies")
        return expected

    @staticmethod
    def _expiry(seq: int, deadline: Any, action: str, what: str) -> None:
        """A timeout or forfeit needs a genesis deadline whose action on expiry is this one."""
        if deadline is None:
            raise Fail(seq, f"a {what} in a game without deadlines")
        if deadline.get("on_expiry") != action:
            raise Fail(
                seq, f"a {what}, but the genesis deadline says {deadline.get('on_expiry')!r} on expiry"
            )

    def _server_move(
        self,
        seq: int,
        body: dict[str, Any],
        engine: Engine,
        state: dict[str, Any],
        seed: bytes | None,
        secrets: dict[int, dict[str, Any]],
        used_secrets: set[int],
        seats: int,
        joins: dict[int, dict[str, Any]],
        deadline: Any,
    ) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """Replay the server's random move for a seat out of time (a timeout) or for a seat that
        left the game (out), from the revealed seed."""
        kind = body.get("kind")
        if kind == "timeout":
            self._expiry(seq, deadline, "bot", "timeout")
        elif not steps.lets_leave(engine, seats):
            raise Fail(seq, "an out entry in a game no seat can leave")
        seat = body.get("seat")
        if not steps.is_int(seat) or seat not in joins:
            raise Fail(seq, f"a {kind} for seat {seat!r}, which nobody joined")
        if seed is None:
            return state, None
        try:
            if kind == "timeout":
                step = steps.timeout(engine, state, seat, seed, seq, seats=seats)
            else:
                step = steps.out_move(engine, state, seat, seed, seq, seats=seats)
        except steps.StepError as exc:
            raise Fail(seq, exc.message) from exc
        except IllegalMove as exc:
            raise Fail(seq, f"the replay refuses the {kind}'s move: {exc.message}") from exc
        self._compare(seq, step.body, body)
        self.private[seq] = step.payloads
        self._seeded_secret(seq, step, secrets, used_secrets, kind)
        self.counts["moves"] += 1
        return step.state, step.body.get("result")

    def _seeded_secret(
        self,
        seq: int,
        step: steps.Step,
        secrets: dict[int, dict[str, Any]],
        used_secrets: set[int],
        what: str,
    ) -> None:
        """A move the server made for a seat commits its concealed part with a salt from the
        seed: the reveal must list exactly that secret and salt."""
        if step.secret is None:
            return
        revealed = secrets.get(seq)
        if revealed is None:
            raise Fail(seq, f"the reveal holds no secret for this {what}'s move")
        if not same(revealed.get("secret"), step.secret["secret"]) or revealed.get("salt") != step.secret["salt"]:
            raise Fail(seq, f"the reveal's secret for this {what} is not the one the seed gives")
        used_secrets.add(seq)
        self.counts["commitments"] += 1

    def _email_move(
        self,
        seq: int,
        body: dict[str, Any],
        engine: Engine,
        state: dict[str, Any],
        seed: bytes | None,
        secrets: dict[int, dict[str, Any]],
        used_secrets: set[int],
        seats: int,
        joins: dict[int, dict[str, Any]],
        email_moves: bool,
        prev: str,
    ) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """A move a player sent by email, played by the server: the genesis opted in; with the
        seed, the token is the one the seed gives for this seat at this head, the seat was to
        move, and the move replays exactly (its secret revealed like a timeout's)."""
        if not email_moves:
            raise Fail(seq, "an email move in a game whose genesis did not opt in to email moves")
        seat = body.get("seat")
        if not steps.is_int(seat) or seat not in joins:
            raise Fail(seq, f"an email move for seat {seat!r}, which nobody joined")
        if not isinstance(body.get("token"), str) or not steps.TOKEN.fullmatch(body["token"]):
            raise Fail(seq, "the email move's token is not 16 bytes, hex")
        if seed is None:
            return state, None
        public = body.get("move")
        secret = None
        if body.get("secret_commit") is not None:
            if seq not in secrets:
                raise Fail(seq, "the reveal holds no secret for this email move")
            secret = secrets[seq].get("secret")
        try:
            full = engine.merge_move(public, secret)
        except IllegalMove as exc:
            raise Fail(seq, f"the replay cannot read the email move: {exc.message}") from exc
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise Fail(seq, "the replay cannot read the email move") from exc
        try:
            step = steps.email_move(engine, state, seat, full, seed, self.game or "", (seq, prev), seats=seats)
        except steps.StepError as exc:
            raise Fail(seq, exc.message) from exc
        except IllegalMove as exc:
            raise Fail(seq, f"the replay refuses the email move: {exc.message}") from exc
        self._compare(seq, step.body, body)
        self.private[seq] = step.payloads
        self._seeded_secret(seq, step, secrets, used_secrets, "email move")
        self.counts["moves"] += 1
        self.counts["attested"] += 1
        return step.state, step.body.get("result")

    def _forfeit(
        self,
        seq: int,
        body: dict[str, Any],
        engine: Engine,
        state: dict[str, Any],
        seed: bytes | None,
        seats: int,
        joins: dict[int, dict[str, Any]],
        deadline: Any,
        before: dict[str, Any],
    ) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """A seat out of time loses (or, where seats may leave, is out); with the seed, it must
        have been the seat to move. In a game whose deadline plays a bot, a forfeit is the
        outcome only where no bot could decide: the seat owed a decision that needs a secret
        only it holds (a reveal; the step before says `owner_only`, and the replay agrees)."""
        owner_only = isinstance(deadline, dict) and deadline.get("on_expiry") == "bot" and before.get("owner_only") is True
        if not owner_only:
            self._expiry(seq, deadline, "forfeit", "forfeit")
        seat = body.get("seat")
        if not steps.is_int(seat) or seat not in joins:
            raise Fail(seq, f"a forfeit for seat {seat!r}, which nobody joined")
        if owner_only and seed is not None and not steps.needs_owner(engine, state):
            raise Fail(seq, "a forfeit in a game whose deadline plays a bot, for a decision a bot could make")
        leaving = steps.lets_leave(engine, seats)
        if seed is None:
            if leaving:
                return state, result_of(body)
            expected = {"kind": "forfeit", "seat": seat, "result": steps.forfeit_result(seats, seat)}
            self._compare_exact(seq, expected, body)
            return state, expected["result"]
        try:
            step = steps.forfeit_step(engine, state, seat, seed, seq, seats=seats)
        except steps.StepError as exc:
            raise Fail(seq, exc.message) from exc
        self._compare_exact(seq, step.body, body)
        return step.state, step.body.get("result")

    def _leave(
        self,
        seq: int,
        body: dict[str, Any],
        engine: Engine,
        state: dict[str, Any],
        seed: bytes | None,
        seats: int,
        joins: dict[int, dict[str, Any]],
        prev: str,
    ) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """A resignation in a game seats may leave: the player's signature, then the replay of
        `engine.leave` (the seat is out, the others play on, or the last one in wins)."""
        env = body.get("envelope")
        seat = env.get("seat") if isinstance(env, dict) else None
        if not steps.is_int(seat) or seat not in joins:
            raise Fail(seq, "a resignation for a seat nobody joined")
        self._check_move_signature(seq, env, body.get("sig"), joins[seat]["key"], prev)
        if env.get("move") != {"type": "resign"}:
            raise Fail(seq, "the signed envelope is not a resignation")
        if seed is None:
            return state, result_of(body)
        try:
            step = steps.resign_step(
                engine, state, joins[seat]["key"], env, body.get("sig"), seed, (seq, prev), seats=seats
            )
        except steps.StepError as exc:
            raise Fail(seq, exc.message) from exc
        self._compare(seq, step.body, body)
        self.private[seq] = step.payloads
        return step.state, step.body.get("result")

    def _compare_exact(self, seq: int, expected: dict[str, Any], actual: dict[str, Any]) -> None:
        """Equal as canonical JSON, not as Python values: `true` is not `1` in a signed log."""
        if not self._same_body(seq, expected, actual):
            raise Fail(seq, f"{first_difference(expected, actual)} differs from the replay")

    def _same_body(self, seq: int, expected: dict[str, Any], actual: dict[str, Any]) -> bool:
        """`same`, with the log body's canonical JSON kept from hashing its entry (ChainCheck.bodies)."""
        kept = self.bodies.get(seq)
        if kept is None or kept[0] is not actual:
            return same(expected, actual)
        try:
            return canonical(expected) == kept[1]
        except NotCanonical:
            return False

    def _compare(self, seq: int, expected: dict[str, Any], actual: dict[str, Any]) -> None:
        if not self._same_body(seq, expected, actual):
            where = first_difference(expected, actual)
            raise Fail(seq, f"{where} differs from the replay")
        self.counts["commitments"] += 1 + sum(1 for e in expected.get("events", []) if "commit" in e)
