"""A mail reply's lines are for the turn the mail showed: none is played after another seat decided.

Der Feuersalamander by mail, on a live server, every mail through aiosmtpd: bob (client moves)
answers `forced` in advance, so in the dungeon his whole turn (up to five key throws, each the
only legal move) is played by the server the moment it comes up. Alice plays by mail, one line a
reply, until her reply can end her turn into bob's dungeon turn; then she replies with the rest
of her turn and `throw`. Her turn's lines are played; bob's key throws follow as standing
entries; her `throw` would land in her next turn, a position she never saw, so it is not played,
and her answer mail says which line was not played and why. The signed log audits PASS at the
end (she resigns). Before this rule the server played the `throw`.

The database does not matter here: a reply is played in one transaction under the game's lock
(nobody else can append between its lines); what appends between them is the server itself, at
once, playing the answers given in advance.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import engines
from client.play import Player
from engines.core import Rng
from protocol.audit import audit
from server.store.models import Game, database
from tests.conftest import LiveServer
from tests.e2e.mailplay import MailTable, reply_to
from tests.e2e.test_mail_e2e import Smtp

FS = engines.get("feuersalamander")
TRIES = 12  # bob is freed by his key throws in about 44 in 100 tries (then his turn is his own)


def server_state(game: str) -> dict[str, Any]:
    with database.connection_context():
        return dict(json.loads(Game.get_by_id(game).state))


def rest_of_turn(state: dict[str, Any], alice: int, bob: int) -> list[str] | None:
    """Lines ending alice's turn from her move decision with nothing random before the turn
    passes (a move, declining a question, going on), into bob's turn in the dungeon; None if none."""
    if state["pending"] is None or state["pending"]["kind"] != "move":
        return None
    for move in FS.legal_moves(state, alice):
        ahead, lines = copy.deepcopy(state), [FS.format(move)]
        ahead, _ = FS.apply(ahead, alice, move, Rng(b"reading ahead"))
        while FS.to_move(ahead) == alice and len(lines) < 4:
            texts = {FS.format(m): m for m in FS.legal_moves(ahead, alice)}
            line = next((t for t in ("no question", "on") if t in texts), None)
            if line is None:
                break
            ahead, _ = FS.apply(ahead, alice, texts[line], Rng(b"reading ahead"))
            lines.append(line)
        if FS.to_move(ahead) == bob and ahead["figures"][bob] == "dungeon" and ahead["result"] is None:
            return lines
    return None


def one_line(texts: list[str]) -> str:
    """Alice's line when no reply can end her turn yet: never a claim, never a question that
    would free bob from the dungeon."""
    for line in ("throw", "keys", "no question", "no claim", "keep", "on"):
        if line in texts:
            return line
    return next(t for t in texts if not t.startswith(("claim", "ask")))


def bob_turn(bob: Player, game: str) -> None:
    """Bob, at home at the start of his turn, claims three cards of alice's (she holds two at
    most: the claim fails and he goes to the dungeon); otherwise he plays a random move."""
    st = bob.state(game)
    listed = bob.checked_moves(st)
    wrong = [m for m in listed if m.get("type") == "claim" and not m["own"]]
    if wrong:
        bob.submit(st, wrong[-1])
    else:
        bob.play_bot(game, "random", until_over=False)


def test_reply_lines_after_another_seats_forced_turn_are_not_played(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, monkeypatch: Any
) -> None:
    alice, bob = make_player("alice"), make_player("bob")
    game = alice.new_game("feuersalamander", {"target": 84}, seats=2, join=True, email_moves=True)["id"]
    bob.join(game)
    bob.set_answers(game, [FS.parse_rule("forced")])
    table = MailTable(smtp, live_server.data_dir, [alice, bob], monkeypatch)
    table.deliver()
    a, b = alice.state(game).seat, bob.state(game).seat
    tries, shown = 0, None
    for _ in range(600):
        st = alice.state(game)
        assert st.status == "running", "the game ended before the case came up"
        if st.to_move == b:
            bob_turn(bob, game)
            table.deliver()
            continue
        mail = table.newest_turn("alice@example.org")
        assert mail is not None
        lines = rest_of_turn(server_state(game), a, b)
        if lines is None:
            assert table.inbox(reply_to(mail, [one_line([FS.format(m) for m in st.engine.moves_from_view(st.view)])],
                                        "alice@example.org")) == 0
            table.deliver()
            continue
        head = st.head["seq"]
        assert table.inbox(reply_to(mail, [*lines, "throw"], "alice@example.org")) == 0
        new = table.deliver()
        log = alice.log(game)
        after = log[head + 1:]
        mine = [e for e in after if e["type"] == "system" and e["body"].get("kind") == "email_move"]
        assert [e["body"]["seat"] for e in mine[:len(lines)]] == [a] * len(lines)
        between = after[len(lines):]
        bobs = [e for e in between if e["type"] == "standing" and e["body"]["seat"] == b]
        tries += 1
        if not bobs or alice.state(game).to_move != a:
            assert tries < TRIES, "bob was freed from the dungeon in every try"
            continue  # bob was freed: his turn is his own, and the reply stopped where it passed
        # bob's whole turn was played by his answers; alice's `throw` was written before it
        assert len(mine) == len(lines), f"a line was played after bob's turn: {[e['body']['move'] for e in mine]}"
        assert all(e["type"] == "standing" and e["body"]["seat"] == b for e in between), between
        answers = [m for m in new if "alice@example.org" in str(m["To"]) and m["X-Pbem-Kind"] == "turn"]
        assert len(answers) == 1, [m["X-Pbem-Kind"] for m in new]
        shown = answers[0].get_content()
        break
    assert shown is not None, "the case never came up"
    assert "not played `throw`" in shown, shown
    assert "bob" in shown.split("not played `throw`")[1].splitlines()[0], shown
    assert "decided in between, by an answer given in advance" in shown and "look at the new position" in shown, shown
    for line in lines:
        assert f"played `{line}`" in shown, shown
    assert "only on the turn this mail shows (none after another player decided)" in " ".join(shown.split()), shown
    alice.resign(game)
    verdict = audit(alice.export(game))
    assert verdict.word == "PASS", verdict.to_json()


def test_a_reply_after_statements_of_answers_of_either_seat_is_played(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, monkeypatch: Any
) -> None:
    """Statements of answers in advance between a mail and its reply, the player's own and the
    other seat's, change no position and decide nothing: the reply is played at the head now
    (were another seat's statement to void the mail, every player who set an answer would void
    the one the player to move holds). A decision in between is what makes a mail stale
    (tests/server/test_inbox_answers.py)."""
    ada, bo = make_player("ada"), make_player("bo")
    game = ada.new_game("magier", {"blind": False}, seats=2, join=True, email_moves=True)["id"]
    bo.join(game)
    table = MailTable(smtp, live_server.data_dir, [ada, bo], monkeypatch)
    table.deliver()
    st = ada.state(game)
    me, other = (ada, bo) if st.to_move == st.seat else (bo, ada)
    address, forced = str(me.config["email"]), st.engine.parse_rule("forced")
    mail = table.newest_turn(address)
    assert mail is not None
    me.set_answers(game, [forced])
    other.set_answers(game, [forced])
    mine = me.state(game)
    line = str(mine.engine.format(mine.engine.moves_from_view(mine.view)[0]))
    assert table.inbox(reply_to(mail, [line], address)) == 0
    last = me.log(game)[-1]
    assert last["type"] == "system" and last["body"].get("kind") == "email_move", last
