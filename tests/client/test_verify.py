"""client.verify on logs written exactly as the server writes them (tests/protocol/ledger.py).

Each check a client makes on every fetch is exercised with an honest log and
then with the lie it exists to catch: a fork, a rollback, a bad signature, a
broken link, a move not signed by its seat, a wrong seed, a tampered payload.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from client.verify import (
    ForkError,
    TamperError,
    VerifyError,
    check_export,
    check_head,
    check_log,
    check_payloads,
)
from protocol.entries import entry_hash, seal
from protocol.keys import SigningKey
from tests.protocol.ledger import Ledger, export_of, reseal

GAME = "g-toy"


@pytest.fixture(scope="module")
def ledger() -> Ledger:
    return Ledger("client-verify").play()


def entries_of(ledger: Ledger) -> list[dict[str, Any]]:
    return copy.deepcopy(ledger.entries)


def test_first_look_trusts_the_genesis_key_and_records_players(ledger: Ledger) -> None:
    entries = entries_of(ledger)
    receipt = check_log(GAME, entries, 0, None)
    assert receipt["seq"] == len(entries) - 1
    assert receipt["hash"] == entry_hash(entries[-1])
    assert receipt["server_key"] == ledger.server_key.public_hex
    assert receipt["seed_commit"] == entries[0]["body"]["seed_commit"]
    assert receipt["engine"] == "toy"
    assert receipt["players"] == {str(s): k.public_hex for s, k in enumerate(ledger.player_keys)}


def test_later_fetches_extend_the_receipt(ledger: Ledger) -> None:
    entries = entries_of(ledger)
    first = check_log(GAME, entries[:5], 0, None)
    assert first["seq"] == 4
    again = check_log(GAME, entries[4:], 4, first)
    assert again["seq"] == len(entries) - 1
    # nothing new: the head is the receipt
    assert check_log(GAME, entries[-1:], len(entries) - 1, again)["hash"] == again["hash"]


def test_a_rewritten_history_is_a_fork_even_when_re_signed(ledger: Ledger) -> None:
    entries = entries_of(ledger)
    receipt = check_log(GAME, entries[:7], 0, None)
    forged = copy.deepcopy(entries)
    forged[3]["ts"] = "2000-01-01T00:00:00Z"
    forged = reseal(forged, 3, ledger.server_key)
    for start in (0, 3, 6):
        with pytest.raises(ForkError, match="does not extend what you saw at seq 6"):
            check_log(GAME, forged[start:], start, receipt)


def test_another_servers_game_or_a_rollback_is_a_fork(ledger: Ledger) -> None:
    entries = entries_of(ledger)
    receipt = check_log(GAME, entries[:7], 0, None)
    other = Ledger("another-history").play().entries
    with pytest.raises(ForkError, match="at seq 0"):
        check_log(GAME, other, 0, receipt)
    with pytest.raises(ForkError, match="at seq 6"):
        check_log(GAME, entries[:5], 0, receipt)
    with pytest.raises(ForkError):
        check_log(GAME, [], 6, receipt)


def test_signatures_links_order_and_game(ledger: Ledger) -> None:
    entries = entries_of(ledger)
    bad_sig = copy.deepcopy(entries)
    bad_sig[4]["sig"] = SigningKey.generate().sign(
        b"pbem/v1/entry\n", bytes.fromhex(entry_hash(entries[4]))
    )
    with pytest.raises(VerifyError, match="entry 4: the server's signature"):
        check_log(GAME, bad_sig, 0, None)
    broken = copy.deepcopy(entries)
    broken[5]["prev"] = "00" * 32
    broken[5] = seal({k: v for k, v in broken[5].items() if k != "sig"}, ledger.server_key)
    with pytest.raises(VerifyError, match="entry 5: prev"):
        check_log(GAME, broken, 0, None)
    gap = entries[:3] + entries[4:]
    with pytest.raises(VerifyError, match="out of order"):
        check_log(GAME, gap, 0, None)
    with pytest.raises(VerifyError, match="belongs to game"):
        check_log("another-game", entries, 0, None)
    not_genesis = copy.deepcopy(entries)
    not_genesis[0]["type"] = "join"
    with pytest.raises(VerifyError, match="entry 0 is not a genesis entry"):
        check_log(GAME, reseal(not_genesis, 0, ledger.server_key), 0, None)


def test_moves_must_be_signed_by_their_seat_and_placed_where_they_stand(ledger: Ledger) -> None:
    entries = entries_of(ledger)
    move = next(e["seq"] for e in entries if e["type"] == "move")
    forged = copy.deepcopy(entries)
    forged[move]["body"]["sig"] = forged[move + 1]["body"]["sig"]  # the other seat's signature
    forged = reseal(forged, move, ledger.server_key)
    with pytest.raises(VerifyError, match=f"entry {move}: the move is not signed"):
        check_log(GAME, forged, 0, None)
    join = next(e["seq"] for e in entries if e["type"] == "join")
    forged = copy.deepcopy(entries)
    forged[join]["body"]["name"] = "mallory"
    forged = reseal(forged, join, ledger.server_key)
    with pytest.raises(VerifyError, match=f"entry {join}: the join is not signed"):
        check_log(GAME, forged, 0, None)


def test_a_revealed_seed_must_match_the_genesis_commitment(ledger: Ledger) -> None:
    entries = entries_of(ledger)
    assert entries[-1]["type"] == "reveal"
    forged = copy.deepcopy(entries)
    forged[-1]["body"]["server_seed"] = "11" * 32
    forged = reseal(forged, len(forged) - 1, ledger.server_key)
    with pytest.raises(VerifyError, match="revealed server seed"):
        check_log(GAME, forged, 0, None)


def test_payloads_are_checked_against_their_commitments(ledger: Ledger) -> None:
    entries = entries_of(ledger)
    for seat in (0, 1):
        payloads = ledger.payloads[seat]
        assert payloads, "the toy game deals every seat a private card"
        assert check_payloads(entries, 0, payloads, seat) == payloads
        # only part of the log fetched: payloads for entries in it still check
        tail = [p for p in payloads if p["seq"] >= 4]
        assert check_payloads(entries[4:], 4, tail, seat) == tail
    payload = copy.deepcopy(ledger.payloads[0][0])
    tampered = copy.deepcopy(payload)
    tampered["event"]["data"]["value"] = payload["event"]["data"]["value"] % 6 + 1
    with pytest.raises(TamperError, match="TAMPERING.*does not match its public commitment"):
        check_payloads(entries, 0, [tampered], 0)
    salted = {**payload, "salt": "00" * 32}
    with pytest.raises(TamperError, match="TAMPERING"):
        check_payloads(entries, 0, [salted], 0)
    with pytest.raises(TamperError, match="not addressed to your seat 1"):
        check_payloads(entries, 0, [payload], 1)
    with pytest.raises(TamperError, match="addressed to"):
        check_payloads(entries, 0, [{**payload, "to": [0, 1]}], 0)
    with pytest.raises(TamperError, match="does not show"):
        check_payloads(entries[payload["seq"] + 1 :], payload["seq"] + 1, [payload], 0)
    public_index = next(
        i for i, e in enumerate(entries[payload["seq"]]["body"]["events"]) if "commit" not in e
    )
    with pytest.raises(TamperError, match="in public"):
        check_payloads(entries, 0, [{**payload, "index": public_index}], 0)
    with pytest.raises(TamperError, match="no event"):
        check_payloads(entries, 0, [{**payload, "index": 99}], 0)
    with pytest.raises(TamperError, match="without seq"):
        check_payloads(entries, 0, [{"event": {}}], 0)


def test_heads_reported_elsewhere_must_be_in_the_chain(ledger: Ledger) -> None:
    entries = entries_of(ledger)
    check_head(entries, 0, {"seq": 3, "hash": entry_hash(entries[3])}, "a view")
    check_head(entries, 0, None, "a view")
    with pytest.raises(ForkError):
        check_head(entries, 0, {"seq": 3, "hash": entry_hash(entries[4])}, "a view")
    with pytest.raises(VerifyError, match="does not show"):
        check_head(entries, 0, {"seq": len(entries), "hash": "x"}, "a view")


def test_an_export_must_be_whole_and_extend_the_receipt(ledger: Ledger) -> None:
    entries = entries_of(ledger)
    receipt = check_log(GAME, entries[:6], 0, None)
    check_export(GAME, export_of(entries), receipt)
    check_export(GAME, export_of(entries), None)
    with pytest.raises(VerifyError, match="not a pbem log"):
        check_export(GAME, {"entries": "nope"}, None)
    forged = copy.deepcopy(entries)
    forged[2]["ts"] = "2000-01-01T00:00:00Z"
    with pytest.raises(ForkError):
        check_export(GAME, export_of(reseal(forged, 2, ledger.server_key)), receipt)
