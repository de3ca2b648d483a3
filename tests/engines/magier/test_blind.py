"""Blind games, where the server never holds a concealed value: a burnt wisdom whose value
only its owner holds, scenario by scenario.

Every move here goes through the real protocol step (`protocol.steps.move`: a signed envelope,
the owner-held commitment, `check_reveal`), on positions drawn with `diagram.position(...,
commit=...)`: the server's state holds each wisdom's owner and commitment, never its value.
The owner's store is `Table.opened` (commitment -> value and salt), as the client keeps it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

import engines
from engines.core import IllegalMove
from engines.magier.diagram import picture, position
from protocol import steps
from protocol.canonical import canonical
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, sign_envelope
from protocol.keys import SigningKey
from protocol.seat_secrets import seal

E = engines.get("magier")
SEED = bytes(range(32))
KEYS = [SigningKey.from_seed_hex(f"{i + 1:02x}" * 32) for i in range(2)]


class Table:
    """A blind game at a given position, played through protocol.steps as the server does."""

    def __init__(self, pieces: dict[str, str], **kwargs: Any) -> None:
        self.opened: dict[str, dict[str, Any]] = {}  # the owners' stores, by commitment
        self.state = position(pieces, commit=self._commit, **kwargs)
        self.seq, self.prev = 20, "ab" * 32

    def _commit(self, cell: str, value: int) -> str:
        salt = hashlib.sha256(f"salt/{cell}".encode()).hexdigest()
        made = commit(TAG_SECRET, {"value": value}, salt)
        self.opened[made] = {"commit": made, "secret": {"value": value}, "salt": salt}
        return made

    def submit(self, seat: int, move: dict[str, Any]) -> steps.Step:
        """A signed move with no secret sent (a blind game sends none), applied by steps.move."""
        env = envelope("g", self.seq, self.prev, seat, move, None, "cd" * 32, "t")
        sig = sign_envelope(env, KEYS[seat])
        step = steps.move(
            E, self.state, KEYS[seat].public_hex, env, sig, None, None, SEED, (self.seq, self.prev), seats=2
        )
        self.state = step.state
        self.seq, self.prev = self.seq + 1, hashlib.sha256(canonical(step.body)).hexdigest()
        return step

    def play(self, seat: int, text: str) -> steps.Step:
        return self.submit(seat, E.parse(text, E.view(self.state, seat)))

    def reveal_move(self, seat: int) -> dict[str, Any]:
        """What the owner's client sends: each awaited commitment opened from its store."""
        return {"type": "reveal", "secrets": [dict(self.opened[c]) for c in steps.awaiting(E, self.state)]}

    def reveal(self, seat: int) -> steps.Step:
        return self.submit(seat, self.reveal_move(seat))


def kinds(step: steps.Step) -> list[str]:
    return [e.get("kind", "private") for e in step.body["events"]]


def no_values(state: dict[str, Any]) -> bool:
    """The server's state holds no value of any wisdom still on the board or in a hand."""
    wisdoms = [p for p in state["board"].values() if p["kind"] == "wisdom"]
    return all("value" not in p and "commit" in p for p in wisdoms) and all(
        v is None for hand in state["hands"] for v in hand
    )


# ---------------------------------------------------------------- MH-10: one burn, a pending reveal


def test_mh10_one_burn_waits_for_the_owners_reveal_then_scores() -> None:
    """MH-10 in a blind game: the burnt wisdom leaves the board at once, but its value is
    scored only when its owner (black) reveals it, as black's next decision."""
    t = Table({"e1": "R", "e2": "b2", "i9": "B"})
    burnt_commit = t.state["board"]["e2"]["commit"]
    step = t.play(0, "e1-e2")
    assert kinds(step) == ["stepped", "burning"]
    assert picture(t.state["board"]) == {"e2": "R", "i9": "B"}
    assert t.state["scores"] == [0, 0] and E.result(t.state) is None
    assert E.to_move(t.state) == 1 and step.body["to_move"] == 1 and step.body["owner_only"] is True
    assert steps.awaiting(E, t.state) == [burnt_commit]
    assert E.legal_moves(t.state, 1) == []  # no move the server could list: only the owner can reveal
    step = t.reveal(1)
    assert step.body["events"][0] == {
        "kind": "burned", "data": {"cell": "e3", "owner": 1, "value": 2, "by": 0}, "to": None
    }
    assert t.state["scores"] == [2, 0] and E.to_move(t.state) == 1 and "owner_only" not in step.body
    assert t.state["burned"] == [{"cell": "e3", "owner": 1, "value": 2, "by": 0, "ply": 15}]
    assert step.secret is None and no_values(t.state)


def test_mh10_two_burns_of_one_owner_in_one_push_are_revealed_together() -> None:
    """MH-10: several wisdoms burning in one push all count; black opens both in one reveal,
    in the order of the flames, and a reveal of only one is refused."""
    t = Table({"e2": "R", "e3": "B", "e4": "b1", "e5": "B", "e6": "b2", "i9": "B"})
    step = t.play(0, "e2-e3")
    assert kinds(step) == ["stepped", "burning", "burning"]
    assert [p["cell"] for p in t.state["pending"]] == ["e5", "e7"]
    whole = t.reveal_move(1)
    with pytest.raises(steps.StepError, match="exactly the 2 awaited"):
        t.submit(1, {"type": "reveal", "secrets": whole["secrets"][:1]})
    swapped = {"type": "reveal", "secrets": whole["secrets"][::-1]}
    with pytest.raises(steps.StepError, match="is awaited"):
        t.submit(1, swapped)
    t.submit(1, whole)
    assert t.state["scores"] == [3, 0]
    assert [(b["cell"], b["value"]) for b in t.state["burned"]] == [("e5", 1), ("e7", 2)]


def test_mh10_a_push_that_would_burn_both_owners_wisdoms_is_illegal_so_one_owner_reveals() -> None:
    """MH-10: a push that would put one of the mover's own wisdoms on a flame is illegal, blind
    or not, so the wisdoms one push burns always belong to one owner (the mover's opponent)."""
    t = Table({"e2": "R", "e3": "B", "e4": "b2", "e5": "B", "e6": "r1", "i9": "B"})
    with pytest.raises(IllegalMove, match="your own wisdom"):
        t.play(0, "e2-e3")
    assert steps.awaiting(E, t.state) == []


def test_mh10_black_burns_red_and_red_reveals() -> None:
    """MH-10 the other way round: red owns the burnt wisdom, so red reveals, then red moves."""
    t = Table({"c2": "B", "c3": "r1", "a1": "R"}, turn=1)
    t.play(1, "c2 w")
    assert E.to_move(t.state) == 0 and t.state["pending"][0]["owner"] == 0
    t.reveal(0)
    assert t.state["scores"] == [0, 1] and E.to_move(t.state) == 0


# ---------------------------------------------------------------- MH-13 after the reveal


@pytest.mark.parametrize("before, value, after", [(4, 1, 5), (3, 2, 5), (4, 2, 6)])
def test_mh13_a_burn_that_reaches_five_wins_only_after_the_reveal(before: int, value: int, after: int) -> None:
    """MH-13 counted after the reveal, exactly as it would have been at the push: until black
    opens the wisdom the game runs; then red has `after` points and wins at once."""
    t = Table({"e1": "R", "e2": f"b{value}", "i9": "B"}, scores=(before, 4))
    t.play(0, "e1-e2")
    assert E.result(t.state) is None and t.state["phase"] == "movement"
    step = t.reveal(1)
    assert [e["kind"] for e in step.body["events"]] == ["burned", "game_over"]
    assert step.body["result"] == {"winner": 0, "scores": [after, 4], "reason": f"red burned {after} points"}
    assert E.to_move(t.state) is None and "owner_only" not in step.body


def test_mh13_a_negative_burn_stays_below_five_and_the_game_goes_on() -> None:
    """MH-10, MH-13: a -1 counts against the burner; four points and a -1 do not win."""
    t = Table({"e1": "R", "e2": "b-1", "i9": "B"}, scores=(4, 0))
    t.play(0, "e1-e2")
    t.reveal(1)
    assert t.state["scores"] == [3, 0] and E.result(t.state) is None and E.to_move(t.state) == 1


def test_mh14_the_move_limit_reached_by_a_burn_is_decided_after_the_reveal() -> None:
    """MH-14 with the limit reached by the burning move: the higher score, once it is known."""
    t = Table({"e1": "R", "e2": "b2", "i9": "B"}, moves=(1, 2), options={"move_limit": 2}, scores=(0, 1))
    t.play(0, "e1-e2")
    assert E.result(t.state) is None
    step = t.reveal(1)
    assert step.body["result"]["winner"] == 0 and step.body["result"]["scores"] == [2, 1]


# ---------------------------------------------------------------- refused reveals


def test_mh10_a_reveal_with_a_wrong_value_or_salt_is_refused() -> None:
    """A reveal must open the commitment of the placement: another value (403), another salt
    (403), a malformed salt (400); nothing is scored and the reveal is still owed."""
    t = Table({"e1": "R", "e2": "b2", "i9": "B"})
    t.play(0, "e1-e2")
    good = t.reveal_move(1)
    wrong_value = json.loads(json.dumps(good))
    wrong_value["secrets"][0]["secret"] = {"value": 1}
    wrong_salt = json.loads(json.dumps(good))
    wrong_salt["secrets"][0]["salt"] = "00" * 32
    bad_salt = json.loads(json.dumps(good))
    bad_salt["secrets"][0]["salt"] = "XY"
    for move, status in ((wrong_value, 403), (wrong_salt, 403), (bad_salt, 400)):
        with pytest.raises(steps.StepError) as caught:
            t.submit(1, move)
        assert caught.value.status == status
    assert t.state["scores"] == [0, 0] and steps.awaiting(E, t.state)
    t.submit(1, good)
    assert t.state["scores"] == [2, 0]


def test_mh5_a_reveal_of_a_value_outside_the_owners_set_is_refused() -> None:
    """MH-5: a player who committed a value he never had (a third -1) cannot open it, even with
    the right salt: the engine refuses values his unburnt set does not hold."""
    t = Table({"e1": "R", "e2": "b-1", "i9": "B"})
    t.state["burned"] = [
        {"cell": "e3", "owner": 1, "value": -1, "by": 0, "ply": 3},
        {"cell": "e7", "owner": 1, "value": -1, "by": 0, "ply": 5},
    ]
    t.play(0, "e1-e2")
    with pytest.raises(IllegalMove, match="MH-5"):
        t.reveal(1)


def test_mh10_the_opponent_cannot_move_while_a_reveal_is_pending() -> None:
    """While black owes the reveal, red (who burnt) may not move again: it is black's decision."""
    t = Table({"e1": "R", "e2": "b2", "a5": "R", "i9": "B"})
    t.play(0, "e1-e2")
    with pytest.raises(IllegalMove, match="not your turn"):
        t.play(0, "a5-a4")
    with pytest.raises(IllegalMove, match="not your turn"):
        t.submit(0, {"type": "pass"})
    with pytest.raises(IllegalMove, match="not your turn"):  # nor open black's wisdom for it
        t.submit(0, t.reveal_move(1))


def test_mh12_no_pass_or_other_move_during_a_pending_reveal() -> None:
    """MH-12 passes only with no legal move; while a reveal is pending even that is refused:
    the owner's decision is the reveal, and MH-12's count is untouched by it."""
    t = Table({"e1": "R", "e2": "b2", "i9": "B"}, passes=0)
    t.play(0, "e1-e2")
    with pytest.raises(IllegalMove, match="must first reveal"):
        t.submit(1, {"type": "pass"})
    with pytest.raises(IllegalMove, match="must first reveal"):
        t.play(1, "i9-i8")
    t.reveal(1)
    assert t.state["passes"] == 0
    t.play(1, "i9-i8")


@pytest.mark.parametrize("version", ["3", "4"])
def test_a_secret_sent_with_a_blind_placement_is_refused(version: str) -> None:
    """A blind placement carries only its commitment (from version 4 also its value sealed to
    its owner's key, PROTOCOL 7a): a client that sends the value or salt anyway is refused
    (400), so the server never keeps either."""
    engine = engines.get("magier", version)
    state, _ = engine.setup(2, engine.check_options({}, 2), None)
    salt = "5a" * 32
    made = commit(TAG_SECRET, {"value": 2}, salt)
    sealed = seal(KEYS[0], "g", 4, {"secret": {"value": 2}, "salt": salt}) if version == "4" else None
    env = envelope("g", 4, "ab" * 32, 0, {"type": "place", "cell": "c3"}, made, "cd" * 32, "t", sealed)
    sig = sign_envelope(env, KEYS[0])
    with pytest.raises(steps.StepError, match="stays with you"):
        steps.move(engine, state, KEYS[0].public_hex, env, sig, {"value": 2}, salt, SEED, (4, "ab" * 32), seats=2)
    step = steps.move(engine, state, KEYS[0].public_hex, env, sig, None, None, SEED, (4, "ab" * 32), seats=2)
    assert step.secret is None and step.state["board"]["c3"] == {"seat": 0, "kind": "wisdom", "commit": made}
    assert step.state["hands"][0] == [None] * 6 and step.body["owner_only"] is True


def test_deadline_bots_cannot_reveal_or_place_blind() -> None:
    """A deadline bot cannot make a decision that needs the owner's secret: steps.timeout and
    an email move refuse it, a forfeit is the deadline's outcome."""
    t = Table({"e1": "R", "e2": "b2", "i9": "B"})
    t.play(0, "e1-e2")
    assert steps.needs_owner(E, t.state)
    with pytest.raises(steps.StepError, match="only its owner holds"):
        steps.timeout(E, t.state, 1, SEED, t.seq, seats=2)
    with pytest.raises(steps.StepError, match="pbem client"):
        steps.email_move(E, t.state, 1, {"type": "pass"}, SEED, "g", (t.seq, t.prev), seats=2)
    forfeit = steps.forfeit_step(E, t.state, 1, SEED, t.seq, seats=2)
    assert forfeit.body["result"]["winner"] == 0
    placing, _ = E.setup(2, E.check_options({}, 2), None)
    with pytest.raises(steps.StepError, match="only its owner holds"):
        steps.timeout(E, placing, 0, SEED, 4, seats=2)
    movement = position({"a1": "R", "i9": "B"}, commit=lambda c, v: "00" * 32)
    assert not steps.needs_owner(E, movement)
    steps.timeout(E, movement, 0, SEED, 4, seats=2)  # a blind game's plain move: the bot can play it


def test_open_placement_is_never_blind() -> None:
    """MH-6 option open_placement: every value is public, so nothing is owner-held."""
    state, _ = E.setup(2, E.check_options({"open_placement": True}, 2), None)
    assert state["hands"][0][0] == 2 and "pending" not in state
    assert not E.owner_held(state, {"type": "place", "cell": "c3", "open": True})
    assert not steps.needs_owner(E, state)
