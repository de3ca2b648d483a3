"""Traces of seeded games, for pinning what a rules version does (docs/PROTOCOL.md section 19, Versions).

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
seat, legal, rnd)` for moves no list holds (a blind magier placement's owner-held value), and
`games(version)`, the games of one rules version where they differ (an option a version lacks):
without it every version plays GAMES.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
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


def games_of(module: Any, version: Any) -> list[dict[str, Any]]:
    """The games a rules version plays: the module's `games(version)` if it has one, else GAMES."""
    chosen = getattr(module, "games", None)
    return list(module.GAMES) if chosen is None else list(chosen(version))


def moves(engine: Any, game: dict[str, Any], module: Any) -> Iterator[tuple[Any, Any, Any, list[Any]]]:
    """The game played out: (seat, move, state after it, its events) per step, the first
    (None, the options, the set-up state, its events)."""
    choose: Callable[..., Any] | None = getattr(module, "choose", None)
    from engines.core import Rng

    seats = game["seats"]
    options = engine.check_options(game["options"], seats)
    state, events = engine.setup(seats, options, Rng(f"{game['seed']}/setup".encode()))
    rnd = random.Random(game["seed"])
    yield None, options, state, events
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
        yield seat, move, state, events


def play(engine: Any, game: dict[str, Any], module: Any) -> list[list[Any]]:
    """One game's steps: [seat moved (None for the setup), move digest, state, events, views,
    legal lists, to_move, result, and where the engine has answers in advance what the
    module's example RULES answer for each seat], each a short digest except the seats."""
    seats = game["seats"]
    steps: list[list[Any]] = []

    rules = getattr(module, "RULES", [{"kind": "forced"}])
    answers = hasattr(engine, "standing_move") and hasattr(engine, "answer_kinds")

    def answered(state: Any, s: int) -> list[Any]:
        """What each example rule of answers in advance plays for seat s now (a version whose
        `forced` or own rules answer otherwise gives another trace)."""
        out: list[Any] = []
        for rule in rules:
            try:
                out.append(engine.standing_move(engine.view(state, s), engine.check_rule(rule)))
            except Exception as exc:  # noqa: BLE001 - a rule this version refuses is part of its trace
                out.append(type(exc).__name__)
        return out

    def record(seat: Any, move: Any, state: Any, events: list[Any]) -> None:
        to_move = engine.to_move(state)
        extra = []
        if answers:
            kinds = [k["kind"] for k in engine.answer_kinds()] if seat is None else None
            extra = [_digest([kinds, [answered(state, s) for s in range(seats)]])]
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

    for seat, move, state, events in moves(engine, game, module):
        record(seat, move, state, events)
    return steps


def trace(engine: Any, module: Any) -> list[dict[str, Any]]:
    games = games_of(module, getattr(engine, "version", None))
    return [{**game, "steps": play(engine, game, module)} for game in games]


def first_difference(pinned: list[dict[str, Any]], now: list[dict[str, Any]]) -> str | None:
    """Where two traces part, in words (None: they agree)."""
    found = _parting(pinned, now)
    return None if found is None else found[2]


def _parting(pinned: list[dict[str, Any]], now: list[dict[str, Any]]) -> tuple[int | None, int | None, str] | None:
    """The game and step where two traces part (None where no one step is to blame) and the words."""
    names = ["seat", "move", "state", "events", "views", "legal moves", "to_move", "result", "answers"]
    for number, (a, b) in enumerate(zip(pinned, now, strict=False)):
        for step, (x, y) in enumerate(zip(a["steps"], b["steps"], strict=False)):
            if len(x) > len(y):  # pinned with answers in advance: today's must answer the same
                return number, step, f"game {number}, step {step}: the answers in advance are missing now"
            for name, u, v in zip(names, x, y, strict=False):
                if u != v:
                    said = f"game {number} ({a['options']}, {a['seats']} seats), step {step}: the {name} differ"
                    return number, step, said
        if len(a["steps"]) != len(b["steps"]):
            return number, None, f"game {number}: {len(a['steps'])} steps pinned, {len(b['steps'])} now"
    if len(pinned) != len(now):
        return None, None, f"{len(pinned)} games pinned, {len(now)} now"
    return None


def explain(pinned: dict[str, Any], engine: Any, module: Any, now: list[dict[str, Any]]) -> str | None:
    """Why today's `engine` fails a pinned trace file's data, in words for a test's failure
    (None: it plays the pinned games as pinned): where the traces part, the step there as
    today's engine plays it, and how to find the cause. The code that made the file is gone
    from the tree, so no one process can run both; its commit (`made_by`) still has it, and
    regenerating the file from there tells which side changed."""
    found = _parting(pinned["games"], now)
    if found is None:
        return None
    number, step, said = found
    lines = [said]
    if number is not None and step is not None:
        lines.append(_step_now(engine, games_of(module, engine.version)[number], module, step))
    made = pinned.get("made_by") or {}
    commit = str(made.get("commit") or "<the commit that made it>")
    eid, version = pinned["engine"], pinned["version"]
    tree = f"/tmp/pinned-{eid}-{version}"
    lines += [
        f"The pinned file was written by `{made.get('command')}` on the code of commit {commit[:12]}.",
        "To find the cause, write it again from that code and compare:",
        f"    git worktree add {tree} {commit}",
        f"    PYTHONPATH={tree} .venv/bin/python tests/engines/versions/tracing.py {eid} {version} /tmp/{eid}-{version}.json",
        f"    git diff {commit[:12]} -- engines/{eid} engines/core.py engines/answers.py engines/public.py",
        f"If the file written again equals the pinned one, today's code plays {eid} {version} otherwise:",
        f"restore version {version}'s behaviour, gated by version (a change of behaviour needs a new version).",
        f"If it differs, {eid}_games.py or tracing.py changed since the file was pinned: pin it again.",
    ]
    return "\n".join(lines)


def _step_now(engine: Any, game: dict[str, Any], module: Any, step: int) -> str:
    """The step as today's engine plays it: who moved, what, and whose decision followed."""
    for number, (seat, move, state, _events) in enumerate(moves(engine, game, module)):
        if number == step:
            if seat is None:
                return f"Today that step is the setup, with the options {move}."
            return (
                f"Today that step is seat {seat}'s move {json.dumps(move, sort_keys=True)} "
                f"({engine.format(move)}); then seat {engine.to_move(state)} decides."
            )
    return f"Today's engine ends that game before step {step}."


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
