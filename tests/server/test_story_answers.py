"""protocol.story tells answers given in advance: the signed statement (set, revoked) and each
move the server played by one, in the engine's words, on logs written with the protocol's own
steps (tests/server/answering.py). The terminal, the mail and the web page all read these lines.
"""

from __future__ import annotations

import random
import re
from typing import Any

import engines
from protocol.story import Teller, sentence, tell, told_events
from tests.server.answering import AnsweringLedger

NAMES = {0: "ada", 1: "bob"}
FORCED = {"kind": "forced"}


def _game(label: str, plies: int = 40) -> AnsweringLedger:
    """Feuersalamander (forced key throws in the dungeon, forced discards): ada answers forced
    moves in advance from the start, then revokes; random moves otherwise."""
    engine = engines.get("feuersalamander")
    ledger = AnsweringLedger(label, engine=engine, game=f"g-{label}", options={"target": 20}).begin()
    ledger.answer(0, [FORCED])
    rnd = random.Random(label)
    for _ in range(plies):
        if ledger.result is not None:
            break
        seat = engine.to_move(ledger.state)
        ledger.move(seat, rnd.choice(engine.legal_moves(ledger.state, seat)))
    if ledger.result is None:
        ledger.answer(0, [])
    return ledger


def _of(ledger: AnsweringLedger, kind: str) -> list[dict[str, Any]]:
    return [e for e in ledger.entries if e["type"] == kind]


def _line(ledger: AnsweringLedger, entry: dict[str, Any], **kw: Any) -> str:
    """The one line `tell` gives for this entry (the genesis is always passed, as callers do)."""
    lines = tell(ledger.engine, [ledger.entries[0], entry], NAMES, **kw)
    assert len(lines) == 1, lines
    return lines[0]


def test_a_statement_of_answers_is_told_in_the_engines_words_and_a_revocation_as_such() -> None:
    ledger = _game("story-answers")
    engine = ledger.engine
    set_, *rest = _of(ledger, "answers")
    colour = engine.seat_names(2)[0]
    assert _line(ledger, set_) == f"ada ({colour}) set answers in advance: {engine.describe_rule(FORCED)}"
    assert rest, "the game ended before ada revoked"
    assert _line(ledger, rest[-1]) == f"ada ({colour}) revoked their answers in advance"


def test_several_rules_are_told_in_the_statements_order() -> None:
    """Two rules (Siedler knows more kinds than forced when its engine offers them; forced and
    whatever else the engine lists): each in its own words, joined with semicolons."""
    engine = engines.get("siedler")
    kinds = [k["usage"] for k in engine.answer_kinds()]
    rules = [engine.parse_rule(k) for k in kinds if " " not in k][:3]
    ledger = AnsweringLedger("story-rules", engine=engine, game="g-rules").begin()
    entry = ledger.answer(1, rules)
    words = "; ".join(engine.describe_rule(r) for r in rules)
    assert _line(ledger, entry) == f"bob ({engine.seat_names(2)[1]}) set answers in advance: {words}"


def test_a_move_played_by_a_standing_answer_is_told_with_its_public_events() -> None:
    ledger = _game("story-standing")
    engine = ledger.engine
    played = _of(ledger, "standing")
    assert played, "no standing answer was played in this game"
    colour = engine.seat_names(2)[0]
    for entry in played:
        body = entry["body"]
        line = _line(ledger, entry)
        head = f"ada ({colour})'s answer in advance played: {engine.format(body['move'])}"
        assert line.startswith(head), line
        public = [engine.describe_event(ev) for ev in body["events"] if "commit" not in ev]
        for said in filter(None, public):
            assert said in line
        # the private ANSWERED event (index 0) is never told, not even counted as concealed
        assert "commit" in body["events"][0]
        hidden = sum(1 for ev in body["events"][1:] if "commit" in ev)
        if hidden == 0:
            assert "concealed" not in line, line


def test_the_seats_own_text_says_it_was_played_for_it_and_the_others_read_whose_answer() -> None:
    ledger = _game("story-reader")
    engine = ledger.engine
    entry = _of(ledger, "standing")[0]
    move = engine.format(entry["body"]["move"])
    assert _line(ledger, entry, reader=0).startswith(f"Played for you by your answer in advance: {move}")
    assert _line(ledger, entry, reader=1).startswith(f"ada ({engine.seat_names(2)[0]})'s answer in advance played: {move}")


def test_the_answered_view_is_never_told_even_to_its_own_reader() -> None:
    """A client passes its own private events to be told in place of "one concealed event";
    a standing entry's first one (the view it was answered from) is left out all the same,
    and the indexes of the others still line up."""
    ledger = _game("story-own")
    entry = _of(ledger, "standing")[0]
    seq = entry["seq"]
    own = {(seq, 0): "THE VIEW"}
    line = tell(ledger.engine, [ledger.entries[0], entry], NAMES, own=own)[0]
    assert "THE VIEW" not in line
    assert told_events(entry) == entry["body"]["events"][1:]
    fake = {**entry, "body": {**entry["body"], "events": [*entry["body"]["events"], {"to": [0], "commit": "00" * 32}]}}
    index = len(fake["body"]["events"]) - 1
    told = tell(ledger.engine, [ledger.entries[0], fake], NAMES, own={(seq, index): "your card: water"})[0]
    assert told.endswith("your card: water"), told


def test_every_entry_of_a_game_with_answers_gets_one_line_and_no_literal() -> None:
    """The web page pairs each line with its entry's seq: no entry may be skipped; and no line
    shows JSON to a person."""
    ledger = _game("story-all", plies=80)
    lines = tell(ledger.engine, ledger.entries, NAMES)
    assert len(lines) == len(ledger.entries) - 1
    for line in lines:
        assert not re.search(r"[{\[]\s*['\"]", line), line


def test_without_the_engine_a_rule_is_named_by_its_kind() -> None:
    ledger = _game("story-no-engine")
    entry = _of(ledger, "answers")[0]
    teller = Teller(None, NAMES, 2)
    assert sentence(teller, entry) == "ada set answers in advance: forced"
    standing = _of(ledger, "standing")[0]
    said = sentence(teller, standing)
    assert said is not None and said.startswith("ada's answer in advance played: ")
