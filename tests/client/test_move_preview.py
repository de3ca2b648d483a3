"""The numbered list of moves says what each would do where the engine can tell it from the
seat's own view (a magier step's pushes and burns, MH-8 and MH-10; a jump's hops, MH-9), while
the move's text stays the engine's own notation, the one the server's list is compared with."""

from __future__ import annotations

import engines
from client import legal
from client.display.listing import move_lines
from engines.magier.diagram import position
from tests.protocol.toy import TOY

MAGIER = engines.get("magier")


def test_mh10_the_listed_step_says_what_it_burns_and_the_text_stays_the_notation() -> None:
    state = position({"e1": "R", "e2": "b2", "a1": "R", "a2": "b1", "a4": "b2", "i9": "B"}, options={"open_placement": True})
    view = MAGIER.view(state, 0)
    own = legal.own_moves(MAGIER, view)
    listed = legal.listing(MAGIER, own, view)
    assert all(item["text"] == MAGIER.format(item["move"]) for item in listed)
    lines = move_lines({"moves": listed})
    assert any(line.endswith("e1-e2  (burns black's wisdom on e3: +2 points for red)") for line in lines)
    assert any(line.endswith("a1xa3xa5  (jumps over a2 and a4; pushes and burns nothing)") for line in lines)
    # the server's list is still compared by text alone: the preview is no part of the claim
    claimed = [{"move": i["move"], "text": i["text"]} for i in listed]
    assert legal.claim_problem(MAGIER, own, claimed) is None


def test_an_engine_without_previews_lists_as_before() -> None:
    view = {"rounds": 2, "moves": 0, "turn": 0, "thrown": [0, 0], "hid": [False, False], "seat": 0, "dealt": 4, "hidden": None}
    listed = legal.listing(TOY, legal.own_moves(TOY, view), view)
    assert listed and all("does" not in item for item in listed)
    assert legal.listing(MAGIER, []) == []
