"""The ninth envelope member, `sealed` (docs/PROTOCOL.md sections 7a and 11a): exactly on an
owner-held move of a rules version that seals (magier 4 on), nowhere else.

Hostile players first (a box where none belongs, in a version that does not seal, malformed,
missing, on a resignation): the server's step refuses each (400) and the audit FAILs a log
holding one at that entry, with the game over or still running. Then a hostile server: it
cannot read a box (only the owner's key opens it) and cannot strip or swap one (the envelope
is signed: the audit FAILs, the client refuses). Blind games are written the way the server
writes them (tests/protocol/ledger.py).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import engines
from client.verify import VerifyError, check_log
from protocol import steps
from protocol.audit import audit
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, sign_envelope
from protocol.keys import SigningKey
from protocol.sealing import SEALED_FROM, envelope_problem, held_in_public, seals
from protocol.seat_secrets import open_box, seal
from tests.protocol.ledger import Ledger, assert_fail, export_of, reseal

V3 = engines.get("magier", "3")
V4 = engines.get("magier", "4")
GREEDY = V4.bots()["greedy"]


def greedy(engine: Any, state: dict[str, Any], seat: int, legal: list[dict[str, Any]], rnd: random.Random) -> dict[str, Any]:
    return GREEDY(engine.view(state, seat), legal, rnd)


@pytest.fixture(scope="module")
def game4() -> Ledger:
    """A whole blind magier 4 game with burns, revealed."""
    ledger = Ledger("sealed-1", engine=V4, game="g-sealed", options={"move_limit": 60})
    return ledger.play(greedy)


def placements(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in entries if e["type"] == "move" and e["body"]["envelope"]["move"]["type"] == "place"]


def first_step(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The first move that is no placement (a step or a jump: nothing owner-held)."""
    return next(e for e in entries if e["type"] == "move" and e["body"]["envelope"]["move"]["type"] != "place")


def re_signed(ledger: Ledger, entries: list[dict[str, Any]], seq: int, change: Any) -> dict[str, Any]:
    """A player's envelope at `seq` changed and signed again by that player (a hostile player's
    move, logged by a server that let it through), the log re-signed from there on."""
    entries = copy.deepcopy(entries)
    body = entries[seq]["body"]
    change(body["envelope"])
    body["sig"] = sign_envelope(body["envelope"], ledger.player_keys[body["envelope"]["seat"]])
    return export_of(reseal(entries, seq, ledger.server_key), ledger.game)


def running(export: dict[str, Any]) -> dict[str, Any]:
    """The same log while the game still runs: up to the entry before the reveal's, no seed."""
    return {**export, "entries": export["entries"][:-3]}


def a_box(ledger: Ledger, seat: int, seq: int) -> str:
    return seal(ledger.player_keys[seat], ledger.game, seq, {"secret": {"value": 2}, "salt": "5a" * 32})


# --- the rule -----------------------------------------------------------------------------------


def test_which_versions_seal() -> None:
    assert SEALED_FROM == {"magier": 4}
    assert seals("magier", "4") and seals("magier", "5")
    assert not any(seals("magier", v) for v in ("1", "2", "3", "x", "", "4.0"))
    assert not seals("feuersalamander", "5")


def test_envelope_problem_words() -> None:
    eight = dict.fromkeys(("game", "move", "nonce", "prev", "seat", "secret_commit", "seq", "ts"))
    nine = {**eight, "sealed": "ab" * 40}
    assert envelope_problem(eight, "magier", "3", True) is None
    assert envelope_problem(eight, "magier", "4", False) is None
    assert envelope_problem(nine, "magier", "4", True) is None
    assert "carries its secret sealed" in str(envelope_problem(eight, "magier", "4", True))
    assert "does not seal" in str(envelope_problem(nine, "magier", "3", True))
    assert "only an owner-held move" in str(envelope_problem(nine, "magier", "4", False))
    assert "malformed" in str(envelope_problem({**nine, "sealed": "AB" * 40}, "magier", "4", True))
    assert "exactly the fields" in str(envelope_problem({**nine, "x": 1}, "magier", "4", True))


def test_owner_held_needs_only_the_options_in_a_sealing_version(game4: Ledger) -> None:
    """The client and the audit of a running game have no state: in a sealing version the
    engine's owner_held must read only the options and the public move (held_in_public)."""
    state, _ = V4.setup(2, game4.options, None)
    for entry in game4.entries:
        if entry["type"] != "move":
            continue
        public = entry["body"]["envelope"]["move"]
        assert held_in_public(V4, game4.options, public) == steps.owner_held(V4, state, public)
    assert not held_in_public(V3, game4.options, {"type": "place", "cell": "c3"})  # V3 seals nothing


# --- an honest game -------------------------------------------------------------------------------


def test_an_honest_sealed_game_audits_pass_and_each_box_opens_for_its_owner_alone(game4: Ledger) -> None:
    assert audit(game4.export()).word == "PASS"
    assert audit(running(game4.export())).word == "INCOMPLETE"
    placed = placements(game4.entries)
    assert len(placed) == 14
    for entry in placed:
        env = entry["body"]["envelope"]
        seat, seq = env["seat"], entry["seq"]
        opened = open_box(game4.player_keys[seat], game4.game, seq, env["sealed"])
        assert opened is not None and commit(TAG_SECRET, opened["secret"], opened["salt"]) == env["secret_commit"]
        assert open_box(game4.player_keys[1 - seat], game4.game, seq, env["sealed"]) is None
        assert open_box(game4.server_key, game4.game, seq, env["sealed"]) is None
    for entry in game4.entries:  # nothing but a placement carries a box
        env = entry["body"].get("envelope")
        if env is not None and env["move"]["type"] != "place":
            assert "sealed" not in env


def test_the_log_holds_no_unburnt_value_in_the_clear(game4: Ledger) -> None:
    """The server's log shows each placement's salt only where its owner revealed it (a burn):
    what never burnt stays in the box, and the box opens for its owner's key alone."""
    text = json.dumps(game4.export())
    revealed = {i["commit"] for e in game4.entries if e["type"] == "move"
                for i in e["body"]["envelope"]["move"].get("secrets", [])}
    kept = [k for seat in (0, 1) for k in game4.kept[seat] if k["commit"] not in revealed]
    assert kept
    for record in kept:
        assert record["salt"] not in text


# --- hostile players: the server's step refuses, the audit FAILs --------------------------------------


def test_a_box_on_a_move_that_is_not_owner_held_is_refused_and_fails(game4: Ledger) -> None:
    step = first_step(game4.entries)
    seq, seat = step["seq"], step["body"]["envelope"]["seat"]
    data = re_signed(game4, game4.entries, seq, lambda env: env.update(sealed=a_box(game4, seat, seq)))
    assert_fail(audit(data), seq, "only an owner-held move")
    assert_fail(audit(running(data)), seq, "only an owner-held move")
    ledger = Ledger("sealed-2", engine=V4, game="g-sealed", options={"move_limit": 60}).begin()
    while V4.legal_moves(ledger.state, V4.to_move(ledger.state))[0]["type"] == "place":
        ledger.play_moves(greedy, limit=1)
    turn = V4.to_move(ledger.state)
    submission = ledger.sign_move(turn, V4.legal_moves(ledger.state, turn)[0])
    submission["envelope"]["sealed"] = a_box(ledger, turn, ledger.head()[0])
    submission["sig"] = sign_envelope(submission["envelope"], ledger.player_keys[turn])
    with pytest.raises(steps.StepError, match="only an owner-held move") as refused:
        ledger.submit(turn, submission)
    assert refused.value.status == 400


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda env: env.pop("sealed"), "carries its secret sealed"),
        (lambda env: env.update(sealed=env["sealed"].upper()), "malformed"),
        (lambda env: env.update(sealed=env["sealed"][:-1]), "malformed"),
        (lambda env: env.update(sealed="ab" * 20), "malformed"),
        (lambda env: env.update(sealed="ab" * (2 * 1024 * 1024)), "malformed"),  # a 4 MB box
        (lambda env: env.update(sealed=None), "malformed"),
        (lambda env: env.update(sealed={"box": "ab"}), "malformed"),
    ],
    ids=["missing", "upper-case", "odd", "short", "4MB", "null", "object"],
)
def test_a_placement_without_a_well_formed_box_is_refused_and_fails(game4: Ledger, change: Any, words: str) -> None:
    seq = placements(game4.entries)[3]["seq"]
    data = re_signed(game4, game4.entries, seq, change)
    assert_fail(audit(data), seq, words)
    ledger = Ledger("sealed-3", engine=V4, game="g-sealed", options={"move_limit": 60}).begin()
    turn = V4.to_move(ledger.state)
    submission = ledger.sign_move(turn, greedy(V4, ledger.state, turn, V4.legal_moves(ledger.state, turn), ledger.rnd))
    change(submission["envelope"])
    submission["sig"] = sign_envelope(submission["envelope"], ledger.player_keys[turn])
    with pytest.raises(steps.StepError, match=words) as refused:
        ledger.submit(turn, submission)
    assert refused.value.status == 400


def test_a_box_in_a_version_that_does_not_seal_is_refused_and_fails() -> None:
    """magier 3 stays as released: eight members, a blind placement's too."""
    ledger = Ledger("sealed-v3", engine=V3, game="g-v3", options={"move_limit": 60}).play(greedy)
    assert audit(ledger.export()).word == "PASS"
    placed = placements(ledger.entries)
    assert all("sealed" not in e["body"]["envelope"] for e in placed)
    seq, seat = placed[0]["seq"], placed[0]["body"]["envelope"]["seat"]
    data = re_signed(ledger, ledger.entries, seq, lambda env: env.update(sealed=a_box(ledger, seat, seq)))
    assert_fail(audit(data), seq, "magier version 3 does not seal")
    fresh = Ledger("sealed-v3b", engine=V3, game="g-v3", options={"move_limit": 60}).begin()
    turn = V3.to_move(fresh.state)
    submission = fresh.sign_move(turn, greedy(V3, fresh.state, turn, V3.legal_moves(fresh.state, turn), fresh.rnd))
    submission["envelope"]["sealed"] = a_box(fresh, turn, fresh.head()[0])
    submission["sig"] = sign_envelope(submission["envelope"], fresh.player_keys[turn])
    with pytest.raises(steps.StepError, match="does not seal") as refused:
        fresh.submit(turn, submission)
    assert refused.value.status == 400


def test_a_resignation_carries_no_box(game4: Ledger) -> None:
    ledger = Ledger("sealed-4", engine=V4, game="g-sealed", options={"move_limit": 60}).begin()
    seq, prev = ledger.head()
    env = envelope(ledger.game, seq, prev, 0, {"type": "resign"}, None, "cd" * 32, "t", a_box(ledger, 0, seq))
    sig = sign_envelope(env, ledger.player_keys[0])
    with pytest.raises(steps.StepError, match="exactly the fields") as refused:
        steps.resign_step(V4, ledger.state, ledger.player_keys[0].public_hex, env, sig, ledger.seed, (seq, prev), seats=2)
    assert refused.value.status == 400


# --- a hostile server ------------------------------------------------------------------------------


def test_a_server_cannot_strip_or_swap_a_box(game4: Ledger) -> None:
    """The box is inside the player's signature: a log with it dropped, or with another
    placement's box in its place, FAILs the audit and the client refuses it."""
    first, second = placements(game4.entries)[:2]
    for change, words in (
        (lambda env: env.pop("sealed"), "carries its secret sealed"),  # the members say so before the signature
        (lambda env: env.update(sealed=second["body"]["envelope"]["sealed"]), "signature does not verify"),
        (lambda env: env.update(sealed=seal(SigningKey.generate(), game4.game, first["seq"], {"secret": 1})),
         "signature does not verify"),
    ):
        entries = copy.deepcopy(game4.entries)
        change(entries[first["seq"]]["body"]["envelope"])
        data = export_of(reseal(entries, first["seq"], game4.server_key), game4.game)
        assert_fail(audit(data), first["seq"], words)
        with pytest.raises(VerifyError, match=f"entry {first['seq']}: the move is not signed"):
            check_log(game4.game, data["entries"], 0, None)


def test_the_client_refuses_a_box_where_the_rules_give_none(game4: Ledger) -> None:
    """A signed box on a step (a hostile player the server let through): the client's check of
    the log refuses it at that entry (exit 4 on the command line), as the audit FAILs it."""
    assert check_log(game4.game, game4.export()["entries"], 0, None)["status"] == "over"
    step = first_step(game4.entries)
    seq, seat = step["seq"], step["body"]["envelope"]["seat"]
    data = re_signed(game4, game4.entries, seq, lambda env: env.update(sealed=a_box(game4, seat, seq)))
    with pytest.raises(VerifyError, match=f"entry {seq}: only an owner-held move"):
        check_log(game4.game, data["entries"], 0, None)
    seq = placements(game4.entries)[0]["seq"]
    data = re_signed(game4, game4.entries, seq, lambda env: env.pop("sealed"))
    with pytest.raises(VerifyError, match=f"entry {seq}: an owner-held move of magier version 4"):
        check_log(game4.game, data["entries"], 0, None)
