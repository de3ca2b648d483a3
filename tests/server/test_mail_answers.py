"""The mail of a game where answers given in advance are played: the your-turn mail's story
since the seat's last move says which moves its answers played for it ("Played for you by your
answer in advance: keys"), the other seat's says whose answer played them, and the turn mail's
footer names `pbem answers GAME` once.

Real parts: the app on loopback HTTP, players with their own keys signing their statements and
moves, the server playing the standing answers (POST /v1/games/ID/answers), the outbox delivered
to an aiosmtpd sink. Der Feuersalamander's key throws (FS-23: a prisoner throws up to five
times, each time the only legal move) are the decisions answered in advance.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from client.play import Player
from server.mail.mailer import Sender
from server.store.models import database
from tests.conftest import LiveServer
from tests.e2e.test_mail_e2e import Smtp
from tests.server.test_standing_answers import FORCED, FS, Table

MESSAGE_ID = re.compile(r"<turn\.[0-9a-f]{16}\.([0-9]+)\.[^@]+@.+>")


def _turn_mails(smtp: Smtp, live_server: LiveServer) -> list[tuple[int, str, str]]:
    """(head seq, the seat's address, the text) of every your-turn mail the server sent."""
    sender = Sender(smtp.config(Path(live_server.data_dir)))
    with database.connection_context():
        sender.send_due()
    out = []
    for _, _, mail in smtp.handler.messages:
        if mail["X-Pbem-Kind"] != "turn":
            continue
        assert isinstance(mail, EmailMessage)
        found = MESSAGE_ID.fullmatch(str(mail["Message-ID"]))
        assert found, mail["Message-ID"]
        out.append((int(found.group(1)), str(mail["To"]), str(mail.get_content())))
    return out


def _since_last_move(text: str) -> list[str]:
    """The lines of the mail's "Since your last move:" block."""
    lines = text.splitlines()
    if "Since your last move:" not in lines:
        return []
    block = lines[lines.index("Since your last move:") + 1:]
    return [line.strip() for line in block[: next((i for i, text in enumerate(block) if not text.startswith("  ")), len(block))]]


def _own_moves_before(entries: list[dict[str, Any]], seq: int, seat: int) -> list[dict[str, Any]]:
    """The standing entries of `seat` since its last own (signed) move before head `seq`."""
    played: list[dict[str, Any]] = []
    for entry in reversed(entries[: seq + 1]):
        if entry["type"] == "move" and entry["body"]["envelope"]["seat"] == seat:
            break
        if entry["type"] == "standing" and entry["body"]["seat"] == seat:
            played.append(entry)
    return list(reversed(played))


def test_the_turn_mail_says_what_answers_played_for_the_seat_since_its_last_move_FS_23(
    make_player: Callable[[str], Player], live_server: LiveServer, smtp: Smtp
) -> None:
    """ann answers forced moves in advance; her key throws (FS-23) are played for her. Each of
    her turn mails lists, in its story, every one played since her last move, in order, as
    played for her; bob's mails say they were ann's answers; each turn mail names
    `pbem answers GAME` once."""
    t = Table(make_player)
    t.answers(0, FORCED)
    t.play(random.Random(3), 60)
    entries = t.entries()
    mails = _turn_mails(smtp, live_server)
    told_for_ann = 0
    told_to_bob = 0
    for seq, to, text in mails:
        assert text.count(f"pbem answers {t.id}") == 1, text
        story = _since_last_move(text)
        if "ann@" in to:
            played = _own_moves_before(entries, seq, 0)
            if not played or len(story) >= 30:  # a long story keeps its newest lines only
                continue
            wanted = [f"Played for you by your answer in advance: {FS.format(e['body']['move'])}" for e in played]
            mine = [line for line in story if line.startswith("Played for you by your answer in advance: ")]
            assert len(mine) == len(wanted), (story, wanted)
            for line, want in zip(mine, wanted, strict=True):  # then its outcome: "...: keys: King key throw 1: ..."
                assert line == want or line.startswith(want + ": "), (line, want)
            assert not [line for line in story if "ann (King)'s answer in advance" in line]
            told_for_ann += 1
        else:
            assert not [line for line in story if line.startswith("Played for you")], story
            told_to_bob += sum(1 for line in story if line.startswith("ann (King)'s answer in advance played: "))
    assert told_for_ann, "no turn mail of ann's followed a move played by her answers"
    assert told_to_bob, "bob's mails never told ann's answers"
