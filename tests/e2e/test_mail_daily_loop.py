"""The mail of the daily loop, through a live server, the real sender and aiosmtpd on loopback:
one your-turn mail per change of player, none while `pbem bot` plays the seat, a mail one can
play from (board, story, time left, a correct example), a reply of several lines, the timeout
mail after the timeout, an abort before the start, and the demo's whole outbox.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import threading
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import engines
from client import demo
from client.cli import app
from client.play import Player
from protocol.audit import audit
from server.cli import main as server_main
from server.store.models import BotLease, Game, database
from tests.conftest import LiveServer
from tests.e2e.mailplay import MailTable, reply_to, token_of
from tests.e2e.test_mail_by_reply import changes_of_player
from tests.e2e.test_mail_e2e import Smtp, play_bots

ADDRESSES = ("ada@example.org", "bo@example.org")
FORM = re.compile(r"\b(CARD|CELL|VALUE|N)\b")  # a placeholder in an example's form




def two(make_player: Callable[[str], Player], engine: str, options: dict[str, Any], **kw: Any) -> tuple[Player, Player, str]:
    ada, bo = make_player("ada"), make_player("bo")
    game = ada.new_game(engine, options, seats=2, **kw)["id"]
    ada.join(game, 0)
    bo.join(game, 1)
    return ada, bo, game


def mails(table: MailTable, kind: str | None = None, to: str | None = None) -> list[EmailMessage]:
    table.deliver()
    return [
        m for _, rcpt, m in table.handler.messages
        if (kind is None or m["X-Pbem-Kind"] == kind) and (to is None or (rcpt and rcpt[0] == to))
    ]


def spectator_board(game: str) -> str:
    with database.connection_context():
        row = Game.get(Game.id == game)
        engine = engines.get(row.engine)
        return str(engine.render(engine.view(json.loads(row.state), None), color=False)).rstrip("\n")


def test_one_your_turn_mail_per_change_of_player_none_within_a_turn(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, monkeypatch: Any
) -> None:
    """Cavemen turns are several decisions: before, every decision of a game with email moves
    mailed its player again (68 mails for a 72-entry game)."""
    ada, bo, game = two(make_player, "cavemen", {"round_limit": 6}, email_moves=True)
    play_bots([ada, bo], game)
    entries = ada.export(game)["entries"]
    decisions = sum(1 for e in entries if e["type"] == "move")
    table = MailTable(smtp, live_server.data_dir, [ada, bo], monkeypatch)
    turns = mails(table, "turn")
    assert len(turns) == changes_of_player(entries) < decisions
    assert all(token_of(m) for m in turns)


def test_pbem_bot_silences_its_seat_and_a_lease_not_renewed_ends(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, monkeypatch: Any
) -> None:
    ada, bo, game = two(make_player, "magier", {"blind": False, "move_limit": 12})
    table = MailTable(smtp, live_server.data_dir, [ada, bo], monkeypatch)
    started = len(mails(table, "turn"))  # the first seat's, sent at the start
    # bo's bot in a thread, ada's through the CLI: both say a bot plays, so neither gets mail
    other = threading.Thread(target=lambda: bo.play_bot(game, "random", poll=0.05), daemon=True)
    other.start()
    done = CliRunner().invoke(app, ["bot", game, "--poll", "0"], env={"PBEM_HOME": str(ada.store.home)})
    other.join(timeout=60)
    assert done.exit_code == 0, done.output
    assert ada.show(game)["status"] == "over"
    assert len(mails(table, "turn")) == started
    assert len(mails(table, "over")) == 2  # the end is always told
    with database.connection_context():
        assert BotLease.select().count() == 0  # each bot ended its lease when it stopped

    # a lease that is not renewed (a crashed bot) silences nothing once it has run out
    ada2, bo2, game2 = two(make_player, "magier", {"blind": False, "move_limit": 12})
    before = len(mails(table, "turn", "bo@example.org"))
    bo2.api.bot_lease(game2, 30)
    ada2.play_bot(game2, "random", until_over=False)
    assert len(mails(table, "turn", "bo@example.org")) == before  # bo's bot "plays": no mail
    bo2.play_bot(game2, "random", until_over=False)
    with database.connection_context():
        BotLease.update(until=dt.datetime(2000, 1, 1)).execute()  # thirty minutes later, never renewed
    ada2.play_bot(game2, "random", until_over=False)
    assert len(mails(table, "turn", "bo@example.org")) == before + 1


def test_no_reminder_while_a_bot_plays_the_seat(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, monkeypatch: Any
) -> None:
    deadline = {"days": 1, "grace_hours": 0, "on_expiry": "bot"}
    at = dt.datetime.now(dt.UTC).replace(tzinfo=None) + dt.timedelta(hours=13)  # past half the day
    table = MailTable(smtp, live_server.data_dir, [], monkeypatch)
    monkeypatch.setenv("PBEM_PUBLIC_URL", live_server.url)  # a tick makes mail: it needs the URL
    games = [two(make_player, "magier", {"blind": False, "move_limit": n}, deadline=deadline) for n in (30, 31)]
    ada, bo, second = games[1]
    (ada, bo)[ada.state(second).to_move].api.bot_lease(second, 24 * 60)  # a bot plays the seat to move there
    server_main(["tick", "--data-dir", str(live_server.data_dir), "--now", at.strftime("%Y-%m-%dT%H:%M:%SZ")])
    reminded = {m["X-Pbem-Game"] for m in mails(table, "reminder")}
    assert reminded == {games[0][2]}


def test_the_turn_mail_shows_board_story_scores_time_and_an_example_one_can_reply(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, monkeypatch: Any
) -> None:
    deadline = {"days": 3, "grace_hours": 0, "on_expiry": "bot"}
    ada, bo, game = two(make_player, "cavemen", {}, email_moves=True, deadline=deadline)
    table = MailTable(smtp, live_server.data_dir, [ada, bo], monkeypatch)
    seat = after_changes(ada, bo, game, 5)  # a few turns in: placements, moves, their outcomes
    me = (ada, bo)[seat]
    mail = mails(table, "turn", ADDRESSES[seat])[-1]
    text = mail.get_content().replace("\r\n", "\n")
    assert spectator_board(game) in text  # the public board, no colour
    assert "\x1b[" not in text
    assert "Since your last move:" in text and " moved " in text
    assert re.search(r"Decide by \d{4}-\d\d-\d\d \d\d:\d\d UTC \(2 d 23 h left\)", text), text
    examples = re.findall(r"`([^`]+)`", text.split("e.g.", 1)[1].split("\n", 1)[0])
    assert examples and "pass" not in examples
    st = me.state(game)
    for example in examples:
        if FORM.search(example):
            continue  # a form with placeholders (a card of the hand is never named in a mail)
        assert st.engine.parse(example, st.view) in st.engine.moves_from_view(st.view), example
    # the example is a move the reply can make: it is played
    plain = [e for e in examples if not FORM.search(e)]
    assert plain, examples
    assert table.inbox(reply_to(mail, plain[:1], ADDRESSES[seat])) == 0
    assert me.log(game)[-1]["body"].get("kind") == "email_move"


def after_changes(ada: Player, bo: Player, game: str, changes: int) -> int:
    """Play single decisions until the player to move has changed `changes` times; the seat
    to move then (its newest mail shows the game as it is)."""
    seat = ada.state(game).to_move
    while changes:
        (ada, bo)[seat].play_bot(game, "simple", until_over=False)
        now = ada.state(game).to_move
        changes -= now != seat
        seat = now
    return int(seat)


def test_a_blind_placement_is_said_to_need_the_client(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, monkeypatch: Any
) -> None:
    ada, bo, game = two(make_player, "magier", {"blind": True}, email_moves=True)
    table = MailTable(smtp, live_server.data_dir, [ada, bo], monkeypatch)
    text = mails(table, "turn")[0].get_content()
    assert "This decision needs the pbem client" in text and "place e4" not in text


def test_a_reply_of_several_lines_is_played_until_one_is_refused(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, monkeypatch: Any
) -> None:
    ada, bo, game = two(make_player, "cavemen", {"round_limit": 4}, email_moves=True)
    table = MailTable(smtp, live_server.data_dir, [ada, bo], monkeypatch)
    seat = ada.state(game).to_move
    me = (ada, bo)[seat]
    mail = mails(table, "turn", ADDRESSES[seat])[-1]
    st = me.state(game)
    first = st.engine.format(next(m for m in st.engine.moves_from_view(st.view) if m["type"] != "end"))
    assert table.inbox(reply_to(mail, [first, "fly to the moon", "end phase"], ADDRESSES[seat])) == 0
    answer = mails(table, "turn", ADDRESSES[seat])[-1]
    assert answer["Message-ID"] != mail["Message-ID"]
    text = answer.get_content().replace("\r\n", "\n")
    assert answer["X-Pbem-Kind"] == "turn" and token_of(answer) not in (None, token_of(mail))
    assert re.search(rf"  played `{re.escape(first)}` \(log entry \d+\): \S", text), text  # and what it did
    assert "  refused `fly to the moon`: cannot be read as a move" in text
    assert "  not played `end phase`: a line before it was refused" in text
    assert mails(table, "reply_refused") == []  # one answer, not two
    # the answer is the next your-turn mail: its reply plays the rest of the turn, the lines
    # after the turn passed are not played and the next mail says so
    assert table.inbox(reply_to(answer, ["end phase"] * 6, ADDRESSES[seat])) == 0
    assert me.state(game).to_move != seat
    other = 1 - seat
    while ada.state(game).to_move == other:
        (ada, bo)[other].play_bot(game, "simple", until_over=False)
    nxt = mails(table, "turn", ADDRESSES[seat])[-1].get_content()
    assert "Your last reply: played 'end phase'" in nxt and "the turn had passed to" in nxt
    play_bots([ada, bo], game)
    export = ada.export(game)
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.to_json()
    by_mail = [e for e in export["entries"] if e["type"] == "system" and e["body"].get("kind") == "email_move"]
    assert len(by_mail) >= 2 and len({e["body"]["token"] for e in by_mail}) == len(by_mail)
    ada.state(game), bo.state(game)  # both clients' log checks accept every line's entry


def test_the_timeout_mail_shows_the_position_after_the_timeout(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, monkeypatch: Any
) -> None:
    deadline = {"days": 1, "grace_hours": 0, "on_expiry": "bot"}
    ada, bo, game = two(make_player, "magier", {"blind": False, "move_limit": 6}, deadline=deadline)
    at = dt.datetime.now(dt.UTC).replace(tzinfo=None) + dt.timedelta(days=2)
    table = MailTable(smtp, live_server.data_dir, [ada, bo], monkeypatch)  # mail of a tick goes now
    monkeypatch.setenv("PBEM_PUBLIC_URL", live_server.url)  # a tick makes mail: it needs the URL
    before = spectator_board(game)
    later = at.strftime("%Y-%m-%dT%H:%M:%SZ")
    assert server_main(["tick", "--data-dir", str(live_server.data_dir), "--now", later]) == 0
    after = spectator_board(game)
    assert after != before
    [timeout] = mails(table, "timeout", ADDRESSES[0])  # to the seat out of time (the other: its turn mail)
    text = timeout.get_content().replace("\r\n", "\n")
    assert "The position after it:" in text and after in text and before not in text


def test_an_abort_before_the_start_is_no_draw_and_has_nothing_to_audit(
    live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, monkeypatch: Any
) -> None:
    ada = make_player("ada")
    game = ada.new_game("cavemen", {}, seats=2, join=True)["id"]
    done = CliRunner().invoke(app, ["abort", game, "--yes"], env={"PBEM_HOME": str(ada.store.home)})
    assert done.exit_code == 0, done.output
    table = MailTable(smtp, live_server.data_dir, [ada], monkeypatch)
    [over] = mails(table, "over")
    text = over.get_content()
    assert "was aborted before it started: nobody played, nothing to check" in text
    assert "a draw" not in text and "pbem audit" not in text


def test_the_demo_sends_its_whole_outbox_and_keeps_it(
    live_server: LiveServer, make_player: Callable[[str], Player], tmp_path: Path, capsys: Any
) -> None:
    """The sender sends at most 200 a round: the demo's summary stopped at 400, and the
    directory it named was deleted with the data."""
    ada, bo, game = two(make_player, "magier", {"blind": False, "move_limit": 30})
    play_bots([ada, bo], game)
    with database.connection_context():
        from server.store.models import Mail  # the rows the game queued, copied to pass 400

        rows = list(Mail.select())
        for n in range(450):
            src = rows[n % len(rows)]
            Mail.insert(account=src.account_id, to_addr=src.to_addr, game=src.game, kind=src.kind,
                        message=src.message, key=f"copy-{n}", status="pending", attempts=0,
                        next_try=src.next_try, created=src.created).execute()
        total = Mail.select().count()
    env = {"PATH": "/usr/bin:/bin", "PBEM_PUBLIC_URL": live_server.url}
    assert demo.show_mail(live_server.data_dir, tmp_path / "demo", env)
    kept = sorted((tmp_path / "demo" / "outbox").glob("*.eml"))
    assert len(kept) == total > 400
    assert f"mail: {total} messages in {tmp_path / 'demo' / 'outbox'}" in capsys.readouterr().out

