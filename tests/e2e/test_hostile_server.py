"""The client must catch a lying server at once: the attacks, played for real.

The server is the real app on loopback, behind a middleware that lies on purpose and
run by an operator who holds the server's key and database (tests/hostile.py). The
players are real client.play Players with their own homes, and the pbem command.
Every attack must be refused by the client the moment it is shown, on every player's
client it concerns: a VerifyError (TamperError, ForkError, ServerLie), and through
the CLI exit status 4 with "VERIFICATION FAILED". Attacks 4 and 5 also forge whole
exports from a real finished game and hand them to the auditor.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import requests
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

import engines
from client.api import ApiError
from client.play import Player, ServerLie
from client.verify import TamperError, VerifyError, check_log
from engines.feuersalamander import cards
from protocol import steps
from protocol.audit import audit
from protocol.auth import HEADER_KEY, HEADER_NONCE, HEADER_SIG, HEADER_TIME
from protocol.canonical import canonical
from protocol.commitments import seed_commit
from protocol.entries import (
    FORMAT,
    TAG_JOIN,
    TAG_MOVE,
    entry_hash,
    envelope_signed,
    join_signed,
    join_statement,
    make_entry,
    seal,
    sign_join,
)
from protocol.keys import SigningKey, verify
from server.store.models import Account, database
from tests.conftest import serve
from tests.hostile import (
    Call,
    HostileServer,
    answer,
    assert_cli_refuses,
    cli,
    false_stale,
    key_of,
    rewrite,
)

MAGIER = {"move_limit": 3}
FS_TARGET = 3





def magier_game(player: Callable[[str], Player]) -> tuple[Player, Player, str]:
    """alice (seat 0, red, to move) and bob (seat 1); the game has started at entry 3."""
    alice, bob = player("alice"), player("bob")
    game = alice.new_game("magier", MAGIER, join=True)["id"]
    assert bob.join(game)["status"] == "running"
    return alice, bob, game


def fs_game(player: Callable[[str], Player], names: tuple[str, ...] = ("alice", "bob")) -> tuple[list[Player], str]:
    players = [player(n) for n in names]
    game = players[0].new_game("feuersalamander", {"target": FS_TARGET}, seats=len(names))["id"]
    for p in players:
        p.join(game)
    return players, game




def twin_of(p: Player, where: Path) -> Player:
    """The same player (the same key and account) on another machine: its own store."""
    where.mkdir(parents=True)
    shutil.copy(p.store.key_path, where / "key.pem")
    other = Player(where)
    other.store.save_config(p.config)
    return other


def forks_kept(p: Player, game: str) -> list[Path]:
    return sorted((p.store.home / "evidence").glob(f"{game}.fork-*.json"))


def last_kept(p: Player, game: str) -> dict[str, Any]:
    """The newest proof the client kept of a failed check (what it was shown, its receipt)."""
    kept = forks_kept(p, game)
    assert kept, "a failed check must keep what was shown"
    return json.loads(kept[-1].read_text())


# -- attack 1: rogue joins ------------------------------------------------------------------------


@pytest.mark.parametrize("forged", ["move", "resign"])
def test_rogue_join_after_the_start_then_forged_seat_0_entries_are_refused_by_both(
    server: HostileServer, player: Callable[[str], Player], forged: str
) -> None:
    """Attack 1: rogue join after the start. The operator appends a join for seat 0
    with a key of its own (signed by that key over the correct statement, prev included),
    then a move or resignation for seat 0 signed by that key: both clients refuse at once."""
    alice, bob, game = magier_game(player)
    legal = alice.moves(game)["moves"][0]["move"]
    for p in (alice, bob):
        p.state(game)
    kept = {id(p): p.store.receipt(game) for p in (alice, bob)}
    rogue = SigningKey.generate()
    join = server.operator.join(game, 0, "alice", rogue)
    assert join["seq"] == 4 and join_signed(
        join_statement(game, 0, "alice", rogue.public_hex, join["body"]["nonce"], join["prev"]),
        join["body"]["sig"],
    )
    if forged == "move":
        server.operator.move(game, 0, rogue, legal)
    else:
        server.operator.resign(game, 0, rogue)
    for p in (alice, bob):
        for fetch in (p.state, p.log, p.export):
            with pytest.raises(VerifyError, match="entry 4: a join after the game started"):
                fetch(game)
        receipt = p.store.receipt(game)
        assert receipt == kept[id(p)]  # the forged history never became a receipt
        assert receipt["players"] == {"0": key_of(alice), "1": key_of(bob)}
        assert forks_kept(p, game)
        assert_cli_refuses(p, "show", game, words="a join after the game started")
    # The server's log really holds the forgery: the clients refused what was there.
    assert [e["type"] for e in server.operator.entries(game)][4:] == [
        "join",
        "move" if forged == "move" else "system",
    ]


def test_move_signed_by_the_operator_without_a_join_is_refused(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """Attack 1 (control): a move for seat 0 signed by the operator's own key, with no
    join for it at all, is refused as not signed by seat 0's pinned key."""
    alice, bob, game = magier_game(player)
    legal = alice.moves(game)["moves"][0]["move"]
    server.operator.move(game, 0, SigningKey.generate(), legal)
    for p in (alice, bob):
        with pytest.raises(VerifyError, match="entry 4: the move is not signed by the key of seat 0"):
            p.state(game)


def test_second_join_for_a_seat_before_the_start_is_refused(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """Attack 1: a second join for a seat before the start. alice holds seat 0 of a
    3-seat game; the operator appends another join for seat 0 with its own key. Both seated
    clients refuse the log, and a third player refuses to join (it never signs)."""
    alice, bob, carol = player("alice"), player("bob"), player("carol")
    game = alice.new_game("feuersalamander", {"target": FS_TARGET}, seats=3, join=True)["id"]
    bob.join(game)
    server.operator.join(game, 0, "alice", SigningKey.generate())
    for p in (alice, bob):
        with pytest.raises(VerifyError, match="entry 3: a second join for seat 0"):
            p.state(game)
        assert p.store.receipt(game)["players"]["0"] == key_of(alice)
    with pytest.raises(VerifyError, match="entry 3: a second join for seat 0"):
        carol.join(game)
    assert not server.hostile.sent("POST", "/join", key_of(carol))
    assert_cli_refuses(bob, "show", game, words="a second join for seat 0")


def test_join_answered_200_but_logged_with_someone_elses_key_is_refused(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """Attack 1: the server answers 200 to bob's join, but what it logs at that seat is
    a join with a key of its own (bob's name, the operator's key, correctly signed by that key)."""
    alice, bob = player("alice"), player("bob")
    game = alice.new_game("feuersalamander", {"target": FS_TARGET}, seats=3, join=True)["id"]
    rogue = SigningKey.generate()

    def hijack(call: Call) -> Any:
        if call.method == "POST" and call.path.endswith("/join") and call.key == key_of(bob):
            server.operator.join(game, call.body["seat"], "bob", rogue)
            return answer({"id": game, "status": "open"})
        return None

    server.hostile.before.append(hijack)
    with pytest.raises(VerifyError, match="does not give that seat to your key"):
        bob.join(game)
    assert [c.status for c in server.hostile.sent("POST", "/join", key_of(bob))] == [200]
    receipt = bob.store.receipt(game)
    assert receipt["players"]["1"] == rogue.public_hex and receipt.get("seat") is None
    # bob keeps what he signed and what the server answered, next to the signed log that
    # contradicts it (the receipt's head entry is the rogue join, signed by the server).
    proof = last_kept(bob, game)
    assert proof["join"]["key"] == key_of(bob) and join_signed(proof["join"], proof["sig"])
    assert proof["receipt"]["entry"]["body"]["key"] == rogue.public_hex


def test_receipt_pins_every_seats_key_at_the_start(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """Attack 1: the receipt pins every seat's key at the start (players, started),
    and a played game leaves them exactly as pinned."""
    alice, bob, game = magier_game(player)
    pinned = {"0": key_of(alice), "1": key_of(bob)}
    for p, seat in ((alice, 0), (bob, 1)):
        p.state(game)
        receipt = p.store.receipt(game)
        assert receipt["players"] == pinned and receipt["started"] == 3 and receipt["seat"] == seat
    rnd = random.Random(2)
    for _ in range(3):
        for p in (alice, bob):
            p.play_bot(game, until_over=False, rng=rnd)
    for p in (alice, bob):
        receipt = p.store.receipt(game)
        assert receipt["seq"] > 3
        assert receipt["players"] == pinned and receipt["started"] == 3


# -- attack 2: re-rolling throws and deals by false "stale" answers -------------------------------------


def fs_mover(players: list[Player], game: str) -> Player:
    """The player whose turn it is, once a throw is among its legal moves (a deal of a pair
    is discarded first, FS-11)."""
    rnd = random.Random(9)
    for _ in range(20):
        mover = players[players[0].state(game).to_move]
        if {"type": "throw"} in [m["move"] for m in mover.moves(game)["moves"]]:
            return mover
        mover.play_bot(game, "simple", until_over=False, rng=rnd)
    raise AssertionError("no throw came up")


def test_false_stale_on_a_throw_is_a_server_lie_and_the_nonce_never_changes(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """Attack 2: re-rolling throws. The server answers a false 409 "stale" (with the
    unmoved head) to a throw, hoping for a re-submission with another nonce. The client
    calls it a lie at once, keeps the refused signed envelope, and a re-submission at the
    same head carries the same nonce: the throw the server learned is the throw it gets."""
    players, game = fs_game(player)
    mover = fs_mover(players, game)
    me = key_of(mover)
    liar = false_stale(server.operator, game, "moves", key=me)
    server.hostile.before.append(liar)
    mark = len(server.hostile.calls)
    for _ in range(2):
        with pytest.raises(ServerLie, match="refused your move .* as stale, but its log has not moved"):
            mover.submit(mover.state(game), {"type": "throw"})
    sent = server.hostile.sent("POST", "/moves", me, since=mark)
    assert len(sent) == 2 and all(c.lied and c.status == 409 for c in sent)
    envs = [c.body["envelope"] for c in sent]
    assert len({(e["seq"], e["prev"], e["nonce"]) for e in envs}) == 1
    refused = mover.store.evidence(game)["refused"]
    assert [r["envelope"] for r in refused] == envs
    assert all(r["status"] == 409 and envelope_signed(r["envelope"], r["sig"], me) for r in refused)
    # What the server learned from the refused envelope is what it must log for the next one.
    foreseen = server.operator.foresee(game, envs[0])
    server.hostile.before.remove(liar)
    mover.submit(mover.state(game), {"type": "throw"})
    logged = mover.log(game, envs[0]["seq"])[0]
    assert logged["body"]["envelope"]["nonce"] == envs[0]["nonce"]
    assert logged["body"]["events"] == foreseen


def test_false_stale_through_pbem_move_and_pbem_bot_exits_4(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """Attack 2: re-rolling throws through the pbem command: `pbem move` and
    `pbem bot` (which retries after an honest 409) both stop with exit 4 at the first
    false "stale", and every envelope they signed at that head carries the same nonce."""
    players, game = fs_game(player)
    mover = fs_mover(players, game)
    me = key_of(mover)
    server.hostile.before.append(false_stale(server.operator, game, "moves", key=me))
    mark = len(server.hostile.calls)
    cli(mover, "move", game)  # a number means a move of the listing it was shown in
    assert_cli_refuses(mover, "move", game, "1", words="as stale, but its log has not moved")
    assert_cli_refuses(mover, "bot", game, "--once", "--poll", "0", words="as stale")
    with pytest.raises(ServerLie):
        mover.play_bot(game, "random", until_over=False, rng=random.Random(1))
    sent = server.hostile.sent("POST", "/moves", me, since=mark)
    assert len(sent) == 3 and all(c.lied for c in sent)  # one each: no retry
    assert len({c.body["envelope"]["nonce"] for c in sent}) == 1
    assert len(mover.store.evidence(game)["refused"]) == 3


def test_an_honest_stale_409_is_not_called_a_lie(
    server: HostileServer, player: Callable[[str], Player], tmp_path: Path
) -> None:
    """Attack 2 (control): when the head really moved (the same player moved first from
    another machine), the 409 is true: Player.submit raises the ApiError, not ServerLie, and
    the bot simply looks again and plays on."""
    players, game = fs_game(player)
    mover = fs_mover(players, game)
    me = key_of(mover)
    twin = twin_of(mover, tmp_path / "elsewhere")
    raced: list[int] = []

    def race(call: Call) -> None:
        if call.method == "POST" and call.path.endswith("/moves") and call.key == me and not raced:
            raced.append(1)
            assert twin.play_bot(game, "simple", until_over=False, rng=random.Random(3)) == 1
        return None

    server.hostile.before.append(race)
    mark = len(server.hostile.calls)
    with pytest.raises(ApiError) as caught:
        mover.submit(mover.state(game), {"type": "throw"})
    assert caught.value.status == 409 and "stale" in caught.value.detail
    assert mover.store.evidence(game)["refused"][0]["status"] == 409
    raced.clear()
    assert mover.state(game).my_turn  # a throw is followed by the thrower's own move
    assert mover.play_bot(game, "simple", until_over=False, rng=random.Random(4)) in (0, 1)
    honest = [c for c in server.hostile.sent("POST", "/moves", me, since=mark) if c.status == 409]
    assert len(honest) == 2 and not any(c.lied for c in server.hostile.calls)
    assert [r["status"] for r in mover.store.evidence(game)["refused"]] == [409, 409]


def test_false_stale_on_a_join_is_a_server_lie_and_the_join_nonce_never_changes(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """Attack 2: re-rolling the deal. A false 409 "stale" to a join is a lie (exit 4
    through `pbem join`); the re-signed join carries the same nonce, and it is the nonce that
    the log's join finally holds."""
    alice, bob = player("alice"), player("bob")
    game = alice.new_game("magier", MAGIER, join=True)["id"]
    me = key_of(bob)
    liar = false_stale(server.operator, game, "join", key=me)
    server.hostile.before.append(liar)
    with pytest.raises(ServerLie, match="refused your join .* as stale, but its log has not moved"):
        bob.join(game)
    assert_cli_refuses(bob, "join", game, words="refused your join")
    sent = server.hostile.sent("POST", "/join", me)
    assert len(sent) == 2 and all(c.lied for c in sent)
    assert len({(c.body["nonce"], c.body["prev"], c.body["seat"]) for c in sent}) == 1
    refused = bob.store.evidence(game)["refused"]
    assert [r["join"]["nonce"] for r in refused] == [c.body["nonce"] for c in sent]
    assert all(r["status"] == 409 and join_signed(r["join"], r["sig"]) for r in refused)
    server.hostile.before.remove(liar)
    assert bob.join(game)["status"] == "running"
    logged = [e for e in bob.log(game) if e["type"] == "join" and e["body"]["seat"] == 1]
    assert logged[0]["body"]["nonce"] == sent[0].body["nonce"]


def test_an_honest_stale_join_is_signed_again_with_the_same_nonce(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """Attack 2 (control): another join really landed first; the 409 is true, so the
    client signs again on the new head, with the same nonce."""
    alice, bob, carol = player("alice"), player("bob"), player("carol")
    game = alice.new_game("feuersalamander", {"target": FS_TARGET}, seats=3, join=True)["id"]
    me = key_of(carol)
    raced: list[int] = []

    def race(call: Call) -> None:
        if call.method == "POST" and call.path.endswith("/join") and call.key == me and not raced:
            raced.append(1)
            bob.join(game, seat=2)
        return None

    server.hostile.before.append(race)
    assert carol.join(game, seat=1)["status"] == "running"
    sent = server.hostile.sent("POST", "/join", me)
    assert [c.status for c in sent] == [409, 200] and not any(c.lied for c in sent)
    assert sent[0].body["nonce"] == sent[1].body["nonce"]
    assert sent[0].body["prev"] != sent[1].body["prev"]
    assert [r["status"] for r in carol.store.evidence(game)["refused"]] == [409]
    assert carol.state(game).seat == 1


# -- attack 3: views -----------------------------------------------------------------------------------


def view_path(game: str) -> str:
    return f"/v1/games/{game}/view"


def test_view_with_another_hand_is_refused_by_both(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """Attack 3: the server shows a player a different hand card than the log
    committed to (the verified payloads are left alone)."""
    players, game = fs_game(player)
    # An honest first look: the deal's payloads are checked and kept, the view matches.
    honest = {id(p): p.state(game).view["hand"] for p in players}

    def other_card(data: Any) -> None:
        hand = data["view"]["hand"]
        hand[0] = next(c for c in cards.ALL_CARDS if c not in hand)

    server.hostile.after.append(rewrite("GET", view_path(game), other_card))
    for p in players:
        with pytest.raises(TamperError, match="TAMPERING: the view the server shows you is not"):
            p.state(game)
        proof = last_kept(p, game)  # the false view, its salt, and the signed commitments
        assert proof["answer"]["view"]["hand"] != honest[id(p)]
        assert proof["answer"]["view_salt"] and proof["receipt"]["views"]["commits"]
        assert_cli_refuses(p, "show", game, words="TAMPERING")
    with pytest.raises(TamperError):
        players[0].play_bot(game, "simple", until_over=False)


def test_view_with_a_moved_magician_is_refused_by_both(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """Attack 3: the server moves a magician on the board it shows."""
    alice, bob, game = magier_game(player)

    def moved(data: Any) -> None:
        board = data["view"]["board"]
        src = next(c for c, piece in board.items() if piece.get("kind") == "magician")
        dst = next(c for c in ("a3", "c1", "d1", "f9", "g9") if c not in board)
        board[dst] = board.pop(src)

    server.hostile.after.append(rewrite("GET", view_path(game), moved))
    for p in (alice, bob):
        with pytest.raises(TamperError, match="not the one its log committed to at entry 3"):
            p.state(game)
        assert_cli_refuses(p, "show", game, words="TAMPERING")
    with pytest.raises(TamperError):
        alice.move(game, "1")
    assert not server.hostile.sent("POST", "/moves")


def test_withheld_private_payload_is_refused_by_both(
    server: HostileServer, player: Callable[[str], Player]
) -> None:
    """Attack 3: the server withholds the private payloads (the deal) addressed to
    the seat: the view answer simply leaves them out."""
    players, game = fs_game(player)

    def withhold(data: Any) -> None:
        data["payloads"] = []

    server.hostile.after.append(rewrite("GET", view_path(game), withhold))
    for p in players:
        with pytest.raises(TamperError, match="the server withholds your private payload for entry 3"):
            p.state(game)
        assert not p.store.evidence(game)["payloads"]
        assert_cli_refuses(p, "show", game, words="withholds")


@pytest.mark.parametrize(
    ("field", "words"),
    [
        ("to_move", "the server says to_move is"),
        ("status", "the server says status is"),
        ("seat", "the server says you hold seat"),
    ],
)
def test_view_with_another_status_turn_or_seat_is_refused_by_both(
    server: HostileServer, player: Callable[[str], Player], field: str, words: str
) -> None:
    """Attack 3: the server changes status, to_move (or the seat) in the view answer."""
    alice, bob, game = magier_game(player)

    def lie(data: Any) -> None:
        data[field] = {"to_move": 1 - (data["to_move"] or 0), "status": "over", "seat": 1 - data["seat"]}[field]

    server.hostile.after.append(rewrite("GET", view_path(game), lie))
    for p in (alice, bob):
        with pytest.raises(VerifyError, match=words):
            p.state(game)
        assert_cli_refuses(p, "show", game, words=words)


@pytest.mark.parametrize(
    ("lie", "words"),
    [
        ({"result": {"winner": 0, "scores": None, "reason": "seat 1 resigned"}}, "the server says the result is"),
        ({"players": [{"seat": 0, "name": "bob"}, {"seat": 1, "name": "alice"}]}, "the server says seat 0 is held by 'bob'"),
    ],
)
def test_summary_with_another_result_or_other_names_is_refused_by_both(
    server: HostileServer, player: Callable[[str], Player], lie: dict[str, Any], words: str
) -> None:
    """Attack 3: what `pbem show` prints around the board. alice resigned, so the signed
    log says bob (seat 1) won; the server's game summary says seat 0 won, or swaps who sits
    where. `pbem show` printed that as "game over: won by seat 0" before; now both refuse."""
    alice, bob, game = magier_game(player)
    alice.resign(game)
    for p in (alice, bob):
        assert p.show(game)["result"]["winner"] == 1
    server.hostile.after.append(rewrite("GET", f"/v1/games/{game}", lambda data: data.update(lie)))
    for p in (alice, bob):
        with pytest.raises(VerifyError, match=words):
            p.show(game)
        assert last_kept(p, game)["summary"]["players"] == lie.get("players", [
            {"seat": 0, "name": "alice"}, {"seat": 1, "name": "bob"}])
        assert_cli_refuses(p, "show", game, words=words)


# -- attack 4: joins bound to the game's setup -------------------------------------------------------------


def play_out(game: str, players: list[Player], bot: str = "simple", seed: int = 5) -> None:
    rnd = random.Random(seed)
    for _ in range(2000):
        if sum(p.play_bot(game, bot, until_over=False, rng=rnd) for p in players) == 0:
            return
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], list[SigningKey], SigningKey]:
    """A whole feuersalamander game played by bots over the real server: its export, the
    players' keys (for the controls) and the server's key."""
    root = tmp_path_factory.mktemp("hostile-export")
    with serve(root / "server") as live:
        players = [Player(root / n) for n in ("alice", "bob")]
        for p in players:
            p.init_account(live.url, p.store.home.name, f"{p.store.home.name}@example.org")
        game = players[0].new_game("feuersalamander", {"target": 1}, seats=2)["id"]
        for p in players:
            p.join(game)
        play_out(game, players)
        export = players[1].export(game)
    assert audit(export).word == "PASS"
    return export, [p.store.key() for p in players], SigningKey.load(live.data_dir / "server_key.pem")


def reuse_joins(
    export: dict[str, Any], resign_with: list[SigningKey] | None = None
) -> tuple[dict[str, Any], bytes]:
    """The operator's new log under the same game id: another target, a new server key, a seed
    chosen after the players' nonces were known (one that deals differently and lets seat 0
    start), the players' signed joins copied as they are, then an abort and the reveal.
    With `resign_with` the joins are signed again by the players themselves (a control)."""
    entries, game = export["entries"], export["game"]
    engine = engines.get("feuersalamander")
    seats = entries[0]["body"]["seats"]
    options = engine.check_options({"target": entries[0]["body"]["options"]["target"] + 5}, seats)
    joins = [e["body"] for e in entries if e["type"] == "join"]
    nonces = [j["nonce"] for j in sorted(joins, key=lambda j: j["seat"])]
    honest_seed = bytes.fromhex(entries[-1]["body"]["server_seed"])
    honest = steps.start(engine, seats, entries[0]["body"]["options"], nonces, honest_seed, seats + 1)
    for i in range(1000):
        seed = hashlib.sha256(b"chosen %d" % i).digest()
        step = steps.start(engine, seats, options, nonces, seed, seats + 1)
        if step.state["start_player"] == 0 and step.state["hands"] != honest.state["hands"]:
            break
    else:
        raise AssertionError("no seed to choose")
    key = SigningKey.generate()
    ts = "2026-01-01T00:00:00Z"
    genesis = {
        **entries[0]["body"], "options": options, "server_key": key.public_hex,
        "seed_commit": seed_commit(seed),
    }
    log = [seal(make_entry(game, 0, "genesis", None, ts, genesis), key)]

    def add(type_: str, body: dict[str, Any]) -> None:
        log.append(seal(make_entry(game, len(log), type_, entry_hash(log[-1]), ts, body), key))

    for body in joins:
        body = copy.deepcopy(body)
        if resign_with is not None:
            signer = resign_with[body["seat"]]
            statement = join_statement(
                game, body["seat"], body["name"], body["key"], body["nonce"], entry_hash(log[-1])
            )
            body["sig"] = sign_join(statement, signer)
        add("join", body)
    add("start", step.body)
    abort = steps.abort("the operator's decision")
    add("system", abort)
    add("reveal", steps.reveal(seed, [], abort["result"]))
    return {"format": FORMAT, "game": game, "entries": log}, seed


def test_joins_reused_in_another_setup_fail_the_audit_at_the_first_join(
    finished: tuple[dict[str, Any], list[SigningKey], SigningKey],
) -> None:
    """Attack 4: joins bound to setup. From a finished real export, the operator builds
    a new log under the same game id with other options, a new server key and a seed chosen
    after the nonces were known, reusing the players' signed joins: the audit FAILs at the
    first join, and a client shown that log refuses it there too."""
    export, player_keys, _ = finished
    forged, _ = reuse_joins(export)
    joins = [e for e in forged["entries"] if e["type"] == "join"]
    honest_joins = [e for e in export["entries"] if e["type"] == "join"]
    assert [j["body"] for j in joins] == [j["body"] for j in honest_joins]  # reused as signed
    assert forged["entries"][0]["body"]["options"] != export["entries"][0]["body"]["options"]
    verdict = audit(forged)
    assert verdict.word == "FAIL" and verdict.entry == 1, verdict.reason
    assert "entry 1" in verdict.reason and "join" in verdict.reason
    with pytest.raises(VerifyError, match="entry 1: the join is not signed by the player's key"):
        check_log(forged["game"], forged["entries"], 0, None)
    # Control: the same forged setup with joins the players really signed over it audits PASS,
    # so the only thing that stops the operator is that a join is bound to the head it saw.
    control, _ = reuse_joins(export, resign_with=player_keys)
    assert audit(control).word == "PASS", audit(control).reason


@pytest.mark.parametrize(
    ("field", "shown"), [("options", {"wrap": "line", "open_placement": False, "move_limit": 9}),
                          ("engine", "feuersalamander"), ("seats", 3)]
)
def test_join_refuses_to_sign_when_the_summary_is_not_the_signed_genesis(
    server: HostileServer, player: Callable[[str], Player], field: str, shown: Any
) -> None:
    """Attack 4: joins bound to setup. The game's summary (GET /v1/games/<id>), which
    the player chose the game by, says other options (engine, seats) than the signed genesis:
    the client refuses to sign a join at all."""
    alice, bob = player("alice"), player("bob")
    game = alice.new_game("magier", MAGIER, join=True)["id"]

    def other(data: Any) -> None:
        data[field] = shown

    server.hostile.after.append(rewrite("GET", f"/v1/games/{game}", other))  # an unsigned GET
    with pytest.raises(VerifyError, match=f"signed genesis says {field} .* not joining"):
        bob.join(game)
    assert_cli_refuses(bob, "join", game, words="not joining")
    assert not server.hostile.sent("POST", "/join", key_of(bob))


# -- attack 5: weak keys ---------------------------------------------------------------------------------

IDENTITY_KEY = "01" + "00" * 31  # a point of order 1: [k]A is the identity for every k
FIXED_SIG = "58" + "66" * 31 + "01" + "00" * 31  # R = the base point, S = 1: [1]B = B + [k]A


def library_accepts(key_hex: str, message: bytes, sig_hex: str) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(key_hex)).verify(bytes.fromhex(sig_hex), message)
    except InvalidSignature:
        return False
    return True


def test_the_fixed_signature_of_a_small_order_key_is_refused_by_protocol_keys() -> None:
    """Attack 5: weak keys. `cryptography` accepts the fixed signature (R = base
    point, S = 1) of the key 01 00..00 for any message; protocol.keys.verify refuses it."""
    for message in (b'{"move":"resign"}', b'{"move":"win"}', b""):
        assert library_accepts(IDENTITY_KEY, TAG_MOVE + message, FIXED_SIG)
        assert not verify(IDENTITY_KEY, TAG_MOVE, message, FIXED_SIG)


def test_an_account_with_a_small_order_key_is_refused_by_the_server(
    server: HostileServer, tmp_path: Path
) -> None:
    """Attack 5: weak keys. Registering an account for the key 01 00..00, "signed" with
    its fixed signature (valid for every request to a library that accepts the key), is
    refused with a 4xx and no account is made."""
    body = json.dumps({"name": "mallory", "email": "mallory@example.org"}).encode()
    headers = {
        HEADER_KEY: IDENTITY_KEY,
        HEADER_TIME: str(int(time.time())),
        HEADER_NONCE: "00" * 16,
        HEADER_SIG: FIXED_SIG,
        "Content-Type": "application/json",
    }
    got = requests.post(server.url + "/v1/accounts", data=body, headers=headers, timeout=10)
    assert got.status_code in (400, 401), got.text
    assert got.headers["Content-Type"].startswith("application/problem+json")
    with database.connection_context():
        assert not Account.select().where(Account.key == IDENTITY_KEY).exists()


def test_a_small_order_key_in_a_join_fails_the_audit(
    finished: tuple[dict[str, Any], list[SigningKey], SigningKey],
) -> None:
    """Attack 5: weak keys. The operator gives a seat the key 01 00..00 and replaces the
    signature of its join and of each of its moves with the one fixed signature (which the
    library accepts for every message), then re-seals the chain with the server's key: the
    game replays exactly as before, and the audit FAILs at that join; a client refuses it too."""
    export, _, server_key = finished
    forged = copy.deepcopy(export)
    entries = forged["entries"]
    weak = next(e["body"]["seat"] for e in reversed(entries) if e["type"] == "move")
    join_seq = next(e["seq"] for e in entries if e["type"] == "join" and e["body"]["seat"] == weak)
    entries[join_seq]["body"]["key"] = IDENTITY_KEY
    entries[join_seq]["body"]["sig"] = FIXED_SIG
    moves = [e for e in entries if e["type"] == "move" and e["body"]["envelope"]["seat"] == weak]
    for e in moves:
        e["body"]["sig"] = FIXED_SIG
    for i in range(join_seq, len(entries)):
        unsigned = {k: v for k, v in entries[i].items() if k != "sig"}
        unsigned["prev"] = entry_hash(entries[i - 1])
        entries[i] = seal(unsigned, server_key)
    # Every forged player signature is one the library accepts: only the key checks stop it.
    body = entries[join_seq]["body"]
    statement = join_statement(
        forged["game"], weak, body["name"], IDENTITY_KEY, body["nonce"], entries[join_seq]["prev"]
    )
    assert library_accepts(IDENTITY_KEY, TAG_JOIN + canonical(statement), FIXED_SIG)
    for e in moves:
        assert library_accepts(IDENTITY_KEY, TAG_MOVE + canonical(e["body"]["envelope"]), FIXED_SIG)
    verdict = audit(forged)
    assert verdict.word == "FAIL" and verdict.entry == join_seq, verdict.reason
    with pytest.raises(VerifyError, match=f"entry {join_seq}: the join is not signed"):
        check_log(forged["game"], entries, 0, None)
