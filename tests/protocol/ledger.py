"""An in-memory ledger that writes a game log exactly the way the server does.

It uses only protocol functions (make_entry, seal, join_statement, sign_join,
envelope, sign_envelope, commit, steps.*), so a log it writes is a log the real
server could have written. It also plays the clients' part: each seat has its
own Ed25519 key, picks its join nonce, move nonces and secret salts, and keeps
every private payload it receives together with the newest head (a receipt).

Everything random comes from one `random.Random(label)`, so a log is
reproducible from its label; a real server takes its seed from os.urandom and a
real client its nonces and salts from `secrets`.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from engines.core import Engine
from protocol import steps
from protocol.commitments import TAG_SECRET, commit, seed_commit
from protocol.entries import (
    FORMAT,
    entry_hash,
    envelope,
    join_statement,
    make_entry,
    seal,
    sign_envelope,
    sign_join,
)
from protocol.keys import SigningKey
from protocol.sealing import seals
from protocol.seat_secrets import seal as seal_box

from .toy import TOY

Policy = Callable[
    [Engine, dict[str, Any], int, list[dict[str, Any]], random.Random], dict[str, Any]
]


def first_hide_then_throw(
    engine: Engine,
    state: dict[str, Any],
    seat: int,
    legal: list[dict[str, Any]],
    rnd: random.Random,
) -> dict[str, Any]:
    """Each seat hides on its first move (a secret), then throws (the rng): every feature, every game."""
    hides = [m for m in legal if m["type"] == "hide"]
    if hides:
        return rnd.choice(hides)
    return {"type": "throw"}


def throw_policy(
    engine: Engine,
    state: dict[str, Any],
    seat: int,
    legal: list[dict[str, Any]],
    rnd: random.Random,
) -> dict[str, Any]:
    return {"type": "throw"}


def random_policy(
    engine: Engine,
    state: dict[str, Any],
    seat: int,
    legal: list[dict[str, Any]],
    rnd: random.Random,
) -> dict[str, Any]:
    return rnd.choice(legal)


def ts(seq: int) -> str:
    return f"2024-05-01T12:{seq // 60:02d}:{seq % 60:02d}Z"


class Ledger:
    def __init__(
        self,
        label: str = "toy",
        engine: Engine = TOY,
        game: str = "g-toy",
        options: dict[str, Any] | None = None,
        seats: int = 2,
        server_key: SigningKey | None = None,
        seed: bytes | None = None,
        deadline: dict[str, Any] | None = None,
        email_moves: bool = False,
    ) -> None:
        self.rnd = random.Random(label)
        self.engine = engine
        self.game = game
        self.seats = seats
        self.options = engine.check_options(options or {}, seats)
        self.seed = seed if seed is not None else self.rnd.randbytes(32)
        self.server_key = server_key or SigningKey.from_seed_hex(self.rnd.randbytes(32).hex())
        self.player_keys = [
            SigningKey.from_seed_hex(self.rnd.randbytes(32).hex()) for _ in range(seats)
        ]
        self.names = [f"player{s}" for s in range(seats)]
        self.entries: list[dict[str, Any]] = []
        self.nonces: dict[int, str] = {}
        self.state: dict[str, Any] | None = None
        self.result: dict[str, Any] | None = None
        self.secrets: list[dict[str, Any]] = []
        # each seat's own store of owner-held secrets (blind games): {"commit", "secret", "salt"}
        self.kept: dict[int, list[dict[str, Any]]] = {s: [] for s in range(seats)}
        self.payloads: dict[int, list[dict[str, Any]]] = {s: [] for s in range(seats)}
        self.receipts: dict[int, dict[str, Any]] = {}
        genesis = {
            "engine": engine.id,
            "engine_version": engine.version,
            "options": self.options,
            "seats": seats,
            "seat_names": engine.seat_names(seats),
            "server_key": self.server_key.public_hex,
            "seed_commit": seed_commit(self.seed),
        }
        if deadline is not None:  # a game without deadlines has no member at all (as the server writes it)
            genesis["deadline"] = deadline
        if email_moves:  # absent unless the game takes moves by email
            genesis["email_moves"] = True
        self._append("genesis", genesis)

    # -- the log -------------------------------------------------------------------

    def head(self) -> tuple[int, str]:
        """(seq of the next entry, hash of the last one): what steps.move takes as `head`."""
        return len(self.entries), entry_hash(self.entries[-1])

    def _append(self, type_: str, body: dict[str, Any]) -> dict[str, Any]:
        seq = len(self.entries)
        prev = entry_hash(self.entries[-1]) if self.entries else None
        entry = seal(make_entry(self.game, seq, type_, prev, ts(seq), body), self.server_key)
        self.entries.append(entry)
        receipt = {"seq": seq, "hash": entry_hash(entry)}
        for s in range(self.seats):
            self.receipts[s] = receipt
        return entry

    def export(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "entries": copy.deepcopy(self.entries)}

    def _deliver(self, payloads: list[steps.Payload]) -> None:
        for payload in payloads:
            for seat in payload.to:
                self.payloads[seat].append(payload.to_json())

    # -- the steps -------------------------------------------------------------------

    def join(self, seat: int) -> dict[str, Any]:
        key = self.player_keys[seat]
        nonce = self.rnd.randbytes(32).hex()
        _, prev = self.head()
        statement = join_statement(self.game, seat, self.names[seat], key.public_hex, nonce, prev)
        body = {
            "seat": seat,
            "name": self.names[seat],
            "key": key.public_hex,
            "nonce": nonce,
            "sig": sign_join(statement, key),
        }
        self.nonces[seat] = nonce
        return self._append("join", body)

    def start(self) -> dict[str, Any]:
        nonces = [self.nonces[s] for s in range(self.seats)]
        step = steps.start(
            self.engine, self.seats, self.options, nonces, self.seed, len(self.entries)
        )
        self.state = step.state
        self.result = step.body.get("result")
        entry = self._append("start", step.body)
        self._deliver(step.payloads)
        return entry

    def sign_move(self, seat: int, move: dict[str, Any]) -> dict[str, Any]:
        """The client's part: split, commit the secret, build and sign the envelope."""
        seq, prev = self.head()
        public, secret = self.engine.split_move(move)
        salt = None
        secret_commit = None
        if secret is not None:
            salt = self.rnd.randbytes(32).hex()
            secret_commit = commit(TAG_SECRET, secret, salt)
        nonce = self.rnd.randbytes(32).hex()
        held = secret is not None and self.state is not None and steps.owner_held(self.engine, self.state, public)
        # where the rules version seals (PROTOCOL 7a), the log keeps an owner-held value for its owner's key
        sealed = (
            seal_box(self.player_keys[seat], self.game, seq, {"secret": secret, "salt": salt})
            if held and seals(self.engine.id, self.engine.version) else None
        )
        env = envelope(self.game, seq, prev, seat, public, secret_commit, nonce, ts(seq), sealed)
        if held:
            # the secret stays with its owner: the server gets the commitment only
            self.kept[seat].append({"commit": secret_commit, "secret": secret, "salt": salt})
            secret = salt = None
        return {
            "envelope": env,
            "sig": sign_envelope(env, self.player_keys[seat]),
            "secret": secret,
            "salt": salt,
        }

    def reveal_move(self, seat: int) -> dict[str, Any]:
        """The owner's part when its secrets are awaited: open each from its own store."""
        assert self.state is not None
        by_commit = {k["commit"]: k for k in self.kept[seat]}
        return {
            "type": "reveal",
            "secrets": [dict(by_commit[c]) for c in steps.awaiting(self.engine, self.state)],
        }

    def submit(
        self, seat: int, submission: dict[str, Any], check_turn: bool = True
    ) -> dict[str, Any]:
        """The server's part: check the turn, step, append, deliver, remember the secret.

        `check_turn=False` is a server that skips its own turn check (to test the auditor).
        """
        assert self.state is not None and self.result is None
        if check_turn and self.engine.to_move(self.state) != seat:
            raise steps.StepError("it is not your turn", 409)
        seq, prev = self.head()
        step = steps.move(
            self.engine,
            self.state,
            self.player_keys[seat].public_hex,
            submission["envelope"],
            submission["sig"],
            submission["secret"],
            submission["salt"],
            self.seed,
            (seq, prev),
            seats=self.seats,
        )
        self.state = step.state
        self.result = step.body.get("result")
        if step.secret is not None:  # the server keeps a secret only when it was sent one
            self.secrets.append(step.secret)
        entry = self._append("move", step.body)
        self._deliver(step.payloads)
        self._play_out()
        return entry

    def move(self, seat: int, move: dict[str, Any]) -> dict[str, Any]:
        return self.submit(seat, self.sign_move(seat, move))

    def resign(self, seat: int) -> dict[str, Any]:
        seq, prev = self.head()
        env = envelope(
            self.game,
            seq,
            prev,
            seat,
            {"type": "resign"},
            None,
            self.rnd.randbytes(32).hex(),
            ts(seq),
        )
        sig = sign_envelope(env, self.player_keys[seat])
        step = steps.resign_step(
            self.engine, self.state, self.player_keys[seat].public_hex, env, sig, self.seed, (seq, prev),
            seats=self.seats,
        )
        return self._system_step(step)

    def _system_step(self, step: steps.Step) -> dict[str, Any]:
        """A resignation or forfeit: it ends the game, or (a seat leaving) it is a step."""
        entry = self._append("system", step.body)
        if "views" in step.body:
            self.state = step.state
            self._deliver(step.payloads)
        self.result = step.body.get("result")
        self._play_out()
        return entry

    def _play_out(self) -> None:
        """What the server does after every step: the forced decisions of seats that left."""
        while self.result is None and self.state is not None and steps.lets_leave(self.engine, self.seats):
            seat = self.engine.to_move(self.state)
            if seat is None or seat not in self.engine.out(self.state):  # type: ignore[attr-defined]
                return
            seq, _ = self.head()
            self._seeded_step(
                steps.out_move(self.engine, self.state, seat, self.seed, seq, seats=self.seats)
            )

    def _seeded_step(self, step: steps.Step, type_: str = "system") -> dict[str, Any]:
        """A move the server made for a seat (timeout, email move, out; a standing answer, as
        type `standing`): log it, deliver its payloads and keep its seeded secret for the reveal."""
        self.state = step.state
        self.result = step.body.get("result")
        if step.secret is not None:
            self.secrets.append(step.secret)
        entry = self._append(type_, step.body)
        self._deliver(step.payloads)
        return entry

    def timeout(self, seat: int | None = None) -> dict[str, Any]:
        """The server plays a random legal move for the seat to move (or `seat`): its time ran out."""
        assert self.state is not None and self.result is None
        seq, _ = self.head()
        if seat is None:
            seat = self.engine.to_move(self.state)
        step = steps.timeout(self.engine, self.state, seat, self.seed, seq, seats=self.seats)
        entry = self._seeded_step(step)
        self._play_out()
        return entry

    def email_move(self, move: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
        """The server plays a move the seat to move (or `seat`) sent by email with its token."""
        assert self.state is not None and self.result is None
        if seat is None:
            seat = self.engine.to_move(self.state)
        step = steps.email_move(
            self.engine, self.state, seat, move, self.seed, self.game, self.head(), seats=self.seats
        )
        entry = self._seeded_step(step)
        self._play_out()
        return entry

    def forfeit(self, seat: int | None = None) -> dict[str, Any]:
        """The seat to move (or `seat`) ran out of time and loses."""
        assert self.state is not None and self.result is None
        if seat is None:
            seat = self.engine.to_move(self.state)
        seq, _ = self.head()
        step = steps.forfeit_step(self.engine, self.state, seat, self.seed, seq, seats=self.seats)
        return self._system_step(step)

    def abort(self, reason: str) -> dict[str, Any]:
        body = steps.abort(reason)
        self.result = body["result"]
        return self._append("system", body)

    def reveal(self) -> dict[str, Any]:
        assert self.result is not None
        return self._append("reveal", steps.reveal(self.seed, self.secrets, self.result))

    # -- whole games -------------------------------------------------------------------

    def begin(self) -> Ledger:
        for seat in range(self.seats):
            self.join(seat)
        self.start()
        return self

    def play_moves(
        self, policy: Policy = first_hide_then_throw, limit: int | None = None
    ) -> Ledger:
        assert self.state is not None
        done = 0
        while self.result is None and (limit is None or done < limit):
            seat = self.engine.to_move(self.state)
            assert seat is not None
            if steps.awaiting(self.engine, self.state):
                self.move(seat, self.reveal_move(seat))  # the owner's client does it by itself
                done += 1
                continue
            legal = self.engine.legal_moves(self.state, seat)
            legal = self.own_moves(seat, legal)
            self.move(seat, policy(self.engine, self.state, seat, legal, self.rnd))
            done += 1
        return self

    def own_moves(self, seat: int, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """What the seat's client keeps of the listed moves, given its own secrets (blind games)."""
        fill = getattr(self.engine, "fill_view", None)
        keep = getattr(self.engine, "own_moves", None)
        if not callable(fill) or not callable(keep) or self.state is None:
            return legal
        view = fill(self.engine.view(self.state, seat), self.kept[seat])
        return list(keep(view, legal))

    def play(self, policy: Policy = first_hide_then_throw) -> Ledger:
        """Joins, start, moves until the game is over, reveal."""
        self.begin().play_moves(policy)
        self.reveal()
        return self


def reseal(entries: list[dict[str, Any]], start: int, key: SigningKey) -> list[dict[str, Any]]:
    """What a dishonest server does after rewriting entry `start`: relink and re-sign from there on."""
    out = copy.deepcopy(entries)
    for i in range(start, len(out)):
        entry = {k: v for k, v in out[i].items() if k != "sig"}
        if i > 0:
            entry["prev"] = entry_hash(out[i - 1])
        out[i] = seal(entry, key)
    return out


def export_of(entries: list[dict[str, Any]], game: str = "g-toy") -> dict[str, Any]:
    return {"format": FORMAT, "game": game, "entries": entries}


def resealed(ledger: Ledger, entries: list[dict[str, Any]], seq: int) -> dict[str, Any]:
    """The export of a dishonest server that rewrote entry `seq` and re-signed from there on."""
    return export_of(reseal(entries, seq, ledger.server_key))


def assert_fail(verdict: Any, seq: int | None, *words: str) -> None:
    """The audit says FAIL, names entry `seq` first, and its reason holds every word."""
    assert verdict.word == "FAIL", verdict.to_json()
    assert not verdict.ok and not verdict.complete
    assert verdict.entry == seq, verdict.to_json()
    if seq is not None:
        assert verdict.reason.startswith(f"entry {seq}: ")
    for word in words:
        assert word in verdict.reason, verdict.reason
