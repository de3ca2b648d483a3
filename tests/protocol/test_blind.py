"""Owner-held secrets in the log (a blind placement never reaches the server): blind magier
games written the way the server writes them (tests/protocol/ledger.py), then audited,
tampered with, and followed by the client.

A blind game's final reveal lists no placement: the server never had one. Every burnt wisdom
was opened by its owner's signed reveal move, and the audit checks each opening against the
commitment of the placement that put the wisdom down; unburnt commitments are never opened,
and the audit passes without them (no result depends on them).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import engines
from client.verify import VerifyError, check_log, owed_by_log
from protocol import steps
from protocol.audit import audit
from tests.protocol.ledger import Ledger, assert_fail, export_of, reseal

E = engines.get("magier")
BOT = {"days": 1, "grace_hours": 0, "on_expiry": "bot"}
GREEDY = E.bots()["greedy"]


def greedy(engine: Any, state: dict[str, Any], seat: int, legal: list[dict[str, Any]], rnd: random.Random) -> dict[str, Any]:
    """The greedy bot from the seat's view (it seeks burns, so games reveal)."""
    return GREEDY(engine.view(state, seat), legal, rnd)


def forged(ledger: Ledger, entries: list[dict[str, Any]], seq: int) -> dict[str, Any]:
    """The export of a server that changed entry `seq` and re-signed from there on."""
    return export_of(reseal(entries, seq, ledger.server_key), "g-blind")


def reveals(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in entries if e["type"] == "move" and e["body"]["envelope"]["move"]["type"] == "reveal"]


def burning_game(label: str, **kwargs: Any) -> Ledger:
    """A blind game played by greedy bots until a reveal is owed (the owner has not made it)."""
    ledger = Ledger(label, engine=E, game="g-blind", options={"move_limit": 60}, **kwargs).begin()
    while not steps.awaiting(E, ledger.state):
        ledger.play_moves(greedy, limit=1)
        assert ledger.result is None
    return ledger


@pytest.fixture(scope="module")
def blind_game() -> Ledger:
    """A whole blind game with burns (greedy bots), revealed."""
    ledger = Ledger("blind-1", engine=E, game="g-blind", options={"move_limit": 60})
    ledger.play(greedy)
    assert reveals(ledger.entries), "the fixture needs a game with a burn"
    return ledger


def test_a_blind_game_audits_pass_with_no_placement_in_the_reveal(blind_game: Ledger) -> None:
    """MH-10: each burnt wisdom opened by its owner's signed reveal; the final reveal lists no
    placement (the server never had one); unburnt commitments stay closed, and the audit passes."""
    verdict = audit(blind_game.export())
    assert verdict.word == "PASS", verdict.reason
    assert verdict.result == blind_game.result
    assert blind_game.entries[-1]["body"]["secrets"] == []
    placements = [e for e in blind_game.entries if e["type"] == "move" and e["body"]["envelope"]["secret_commit"]]
    assert len(placements) == 14
    opened = {i["commit"] for e in reveals(blind_game.entries) for i in e["body"]["envelope"]["move"]["secrets"]}
    assert opened and opened < {e["body"]["envelope"]["secret_commit"] for e in placements}
    for entry in reveals(blind_game.entries):  # the opener is the owner, and it is signed by the owner
        seat = entry["body"]["envelope"]["seat"]
        assert all(item["commit"] in {k["commit"] for k in blind_game.kept[seat]}
                   for item in entry["body"]["envelope"]["move"]["secrets"])


def test_blind_false_keeps_todays_log(blind_game: Ledger) -> None:
    """`blind: false`: the server holds every placement's secret and the final reveal lists all."""
    ledger = Ledger("open-1", engine=E, game="g-blind", options={"move_limit": 60, "blind": False})
    ledger.play(greedy)
    assert audit(ledger.export()).word == "PASS"
    assert len(ledger.entries[-1]["body"]["secrets"]) == 14 and not reveals(ledger.entries)
    assert all("owner_only" not in e["body"] for e in ledger.entries)


def test_a_reveal_with_another_value_fails_the_audit(blind_game: Ledger) -> None:
    """A server that alters a reveal move (another value) breaks the owner's signature; one
    that also re-signs cannot forge the owner's: FAIL at that entry either way."""
    entry = reveals(blind_game.entries)[0]
    entries = copy.deepcopy(blind_game.entries)
    item = entries[entry["seq"]]["body"]["envelope"]["move"]["secrets"][0]
    item["secret"] = {"value": 2 if item["secret"]["value"] != 2 else 1}
    assert_fail(audit(export_of(entries, "g-blind")), entry["seq"])
    assert_fail(audit(forged(blind_game, entries, entry["seq"])), entry["seq"], "signature")


def test_a_reveal_entry_listing_a_blind_placement_fails(blind_game: Ledger) -> None:
    """A server that claims to have held an owner-held secret is caught at its reveal."""
    placement = next(e for e in blind_game.entries if e["type"] == "move" and e["body"]["envelope"]["secret_commit"])
    seat = placement["body"]["envelope"]["seat"]
    kept = next(k for k in blind_game.kept[seat] if k["commit"] == placement["body"]["envelope"]["secret_commit"])
    entries = copy.deepcopy(blind_game.entries)
    entries[-1]["body"]["secrets"] = [{"seq": placement["seq"], "secret": kept["secret"], "salt": kept["salt"]}]
    verdict = audit(forged(blind_game, entries, len(entries) - 1))
    assert_fail(verdict, placement["seq"], "owner kept")


def test_a_pending_reveal_at_a_bot_deadline_is_a_forfeit_the_audit_and_client_accept() -> None:
    """A deadline bot cannot reveal: the owner who never reveals forfeits, in a game whose
    deadline plays the bot; the audit (with and without the seed) and the client accept it."""
    ledger = burning_game("burn-1", deadline=BOT)
    owner = E.to_move(ledger.state)
    with pytest.raises(steps.StepError):
        ledger.timeout()
    before = copy.deepcopy(ledger.entries)
    assert before[-1]["body"]["owner_only"] is True
    ledger.forfeit()
    assert ledger.result["winner"] == 1 - owner
    assert audit(ledger.export()).word == "INCOMPLETE"
    receipt = check_log("g-blind", copy.deepcopy(ledger.entries), 0, None)
    assert receipt["status"] == "over"
    ledger.reveal()
    verdict = audit(ledger.export())
    assert verdict.word == "PASS", verdict.reason
    assert verdict.result["reason"] == f"seat {owner} forfeited: out of time"


def test_a_forfeit_at_a_decision_a_bot_could_make_fails_in_a_bot_game() -> None:
    """In a game whose deadline plays the bot, a forfeit is allowed only where no bot could
    decide (owner_only); elsewhere the audit and the client refuse it."""
    ledger = burning_game("burn-2", deadline=BOT)
    ledger.play_moves(greedy, limit=1)  # the owner reveals by itself
    assert not steps.needs_owner(E, ledger.state) and ledger.result is None
    ledger.forfeit()
    seq = len(ledger.entries) - 1
    ledger.reveal()
    assert_fail(audit(ledger.export()), seq, "says 'bot' on expiry")
    with pytest.raises(VerifyError, match="bot"):
        check_log("g-blind", copy.deepcopy(ledger.entries), 0, None)


def test_a_timeout_for_a_pending_reveal_is_refused_by_the_client() -> None:
    """A server that writes a timeout where only the owner can decide is caught by the client
    at once (the step before says owner_only), and by the audit after the reveal."""
    ledger = burning_game("burn-3", deadline=BOT)
    entries = copy.deepcopy(ledger.entries)
    fake = {"kind": "timeout", "seat": E.to_move(ledger.state), "action": "bot", "move": {"type": "pass"},
            "secret_commit": None, "events": [], "state": "00" * 32, "views": ["00" * 32] * 2, "to_move": 0}
    seq = len(entries)
    entries.append({**entries[-1], "seq": seq, "type": "system", "body": fake})
    entries = reseal(entries, seq, ledger.server_key)
    with pytest.raises(VerifyError, match="no bot can make it"):
        check_log("g-blind", entries, 0, None)


def test_the_client_follows_a_blind_game_and_its_reveals(blind_game: Ledger) -> None:
    """client.verify follows every owner-held placement and reveal move of a blind game."""
    receipt = check_log("g-blind", copy.deepcopy(blind_game.entries), 0, None)
    assert receipt["status"] == "over" and receipt["result"] == blind_game.result


def test_the_client_replays_the_signed_moves_before_it_reveals(blind_game: Ledger) -> None:
    """A blind game's state follows from its public log alone: the client's replay owes exactly
    what the engine awaits, so a server that claims a burn the signed moves did not make cannot
    get an unburnt value opened (the client compares before it reveals)."""
    ledger = burning_game("burn-4")
    assert owed_by_log(E, copy.deepcopy(ledger.entries)) == steps.awaiting(E, ledger.state) != []
    assert owed_by_log(E, copy.deepcopy(ledger.entries[:-1])) == []  # before the burning push
    assert owed_by_log(E, copy.deepcopy(blind_game.entries)) == []  # over
    today = Ledger("open-2", engine=E, game="g-blind", options={"move_limit": 5, "blind": False})
    today.play(greedy)
    assert owed_by_log(E, copy.deepcopy(today.entries)) is None  # the server held the values
