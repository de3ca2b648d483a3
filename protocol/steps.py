"""The game's steps in log terms, computed the same way by the server and the auditor.

The server calls these to write an entry; the auditor calls them again from the
revealed seed and compares what they give with what the log says. Keeping one
implementation is what makes "replay and compare" exact.

This module holds the start, a player's signed move, an abort and the final reveal, and
is the one place the rest of the project imports steps from: the other steps live in
modules named for their job (a submission's shape in `protocol.envelope`, what a step
publishes in `protocol.outcome`, owner-held secrets in `protocol.blind`, the listed-move
check in `protocol.listed`, server-made moves in `protocol.server_moves`, deadlines,
leaving and email moves in `protocol.deadlines`, `protocol.leaving` and
`protocol.email_moves`), and are re-exported here under their old names.
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine, IllegalMove, Rng
from protocol.blind import REVEAL_ITEM_KEYS as REVEAL_ITEM_KEYS
from protocol.blind import awaiting as awaiting
from protocol.blind import check_reveal as check_reveal
from protocol.blind import needs_owner as needs_owner
from protocol.blind import owner_held as owner_held
from protocol.blind import owner_held_move
from protocol.canonical import NotCanonical
from protocol.commitments import TAG_SECRET, commit, move_key, setup_key
from protocol.deadlines import DEADLINE_ACTIONS as DEADLINE_ACTIONS
from protocol.deadlines import DEADLINE_DAYS as DEADLINE_DAYS
from protocol.deadlines import DEADLINE_GRACE_HOURS as DEADLINE_GRACE_HOURS
from protocol.deadlines import DEADLINE_KEYS as DEADLINE_KEYS
from protocol.deadlines import deadline_problem as deadline_problem
from protocol.deadlines import forfeit as forfeit
from protocol.deadlines import forfeit_result as forfeit_result
from protocol.deadlines import timeout as timeout
from protocol.email_moves import TOKEN as TOKEN
from protocol.email_moves import email_move as email_move
from protocol.email_moves import email_moves_problem as email_moves_problem
from protocol.entries import envelope_signed
from protocol.envelope import ENVELOPE_KEYS as ENVELOPE_KEYS
from protocol.envelope import HEX64 as HEX64
from protocol.envelope import StepError as StepError
from protocol.envelope import check_envelope as check_envelope
from protocol.envelope import check_envelope_types as check_envelope_types
from protocol.envelope import is_int as is_int
from protocol.leaving import forfeit_step as forfeit_step
from protocol.leaving import lets_leave as lets_leave
from protocol.leaving import out_move as out_move
from protocol.leaving import resign as resign
from protocol.leaving import resign_result as resign_result
from protocol.leaving import resign_step as resign_step
from protocol.listed import check_listed as check_listed
from protocol.outcome import Payload as Payload
from protocol.outcome import Step as Step
from protocol.outcome import check_payload as check_payload
from protocol.outcome import check_view as check_view
from protocol.outcome import commit_state, status_of
from protocol.outcome import publish as publish
from protocol.outcome import views as views
from protocol.sealing import SEALED, envelope_problem
from protocol.server_moves import PLAYED_FOR_YOU as PLAYED_FOR_YOU
from protocol.server_moves import played_for_you as played_for_you
from protocol.server_moves import server_move as _server_move

__all__ = [
    "DEADLINE_ACTIONS",
    "DEADLINE_DAYS",
    "DEADLINE_GRACE_HOURS",
    "DEADLINE_KEYS",
    "ENVELOPE_KEYS",
    "HEX64",
    "MAY_ADD",
    "PLAYED_FOR_YOU",
    "REVEAL_ITEM_KEYS",
    "TOKEN",
    "Payload",
    "Step",
    "StepError",
    "_server_move",
    "abort",
    "abort_result",
    "awaiting",
    "check_envelope",
    "check_envelope_types",
    "check_listed",
    "check_payload",
    "check_reveal",
    "check_view",
    "deadline_problem",
    "email_move",
    "email_moves_problem",
    "forfeit",
    "forfeit_result",
    "forfeit_step",
    "is_int",
    "lets_leave",
    "move",
    "needs_owner",
    "out_move",
    "owner_held",
    "played_for_you",
    "publish",
    "resign",
    "resign_result",
    "resign_step",
    "reveal",
    "start",
    "timeout",
    "views",
]


# what a move's envelope may add to the eight members, where protocol.sealing says (a ninth)
MAY_ADD = frozenset({SEALED})


def start(
    engine: Engine, seats: int, options: dict[str, Any], nonces: list[str], seed: bytes, seq: int
) -> Step:
    rng = Rng(setup_key(seed, nonces))
    state, events = engine.setup(seats, options, rng)
    public, payloads = publish(events, seed, seq)
    committed, state_json = commit_state(state, seed, seq)
    body = {
        "events": public,
        "state": committed,
        "views": views(engine, state, seats, seed, seq),
        **status_of(engine, state),
    }
    return Step(body, state, payloads, state_json=state_json)


def move(
    engine: Engine,
    state: dict[str, Any],
    player_key: str,
    env: dict[str, Any],
    sig: str,
    secret: Any,
    salt: str | None,
    seed: bytes,
    head: tuple[int, str],
    *,
    seats: int,
) -> Step:
    """Check a signed move against the head (seq, hash) and apply it."""
    seq, prev = head
    if not isinstance(env, dict) or not isinstance(sig, str):
        raise StepError("a move needs a signed envelope")
    check_envelope(env, MAY_ADD)
    held = owner_held(engine, state, env["move"])
    problem = envelope_problem(env, engine.id, engine.version, held)
    if problem is not None:
        raise StepError(problem)
    if not envelope_signed(env, sig, player_key):
        raise StepError("the move's signature does not verify with your key", 403)
    if env["seq"] != seq or env["prev"] != prev:
        raise StepError(
            f"stale move: the log's head is seq {seq - 1}, your envelope says seq {env['seq']}",
            409,
        )
    record = None
    if held:
        full = owner_held_move(env, secret, salt)
    else:
        full = _merge_secret(engine, env, secret, salt)
        if env["secret_commit"] is not None:
            record = {"seq": seq, "secret": secret, "salt": salt}
    if full.get("type") == "reveal":
        check_reveal(engine, state, full)
    seat = env["seat"]
    rng = Rng(move_key(seed, seq, env["nonce"]))
    check_listed(engine, state, seat, full, env["move"] if held else None)
    try:
        new_state, events = engine.apply(state, seat, full, rng)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        # A move of a shape the engine did not foresee (a list where a number goes) is a
        # refusal like any other, never a server error; the audit replays the same refusal.
        raise IllegalMove("the rules cannot read that move (a field of the wrong kind?)") from exc
    public, payloads = publish(events, seed, seq)
    committed, state_json = commit_state(new_state, seed, seq)
    body = {
        "seat": seat,
        "envelope": env,
        "sig": sig,
        "events": public,
        "state": committed,
        "views": views(engine, new_state, seats, seed, seq),
        **status_of(engine, new_state),
    }
    return Step(body, new_state, payloads, record, state_json)


def _merge_secret(engine: Engine, env: dict[str, Any], secret: Any, salt: str | None) -> dict[str, Any]:
    """The full move, after checking the secret against the signed commitment.

    The split of the merged move must give back exactly the signed public part,
    so nothing secret can hide in the public move and no secret can be dropped.
    """
    committed = env["secret_commit"]
    if committed is None:
        if secret is not None:
            raise StepError("a secret was sent but the envelope commits to none")
    else:
        if not isinstance(salt, str) or not HEX64.fullmatch(salt):
            raise StepError("the secret's salt must be 32 bytes, hex")
        try:
            if commit(TAG_SECRET, secret, salt) != committed:
                raise StepError("the secret does not match the envelope's commitment", 403)
        except NotCanonical as exc:
            raise StepError(str(exc)) from exc
    try:
        full = engine.merge_move(env["move"], secret)
        public, again = engine.split_move(full)
    except IllegalMove:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise IllegalMove("that move cannot be read") from exc
    if public != env["move"] or again != secret:
        raise StepError("the move's public and secret parts do not split as this game requires")
    return full


def abort_result(reason: str) -> dict[str, Any]:
    return {"winner": None, "scores": None, "reason": f"aborted: {reason}"}


def abort(reason: str) -> dict[str, Any]:
    """The body of an abort (by the server alone; also before the start, PROTOCOL.md section 9)."""
    return {"kind": "abort", "reason": reason, "result": abort_result(reason)}


def reveal(seed: bytes, secrets: list[dict[str, Any]], result: dict[str, Any]) -> dict[str, Any]:
    """The final entry's body: the seed, every player secret with its salt, the result."""
    return {
        "server_seed": seed.hex(),
        "secrets": sorted(secrets, key=lambda s: s["seq"]),
        "result": result,
    }
