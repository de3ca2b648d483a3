"""No Python or JSON literal in any text meant for people: boards, log lines, move texts.

A player reads `{'lumber': 1} for {'wool': 1}` or `knight tournament [0, 0]` as a program's
insides, not as the game. Random games of every engine and mode are played in-process and
every render (each seat's and the spectator's), every event described for `pbem log` and
every listed move's text is scanned for what a Python or JSON literal looks like. The
errors the client prints are covered by the CLI tests; the mail by the mail tests.

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


def texts_of(engine_id: str, seats: int, options: dict[str, Any], seed: int) -> list[tuple[str, str]]:
    """(where, text) for every render, event description and move text of one random game."""
    engine = engines.get(engine_id)
    rnd = random.Random(seed)
    state, events = engine.setup(seats, engine.check_options(options, seats), Rng(b"text %d" % seed))
    out: list[tuple[str, str]] = []
    store: dict[str, dict[str, Any]] = {}  # a blind seat's own records: commitment -> secret, salt
    describe = getattr(engine, "describe_event", None)
    for ply in range(PLIES):
        for event in events:
            said = describe(event.to_json()) if callable(describe) else None
            if said:
                out.append((f"event {event.kind}", said))
        for seat in [*range(seats), None]:
            out.append((f"render for seat {seat}", engine.render(engine.view(state, seat))))
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
        move = rnd.choice(legal)
        public, secret = engine.split_move(move)
        if secret is not None and steps.owner_held(engine, state, public):  # a blind placement
            made = commit(TAG_SECRET, secret, "ab" * 32)
            store[made] = {"commit": made, "secret": secret, "salt": "ab" * 32}
            move = {**public, "secret_commit": made}
        state, events = engine.apply(state, seat, move, Rng(b"move %d %d" % (seed, ply)))
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
