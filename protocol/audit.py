"""The offline auditor: re-check a whole exported log, trusting no one.

First the chain (every entry in place, linked to the one before, signed by the
server key named in the genesis), then the players (every join and move signed
by the key that seat joined with), then the seed (the revealed server seed
matches its commitment), then the game: every step is recomputed with the same
functions the server used (protocol.steps) and compared field by field. The
verdict names the first entry that fails and why.

The phases live in modules of their own: the chain and the signatures in
`protocol.chain_check`, system entries in `protocol.system_replay`, standing answers (`answers`
and `standing` entries) in `protocol.standing_replay`, the verdict in
`protocol.verdict`; here are the entry points, reading the export, the seed and the
reveal's secrets, and the replay of the game entry by entry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engines
from engines.core import BadOptions, Engine, IllegalMove
from protocol import steps
from protocol.canonical import inputs_checked
from protocol.commitments import seed_commit
from protocol.decisions import Decisions
from protocol.entries import ENTRY_TYPES, FORMAT
from protocol.sealing import envelope_problem, held_in_public
from protocol.standing_replay import StandingReplay
from protocol.verdict import Fail, Unsupported, format_reason, same, version_gap
from protocol.verdict import Verdict as Verdict

__all__ = ["Verdict", "audit", "final_state", "private_events", "replay_states", "state_at"]


def audit(export: Any, lookup: Callable[[str], Engine] = engines.get) -> Verdict:
    """`lookup` finds the engine by id; tests pass their own for toy games."""
    auditor = _Auditor(lookup)
    try:
        try:
            return auditor.run(export)
        except Fail:
            raise
        except Exception as exc:  # a log crafted to crash the replay fails; it never passes
            raise Fail(auditor.current, f"the replay cannot process this entry ({type(exc).__name__}: {exc})") from exc
    except Fail as fail:
        where = "the log" if fail.seq is None else f"entry {fail.seq}"
        return Verdict(
            ok=False,
            complete=False,
            reason=f"{where}: {fail.reason}",
            entry=fail.seq,
            game=auditor.game,
            engine=auditor.engine_id,
            checked=auditor.counts,
            supported=not isinstance(fail, Unsupported),
        )


def final_state(
    export: Any, lookup: Callable[[str], Engine] = engines.get
) -> tuple[Verdict, dict[str, Any] | None]:
    """The audit's verdict and, on a complete PASS, the game's final state as the replay
    reached it (every concealed value known): what `pbem show` draws once a game is over."""
    verdict, auditor = _replayed(export, lookup)
    return verdict, None if auditor is None else auditor.final


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
    verdict, auditor = _replayed(export, lookup)
    return verdict, None if auditor is None else auditor.states


def private_events(
    export: Any, lookup: Callable[[str], Engine] = engines.get
) -> tuple[Verdict, dict[int, list[dict[str, Any]]] | None]:
    """The audit's verdict and, on a complete PASS, every step's private events as the replay
    recomputed them: seq -> [{"seq", "index", "to", "event", "salt"}] (each one's commitment in
    the log checked by the replay). The log holds only their commitments; once the seed is
    public, what each was is no secret, and a finished game's history tells it to everyone."""
    verdict, auditor = _replayed(export, lookup)
    if auditor is None:
        return verdict, None
    return verdict, {seq: [p.to_json() for p in payloads] for seq, payloads in auditor.private.items()}


def _replayed(export: Any, lookup: Callable[[str], Engine]) -> tuple[Verdict, _Auditor | None]:
    """The audit's verdict and, on a complete PASS only, the auditor that replayed the game
    (every state and private event it recomputed); any failure is said by the plain audit."""
    auditor = _Auditor(lookup)
    try:
        verdict = auditor.run(export)
    except Exception:  # noqa: BLE001 - any failure: the plain audit says which
        return audit(export, lookup), None
    return (verdict, auditor) if verdict.ok and verdict.complete else (verdict, None)


class _Auditor(StandingReplay):
    """One audit of one export; a subclass may supply the seed and secrets itself (`_seed`,
    `_secrets`) to replay a running game with what the server holds."""

    def run(self, export: Any) -> Verdict:
        if not isinstance(export, dict) or not isinstance(export.get("format"), str):
            raise Fail(None, f"not a {FORMAT} export (no format named)")
        if export["format"] != FORMAT:  # another pbem's format: it can check the log, this one cannot
            raise Unsupported(None, format_reason(export["format"], FORMAT))
        entries = export.get("entries")
        if not isinstance(entries, list) or not entries:
            raise Fail(None, "the export holds no entries")
        self._chain(entries)
        if export.get("game") != self.game:
            raise Fail(None, "the export is labelled with another game than its entries")
        if not self.plain_log:  # some value of the log lies outside canonical JSON's fast domain
            return self._replay(entries)
        with inputs_checked():  # so does all the engines get from it: see canonical_own
            return self._replay(entries)

    # -- the game ----------------------------------------------------------------

    def _replay(self, entries: list[dict[str, Any]]) -> Verdict:
        genesis = entries[0]["body"]
        if not isinstance(genesis.get("engine"), str) or not isinstance(genesis.get("engine_version"), str):
            raise Fail(0, "the genesis names no engine and engine version (strings)")
        # a genesis this pbem has no rules for: the players' join and move signatures, which need
        # no rules, still prove a rewritten one (every join is signed over the genesis's hash)
        bound_seats = genesis.get("seats") if steps.is_int(genesis.get("seats")) else 0
        try:
            engine = self.lookup(genesis["engine"])
        except engines.UnknownEngine as exc:
            self._bound_after(entries, 0, bound_seats, {})
            raise Unsupported(0, f"{exc.message}: audit it with a pbem that has it (upgrade pbem)") from exc
        self.engine_id = engine.id
        kept = engines.kept_versions(engine)
        if genesis["engine_version"] not in kept:
            self._bound_after(entries, 0, bound_seats, {})
            missing, remedy = version_gap(engine.id, genesis["engine_version"], list(kept))
            raise Unsupported(0, f"{missing}: {remedy}")
        engine = kept[genesis["engine_version"]]  # the rules the game began with, whatever is newest
        seats = genesis.get("seats")
        try:
            options = engine.check_options(genesis.get("options") or {}, seats)
        except BadOptions as exc:
            raise Fail(0, f"bad options: {exc}") from exc
        if options != genesis.get("options"):
            raise Fail(0, "the options are not complete as the engine would set them")
        deadline = genesis.get("deadline")
        if "deadline" in genesis:  # absent: no deadlines; present: exactly its shape (never null)
            problem = steps.deadline_problem(deadline)
            if problem is not None:
                raise Fail(0, f"the genesis deadline is malformed: {problem}")
        problem = steps.email_moves_problem(genesis)
        if problem is not None:
            raise Fail(0, f"the genesis is malformed: {problem}")
        email_moves = genesis.get("email_moves") is True

        seed = self._seed(entries, genesis)
        secrets = self._secrets(entries[-1]) if seed is not None else {}
        joins: dict[int, dict[str, Any]] = {}
        state: dict[str, Any] | None = None
        result: dict[str, Any] | None = None
        used_secrets: set[int] = set()
        decisions = Decisions(engine, seed, seats)  # one signed path per decision (protocol.decisions)
        retired: set[str] = set()  # the keys seats handed on (a handover's `old`)
        ended_at: int | None = None  # the first entry whose signed body carries a result

        for entry in entries[1:]:
            seq, kind, body = entry["seq"], entry["type"], entry["body"]
            self.current = seq
            self.states[seq - 1] = state
            prev = entry["prev"]
            if kind not in ENTRY_TYPES:  # signed by the server, in a type this pbem does not know
                self._bound_after(entries, seq, seats, joins)
                raise Unsupported(
                    seq, f"an entry of type {kind!r}, which this pbem does not know: audit it with a newer pbem"
                )
            decisions.before(seq, kind, body, state, result, self.in_force, self.last_views)
            if kind == "handover" and ended_at is not None:  # without the seed, the log's own word
                raise Fail(seq, f"a handover entry after the game ended (at entry {ended_at})")
            if ended_at is None and kind not in ("reveal", "handover") and "result" in body:
                ended_at = seq
            if result is not None and kind != "reveal":
                raise Fail(seq, f"{'an' if kind == 'answers' else 'a'} {kind} entry after the game ended")
            if kind == "genesis":
                raise Fail(seq, "a second genesis entry")
            elif kind == "join":
                if state is not None or self._started(entries, seq):
                    raise Fail(seq, "a join after the start")
                self._join(seq, body, seats, joins, prev)
            elif kind == "start":
                if len(joins) != seats:
                    raise Fail(seq, f"the game started with {len(joins)} of {seats} seats joined")
                if state is not None:
                    raise Fail(seq, "a second start entry")
                if seed is None:
                    state = {}
                    continue
                nonces = [joins[s]["nonce"] for s in range(seats)]
                step = steps.start(engine, seats, options, nonces, seed, seq)
                self._compare(seq, step.body, body)
                self.private[seq] = step.payloads
                state = step.state
                result = step.body.get("result")
            elif kind == "move":
                if state is None:
                    raise Fail(seq, "a move before the start")
                env = body.get("envelope")
                seat = env.get("seat") if isinstance(env, dict) else None
                if not steps.is_int(seat) or seat not in joins:
                    raise Fail(seq, f"a move for seat {seat!r}, which nobody joined")
                if seed is None:
                    self._check_move_signature(seq, env, body.get("sig"), joins[seat]["key"], prev)
                    # the members without the state: a sealing version's owner_held reads the options
                    held = held_in_public(engine, options, env.get("move"))
                    problem = envelope_problem(env, engine.id, engine.version, held)
                    if problem is not None:
                        raise Fail(seq, problem)
                    continue
                if steps.lets_leave(engine, seats) and seat in engine.out(state):  # type: ignore[attr-defined]
                    raise Fail(seq, f"a move by seat {seat}, which has left the game: the server decides for it")
                secret, salt = None, None
                if env.get("secret_commit") is not None and steps.owner_held(engine, state, env.get("move")):
                    if seq in secrets:  # the owner kept it: the server cannot have held it
                        raise Fail(seq, "the reveal lists a secret its owner kept (owner-held secrets never reach the server)")
                    self.counts["commitments"] += 1
                elif env.get("secret_commit") is not None:
                    if seq not in secrets:
                        raise Fail(seq, "the reveal holds no secret for this move")
                    secret, salt = secrets[seq]["secret"], secrets[seq]["salt"]
                    used_secrets.add(seq)
                    self.counts["commitments"] += 1
                try:
                    step = steps.move(
                        engine, state, joins[seat]["key"], env, body.get("sig"), secret, salt, seed, (seq, prev),
                        seats=seats,
                    )
                except steps.StepError as exc:
                    raise Fail(seq, exc.message) from exc
                except IllegalMove as exc:
                    raise Fail(seq, f"the replay refuses this move: {exc.message}") from exc
                self._compare(seq, step.body, body)
                self.private[seq] = step.payloads
                self.counts["moves"] += 1
                self.counts["signatures"] += 1
                state = step.state
                result = step.body.get("result")
            elif kind == "system":
                system = body.get("kind")
                if state is None and system != "abort":  # only an abort may end a game never started
                    raise Fail(seq, "a system entry before the start")
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
            elif kind == "answers":
                self._answers(seq, body, engine, state, joins, prev)
            elif kind == "handover":
                self._handover(seq, body, joins, retired)
            elif kind == "standing":
                state, result = self._standing(
                    seq, body, engine, state, seed, secrets, used_secrets, seats, joins
                )
            elif kind == "reveal":
                if seq != len(entries) - 1:
                    raise Fail(seq, "the reveal is not the last entry")
                if result is None:
                    raise Fail(seq, "a reveal before the game ended")
                if not same(body.get("result"), result):
                    raise Fail(seq, "the revealed result is not the replay's result")
                unused = set(secrets) - used_secrets
                if unused:
                    raise Fail(seq, f"the reveal lists secrets for moves that committed none: {sorted(unused)}")
            if "views" in body:  # every state entry (its body compared with the replay's above)
                self.last_views = seq

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
        by_rule = self.counts["standing"]
        if by_rule:
            reason += (
                f"; {by_rule} move(s) were played by standing answers: the players signed the rules, "
                "not these moves (each is the move its seat's rule prescribes from that seat's view)"
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

    def _bound_after(
        self, entries: list[dict[str, Any]], unknown: int, seats: int, joins: dict[int, dict[str, Any]]
    ) -> None:
        """Past an entry this pbem cannot replay, what needs no rules still proves a rewrite: each
        later join, move and resignation is signed by its player over the hash of the entry before it
        (by the seat's key as the handovers before it left it), so a
        retyped entry (a history the server rewrote and re-signed) FAILs at the first signature
        it breaks rather than hiding behind UNSUPPORTED."""
        known = dict(joins)
        retired: set[str] = set()
        for entry in entries[unknown + 1:]:
            seq, kind, body = entry["seq"], entry["type"], entry["body"]
            self.current = seq
            if kind == "join" and not (steps.is_int(body.get("seat")) and body["seat"] in known):
                self._join(seq, body, seats, known, entry["prev"])
            elif kind == "handover":  # the seat's later signatures are its new key's
                self._handover(seq, body, known, retired)
            elif kind == "move" or (kind == "system" and isinstance(body, dict) and "envelope" in body):
                # a move, or a resignation: both are the player's envelope signed over the head
                env = body.get("envelope")
                seat = env.get("seat") if isinstance(env, dict) else None
                if steps.is_int(seat) and seat in known:
                    self._check_move_signature(seq, env, body.get("sig"), known[seat]["key"], entry["prev"])
        self.current = unknown

    @staticmethod
    def _started(entries: list[dict[str, Any]], seq: int) -> bool:
        return any(e["type"] == "start" for e in entries[:seq])

    def _seed(self, entries: list[dict[str, Any]], genesis: dict[str, Any]) -> bytes | None:
        last = entries[-1]
        if last["type"] != "reveal":
            return None
        raw = last["body"].get("server_seed")
        if not isinstance(raw, str) or not steps.HEX64.fullmatch(raw):
            raise Fail(last["seq"], "the revealed seed is not 32 bytes of lowercase hex")
        seed = bytes.fromhex(raw)
        if seed_commit(seed) != genesis.get("seed_commit"):
            raise Fail(last["seq"], "the revealed seed does not match the genesis commitment")
        self.counts["commitments"] += 1
        return seed

    @staticmethod
    def _secrets(reveal: dict[str, Any]) -> dict[int, dict[str, Any]]:
        out: dict[int, dict[str, Any]] = {}
        items = reveal["body"].get("secrets")
        if not isinstance(items, list):
            raise Fail(reveal["seq"], "the reveal's secrets are not a list")
        for item in items:
            if (
                not isinstance(item, dict)
                or not isinstance(item.get("seq"), int)
                or "salt" not in item
                or "secret" not in item
            ):
                raise Fail(reveal["seq"], "a malformed secret in the reveal")
            out[item["seq"]] = item
        return out
