"""Answers given in advance over real HTTP, with the pbem command: set, shown, played, revoked.

A Der Feuersalamander game (its key throws and pair re-throws are forced, FS-5): alice signs
`forced` with `pbem answers GAME --set forced`, `pbem show` says "Answering for you", the
server then plays her forced throws at once, her client recomputes each from the position it
is told, and `pbem answers --revoke forced` stops it. Refusals are one clear line. Then two
lying servers (the real app, its operator holding the key and the database, tests/hostile.py):
a standing move the rule does not prescribe, caught by alice's client at once (exit 4), and a
standing move by a statement alice revoked, caught by every player's client (exit 4).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import engines
from client.play import Player
from protocol.standing import prescribed
from tests.client.standing_forgery import FORCED, forged_standing, views_seq
from tests.hostile import HostileServer, assert_cli_refuses, cli, serve_hostile

FS = engines.get("feuersalamander")


def fs_game(make: Callable[[str], Player], names: tuple[str, ...] = ("alice", "bob")) -> tuple[list[Player], str]:
    players = [make(n) for n in names]
    game = players[0].new_game("feuersalamander", {"target": 20}, seats=len(names), join=True)["id"]
    for p in players[1:]:
        p.join(game)
    return players, game


def turns(players: list[Player], game: str, rnd: random.Random, rounds: int = 1) -> None:
    for _ in range(rounds):
        for p in players:
            p.play_bot(game, "random", until_over=False, rng=rnd)


def standing_for(p: Player, game: str, seat: int) -> list[dict[str, Any]]:
    return [e for e in p.log(game) if e.get("type") == "standing" and e["body"].get("seat") == seat]


def test_forced_set_shown_played_checked_and_revoked_through_the_cli(make_player: Callable[[str], Player]) -> None:
    (alice, bob), game = fs_game(make_player)
    listed = cli(alice, "answers", game)
    assert listed.exit_code == 0, listed.output
    assert "forced: when you have exactly one legal move" in listed.stdout
    assert "You answer nothing in advance" in listed.stdout
    assert "Answering for you" not in cli(alice, "show", game).stdout

    done = cli(alice, "answers", game, "--set", "forced")
    assert done.exit_code == 0, done.output
    assert "signed: your answers in advance" in done.stdout and "play forced moves" in done.stdout
    shown = cli(alice, "show", game)
    assert shown.exit_code == 0, shown.output
    assert "Answering for you: play forced moves\n" in shown.stdout
    assert "Answering for you" not in cli(bob, "show", game).stdout
    others = cli(bob, "answers", game)
    assert "alice (" in others.stdout and "answers in advance: play forced moves" in others.stdout

    rnd = random.Random(3)
    for _ in range(60):
        if standing_for(alice, game, 0) or alice.state(game).status != "running":
            break
        turns([alice, bob], game, rnd)
    played = standing_for(alice, game, 0)
    assert played, "a forced throw of alice's came up and was played by her answer"
    st = alice.state(game)  # every pending check was made: her payloads are all held
    assert st.synced.receipt.get("standing") == []
    assert alice.answers(game)["in_force"][0]["answers"] == [FORCED]
    log = cli(alice, "log", game).stdout
    assert "Played for you by your answer in advance" in log and "checked by your client" in log
    assert "alice (" in cli(bob, "log", game).stdout.split("answer in advance played")[0]

    revoked = cli(alice, "answers", game, "--revoke", "forced")
    assert revoked.exit_code == 0, revoked.output
    assert "no answers in advance in game" in revoked.stdout
    assert "Answering for you" not in cli(alice, "show", game).stdout
    as_json = cli(alice, "answers", game, "--json")
    assert '"0": {' in as_json.stdout and '"answers": []' in as_json.stdout


def test_refusals_are_one_clear_line(make_player: Callable[[str], Player]) -> None:
    (alice, bob), game = fs_game(make_player)
    unknown = cli(alice, "answers", game, "--set", "always-win")
    assert unknown.exit_code == 1 and "answers nothing called 'always-win' in advance; it knows: forced" in unknown.stderr
    not_held = cli(alice, "answers", game, "--revoke", "forced")
    assert not_held.exit_code == 1 and "you have no answer 'forced' in force" in not_held.stderr
    carol = make_player("carol")
    watcher = cli(carol, "answers", game, "--set", "forced")
    assert watcher.exit_code == 1 and "you hold no seat in game" in watcher.stderr
    waiting = alice.new_game("feuersalamander", {}, seats=2, join=True)["id"]
    early = cli(alice, "answers", waiting, "--set", "forced")
    assert early.exit_code == 1 and "has not started yet" in early.stderr
    both = cli(alice, "answers", game, "--set", "forced", "--revoke-all")
    assert both.exit_code == 2


# -- lying servers --------------------------------------------------------------------------------


@pytest.fixture
def server(tmp_path: Path) -> Iterator[HostileServer]:
    with serve_hostile(tmp_path / "server") as hostile:
        yield hostile


@pytest.fixture
def player(server: HostileServer, tmp_path: Path) -> Callable[[str], Player]:
    def make(name: str) -> Player:
        p = Player(tmp_path / "homes" / name)
        p.init_account(server.url, name, f"{name}@example.org")
        return p

    return make


def until_alice_decides(server: HostileServer, players: list[Player], game: str, forced: bool) -> dict[str, Any]:
    """Bots play until alice (seat 0) is to move with a forced decision (or, forced=False, a
    real choice); returns the server's state then."""
    rnd = random.Random(7)
    for _ in range(300):
        state = server.operator.state(game)
        seat = FS.to_move(state)
        if seat == 0 and (prescribed(FS, state, 0, [FORCED]) is not None) == forced:
            return state
        players[seat].play_bot(game, "random", until_over=False, rng=rnd)
    raise AssertionError("no such decision of alice's came up")


def forge(server: HostileServer, game: str, state: dict[str, Any], statement: int, move: dict[str, Any]) -> int:
    """The operator plays `move` for alice 'by' rule 0 of her statement at entry `statement`,
    as a standing entry signed and chained like any other; returns its seq."""
    entries = server.operator.entries(game)
    seq = entries[-1]["seq"] + 1
    step = forged_standing(
        FS, state, 0, (statement, [FORCED]), 0, move, server.operator.seed(game), seq, views_seq(entries), seats=2
    )
    server.operator.append(game, "standing", step.body, step)
    return seq


def test_a_standing_move_the_rule_does_not_prescribe_is_caught_by_its_seat_at_once(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """alice answers forced throws in advance; at a real choice the operator plays one of her
    legal moves 'by' that answer. Her client recomputes the answer from the position the server
    must tell her (opened against the log's commitment): forced prescribes nothing there."""
    (alice, bob), game = fs_game(player)
    stated = alice.set_answers(game, [FORCED])["entry"]
    state = until_alice_decides(server, [alice, bob], game, forced=False)
    seq = forge(server, game, state, stated, FS.legal_moves(state, 0)[-1])
    assert_cli_refuses(
        alice, "show", game,
        words=f"TAMPERING: entry {seq} played '",
    )
    refused = cli(alice, "show", game)
    assert "by your standing answer 'play forced moves" in refused.stderr
    assert "but your answers prescribe nothing here" in refused.stderr
    assert cli(bob, "show", game).exit_code == 0  # bob cannot see alice's position: the audit checks it


def test_a_standing_move_after_revocation_is_caught_by_every_client(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """alice answered forced throws in advance, then revoked them all. The operator plays a
    forced throw for her anyway, naming her old statement: the log itself shows the statement
    in force is the revocation, so her client and bob's both refuse it."""
    (alice, bob), game = fs_game(player)
    stated = alice.set_answers(game, [FORCED])["entry"]
    revoked = alice.set_answers(game, [])["entry"]
    state = until_alice_decides(server, [alice, bob], game, forced=True)
    found = prescribed(FS, state, 0, [FORCED])
    assert found is not None
    forge(server, game, state, stated, found[1])
    words = f"the server played a standing answer for seat 0 that it revoked at entry {revoked}"
    assert_cli_refuses(alice, "show", game, words=words)
    assert_cli_refuses(bob, "show", game, words=words)
