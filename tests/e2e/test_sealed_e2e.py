"""Seat secrets over real HTTP (docs/PROTOCOL.md sections 7a and 11a): a blind magier game of
rules version 4 on the live server (loopback, tests/conftest.py), played by real clients.

Each placement's salt is the one the seat's key derives for that place, and its value travels
in the signed envelope sealed to that key: the server stores the box but no unburnt value or
salt, no other key opens a box, the owners reveal their burnt wisdoms with the derived salts,
and the export audits PASS. Hostile players: a box on a step, in a magier 3 game, malformed,
too large or missing is refused (400, or 413 past the server's body limit) and nothing is
logged.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

import engines
from client.api import ApiError
from client.play import Player
from protocol.audit import audit
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, sign_envelope
from protocol.nonces import move_nonce
from protocol.seat_secrets import open_box, seal, secret_salt
from tests.e2e.test_blind_e2e import server_game, step_all


def placements(export: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in export["entries"] if e["type"] == "move" and e["body"]["envelope"]["move"]["type"] == "place"]


def test_a_blind_game_of_version_4_seals_its_placements_and_audits_pass(make_player: Callable[[str], Player]) -> None:
    alice, bob = make_player("alice"), make_player("bob")
    game = alice.new_game("magier", {"move_limit": 40}, join=True)["id"]
    bob.join(game)
    assert alice.store.receipt(game)["engine_version"] == "4"  # type: ignore[index]
    step_all(game, [alice, bob], random.Random(5), lambda: False)
    export = alice.export(game)
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.reason

    players = {0: alice, 1: bob}
    placed = placements(export)
    assert len(placed) == 14
    kept = {r["commit"]: r for p in (alice, bob) for r in p.store.secrets(game)}
    for entry in placed:
        env, seq = entry["body"]["envelope"], entry["seq"]
        owner, other = players[env["seat"]], players[1 - env["seat"]]
        record = kept[env["secret_commit"]]
        assert record["salt"] == secret_salt(owner.api.key, game, seq)  # derived, not drawn
        opened = open_box(owner.api.key, game, seq, env["sealed"])
        assert opened == {"secret": record["secret"], "salt": record["salt"]}
        assert commit(TAG_SECRET, opened["secret"], opened["salt"]) == env["secret_commit"]
        assert open_box(other.api.key, game, seq, env["sealed"]) is None

    reveals = [e for e in export["entries"] if e["type"] == "move" and e["body"]["envelope"]["move"]["type"] == "reveal"]
    assert reveals, "greedy bots burn wisdoms: the owners revealed them with the derived salts"
    opened_commits = {i["commit"] for e in reveals for i in e["body"]["envelope"]["move"]["secrets"]}
    unburnt = [r for c, r in kept.items() if c not in opened_commits]
    assert unburnt
    stored = server_game(game)
    assert stored["secrets"] == []
    for record in unburnt:  # the server's rows hold the boxes, never an unburnt salt in the clear
        assert not any(record["salt"] in text for text in stored["texts"])


def _signed(player: Player, game: str, move: dict[str, Any], secret_commit: str | None, sealed: Any) -> tuple[dict[str, Any], str]:
    st = player.state(game)
    seq, prev = st.head["seq"] + 1, st.head["hash"]
    key = player.api.key
    assert key is not None
    env = envelope(game, seq, prev, st.seat, move, secret_commit, move_nonce(key, game, seq, prev), "t")
    if sealed is not None:
        env["sealed"] = sealed
    return env, sign_envelope(env, key)


def _refused(player: Player, game: str, env: dict[str, Any], sig: str) -> ApiError:
    before = len(player.api.log(game, 0)["entries"])
    with pytest.raises(ApiError) as refused:
        player.api.submit_move(game, env, sig, None, None)
    assert len(player.api.log(game, 0)["entries"]) == before  # nothing was logged
    return refused.value


def _placement(player: Player, game: str, seq: int) -> tuple[dict[str, Any], str, str]:
    """A blind placement of alice's at `seq`: (public part, its commitment, its box)."""
    st = player.state(game)
    move = next(m for m in st.engine.legal_moves(st.view, st.seat) if m["type"] == "place")
    public, secret = st.engine.split_move(move)
    key = player.api.key
    assert key is not None
    salt = secret_salt(key, game, seq)
    return public, commit(TAG_SECRET, secret, salt), seal(key, game, seq, {"secret": secret, "salt": salt})


def test_a_hostile_players_boxes_are_refused(make_player: Callable[[str], Player]) -> None:
    alice, bob = make_player("alice"), make_player("bob")
    game = alice.new_game("magier", {"move_limit": 40}, join=True)["id"]
    bob.join(game)
    seq = alice.state(game).head["seq"] + 1
    public, made, box = _placement(alice, game, seq)
    for sealed, status, words in (
        (None, 400, "carries its secret sealed"),  # an owner-held move of version 4 without its box
        (box.upper(), 400, "malformed"),
        (box[:-1], 400, "malformed"),
        ("ab" * 20, 400, "malformed"),
        ("ab" * 10_000, 400, "malformed"),  # past BOX_MOST, within the server's body limit
        ("ab" * (2 * 1024 * 1024), 413, ""),  # a 4 MB box: past the server's body limit
    ):
        env, sig = _signed(alice, game, public, made, sealed)
        refused = _refused(alice, game, env, sig)
        assert refused.status == status and words in str(refused), (status, str(refused))
    env, sig = _signed(alice, game, public, made, box)
    alice.api.submit_move(game, env, sig, None, None)  # the well-formed box goes in

    # movement: no move is owner-held, so no box belongs to any
    step_all(game, [alice, bob], random.Random(3), lambda: alice.state(game).view.get("phase") == "movement")
    st = next(p for p in (alice, bob) if p.state(game).my_turn).state(game)
    mover = alice if st.seat == alice.state(game).seat else bob
    move = st.engine.legal_moves(mover.state(game).view, st.seat)[0]
    seq = st.head["seq"] + 1
    env, sig = _signed(mover, game, move, None, seal(mover.api.key, game, seq, {"secret": 1}))  # type: ignore[arg-type]
    refused = _refused(mover, game, env, sig)
    assert refused.status == 400 and "only an owner-held move" in str(refused)


def test_a_box_in_a_magier_3_game_is_refused(
    make_player: Callable[[str], Player], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game the server made as a release before magier 4 did keeps eight members."""
    from server.ledger import ledger as made

    monkeypatch.setattr(made, "engines", SimpleNamespace(
        get=lambda engine_id: engines.get(engine_id, "3" if engine_id == "magier" else None),
        UnknownEngine=engines.UnknownEngine,
    ))
    alice, bob = make_player("alice"), make_player("bob")
    game = alice.new_game("magier", {"move_limit": 40}, join=True)["id"]
    bob.join(game)
    assert alice.store.receipt(game)["engine_version"] == "3"  # type: ignore[index]
    seq = alice.state(game).head["seq"] + 1
    public, made_commit, box = _placement(alice, game, seq)
    env, sig = _signed(alice, game, public, made_commit, box)
    refused = _refused(alice, game, env, sig)
    assert refused.status == 400 and "magier version 3 does not seal" in str(refused)
    assert alice.play_bot(game, "greedy", until_over=False, rng=random.Random(1))  # the client, as released
    entry = alice.api.log(game, seq)["entries"][0]
    assert entry["body"]["envelope"]["move"]["type"] == "place"
    assert "sealed" not in entry["body"]["envelope"]  # eight members
