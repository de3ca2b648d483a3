"""The game's steps in log terms, computed the same way by the server and the auditor.

The server calls these to write an entry; the auditor calls them again from the
revealed seed and compares what they give with what the log says. Keeping one
implementation is what makes "replay and compare" exact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engines.core import Engine, Event, IllegalMove, Rng
from protocol.canonical import NotCanonical, canonical
from protocol.commitments import (
    TAG_EVENT,
    TAG_SECRET,
    TAG_STATE,
    TAG_VIEW,
    commit,
    commit_canonical,
    email_key,
    event_salt,
    move_key,
    move_token,
    secret_salt,
    setup_key,
    state_salt,
    timeout_key,
    view_salt,
)
from protocol.entries import envelope_signed

HEX64 = re.compile(r"[0-9a-f]{64}")


class StepError(Exception):
    """A submission the protocol refuses; `status` is the HTTP status the server answers with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class Payload:
    """A private event with its salt, for the seats in `to`."""

    seq: int
    index: int
    to: tuple[int, ...]
    event: dict[str, Any]
    salt: str

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "index": self.index,
            "to": list(self.to),
            "event": self.event,
            "salt": self.salt,
        }


@dataclass(frozen=True)
class Step:
    """The outcome of one step: the entry body to log, the new state, the private payloads."""

    body: dict[str, Any]
    state: dict[str, Any]
    payloads: list[Payload]
    # The concealed part the server keeps for the reveal, as the reveal lists it:
    # {"seq", "secret", "salt"}; None when there is none or it stays with its owner.
    secret: dict[str, Any] | None = None
    # canonical(state), kept from its commitment so the server stores it without a second
    # serialisation (issue 9); None where the step did not make it.
    state_json: bytes | None = field(default=None, repr=False, compare=False)


def _commit_state(state: dict[str, Any], seed: bytes, seq: int) -> tuple[str, bytes]:
    """The state's commitment for the entry body, and its canonical JSON (Step.state_json)."""
    data = canonical(state)
    return commit_canonical(TAG_STATE, data, state_salt(seed, seq)), data


def publish(events: list[Event], seed: bytes, seq: int) -> tuple[list[dict[str, Any]], list[Payload]]:
    """Public events go in the log as they are; private ones as a commitment only."""
    public: list[dict[str, Any]] = []
    payloads: list[Payload] = []
    for index, event in enumerate(events):
        data = event.to_json()
        if event.public:
            public.append(data)
            continue
        salt = event_salt(seed, seq, index)
        to = sorted(event.to or ())
        public.append({"to": to, "commit": commit(TAG_EVENT, data, salt)})
        payloads.append(Payload(seq, index, tuple(to), data, salt))
    return public, payloads


def check_payload(payload: dict[str, Any], log_event: dict[str, Any]) -> bool:
    """What a client runs on each private payload it receives against the public log."""
    if not isinstance(payload, dict) or not isinstance(log_event, dict):
        return False
    try:
        return log_event.get("commit") == commit(TAG_EVENT, payload["event"], payload["salt"])
    except (KeyError, TypeError, ValueError):
        return False


def views(engine: Engine, state: dict[str, Any], seats: int, seed: bytes, seq: int) -> list[str]:
    """Each seat's view after the step, committed: what the server shows a seat is then
    checked by that seat against the signed log, and every one is re-checked by the audit."""
    return [
        commit(TAG_VIEW, engine.view(state, seat), view_salt(seed, seq, seat))
        for seat in range(seats)
    ]


def check_view(view: Any, salt: Any, committed: Any) -> bool:
    """What a client runs on the view it is shown, against its seat's commitment in the log."""
    if not isinstance(salt, str) or not HEX64.fullmatch(salt) or not isinstance(committed, str):
        return False
    try:
        return commit(TAG_VIEW, view, salt) == committed
    except (TypeError, ValueError):
        return False


def _status(engine: Engine, state: dict[str, Any]) -> dict[str, Any]:
    result = engine.result(state)
    status: dict[str, Any] = {"to_move": engine.to_move(state)}
    if result is not None:
        status["result"] = result
    if needs_owner(engine, state):
        status["owner_only"] = True  # absent otherwise: other games' bodies are as they were
    return status


# -- owner-held secrets (issue 12) ----------------------------------------------------------------
#
# An engine may declare that the secret part of a move stays with its owner (optional hooks):
#   owner_held(position, public) -> bool   the move's secret never goes to the server: the client
#                                          sends only `secret_commit`; the engine applies
#                                          {**public, "secret_commit": <hex>} and keeps the commitment
#   awaiting(state) -> [commit, ...]       the commitments the seat to move must open now: its
#                                          next decision is a reveal move (below)
#   needs_owner(state) -> bool             the decision now due needs such a secret, so nobody but
#                                          the owner (no server bot) can make it
# A reveal move is {"type": "reveal", "secrets": [{"commit", "secret", "salt"}, ...]}, one item per
# awaited commitment in order; `check_reveal` opens each against its commitment before the engine
# scores it. The server never holds an owner-held secret, so the final reveal entry lists none.


def owner_held(engine: Engine, position: dict[str, Any], public: Any) -> bool:
    """Whether the secret part of the move `public` stays with its owner (never sent to the server).
    `position` is the state (server, audit) or the seat's view (client)."""
    hook = getattr(engine, "owner_held", None)
    return callable(hook) and isinstance(public, dict) and bool(hook(position, public))


def awaiting(engine: Engine, state: dict[str, Any]) -> list[str]:
    """The owner-held commitments the seat to move must open with its next decision."""
    hook = getattr(engine, "awaiting", None)
    return list(hook(state)) if callable(hook) else []


def needs_owner(engine: Engine, state: dict[str, Any]) -> bool:
    """Whether the decision now due needs a secret only the seat's owner holds: then no server
    bot can make it (a timeout cannot play it; a deadline forfeits it)."""
    hook = getattr(engine, "needs_owner", None)
    return callable(hook) and bool(hook(state))


REVEAL_ITEM_KEYS = frozenset({"commit", "secret", "salt"})


def check_reveal(engine: Engine, state: dict[str, Any], move: dict[str, Any]) -> None:
    """A reveal move must open exactly the awaited commitments, in order, each with the value
    and salt that were committed when the secret was made (the placement's `secret_commit`)."""
    awaited = awaiting(engine, state)
    if not awaited:
        return  # nothing awaited: the engine refuses the reveal itself
    items = move.get("secrets")
    if not isinstance(items, list) or len(items) != len(awaited):
        raise StepError(f"a reveal opens exactly the {len(awaited)} awaited commitment(s), in order")
    for item, committed in zip(items, awaited, strict=True):
        if not isinstance(item, dict) or set(item) != REVEAL_ITEM_KEYS:
            raise StepError('each item of a reveal is exactly {"commit", "secret", "salt"}')
        if item["commit"] != committed:
            raise StepError(f"the reveal opens {item['commit']!r}, but {committed} is awaited")
        salt = item["salt"]
        if not isinstance(salt, str) or not HEX64.fullmatch(salt):
            raise StepError("a revealed salt must be 32 bytes, hex")
        try:
            opened = commit(TAG_SECRET, item["secret"], salt)
        except (NotCanonical, TypeError, ValueError) as exc:
            raise StepError(f"the revealed secret cannot be committed: {exc}") from exc
        if opened != committed:
            raise StepError(
                f"the revealed value and salt do not match the commitment {committed} made when "
                "that secret was placed",
                403,
            )


def _owner_held_move(env: dict[str, Any], secret: Any, salt: Any) -> dict[str, Any]:
    """The move the engine applies when its secret stays with its owner: the public part and
    the signed commitment. The server must not receive the secret or its salt."""
    if secret is not None or salt is not None:
        raise StepError(
            "this move's secret stays with you: send only its commitment (secret_commit), "
            "never the value or its salt"
        )
    if env["secret_commit"] is None:
        raise StepError("this move has a concealed part: the envelope must commit to it (secret_commit)")
    if "secret_commit" in env["move"]:
        raise StepError("the public move must not carry secret_commit itself")
    return {**env["move"], "secret_commit": env["secret_commit"]}


def start(
    engine: Engine, seats: int, options: dict[str, Any], nonces: list[str], seed: bytes, seq: int
) -> Step:
    rng = Rng(setup_key(seed, nonces))
    state, events = engine.setup(seats, options, rng)
    public, payloads = publish(events, seed, seq)
    committed, state_json = _commit_state(state, seed, seq)
    body = {
        "events": public,
        "state": committed,
        "views": views(engine, state, seats, seed, seq),
        **_status(engine, state),
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
    check_envelope(env)
    if not envelope_signed(env, sig, player_key):
        raise StepError("the move's signature does not verify with your key", 403)
    if env["seq"] != seq or env["prev"] != prev:
        raise StepError(
            f"stale move: the log's head is seq {seq - 1}, your envelope says seq {env['seq']}",
            409,
        )
    record = None
    held = owner_held(engine, state, env["move"])
    if held:
        full = _owner_held_move(env, secret, salt)
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
    committed, state_json = _commit_state(new_state, seed, seq)
    body = {
        "seat": seat,
        "envelope": env,
        "sig": sig,
        "events": public,
        "state": committed,
        "views": views(engine, new_state, seats, seed, seq),
        **_status(engine, new_state),
    }
    return Step(body, new_state, payloads, record, state_json)


def check_listed(
    engine: Engine, state: dict[str, Any], seat: Any, full: dict[str, Any], owner_public: dict[str, Any] | None = None
) -> None:
    """A move is played only if it is exactly one of the seat's listed legal moves.

    Exactly means equal as canonical JSON: a cell spelt "e4 " or "E4", an extra key or true
    for 1 is not the listed move, even where the rules would read it the same, because the
    signed public part must have one meaning and carry no message (a server that lists
    spelt variants could otherwise read a concealed value from the spelling chosen).
    Where the secret stays with its owner (`owner_public`, a blind placement) only the
    public part can be compared: it must be the public part of a listed move. A reveal the
    seat owes is checked against its commitments instead (check_reveal); no list holds it.
    The engine's own refusal is raised when it has one, for its reason a player reads.
    """
    if awaiting(engine, state):
        return
    legal = engine.legal_moves(state, seat) if is_int(seat) else []
    if owner_public is not None:
        wanted = owner_public
        candidates = [engine.split_move(m)[0] for m in legal]
    else:
        wanted, candidates = full, legal
    try:
        text = canonical(wanted)
    except NotCanonical as exc:
        raise IllegalMove(f"that move cannot be read: {exc}") from exc
    # Python's == already finds the few candidates (1 == True), canonical JSON decides.
    if any(m == wanted and canonical(m) == text for m in candidates):
        return
    try:  # the rules' own reason, where they have one
        engine.apply(state, seat, full, Rng(b"refusal"))
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        raise IllegalMove("the rules cannot read that move (a field of the wrong kind?)") from exc
    raise IllegalMove(
        "that move is not written exactly as the rules list it (list your moves with `pbem move "
        "GAME`, or type one in the game's notation)"
    )


def is_int(value: Any) -> bool:
    """A JSON integer: not a boolean, not a float that happens to be whole (1.0 is not a seat)."""
    return isinstance(value, int) and not isinstance(value, bool)


ENVELOPE_KEYS = frozenset({"game", "move", "nonce", "prev", "seat", "secret_commit", "seq", "ts"})


def check_envelope(env: Any) -> None:
    """An object with exactly the eight members of an envelope, each of its one type (400)."""
    if not isinstance(env, dict):
        raise StepError("the envelope must be a JSON object")
    if set(env) != ENVELOPE_KEYS:
        raise StepError(f"the envelope must have exactly the fields {sorted(ENVELOPE_KEYS)}")
    check_envelope_types(env)


def check_envelope_types(env: dict[str, Any]) -> None:
    """Every member of a signed envelope has exactly one type: `1.0` and `true` are not seats.

    Python compares 1.0 == 1 and True == 1, and canonical JSON writes 1.0 as 1, so
    a loose check would let a float seat through the server and fail the audit later.
    """
    if not isinstance(env.get("game"), str):
        raise StepError("the envelope's game must be a string")
    if not is_int(env.get("seq")) or not is_int(env.get("seat")):
        raise StepError("the envelope's seq and seat must be whole numbers")
    if not isinstance(env.get("prev"), str) or not isinstance(env.get("ts"), str):
        raise StepError("the envelope's prev and ts must be strings")
    if not isinstance(env.get("move"), dict):
        raise StepError("the move must be a JSON object")
    committed = env.get("secret_commit")
    if committed is not None and not (isinstance(committed, str) and HEX64.fullmatch(committed)):
        raise StepError("secret_commit must be null or 32 bytes, hex")
    if not isinstance(env.get("nonce"), str) or not HEX64.fullmatch(env["nonce"]):
        raise StepError("the nonce must be 32 bytes, hex")


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


def resign_result(seats: int, seat: int) -> dict[str, Any]:
    """A resignation ends the game for everyone: with two seats the other one wins."""
    winner = 1 - seat if seats == 2 else None
    return {"winner": winner, "scores": None, "reason": f"seat {seat} resigned"}


def abort_result(reason: str) -> dict[str, Any]:
    return {"winner": None, "scores": None, "reason": f"aborted: {reason}"}


def resign(player_key: str, env: dict[str, Any], sig: str, seats: int, head: tuple[int, str]) -> dict[str, Any]:
    """The body of a system entry for a resignation the player signed like a move."""
    seq, prev = head
    if not isinstance(env, dict) or env.get("move") != {"type": "resign"}:
        raise StepError("a resignation is an envelope whose move is {\"type\": \"resign\"}")
    check_envelope(env)
    if env["secret_commit"] is not None:
        raise StepError("a resignation commits to no secret")
    if not 0 <= env["seat"] < seats:
        raise StepError(f"seat {env['seat']} is not a seat of this game")
    if not envelope_signed(env, sig, player_key):
        raise StepError("the resignation's signature does not verify with your key", 403)
    if env.get("seq") != seq or env.get("prev") != prev:
        raise StepError("stale resignation: the log has moved on", 409)
    return {
        "kind": "resign",
        "envelope": env,
        "sig": sig,
        "result": resign_result(seats, env["seat"]),
    }


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


# -- deadlines (issue 7) ------------------------------------------------------------------------

DEADLINE_DAYS = (1, 2, 3, 5, 7, 14)
DEADLINE_GRACE_HOURS = 168  # at most a week of grace
DEADLINE_ACTIONS = ("bot", "forfeit")
DEADLINE_KEYS = frozenset({"days", "grace_hours", "on_expiry"})


def deadline_problem(value: Any) -> str | None:
    """Why `value` is not a genesis `deadline` member, or None when it is one.

    Exactly `{"days", "grace_hours", "on_expiry"}`: days per decision one of 1, 2, 3, 5, 7,
    14; whole hours of grace from 0 to 168; what happens when the time is up, `bot` or
    `forfeit`. A game without deadlines has no `deadline` member at all.
    """
    if not isinstance(value, dict) or set(value) != DEADLINE_KEYS:
        return f"a deadline is an object with exactly the members {sorted(DEADLINE_KEYS)}"
    days, grace, action = value["days"], value["grace_hours"], value["on_expiry"]
    if not is_int(days) or days not in DEADLINE_DAYS:
        return f"deadline days must be one of {', '.join(map(str, DEADLINE_DAYS))}"
    if not is_int(grace) or not 0 <= grace <= DEADLINE_GRACE_HOURS:
        return f"deadline grace_hours must be a whole number from 0 to {DEADLINE_GRACE_HOURS}"
    if action not in DEADLINE_ACTIONS:
        return f"deadline on_expiry must be one of {', '.join(DEADLINE_ACTIONS)}"
    return None


def timeout(
    engine: Engine, state: dict[str, Any], seat: Any, seed: bytes, seq: int, *, seats: int
) -> Step:
    """The server plays the decision of `seat`, whose time ran out: a uniformly random legal move.

    `rng = Rng(timeout_key(seed, seq))` picks `legal[rng.randbelow(len(legal))]` from
    `engine.legal_moves(state, seat)`, and the same rng, continuing, is the move's rng.
    A secret part is committed with `secret_salt(seed, seq)` and revealed at the end like
    a player's. The seat must be the one to move.
    """
    if not is_int(seat) or not 0 <= seat < seats:
        raise StepError(f"seat {seat!r} is not a seat of this game")
    if engine.to_move(state) != seat:
        raise StepError(f"seat {seat} is not the seat to move, so its time cannot run out")
    return _server_move("timeout", engine, state, seat, seed, seq, seats)


def _server_move(
    kind: str, engine: Engine, state: dict[str, Any], seat: int, seed: bytes, seq: int, seats: int
) -> Step:
    """A decision the server makes for `seat` (the seat to move): a uniformly random legal move."""
    if needs_owner(engine, state):
        raise StepError(
            f"seat {seat}'s decision needs a secret only its owner holds: the server cannot make it"
        )
    legal = engine.legal_moves(state, seat)
    if not legal:
        raise StepError(f"seat {seat} has no legal move to play for it")
    rng = Rng(timeout_key(seed, seq))
    chosen = legal[rng.randbelow(len(legal))]
    public, secret = engine.split_move(chosen)
    secret_commit, record = _seeded_secret(secret, seed, seq)
    new_state, events = engine.apply(state, seat, chosen, rng)
    if record is not None:
        # The seat is told, privately and at once, what was played in its name, with the salt
        # that opens `secret_commit`: its own concealed part is not kept from it until the end.
        events = [*events, Event(PLAYED_FOR_YOU, {"secret": secret, "salt": record["salt"]}, (seat,))]
    published, payloads = publish(events, seed, seq)
    committed, state_json = _commit_state(new_state, seed, seq)
    body = {
        "kind": kind,
        "seat": seat,
        "action": "bot",
        "move": public,
        "secret_commit": secret_commit,
        "events": published,
        "state": committed,
        "views": views(engine, new_state, seats, seed, seq),
        **_status(engine, new_state),
    }
    return Step(body, new_state, payloads, record, state_json)


PLAYED_FOR_YOU = "played_for_you"  # the private event of a server-made move's concealed part


def played_for_you(event: Any, secret_commit: Any) -> Any:
    """The concealed part a server-made move's private event tells its seat, if that event opens
    the entry's `secret_commit` (else None: the server told the seat something it did not play)."""
    if not isinstance(event, dict) or event.get("kind") != PLAYED_FOR_YOU:
        return None
    data = event.get("data")
    if not isinstance(data, dict) or not isinstance(secret_commit, str):
        return None
    try:
        opened = commit(TAG_SECRET, data["secret"], data["salt"])
    except (KeyError, TypeError, ValueError, NotCanonical):
        return None
    return {"secret": data["secret"]} if opened == secret_commit else None


def _seeded_secret(secret: Any, seed: bytes, seq: int) -> tuple[str | None, dict[str, Any] | None]:
    """A move the server makes for a seat commits its concealed part with a salt from the
    seed (`secret_salt`): (the commitment, the reveal's record), or (None, None)."""
    if secret is None:
        return None, None
    salt = secret_salt(seed, seq)
    return commit(TAG_SECRET, secret, salt), {"seq": seq, "secret": secret, "salt": salt}


def forfeit_result(seats: int, seat: int) -> dict[str, Any]:
    """A seat out of time loses: with two seats the other one wins (like a resignation)."""
    winner = 1 - seat if seats == 2 else None
    return {"winner": winner, "scores": None, "reason": f"seat {seat} forfeited: out of time"}


def forfeit(engine: Engine, state: dict[str, Any], seat: Any, seats: int) -> dict[str, Any]:
    """The body of a forfeit: the seat to move ran out of time in a game whose deadline says so."""
    if not is_int(seat) or not 0 <= seat < seats:
        raise StepError(f"seat {seat!r} is not a seat of this game")
    if engine.to_move(state) != seat:
        raise StepError(f"seat {seat} is not the seat to move, so its time cannot run out")
    return {"kind": "forfeit", "seat": seat, "result": forfeit_result(seats, seat)}


# -- leaving a game of three or four (issue 7) ---------------------------------------------------


def lets_leave(engine: Engine, seats: int) -> bool:
    """A resigning or forfeiting seat leaves the game and the others play on: with more than
    two seats, in an engine that has `leave(state, seat, why)` and `out(state)`. Otherwise a
    resignation or forfeit ends the game (with two seats the other one wins)."""
    return seats > 2 and callable(getattr(engine, "leave", None)) and callable(getattr(engine, "out", None))


def _leave(
    engine: Engine, state: dict[str, Any], seat: int, why: str, seed: bytes, seq: int, seats: int
) -> tuple[dict[str, Any], dict[str, Any], list[Payload]]:
    """(the step's members, the new state, payloads) of `engine.leave`: like a move's, no rng."""
    try:
        new_state, events = engine.leave(state, seat, why)  # type: ignore[attr-defined]
    except IllegalMove as exc:
        raise StepError(exc.message, 422) from exc
    published, payloads = publish(events, seed, seq)
    fields = {
        "events": published,
        "state": commit(TAG_STATE, new_state, state_salt(seed, seq)),
        "views": views(engine, new_state, seats, seed, seq),
        **_status(engine, new_state),
    }
    return fields, new_state, payloads


def resign_step(
    engine: Engine,
    state: dict[str, Any] | None,
    player_key: str,
    env: dict[str, Any],
    sig: str,
    seed: bytes,
    head: tuple[int, str],
    *,
    seats: int,
) -> Step:
    """A resignation: the game ends (`resign`), or, where seats may leave, the seat is out and
    the others play on: `{"kind": "resign", "envelope", "sig", "events", "state", "views",
    "to_move", ["result"]}` from `engine.leave(state, seat, "resigned")`."""
    body = resign(player_key, env, sig, seats, head)
    if state is None or not lets_leave(engine, seats):
        return Step(body, state or {}, [])
    fields, new_state, payloads = _leave(engine, state, env["seat"], "resigned", seed, head[0], seats)
    return Step({"kind": "resign", "envelope": env, "sig": sig, **fields}, new_state, payloads)


def forfeit_step(
    engine: Engine, state: dict[str, Any], seat: Any, seed: bytes, seq: int, *, seats: int
) -> Step:
    """A forfeit: the game ends (`forfeit`), or, where seats may leave, the seat to move is out:
    `{"kind": "forfeit", "seat", "events", "state", "views", "to_move", ["result"]}`."""
    body = forfeit(engine, state, seat, seats)
    if not lets_leave(engine, seats):
        return Step(body, state, [])
    fields, new_state, payloads = _leave(engine, state, seat, "forfeited", seed, seq, seats)
    return Step({"kind": "forfeit", "seat": seat, **fields}, new_state, payloads)


def out_move(engine: Engine, state: dict[str, Any], seat: Any, seed: bytes, seq: int, *, seats: int) -> Step:
    """A forced decision of a seat that left (an answer, an exchange), made by the server as
    a timeout's is: `{"kind": "out", "seat", "action": "bot", "move", "secret_commit", ...}`.
    The seat must be the seat to move, and out."""
    if not lets_leave(engine, seats):
        raise StepError("no seat can leave this game, so none decides as one that left")
    if not is_int(seat) or not 0 <= seat < seats:
        raise StepError(f"seat {seat!r} is not a seat of this game")
    if engine.to_move(state) != seat:
        raise StepError(f"seat {seat} is not the seat to move")
    if seat not in engine.out(state):  # type: ignore[attr-defined]
        raise StepError(f"seat {seat} has not left the game: the server may not decide for it")
    return _server_move("out", engine, state, seat, seed, seq, seats)


# -- reply by email (issue 7) --------------------------------------------------------------------

TOKEN = re.compile(r"[0-9a-f]{32}")


def email_moves_problem(genesis: dict[str, Any]) -> str | None:
    """Why the genesis `email_moves` member is malformed, or None: absent (no email moves) or
    exactly `true` (never `false`, `null` or `1`)."""
    if "email_moves" in genesis and genesis["email_moves"] is not True:
        return "email_moves is true when a game takes moves by email, and absent otherwise"
    return None


def email_move(
    engine: Engine,
    state: dict[str, Any],
    seat: Any,
    move: Any,
    seed: bytes,
    game: str,
    head: tuple[int, str],
    *,
    seats: int,
) -> Step:
    """A move the player of `seat` sent by email, in reply to the your-turn mail whose token
    was issued for this very head `(seq, prev)`: the server plays it, without the player's
    signature (the log records it as server-attested).

    `token = move_token(seed, game, seq, prev, seat)`; `rng = Rng(email_key(seed, seq))` is
    the move's rng; a secret part is committed with `secret_salt(seed, seq)` and revealed at
    the end like a timeout's. The seat must be the one to move (and, where seats may leave,
    still in); an illegal move raises the engine's `IllegalMove`.
    """
    seq, prev = head
    if not is_int(seat) or not 0 <= seat < seats:
        raise StepError(f"seat {seat!r} is not a seat of this game")
    if engine.to_move(state) != seat:
        raise StepError(f"seat {seat} is not the seat to move", 409)
    if lets_leave(engine, seats) and seat in engine.out(state):  # type: ignore[attr-defined]
        raise StepError(f"seat {seat} has left the game: it moves no more", 409)
    if not isinstance(move, dict):
        raise IllegalMove("a move is an object")
    if needs_owner(engine, state):
        raise StepError(
            "this decision needs a secret that stays with its owner: make it with the pbem client", 422
        )
    try:
        public, secret = engine.split_move(move)
    except IllegalMove:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise IllegalMove("that move cannot be read") from exc
    secret_commit, record = _seeded_secret(secret, seed, seq)
    rng = Rng(email_key(seed, seq))
    check_listed(engine, state, seat, move)
    new_state, events = engine.apply(state, seat, move, rng)
    published, payloads = publish(events, seed, seq)
    committed, state_json = _commit_state(new_state, seed, seq)
    body = {
        "kind": "email_move",
        "seat": seat,
        "token": move_token(seed, game, seq, prev, seat),
        "move": public,
        "secret_commit": secret_commit,
        "events": published,
        "state": committed,
        "views": views(engine, new_state, seats, seed, seq),
        **_status(engine, new_state),
    }
    return Step(body, new_state, payloads, record, state_json)
