"""client.legal: the server's list of moves compared, as canonical JSON, with the seat's own.

The pure part of "the client decides what is legal" (DESIGN: legal moves are a function of
what the seat knows); tests/e2e/test_hostile_moves.py plays the same lies over HTTP.
"""

from __future__ import annotations

from typing import Any

from client import legal
from tests.protocol.toy import TOY

VIEW = {"rounds": 2, "moves": 0, "turn": 0, "thrown": [0, 0], "hid": [False, False], "seat": 0, "dealt": 4, "hidden": None}


def claimed(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"move": m, "text": TOY.format(m)} for m in moves]


def own() -> list[dict[str, Any]]:
    return legal.own_moves(TOY, VIEW)


def test_the_honest_list_is_no_lie_in_any_order() -> None:
    assert legal.claim_problem(TOY, own(), claimed(own())) is None
    assert legal.claim_problem(TOY, own(), claimed(list(reversed(own())))) is None


def test_a_move_added_left_out_or_respelt_is_a_lie() -> None:
    assert "do not give it" in str(legal.claim_problem(TOY, own(), claimed([*own(), {"type": "hide", "value": 4}])))
    assert "leaves out" in str(legal.claim_problem(TOY, own(), claimed(own()[1:])))
    # the same move to Python (True == 1), another one as canonical JSON
    respelt = [{"type": "hide", "value": True} if m.get("value") == 1 else m for m in own()]
    assert "do not give it" in str(legal.claim_problem(TOY, own(), claimed(respelt)))
    extra_key = [{**m, "note": "x"} if m["type"] == "throw" else m for m in own()]
    assert legal.claim_problem(TOY, own(), claimed(extra_key)) is not None


def test_a_text_beside_another_move_is_a_lie() -> None:
    listed = claimed(own())
    listed[0]["text"], listed[1]["text"] = listed[1]["text"], listed[0]["text"]
    assert "is not that move" in str(legal.claim_problem(TOY, own(), listed))


def test_not_a_list_is_a_lie() -> None:
    assert legal.claim_problem(TOY, own(), {"moves": []}) is not None
    assert legal.claim_problem(TOY, own(), ["throw"]) is not None


def test_find_matches_canonical_json_only() -> None:
    moves = own()
    assert legal.find(TOY, VIEW, moves, {"type": "hide", "value": 2}) == {"type": "hide", "value": 2}
    # 2.0 is the JSON number 2 (RFC 8785 writes it so): the same signed bytes, the same move
    assert legal.find(TOY, VIEW, moves, {"type": "hide", "value": 2.0}) == {"type": "hide", "value": 2}
    assert legal.find(TOY, VIEW, moves, {"type": "hide", "value": "2"}) is None
    assert legal.find(TOY, VIEW, moves, {"type": "hide", "value": True}) is None
    assert legal.find(TOY, VIEW, moves, {"type": "throw", "x": 1}) is None


def test_listing_numbers_from_one_with_texts_made_here() -> None:
    listed = legal.listing(TOY, own())
    assert [i["n"] for i in listed] == list(range(1, len(own()) + 1))
    assert all(i["text"] == TOY.format(i["move"]) for i in listed)
