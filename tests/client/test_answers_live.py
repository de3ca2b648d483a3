"""Answers given in advance over real HTTP, with the pbem command: set, shown, played, revoked.

A Der Feuersalamander game (its key throws and pair re-throws are forced, FS-5): alice signs
`forced` with `pbem answers GAME --set forced`, `pbem show` says "Answering for you", the
server then plays her forced throws at once, her client recomputes each from the position it
is told, and `pbem answers --revoke forced` stops it. Refusals are one clear line. Lying
servers are tests/e2e/test_hostile_answers.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import engines
from client.play import Player
from tests.client.standing_forgery import FORCED
from tests.hostile import cli

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
    for another in range(4):  # the deal is the server's random: a game may end before a forced throw
        if another:
            game = alice.new_game("feuersalamander", {"target": 20}, seats=2, join=True)["id"]
            bob.join(game)
            assert cli(alice, "answers", game, "--set", "forced").exit_code == 0
        for _ in range(60):
            if standing_for(alice, game, 0) or alice.state(game).status != "running":
                break
            turns([alice, bob], game, rnd)
        if standing_for(alice, game, 0):
            break
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


def test_revoke_all_with_nothing_in_force_signs_nothing(make_player: Callable[[str], Player]) -> None:
    (alice, bob), game = fs_game(make_player)
    before = len(alice.log(game))
    nothing = cli(alice, "answers", game, "--revoke-all")
    assert nothing.exit_code == 0, nothing.output
    assert "you have no answers in advance to revoke in game" in nothing.stdout
    assert "signed:" not in nothing.stdout
    assert len(alice.log(game)) == before  # no entry signed or sent
    as_json = cli(alice, "answers", game, "--revoke-all", "--json")
    assert as_json.exit_code == 0 and '"signed": false' in as_json.stdout, as_json.output
    assert cli(alice, "answers", game, "--set", "forced").exit_code == 0
    revoked = cli(alice, "answers", game, "--revoke-all")  # something in force: signed as before
    assert revoked.exit_code == 0 and "signed: no answers in advance" in revoked.stdout, revoked.output
    after = len(alice.log(game))
    again = cli(alice, "answers", game, "--revoke-all")  # an empty statement in force: nothing to revoke
    assert "you have no answers in advance to revoke" in again.stdout and len(alice.log(game)) == after
