"""The client decides what is legal: a server's list of moves is a claim, never an input.

A seat's legal moves are a function of what that seat knows (DESIGN: engine protocol), so
the client lists, shows and signs moves it computed from its own verified view, and treats
the server's `GET /moves` answer as a claim to compare. Each attack here is played against
the real server code behind a lying middleware, or by the operator writing into its
database (tests/hostile.py), as tests/e2e/test_hostile_server.py does for the log:

- spelt cells: each blind placement's cell spelt by its value ("e4 " for 2, " e4" for -1),
  so that the signed public part would tell the value;
- a value-per-cell listing: each value offered on other cells, so the cell chosen would;
- a hidden legal move, and a text shown beside another move than its own;
- a false 422 "illegal" for a legal move (a veto the operator could use as a re-roll);
- a false summary under `pbem wait`, `pbem next` and `pbem games`;
- and, through the CLI, a number read against a newer list after one's own move.

The spelt cell that an old client signed is also refused by the server (canonical JSON,
nothing normalised) and FAILs the audit at its entry when an operator logs it anyway.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from client.api import ApiError
from client.play import Player, ServerLie
from engines.magier.board import CELLS
from protocol import steps
from protocol.audit import audit
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, sign_envelope
from protocol.nonces import move_nonce
from protocol.seat_secrets import seal
from tests.hostile import (
    Call,
    HostileServer,
    answer,
    assert_cli_refuses,
    cli,
    key_of,
    problem,
    rewrite,
)

MAGIER = {"move_limit": 3}  # blind by default: values stay in their owner's store





def magier_game(player: Callable[[str], Player], options: dict[str, Any] | None = None) -> tuple[Player, Player, str]:
    """alice (seat 0, red, to move, placing) and bob (seat 1); a blind game unless told."""
    alice, bob = player("alice"), player("bob")
    game = alice.new_game("magier", options or MAGIER, join=True)["id"]
    assert bob.join(game)["status"] == "running"
    return alice, bob, game




def moves_path(game: str) -> str:
    return f"/v1/games/{game}/moves"


def posted(server: HostileServer, p: Player, since: int) -> list[Call]:
    return server.hostile.sent("POST", "/moves", key_of(p), since=since)


def assert_every_look_refuses(server: HostileServer, p: Player, game: str, words: str) -> None:
    """Listing, the bot and `pbem move` / `pbem bot` all stop at the lie (exit 4), and
    nothing at all is signed and sent."""
    mark = len(server.hostile.calls)
    with pytest.raises(ServerLie, match=words):
        p.moves(game)
    with pytest.raises(ServerLie, match=words):
        p.play_bot(game, "random", until_over=False, rng=random.Random(1))
    assert_cli_refuses(p, "move", game, words=words)
    assert_cli_refuses(p, "bot", game, "--once", "--poll", "0", words=words)
    assert posted(server, p, mark) == []


# -- spelt cells ----------------------------------------------------------------------------------

SPELLING = {2: "{} ", 1: "{}", -1: " {}"}


def spell_cells(data: dict[str, Any]) -> None:
    """Each placement's cell spelt by its value, the text left as it was."""
    for item in data.get("moves") or []:
        move = item["move"]
        if move.get("type") == "place":
            move["cell"] = SPELLING[move["value"]].format(move["cell"])


def test_spelt_cells_in_the_moves_listing_are_a_lie_and_nothing_is_signed(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """A blind game: the server lists `place e4 2` with the cell "e4 " (texts unchanged), so
    that the signed public part would spell the value. The client's own list has exact cells
    only: the listing is a lie, said at once, and no envelope leaves the client."""
    alice, _, game = magier_game(player)
    server.hostile.after.append(rewrite("GET", moves_path(game), spell_cells))
    assert_every_look_refuses(server, alice, game, "do not give it")


def test_a_spelt_cell_signed_anyway_is_refused_by_the_server_and_fails_the_audit(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """What an older client signed: a blind placement on "e4 ". The server refuses it (the
    move is not exactly a listed one, nothing normalised); an operator who logs it anyway, as
    a server that forgave the spelling would, writes an entry the audit FAILs at."""
    alice, bob, game = magier_game(player)
    st = alice.state(game)
    cell = next(c for c in CELLS if c not in st.view["board"] and c not in st.view["flames"])
    spelt = {"type": "place", "cell": cell + " "}
    key = alice.store.key()
    seq, prev = st.head["seq"] + 1, st.head["hash"]
    salt = "7b" * 32
    secret_commit = commit(TAG_SECRET, {"value": 2}, salt)
    sealed = seal(key, game, seq, {"secret": {"value": 2}, "salt": salt})  # as magier 4 seals a blind placement
    env = envelope(
        game, seq, prev, 0, spelt, secret_commit, move_nonce(key, game, seq, prev), "2026-01-01T00:00:00Z", sealed
    )
    sig = sign_envelope(env, key)
    with pytest.raises(ApiError) as refused:
        alice.api.submit_move(game, env, sig, None, None)
    assert refused.value.status == 422 and "written exactly" in refused.value.detail
    # The operator logs it: the step the exact cell gives, with the spelt envelope in its place.
    exact = {"type": "place", "cell": cell}
    env_exact = {**env, "move": exact}
    engine = st.engine
    state = server.operator.state(game)
    step = steps.move(
        engine, state, key.public_hex, env_exact, sign_envelope(env_exact, key), None, None,
        server.operator.seed(game), (seq, prev), seats=2,
    )
    forged = server.operator.append(game, "move", {**step.body, "envelope": env, "sig": sig}, step)
    bob.resign(game)
    verdict = audit(bob.export(game))
    assert not verdict.ok and verdict.entry == forged["seq"], verdict.reason
    assert "written exactly" in verdict.reason


# -- a value-per-cell listing, a hidden move, swapped texts --------------------------------------------


def value_per_cell(data: dict[str, Any]) -> None:
    """Each free cell offered with one value only, a different one per cell: the cell a player
    then picks from this list would tell the value."""
    values = [2, 1, -1]
    kept = []
    for item in data.get("moves") or []:
        move = item["move"]
        if move.get("type") != "place" or values[CELLS.index(move["cell"]) % 3] == move["value"]:
            kept.append(item)
    data["moves"] = kept


def test_a_value_per_cell_listing_is_a_lie_and_the_own_list_offers_every_cell(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """The server offers each value on other cells (only `place e4 2`, only `place e5 1`, ...).
    The client compares the list with the one the verified view gives (every value on every
    free cell, since the server cannot know the hand): a lie. Without the lie, the client's
    own list offers each value it holds on every free cell, so the cell says nothing."""
    alice, _, game = magier_game(player)
    rule = rewrite("GET", moves_path(game), value_per_cell)
    server.hostile.after.append(rule)
    assert_every_look_refuses(server, alice, game, "leaves out")
    server.hostile.after.remove(rule)
    own = [m["move"] for m in alice.moves(game)["moves"]]
    cells = {m["cell"] for m in own}
    for value in (2, 1, -1):
        assert {m["cell"] for m in own if m["value"] == value} == cells


def test_a_hidden_legal_move_is_a_lie(server: HostileServer, player: Callable[[str], Player]) -> None:
    """The server leaves one legal move out of its list (PROTOCOL used to allow it): a lie."""
    alice, _, game = magier_game(player, {"move_limit": 3, "blind": False})

    def hide_last(data: dict[str, Any]) -> None:
        data["moves"] = data["moves"][:-1]

    server.hostile.after.append(rewrite("GET", moves_path(game), hide_last))
    assert_every_look_refuses(server, alice, game, "leaves out")


def test_swapped_texts_are_a_lie_and_the_texts_shown_are_made_here(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """The server swaps the texts of moves 1 and 2, so a player who reads "1. place a3 2"
    would sign another move. The client makes every text itself and calls the swap a lie."""
    alice, _, game = magier_game(player, {"move_limit": 3, "blind": False})
    honest = alice.moves(game)["moves"]
    engine = alice.state(game).engine
    assert [m["text"] for m in honest] == [engine.format(m["move"]) for m in honest]

    def swap(data: dict[str, Any]) -> None:
        first, second = data["moves"][0], data["moves"][1]
        first["text"], second["text"] = second["text"], first["text"]

    server.hostile.after.append(rewrite("GET", moves_path(game), swap))
    assert_every_look_refuses(server, alice, game, "is not that move")


# -- a false "illegal" ----------------------------------------------------------------------------


def test_a_false_422_for_a_legal_move_is_a_lie_kept_as_evidence(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """The server answers 422 "illegal" to a move the client's own rules list as legal, on a
    head the log has not moved from: a veto the operator could use to re-roll (it can work out
    what the move would do). The client says so (exit 4) and keeps the signed move and the
    refusal; a real refusal (a move really illegal) stays an ordinary error."""
    alice, _, game = magier_game(player, {"move_limit": 3, "blind": False})
    me = key_of(alice)

    def veto(call: Call) -> Any:
        if call.method == "POST" and call.path == moves_path(game) and call.key == me:
            return problem(422, "that move is not legal now")
        return None

    server.hostile.before.append(veto)
    listed = alice.moves(game)["moves"]
    with pytest.raises(ServerLie, match="refused your move .* as illegal"):
        alice.move(game, listed[0]["text"])
    cli(alice, "move", game)
    assert_cli_refuses(alice, "move", game, "1", "--yes", words="as illegal")
    refused = alice.store.evidence(game)["refused"]
    assert len(refused) == 2 and all(r["status"] == 422 for r in refused)
    server.hostile.before.remove(veto)
    # a move the local rules refuse is refused before anything is sent: no lie, no envelope
    mark = len(server.hostile.calls)
    result = cli(alice, "move", game, "place c4 2")  # c4 is a flame
    assert result.exit_code == 1 and "VERIFICATION" not in result.stderr
    assert posted(server, alice, mark) == []
    assert alice.move(game, listed[0]["text"])["text"] == listed[0]["text"]


# -- a false summary --------------------------------------------------------------------------------


def test_a_false_summary_under_wait_next_and_games_is_a_lie(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """The server's game list says bob is to move while its log says alice is, hoping that
    `pbem wait` sleeps while alice's clock runs out. Whose turn it is comes from the log: at
    the same head the summary contradicts it, which is a lie (exit 4)."""
    alice, _, game = magier_game(player)

    def other_seat(data: dict[str, Any]) -> None:
        for g in data.get("games") or []:
            if g.get("id") == game:
                g["to_move"] = 1

    server.hostile.after.append(rewrite("GET", "/v1/games", other_seat))
    with pytest.raises(ServerLie, match="says to_move is 1, its signed log says 0"):
        alice.waiting_games()
    assert_cli_refuses(alice, "wait", "--poll", "0", "--no-bell", words="says to_move is 1")
    assert_cli_refuses(alice, "next", words="says to_move is 1")
    assert_cli_refuses(alice, "games", words="says to_move is 1")
    assert_cli_refuses(alice, "wait", game, "--poll", "0", "--no-bell", words="says to_move is 1")
    # the one game's summary, as `pbem wait GAME` reads it to see whether the game is over
    single = rewrite("GET", f"/v1/games/{game}", lambda g: g.update(to_move=1))
    server.hostile.after[:] = [single]
    with pytest.raises(ServerLie, match="says to_move is 1"):
        alice.summary(game)


def test_a_summary_behind_the_log_is_not_called_a_lie(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """Control: a summary made before a move landed (its head is older than the log's) is not
    a lie; the log says whose turn it is."""
    alice, bob, game = magier_game(player, {"move_limit": 3, "blind": False})
    old = alice.api.games()
    assert alice.play_bot(game, "random", until_over=False, rng=random.Random(2)) == 1
    server.hostile.before.append(
        lambda call: answer({"games": old}) if call.method == "GET" and call.path == "/v1/games" else None
    )
    [row] = alice.games()  # the old summary says alice is to move; her log is further on
    assert row["to_move"] == 1 and row["my_seat"] == 0
    assert alice.waiting_games() == []


# -- a stale number after one's own move (the CLI) ---------------------------------------------------


def test_a_number_from_before_ones_own_move_is_refused_not_reread(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """Cavemen: one turn is several decisions of the same seat. Listed, played number 1, then
    `pbem move GAME 1 --yes` again: the number belonged to the first list, so it is refused
    with "list them again", never read against the new list; nothing is sent."""
    alice, bob = player("alice"), player("bob")
    game = alice.new_game("cavemen", {}, join=True)["id"]
    bob.join(game)
    mover = next(p for p in (alice, bob) if p.state(game).my_turn)
    rnd = random.Random(5)
    while True:  # to a turn where the mover will still decide after its next move
        listed = json.loads(cli(mover, "move", game, "--json").stdout)
        assert cli(mover, "move", game, "1", "--yes").exit_code == 0
        if mover.state(game).my_turn:
            break
        other = alice if mover is bob else bob
        while other.state(game).my_turn:
            other.play_bot(game, "random", until_over=False, rng=rnd)
    mark = len(server.hostile.calls)
    again = cli(mover, "move", game, "1", "--yes")
    assert again.exit_code == 1, again.output
    assert "has moved on since you listed the moves" in again.stderr and "list" in again.stderr
    assert posted(server, mover, mark) == []
    assert listed["moves"]  # it had listed moves, numbered from 1
