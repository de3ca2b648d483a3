"""Text notation: parse(format(m), view) == m for every legal move; spellings; helpful errors."""

from __future__ import annotations

import random

import pytest

from engines import get
from engines.core import IllegalMove, Rng
from engines.feuersalamander import notation

E = get("feuersalamander")


def states(n: int, seed: int, moves: int = 250):
    """States met in a random game, with the deciding seat."""
    st, _ = E.setup(n, {"target": 30}, Rng(b"notation %d %d" % (n, seed)))
    rnd = random.Random(seed)
    bot = E.bots()["random"]
    for i in range(moves):
        seat = E.to_move(st)
        if seat is None:
            return
        yield st, seat
        st, _ = E.apply(st, seat, bot(E.view(st, seat), E.legal_moves(st, seat), rnd), Rng(b"n %d %d %d" % (n, seed, i)))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_parse_format_round_trip_for_every_legal_move(n: int) -> None:
    rnd = random.Random(n)
    seen_types = set()
    for seed in range(6):
        for st, seat in states(n, seed):
            view = E.view(st, seat)
            legal = E.legal_moves(st, seat)
            sample = legal if len(legal) <= 40 else legal[:10] + rnd.sample(legal, 30)
            for move in sample:
                text = E.format(move)
                assert E.parse(text, view) == move, text
                seen_types.add(move["type"])
    assert {"throw", "discard", "stone", "move", "ask", "noquestion", "claim"} <= seen_types


def test_every_claim_of_a_four_player_turn_round_trips() -> None:
    st, _ = E.setup(4, {}, Rng(b"claims"))
    st["hands"][0] = ["fire", "row5"]
    st["pending"] = {"kind": "throw", "seat": 0, "may_claim": True, "again": False, "freed": False}
    view = E.view(st, 0)
    for move in E.legal_moves(st, 0):
        assert E.parse(E.format(move), view) == move


def _view(kind: str = "throw", seat: int = 0, n: int = 4, **extra) -> dict:
    return {"seat": seat, "names": ["King", "Queen", "Monk", "Robber"][:n], "pending": {"kind": kind, "seat": seat, **extra}}


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("throw", {"type": "throw"}),
        ("  THROW ", {"type": "throw"}),
        ("keys", {"type": "keys"}),
        ("discard row 3", {"type": "discard", "card": "row3"}),
        ("discard row3", {"type": "discard", "card": "row3"}),
        ("discard Fire", {"type": "discard", "card": "fire"}),
        ("discard three-stone", {"type": "discard", "card": "three-stone"}),
        ("discard stone two", {"type": "discard", "card": "two-stone"}),
        ("discard 1-stone", {"type": "discard", "card": "one-stone"}),
        ("stone water 5 three", {"type": "stone", "wing": "water", "row": 5, "field": 3}),
        ("stone water row 5 three-stone", {"type": "stone", "wing": "water", "row": 5, "field": 3}),
        ("stone air 1 1", {"type": "stone", "wing": "air", "row": 1, "field": 1}),
        ("move sum", {"type": "move", "how": "sum"}),
        ("diff", {"type": "move", "how": "diff"}),
        ("move difference", {"type": "move", "how": "diff"}),
        ("home", {"type": "home"}),
        ("on", {"type": "on"}),
        ("ask queen wing fire", {"type": "ask", "seat": 1, "coord": "fire"}),
        ("ask queen fire", {"type": "ask", "seat": 1, "coord": "fire"}),
        ("ask queen row 5", {"type": "ask", "seat": 1, "coord": "row5"}),
        ("ask robber stone three", {"type": "ask", "seat": 3, "coord": "three-stone"}),
        ("no question", {"type": "noquestion"}),
        ("no claim", {"type": "noclaim"}),
        ("exchange", {"type": "exchange"}),
        ("keep", {"type": "keep"}),
        (
            "claim queen:row5 king:fire own:three-stone",
            {"type": "claim", "own": ["three-stone"], "named": [{"seat": 0, "card": "fire"}, {"seat": 1, "card": "row5"}]},
        ),
        (
            "claim monk: row 5 me: fire robber: stone one",
            {"type": "claim", "own": ["fire"], "named": [{"seat": 2, "card": "row5"}, {"seat": 3, "card": "one-stone"}]},
        ),
    ],
)
def test_spellings(text: str, move: dict) -> None:
    """The reader (notation.parse) is forgiving; E.parse then refuses what is not legal in the view."""
    seat = 2 if "king:" in text else 0  # the claimant is neither named player
    assert notation.parse(text, _view(seat=seat)) == move


def test_own_name_in_a_claim_means_own_card_and_pass_depends_on_the_decision() -> None:
    assert notation.parse("claim king:fire queen:row5 monk:one-stone", _view(seat=0))["own"] == ["fire"]
    assert notation.parse("pass", _view("question", target=1)) == {"type": "noquestion"}
    assert notation.parse("pass", _view("claim")) == {"type": "noclaim"}
    assert notation.parse("ask row 5", _view("question", target=2)) == {"type": "ask", "seat": 2, "coord": "row5"}


@pytest.mark.parametrize(
    "text",
    ["", "   ", "fly", "discard", "discard row 9", "discard wood", "stone water", "stone fire 8 one",
     "move sideways", "ask", "ask queen", "ask queen row 0", "claim", "claim queen:row5 king:",
     "claim emperor:fire", "ask robber fire", "pass", "claim queen row5"],
)
def test_bad_text_gives_a_helpful_message(text: str) -> None:
    view = _view(n=3)
    with pytest.raises(IllegalMove) as err:
        notation.parse(text, view)
    assert len(err.value.message) > 10


def test_notation_docstring_names_every_move_type() -> None:
    doc = notation.__doc__ or ""
    for word in ("throw", "keys", "discard", "stone", "move sum", "home", "ask", "no question", "no claim", "claim", "exchange", "keep"):
        assert word in doc
