"""A game of each engine played through mail replies alone, to its end, counting the mail.

Two players on a live server; every mail goes through the real sender to aiosmtpd on loopback;
every move is a reply to the newest your-turn mail, read by `pbem-server inbox` from stdin
(tests/e2e/mailplay.py says how a player writes its replies). The mail each player received is
counted against the changes of the player to move in the signed log: one your-turn mail per
change, plus an answer only where a reply left its sender still to decide or was refused.

The default run plays short games (a few rounds, low targets); PBEM_LONG_TESTS=1 plays the
engines' own lengths.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest

import engines
from client.play import Player
from protocol.audit import audit, final_state
from tests.conftest import LiveServer
from tests.e2e.mailplay import MailTable
from tests.e2e.test_mail_e2e import Smtp

LONG = os.environ.get("PBEM_LONG_TESTS") == "1"

# (engine, options, bot, whole turns). Every player sets answers in advance first (ANSWERS), so
# nobody is mailed for a forced move or, in Siedler, for the other's small questions. Where a
# player can write a whole turn in one reply (magier, cavemen): fewer than 1.5 mails per change
# of player. A Feuersalamander turn holds throws and a Siedler turn a roll and cards drawn, whose
# outcomes decide the next lines: the player reads ahead (READ_AHEAD) up to each of them, and
# each one inside a turn costs an answer mail showing it. Everywhere: fewer than 1.5 mails per
# change beyond those answers, and the accounting (a your-turn mail per change, one answer per
# reply that left its sender to decide, the start and the ends) holds. The short default games
# carry the start and end mails over few changes: the full lengths (PBEM_LONG_TESTS=1) say more.
GAMES = {
    "feuersalamander": ("feuersalamander", {"target": 84 if LONG else 10}, "simple", False),
    "magier": ("magier", {"blind": False, **({} if LONG else {"move_limit": 24})}, "greedy", True),
    "siedler": ("siedler", {"target": 12 if LONG else 4}, "builder", False),
    "cavemen-closed": ("cavemen", {"open": False, **({} if LONG else {"round_limit": 12})}, "simple", True),
    "cavemen-open": ("cavemen", {"open": True, **({} if LONG else {"round_limit": 12})}, "simple", True),
}

# What each player answers in advance (`pbem answers GAME --set ...`): forced moves everywhere
# (a Feuersalamander turn's throw when nothing else is legal, a Siedler roll), and in Siedler
# the other player's small questions during one's turn (trade offers, the counter question).
READ_AHEAD = ("feuersalamander", "siedler")  # the player writes its turn up to the next throw or roll
ANSWERS = {"siedler": ["forced", "decline-trades", "never-counter", "plenty-least-held"]}


def changes_of_player(entries: list[dict[str, Any]]) -> int:
    """How often the player who decides changed in the log: the seat the start mailed first, then
    the seats of the moves its players made (by mail here), in order. A decision a seat's answer
    in advance made asked nobody, so a turn that passes to it and back is no change (but the
    start's first seat was mailed even where its answers, set just after, made its decision)."""
    first = [e["body"].get("to_move") for e in entries if e["type"] == "start"]
    moved = [e["body"].get("seat") for e in entries if e["type"] == "move" or e["body"].get("kind") == "email_move"]
    seats = first + moved
    return 1 + sum(1 for a, b in zip(seats, seats[1:], strict=False) if a != b) if seats else 0


@pytest.mark.parametrize("label", list(GAMES))
def test_a_game_played_by_mail_replies_alone_reaches_its_end(
    label: str, live_server: LiveServer, make_player: Callable[[str], Player], smtp: Smtp, monkeypatch: Any
) -> None:
    engine, options, bot, whole_turns = GAMES[label]
    played = engines.get(engine)
    ada, bo = make_player("ada"), make_player("bo")
    game = ada.new_game(engine, options, seats=2, join=True, email_moves=True)["id"]
    bo.join(game)
    for player in (ada, bo):  # the small decisions answered in advance, as a daily player would
        player.set_answers(game, [played.parse_rule(rule) for rule in ANSWERS.get(engine, ["forced"])])
    table = MailTable(smtp, live_server.data_dir, [ada, bo], monkeypatch, ahead=engine in READ_AHEAD)
    assert table.play(game, bot, most_replies=4000 if LONG else 1500) == "over"

    export = ada.export(game)
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.to_json()
    entries = export["entries"]
    by_mail = sum(1 for e in entries if e["type"] == "system" and e["body"].get("kind") == "email_move")
    signed = sum(1 for e in entries if e["type"] == "move")
    assert by_mail > 0 and signed == 0  # every move by mail reply
    mails = [m for _, rcpt, m in smtp.handler.messages if rcpt and rcpt[0] in ("ada@example.org", "bo@example.org")]
    changes = changes_of_player(entries)
    kinds: dict[str, int] = {}
    for m in mails:
        kinds[str(m["X-Pbem-Kind"])] = kinds.get(str(m["X-Pbem-Kind"]), 0) + 1
    ratio = len(mails) / changes
    beyond_outcomes = (kinds.get("turn", 0) - table.outcomes) / changes  # your-turn mails only
    print(f"{label}: {len(mails)} mails {kinds}, {changes} changes of player, {by_mail} moves by "
          f"{table.replies} replies ({table.waited} waiting for an outcome, {table.refused} with a refused line): "
          f"{ratio:.2f} mails per change; {beyond_outcomes:.2f} your-turn mails without the {table.outcomes} "
          "answers that showed an outcome the player had to see first")
    # every mail accounted for: a your-turn mail per change of player, one answer (itself the
    # next your-turn mail) per reply that left its sender to decide, the start and the ends
    assert kinds == {"turn": changes + table.kept, "start": 1, "over": 2}, (kinds, changes, table.kept)
    last_turn = [m for m in mails if m["X-Pbem-Kind"] == "turn"][-1].get_content()
    assert "token: " in last_turn
    if engine != "cavemen":  # the scores (Siedler's victory points) as the spectator sees them
        assert "Scores: ada " in last_turn, last_turn
    # the game-over mail draws the final board with everything the reveal made public
    _, final = final_state(export)
    assert final is not None
    shown = played.revealed_view(final)
    over = [m for m in mails if m["X-Pbem-Kind"] == "over"][0].get_content()
    if shown is not None:
        lines = [line.rstrip() for line in over.splitlines()]
        missing = [line for line in played.render(shown, color=False).splitlines() if line.rstrip() not in lines]
        assert not missing, (missing, over)
    if whole_turns:  # a reply plays a whole turn: your-turn mails stay near one a change of player
        # (the start and end mails, a fixed three, are left out: on a short game they alone
        # tipped the ratio of all mails past 1.5, 17 mails for 11 changes)
        assert kinds.get("turn", 0) / changes < 1.5, (label, len(mails), kinds, changes, table.replies, ratio)
    # everywhere: no your-turn mail beyond one per change of player but the answers that show an
    # outcome (the start and end mails, a fixed three a game, weigh on short games alone)
    assert beyond_outcomes < 1.5, (label, len(mails), table.outcomes, changes)
