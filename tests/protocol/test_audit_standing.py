"""The audit of answers given in advance: `answers` entries (a seat's signed statement of
standing answers) and `standing` entries (a move the server played by one).

The ledger below writes Der Feuersalamander logs the way the server does: after every entry it
plays each standing answer that applies (protocol.standing), until none does. The audit keeps
each seat's statement in force and replays every standing move from the revealed seed; a
server that plays a move no rule prescribed, plays by a statement revoked or replaced, or
logs a statement its seat did not sign for this game at this head fails at that entry.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from pathlib import Path
from typing import Any

import pytest

import engines
from engines.answers import BadRule
from engines.core import Engine, Rng
from engines.feuersalamander import Feuersalamander
from engines.feuersalamander.bots import simple_bot
from protocol import steps
from protocol.answers import answers_body, answers_statement, check_answers, sign_answers
from protocol.audit import audit, private_events, replay_states, state_at
from protocol.commitments import standing_key
from protocol.entries import entry_hash
from protocol.keys import SigningKey
from protocol.outcome import check_view
from protocol.standing import ANSWERED, MOST_IN_A_ROW, first_prescribed, prescribed, standing
from tests.protocol.ledger import Ledger, assert_fail, export_of, reseal

FS = engines.get("feuersalamander")
FORCED = {"kind": "forced"}
FIRST = {"kind": "first-listed"}
GAME = "g-fs"


class Eager(Feuersalamander):
    """Der Feuersalamander with one more kind of standing answer, `first-listed` (the first of
    the seat's legal moves, always): a rule that prescribes a move where several are legal, so
    a server can be caught playing another legal move than the one prescribed."""

    def own_answer_kinds(self) -> list[dict[str, str]]:
        return [{"kind": "first-listed", "text": "play the first listed move", "usage": "first-listed"}]

    def check_own_rule(self, rule: Any) -> dict[str, Any]:
        if rule != FIRST:
            raise BadRule("first-listed takes no parameters")
        return dict(FIRST)

    def own_standing_move(self, view: Any, rule: Any, moves: list[dict[str, Any]]) -> dict[str, Any] | None:
        return moves[0] if rule == FIRST else None


EAGER = Eager()


def plain(engine_id: str) -> Engine:
    return engines.get(engine_id)


def eager(engine_id: str, version: str | None = None) -> Engine:
    """The audit's lookup (an id) and the client's (an id and the genesis's version)."""
    assert engine_id == "feuersalamander" and version in (None, EAGER.version)
    return EAGER


def bot_policy(engine: Engine, state: dict, seat: int, legal: list, rnd: random.Random) -> dict:
    """Feuersalamander's simple bot, playing from the seat's view with the record its client
    would fold from the log (the answers it was shown): it finishes a game of a low target in a
    few dozen moves. The record is folded from the ledger being played (`_PLAYING`)."""
    record = _PLAYING[-1].record(seat) if _PLAYING else None
    return simple_bot({**engine.view(state, seat), "record": record}, legal, rnd)


_PLAYING: list[AnswersLedger] = []  # the ledger whose play_moves runs now, for bot_policy


class AnswersLedger(Ledger):
    """A Ledger whose server plays standing answers, as the real one does after every append."""

    def __init__(self, label: str, engine: Engine = FS, seats: int = 2, target: int = 3) -> None:
        self.in_force: dict[int, tuple[int, list[dict[str, Any]]]] = {}
        self.last_views: int | None = None
        self.forge_for_out: bool = False  # a dishonest server: a standing entry for a seat that left
        super().__init__(label, engine=engine, game=GAME, options={"target": target}, seats=seats)

    def play_moves(self, policy: Any = None, limit: int | None = None) -> Ledger:
        _PLAYING.append(self)
        try:
            return super().play_moves(policy, limit) if policy is not None else super().play_moves(limit=limit)
        finally:
            _PLAYING.pop()

    def record(self, seat: int) -> Any:
        """The seat's record as its client folds it: each entry's public events and, in their
        place, the private ones delivered to the seat (engines.core.Engine.recall)."""
        mine = {(p["seq"], p["index"]): p["event"] for p in self.payloads[seat]}
        record = None
        for entry in self.entries:
            events = entry["body"].get("events")
            if not isinstance(events, list):
                continue
            seen = [mine[(entry["seq"], i)] if "commit" in e else e for i, e in enumerate(events)
                    if "commit" not in e or (entry["seq"], i) in mine]
            record = self.engine.recall(record, seen, seat)
        return record

    def _append(self, type_: str, body: dict[str, Any]) -> dict[str, Any]:
        entry = super()._append(type_, body)
        if "views" in body:
            self.last_views = entry["seq"]
        return entry

    def statement(
        self, seat: int, rules: list[dict[str, Any]], *, game: str = GAME, prev: str | None = None,
        key: SigningKey | None = None,
    ) -> dict[str, Any]:
        """The body of an answers entry as the seat's client signs it at the current head
        (or, to forge, for another game, at another head, by another key)."""
        statement = answers_statement(game, seat, prev or self.head()[1], rules)
        return answers_body(statement, sign_answers(statement, key or self.player_keys[seat]))

    def answers(self, seat: int, rules: list[dict[str, Any]]) -> dict[str, Any]:
        """The seat signs its standing answers; the server checks, appends and plays them."""
        body = self.statement(seat, rules)
        keys = {s: k.public_hex for s, k in enumerate(self.player_keys)}
        _, checked = check_answers(self.engine, body, self.game, self.head()[1], keys)
        entry = self._append("answers", body)
        if checked:
            self.in_force[seat] = (entry["seq"], checked)
        else:
            self.in_force.pop(seat, None)
        self._play_out()
        return entry

    def append_answers(self, body: dict[str, Any]) -> dict[str, Any]:
        """A dishonest server logs an answers body without checking it."""
        return self._append("answers", body)

    def play_standing(self, seat: int, statement: tuple[int, list[dict[str, Any]]], rule: int) -> dict[str, Any]:
        """Play `statement`'s rule for `seat` now, whether or not it is the statement in force."""
        assert self.state is not None and self.last_views is not None
        seq, _ = self.head()
        step = standing(
            self.engine, self.state, seat, statement, rule, self.seed, seq, self.last_views, seats=self.seats
        )
        return self._seeded_step(step, "standing")

    def _play_out(self) -> None:
        """After every append: the out seats' decisions, then every standing answer that applies."""
        for _ in range(MOST_IN_A_ROW):
            if self.result is not None or self.state is None:
                return
            seat = self.engine.to_move(self.state)
            if self.forge_for_out and seat in getattr(self.engine, "out", lambda s: [])(self.state):
                self._forged_for_out(seat)
                continue
            super()._play_out()
            if self.result is not None:
                return
            seat = self.engine.to_move(self.state)
            statement = self.in_force.get(seat)
            found = None if statement is None else prescribed(self.engine, self.state, seat, statement[1])
            if found is None or statement is None:
                return
            self.play_standing(seat, statement, found[0])

    def _forged_for_out(self, seat: int) -> None:
        """The out seat's decision written as a standing answer of its old statement (once)."""
        self.forge_for_out = False
        seq, _ = self.head()
        step = steps.out_move(self.engine, self.state, seat, self.seed, seq, seats=self.seats)
        body = {k: v for k, v in step.body.items() if k not in ("kind", "action")}
        body |= {"answers": self.in_force[seat][0]}
        self.state = step.state
        self.result = step.body.get("result")
        self._append("standing", body)


def kinds(ledger: Ledger, type_: str) -> list[dict[str, Any]]:
    return [e for e in ledger.entries if e["type"] == type_]


def forced_then_revoked(label: str = "fs-standing") -> AnswersLedger:
    """Seat 0 plays a few moves, then signs `forced`; after two standing moves it revokes it;
    the game is played to the end and revealed."""
    ledger = AnswersLedger(label)
    ledger.begin().play_moves(bot_policy, limit=4)
    ledger.answers(0, [FORCED])
    while len(kinds(ledger, "standing")) < 2:
        assert ledger.result is None, "the label was chosen so that two forced decisions come up"
        ledger.play_moves(bot_policy, limit=1)
    if ledger.result is None:
        ledger.answers(0, [])
        ledger.play_moves(bot_policy)
    ledger.reveal()
    return ledger


@pytest.fixture(scope="module")
def honest() -> AnswersLedger:
    return forced_then_revoked()


def run(export: dict[str, Any], lookup: Any = plain) -> Any:
    return audit(export, lookup=lookup)


def resealed(ledger: Ledger, entries: list[dict[str, Any]], seq: int) -> dict[str, Any]:
    return export_of(reseal(entries, seq, ledger.server_key), game=GAME)


# --- an honest game ------------------------------------------------------------------------------


def test_forced_answers_set_then_revoked_pass_and_are_counted(honest: AnswersLedger) -> None:
    """Seat 0's forced decisions were played by its signed rule while it stood; the audit
    replays each from the seed, counts them apart and says so in its reason."""
    answers = kinds(honest, "answers")
    played = kinds(honest, "standing")
    assert [a["body"]["statement"]["answers"] for a in answers] == [[FORCED], []]
    assert played and all(answers[0]["seq"] < e["seq"] < answers[1]["seq"] for e in played)
    assert all(e["body"]["seat"] == 0 and e["body"]["answers"] == answers[0]["seq"] for e in played)
    v = run(honest.export())
    assert v.word == "PASS", v.to_json()
    assert v.checked["standing"] == len(played) > 0
    assert v.checked["moves"] == len(kinds(honest, "move")) + len(played)
    assert f"{len(played)} move(s) were played by standing answers" in v.reason
    assert "signed the rules, not these moves" in v.reason


def test_a_game_without_answers_says_nothing_of_them() -> None:
    ledger = AnswersLedger("fs-plain")
    ledger.begin().play_moves(bot_policy)
    ledger.reveal()
    v = run(ledger.export())
    assert v.word == "PASS" and v.checked["standing"] == 0 and "standing" not in v.reason


def test_the_seat_checks_a_standing_move_from_its_answered_view(honest: AnswersLedger) -> None:
    """What the seat's client checks at once, without the seed: the ANSWERED payload opens its
    view commitment in the last entry with views, and its own rules give the move played."""
    entries = honest.entries
    payloads = {(p["seq"], p["index"]): p for p in honest.payloads[0]}
    for entry in kinds(honest, "standing"):
        seq = entry["seq"]
        private = payloads[(seq, 0)]
        assert private["event"]["kind"] == ANSWERED and private["to"] == [0]
        before = max(e["seq"] for e in entries[:seq] if "views" in e["body"])
        data = private["event"]["data"]
        assert check_view(data["view"], data["salt"], entries[before]["body"]["views"][0])
        assert first_prescribed(FS, data["view"], [FORCED]) == (0, entry["body"]["move"])


def test_replayed_states_and_private_events_cover_standing_entries(honest: AnswersLedger) -> None:
    export = honest.export()
    verdict, states = replay_states(export, plain)
    assert verdict.word == "PASS" and states is not None
    _, events = private_events(export, plain)
    assert events is not None
    for entry in kinds(honest, "standing"):
        seq = entry["seq"]
        assert states[seq] is not None and states[seq] != states[seq - 1]
        assert events[seq][0]["event"]["kind"] == ANSWERED
    first_answers = kinds(honest, "answers")[0]["seq"]
    assert states[first_answers] == states[first_answers - 1]  # an answers entry changes no state
    assert state_at(export, len(export["entries"]) - 1, plain)[1] == states[len(export["entries"]) - 1]


def test_a_running_game_checks_the_statements_signatures_without_the_seed(honest: AnswersLedger) -> None:
    """INCOMPLETE while the game runs (no seed), yet each answers entry's signature was checked."""
    revoke = kinds(honest, "answers")[1]["seq"]
    running = export_of(honest.export()["entries"][: revoke + 1], game=GAME)
    v = run(running)
    assert v.word == "INCOMPLETE", v.to_json()
    joins_and_moves = 2 + len([e for e in honest.entries[:revoke + 1] if e["type"] == "move"])
    assert v.checked["signatures"] == (revoke + 1) + joins_and_moves + 2


# --- a server that plays what no rule prescribed -----------------------------------------------


def test_a_standing_move_other_than_the_one_prescribed_fails() -> None:
    """The rule prescribes the first listed move; the server played another legal move under a
    standing header: FAIL there, naming both moves in the game's notation."""
    ledger = AnswersLedger("fs-eager", engine=EAGER)
    ledger.begin().play_moves(bot_policy, limit=2)
    ledger.answers(0, [FIRST])
    ledger.play_moves(bot_policy)
    ledger.reveal()
    assert run(ledger.export(), eager).word == "PASS"
    verdict, states = replay_states(ledger.export(), eager)
    assert states is not None
    for entry in kinds(ledger, "standing"):
        seq = entry["seq"]
        legal = EAGER.legal_moves(states[seq - 1], 0)
        if len(legal) > 1:
            break
    else:
        pytest.fail("seat 0 had a choice at some standing answer")
    other = legal[1]
    entries = ledger.export()["entries"]
    entries[seq]["body"]["move"] = other
    assert_fail(
        run(resealed(ledger, entries, seq), eager), seq,
        f"the standing answer prescribes '{EAGER.format(legal[0])}' here; "
        f"the server played '{EAGER.format(other)}'",
    )


def test_a_signed_move_rewritten_as_a_standing_answer_fails(honest: AnswersLedger) -> None:
    """Where seat 0 had a choice, its `forced` rule prescribes nothing: a standing entry there
    (the server's own pick under the seat's statement) fails."""
    statement_seq = kinds(honest, "answers")[0]["seq"]
    revoke = kinds(honest, "answers")[1]["seq"]
    moves = [e for e in kinds(honest, "move") if statement_seq < e["seq"] < revoke and e["body"]["seat"] == 0]
    assert moves, "seat 0 chose a move itself while its rule stood"
    seq = moves[0]["seq"]
    entries = honest.export()["entries"]
    body = entries[seq]["body"]
    body |= {"answers": statement_seq, "move": body["envelope"]["move"], "secret_commit": None}
    del body["envelope"], body["sig"]
    entries[seq]["type"] = "standing"
    assert_fail(run(resealed(honest, entries, seq)), seq, "seat 0's standing answers prescribe no move here")


def test_a_standing_answer_after_its_revocation_fails() -> None:
    ledger = AnswersLedger("fs-revoked")
    ledger.begin().play_moves(bot_policy, limit=2)
    statement = ledger.answers(0, [FORCED])
    ledger.answers(0, [])
    while ledger.result is None and prescribed(FS, ledger.state, 0, [FORCED]) is None:
        ledger.play_moves(bot_policy, limit=1)
    entry = ledger.play_standing(0, (statement["seq"], [FORCED]), 0)
    assert_fail(
        run(ledger.export()), entry["seq"], "a standing answer for seat 0, which has no standing answers in force"
    )


def test_a_standing_answer_of_a_replaced_statement_fails() -> None:
    ledger = AnswersLedger("fs-replaced")
    ledger.begin().play_moves(bot_policy, limit=2)
    old = ledger.answers(0, [FORCED])
    new = ledger.answers(0, [FORCED])
    ledger.in_force.pop(0)  # the dishonest server plays by the old statement itself, below
    while ledger.result is None and prescribed(FS, ledger.state, 0, [FORCED]) is None:
        ledger.play_moves(bot_policy, limit=1)
    entry = ledger.play_standing(0, (old["seq"], [FORCED]), 0)
    assert entry["body"]["answers"] == old["seq"] != new["seq"]
    assert_fail(
        run(ledger.export()), entry["seq"],
        f"names the statement at entry {old['seq']}, but the one in force for seat 0 is at entry {new['seq']}",
        "(revoked or replaced)",
    )


def test_a_standing_answer_naming_a_rule_that_is_not_the_first_to_apply_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both rules prescribe the forced move; the first in the statement's order is the one
    played, so an entry that names the second is not what the seat signed. The entry names it in
    the older shape (in the clear), taken here as a version released with that shape would be
    (today's Feuersalamander added to protocol.standing.CLEAR_RULE_VERSIONS)."""
    import protocol.standing

    allowed = protocol.standing.CLEAR_RULE_VERSIONS | {(EAGER.id, EAGER.version)}
    monkeypatch.setattr(protocol.standing, "CLEAR_RULE_VERSIONS", allowed)
    ledger = AnswersLedger("fs-order", engine=EAGER)
    ledger.begin()
    while prescribed(EAGER, ledger.state, 0, [FORCED]) is None:
        ledger.play_moves(bot_policy, limit=1)
    statement = ledger.answers(0, [FIRST, FORCED])
    entry = kinds(ledger, "standing")[0]
    assert "rule" not in entry["body"]  # the index is the seat's to read (its `answered` event)
    told = next(p for p in ledger.payloads[0] if (p["seq"], p["index"]) == (entry["seq"], 0))
    assert told["event"]["data"]["rule"] == 0
    ledger.play_moves(bot_policy)
    ledger.reveal()
    seq = entry["seq"]
    entries = ledger.export()["entries"]
    entries[seq]["body"]["rule"] = 1  # the older shape, the index in the clear: replayed as such
    assert entries[seq]["body"]["answers"] == statement["seq"]
    assert_fail(
        run(resealed(ledger, entries, seq), eager), seq,
        "the standing answer played is rule 1, but the first that applies here is rule 0",
    )


def test_a_standing_answer_for_a_seat_that_left_fails() -> None:
    """In a game of three a seat that left is decided for by the server (out entries,
    random from the seed); a standing entry of its old statement there fails."""
    for label in range(12):
        ledger = AnswersLedger(f"fs-left-{label}", seats=3, target=10)
        ledger.begin()
        ledger.answers(0, [FORCED])
        if ledger.result is not None:
            continue
        ledger.forge_for_out = True  # from the resignation on
        left = ledger.resign(0)["seq"]
        ledger.play_moves(bot_policy)
        forged = [e for e in kinds(ledger, "standing") if e["seq"] > left]
        if forged:
            ledger.reveal()
            seq = forged[0]["seq"]
            assert_fail(run(ledger.export()), seq, "a standing answer for seat 0, which has left the game")
            return
    pytest.fail("no seat that left owed a decision in twelve games")


# --- statements that are not the seat's, for this game, at this head -----------------------------


def opened(label: str) -> AnswersLedger:
    ledger = AnswersLedger(label)
    ledger.begin().play_moves(bot_policy, limit=3)
    return ledger


def running(ledger: AnswersLedger) -> dict[str, Any]:
    return export_of(ledger.export()["entries"], game=GAME)


@pytest.mark.parametrize(
    ("forge", "words"),
    [
        (lambda lg: lg.statement(0, [FORCED], key=lg.player_keys[1]), "not signed by the key of its seat"),
        (lambda lg: lg.statement(0, [FORCED], game="g-other"), "signed for another game"),
        (lambda lg: lg.statement(0, [FORCED], prev=entry_hash(lg.entries[-2])), "stale answers"),
        (lambda lg: lg.statement(0, [{"kind": "decline-trades"}]), "a standing answer this game cannot take"),
        (lambda lg: lg.statement(0, [FORCED, FORCED]), "the same answer is given twice"),
        (lambda lg: {**lg.statement(0, [FORCED]), "note": "x"}, "holds the seat, the signed statement"),
    ],
)
def test_an_answers_entry_the_seat_did_not_sign_here_fails_with_or_without_the_seed(forge: Any, words: str) -> None:
    ledger = opened("fs-forged")
    seq = ledger.append_answers(forge(ledger))["seq"]
    assert_fail(run(running(ledger)), seq, words)  # a running game: no seed needed
    ledger.play_moves(bot_policy)
    ledger.reveal()
    assert_fail(run(ledger.export()), seq, words)


def test_a_signature_moved_onto_another_seats_statement_fails(honest: AnswersLedger) -> None:
    seq = kinds(honest, "answers")[0]["seq"]
    entries = honest.export()["entries"]
    entries[seq]["body"]["sig"] = "00" * 64
    assert_fail(run(resealed(honest, entries, seq)), seq, "not signed by the key of its seat")


def test_answers_before_the_start_or_after_the_end_fail() -> None:
    ledger = AnswersLedger("fs-early")
    ledger.join(0)
    ledger.join(1)
    keys = {s: k.public_hex for s, k in enumerate(ledger.player_keys)}
    early = ledger.append_answers(ledger.statement(0, [FORCED]))
    assert check_answers(FS, early["body"], GAME, early["prev"], keys)[1] == [FORCED]  # well signed
    ledger.start()
    assert_fail(run(running(ledger)), early["seq"], "standing answers before the start")

    ledger = AnswersLedger("fs-late")
    ledger.begin().play_moves(bot_policy)
    late = ledger.append_answers(ledger.statement(0, [FORCED]))
    ledger.reveal()
    assert_fail(run(ledger.export()), late["seq"], "an answers entry after the game ended")


def test_a_standing_entry_with_no_statement_at_all_fails(honest: AnswersLedger) -> None:
    """A standing entry naming a statement that was never signed (here: a move entry's seq)."""
    played = kinds(honest, "standing")[0]
    seq = played["seq"]
    entries = honest.export()["entries"]
    entries[seq]["body"]["answers"] = seq - 1
    statement_seq = kinds(honest, "answers")[0]["seq"]
    assert_fail(
        run(resealed(honest, entries, seq)), seq, f"names the statement at entry {seq - 1}",
        f"in force for seat 0 is at entry {statement_seq}",
    )


# --- the standing RNG, as docs/PROTOCOL.md pins it -----------------------------------------------

STANDING_KEY_4 = "efacf1b4e48e4819cb79fc42748c112f3cb23cf47347a285d97f7561a083610b"
STANDING_RANDBELOW6 = [2, 4, 0, 5, 4, 4, 1, 5]
DOC = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"


def test_standing_key_vector_is_the_documented_hmac() -> None:
    seed = bytes(range(32))
    assert standing_key(seed, 4).hex() == STANDING_KEY_4
    assert hmac.new(seed, b'pbem/v1/rng/standing\n{"seq":4}', hashlib.sha256).hexdigest() == STANDING_KEY_4
    rng = Rng(standing_key(seed, 4))
    assert [rng.randbelow(6) for _ in range(8)] == STANDING_RANDBELOW6
    doc = DOC.read_text(encoding="utf-8")
    assert STANDING_KEY_4 in doc and str(STANDING_RANDBELOW6) in doc
    assert "`TAG_ANSWERS` | `pbem/v1/answers\\n`" in doc


def changed(value: Any) -> Any:
    """Another JSON value of the same member: what a server that rewrote it would have logged."""
    if isinstance(value, bool) or value is None:
        return "00" * 32
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return ("ab" * 32) if value != "ab" * 32 else ("cd" * 32)
    if isinstance(value, list):
        return value[1:] if value else [0]
    return {**value, "x": 1}


@pytest.mark.parametrize(
    "member",
    ["seat", "answers", "rule", "move", "secret_commit", "events", "state", "views", "to_move"],
)
def test_any_member_of_a_standing_entry_rewritten_fails_there(honest: AnswersLedger, member: str) -> None:
    """`rule` is not in an entry written now: adding the index that did apply, in the clear
    (the older shape), fails too: the `answered` event of that shape has no index."""
    seq = kinds(honest, "standing")[0]["seq"]
    entries = honest.export()["entries"]
    body = entries[seq]["body"]
    body[member] = changed(body[member]) if member in body else 0
    verdict = run(resealed(honest, entries, seq))
    assert_fail(verdict, seq)
