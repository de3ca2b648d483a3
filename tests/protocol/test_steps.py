"""protocol.steps and protocol.entries: private payloads, forks, and what a step refuses."""

from __future__ import annotations

import copy

import pytest

from engines.core import Event, IllegalMove, Rng
from protocol import steps
from protocol.commitments import (
    TAG_EVENT,
    TAG_SECRET,
    TAG_STATE,
    commit,
    event_salt,
    move_key,
    setup_key,
    state_salt,
)
from protocol.entries import entry_hash, envelope, extends, seal, sign_envelope
from protocol.keys import SigningKey
from tests.protocol.ledger import Ledger, reseal
from tests.protocol.toy import TOY

START, HIDE0, HIDE1, THROW0, THROW1 = 3, 4, 5, 6, 7


def log_event(ledger: Ledger, payload: dict) -> dict:
    return ledger.entries[payload["seq"]]["body"]["events"][payload["index"]]


# --- private payloads -------------------------------------------------------------------------


def test_every_seat_gets_exactly_its_payloads(finished_ledger):
    led = finished_ledger
    for seat in (0, 1):
        assert led.payloads[seat], "the toy game gives every seat private events"
        for p in led.payloads[seat]:
            assert seat in p["to"]
            assert p["event"]["to"] == p["to"]
    # every private event in the log has its payload with each of its readers
    for entry in led.entries:
        for index, event in enumerate(entry["body"].get("events", [])):
            if "commit" in event:
                for seat in event["to"]:
                    assert any(
                        p["seq"] == entry["seq"] and p["index"] == index for p in led.payloads[seat]
                    )


def test_check_payload_accepts_true_payloads(finished_ledger):
    count = 0
    for seat in (0, 1):
        for p in finished_ledger.payloads[seat]:
            assert steps.check_payload(p, log_event(finished_ledger, p))
            count += 1
    assert count == 2 + 4  # two deals, two hide notes, two parity whispers


def test_payload_salts_derive_from_the_seed(finished_ledger):
    for p in finished_ledger.payloads[0] + finished_ledger.payloads[1]:
        assert p["salt"] == event_salt(finished_ledger.seed, p["seq"], p["index"])


def test_private_event_in_the_log_shows_only_readers_and_commitment(finished_ledger):
    start = finished_ledger.entries[START]["body"]
    dealt = start["events"][0]
    assert set(dealt) == {"to", "commit"} and dealt["to"] == [0]
    assert start["events"][2] == {"kind": "begin", "data": {"first": 0}, "to": None}


def altered_payloads(p: dict):
    event = p["event"]
    yield "data", {**p, "event": {**event, "data": {**event["data"], "x": 1}}}
    yield "kind", {**p, "event": {**event, "kind": event["kind"] + "!"}}
    yield "to", {**p, "event": {**event, "to": [0, 1]}}
    yield "public", {**p, "event": {**event, "to": None}}
    yield "salt", {**p, "salt": ("0" if p["salt"][0] != "0" else "1") + p["salt"][1:]}
    yield "no salt", {k: v for k, v in p.items() if k != "salt"}
    yield "no event", {k: v for k, v in p.items() if k != "event"}
    yield "short salt", {**p, "salt": p["salt"][:-2]}
    yield "odd salt", {**p, "salt": p["salt"][:-1]}
    yield "salt not hex", {**p, "salt": "zz" * 32}
    yield "salt not str", {**p, "salt": 5}
    yield "float in event", {**p, "event": {**event, "data": {"value": float("nan")}}}


@pytest.mark.parametrize("which", range(12))
def test_check_payload_refuses_altered_payloads(finished_ledger, which):
    for seat in (0, 1):
        for p in finished_ledger.payloads[seat]:
            name, bad = list(altered_payloads(p))[which]
            assert not steps.check_payload(bad, log_event(finished_ledger, p)), name


def test_check_payload_refuses_the_wrong_log_event(finished_ledger):
    led = finished_ledger
    p = led.payloads[0][0]
    assert (p["seq"], p["index"]) == (START, 0)
    start_events = led.entries[START]["body"]["events"]
    assert not steps.check_payload(p, start_events[1])  # seat 1's deal
    assert not steps.check_payload(p, start_events[2])  # a public event
    assert not steps.check_payload(p, {})
    assert not steps.check_payload(p, {"commit": None})


def test_check_payload_with_a_malformed_log_event(finished_ledger):
    assert not steps.check_payload(finished_ledger.payloads[0][0], ["not", "an", "event"])


def test_publish():
    seed = bytes(32)
    events = [Event("a", {"x": 1}), Event("b", {"y": 2}, to=(1, 0)), Event("c", {}, to=(1,))]
    public, payloads = steps.publish(events, seed, 7)
    assert public[0] == {"kind": "a", "data": {"x": 1}, "to": None}
    b = {"kind": "b", "data": {"y": 2}, "to": [0, 1]}
    assert public[1] == {"to": [0, 1], "commit": commit(TAG_EVENT, b, event_salt(seed, 7, 1))}
    assert public[2]["to"] == [1]
    assert [(p.seq, p.index, p.to) for p in payloads] == [(7, 1, (0, 1)), (7, 2, (1,))]
    assert payloads[0].to_json() == {
        "seq": 7,
        "index": 1,
        "to": [0, 1],
        "event": b,
        "salt": event_salt(seed, 7, 1),
    }


# --- forks ---------------------------------------------------------------------------------------


def test_a_later_log_extends_every_earlier_receipt():
    led = Ledger("receipts").begin()
    receipts = [{"seq": e["seq"], "hash": entry_hash(e)} for e in led.entries]
    led.play_moves()
    led.reveal()
    for receipt in receipts:
        assert extends(led.entries, receipt)
    assert extends(led.entries, led.receipts[0])


def test_a_rewritten_log_is_a_fork(finished_ledger):
    led = finished_ledger
    receipt = {"seq": THROW0, "hash": entry_hash(led.entries[THROW0])}
    for seq in range(1, THROW0 + 1):
        forked = copy.deepcopy(led.entries)
        forked[seq]["ts"] = "2030-01-01T00:00:00Z"
        forked = reseal(forked, seq, led.server_key)
        assert not extends(forked, receipt), seq
        # receipts older than the rewrite are still extended
        assert extends(forked, {"seq": seq - 1, "hash": entry_hash(led.entries[seq - 1])})


def test_a_fork_after_the_receipt_is_not_seen_by_it(finished_ledger):
    """extends() only says the log holds the kept head; later entries are the audit's business."""
    led = finished_ledger
    forked = reseal(copy.deepcopy(led.entries), THROW1, led.server_key)
    forked[THROW1]["body"]["to_move"] = 5
    assert extends(forked, {"seq": THROW0, "hash": entry_hash(led.entries[THROW0])})


def test_a_truncated_log_does_not_extend(finished_ledger):
    led = finished_ledger
    receipt = {"seq": THROW1, "hash": entry_hash(led.entries[THROW1])}
    assert not extends(led.entries[:THROW1], receipt)
    assert not extends(led.entries, {"seq": -1, "hash": entry_hash(led.entries[-1])})
    assert not extends(led.entries, {"seq": 100, "hash": "00" * 32})


def test_two_histories_for_two_players():
    """The server shows seat 0 one game and seat 1 another: their receipts cannot both be extended."""
    a = Ledger("same").begin()
    b = Ledger("same").begin()
    assert a.entries == b.entries  # same seed, keys and nonces: same log so far
    a.move(0, {"type": "throw"})
    b.move(0, {"type": "pass"})
    ra = {"seq": HIDE0, "hash": entry_hash(a.entries[HIDE0])}
    rb = {"seq": HIDE0, "hash": entry_hash(b.entries[HIDE0])}
    assert extends(a.entries, ra) and not extends(a.entries, rb)
    assert extends(b.entries, rb) and not extends(b.entries, ra)


# --- steps.start ---------------------------------------------------------------------------------


def test_start_is_deterministic_and_mixes_every_nonce():
    seed = bytes(range(32))
    a = steps.start(TOY, 2, {"rounds": 2}, ["00" * 32, "11" * 32], seed, 3)
    b = steps.start(TOY, 2, {"rounds": 2}, ["00" * 32, "11" * 32], seed, 3)
    assert a == b
    state, _ = TOY.setup(2, {"rounds": 2}, Rng(setup_key(seed, ["00" * 32, "11" * 32])))
    assert a.state == state
    assert a.body["state"] == commit(TAG_STATE, state, state_salt(seed, 3))
    assert a.body["to_move"] == 0 and "result" not in a.body
    deals = {
        tuple(steps.start(TOY, 2, {"rounds": 2}, nonces, seed, 3).state["dealt"])
        for nonces in (["00" * 32, f"{i:064x}"] for i in range(40))
    }
    assert len(deals) > 10  # seat 1's nonce alone changes the deal


# --- steps.move ------------------------------------------------------------------------------------


@pytest.fixture
def table():
    """A started toy game, seat 0 to move, and a helper to sign envelopes for it."""
    return Ledger("steps").begin()


def call_move(led: Ledger, sub: dict, key: str | None = None, head=None):
    return steps.move(
        TOY,
        led.state,
        key or led.player_keys[sub["envelope"]["seat"]].public_hex,
        sub["envelope"],
        sub["sig"],
        sub["secret"],
        sub["salt"],
        led.seed,
        head or led.head(),
        seats=led.seats,
    )


def resign_env(led: Ledger, sub: dict, **changes) -> dict:
    env = {**sub["envelope"], **changes}
    return {**sub, "envelope": env, "sig": sign_envelope(env, led.player_keys[env["seat"]])}


def test_move_step(table):
    sub = table.sign_move(0, {"type": "throw"})
    step = call_move(table, sub)
    seq, prev = table.head()
    assert (
        step.body["seat"] == 0
        and step.body["envelope"] == sub["envelope"]
        and step.body["sig"] == sub["sig"]
    )
    state, events = TOY.apply(
        table.state, 0, {"type": "throw"}, Rng(move_key(table.seed, seq, sub["envelope"]["nonce"]))
    )
    assert step.state == state
    assert step.body["state"] == commit(TAG_STATE, state, state_salt(table.seed, seq))
    assert step.body["events"][0] == events[0].to_json()
    assert step.body["to_move"] == 1
    assert [p.to for p in step.payloads] == [(1,)]


def test_move_with_a_secret(table):
    sub = table.sign_move(0, {"type": "hide", "value": 2})
    assert sub["envelope"]["move"] == {"type": "hide"}
    assert sub["secret"] == {"value": 2}
    assert sub["envelope"]["secret_commit"] == commit(TAG_SECRET, {"value": 2}, sub["salt"])
    step = call_move(table, sub)
    assert step.state["hidden"] == [2, None]
    assert "2" not in str(step.body["events"][0])


def test_the_nonce_changes_the_throw(table):
    seq, prev = table.head()
    throws = set()
    for i in range(30):
        env = envelope("g-toy", seq, prev, 0, {"type": "throw"}, None, f"{i:064x}", "t")
        sub = {
            "envelope": env,
            "sig": sign_envelope(env, table.player_keys[0]),
            "secret": None,
            "salt": None,
        }
        throws.add(call_move(table, sub).state["thrown"][0])
    assert throws == {1, 2, 3, 4, 5, 6}


def refuse(table, sub, status, words, **kwargs):
    with pytest.raises(steps.StepError) as info:
        call_move(table, sub, **kwargs)
    assert info.value.status == status, info.value.message
    assert words in info.value.message


def test_refuses_a_bad_signature(table):
    sub = table.sign_move(0, {"type": "throw"})
    refuse(table, {**sub, "sig": sub["sig"][:-2] + "00"}, 403, "signature")
    refuse(table, sub, 403, "signature", key=table.player_keys[1].public_hex)
    changed = {**sub, "envelope": {**sub["envelope"], "move": {"type": "pass"}}}
    refuse(table, changed, 403, "signature")
    refuse(table, {**sub, "sig": None}, 400, "signed envelope")
    refuse(
        table, {**sub, "envelope": "x"}, 400, "signed envelope", key=table.player_keys[0].public_hex
    )


def test_refuses_a_stale_move(table):
    sub = table.sign_move(0, {"type": "throw"})
    seq, prev = table.head()
    refuse(table, sub, 409, "stale", head=(seq + 1, prev))
    refuse(table, sub, 409, "stale", head=(seq, "00" * 32))
    table.submit(0, sub)
    # the same signed move again, now that the log moved on
    refuse(table, sub, 409, "stale")


def test_refuses_a_bad_envelope(table):
    sub = table.sign_move(0, {"type": "throw"})
    refuse(table, resign_env(table, sub, extra=1), 400, "exactly the fields")
    env = {k: v for k, v in sub["envelope"].items() if k != "ts"}
    refuse(
        table,
        {**sub, "envelope": env, "sig": sign_envelope(env, table.player_keys[0])},
        400,
        "exactly",
    )
    refuse(table, resign_env(table, sub, move="throw"), 400, "JSON object")
    refuse(table, resign_env(table, sub, nonce="00"), 400, "nonce")
    refuse(table, resign_env(table, sub, nonce="AB" * 32), 400, "nonce")
    refuse(table, resign_env(table, sub, nonce=None), 400, "nonce")


def test_refuses_secret_mismatch(table):
    sub = table.sign_move(0, {"type": "hide", "value": 2})
    refuse(table, {**sub, "secret": {"value": 3}}, 403, "does not match")
    refuse(table, {**sub, "salt": "00" * 32}, 403, "does not match")
    refuse(table, {**sub, "salt": None}, 400, "salt")
    refuse(table, {**sub, "salt": "00"}, 400, "salt")
    refuse(table, {**sub, "secret": {"value": float("inf")}}, 400, "canonical")


def test_refuses_a_secret_without_commitment(table):
    sub = table.sign_move(0, {"type": "throw"})
    refuse(table, {**sub, "secret": {"value": 1}, "salt": "00" * 32}, 400, "commits to none")


def test_refuses_a_secret_left_in_the_public_move(table):
    """The player puts the hidden value in the public move: the split does not give it back."""
    seq, prev = table.head()
    env = envelope("g-toy", seq, prev, 0, {"type": "hide", "value": 2}, None, "00" * 32, "t")
    sub = {
        "envelope": env,
        "sig": sign_envelope(env, table.player_keys[0]),
        "secret": None,
        "salt": None,
    }
    refuse(table, sub, 400, "do not split")


def test_refuses_a_secret_move_with_no_secret(table):
    seq, prev = table.head()
    env = envelope("g-toy", seq, prev, 0, {"type": "hide"}, None, "00" * 32, "t")
    sub = {
        "envelope": env,
        "sig": sign_envelope(env, table.player_keys[0]),
        "secret": None,
        "salt": None,
    }
    with pytest.raises(IllegalMove):
        call_move(table, sub)


def test_refuses_a_secret_split_otherwise(table):
    """The committed secret holds more than the game's secret part."""
    seq, prev = table.head()
    secret, salt = {"value": 2, "extra": 1}, "00" * 32
    env = envelope(
        "g-toy", seq, prev, 0, {"type": "hide"}, commit(TAG_SECRET, secret, salt), "00" * 32, "t"
    )
    sub = {
        "envelope": env,
        "sig": sign_envelope(env, table.player_keys[0]),
        "secret": secret,
        "salt": salt,
    }
    refuse(table, sub, 400, "do not split")


def test_illegal_move_passes_through(table):
    sub = table.sign_move(1, {"type": "throw"})
    with pytest.raises(IllegalMove, match="not your turn"):
        call_move(table, sub)
    sub = table.sign_move(0, {"type": "dance"})
    with pytest.raises(IllegalMove, match="not a legal move"):
        call_move(table, sub)


def test_resign_step(table):
    seq, prev = table.head()
    env = envelope("g-toy", seq, prev, 1, {"type": "resign"}, None, "00" * 32, "t")
    sig = sign_envelope(env, table.player_keys[1])
    body = steps.resign(table.player_keys[1].public_hex, env, sig, 2, (seq, prev))
    assert body == {
        "kind": "resign",
        "envelope": env,
        "sig": sig,
        "result": {"winner": 0, "scores": None, "reason": "seat 1 resigned"},
    }
    with pytest.raises(steps.StepError) as info:
        steps.resign(table.player_keys[0].public_hex, env, sig, 2, (seq, prev))
    assert info.value.status == 403
    with pytest.raises(steps.StepError) as info:
        steps.resign(table.player_keys[1].public_hex, env, sig, 2, (seq + 1, prev))
    assert info.value.status == 409
    move_env = {**env, "move": {"type": "pass"}}
    with pytest.raises(steps.StepError) as info:
        steps.resign(
            table.player_keys[1].public_hex,
            move_env,
            sign_envelope(move_env, table.player_keys[1]),
            2,
            (seq, prev),
        )
    assert info.value.status == 400


def test_results():
    assert steps.resign_result(2, 0)["winner"] == 1
    assert steps.resign_result(3, 0)["winner"] is None
    assert steps.abort("x") == {"kind": "abort", "reason": "x", "result": steps.abort_result("x")}
    assert steps.abort_result("x") == {"winner": None, "scores": None, "reason": "aborted: x"}


def test_reveal_body():
    secrets = [{"seq": 9, "secret": 1, "salt": "aa"}, {"seq": 4, "secret": 2, "salt": "bb"}]
    body = steps.reveal(bytes(range(32)), secrets, {"winner": 0})
    assert body == {
        "server_seed": bytes(range(32)).hex(),
        "secrets": [secrets[1], secrets[0]],
        "result": {"winner": 0},
    }


def test_seal_keeps_the_entry_and_adds_sig(table):
    entry = {k: v for k, v in table.entries[1].items() if k != "sig"}
    sealed = seal(entry, SigningKey.from_seed_hex("33" * 32))
    assert {k: v for k, v in sealed.items() if k != "sig"} == entry
    assert entry_hash(sealed) == entry_hash(entry)



def test_a_move_the_engine_chokes_on_is_refused_not_a_crash():
    """A signed move whose fields have a shape the engine did not foresee (a list where a number
    goes) makes steps.move refuse it with IllegalMove, which the server answers with 422, never
    500 (found in siedler: a bank trade with a list as its rate); the log is unchanged."""
    from tests.protocol.toy import ToyEngine

    class Choking(ToyEngine):
        id = "toy-choking"

        def apply(self, state, seat, move, rng):  # noqa: ANN001, ANN201 - a test engine
            if move.get("type") == "choke":
                return {1: "x"}[move["n"]], []  # TypeError on a list, KeyError on 2
            return super().apply(state, seat, move, rng)

    led = Ledger("choking", engine=Choking())
    for seat in (0, 1):
        led.join(seat)
    led.start()
    seat = led.engine.to_move(led.state)
    before = len(led.entries)
    for bad in ([], 2):
        with pytest.raises(IllegalMove, match="cannot read that move"):
            led.move(seat, {"type": "choke", "n": bad})
    assert len(led.entries) == before
