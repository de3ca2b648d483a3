"""The offline auditor: re-check a whole exported log, trusting no one.

First the chain (every entry in place, linked to the one before, signed by the
server key named in the genesis), then the players (every join and move signed
by the key that seat joined with), then the seed (the revealed server seed
matches its commitment), then the game: every step is recomputed with the same
functions the server used (protocol.steps) and compared field by field. The
verdict names the first entry that fails and why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import engines
from engines.core import BadOptions, Engine, IllegalMove
from protocol import steps
from protocol.canonical import NotCanonical, canonical
from protocol.commitments import seed_commit
from protocol.entries import (
    ENTRY_TYPES,
    FORMAT,
    VERSION,
    entry_hash,
    entry_signed_by,
    envelope_signed,
    join_signed,
    join_statement,
)
from protocol.keys import is_public_key_hex


@dataclass
class Verdict:
    ok: bool
    complete: bool
    reason: str
    entry: int | None = None
    game: str | None = None
    engine: str | None = None
    result: dict[str, Any] | None = None
    checked: dict[str, int] = field(default_factory=dict)

    @property
    def word(self) -> str:
        if not self.ok:
            return "FAIL"
        return "PASS" if self.complete else "INCOMPLETE"

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": self.word,
            "ok": self.ok,
            "complete": self.complete,
            "reason": self.reason,
            "entry": self.entry,
            "game": self.game,
            "engine": self.engine,
            "result": self.result,
            "checked": self.checked,
        }


class _Fail(Exception):
    def __init__(self, seq: int | None, reason: str) -> None:
        super().__init__(reason)
        self.seq = seq
        self.reason = reason


def audit(export: Any, lookup: Callable[[str], Engine] = engines.get) -> Verdict:
    """`lookup` finds the engine by id; tests pass their own for toy games."""
    auditor = _Auditor(lookup)
    try:
        try:
            return auditor.run(export)
        except _Fail:
            raise
        except Exception as exc:  # a log crafted to crash the replay fails; it never passes
            raise _Fail(auditor.current, f"the replay cannot process this entry ({type(exc).__name__}: {exc})") from exc
    except _Fail as fail:
        where = "the log" if fail.seq is None else f"entry {fail.seq}"
        return Verdict(
            ok=False,
            complete=False,
            reason=f"{where}: {fail.reason}",
            entry=fail.seq,
            game=auditor.game,
            engine=auditor.engine_id,
            checked=auditor.counts,
        )


def final_state(
    export: Any, lookup: Callable[[str], Engine] = engines.get
) -> tuple[Verdict, dict[str, Any] | None]:
    """The audit's verdict and, on a complete PASS, the game's final state as the replay
    reached it (every concealed value known): what `pbem show` draws once a game is over."""
    auditor = _Auditor(lookup)
    try:
        verdict = auditor.run(export)
    except Exception:  # noqa: BLE001 - any failure: the plain audit says which
        return audit(export, lookup), None
    return verdict, auditor.final if verdict.ok and verdict.complete else None


def state_at(
    export: Any, seq: int, lookup: Callable[[str], Engine] = engines.get
) -> tuple[Verdict, dict[str, Any] | None]:
    """The audit's verdict and, on a complete PASS, the game's state as it was right after entry
    `seq` (every concealed value known; None before the start or for a seq the log does not
    hold): a step-through replay of a finished game (`pbem log GAME --at N`, `pbem replay`)."""
    verdict, states = replay_states(export, lookup)
    return verdict, None if states is None else states.get(seq)


def replay_states(
    export: Any, lookup: Callable[[str], Engine] = engines.get
) -> tuple[Verdict, dict[int, dict[str, Any] | None] | None]:
    """The audit's verdict and, on a complete PASS, every entry's seq -> the state right after
    it (None before the start): `pbem replay --all` draws them all from one replay."""
    auditor = _Auditor(lookup)
    try:
        verdict = auditor.run(export)
    except Exception:  # noqa: BLE001 - any failure: the plain audit says which
        return audit(export, lookup), None
    if not (verdict.ok and verdict.complete):
        return verdict, None
    return verdict, auditor.states


def _result_of(body: dict[str, Any]) -> dict[str, Any] | None:
    """Without the seed: the result a state-changing system entry says (none: the game goes on)."""
    result = body.get("result")
    return result if isinstance(result, dict) else None


def _same(expected: Any, actual: Any) -> bool:
    try:
        return canonical(expected) == canonical(actual)
    except NotCanonical:
        return False


def _first_difference(expected: Any, actual: Any, path: str = "body") -> str:
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual)):
            if expected.get(key) != actual.get(key):
                return _first_difference(expected.get(key), actual.get(key), f"{path}.{key}")
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for i, (a, b) in enumerate(zip(expected, actual, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
    return path


class _Auditor:
    def __init__(self, lookup: Callable[[str], Engine]) -> None:
        self.lookup = lookup
        self.current: int | None = None
        self.game: str | None = None
        self.engine_id: str | None = None
        # "attested": moves made by email (email_move entries), which no player signed
        self.counts = {"entries": 0, "signatures": 0, "moves": 0, "commitments": 0, "attested": 0}
        self.final: dict[str, Any] | None = None  # the replay's last state (see final_state)
        self.states: dict[int, dict[str, Any] | None] = {}  # seq -> the state after it (state_at)

    # -- the chain ---------------------------------------------------------------

    def run(self, export: Any) -> Verdict:
        if not isinstance(export, dict) or export.get("format") != FORMAT:
            raise _Fail(None, f"not a {FORMAT} export")
        entries = export.get("entries")
        if not isinstance(entries, list) or not entries:
            raise _Fail(None, "the export holds no entries")
        self._chain(entries)
        if export.get("game") != self.game:
            raise _Fail(None, "the export is labelled with another game than its entries")
        return self._replay(entries)

    def _chain(self, entries: list[Any]) -> None:
        genesis = entries[0]
        if not isinstance(genesis, dict) or genesis.get("type") != "genesis":
            raise _Fail(0, "the first entry is not a genesis entry")
        body = genesis.get("body")
        if not isinstance(body, dict) or not is_public_key_hex(body.get("server_key")):
            raise _Fail(0, "the genesis names no valid server key")
        server_key = body["server_key"]
        self.engine_id = body.get("engine") if isinstance(body.get("engine"), str) else None
        self.game = genesis.get("game")
        if not isinstance(self.game, str):
            raise _Fail(0, "the genesis names no game")
        previous: str | None = None  # the hash of the entry before (each entry hashed once)
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise _Fail(i, "not a JSON object")
            if entry.get("seq") != i:
                raise _Fail(
                    i, f"says seq {entry.get('seq')!r} at position {i}: entries missing or out of order"
                )
            if entry.get("game") != self.game:
                raise _Fail(i, "belongs to another game")
            if entry.get("type") not in ENTRY_TYPES:
                raise _Fail(i, f"unknown entry type {entry.get('type')!r}")
            if not isinstance(entry.get("body"), dict):
                raise _Fail(i, "has no body")
            if entry.get("prev") != previous:
                raise _Fail(i, "prev is not the hash of the entry before: the chain is broken")
            try:
                previous = entry_hash(entry)
            except NotCanonical as exc:  # no hash, so no signature can verify
                raise _Fail(i, "the server's signature does not verify") from exc
            if not entry_signed_by(entry, server_key, previous):
                raise _Fail(i, "the server's signature does not verify")
            if entry.get("v") != VERSION or not isinstance(entry.get("ts"), str):
                raise _Fail(i, f"not a version {VERSION} entry (v, ts)")
            extra = set(entry) - {"v", "game", "seq", "type", "prev", "ts", "body", "sig"}
            if extra:
                raise _Fail(i, f"unexpected fields {sorted(extra)}")
            self.counts["entries"] += 1
            self.counts["signatures"] += 1

    # -- the game ----------------------------------------------------------------

    def _replay(self, entries: list[dict[str, Any]]) -> Verdict:
        genesis = entries[0]["body"]
        try:
            engine = self.lookup(genesis.get("engine"))
        except engines.UnknownEngine as exc:
            raise _Fail(0, exc.message) from exc
        self.engine_id = engine.id
        if genesis.get("engine_version") != engine.version:
            raise _Fail(
                0,
                f"the log was made with {engine.id} version {genesis.get('engine_version')!r}; "
                f"this auditor replays version {engine.version}",
            )
        seats = genesis.get("seats")
        try:
            options = engine.check_options(genesis.get("options") or {}, seats)
        except BadOptions as exc:
            raise _Fail(0, f"bad options: {exc}") from exc
        if options != genesis.get("options"):
            raise _Fail(0, "the options are not complete as the engine would set them")
        deadline = genesis.get("deadline")
        if "deadline" in genesis:  # absent: no deadlines; present: exactly its shape (never null)
            problem = steps.deadline_problem(deadline)
            if problem is not None:
                raise _Fail(0, f"the genesis deadline is malformed: {problem}")
        problem = steps.email_moves_problem(genesis)
        if problem is not None:
            raise _Fail(0, f"the genesis is malformed: {problem}")
        email_moves = genesis.get("email_moves") is True

        seed = self._seed(entries, genesis)
        secrets = self._secrets(entries[-1]) if seed is not None else {}
        joins: dict[int, dict[str, Any]] = {}
        state: dict[str, Any] | None = None
        result: dict[str, Any] | None = None
        used_secrets: set[int] = set()

        for entry in entries[1:]:
            seq, kind, body = entry["seq"], entry["type"], entry["body"]
            self.current = seq
            self.states[seq - 1] = state
            prev = entry["prev"]
            if result is not None and kind != "reveal":
                raise _Fail(seq, f"a {kind} entry after the game ended")
            if kind == "genesis":
                raise _Fail(seq, "a second genesis entry")
            elif kind == "join":
                if state is not None or self._started(entries, seq):
                    raise _Fail(seq, "a join after the start")
                self._join(seq, body, seats, joins, prev)
            elif kind == "start":
                if len(joins) != seats:
                    raise _Fail(seq, f"the game started with {len(joins)} of {seats} seats joined")
                if state is not None:
                    raise _Fail(seq, "a second start entry")
                if seed is None:
                    state = {}
                    continue
                nonces = [joins[s]["nonce"] for s in range(seats)]
                step = steps.start(engine, seats, options, nonces, seed, seq)
                self._compare(seq, step.body, body)
                state = step.state
                result = step.body.get("result")
            elif kind == "move":
                if state is None:
                    raise _Fail(seq, "a move before the start")
                env = body.get("envelope")
                seat = env.get("seat") if isinstance(env, dict) else None
                if not steps.is_int(seat) or seat not in joins:
                    raise _Fail(seq, f"a move for seat {seat!r}, which nobody joined")
                if seed is None:
                    self._check_move_signature(seq, env, body.get("sig"), joins[seat]["key"], prev)
                    continue
                if steps.lets_leave(engine, seats) and seat in engine.out(state):  # type: ignore[attr-defined]
                    raise _Fail(seq, f"a move by seat {seat}, which has left the game: the server decides for it")
                secret, salt = None, None
                if env.get("secret_commit") is not None and steps.owner_held(engine, state, env.get("move")):
                    if seq in secrets:  # the owner kept it: the server cannot have held it
                        raise _Fail(seq, "the reveal lists a secret its owner kept (owner-held secrets never reach the server)")
                    self.counts["commitments"] += 1
                elif env.get("secret_commit") is not None:
                    if seq not in secrets:
                        raise _Fail(seq, "the reveal holds no secret for this move")
                    secret, salt = secrets[seq]["secret"], secrets[seq]["salt"]
                    used_secrets.add(seq)
                    self.counts["commitments"] += 1
                try:
                    step = steps.move(
                        engine, state, joins[seat]["key"], env, body.get("sig"), secret, salt, seed, (seq, prev),
                        seats=seats,
                    )
                except steps.StepError as exc:
                    raise _Fail(seq, exc.message) from exc
                except IllegalMove as exc:
                    raise _Fail(seq, f"the replay refuses this move: {exc.message}") from exc
                self._compare(seq, step.body, body)
                self.counts["moves"] += 1
                self.counts["signatures"] += 1
                state = step.state
                result = step.body.get("result")
            elif kind == "system":
                system = body.get("kind")
                if state is None and system != "abort":  # only an abort may end a game never started
                    raise _Fail(seq, "a system entry before the start")
                if system in ("timeout", "out"):
                    state, result = self._server_move(
                        seq, body, engine, state, seed, secrets, used_secrets, seats, joins, deadline
                    )
                elif system == "email_move":
                    state, result = self._email_move(
                        seq, body, engine, state, seed, secrets, used_secrets, seats, joins, email_moves, prev
                    )
                elif system == "forfeit":
                    before = entries[seq - 1]["body"]
                    state, result = self._forfeit(seq, body, engine, state, seed, seats, joins, deadline, before)
                elif system == "resign" and steps.lets_leave(engine, seats):
                    state, result = self._leave(seq, body, engine, state, seed, seats, joins, prev)
                else:
                    result = self._system(seq, body, seats, joins, prev)
            elif kind == "reveal":
                if seq != len(entries) - 1:
                    raise _Fail(seq, "the reveal is not the last entry")
                if result is None:
                    raise _Fail(seq, "a reveal before the game ended")
                if not _same(body.get("result"), result):
                    raise _Fail(seq, "the revealed result is not the replay's result")
                unused = set(secrets) - used_secrets
                if unused:
                    raise _Fail(seq, f"the reveal lists secrets for moves that committed none: {sorted(unused)}")

        if seed is None:
            return Verdict(
                ok=True,
                complete=False,
                reason=(
                    "chain and signatures verify; there is no reveal entry yet (the game is not over, "
                    "or its reveal is missing), so the seed is unknown and nothing was replayed"
                ),
                game=self.game,
                engine=engine.id,
                checked=self.counts,
            )
        self.final = state
        self.states[entries[-1]["seq"]] = state
        reason = "every signature, link, commitment, random draw and move re-checked"
        attested = self.counts["attested"]
        if attested:
            reason += (
                f"; {attested} move(s) were made by email: server-attested, not player-signed "
                "(the token shows only that the server issued it for that place in the log)"
            )
        return Verdict(
            ok=True,
            complete=True,
            reason=reason,
            game=self.game,
            engine=engine.id,
            result=result,
            checked=self.counts,
        )

    @staticmethod
    def _started(entries: list[dict[str, Any]], seq: int) -> bool:
        return any(e["type"] == "start" for e in entries[:seq])

    def _seed(self, entries: list[dict[str, Any]], genesis: dict[str, Any]) -> bytes | None:
        last = entries[-1]
        if last["type"] != "reveal":
            return None
        raw = last["body"].get("server_seed")
        if not isinstance(raw, str) or not steps.HEX64.fullmatch(raw):
            raise _Fail(last["seq"], "the revealed seed is not 32 bytes of lowercase hex")
        seed = bytes.fromhex(raw)
        if seed_commit(seed) != genesis.get("seed_commit"):
            raise _Fail(last["seq"], "the revealed seed does not match the genesis commitment")
        self.counts["commitments"] += 1
        return seed

    @staticmethod
    def _secrets(reveal: dict[str, Any]) -> dict[int, dict[str, Any]]:
        out: dict[int, dict[str, Any]] = {}
        items = reveal["body"].get("secrets")
        if not isinstance(items, list):
            raise _Fail(reveal["seq"], "the reveal's secrets are not a list")
        for item in items:
            if (
                not isinstance(item, dict)
                or not isinstance(item.get("seq"), int)
                or "salt" not in item
                or "secret" not in item
            ):
                raise _Fail(reveal["seq"], "a malformed secret in the reveal")
            out[item["seq"]] = item
        return out

    def _join(
        self, seq: int, body: dict[str, Any], seats: int, joins: dict[int, dict[str, Any]], prev: str
    ) -> None:
        if set(body) != {"seat", "name", "key", "nonce", "sig"}:
            raise _Fail(seq, "a join body has exactly seat, name, key, nonce and sig")
        seat = body.get("seat")
        if not steps.is_int(seat) or not 0 <= seat < seats:
            raise _Fail(seq, f"joins seat {seat!r} of a {seats}-seat game")
        if seat in joins:
            raise _Fail(seq, f"seat {seat} joined twice")
        key = body.get("key")
        if not is_public_key_hex(key):
            raise _Fail(seq, "the player's key is not an Ed25519 public key")
        try:
            statement = join_statement(self.game or "", seat, body["name"], key, body["nonce"], prev)
            signed = join_signed(statement, body["sig"])
        except (KeyError, TypeError, ValueError):
            signed = False
        if not signed:
            raise _Fail(seq, "the player's join signature does not verify")
        if not isinstance(body.get("nonce"), str) or not steps.HEX64.fullmatch(body["nonce"]):
            raise _Fail(seq, "the join nonce is not 32 bytes, hex")
        joins[seat] = body
        self.counts["signatures"] += 1

    def _check_move_signature(self, seq: int, env: Any, sig: Any, key: str, prev: str) -> None:
        if not isinstance(env, dict) or not isinstance(sig, str) or not envelope_signed(env, sig, key):
            raise _Fail(seq, "the player's move signature does not verify")
        if env.get("seq") != seq or env.get("prev") != prev:
            raise _Fail(seq, "the signed envelope is for another place in the log")
        self.counts["signatures"] += 1

    def _system(
        self, seq: int, body: dict[str, Any], seats: int, joins: dict[int, dict[str, Any]], prev: str
    ) -> dict[str, Any]:
        kind = body.get("kind")
        if kind == "resign":
            env = body.get("envelope")
            seat = env.get("seat") if isinstance(env, dict) else None
            if not steps.is_int(seat) or seat not in joins:
                raise _Fail(seq, "a resignation for a seat nobody joined")
            self._check_move_signature(seq, body.get("envelope"), body.get("sig"), joins[seat]["key"], prev)
            if body["envelope"].get("move") != {"type": "resign"}:
                raise _Fail(seq, "the signed envelope is not a resignation")
            try:
                again = steps.resign(joins[seat]["key"], env, body.get("sig"), seats, (seq, prev))
            except steps.StepError as exc:
                raise _Fail(seq, exc.message) from exc
            self._compare_exact(seq, again, body)
            expected = steps.resign_result(seats, seat)
        elif kind == "abort":
            expected = steps.abort_result(str(body.get("reason", "")))
        else:
            raise _Fail(seq, f"unknown system entry {kind!r}")
        if not _same(body.get("result"), expected):
            raise _Fail(seq, "the system entry's result is not what it implies")
        return expected

    @staticmethod
    def _expiry(seq: int, deadline: Any, action: str, what: str) -> None:
        """A timeout or forfeit needs a genesis deadline whose action on expiry is this one."""
        if deadline is None:
            raise _Fail(seq, f"a {what} in a game without deadlines")
        if deadline.get("on_expiry") != action:
            raise _Fail(
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
            raise _Fail(seq, "an out entry in a game no seat can leave")
        seat = body.get("seat")
        if not steps.is_int(seat) or seat not in joins:
            raise _Fail(seq, f"a {kind} for seat {seat!r}, which nobody joined")
        if seed is None:
            return state, None
        try:
            if kind == "timeout":
                step = steps.timeout(engine, state, seat, seed, seq, seats=seats)
            else:
                step = steps.out_move(engine, state, seat, seed, seq, seats=seats)
        except steps.StepError as exc:
            raise _Fail(seq, exc.message) from exc
        except IllegalMove as exc:
            raise _Fail(seq, f"the replay refuses the {kind}'s move: {exc.message}") from exc
        self._compare(seq, step.body, body)
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
            raise _Fail(seq, f"the reveal holds no secret for this {what}'s move")
        if not _same(revealed.get("secret"), step.secret["secret"]) or revealed.get("salt") != step.secret["salt"]:
            raise _Fail(seq, f"the reveal's secret for this {what} is not the one the seed gives")
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
            raise _Fail(seq, "an email move in a game whose genesis did not opt in to email moves")
        seat = body.get("seat")
        if not steps.is_int(seat) or seat not in joins:
            raise _Fail(seq, f"an email move for seat {seat!r}, which nobody joined")
        if not isinstance(body.get("token"), str) or not steps.TOKEN.fullmatch(body["token"]):
            raise _Fail(seq, "the email move's token is not 16 bytes, hex")
        if seed is None:
            return state, None
        public = body.get("move")
        secret = None
        if body.get("secret_commit") is not None:
            if seq not in secrets:
                raise _Fail(seq, "the reveal holds no secret for this email move")
            secret = secrets[seq].get("secret")
        try:
            full = engine.merge_move(public, secret)
        except IllegalMove as exc:
            raise _Fail(seq, f"the replay cannot read the email move: {exc.message}") from exc
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise _Fail(seq, "the replay cannot read the email move") from exc
        try:
            step = steps.email_move(engine, state, seat, full, seed, self.game or "", (seq, prev), seats=seats)
        except steps.StepError as exc:
            raise _Fail(seq, exc.message) from exc
        except IllegalMove as exc:
            raise _Fail(seq, f"the replay refuses the email move: {exc.message}") from exc
        self._compare(seq, step.body, body)
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
            raise _Fail(seq, f"a forfeit for seat {seat!r}, which nobody joined")
        if owner_only and seed is not None and not steps.needs_owner(engine, state):
            raise _Fail(seq, "a forfeit in a game whose deadline plays a bot, for a decision a bot could make")
        leaving = steps.lets_leave(engine, seats)
        if seed is None:
            if leaving:
                return state, _result_of(body)
            expected = {"kind": "forfeit", "seat": seat, "result": steps.forfeit_result(seats, seat)}
            self._compare_exact(seq, expected, body)
            return state, expected["result"]
        try:
            step = steps.forfeit_step(engine, state, seat, seed, seq, seats=seats)
        except steps.StepError as exc:
            raise _Fail(seq, exc.message) from exc
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
            raise _Fail(seq, "a resignation for a seat nobody joined")
        self._check_move_signature(seq, env, body.get("sig"), joins[seat]["key"], prev)
        if env.get("move") != {"type": "resign"}:
            raise _Fail(seq, "the signed envelope is not a resignation")
        if seed is None:
            return state, _result_of(body)
        try:
            step = steps.resign_step(
                engine, state, joins[seat]["key"], env, body.get("sig"), seed, (seq, prev), seats=seats
            )
        except steps.StepError as exc:
            raise _Fail(seq, exc.message) from exc
        self._compare(seq, step.body, body)
        return step.state, step.body.get("result")

    def _compare_exact(self, seq: int, expected: dict[str, Any], actual: dict[str, Any]) -> None:
        """Equal as canonical JSON, not as Python values: `true` is not `1` in a signed log."""
        if not _same(expected, actual):
            raise _Fail(seq, f"{_first_difference(expected, actual)} differs from the replay")

    def _compare(self, seq: int, expected: dict[str, Any], actual: dict[str, Any]) -> None:
        if not _same(expected, actual):
            where = _first_difference(expected, actual)
            raise _Fail(seq, f"{where} differs from the replay")
        self.counts["commitments"] += 1 + sum(1 for e in expected.get("events", []) if "commit" in e)
