"""A hand read from a standing entry: the duel's counter question (SI-24) answered in advance
must look the same in the public log whether the defender holds a Bishop or Herb Woman or not.

SI-24 asks every defender the counter question so that the question tells nothing. With the
README's suggested answers (`forced` first, then `decline-trades`, `never-counter`,
`plenty-least-held`), a log that named the rule that played (0: forced, when the defender had
no counter card and so one move; 2: never-counter, when it had one) told the table the hand.
Here many duels are played from arranged positions (tests/engines/siedler/table.py: an
attacker with the three duel cards, a defender holding the counter card or, in its place,
another card, so the hand sizes match), each answered by protocol.standing exactly as the
server writes it, and everything a non-member reads of the entry (the body without its
salted commitments: members, move, public events, the private events' readers, the seat to
move) is compared between the two hands: it is the same, entry for entry, and names no rule.
The rule's index is in the defender's private `answered` event only.

And with `forced` alone: it answers no counter question (nor a roll, a pick, a Spy's take)
whatever the hand holds (engines.siedler.public.forced_public), since a standing entry where
the defender had no counter card, and a signed move a day later where it had one, would tell
the same thing.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engines.core import Rng
from engines.siedler import cards
from protocol.standing import ANSWERED, prescribed, standing
from tests.engines.siedler.table import (
    E,
    cityfy,
    give_hand,
    opening,
    play,
    put,
    set_stock,
    to_action,
)
from tests.engines.siedler.test_view_moves import scramble

README = [E.parse_rule(r) for r in ("forced", "decline-trades", "never-counter", "plenty-least-held")]
FORCED = [{"kind": "forced"}]
DUELS = {"arsonist": "bishop", "brigands": "bishop", "black-knight": "herb-woman"}
SEED = bytes(range(32))


def duel(variant: str, card: str, countered: bool, salt: int) -> tuple[dict[str, Any], int]:
    """The state at the defender's counter question after `card` was played against it."""
    s = to_action(opening(variant))
    me = s["turn"]
    cityfy(s, 0, 0)
    cityfy(s, 1, 0)
    give_hand(s, me, card)
    held = DUELS[card] if countered else _other(s)
    give_hand(s, 1 - me, held)
    put(s, 1 - me, "knight-otto", 2, "above")
    put(s, 1 - me, "abbey", 0, "above")
    set_stock(s, me, ore=3, wool=2, grain=2, brick=2, lumber=2)
    set_stock(s, 1 - me, ore=2, wool=1, gold=1)
    plays = [m for m in E.legal_moves(s, me) if m.get("type") == "play" and m.get("card") == card]
    assert plays, (card, E.legal_moves(s, me))
    s, _ = play(s, me, random.Random(salt).choice(plays), b"duel %d" % salt)
    assert s["pending"]["kind"] == "counter" and s["pending"]["seat"] == 1 - me
    return s, 1 - me


def _other(s: dict[str, Any]) -> str:
    """A card of a pile that counters no duel (in the counter card's place: the same hand size)."""
    for pile in s["piles"]:
        for c in pile:
            if c not in ("bishop", "herb-woman") and cards.is_card(c):
                return str(c)
    raise AssertionError("no other card in the piles")


def seen_by_all(body: dict[str, Any]) -> str:
    """What a non-member reads of a standing entry, its salted commitments left out (they are
    hashes of values it cannot open: a different hand gives other bytes, never other members)."""
    events = [
        {"to": e.get("to"), "private": True} if "commit" in e else e
        for e in body["events"]
    ]
    kept = {k: v for k, v in body.items() if k not in ("state", "views", "events")}
    return json.dumps({**kept, "events": events, "members": sorted(body)}, sort_keys=True)


def answered(variant: str, card: str, countered: bool, salt: int) -> tuple[str, int]:
    """(the public text of the standing entry that answers the counter question, its rule index)."""
    state, seat = duel(variant, card, countered, salt)
    found = prescribed(E, state, seat, README)
    assert found is not None and found[1] == {"type": "nocounter"}
    seq = 40 + salt
    step = standing(E, state, seat, (3, README), found[0], SEED, seq, seq - 1, seats=2)
    assert "rule" not in step.body
    told = step.payloads[0]
    assert told.event["kind"] == ANSWERED and told.to == (seat,)
    return seen_by_all(step.body), told.event["data"]["rule"]


@pytest.mark.parametrize("variant", ["tournament-new-players"])  # the arranged duels are its
def test_the_public_log_of_a_duel_answered_in_advance_does_not_tell_the_defenders_hand(variant: str) -> None:
    rules = set()
    for salt in range(60):
        card = list(DUELS)[salt % 3]
        with_counter, rule_with = answered(variant, card, True, salt)
        without, rule_without = answered(variant, card, False, salt)
        assert with_counter == without, (card, salt)
        rules.add((rule_with, rule_without))
    # the index differs in the private event: forced cannot answer the question at all now, so
    # never-counter plays for both hands alike (index 2)
    assert rules == {(2, 2)}


@pytest.mark.parametrize("variant", ["tournament-new-players"])
def test_forced_alone_answers_no_counter_question_whatever_the_hand(variant: str) -> None:
    for salt in range(12):
        card = list(DUELS)[salt % 3]
        for countered in (True, False):
            state, seat = duel(variant, card, countered, salt)
            assert len(E.legal_moves(state, seat)) == (2 if countered else 1)
            assert prescribed(E, state, seat, FORCED) is None, (card, countered)
            assert not E.forced_public(E.view(state, seat))


def test_forced_answers_a_roll_for_no_hand() -> None:
    """The roll's options are the roll and, with an Alchemist in hand, its play: `forced` leaves
    every roll to the seat (or to `always-roll`, which plays it for every hand alike)."""
    state = opening()
    seat = state["pending"]["seat"]
    assert prescribed(E, state, seat, FORCED) is None
    assert prescribed(E, state, seat, [{"kind": "always-roll"}]) == (0, {"type": "roll"})


def test_whether_an_answer_applies_never_depends_on_what_the_opponent_cannot_see() -> None:
    """Over random games, at every decision: which of the README's answers (and `always-roll`)
    plays, and what, is the same after everything the opponent cannot know (the decider's hand,
    the piles, the decks: test_view_moves.scramble) is dealt anew. So the fact that a standing
    entry appears, and its move, tell the opponent nothing its own view does not."""
    rules = [*README, {"kind": "always-roll"}, {"kind": "never-swap"}]
    rnd = random.Random(5)
    decided = 0
    for game in range(12):
        state, _ = E.setup(2, {"variant": ["tournament-new-players", "basic"][game % 2]}, Rng(b"secrecy %d" % game))
        for ply in range(600):
            seat = E.to_move(state)
            if seat is None:
                break
            found = prescribed(E, state, seat, rules)
            for _ in range(2):
                other = scramble(state, 1 - seat, rnd)
                assert prescribed(E, other, seat, rules) == found, (state["pending"], found)
            decided += found is not None
            legal = E.legal_moves(state, seat)
            state, _ = E.apply(state, seat, rnd.choice(legal), Rng(b"secrecy %d %d" % (game, ply)))
    assert decided > 100
