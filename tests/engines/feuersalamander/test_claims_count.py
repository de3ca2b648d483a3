"""How long can the list of legal moves get? Counted from the engine, and the README agrees
(it once gave a figure that was too low: 2,574, not 2,731)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from engines import get
from engines.core import Rng
from engines.feuersalamander import cards
from engines.feuersalamander.rules import enumerate_claims, max_claims

E = get("feuersalamander")
README = Path(__file__).resolve().parents[3] / "README.md"


def test_the_most_claims_a_hand_allows_by_seat_count() -> None:
    """Every hand the double rule allows: none, one card, two of different kinds."""
    assert max_claims(2)[0] == 140 and max_claims(3)[0] == 882
    most, hand = max_claims(4)
    assert most == 2730 and sorted(cards.kind(c) for c in hand) == ["stone", "wing"]
    # the count does not depend on which wing or stone field: 12*21*9 + 21 + 7*3*9 + 12*21
    assert len(enumerate_claims(["fire", "one-stone"], 0, 4)) == 2730 == 2268 + 21 + 189 + 252
    assert len(enumerate_claims(["water", "row5"], 0, 4)) == 2574  # the README's old figure


def test_worst_case_state_lists_2731_moves() -> None:
    """Fire + one-stone, at home at the start of the turn: the throw and every claim."""
    st, _ = E.setup(4, {}, Rng(b"worst"))
    st["hands"] = [["fire", "one-stone"], [], [], []]
    st["deck"] = [c for c in cards.new_deck() if c not in ("fire", "one-stone")][:30]
    st["turn"], st["turn_no"] = 0, 1
    st["pending"] = {"kind": "throw", "seat": 0, "may_claim": True, "again": False, "freed": False}
    assert len(E.legal_moves(st, 0)) == 2731
    st["pending"] = {"kind": "claim", "seat": 0}
    assert len(E.legal_moves(st, 0)) == 2731  # "no claim" and every claim


def test_random_four_player_games_reach_the_bound_and_never_pass_it() -> None:
    bots = E.bots()
    seen = 0
    for seed in range(10):
        st, _ = E.setup(4, {"target": 49}, Rng(b"count %d" % seed))
        rnd = random.Random(seed)
        for i in range(300):
            seat = E.to_move(st)
            if seat is None:
                break
            legal = E.legal_moves(st, seat)
            seen = max(seen, len(legal))
            st, _ = E.apply(st, seat, bots["random"](E.view(st, seat), legal, rnd), Rng(b"c %d %d" % (seed, i)))
    assert seen == 2731


def test_the_readme_states_the_counted_figure() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    figures = re.findall(r"up to ([\d,]+) numbered moves", text)
    assert "2,574" not in text
    assert figures in ([], ["2,731"]), figures
