"""protocol.story.tell: the public history in words, as a log written the server's way holds it.

The terminal, the mail and the web pages all tell a game with this one function, so what it says
is checked here on real logs (tests/protocol/ledger.py writes them with the protocol's own steps).
"""

from __future__ import annotations

import re

import engines
from protocol.story import tell
from tests.protocol.ledger import Ledger, random_policy

NAMES = {0: "ada", 1: "bob"}


def _finished(engine_id: str, label: str) -> Ledger:
    ledger = Ledger(label, engine=engines.get(engine_id), game=f"g-{label}").begin()
    ledger.play_moves(random_policy)
    ledger.reveal()
    return ledger


def test_each_move_is_told_with_the_players_name_and_its_notation() -> None:
    engine = engines.get("magier")
    ledger = _finished("magier", "story-magier")
    lines = tell(engine, ledger.entries, NAMES)
    moves = [e for e in ledger.entries if e["type"] == "move"]
    told = [line for line in lines if " moved " in line]
    assert len(told) == len(moves)
    first = moves[0]["body"]["envelope"]
    colour = engine.seat_names(2)[first["seat"]]
    assert told[0].startswith(f"{NAMES[first['seat']]} ({colour}) moved {engine.format(first['move'])}")
    assert lines[0] == f"ada ({engine.seat_names(2)[0]}) joined"
    assert lines[-1].startswith("Game over: ")


def test_only_entries_after_the_seq_are_told() -> None:
    ledger = _finished("magier", "story-after")
    everything = tell(engines.get("magier"), ledger.entries, NAMES)
    last = ledger.entries[-1]["seq"]
    assert tell(engines.get("magier"), ledger.entries, NAMES, after_seq=last - 1) == everything[-1:]
    assert tell(engines.get("magier"), ledger.entries, NAMES, after_seq=last) == []


def test_outcomes_come_from_the_engines_events_and_no_literal_is_shown() -> None:
    engine = engines.get("siedler")
    ledger = _finished("siedler", "story-siedler")
    lines = tell(engine, ledger.entries, NAMES)
    described = [
        engine.describe_event(ev)
        for e in ledger.entries if e["type"] == "move"
        for ev in e["body"].get("events") or [] if "commit" not in ev
    ]
    said = [d for d in described if d]
    assert said, "siedler describes none of its public events"
    assert any(said[0] in line for line in lines if " moved " in line)
    for line in lines:
        assert not re.search(r"[{\[]\s*['\"]", line), line


def test_a_resignation_is_told_as_such() -> None:
    ledger = Ledger("story-resign", engine=engines.get("magier"), game="g-resign").begin()
    ledger.resign(1)
    lines = tell(engines.get("magier"), ledger.entries, NAMES)
    assert any(line.startswith("bob (") and "resigned" in line for line in lines), lines
