"""The offline audit over toy logs: PASS, INCOMPLETE, and FAIL naming the right entry.

Two kinds of tampering: a changed byte that nobody re-signed (caught by the chain
and signature checks at exactly that entry), and a dishonest server that rewrites
history and re-seals every entry from there on with its own, correct key (caught
by the players' signatures, the commitments and the replay).
"""

from __future__ import annotations

import copy

import pytest

from protocol.audit import audit
from protocol.commitments import TAG_EVENT, TAG_STATE, commit, event_salt, seed_commit, state_salt
from protocol.entries import (
    FORMAT,
    entry_hash,
    envelope,
    extends,
    join_statement,
    seal,
    sign_envelope,
    sign_join,
)
from protocol.keys import SigningKey
from tests.protocol.ledger import (
    Ledger,
    assert_fail,
    export_of,
    random_policy,
    reseal,
    resealed,
    throw_policy,
)
from tests.protocol.toy import TOY, ToyEngine, lookup

GENESIS, JOIN0, JOIN1, START = 0, 1, 2, 3
HIDE0, HIDE1, THROW0, THROW1 = 4, 5, 6, 7
REVEAL = 8


def run(export):
    return audit(export, lookup=lookup)


def flip_hex(value: str, position: int = 0) -> str:
    """Change one hex digit (still valid hex, same length)."""
    c = value[position]
    return value[:position] + ("1" if c == "0" else "0") + value[position + 1 :]


# --- honest logs ------------------------------------------------------------------------------


def test_layout(finished):
    kinds = [e["type"] for e in finished["entries"]]
    assert kinds == ["genesis", "join", "join", "start", "move", "move", "move", "move", "reveal"]
    moves = [e["body"]["envelope"]["move"] for e in finished["entries"][HIDE0:REVEAL]]
    assert moves == [{"type": "hide"}, {"type": "hide"}, {"type": "throw"}, {"type": "throw"}]
    assert [s["seq"] for s in finished["entries"][REVEAL]["body"]["secrets"]] == [HIDE0, HIDE1]
    assert finished["format"] == FORMAT == "pbem-log/2"


def test_pass(finished, finished_ledger):
    v = run(finished)
    assert v.word == "PASS", v.to_json()
    assert v.ok and v.complete and v.entry is None
    assert v.result == finished_ledger.result == finished["entries"][REVEAL]["body"]["result"]
    assert v.game == "g-toy" and v.engine == "toy"
    assert v.checked["entries"] == 9
    assert v.checked["moves"] == 4
    # 9 entry signatures, 2 joins, 4 moves
    assert v.checked["signatures"] == 15
    j = v.to_json()
    assert j["verdict"] == "PASS" and j["result"] == v.result


@pytest.mark.parametrize("label", [f"random-{i}" for i in range(8)])
def test_pass_random_games(label):
    ledger = Ledger(label, options={"rounds": 5}).begin().play_moves(random_policy)
    ledger.reveal()
    assert run(ledger.export()).word == "PASS"


def test_pass_after_resignation():
    ledger = Ledger("resign").begin()
    ledger.move(0, {"type": "hide", "value": 2})
    ledger.resign(1)
    ledger.reveal()
    v = run(ledger.export())
    assert v.word == "PASS", v.to_json()
    assert v.result == {"winner": 0, "scores": None, "reason": "seat 1 resigned"}


def test_pass_out_of_turn_resignation():
    ledger = Ledger("resign-early").begin()
    ledger.resign(1)  # seat 0 is to move; anyone may resign at any time
    ledger.reveal()
    assert run(ledger.export()).word == "PASS"


def test_pass_after_abort():
    ledger = Ledger("abort").begin()
    ledger.move(0, {"type": "throw"})
    ledger.abort("no moves for 30 days")
    ledger.reveal()
    v = run(ledger.export())
    assert v.word == "PASS", v.to_json()
    assert v.result == {"winner": None, "scores": None, "reason": "aborted: no moves for 30 days"}


@pytest.mark.parametrize("length", range(1, REVEAL + 1))
def test_unfinished_log_is_incomplete(finished, length):
    """Every prefix without the reveal: chain and signatures check, nothing is replayed."""
    v = run(export_of(finished["entries"][:length]))
    assert v.word == "INCOMPLETE", v.to_json()
    assert v.ok and not v.complete and v.result is None
    assert v.checked["entries"] == length


def test_game_over_but_not_revealed_is_incomplete(finished):
    entries = finished["entries"][:REVEAL]
    assert "result" in entries[-1]["body"]
    assert run(export_of(entries)).word == "INCOMPLETE"


# --- the export itself ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "export",
    [None, [], "x", {"format": "pbem-log/2", "entries": []}, {"entries": []}, {"format": FORMAT}],
)
def test_not_an_export(export):
    v = run(export)
    assert v.word == "FAIL" and v.entry is None
    assert v.reason.startswith("the log: ")


def test_no_entries():
    assert_fail(run(export_of([])), None, "no entries")


def test_first_entry_not_genesis(finished):
    assert_fail(run(export_of(finished["entries"][1:])), 0, "genesis")


# --- changed bytes, nobody re-signed ------------------------------------------------------------


def test_changed_move(finished):
    finished["entries"][THROW0]["body"]["envelope"]["move"] = {"type": "pass"}
    assert_fail(run(finished), THROW0, "server's signature")


def test_changed_event(finished):
    event = finished["entries"][THROW0]["body"]["events"][0]
    assert event["kind"] == "threw"
    event["data"]["value"] = event["data"]["value"] % 6 + 1
    assert_fail(run(finished), THROW0, "server's signature")


def test_changed_private_commitment(finished):
    event = finished["entries"][START]["body"]["events"][0]
    event["commit"] = flip_hex(event["commit"])
    assert_fail(run(finished), START, "server's signature")


@pytest.mark.parametrize("seq", range(REVEAL + 1))
def test_changed_entry_signature(finished, seq):
    entry = finished["entries"][seq]
    entry["sig"] = flip_hex(entry["sig"], 10)
    assert_fail(run(finished), seq, "server's signature")


def test_signature_hex_must_be_lowercase(finished):
    entry = finished["entries"][HIDE0]
    entry["sig"] = entry["sig"].upper()
    assert_fail(run(finished), HIDE0, "server's signature")


@pytest.mark.parametrize("seq", range(REVEAL + 1))
def test_missing_entry_signature(finished, seq):
    del finished["entries"][seq]["sig"]
    assert_fail(run(finished), seq, "server's signature")


def test_changed_player_signature(finished):
    body = finished["entries"][HIDE1]["body"]
    body["sig"] = flip_hex(body["sig"], 3)
    assert_fail(run(finished), HIDE1, "server's signature")


def test_changed_join_signature(finished):
    body = finished["entries"][JOIN1]["body"]
    body["sig"] = flip_hex(body["sig"])
    assert_fail(run(finished), JOIN1, "server's signature")


def test_changed_seed(finished):
    body = finished["entries"][REVEAL]["body"]
    body["server_seed"] = flip_hex(body["server_seed"], 7)
    assert_fail(run(finished), REVEAL, "server's signature")


def test_changed_secret_salt(finished):
    secret = finished["entries"][REVEAL]["body"]["secrets"][1]
    secret["salt"] = flip_hex(secret["salt"], 5)
    assert_fail(run(finished), REVEAL, "server's signature")


def test_changed_prev(finished):
    finished["entries"][JOIN1]["prev"] = flip_hex(finished["entries"][JOIN1]["prev"])
    assert_fail(run(finished), JOIN1, "chain is broken")


@pytest.mark.parametrize("field", ["ts", "v"])
def test_changed_header_field(finished, field):
    entry = finished["entries"][HIDE1]
    entry[field] = entry[field] + ("x" if isinstance(entry[field], str) else 1)
    assert_fail(run(finished), HIDE1, "server's signature")


@pytest.mark.parametrize(
    ("a", "b"), [(HIDE1, THROW0), (JOIN0, JOIN1), (START, HIDE0), (THROW1, REVEAL)]
)
def test_swapped_entries(finished, a, b):
    entries = finished["entries"]
    entries[a], entries[b] = entries[b], entries[a]
    assert_fail(run(finished), a, "missing or out of order")


@pytest.mark.parametrize("seq", range(1, REVEAL))
def test_missing_entry(finished, seq):
    del finished["entries"][seq]
    assert_fail(run(finished), seq, "missing or out of order")


def test_entry_of_another_game(finished):
    finished["entries"][HIDE0]["game"] = "g-other"
    assert_fail(run(finished), HIDE0, "another game")


def test_unknown_entry_type(finished, finished_ledger):
    """An entry retyped without the server's key fails its signature; retyped and re-signed, it
    fails at the next move its player signed over the old entry. One the server signed in a
    type this pbem does not know, with nothing after it that proves a rewrite, cannot be
    checked here: UNSUPPORTED, not FAIL."""
    entries = copy.deepcopy(finished["entries"])
    finished["entries"][HIDE0]["type"] = "bonus"
    assert_fail(run(finished), HIDE0, "signature does not verify")
    v = run(resealed(finished_ledger, finished["entries"], HIDE0))
    assert v.word == "FAIL" and v.entry is not None and v.entry > HIDE0, v.to_json()
    added = {**entries[-1], "type": "bonus", "body": {"points": 1}}
    entries = entries[:-1] + [added, {**entries[-1], "seq": len(entries)}]
    v = run(resealed(finished_ledger, entries, len(entries) - 2))
    assert v.word == "UNSUPPORTED" and v.entry == len(entries) - 2 and "'bonus'" in v.reason, v.to_json()


@pytest.mark.parametrize("seq", [GENESIS, JOIN0, START, THROW1, REVEAL])
def test_entry_signed_by_another_key(finished, seq):
    finished["entries"][seq] = seal(finished["entries"][seq], SigningKey.from_seed_hex("77" * 32))
    assert_fail(run(finished), seq, "server's signature")


def test_whole_log_signed_by_another_key(finished):
    other = SigningKey.from_seed_hex("77" * 32)
    assert_fail(
        run(export_of(reseal(finished["entries"], 0, other))), GENESIS, "server's signature"
    )


def test_tampering_in_an_unfinished_log_still_fails(finished):
    entries = finished["entries"][:THROW0]
    entries[HIDE1]["body"]["sig"] = flip_hex(entries[HIDE1]["body"]["sig"])
    assert_fail(run(export_of(entries)), HIDE1, "server's signature")


# --- a dishonest server: rewritten and re-sealed with the right key -------------------------


def test_resealing_an_honest_log_changes_nothing(finished, finished_ledger):
    again = reseal(finished["entries"], 0, finished_ledger.server_key)
    assert again == finished["entries"]  # Ed25519 is deterministic
    assert run(export_of(again)).word == "PASS"


def test_forged_move(finished, finished_ledger):
    """The server swaps a player's throw for a pass; it cannot make the player's signature fit."""
    finished["entries"][THROW0]["body"]["envelope"]["move"] = {"type": "pass"}
    assert_fail(
        run(resealed(finished_ledger, finished["entries"], THROW0)),
        THROW0,
        "signature does not verify",
    )


def test_forged_move_in_an_unfinished_log(finished, finished_ledger):
    entries = finished["entries"][:REVEAL]
    entries[THROW0]["body"]["envelope"]["move"] = {"type": "pass"}
    v = run(resealed(finished_ledger, entries, THROW0))
    assert_fail(v, THROW0, "move signature does not verify")


def test_move_signed_by_the_server_not_the_player(finished, finished_ledger):
    body = finished["entries"][THROW0]["body"]
    body["sig"] = sign_envelope(body["envelope"], finished_ledger.server_key)
    assert_fail(
        run(resealed(finished_ledger, finished["entries"], THROW0)),
        THROW0,
        "signature does not verify",
    )


def test_move_signed_by_the_opponent(finished, finished_ledger):
    body = finished["entries"][THROW0]["body"]
    body["sig"] = sign_envelope(body["envelope"], finished_ledger.player_keys[1])
    assert_fail(
        run(resealed(finished_ledger, finished["entries"], THROW0)),
        THROW0,
        "signature does not verify",
    )


def test_changed_player_signature_resealed(finished, finished_ledger):
    body = finished["entries"][HIDE1]["body"]
    body["sig"] = flip_hex(body["sig"], 3)
    assert_fail(
        run(resealed(finished_ledger, finished["entries"], HIDE1)),
        HIDE1,
        "signature does not verify",
    )


def test_changed_state_commitment(finished, finished_ledger):
    body = finished["entries"][HIDE1]["body"]
    body["state"] = flip_hex(body["state"])
    assert_fail(
        run(resealed(finished_ledger, finished["entries"], HIDE1)), HIDE1, "body.state differs"
    )


def test_state_commitment_to_another_state(finished, finished_ledger):
    """The server commits to a state where it gave seat 0 a better deal: the replay disagrees."""
    state = {
        "rounds": 2,
        "moves": 0,
        "turn": 0,
        "dealt": [6, 6],
        "thrown": [0, 0],
        "hidden": [None, None],
    }
    ledger = finished_ledger
    finished["entries"][START]["body"]["state"] = commit(
        TAG_STATE, state, state_salt(ledger.seed, START)
    )
    assert_fail(run(resealed(ledger, finished["entries"], START)), START, "body.state differs")


@pytest.mark.parametrize(("seq", "index"), [(START, 0), (START, 1), (HIDE0, 1), (THROW1, 1)])
def test_changed_private_event_commitment(finished, finished_ledger, seq, index):
    event = finished["entries"][seq]["body"]["events"][index]
    assert "commit" in event
    event["commit"] = flip_hex(event["commit"], 9)
    v = run(resealed(finished_ledger, finished["entries"], seq))
    assert_fail(v, seq, f"body.events[{index}].commit differs")


def test_private_event_commitment_to_another_deal(finished, finished_ledger):
    """A commitment to a different card, correctly salted: still not what the replay deals."""
    ledger = finished_ledger
    event = finished["entries"][START]["body"]["events"][0]
    mine = next(p for p in ledger.payloads[0] if p["seq"] == START and p["index"] == 0)
    other = copy.deepcopy(mine["event"])
    other["data"]["value"] = other["data"]["value"] % 6 + 1
    event["commit"] = commit(TAG_EVENT, other, event_salt(ledger.seed, START, 0))
    assert_fail(
        run(resealed(ledger, finished["entries"], START)), START, "body.events[0].commit differs"
    )


def test_private_event_readdressed(finished, finished_ledger):
    finished["entries"][START]["body"]["events"][0]["to"] = [1]
    assert_fail(
        run(resealed(finished_ledger, finished["entries"], START)),
        START,
        "body.events[0].to[0] differs",
    )


def test_changed_public_throw(finished, finished_ledger):
    """The server reports a better throw than the seed and the player's nonce give."""
    event = finished["entries"][THROW0]["body"]["events"][0]
    event["data"]["value"] = event["data"]["value"] % 6 + 1
    v = run(resealed(finished_ledger, finished["entries"], THROW0))
    assert_fail(v, THROW0, "body.events[0].data.value differs")


def test_dropped_event(finished, finished_ledger):
    del finished["entries"][THROW0]["body"]["events"][1]
    assert_fail(
        run(resealed(finished_ledger, finished["entries"], THROW0)), THROW0, "body.events differs"
    )


@pytest.mark.parametrize(
    ("field", "value"), [("to_move", 1), ("seat", 0), ("result", {"winner": 0})]
)
def test_changed_status_fields(finished, finished_ledger, field, value):
    finished["entries"][HIDE1]["body"][field] = value
    v = run(resealed(finished_ledger, finished["entries"], HIDE1))
    assert_fail(v, HIDE1, f"body.{field}")


def test_changed_seed_resealed(finished, finished_ledger):
    body = finished["entries"][REVEAL]["body"]
    body["server_seed"] = flip_hex(body["server_seed"], 7)
    v = run(resealed(finished_ledger, finished["entries"], REVEAL))
    assert_fail(v, REVEAL, "does not match the genesis commitment")


def test_seed_not_hex(finished, finished_ledger):
    finished["entries"][REVEAL]["body"]["server_seed"] = "not hex"
    assert_fail(run(resealed(finished_ledger, finished["entries"], REVEAL)), REVEAL, "not 32 bytes of lowercase hex")


def test_other_seed_with_matching_commitment(finished, finished_ledger):
    """A server that swaps its seed and its genesis commitment after the joins: the first join
    signed the old genesis (its statement holds the head the joiner saw), so it fails there
    (joins are bound to the game's setup: a server that could change its seed after the joins
    could choose the deal)."""
    other = bytes(32)
    entries = finished["entries"]
    entries[GENESIS]["body"]["seed_commit"] = seed_commit(other)
    entries[REVEAL]["body"]["server_seed"] = other.hex()
    v = run(resealed(finished_ledger, entries, GENESIS))
    assert_fail(v, JOIN0, "join signature does not verify")


def test_changed_secret_salt_resealed(finished, finished_ledger):
    secret = finished["entries"][REVEAL]["body"]["secrets"][1]
    assert secret["seq"] == HIDE1
    secret["salt"] = flip_hex(secret["salt"], 5)
    v = run(resealed(finished_ledger, finished["entries"], REVEAL))
    assert_fail(v, HIDE1, "secret does not match")


def test_changed_secret_value_resealed(finished, finished_ledger):
    secret = finished["entries"][REVEAL]["body"]["secrets"][0]
    secret["secret"] = {"value": secret["secret"]["value"] % 3 + 1}
    v = run(resealed(finished_ledger, finished["entries"], REVEAL))
    assert_fail(v, HIDE0, "secret does not match")


def test_missing_secret_resealed(finished, finished_ledger):
    del finished["entries"][REVEAL]["body"]["secrets"][0]
    v = run(resealed(finished_ledger, finished["entries"], REVEAL))
    assert_fail(v, HIDE0, "holds no secret")


def test_extra_secret_resealed(finished, finished_ledger):
    secrets = finished["entries"][REVEAL]["body"]["secrets"]
    secrets.append({"seq": THROW0, "secret": {"value": 1}, "salt": "00" * 32})
    v = run(resealed(finished_ledger, finished["entries"], REVEAL))
    assert_fail(v, REVEAL, "committed none")


@pytest.mark.parametrize("secrets", [None, "x", [1], [{"seq": "4", "salt": "00"}], [{"seq": 4}]])
def test_malformed_secrets_resealed(finished, finished_ledger, secrets):
    finished["entries"][REVEAL]["body"]["secrets"] = secrets
    v = run(resealed(finished_ledger, finished["entries"], REVEAL))
    assert_fail(v, REVEAL)


def test_secret_without_value_resealed(finished, finished_ledger):
    del finished["entries"][REVEAL]["body"]["secrets"][0]["secret"]
    v = run(resealed(finished_ledger, finished["entries"], REVEAL))
    assert_fail(v, REVEAL, "malformed secret")


def test_changed_result_resealed(finished, finished_ledger):
    finished["entries"][REVEAL]["body"]["result"] = {"winner": 0, "scores": [99, 0]}
    v = run(resealed(finished_ledger, finished["entries"], REVEAL))
    assert_fail(v, REVEAL, "result is not the replay's result")


@pytest.mark.parametrize(("a", "b"), [(HIDE0, HIDE1), (HIDE1, THROW0), (THROW0, THROW1)])
def test_reordered_moves_resealed(finished, finished_ledger, a, b):
    """Renumbered and relinked by the server: the envelopes still say where the player put them."""
    entries = finished["entries"]
    entries[a], entries[b] = entries[b], entries[a]
    entries[a]["seq"], entries[b]["seq"] = a, b
    v = run(resealed(finished_ledger, entries, a))
    assert_fail(v, a, "stale move")


def test_dropped_move_resealed(finished, finished_ledger):
    entries = finished["entries"]
    del entries[HIDE1]
    for seq, entry in enumerate(entries):
        entry["seq"] = seq
    v = run(resealed(finished_ledger, entries, HIDE1))
    assert_fail(v, HIDE1)


def test_replayed_move_resealed(finished, finished_ledger):
    """The same signed move twice: the second copy is for a place in the log it was not made for."""
    entries = finished["entries"][: HIDE1 + 1]
    copy_ = copy.deepcopy(entries[HIDE0])
    copy_["seq"] = HIDE1 + 1
    entries.append(copy_)
    v = run(resealed(finished_ledger, entries, HIDE1 + 1))
    assert_fail(v, HIDE1 + 1, "signed envelope is for another place")


def test_changed_join_resealed(finished, finished_ledger):
    finished["entries"][JOIN1]["body"]["name"] = "mallory"
    v = run(resealed(finished_ledger, finished["entries"], JOIN1))
    assert_fail(v, JOIN1, "join signature does not verify")


def test_changed_join_nonce_resealed(finished, finished_ledger):
    """The server picks a join nonce itself (to steer the deal): the player did not sign it."""
    finished["entries"][JOIN0]["body"]["nonce"] = "00" * 32
    v = run(resealed(finished_ledger, finished["entries"], JOIN0))
    assert_fail(v, JOIN0, "join signature does not verify")


def test_substituted_player_key(finished, finished_ledger):
    """A server that joins in a player's name with its own key: the next join signed the head
    it saw, which held the real key, so that join no longer verifies (and neither would the
    player's signed moves)."""
    mallory = SigningKey.from_seed_hex("66" * 32)
    body = finished["entries"][JOIN0]["body"]
    body["key"] = mallory.public_hex
    body["sig"] = sign_join(
        join_statement(
            "g-toy", 0, body["name"], body["key"], body["nonce"], finished["entries"][JOIN0]["prev"]
        ),
        mallory,
    )
    v = run(resealed(finished_ledger, finished["entries"], JOIN0))
    assert_fail(v, JOIN1, "join signature does not verify")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"seat": 0}, "joined twice"),
        ({"seat": 5}, "joins seat 5"),
        ({"key": "zz"}, "not an Ed25519 public key"),
    ],
)
def test_bad_join_resealed(finished, finished_ledger, change, words):
    finished["entries"][JOIN1]["body"].update(change)
    assert_fail(run(resealed(finished_ledger, finished["entries"], JOIN1)), JOIN1, words)


def test_join_without_nonce_resealed(finished, finished_ledger):
    del finished["entries"][JOIN0]["body"]["nonce"]
    assert_fail(run(resealed(finished_ledger, finished["entries"], JOIN0)), JOIN0, "join body")


def test_start_before_all_joined(finished, finished_ledger):
    entries = finished["entries"]
    del entries[JOIN1]
    for seq, entry in enumerate(entries):
        entry["seq"] = seq
    v = run(resealed(finished_ledger, entries, JOIN1))
    assert_fail(v, JOIN1, "1 of 2 seats joined")


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("engine", 7, "names no engine"),
        ("engine_version", 2, "names no engine"),
        ("seats", 3, "bad options"),
        ("options", {"rounds": 9}, "bad options"),
        ("options", {}, "not complete"),
        ("server_key", "00" * 31, "no valid server key"),
    ],
)
def test_bad_genesis(finished, finished_ledger, field, value, words):
    finished["entries"][GENESIS]["body"][field] = value
    assert_fail(run(resealed(finished_ledger, finished["entries"], GENESIS)), GENESIS, words)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [("engine", "chess", "unknown engine 'chess'"), ("engine_version", "2", "made with toy version 2")],
)
def test_genesis_this_pbem_cannot_check(finished, finished_ledger, field, value, words):
    """Another engine or engine version in a genesis the players signed (their joins are over
    its hash) is not a proven inconsistency: UNSUPPORTED, naming what is missing. The same
    genesis rewritten by the server and signed again breaks the first join's signature, which
    needs no rules to check: FAIL there, not UNSUPPORTED."""
    finished["entries"][GENESIS]["body"][field] = value
    rewritten = run(resealed(finished_ledger, finished["entries"], GENESIS))
    assert rewritten.word == "FAIL" and rewritten.entry == GENESIS + 1, rewritten.to_json()
    engine = copy.copy(finished_ledger.engine)
    setattr(engine, "id" if field == "engine" else "version", value)
    made = Ledger("genesis-unsupported", engine=engine).play(random_policy).export()
    v = run(made)
    assert v.word == "UNSUPPORTED" and v.entry == GENESIS and words in v.reason, v.to_json()
    assert not v.ok and not v.complete and v.to_json()["supported"] is False


def test_changed_options_change_the_replay(finished, finished_ledger):
    """Other (complete, valid) options: the players' moves no longer fit the rewritten genesis."""
    finished["entries"][GENESIS]["body"]["options"] = {"rounds": 3}
    v = run(resealed(finished_ledger, finished["entries"], GENESIS))
    assert not v.ok


def test_move_after_the_end(finished, finished_ledger):
    """An entry after the result (before the reveal) is refused."""
    ledger = finished_ledger
    entries = finished["entries"][:REVEAL]
    seq, prev = REVEAL, entry_hash(entries[-1])
    env = envelope("g-toy", seq, prev, 0, {"type": "pass"}, None, "00" * 32, "t")
    body = {"seat": 0, "envelope": env, "sig": sign_envelope(env, ledger.player_keys[0])}
    entries.append(
        {"v": 2, "game": "g-toy", "seq": seq, "type": "move", "prev": prev, "ts": "t", "body": body}
    )
    entries.append(copy.deepcopy(finished["entries"][REVEAL]))
    entries[-1]["seq"] = seq + 1
    v = run(resealed(ledger, entries, seq))
    assert_fail(v, seq, "after the game ended")


def test_reveal_before_the_end(finished, finished_ledger):
    entries = finished["entries"][:THROW0]
    entries.append(copy.deepcopy(finished["entries"][REVEAL]))
    entries[-1]["seq"] = THROW0
    v = run(resealed(finished_ledger, entries, THROW0))
    assert_fail(v, THROW0, "reveal before the game ended")


def test_reveal_not_last(finished, finished_ledger):
    entries = finished["entries"]
    extra = copy.deepcopy(entries[REVEAL])
    extra["seq"] = REVEAL + 1
    entries.append(extra)
    v = run(resealed(finished_ledger, entries, REVEAL + 1))
    # the seed comes from the last entry; the earlier reveal is the one out of place
    assert_fail(v, REVEAL, "not the last entry")


def test_second_genesis(finished, finished_ledger):
    entries = finished["entries"]
    entries[JOIN1]["type"] = "genesis"
    assert_fail(run(resealed(finished_ledger, entries, JOIN1)), JOIN1, "second genesis")


def test_join_after_start(finished, finished_ledger):
    entries = finished["entries"][: START + 1]
    extra = copy.deepcopy(entries[JOIN1])
    extra["seq"] = START + 1
    entries.append(extra)
    assert_fail(
        run(resealed(finished_ledger, entries, START + 1)), START + 1, "join after the start"
    )


def test_second_start(finished, finished_ledger):
    entries = finished["entries"][: START + 1]
    extra = copy.deepcopy(entries[START])
    extra["seq"] = START + 1
    entries.append(extra)
    assert_fail(run(resealed(finished_ledger, entries, START + 1)), START + 1, "second start")


def test_move_before_start(finished, finished_ledger):
    entries = finished["entries"][:START]
    extra = copy.deepcopy(finished["entries"][HIDE0])
    extra["seq"] = START
    entries.append(extra)
    assert_fail(run(resealed(finished_ledger, entries, START)), START, "before the start")


def test_move_for_an_unjoined_seat(finished, finished_ledger):
    finished["entries"][HIDE0]["body"]["envelope"]["seat"] = 7
    assert_fail(run(resealed(finished_ledger, finished["entries"], HIDE0)), HIDE0, "nobody joined")


class LaxToy(ToyEngine):
    """Broken rules a cheating server might run: anyone may move at any time, and hide again."""

    def legal_moves(self, state, seat):
        return [
            {"type": "throw"},
            {"type": "pass"},
            *({"type": "hide", "value": v} for v in (1, 2, 3)),
        ]

    def apply(self, state, seat, move, rng):
        new, events = super().apply(
            {**state, "turn": seat, "hidden": [None, None]}, seat, move, rng
        )
        new["hidden"] = [
            n if n is not None else o for n, o in zip(new["hidden"], state["hidden"], strict=True)
        ]
        return new, events


def test_move_out_of_turn():
    """The server let seat 1 move twice in a row; the auditor's replay by the real rules refuses."""
    ledger = Ledger("lax", engine=LaxToy()).begin()
    ledger.move(0, {"type": "throw"})
    ledger.move(1, {"type": "throw"})
    entry = ledger.submit(1, ledger.sign_move(1, {"type": "pass"}), check_turn=False)
    assert run(ledger.export()).word == "INCOMPLETE"  # nothing is replayed before the reveal
    ledger.play_moves(throw_policy)
    ledger.reveal()
    assert_fail(run(ledger.export()), entry["seq"], "not your turn")


def test_illegal_move_in_the_log():
    """Seat 0 hides twice; the server's broken rules allowed it, the replay does not."""
    ledger = Ledger("lax2", engine=LaxToy()).begin()
    ledger.move(0, {"type": "hide", "value": 1})
    ledger.move(1, {"type": "throw"})
    entry = ledger.move(0, {"type": "hide", "value": 3})
    ledger.play_moves(throw_policy)
    ledger.reveal()
    assert_fail(run(ledger.export()), entry["seq"], "the replay refuses this move", "hide 3")


# --- system entries ---------------------------------------------------------------------------


def resign_ledger() -> Ledger:
    ledger = Ledger("resign").begin()
    ledger.move(0, {"type": "throw"})
    ledger.resign(1)
    ledger.reveal()
    return ledger


def test_forged_resignation():
    ledger = resign_ledger()
    entries = ledger.export()["entries"]
    seq = len(entries) - 2
    entries[seq]["body"]["envelope"]["seat"] = 0
    entries[seq]["body"]["result"]["winner"] = 1
    v = run(resealed(ledger, entries, seq))
    assert_fail(v, seq, "signature does not verify")


def test_resignation_with_a_wrong_result():
    ledger = resign_ledger()
    entries = ledger.export()["entries"]
    seq = len(entries) - 2
    entries[seq]["body"]["result"] = {"winner": 1, "scores": None, "reason": "seat 1 resigned"}
    assert_fail(run(resealed(ledger, entries, seq)), seq, "body.result.winner differs from the replay")


def test_resignation_signed_for_another_move():
    """A player's signed move re-used as a resignation: it is not one."""
    ledger = resign_ledger()
    entries = ledger.export()["entries"]
    seq = len(entries) - 2
    entries[seq]["body"]["kind"] = "surrender"
    assert_fail(run(resealed(ledger, entries, seq)), seq, "unknown system entry")
    entries[seq]["body"]["kind"] = "timeout"  # a game without deadlines has no timeouts
    assert_fail(run(resealed(ledger, entries, seq)), seq, "without deadlines")


def test_resignation_with_a_null_envelope():
    ledger = resign_ledger()
    entries = ledger.export()["entries"]
    seq = len(entries) - 2
    entries[seq]["body"]["envelope"] = None
    assert_fail(run(resealed(ledger, entries, seq)), seq)


def test_abort_with_a_wrong_result():
    ledger = Ledger("abort").begin()
    ledger.abort("server maintenance")
    ledger.reveal()
    entries = ledger.export()["entries"]
    entries[-2]["body"]["reason"] = "something else"
    assert_fail(
        run(resealed(ledger, entries, len(entries) - 2)), len(entries) - 2, "not what it implies"
    )


def test_abort_before_start_passes():
    """The creator may abort a game that never started; its log ends with the abort."""
    ledger = Ledger("abort-early")
    ledger.join(0)
    ledger.abort("nobody came")
    ledger.reveal()
    v = run(ledger.export())
    assert v.word == "PASS", v.to_json()
    assert v.result == {"winner": None, "scores": None, "reason": "aborted: nobody came"}


def test_other_system_entry_before_start():
    """Only an abort may come before the start: a resignation there fails."""
    ledger = Ledger("abort-early")
    ledger.join(0)
    ledger.abort("nobody came")
    ledger.reveal()
    entries = ledger.export()["entries"]
    entries[2]["body"] = {"kind": "forfeit", "seat": 0, "result": {"winner": None, "scores": None, "reason": "x"}}
    assert_fail(run(resealed(ledger, entries, 2)), 2, "before the start")


# --- forks: receipts --------------------------------------------------------------------------


def test_rekeyed_log_is_a_fork_and_fails(finished, finished_ledger):
    """A server that re-signs a whole log under a new key: the players' receipts do not match it,
    and the joins (which bind the old genesis through prev) do not fit."""
    other = SigningKey.from_seed_hex("55" * 32)
    entries = finished["entries"]
    entries[GENESIS]["body"]["server_key"] = other.public_hex
    rekeyed = reseal(entries, GENESIS, other)
    v = run(export_of(rekeyed))
    assert_fail(v, JOIN0, "join signature does not verify")
    receipt = {"seq": START, "hash": entry_hash(finished_ledger.entries[START])}
    assert extends(finished_ledger.entries, receipt)
    assert not extends(rekeyed, receipt)


def test_the_auditor_uses_the_given_lookup(finished):
    calls = []

    def lookup_(engine_id):
        calls.append(engine_id)
        return TOY

    assert audit(finished, lookup=lookup_).word == "PASS"
    assert calls == ["toy"]
