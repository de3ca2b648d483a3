"""A reply to a your-turn mail still plays after a player set answers in advance meanwhile.

A statement of answers changes nobody's position, yet it is an entry of the log, so the head the
mail's token was issued for is no longer the head. Were the reply refused as stale, every
player who set (or revoked) an answer would void the mail the player to move holds.
"""

from __future__ import annotations

from flask import Flask

from protocol.answers import answers_statement, sign_answers
from protocol.audit import audit
from tests.e2e.test_mail_e2e import Smtp
from tests.server.test_inbox import Game, answered, kinds, play_out, reply


def set_answers(g: Game, caller: object, seat: int, rules: list[dict[str, str]]) -> None:
    head = g.summary()["head"]
    statement = answers_statement(g.id, seat, head["hash"], rules)
    body = {"statement": statement, "sig": sign_answers(statement, caller.key)}  # type: ignore[attr-defined]
    resp = caller.call("POST", f"/v1/games/{g.id}/answers", body)  # type: ignore[attr-defined]
    assert resp.status_code == 200, resp.get_json()


def reply_plays_and_the_game_audits(g: Game, mail: object) -> None:
    """The reply is played at the head now, as an email move; played out, the export (the
    entries passed over, then the email move) audits PASS."""
    out = g.process(reply(mail, "throw"))  # type: ignore[arg-type]
    assert out.outcome == "played", out
    assert kinds(g)[-1] == "email_move"
    play_out(g)
    verdict = audit(g.south.call("GET", f"/v1/games/{g.id}/export").get_json())
    assert verdict.word == "PASS", verdict.reason


def test_a_reply_after_answers_in_advance_of_both_seats_is_played_at_the_head_now(sqlite_app: Flask, smtp: Smtp) -> None:
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    set_answers(g, g.south, 1, [{"kind": "forced"}])
    set_answers(g, g.north, 0, [])
    assert kinds(g)[-2:] == ["answers", "answers"]
    reply_plays_and_the_game_audits(g, mail)


def test_a_reply_after_a_move_is_still_stale(sqlite_app: Flask, smtp: Smtp) -> None:
    """Only statements of answers are passed over: a move meanwhile changed the position."""
    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    set_answers(g, g.south, 1, [{"kind": "forced"}])
    assert g.north.move(g.id, 0, {"type": "pass"}).status_code == 200
    assert g.south.move(g.id, 1, {"type": "pass"}).status_code == 200
    answered(g, g.process(reply(mail, "throw")), "has moved on since the mail you answered")


def test_a_reply_after_its_player_replaced_the_key_is_played_at_the_head_now(sqlite_app: Flask, smtp: Smtp) -> None:
    """A handover (README "If your key was stolen") decides nothing either: the mail the player
    to move holds is still good after that player (or the other) handed a seat to a new key."""
    from protocol.entries import entry_hash
    from protocol.handover import (
        handover_statement,
        rotation_statement,
        sign_handover,
        sign_rotation,
    )
    from protocol.keys import SigningKey

    g = Game(sqlite_app, smtp)
    [mail] = g.turn_mails("north@")
    genesis = entry_hash(g.entries()[0])
    old, new = g.north.key, SigningKey.generate()
    statement = rotation_statement(g.north.server_key, old.public_hex, new.public_hex)
    handover = handover_statement(g.id, genesis, 0, old.public_hex, new.public_hex, None)
    body = {
        "statement": statement, "sig_old": sign_rotation(statement, old), "sig_new": sign_rotation(statement, new),
        "handovers": [{"game": g.id, "seat": 0, "resealed": None, "sig": sign_handover(handover, old)}],
    }
    resp = g.north.call("POST", "/v1/keys/rotate", body)
    assert resp.status_code == 200, resp.get_json()
    g.north.key = new  # the old key is refused from now on

    assert kinds(g)[-1] == "handover"
    reply_plays_and_the_game_audits(g, mail)
