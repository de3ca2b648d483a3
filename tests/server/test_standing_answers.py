"""Standing answers on a live server: a seat signs how it answers some decisions in advance
(POST /v1/games/ID/answers) and the server plays what the rule prescribes at once, in the
transaction of the append that made the decision come up, as `standing` entries.

Real parts: the app on loopback HTTP, players with their own keys (make_player), statements
and envelopes signed with those keys, the outbox delivered to an aiosmtpd sink, and the export
of the finished game audited by protocol.audit. Der Feuersalamander's key throws (FS-23: a
prisoner throws up to five times, each time the only legal move) are the forced decisions.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

import engines
from client.api import ApiError
from client.play import Player
from protocol.answers import answers_statement, sign_answers
from protocol.audit import audit
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, sign_envelope
from protocol.keys import SigningKey
from protocol.outcome import check_view
from server.mail.mailer import Sender
from server.store.models import database
from tests.conftest import LiveServer
from tests.e2e.test_mail_e2e import Smtp
from tests.server.conftest import Caller

FS = engines.get("feuersalamander")
FORCED = [{"kind": "forced"}]


class Table:
    """A two-seat Der Feuersalamander game on the live server: ann (seat 0) and bob (seat 1),
    moved by signed requests of their own (the server's answers read raw, not through the
    client's checks: this tests the server)."""

    def __init__(self, make_player: Callable[[str], Player], start: bool = True) -> None:
        self.ann, self.bob = make_player("ann"), make_player("bob")
        self.id = self.ann.new_game("feuersalamander", {"target": 20}, 2)["id"]
        self.path = f"/v1/games/{self.id}"
        self.ann.join(self.id, 0)
        if start:
            self.bob.join(self.id, 1)
        self.seen: dict[int, tuple[int | None, int]] = {}  # head seq: (to move, its legal moves)
        # head seqs whose one legal move is a discard: the hand decides it, so `forced` leaves it
        # to the seat (engines.answers.forced_public: a standing entry would tell the hand)
        self.hidden: set[int] = set()

    def player(self, seat: int) -> Player:
        return (self.ann, self.bob)[seat]

    def summary(self) -> dict[str, Any]:
        return self.ann.api.get(self.path)

    def head(self) -> dict[str, Any]:
        return self.summary()["head"]

    def entries(self) -> list[dict[str, Any]]:
        return self.ann.api.get(f"{self.path}/export")["entries"]

    def answers(self, seat: int, rules: list[dict[str, Any]], prev: str | None = None,
                key: SigningKey | None = None, named: int | None = None) -> dict[str, Any]:
        statement = answers_statement(self.id, seat if named is None else named, prev or self.head()["hash"], rules)
        sig = sign_answers(statement, key or self.player(seat).store.key())
        return self.player(seat).api.post(f"{self.path}/answers", {"statement": statement, "sig": sig})

    def move(self, seat: int, move: dict[str, Any], head: dict[str, Any]) -> dict[str, Any]:
        public, secret = FS.split_move(move)
        salt = secrets.token_hex(32) if secret is not None else None
        committed = commit(TAG_SECRET, secret, salt) if secret is not None else None
        env = envelope(self.id, head["seq"] + 1, head["hash"], seat, public, committed, secrets.token_hex(32), "t")
        p = self.player(seat)
        body = {"envelope": env, "sig": sign_envelope(env, p.store.key()), "secret": secret, "salt": salt}
        return p.api.post(f"{self.path}/moves", body)

    def resign(self, seat: int) -> dict[str, Any]:
        head = self.head()
        env = envelope(self.id, head["seq"] + 1, head["hash"], seat, {"type": "resign"}, None, secrets.token_hex(32), "t")
        p = self.player(seat)
        return p.api.post(f"{self.path}/resign", {"envelope": env, "sig": sign_envelope(env, p.store.key())})

    def play(self, rnd: random.Random, turns: int, until: Callable[[int, int], bool] | None = None) -> int:
        """Random legal moves by whoever is to move, `turns` of them at most (or until `until(seat,
        legal moves)` holds at a decision); each decision seen is noted. The moves made."""
        for made in range(turns):
            summary = self.summary()
            if summary["status"] != "running":
                return made
            seat = summary["to_move"]
            listed = self.player(seat).api.get(f"{self.path}/moves")
            self.seen[summary["head"]["seq"]] = (seat, len(listed["moves"]))
            if [m["move"].get("type") for m in listed["moves"]] == ["discard"]:
                self.hidden.add(summary["head"]["seq"])
            if until is not None and until(seat, len(listed["moves"])):
                return made
            # a claim rarely comes true, and never ends the game sooner: throws keep it moving
            moves = [m["move"] for m in listed["moves"]]
            throws = [m for m in moves if m.get("type") != "claim"]
            self.move(seat, rnd.choice(throws or moves), listed["head"])
        return turns


def standing_entries(entries: list[dict[str, Any]], after: int = 0) -> list[dict[str, Any]]:
    return [e for e in entries if e["type"] == "standing" and e["seq"] > after]


def test_forced_key_throws_are_played_at_once_and_the_export_audits_pass_FS_23(
    make_player: Callable[[str], Player],
) -> None:
    """FS-23: ann signs `forced`; from then on every key throw of hers (her only legal move) is
    a standing entry appended with the move that made it due, she is never to move at one, and
    the finished game's export audits PASS with the standing entries replayed."""
    t = Table(make_player)
    answered = t.answers(0, FORCED)
    statement_seq = answered["entry"]["seq"]
    assert answered["entry"]["type"] == "answers" and answered["entry"]["body"]["statement"]["answers"] == FORCED
    assert t.summary()["answers"] == {
        "0": {"seq": statement_seq, "answers": FORCED, "texts": ["play forced moves (when only one move is legal)"]}
    }
    rnd = random.Random(7)
    for _ in range(20):  # until bob has been asked a forced throw and ann's were answered a few times
        t.play(rnd, 20)
        bob_asked = [
            seq for seq, (seat, n) in t.seen.items() if seq > statement_seq and seat == 1 and n == 1 and seq not in t.hidden
        ]
        if bob_asked and len(standing_entries(t.entries(), statement_seq)) >= 5:
            break
    at_forced = [seq for seq, (seat, n) in t.seen.items() if seq > statement_seq and n == 1 and seq not in t.hidden]
    assert all(t.seen[seq][0] == 1 for seq in at_forced), "ann was asked for a forced throw"
    assert at_forced, "bob (no answers) was asked for some: forced throws did come up"
    entries = t.entries()
    played = standing_entries(entries, statement_seq)
    assert len(played) >= 5
    assert {e["body"]["seat"] for e in played} == {0}
    assert all(e["body"]["answers"] == statement_seq and "rule" not in e["body"] for e in played)

    # ann's own view carries the private 'answered' event of each standing entry
    view = t.ann.api.get(f"{t.path}/view")
    told = {p["seq"] for p in view["payloads"] if p["event"].get("kind") == "answered"}
    assert {e["seq"] for e in played} <= told
    bob_view = t.bob.api.get(f"{t.path}/view")
    assert not [p for p in bob_view["payloads"] if p["event"].get("kind") == "answered"]
    for player in (t.ann, t.bob):  # each client follows the standing entries with its own checks
        assert player.show(t.id)["status"] == "running"

    t.resign(1)
    export = t.ann.api.get(f"{t.path}/export")
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.to_json()
    assert verdict.checked["standing"] == len(standing_entries(export["entries"]))


def test_revoking_with_an_empty_list_stops_the_answers(make_player: Callable[[str], Player]) -> None:
    """[] replaces the statement whole: no standing entry after it, and ann is asked her forced
    throws (FS-23) again."""
    t = Table(make_player)
    first = t.answers(0, FORCED)["entry"]["seq"]
    t.play(random.Random(11), 300, until=lambda _seat, _n: bool(standing_entries(t.entries(), first)))
    assert standing_entries(t.entries(), first), "no forced throw of ann's came up"
    revoked = t.answers(0, [])["entry"]["seq"]
    assert t.summary()["answers"]["0"] == {"seq": revoked, "answers": [], "texts": []}
    t.play(random.Random(12), 200, until=lambda seat, n: seat == 0 and n == 1)
    summary = t.summary()
    assert summary["to_move"] == 0 and len(t.ann.api.get(f"{t.path}/moves")["moves"]) == 1
    assert standing_entries(t.entries(), revoked) == []


def test_answers_given_while_the_decision_is_due_are_played_at_once(make_player: Callable[[str], Player]) -> None:
    """A statement signed when its seat is to move at a forced throw (FS-23) is followed, in the
    same request, by the standing entries it prescribes: the answer already shows the turn gone on."""
    t = Table(make_player)
    # a single option `forced` answers: not a lone discard, which the hand decides (the seed is random)
    t.play(random.Random(5), 200, until=lambda seat, n: seat == 0 and n == 1 and t.head()["seq"] not in t.hidden)
    before = t.head()["seq"]
    assert t.summary()["to_move"] == 0 and before not in t.hidden
    answered = t.answers(0, FORCED)
    played = standing_entries(t.entries(), before)
    assert played and played[0]["seq"] == before + 2  # right after the answers entry
    assert answered["head"]["seq"] >= played[-1]["seq"]
    # nothing `forced` prescribes is left waiting: a single discard is the hand's to decide (its
    # number of options is not public), so `forced` leaves it to the seat (the server's seed is random)
    left = t.ann.api.get(f"{t.path}/moves")["moves"] if answered["to_move"] == 0 else []
    assert not (len(left) == 1 and left[0]["move"]["type"] != "discard"), left


def refused(call: Callable[[], Any]) -> ApiError:
    with pytest.raises(ApiError) as caught:
        call()
    return caught.value


def test_stale_forged_unknown_and_misplaced_statements_are_refused(make_player: Callable[[str], Player]) -> None:
    """409 with the head for a stale prev, 403 for another key's signature or another seat's
    statement or a caller without a seat, 422 with the engine's reason for a rule it cannot take;
    nothing is appended for any of them."""
    t = Table(make_player)
    head = t.head()
    stale = refused(lambda: t.answers(0, FORCED, prev="ab" * 32))
    assert stale.status == 409 and stale.head == head and "stale" in stale.detail
    forged = refused(lambda: t.answers(0, FORCED, key=SigningKey.generate()))
    assert forged.status == 403 and "not signed by the key of its seat" in forged.detail
    other = refused(lambda: t.answers(0, FORCED, named=1))
    assert other.status == 403 and "you hold seat 0" in other.detail
    unknown = refused(lambda: t.answers(0, [{"kind": "always-win"}]))
    assert unknown.status == 422 and "always-win" in unknown.detail
    twice = refused(lambda: t.answers(0, FORCED + FORCED))
    assert twice.status == 422 and "twice" in twice.detail
    shaped = refused(lambda: t.ann.api.post(f"{t.path}/answers", {"statement": [], "sig": "00"}))
    assert shaped.status == 400
    carol = make_player("carol")  # an account with no seat, signing with its own key
    statement = answers_statement(t.id, 0, head["hash"], FORCED)
    body = {"statement": statement, "sig": sign_answers(statement, carol.store.key())}
    outsider = refused(lambda: carol.api.post(f"{t.path}/answers", body))
    assert outsider.status == 403 and "no seat" in outsider.detail
    assert t.head() == head
    assert t.summary()["answers"] == {}


def test_answers_before_the_start_and_after_the_end_are_refused(make_player: Callable[[str], Player]) -> None:
    """Answers stand only while the game runs: 409 before the last join and after the end."""
    t = Table(make_player, start=False)
    early = refused(lambda: t.answers(0, FORCED))
    assert early.status == 409 and "not started" in early.detail
    t.bob.join(t.id, 1)
    t.resign(1)
    late = refused(lambda: t.answers(0, FORCED))
    assert late.status == 409 and "over" in late.detail


def test_no_your_turn_mail_for_a_decision_answered_in_advance(
    make_player: Callable[[str], Player], live_server: LiveServer, smtp: Smtp
) -> None:
    """The mail is composed once, for the position the standing entries lead to: ann never gets
    a your-turn mail at a head where her next entry is a standing answer (FS-23 key throws), no
    head gets two, and every turn mail goes to the seat to move there."""
    t = Table(make_player)
    statement_seq = t.answers(0, FORCED)["entry"]["seq"]
    rnd = random.Random(3)
    for _ in range(15):  # until ann's forced throws came up a few times
        t.play(rnd, 20)
        if len(standing_entries(t.entries(), statement_seq)) >= 3:
            break
    sender = Sender(smtp.config(Path(live_server.data_dir)))
    with database.connection_context():
        sender.send_due()
    turns = [m for _, _, m in smtp.handler.messages if m["X-Pbem-Kind"] == "turn"]
    assert turns
    entries = t.entries()
    by_seq = {e["seq"]: e for e in entries}
    heads: list[tuple[int, str]] = []
    for mail in turns:
        seq = int(re.fullmatch(r"<turn\.[0-9a-f]{16}\.([0-9]+)\.[^@]+@.+>", mail["Message-ID"]).group(1))  # type: ignore[union-attr]
        heads.append((seq, str(mail["To"])))
        following = by_seq.get(seq + 1)
        if "ann@" in str(mail["To"]) and seq > statement_seq:
            assert following is None or following["type"] != "standing", f"a turn mail for an answered decision at {seq}"
        seat = 0 if "ann@" in str(mail["To"]) else 1
        assert t.seen.get(seq, (seat, 0))[0] == seat  # the seat to move at that head
    assert len(heads) == len(set(heads))
    answered_heads = {e["seq"] - 1 for e in standing_entries(entries, statement_seq)}
    assert answered_heads, "no forced throw of ann's came up"
    assert not [s for s, to in heads if "ann@" in to and s in answered_heads]


def test_standing_answers_on_each_database(app: Flask) -> None:
    """The same on SQLite and PostgreSQL (its FOR UPDATE lock): forced throws (FS-23) answered,
    the summary's answers in force, a revocation, and the export audits PASS."""
    client = app.test_client()
    ann, bob = Caller(client), Caller(client)
    assert ann.account("ann").status_code == 201 and bob.account("bob").status_code == 201
    game = ann.call("POST", "/v1/games", {"engine": "feuersalamander", "options": {"target": 20}, "seats": 2}).get_json()["id"]
    assert ann.join(game, 0, "ann").status_code == 200 and bob.join(game, 1, "bob").status_code == 200
    path = f"/v1/games/{game}"

    def answers(who: Caller, seat: int, rules: list[dict[str, Any]]) -> Any:
        statement = answers_statement(game, seat, ann.call("GET", path).get_json()["head"]["hash"], rules)
        return who.call("POST", f"{path}/answers", {"statement": statement, "sig": sign_answers(statement, who.key)})

    assert answers(ann, 0, FORCED).status_code == 200
    assert answers(bob, 1, FORCED).status_code == 200
    rnd = random.Random(1)
    for _ in range(400):  # until each seat's answers have played (the deal decides when)
        logged = ann.call("GET", f"{path}/log").get_json()["entries"]
        if {e["body"]["seat"] for e in standing_entries(logged)} == {0, 1}:
            break
        summary = ann.call("GET", path).get_json()
        seat = summary["to_move"]
        who = (ann, bob)[seat]
        listed = who.call("GET", f"{path}/moves").get_json()
        if len(listed["moves"]) == 1:  # both answer forced throws: nobody is asked a public one
            view = who.call("GET", f"{path}/view").get_json()["view"]
            assert not engines.get("feuersalamander").forced_public(view), listed["moves"]
        moves = [m["move"] for m in listed["moves"] if m["move"].get("type") != "claim"] or [listed["moves"][0]["move"]]
        head = listed["head"]
        env = envelope(game, head["seq"] + 1, head["hash"], seat, rnd.choice(moves), None, secrets.token_hex(32), "t")
        assert who.call("POST", f"{path}/moves", {"envelope": env, "sig": sign_envelope(env, who.key)}).status_code == 200
    assert answers(bob, 1, []).status_code == 200
    assert set(ann.call("GET", path).get_json()["answers"]) == {"0", "1"}
    head = ann.call("GET", path).get_json()["head"]
    env = envelope(game, head["seq"] + 1, head["hash"], 1, {"type": "resign"}, None, secrets.token_hex(32), "t")
    assert bob.call("POST", f"{path}/resign", {"envelope": env, "sig": sign_envelope(env, bob.key)}).status_code == 200
    export = ann.call("GET", f"{path}/export").get_json()
    assert {e["body"]["seat"] for e in standing_entries(export["entries"])} == {0, 1}
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.to_json()


def test_a_seat_view_opens_its_commitment_after_a_long_run_of_answers_entries(
    make_player: Callable[[str], Player],
) -> None:
    """Answers entries carry no views: after thirty of them in a row (set, revoke, ...), each
    seat's view is still given with the salt of the commitment in the last entry that has views."""
    t = Table(make_player)
    last_views = max(e["seq"] for e in t.entries() if "views" in e["body"])
    for n in range(30):
        t.answers(n % 2, [])
    entries = t.entries()
    assert entries[-1]["seq"] == last_views + 30
    for p in (t.ann, t.bob):
        view = p.api.get(f"{t.path}/view")
        committed = entries[last_views]["body"]["views"][view["seat"]]
        assert check_view(view["view"], view["view_salt"], committed)
