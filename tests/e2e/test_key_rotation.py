"""POST /v1/keys/rotate over real HTTP with real signatures (docs/PROTOCOL.md section 16): an
account replaces its key, every game it holds a seat in that has not ended gets a handover entry,
all in one transaction, and the old key is refused from then on.

Hostile requests first: handovers that miss a game, a new key another account holds or a key
retired before, bad signatures, strangers, a replay; each changes nothing. Then the honest
rotation, and the game played on with the new key: the other player's client follows it without
a false alarm, a home restored with the new key alone finds its seat, and the export audits PASS.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from client.api import Api, ApiError
from client.play import Player
from client.transport import Session
from protocol.audit import audit
from protocol.auth import sign_request
from protocol.handover import (
    handover_body,
    handover_statement,
    rotation_statement,
    sign_handover,
    sign_rotation,
)
from protocol.keys import SigningKey
from tests.conftest import LiveServer
from tests.protocol.toy import lookup

ROTATE = "/v1/keys/rotate"
RETIRED = "this key was replaced on this server (at "


def post(api: Api, body: Any, key: SigningKey | None = None, signed: bool = True) -> tuple[int, dict[str, Any]]:
    """One POST to the rotation, signed by `key` (the api's own by default): (status, answer)."""
    data = json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "Accept": "application/json, application/problem+json"}
    if signed:
        headers.update(sign_request(key or api.key, "POST", ROTATE, data, server=api.signed_for()))  # type: ignore[arg-type]
    answer = Session().request("POST", api.base + ROTATE, data=data, headers=headers)
    return answer.status_code, answer.json()


def _entry0_hash(player: Player, game: str) -> str:
    from protocol.entries import entry_hash

    return entry_hash(player.api.log(game, 0)["entries"][0])


def rotation(
    player: Player, new: SigningKey, games: dict[str, int], *, old: SigningKey | None = None,
    sig_new_by: SigningKey | None = None, handover_by: SigningKey | None = None,
) -> dict[str, Any]:
    """The body `pbem key rotate` sends: the statement signed by both keys, one handover per game."""
    old = old or player.store.key()
    statement = rotation_statement(player.api.signed_for(), old.public_hex, new.public_hex)
    handovers = []
    for game, seat in sorted(games.items()):
        hand = handover_statement(game, _entry0_hash(player, game), seat, old.public_hex, new.public_hex, None)
        body = handover_body(hand, sign_handover(hand, handover_by or old))
        handovers.append({"game": game, "seat": seat, "resealed": None, "sig": body["sig"]})
    return {
        "statement": statement,
        "sig_old": sign_rotation(statement, old),
        "sig_new": sign_rotation(statement, sig_new_by or new),
        "handovers": handovers,
    }


def heads(player: Player, *games: str) -> list[int]:
    return [player.api.log(g, 0)["head"]["seq"] for g in games]


@pytest.fixture
def table(make_player: Callable[[str], Player]) -> tuple[Player, Player, str, str]:
    """ada holds seat 0 of a running toy game with bo and seat 0 of an open one; a finished game
    too, which no rotation touches."""
    ada, bo = make_player("ada"), make_player("bo")
    running = ada.new_game("toy", {"rounds": 2}, join=True)["id"]
    bo.join(running)
    ada.move(running, "throw")
    waiting = ada.new_game("toy", {"rounds": 1}, join=True)["id"]
    over = ada.new_game("toy", {"rounds": 1}, join=True)["id"]
    bo.join(over)
    ada.resign(over)
    return ada, bo, running, waiting


def test_hostile_rotations_change_nothing(table: tuple[Player, Player, str, str], live_server: LiveServer) -> None:
    ada, bo, running, waiting = table
    new = SigningKey.generate()
    before = heads(ada, running, waiting)

    # a handover missing: 409 naming the game, with every game to hand on
    status, answer = post(ada.api, rotation(ada, new, {running: 0}))
    assert status == 409, answer
    assert f"no handover for game {waiting} (seat 0)" in answer["detail"]
    assert {g["game"] for g in answer["games"]} == {running, waiting}
    assert all(len(g["genesis"]) == 64 and g["seat"] == 0 for g in answer["games"])
    with pytest.raises(ApiError) as refused:  # the client's transport keeps the list for a retry
        ada.api.post(ROTATE, rotation(ada, new, {running: 0}))
    assert refused.value.status == 409 and refused.value.problem["games"] == answer["games"]
    # a handover for a game the account holds no seat in
    others = bo.new_game("toy", {"rounds": 1}, join=True)["id"]
    before.append(heads(bo, others)[0])
    status, answer = post(ada.api, rotation(ada, new, {running: 0, waiting: 0, others: 0}))
    assert status == 409 and f"a handover for game {others}, where you hold no seat" in answer["detail"]
    # the new key is another account's
    status, answer = post(ada.api, rotation(ada, bo.store.key(), {running: 0, waiting: 0}))
    assert (status, answer["detail"]) == (409, "the new key holds or held an account on this server: make a new key")
    # bad signatures: the new key's by another key, the old key's by the new, a handover by the new key
    for bad in (
        rotation(ada, new, {running: 0, waiting: 0}, sig_new_by=SigningKey.generate()),
        {**rotation(ada, new, {running: 0, waiting: 0}), "sig_old": rotation(ada, new, {}, old=new)["sig_old"]},
        rotation(ada, new, {running: 0, waiting: 0}, handover_by=new),
    ):
        status, answer = post(ada.api, bad)
        assert status == 403, answer
    status, answer = post(ada.api, rotation(ada, new, {running: 0, waiting: 0}, handover_by=new))
    first = min(running, waiting)  # the games are handed on in id order
    assert answer["detail"] == f"game {first}: the handover is not signed by the key that holds seat 0"
    # a handover naming another seat than the account's
    wrong = rotation(ada, new, {running: 0, waiting: 0})
    wrong["handovers"][0]["seat"] = 1
    assert post(ada.api, wrong)[0] == 403
    # malformed: 400
    assert post(ada.api, {"statement": {}})[0] == 400
    assert post(ada.api, {**rotation(ada, new, {}), "handovers": {}})[0] == 400
    # strangers: unsigned; signed by a key with no account
    status, answer = post(ada.api, rotation(ada, new, {running: 0, waiting: 0}), signed=False)
    assert status == 401
    stranger = SigningKey.generate()
    status, answer = post(ada.api, rotation(ada, new, {running: 0, waiting: 0}, old=stranger), key=stranger)
    assert status == 401 and "no account" in answer["detail"]
    # another account's statement, sent by ada: its old key is not the signer's
    status, answer = post(ada.api, rotation(bo, new, {running: 1}))
    assert status == 403 and "old key is not the key that signed this request" in answer["detail"]

    # nothing changed
    assert heads(ada, running, waiting, others) == before
    assert ada.api.me()["key"] == ada.store.key().public_hex
    with pytest.raises(ApiError) as refused:
        Api(live_server.url, new, server_key=ada.api.signed_for()).me()
    assert refused.value.status == 403


def test_a_rotation_hands_every_live_seat_on_and_the_old_key_is_refused(
    table: tuple[Player, Player, str, str], live_server: LiveServer, tmp_path: Path
) -> None:
    ada, bo, running, waiting = table
    old, new = ada.store.key(), SigningKey.generate()
    before = heads(ada, running, waiting)
    body = rotation(ada, new, {running: 0, waiting: 0})
    data = json.dumps(body).encode()
    headers = {
        "Content-Type": "application/json",
        **sign_request(old, "POST", ROTATE, data, server=ada.api.signed_for()),
    }
    answer = Session().request("POST", live_server.url + ROTATE, data=data, headers=headers)
    assert answer.status_code == 200, answer.json()
    done = answer.json()
    assert done == {
        "key": new.public_hex,
        "handovers": sorted(
            [{"game": running, "seq": before[0] + 1}, {"game": waiting, "seq": before[1] + 1}],
            key=lambda h: h["game"],
        ),
    }
    # the very same request again (a replay, or a retry after a lost answer): 401, nothing doubled
    again = Session().request("POST", live_server.url + ROTATE, data=data, headers=headers)
    assert again.status_code == 401 and again.json()["detail"].startswith(RETIRED)
    assert heads(bo, running, waiting) == [before[0] + 1, before[1] + 1]
    entry = bo.api.log(running, before[0] + 1)["entries"][0]
    assert entry["type"] == "handover"
    assert entry["body"] == {"new": new.public_hex, "old": old.public_hex, "resealed": None, "seat": 0,
                             "sig": body["handovers"][[h["game"] for h in body["handovers"]].index(running)]["sig"]}

    # the old key: every request 401 with the words; a new account with it 409 the same words
    with pytest.raises(ApiError) as refused:
        ada.api.me()
    assert refused.value.status == 401 and str(refused.value).startswith(RETIRED)
    assert "`pbem init --restore` with its words" in str(refused.value)
    with pytest.raises(ApiError) as refused:
        ada.api.log(running, 0)
    assert refused.value.status == 401
    with pytest.raises(ApiError) as refused:
        ada.api.create_account("ada2", "ada2@example.org")
    assert refused.value.status == 409 and str(refused.value).startswith(RETIRED)
    with pytest.raises(ApiError) as refused:  # a move signed by the old key
        ada.move(running, "throw")
    assert refused.value.status == 401
    # the new key is the account's; a rotation to a retired key is refused
    renewed = Api(live_server.url, new, server_key=ada.api.signed_for())
    assert renewed.me() == {"name": "ada", "email": "ada@example.org", "key": new.public_hex}
    status, answer = post(bo.api, rotation(bo, old, {running: 1}))
    assert (status, answer["detail"]) == (409, "the new key holds or held an account on this server: make a new key")

    # ada's home takes the new key (as `pbem key rotate` does once the server said 200) and plays on
    shutil.copy(ada.store.key_path, tmp_path / "old.pem")
    new.save(ada.store.key_path)
    again_ada = Player(ada.store.home)
    # an envelope the old key signed, sent by the new key's request: refused (403, not the seat's key)
    assert again_ada.show(running)["status"] == "running"
    receipt = again_ada.store.receipt(running)
    assert receipt["seat"] == 0 and receipt["players"]["0"] == new.public_hex
    # a home restored from the new key alone finds its seat in the signed log
    restored = Player(tmp_path / "restored")
    restored.store.home.mkdir(parents=True, exist_ok=True)
    shutil.copy(ada.store.config_path, restored.store.config_path)
    new.save(restored.store.key_path)
    assert restored.show(running)["status"] == "running"
    assert restored.store.receipt(running)["seat"] == 0
    # the game goes on: bo's client follows the handover without a false fork
    bo.move(running, "throw")
    again_ada.move(running, "throw")
    bo.move(running, "throw")
    assert bo.show(running)["status"] == "over"
    assert audit(bo.export(running), lookup=lookup).word == "PASS"
    # the open game: bo joins, and it starts with ada's seat held by the new key
    bo.join(waiting)
    assert again_ada.show(waiting)["status"] == "running"


def test_an_envelope_signed_by_the_old_key_is_refused_after_the_rotation(
    table: tuple[Player, Player, str, str], live_server: LiveServer
) -> None:
    from protocol.entries import envelope, sign_envelope

    ada, bo, running, waiting = table
    old, new = ada.store.key(), SigningKey.generate()
    assert post(ada.api, rotation(ada, new, {running: 0, waiting: 0}))[0] == 200
    bo.move(running, "throw")  # ada to move
    head = bo.api.log(running, 0)["head"]
    env = envelope(running, head["seq"] + 1, head["hash"], 0, {"type": "throw"}, None, "ab" * 32, "2026-01-01T00:00:00Z")
    renewed = Api(live_server.url, new, server_key=ada.api.signed_for())
    with pytest.raises(ApiError) as refused:
        renewed.submit_move(running, env, sign_envelope(env, old), None, None)
    assert refused.value.status == 403
    assert bo.api.log(running, 0)["head"] == head
