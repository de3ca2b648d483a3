"""No Python or JSON literal in any text meant for people: boards, log lines, move texts.

A player reads `{'lumber': 1} for {'wool': 1}` or `knight tournament [0, 0]` as a program's
insides, not as the game. Random games of every engine and mode are played in-process and
every render (each seat's and the spectator's), every event described for `pbem log` and
every listed move's text (and what the engine says the move would do, `describe_move`) is
scanned for what a Python or JSON literal looks like. So is every final board: the modes that
end quickly are played to their end (seats of a Feuersalamander game of three or more leave
until one is left), and each game's last state is drawn as the engine's revealed view, the
final screen with everything face up. A board drawn with the last step attached (`last`, the
cavemen "Last:" line) is scanned too. The errors the client prints are covered by the CLI
tests; the mail by the mail tests.

PBEM_TEXT_GAMES=<n> plays more games per engine and mode (default 3).
"""

from __future__ import annotations

import os
import random
import re
from typing import Any

import pytest

import engines
from engines.core import Rng
from protocol import steps
from protocol.commitments import TAG_SECRET, commit

GAMES = int(os.environ.get("PBEM_TEXT_GAMES", "3"))
PLIES = 300
LITERAL = re.compile(r"\{'|\{\"|\[\d+, |\[\[|\[\]|\b1 cards\b|\bTrue\b|\bFalse\b|\bNone\b")
MODES = [
    ("magier", 2, {}),
    ("magier", 2, {"blind": False}),
    ("magier", 2, {"open_placement": True}),
    ("feuersalamander", 2, {}),
    ("feuersalamander", 3, {}),
    ("feuersalamander", 4, {}),
    ("cavemen", 2, {}),
    ("cavemen", 2, {"open": True}),
    ("siedler", 2, {}),
    ("siedler", 2, {"variant": "basic"}),
]
# Modes that end within PLIES: their final boards are scanned as well (FINISHING must end).
FINISHING = [
    ("cavemen", 2, {"round_limit": 4}),
    ("magier", 2, {"blind": False, "move_limit": 8}),
    ("magier", 2, {"move_limit": 8}),
    ("feuersalamander", 3, {"target": 4}),
]


def texts_of(engine_id: str, seats: int, options: dict[str, Any], seed: int) -> list[tuple[str, str]]:
    """(where, text) for every render, event description and move text of one random game."""
    engine = engines.get(engine_id)
    rnd = random.Random(seed)
    state, events = engine.setup(seats, engine.check_options(options, seats), Rng(b"text %d" % seed))
    out: list[tuple[str, str]] = []
    store: dict[str, dict[str, Any]] = {}  # a blind seat's own records: commitment -> secret, salt
    describe = getattr(engine, "describe_event", None)
    preview = getattr(engine, "describe_move", None)
    last: dict[str, Any] | None = None
    for ply in range(PLIES):
        for event in events:
            said = describe(event.to_json()) if callable(describe) else None
            if said:
                out.append((f"event {event.kind}", said))
        for seat in [*range(seats), None]:
            view = engine.view(state, seat)
            out.append((f"render for seat {seat}", engine.render(view)))
            if last is not None:
                out.append((f"render with the last step for seat {seat}", engine.render({**view, "last": last})))
        seat = engine.to_move(state)
        if seat is None:
            break
        owed = steps.awaiting(engine, state)
        if owed:  # a blind game: the owner reveals what burnt, from its own records
            reveal = {"type": "reveal", "secrets": [store[c] for c in owed]}
            state, events = engine.apply(state, seat, reveal, Rng(b"reveal"))
            continue
        legal = engine.legal_moves(state, seat)
        out += [(f"move {m.get('type')}", engine.format(m)) for m in legal[:50]]
        if callable(preview):
            mine = engine.view(state, seat)
            out += [(f"preview of {m.get('type')}", preview(mine, m) or "") for m in legal[:50]]
        move = rnd.choice(legal)
        public, secret = engine.split_move(move)
        if secret is not None and steps.owner_held(engine, state, public):  # a blind placement
            made = commit(TAG_SECRET, secret, "ab" * 32)
            store[made] = {"commit": made, "secret": secret, "salt": "ab" * 32}
            move = {**public, "secret_commit": made}
        state, events = engine.apply(state, seat, move, Rng(b"move %d %d" % (seed, ply)))
        last = {"seat": seat, "move": public, "events": [e.to_json() for e in events if e.public]}
    return out + final_texts(engine, state, seats)


def final_texts(engine: Any, state: dict[str, Any], seats: int) -> list[tuple[str, str]]:
    """The final boards: a game of three or more whose seats may leave is ended by leaving (the
    leavers are marked out), then every seat's view, the spectator's and the revealed view."""
    out: list[tuple[str, str]] = []
    leave = getattr(engine, "leave", None)
    for seat in range(1, seats):
        if not callable(leave) or engine.result(state) is not None:
            break
        state, events = leave(state, seat, "resigned")
        out += [(f"event {e.kind}", engine.describe_event(e.to_json()) or "") for e in events]
    for seat in [*range(seats), None]:
        out.append((f"final render for seat {seat}", engine.render(engine.view(state, seat))))
    revealed = getattr(engine, "revealed_view", lambda _state: None)(state)
    if revealed is not None:
        out.append(("revealed view", engine.render(revealed)))
    return out


@pytest.mark.parametrize(("engine_id", "seats", "options"), MODES, ids=[f"{e}-{n}-{o}" for e, n, o in MODES])
def test_no_text_for_people_holds_a_python_or_json_literal(engine_id: str, seats: int, options: dict[str, Any]) -> None:
    found: dict[str, str] = {}
    for seed in range(GAMES):
        for where, text in texts_of(engine_id, seats, options, seed):
            for line in text.splitlines():
                if LITERAL.search(line):
                    found.setdefault(where, line.strip())
    assert not found, "\n".join(f"{where}: {line}" for where, line in found.items())


@pytest.mark.parametrize(("engine_id", "seats", "options"), FINISHING, ids=[f"{e}-{n}-{o}" for e, n, o in FINISHING])
def test_no_final_board_holds_a_literal_and_each_says_game_over(engine_id: str, seats: int, options: dict[str, Any]) -> None:
    found: dict[str, str] = {}
    for seed in range(GAMES):
        texts = texts_of(engine_id, seats, options, seed)
        finals = [text for where, text in texts if where.startswith("final render") or where == "revealed view"]
        assert len(finals) == seats + 2, "every seat's final board, the spectator's and the revealed view"
        for text in finals:
            assert "Game over" in text and "Waiting for" not in text and "spectator" not in text, text
        for where, text in texts:
            for line in text.splitlines():
                if LITERAL.search(line):
                    found.setdefault(where, line.strip())
    assert not found, "\n".join(f"{where}: {line}" for where, line in found.items())
