"""Traces of seeded games, for pinning what a rules version does (issue 32, PROTOCOL "Versions").

A trace plays fixed games (seat counts, options, a seed) with moves chosen from `legal_moves`
by a keyed choice, and records at every step a digest of each thing a log depends on: the
legal moves of every seat (their order too: clients list and number them), every seat's and
the spectator's view (view commitments), the state (state commitments), the events, whose turn
it is and the result. Two engines that give the same trace play these games identically.

Run as a script it writes a trace file from whatever `engines` package is first on the path,
so the same file is made from the code of an old commit (PYTHONPATH=<a git worktree of it>):

    PYTHONPATH=/tmp/old .venv/bin/python tests/engines/versions/tracing.py cavemen 1 OUT.json

It imports nothing of tests/ and only what every pbem's engines had since the first release
(engines.get, engines.core.Rng, the Engine's setup/to_move/legal_moves/apply/view/result), so
it runs unchanged on the old code. What to play per engine is `<engine>_games.py` beside it:
GAMES, a list of {"seats", "options", "seed", "plies"}, and optionally `choose(engine, state,
seat, legal, rnd)` for moves no list holds (a blind magier placement's owner-held value).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _text(value: Any) -> bytes:
    """Sorted keys (what a commitment covers), lists in order (what a client numbers)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _digest(value: Any) -> str:
    return hashlib.sha256(_text(value)).hexdigest()[:16]


def _events(events: list[Any]) -> list[Any]:
    return [e.to_json() if hasattr(e, "to_json") else e for e in events]


def games_module(engine_id: str) -> Any:
    path = HERE / f"{engine_id}_games.py"
    spec = importlib.util.spec_from_file_location(f"pbem_trace_{engine_id}_games", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play(engine: Any, game: dict[str, Any], module: Any) -> list[list[Any]]:
    """One game's steps: [seat moved (None for the setup), move digest, state, events, views,
    legal lists, to_move, result, and where the engine has answers in advance what the
    module's example RULES answer for each seat], each a short digest except the seats."""
    choose: Callable[..., Any] | None = getattr(module, "choose", None)
    from engines.core import Rng

    seats = game["seats"]
    options = engine.check_options(game["options"], seats)
    state, events = engine.setup(seats, options, Rng(f"{game['seed']}/setup".encode()))
    rnd = random.Random(game["seed"])
    steps: list[list[Any]] = []

    rules = getattr(module, "RULES", [{"kind": "forced"}])
    answers = hasattr(engine, "standing_move") and hasattr(engine, "answer_kinds")

    def answered(s: int) -> list[Any]:
        """What each example rule of answers in advance plays for seat s now (a version whose
        `forced` or own rules answer otherwise gives another trace)."""
        out: list[Any] = []
        for rule in rules:
            try:
                out.append(engine.standing_move(engine.view(state, s), engine.check_rule(rule)))
            except Exception as exc:  # noqa: BLE001 - a rule this version refuses is part of its trace
                out.append(type(exc).__name__)
        return out

    def record(seat: Any, move: Any) -> None:
        to_move = engine.to_move(state)
        extra = []
        if answers:
            kinds = [k["kind"] for k in engine.answer_kinds()] if seat is None else None
            extra = [_digest([kinds, [answered(s) for s in range(seats)]])]
        steps.append([
            seat,
            _digest(move),
            _digest(state),
            _digest(_events(events)),
            _digest([engine.view(state, s) for s in [*range(seats), None]]),
            _digest([engine.legal_moves(state, s) for s in range(seats)]),
            to_move,
            _digest(engine.result(state)),
            *extra,
        ])

    record(None, options)
    for ply in range(game["plies"]):
        seat = engine.to_move(state)
        if seat is None:
            break
        legal = engine.legal_moves(state, seat)
        move = choose(engine, state, seat, legal, rnd) if choose is not None else None
        if move is None:
            if not legal:
                break
            move = legal[rnd.randrange(len(legal))]
        state, events = engine.apply(state, seat, move, Rng(f"{game['seed']}/{ply}".encode()))
        record(seat, move)
    return steps


def trace(engine: Any, module: Any) -> list[dict[str, Any]]:
    return [{**game, "steps": play(engine, game, module)} for game in module.GAMES]


def first_difference(pinned: list[dict[str, Any]], now: list[dict[str, Any]]) -> str | None:
    """Where two traces part, in words (None: they agree)."""
    names = ["seat", "move", "state", "events", "views", "legal moves", "to_move", "result", "answers"]
    for number, (a, b) in enumerate(zip(pinned, now, strict=False)):
        for step, (x, y) in enumerate(zip(a["steps"], b["steps"], strict=False)):
            if len(x) > len(y):  # pinned with answers in advance: today's must answer the same
                return f"game {number}, step {step}: the answers in advance are missing now"
            for name, u, v in zip(names, x, y, strict=False):
                if u != v:
                    return f"game {number} ({a['options']}, {a['seats']} seats), step {step}: the {name} differ"
        if len(a["steps"]) != len(b["steps"]):
            return f"game {number}: {len(a['steps'])} steps pinned, {len(b['steps'])} now"
    if len(pinned) != len(now):
        return f"{len(pinned)} games pinned, {len(now)} now"
    return None


def main(argv: list[str]) -> int:
    engine_id, version, out = argv[1], argv[2], Path(argv[3])
    import engines

    engine = engines.get(engine_id)
    if getattr(engine, "version", None) != version:  # an old tree without versions keeps one
        try:
            engine = engines.get(engine_id, version)
        except TypeError:
            raise SystemExit(f"this tree's {engine_id} is version {engine.version}, not {version}") from None
    root = Path(engines.__file__).resolve().parent.parent
    commit = subprocess.run(
        ["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    module = games_module(engine_id)
    data = {
        "engine": engine_id,
        "version": version,
        "made_by": {"commit": commit, "command": " ".join(["tracing.py", *argv[1:3]])},
        "games": trace(engine, module),
    }
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"{out}: {sum(len(g['steps']) for g in data['games'])} steps from {commit[:7]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
