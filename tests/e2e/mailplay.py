"""Playing a game by mail replies alone, for the tests: two players who read their mail from a
real SMTP sink (aiosmtpd on loopback) and answer it through `pbem-server inbox`.

A player reads its own view with the client library (as a player may, to choose), picks the
first move with the engine's bot and writes the rest of its turn as a player who knows the
game would: the closing lines each engine has ("end phase", "end"), the forced "keys" as often
as they come; after a throw or a roll it waits for the answer mail (the outcome decides).

A player who reads ahead (`MailTable(..., ahead=True)`) writes its turn up to the next outcome
it cannot know: the rules are deterministic between two throws, so a person reading the board
can write every decision until then. The harness plays those decisions through on the server's
state (a shortcut for that reading: the bot still chooses from the seat's view alone), with the
other seats' public answers in advance, and ends the reply before a throw or roll (a forced one
is played by the server; another is the reply's last line), after a step that told the seat
something private (a card drawn), and where the turn passes.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import re
import sys
from collections.abc import Callable
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

from client.play import Player
from engines.core import Rng
from protocol.standing import prescribed
from server.cli import main as server_main
from server.mail import addressing
from server.mail.mailer import Sender
from server.store.models import Game, StandingAnswers, database
from tests.e2e.test_mail_e2e import Inbox, Smtp

TOKEN_LINE = re.compile(r"^token: ([0-9a-f]{32})\r?$", re.MULTILINE)
CLOSING = {"cavemen": ["end phase"] * 3, "siedler": ["end"], "feuersalamander": ["move sum", "no question"]}
WAIT_FOR_OUTCOME = ("throw", "roll")  # the outcome decides what comes next: one line, then the answer


def token_of(msg: EmailMessage) -> str | None:
    m = TOKEN_LINE.search(msg.get_content())
    return m.group(1) if m else None


def reply_to(mail: EmailMessage, lines: list[str], sender: str) -> bytes:
    """A reply as a mail client writes it: to the Reply-To, threaded, the mail quoted below."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = mail["Reply-To"] or mail["From"]
    msg["Subject"] = "Re: " + str(mail["Subject"])
    msg["Message-ID"] = make_msgid(domain="mail.example.org")
    msg["In-Reply-To"] = mail["Message-ID"]
    msg["References"] = mail["Message-ID"]
    quoted = "\n".join("> " + q for q in mail.get_content().splitlines())
    msg.set_content("\n".join(lines) + f"\n\nOn Monday, pbem wrote:\n{quoted}\n")
    return msg.as_bytes()


def plan(engine: Any, first: str, view: dict[str, Any]) -> list[str]:
    """The lines of a reply whose first move is `first` (see the module docstring)."""
    engine_id = engine.id
    if first == "keys":
        return ["keys"] * 6
    if first in WAIT_FOR_OUTCOME:
        return [first]
    if engine_id == "feuersalamander" and first.startswith("move "):
        return [first, "no question"]
    if engine_id == "siedler" and first.split()[0] in ("accept", "decline", "keep", "arrange", "search", "take", "choose", "done", "place"):
        return [first]
    if engine_id == "cavemen":
        return cavemen_turn(engine, first, view)
    return [first, *CLOSING.get(engine_id, [])]


def cavemen_turn(engine: Any, first: str, view: dict[str, Any]) -> list[str]:
    """A cavemen turn as its player sees it ahead: this phase's move, then the placements its
    hand and its side of the board allow (the place phase imagined on its own view), then the
    ends of the phases. A placement the move made impossible is refused, and answered."""
    kind = (view.get("pending") or {}).get("kind")
    lines = [first]
    if kind == "move":
        if first != "end phase":
            lines.append("end phase")
        ahead = copy.deepcopy(view)
        ahead["pending"]["kind"] = "place"
        lines += _placements(engine, ahead, first)
    elif kind == "place" and first.startswith("place "):
        lines += _placements(engine, view, first)[:1]
    return lines + ["end phase"] * 2


def _landing(words: list[str]) -> str:
    """Where the move `words` leaves a caveman ("P0 r4" for move P0 r3 up), or its last place."""
    if len(words) == 4 and words[0] in ("move", "jump", "side") and words[1][1:].isdigit() and words[2][1:].isdigit():
        path, row = int(words[1][1:]), int(words[2][1:])
        step = 2 if words[0] == "jump" else 1
        path += {"left": -1, "right": 1}.get(words[3], 0)
        row += {"up": step, "down": -step}.get(words[3], 0)
        return f"P{path} r{row}"
    return " ".join(words[-2:])


def _placements(engine: Any, view: dict[str, Any], first: str) -> list[str]:
    """Up to two placements of different cards on different places, none where `first` went."""
    chosen: list[str] = []
    words = first.split()
    cards: set[str] = {words[1]} if words[0] == "place" else set()
    cells: set[str] = {_landing(words)}
    for move in engine.moves_from_view(view):
        if move.get("type") != "place":
            continue
        text = engine.format(move)
        card, cell = text.split()[1], " ".join(text.split()[-2:])
        if card in cards or cell in cells:
            continue
        chosen.append(text)
        cards.add(card)
        cells.add(cell)
        if len(chosen) == 2:
            break
    return chosen


class MailTable:
    """The players, the sink and the inbox command of one game played by mail."""

    def __init__(
        self,
        smtp: Smtp,
        data_dir: Path,
        players: list[Player],
        monkeypatch: Any,
        clock: Any = None,
        ahead: bool = False,
    ) -> None:
        self.smtp = smtp
        self.data_dir = data_dir
        self.players = players
        self.sender = Sender(smtp.config(data_dir), clock) if clock is not None else Sender(smtp.config(data_dir))
        self.monkeypatch = monkeypatch
        # `pbem-server inbox` makes mail, so it needs the server's URL: the one its mail already names
        served = addressing.registered(None)  # the live server's settings, registered by its ledger
        monkeypatch.setenv("PBEM_PUBLIC_URL", os.environ.get("PBEM_PUBLIC_URL") or (served.public_url if served else ""))
        self.seen = 0
        self.replies = 0
        self.kept = 0  # replies after which their sender still had to decide (answered by a turn mail)
        self.waited = 0  # replies of one throw or roll, whose outcome the player waits to see
        self.refused = 0  # replies with a refused line
        self.rng = random.Random(7)
        self.ahead = ahead
        # replies a player reading ahead ended at an outcome it had to see (a throw, a roll, a
        # card drawn) after which it was still to decide: the answer mail shows that outcome
        self.outcomes = 0
        self._stopped_at_outcome = False

    @property
    def handler(self) -> Inbox:
        return self.smtp.handler

    def deliver(self) -> list[EmailMessage]:
        """Send what is pending through SMTP; the messages that arrived since the last call."""
        with database.connection_context():
            while self.sender.send_due()["sent"]:
                pass
        new = [m for _, _, m in self.handler.messages[self.seen:]]
        self.seen = len(self.handler.messages)
        return new

    def inbox(self, raw: bytes) -> int:
        """`pbem-server inbox` with the reply on stdin, as a mail server's pipe delivers it;
        its outcome (the --json line) is counted."""
        self.monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = server_main(["inbox", "--data-dir", str(self.data_dir), "--json"])
        outcome = json.loads(out.getvalue().strip().splitlines()[-1])
        self.refused += "refused '" in outcome["reason"]
        return code

    def newest_turn(self, address: str) -> EmailMessage | None:
        for _, rcpt, msg in reversed(self.handler.messages):
            if rcpt and rcpt[0] == address and msg["X-Pbem-Kind"] == "turn":
                return msg
        return None

    def play(
        self, game: str, bot: str, most_replies: int, lines_of: Callable[[Any, str, dict[str, Any]], list[str]] = plan
    ) -> str:
        """Answer the newest your-turn mail of the player to move until the game is over."""
        self.deliver()
        answered: set[str] = set()
        while self.replies < most_replies:
            st = self.players[0].state(game)
            if st.status == "over":
                return "over"
            me = self.players[st.to_move]  # type: ignore[index]
            mine = me.state(game)
            address = str(me.config["email"])
            mail = self.newest_turn(address)
            assert mail is not None and token_of(mail), f"no your-turn mail with a token for {address}"
            assert mail["Message-ID"] not in answered, f"no new mail for {address} after its reply:\n{mail.get_content()}"
            answered.add(mail["Message-ID"])
            if self.ahead:
                lines = self.read_ahead(game, mine.engine, mine.seat, bot, me.with_record(mine).get("record"))
                first = lines[0]
            else:
                listed = mine.engine.moves_from_view(mine.view)
                # the bot plays from the view and the record the player's client folded from the log
                first = mine.engine.format(mine.engine.bots()[bot](me.with_record(mine), listed, self.rng))
                lines = lines_of(mine.engine, first, mine.view)
            self.waited += lines == [first] and first in WAIT_FOR_OUTCOME
            assert self.inbox(reply_to(mail, lines, address)) == 0
            self.replies += 1
            after = me.state(game)
            self.kept += after.status == "running" and after.to_move == mine.seat
            self.outcomes += self.ahead and self._stopped_at_outcome and after.status == "running" and after.to_move == mine.seat
            self.deliver()
        return "running"

    def read_ahead(self, game: str, engine: Any, seat: int, bot: str, record: Any = None) -> list[str]:
        """The lines of a reply by a player who reads ahead (the module docstring says how);
        `record` is what the seat's client folded from the log, kept up with each step read ahead."""
        with database.connection_context():
            row = Game.get_by_id(game)
            state = json.loads(row.state)
            rules = {r.seat: json.loads(r.rules) for r in StandingAnswers.select().where(StandingAnswers.game == game)}
        choose = engine.bots()[bot]
        lines: list[str] = []
        self._stopped_at_outcome = False
        for ply in range(40):
            state = _answered(engine, state, seat, rules)
            if engine.result(state) is not None or engine.to_move(state) != seat:
                break
            legal = engine.legal_moves(state, seat)
            if len(legal) == 1 and {"kind": "forced"} in rules.get(seat, []):
                self._stopped_at_outcome = True
                break  # the server plays it at once, and its outcome decides what follows
            move = choose({**engine.view(state, seat), "record": record}, legal, self.rng)
            lines.append(engine.format(move))
            if lines[-1].split()[0] in WAIT_FOR_OUTCOME:
                self._stopped_at_outcome = True
                break  # its outcome decides what follows: the reply ends here
            state, events = engine.apply(state, seat, move, Rng(b"reading ahead %d" % ply))
            record = engine.recall(record, [e.to_json() for e in events if e.public], seat)
            if any(not e.public for e in events):
                self._stopped_at_outcome = True
                break  # the step told the seat something (a card drawn): the player looks first
        return lines or [engine.format(engine.legal_moves(state, seat)[0])]


def _answered(engine: Any, state: dict[str, Any], seat: int, rules: dict[int, list[dict[str, Any]]]) -> dict[str, Any]:
    """The state after the other seats' answers in advance (public in the log) are played."""
    for ply in range(40):
        other = engine.to_move(state)
        if other is None or other == seat or engine.result(state) is not None:
            return state
        found = prescribed(engine, state, other, rules.get(other, []))
        if found is None:
            return state
        state, _ = engine.apply(state, other, found[1], Rng(b"answered %d" % ply))
    return state
