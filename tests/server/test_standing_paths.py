"""Every way an entry is appended leads to the same after-append hook, so a standing answer is
played after a timeout (the deadline sweeper) and after a move by email (the inbox) as after a
move over HTTP: Der Feuersalamander's key throws (FS-23), answered `forced` by ann.

Real parts: the app (SQLite), signed requests, the real sweeper and the real inbox with a
reply carrying the mailed move token; the exports audit PASS.
"""

from __future__ import annotations

import datetime as dt
import email
import email.policy
import random
import re
import secrets
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

from flask import Flask

import engines
from protocol.answers import answers_statement, sign_answers
from protocol.audit import audit
from protocol.entries import envelope, sign_envelope
from server.clock import sweeper
from server.mail import causes, inbox
from server.store.models import Mail, database
from tests.server.conftest import Caller

FS = engines.get("feuersalamander")
TOKEN_LINE = re.compile(r"^token: ([0-9a-f]{32})\r?$", re.MULTILINE)


class Duo:
    """ann (seat 0, answers forced throws in advance) and bob (seat 1) over the test client."""

    def __init__(self, app: Flask, **options: Any) -> None:
        self.app = app
        client = app.test_client()
        self.ann, self.bob = Caller(client), Caller(client)
        assert self.ann.account("ann").status_code == 201 and self.bob.account("bob").status_code == 201
        body = {"engine": "feuersalamander", "options": {"target": 20}, "seats": 2, **options}
        self.id = self.ann.call("POST", "/v1/games", body).get_json()["id"]
        self.path = f"/v1/games/{self.id}"
        assert self.ann.join(self.id, 0, "ann").status_code == 200
        assert self.bob.join(self.id, 1, "bob").status_code == 200
        statement = answers_statement(self.id, 0, self.summary()["head"]["hash"], [{"kind": "forced"}])
        answered = self.ann.call("POST", f"{self.path}/answers", {"statement": statement, "sig": sign_answers(statement, self.ann.key)})
        assert answered.status_code == 200, answered.get_json()

    def summary(self) -> dict[str, Any]:
        return self.ann.call("GET", self.path).get_json()

    def entries(self) -> list[dict[str, Any]]:
        return self.ann.call("GET", f"{self.path}/export").get_json()["entries"]

    def choose(self, seat: int, rnd: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
        """(a random legal move of the seat, not a claim when a throw will do; the head)."""
        listed = (self.ann, self.bob)[seat].call("GET", f"{self.path}/moves").get_json()
        if len(listed["moves"]) == 1 and seat == 0:  # only where the hand decides the one option (forced_public)
            view = self.ann.call("GET", f"{self.path}/view").get_json()["view"]
            assert not FS.forced_public(view), "ann was asked for a forced throw"
        moves = [m["move"] for m in listed["moves"]]
        return rnd.choice([m for m in moves if m.get("type") != "claim"] or moves), listed["head"]

    def move(self, seat: int, rnd: random.Random) -> None:
        who = (self.ann, self.bob)[seat]
        move, head = self.choose(seat, rnd)
        env = envelope(self.id, head["seq"] + 1, head["hash"], seat, move, None, secrets.token_hex(32), "t")
        assert who.call("POST", f"{self.path}/moves", {"envelope": env, "sig": sign_envelope(env, who.key)}).status_code == 200

    def finish(self) -> dict[str, Any]:
        head = self.summary()["head"]
        env = envelope(self.id, head["seq"] + 1, head["hash"], 1, {"type": "resign"}, None, secrets.token_hex(32), "t")
        assert self.bob.call("POST", f"{self.path}/resign", {"envelope": env, "sig": sign_envelope(env, self.bob.key)}).status_code == 200
        return self.ann.call("GET", f"{self.path}/export").get_json()


def followed_by_standing(entries: list[dict[str, Any]], kind: str) -> list[int]:
    """The seqs of `kind` system entries (timeout, email_move) whose next entry is a standing one."""
    return [
        e["seq"] for e, nxt in zip(entries, entries[1:], strict=False)
        if e["type"] == "system" and e["body"].get("kind") == kind and nxt["type"] == "standing"
    ]


def test_a_timeout_is_followed_by_the_standing_answers_it_makes_due_FS_23(sqlite_app: Flask) -> None:
    """The sweeper's timeout entries go through the ledger's one after-append hook: when a
    timed-out decision leads to ann's key throw (FS-23), it is answered in the same transaction."""
    duo = Duo(sqlite_app, deadline={"days": 1, "grace_hours": 0})
    at = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    rnd = random.Random(2)
    for _ in range(120):
        if followed_by_standing(duo.entries(), "timeout"):
            break
        at += dt.timedelta(days=2)
        done = sweeper.tick(now=at, app=sqlite_app)
        assert done["errors"] == [], done
        summary = duo.summary()
        assert summary["status"] == "running"
        if summary["to_move"] == 0:  # never at a forced throw: the answer was played
            duo.choose(0, rnd)
    assert followed_by_standing(duo.entries(), "timeout"), "no timeout led to a forced throw of ann's"
    verdict = audit(duo.finish())
    assert verdict.word == "PASS", verdict.to_json()


def newest_token(game: str, address: str) -> tuple[str, EmailMessage]:
    with database.connection_context():
        causes.compose_waiting()  # as the sender composes a queued cause before it sends it
        row = (Mail.select().where((Mail.game == game) & (Mail.kind == "turn") & (Mail.to_addr == address))
               .order_by(Mail.id.desc()).first())
    msg = email.message_from_string(row.message, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    found = TOKEN_LINE.search(msg.get_content())
    assert found, msg.get_content()
    return found.group(1), msg


def test_a_move_by_email_is_followed_by_the_standing_answers_it_makes_due_FS_23(sqlite_app: Flask) -> None:
    """bob plays by replying to his your-turn mail; the inbox's email_move entries go through the
    same hook: a reply that leads to ann's key throw (FS-23) has it answered at once, and bob's
    next mail (a fresh token) is for the position after it."""
    duo = Duo(sqlite_app, email_moves=True)
    ledger = sqlite_app.extensions["pbem.ledger"]
    rnd = random.Random(4)
    for _ in range(150):
        if followed_by_standing(duo.entries(), "email_move"):
            break
        summary = duo.summary()
        if summary["to_move"] == 0:
            duo.move(0, rnd)
            continue
        move, head = duo.choose(1, rnd)
        token, mail = newest_token(duo.id, "bob@example.org")
        reply = EmailMessage()
        reply["From"] = "bob@example.org"
        reply["To"] = mail["Reply-To"]
        reply["Subject"] = "Re: " + str(mail["Subject"])
        reply["Message-ID"] = make_msgid(domain="example.org")
        reply["In-Reply-To"] = mail["Message-ID"]
        reply.set_content(f"{FS.format(move)}\n\ntoken: {token}\n")
        with sqlite_app.app_context(), database.connection_context():
            outcome = inbox.process(ledger, reply.as_bytes())
        assert outcome.outcome == "played", (outcome, head)
    assert followed_by_standing(duo.entries(), "email_move"), "no move by email led to a forced throw of ann's"
    verdict = audit(duo.finish())
    assert verdict.word == "PASS", verdict.to_json()


def test_out_seats_and_standing_answers_in_one_chain_FS_23(sqlite_app: Flask) -> None:
    """A game of three: bob resigns (out: the server makes his owed decisions) while ann and cid
    answer forced throws (FS-23) in advance; the ledger's loop interleaves both kinds of server
    move after each append, nobody who answers is asked a forced throw, and the export audits PASS."""
    client = sqlite_app.test_client()
    ann, bob, cid = Caller(client), Caller(client), Caller(client)
    for p, name in ((ann, "ann"), (bob, "bob"), (cid, "cid")):
        assert p.account(name).status_code == 201
    game = ann.call("POST", "/v1/games", {"engine": "feuersalamander", "options": {"target": 20}, "seats": 3}).get_json()["id"]
    path = f"/v1/games/{game}"
    for seat, (p, name) in enumerate(((ann, "ann"), (bob, "bob"), (cid, "cid"))):
        assert p.join(game, seat, name).status_code == 200
    players = (ann, bob, cid)

    def head() -> dict[str, Any]:
        return ann.call("GET", path).get_json()["head"]

    for seat in (0, 2):
        statement = answers_statement(game, seat, head()["hash"], [{"kind": "forced"}])
        body = {"statement": statement, "sig": sign_answers(statement, players[seat].key)}
        assert players[seat].call("POST", f"{path}/answers", body).status_code == 200
    h = head()
    env = envelope(game, h["seq"] + 1, h["hash"], 1, {"type": "resign"}, None, secrets.token_hex(32), "t")
    assert bob.call("POST", f"{path}/resign", {"envelope": env, "sig": sign_envelope(env, bob.key)}).status_code == 200
    rnd = random.Random(9)
    def seen_enough() -> bool:
        entries = ann.call("GET", f"{path}/export").get_json()["entries"]
        answered = {e["body"]["seat"] for e in entries if e["type"] == "standing"}
        return answered == {0, 2} and any(e["type"] == "system" and e["body"].get("kind") == "out" for e in entries)

    for made in range(300):
        summary = ann.call("GET", path).get_json()
        if summary["status"] != "running" or (made % 20 == 19 and seen_enough()):
            break
        seat = summary["to_move"]
        assert seat != 1, "the seat that left was asked"
        listed = players[seat].call("GET", f"{path}/moves").get_json()
        if len(listed["moves"]) == 1:  # only a decision whose one option the hand decides (forced_public)
            view = players[seat].call("GET", f"{path}/view").get_json()["view"]
            assert not FS.forced_public(view), "a seat that answers forced throws was asked one"
        moves = [m["move"] for m in listed["moves"]]
        claims = [m for m in moves if m.get("type") == "claim"]  # one may name the out seat's card
        move = rnd.choice(claims if claims and rnd.random() < 0.5 else moves)
        h = listed["head"]
        env = envelope(game, h["seq"] + 1, h["hash"], seat, move, None, secrets.token_hex(32), "t")
        assert players[seat].call("POST", f"{path}/moves", {"envelope": env, "sig": sign_envelope(env, players[seat].key)}).status_code == 200
    entries = ann.call("GET", f"{path}/export").get_json()["entries"]
    assert {e["body"]["seat"] for e in entries if e["type"] == "standing"} == {0, 2}
    assert [e for e in entries if e["type"] == "system" and e["body"].get("kind") == "out"], "bob never owed a decision"
    for seat in (0, 2):
        h = head()
        if ann.call("GET", path).get_json()["status"] != "running":
            break
        env = envelope(game, h["seq"] + 1, h["hash"], seat, {"type": "resign"}, None, secrets.token_hex(32), "t")
        assert players[seat].call("POST", f"{path}/resign", {"envelope": env, "sig": sign_envelope(env, players[seat].key)}).status_code == 200
    export = ann.call("GET", f"{path}/export").get_json()
    assert export["entries"][-1]["type"] == "reveal"
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.to_json()
