"""A hand read from the rule index, through the real server and client: a Siedler game where
bo answers in advance with the README's suggested answers (`forced` first, then
`decline-trades`, `never-counter`, `plenty-least-held`).

Everything a non-member reads (the public log, GET /v1/games/ID/log unsigned, no payloads)
must say no more than each standing entry's move: no entry names the rule that played (its
index would tell, at a duel's counter question, whether bo holds a Bishop or a Herb Woman:
SI-24), every standing entry has the same members, and at every counter question bo was
asked (never: `never-counter` answers it for every hand alike) or answered the same way.
bo's own client still checks every standing entry (the index is in its private `answered`
event), and the finished log audits PASS. The many duels from arranged positions are
tests/engines/test_siedler_duel_secrecy.py.
"""

from __future__ import annotations

from collections.abc import Callable

import requests

from client.play import Player
from protocol.audit import audit, replay_states
from tests.e2e.test_siedler_answers_e2e import played_out, question

ANSWERS = ["forced", "decline-trades", "never-counter", "plenty-least-held"]
PROVOKING = 120


def test_the_public_log_never_names_the_rule_that_played(make_player: Callable[[str], Player]) -> None:
    ada, bo, game = played_out(make_player, 17, ANSWERS, PROVOKING)
    bo.state(game)  # bo's client follows and recomputes every standing entry to the end

    public = requests.get(f"{ada.api.base}/v1/games/{game}/log", timeout=30).json()["entries"]
    standing = [e for e in public if e["type"] == "standing"]
    assert len(standing) > 5  # the offers bo declined, his Years of plenty
    assert all("rule" not in e["body"] for e in standing), [e["body"].get("rule") for e in standing]
    assert len({tuple(sorted(e["body"])) for e in standing}) == 1
    export = ada.export(game)
    assert audit(export).word == "PASS"
    _, states = replay_states(export)
    assert states is not None
    for entry in public:
        before = states.get(entry["seq"] - 1)
        if question(before) == "counter" and before is not None and before["pending"]["seat"] == 1:
            assert entry["type"] == "standing" and entry["body"]["move"] == {"type": "nocounter"}
