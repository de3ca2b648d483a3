"""One signed path per decision, against a server that withholds a seat's answers in advance
(the real app, its operator holding the key and the database, tests/hostile.py).

The re-roll through withheld answers: alice's forced throw is due; she signs `forced`; the server
does not log it (a false "409 stale", or no answer at all), waits for her own signed throw, and
then keeps whichever throw it likes (her move with her nonce's key, or her statement and the
standing entry with another key). Her client now signs at most one thing per place in the log:
a false 409 is caught at once (exit 4); an unanswered statement is sent again, and no move is
signed at that head while it is pending. A head resting at a decision her logged answers
prescribe is caught by her client (exit 4), and a log in which her own move plays that decision
FAILs the audit at that entry.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import engines
from client.play import Player
from protocol.standing import prescribed
from tests.client.standing_forgery import FORCED
from tests.hostile import (
    Call,
    HostileServer,
    Response,
    assert_cli_refuses,
    cli,
    false_stale,
    key_of,
    problem,
    serve_hostile,
)

FS = engines.get("feuersalamander")


@pytest.fixture(params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[HostileServer]:
    """The hostile server on SQLite and on PostgreSQL: the honest part of it plays a standing
    answer in the transaction of the entry that made it due, which each database must keep."""
    from tests.server.conftest import reset_postgres

    config = {"DATABASE_URL": reset_postgres()} if request.param == "postgres" else {}
    with serve_hostile(tmp_path / "server", config) as hostile:
        yield hostile


def short_game(players: list[Player]) -> str:
    """A Feuersalamander game of a low target between the players (alice is seat 0)."""
    game = players[0].new_game("feuersalamander", {"target": 3}, seats=len(players), join=True)["id"]
    for p in players[1:]:
        p.join(game)
    return str(game)


def until_forced(server: HostileServer, players: list[Player], game: str) -> dict[str, Any]:
    """Bots play until alice (seat 0) is to move with a forced decision; the state then."""
    rnd = random.Random(11)
    for _ in range(300):
        state = server.operator.state(game)
        seat = FS.to_move(state)
        if seat is None:
            pytest.skip("the game ended before a forced decision of alice's came up")
        if seat == 0 and prescribed(FS, state, 0, [FORCED]) is not None:
            return state
        players[seat].play_bot(game, "random", until_over=False, rng=rnd)
    raise AssertionError("no forced decision of alice's came up")


def unanswered(game: str) -> Callable[[Call], Response | None]:
    """The server takes alice's statement and answers nothing useful (a 503): it is not logged."""

    def rule(call: Call) -> Response | None:
        if call.method == "POST" and call.path == f"/v1/games/{game}/answers":
            return problem(503, "service unavailable")
        return None

    return rule


def test_a_false_409_to_posted_answers_is_caught_as_a_lie(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """POST /answers answered '409 the game has moved on' while the head did not move: the client
    syncs, sees the head where it signed, and exits 4 with the refusal kept as evidence."""
    alice, bob = player("alice"), player("bob")
    game = short_game([alice, bob])
    server.hostile.before.append(false_stale(server.operator, game, "answers", key=key_of(alice)))
    head = server.operator.head(game)
    assert_cli_refuses(
        alice, "answers", game, "--set", "forced",
        words=f"refused your answers in advance in game {game} (409",
    )
    assert server.operator.head(game) == head
    refused = json.loads((alice.store.evidence_path(game)).read_text())["refused"]
    assert refused and refused[-1]["status"] == 409 and refused[-1]["statement"]["prev"] == head["hash"]
    # the client did not sign another statement at that head: the same one was sent, once more at most
    sent = server.hostile.sent("POST", "/answers", key=key_of(alice))
    assert len({json.dumps(c.body, sort_keys=True) for c in sent}) == 1


def test_withheld_answers_then_no_second_path_is_signed(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """alice's forced throw is due; the server does not answer her statement; she then asks to
    throw. Her client sends the same statement again first and, still unanswered, signs no move
    there. Once the server takes it, it is logged and the standing entry plays the throw."""
    alice, bob = player("alice"), player("bob")
    game = short_game([alice, bob])
    until_forced(server, [alice, bob], game)
    head = server.operator.head(game)
    since = len(server.hostile.calls)
    withhold = unanswered(game)
    server.hostile.before.append(withhold)

    first = cli(alice, "answers", game, "--set", "forced")
    assert first.exit_code == 1, first.output
    assert "it is kept and sent again, the same signed bytes" in first.stderr
    assert alice.store.pending(game) is not None

    listed = cli(alice, "move", game)
    assert listed.exit_code == 0, listed.output
    moved = cli(alice, "move", game, "1")
    assert moved.exit_code == 1, moved.output
    assert "nothing else is signed at that point" in moved.stderr
    assert server.hostile.sent("POST", "/moves", key=key_of(alice), since=since) == []  # no envelope left her home
    statements = {json.dumps(c.body, sort_keys=True) for c in server.hostile.sent("POST", "/answers", since=since)}
    assert len(statements) == 1 and server.operator.head(game) == head

    server.hostile.before.remove(withhold)
    again = cli(alice, "move", game, "1")
    assert again.exit_code == 1, again.output
    assert f"is now entry {head['seq'] + 1} of its log: the game moved on" in again.stderr
    assert server.hostile.sent("POST", "/moves", key=key_of(alice), since=since) == []
    logged = server.operator.entries(game)[head["seq"] + 1:]
    assert [e["type"] for e in logged[:2]] == ["answers", "standing"]
    assert alice.store.pending(game) is None
    assert cli(alice, "show", game).exit_code == 0


def rest_at_alice_forced_throw(server: HostileServer, alice: Player, bob: Player, game: str) -> None:
    """With alice's `forced` logged, the operator writes bob's moves itself (past the ledger, so
    nothing is played after them) until alice's forced throw is due: the head rests there."""
    rnd = random.Random(5)
    for _ in range(300):
        state = server.operator.state(game)
        seat = FS.to_move(state)
        if seat is None:
            pytest.skip("the game ended before a forced decision of alice's came up")
        if seat == 0:
            if prescribed(FS, state, 0, [FORCED]) is not None:
                return
            alice.play_bot(game, "random", until_over=False, rng=rnd)
            continue
        move = rnd.choice(FS.legal_moves(state, 1))
        server.operator.move(game, 1, bob.store.key(), move)
    raise AssertionError("no forced decision of alice's came up")


def test_a_head_resting_at_a_prescribed_decision_is_caught_and_its_second_path_fails_the_audit(
    server: HostileServer, player: Callable[[str], Player], tmp_path: Path
) -> None:
    """alice's `forced` is logged; the server leaves her forced throw unplayed. `pbem show` and
    `pbem move` exit 4 (nothing is signed). The operator then logs a throw signed with her key
    (what an older client would have signed); bob resigns, the seed is revealed, and `pbem audit`
    FAILs at that entry, naming her statement and rule."""
    alice, bob = player("alice"), player("bob")
    game = short_game([alice, bob])
    stated = alice.set_answers(game, [FORCED])["entry"]
    rest_at_alice_forced_throw(server, alice, bob, game)
    head = server.operator.head(game)
    since = len(server.hostile.calls)
    words = f"TAMPERING: the log rests at entry {head['seq']} on your decision"
    assert_cli_refuses(alice, "show", game, words=words)
    assert_cli_refuses(alice, "move", game, words=words)
    assert server.hostile.sent("POST", "/moves", key=key_of(alice), since=since) == []
    assert cli(bob, "show", game).exit_code == 0  # bob cannot see alice's view: the audit checks it

    state = server.operator.state(game)
    found = prescribed(FS, state, 0, [FORCED])
    assert found is not None
    seq = server.operator.move(game, 0, alice.store.key(), found[1])["seq"]
    while True:  # a forged move that leaves her at another forced throw: forged alike
        state = server.operator.state(game)
        again = prescribed(FS, state, 0, [FORCED]) if FS.to_move(state) == 0 else None
        if again is None:
            break
        server.operator.move(game, 0, alice.store.key(), again[1])
    bob.resign(game)  # the game ends and its seed is revealed: the audit replays every entry
    path = tmp_path / "export.json"
    assert cli(bob, "export", game, "-o", str(path)).exit_code == 0
    audited = cli(bob, "audit", str(path))
    assert audited.exit_code == 4, audited.output
    assert f"FAIL: entry {seq}: seat 0's standing answer in force (entry {stated}, rule 0:" in audited.stdout
    assert "this is a move entry instead (one signed path per decision" in audited.stdout



@pytest.mark.parametrize(
    ("status", "words"),
    [
        (422, "a standing answer this game cannot take"),
        (403, "you hold no seat in this game"),
        (404, "no game"),
        (400, "statement: malformed"),
    ],
)
def test_a_false_refusal_of_answers_the_log_and_rules_accept_is_a_lie(
    server: HostileServer, player: Callable[[str], Player], status: int, words: str
) -> None:
    """POST /answers refused with a reason the client can check itself (its own rules take the
    statement, its verified log gives it the seat, the game exists and runs): a refusal there is
    a lie, exit 4, kept as evidence; the head did not move and nothing else was signed."""
    alice, bob = player("alice"), player("bob")
    game = short_game([alice, bob])
    path = f"/v1/games/{game}/answers"

    def refuse(call: Call) -> Response | None:
        return problem(status, words) if call.method == "POST" and call.path == path else None

    server.hostile.before.append(refuse)
    head = server.operator.head(game)
    code = cli(alice, "answers", game, "--set", "forced").exit_code
    assert code == 4, code
    assert server.operator.head(game) == head
    refused = json.loads((alice.store.evidence_path(game)).read_text())["refused"]
    assert refused and refused[-1]["status"] == status
    sent = server.hostile.sent("POST", "/answers", key=key_of(alice))
    assert len({json.dumps(c.body, sort_keys=True) for c in sent}) == 1
