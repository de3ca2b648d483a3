"""Does an append cost the same at move 10 and at move 10,000 of one game? (the speed work's figure 2)

Two long games, each measured alike. The real one: one long Feuersalamander game (target 84: random movers almost never reach it, so the game
lasts as long as we like; magier random games end by a win after a few hundred moves)
between random movers against the real app in process (SQLite, signed requests, as
bench.run). Every append is timed (the append alone: listing and signing are not).

The figure is late / early, each the median of a window of appends around its point:
the long game's appends around move `n` over appends around move 10. A shared machine is
not equally busy minutes apart, so the early sample is taken twice: the long game's own
moves 1..19, and moves 1..19 of five fresh games played during the long game's late window,
one fresh move before each late move (same minute, same database holding the long log).
The goal (1.1x at most) is judged on the interleaved ratio; the other is reported beside it.

The control: the toy game of the protocol tests (tests/protocol/toy.py: a private deal, die
throws, one hidden value a seat) with as many rounds as needed, registered at run time as
"benchtoy". Its state has the same size at every move, so its ratio is the server's own:
what the log's length costs an append. Feuersalamander's state grows with the game (it
keeps every question and claim), so its ratio adds what a bigger state costs. Without the
test tree (an installed package) the control is skipped.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import engines
from bench.inproc import App, new_game, random_move, resign, summary
from engines.core import BadOptions

ENGINE = "feuersalamander"
OPTIONS: dict[str, Any] = {"target": 84}
TOY = "benchtoy"
EARLY_AT = 10
WINDOW = 19  # appends of each fresh game: moves 1..19, centred on move 10
FRESH_GAMES = 5  # fresh games: an early sample of 95 appends; the late window is as wide
GOAL = 1.1
ATTEMPTS = 5  # long games to try: one that ends before the late window is replaced by the next


def min_n(window: int = WINDOW, fresh_games: int = FRESH_GAMES) -> int:
    """The smallest late point whose window starts after the early one ends."""
    return window + (window * fresh_games) // 2 + 1


def _window(at: int, width: int) -> tuple[int, int]:
    """Append indexes [start, stop) of the window of `width` centred on move `at` (1-based)."""
    start = max(0, at - 1 - width // 2)
    return start, start + width


@contextmanager
def long_toy(rounds: int) -> Iterator[bool]:
    """"benchtoy" registered while the block runs (the protocol tests' toy game, `rounds` moves a
    seat), then removed so no later engine listing shows it; yields False without the test tree."""
    try:
        from tests.protocol.toy import ToyEngine
    except ImportError:
        yield False
        return

    class LongToy(ToyEngine):  # type: ignore[misc, valid-type]
        id = TOY

        def check_options(self, options: Any, seats: int) -> dict[str, Any]:
            if seats != 2 or set(options) - {"rounds"}:
                raise BadOptions("benchtoy: 2 seats, option rounds only")
            return {"rounds": rounds, **options}

    engines.register(LongToy())
    try:
        yield True
    finally:
        engines._EXTRA.pop(TOY, None)  # engines has register() only


def flatness(
    n: int = 10_000,
    window: int = WINDOW,
    fresh_games: int = FRESH_GAMES,
    seed: int = 11,
    engine_id: str = ENGINE,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one game to about move n + window * fresh_games / 2, timing every append; see the
    module docstring. The early sample is the moves 1..window of `fresh_games` fresh games
    (window * fresh_games appends), the late one as many appends of the long game centred on n."""
    width = window * fresh_games
    late_start, late_stop = _window(n, width)
    early_start, early_stop = _window(EARLY_AT, window)
    if early_start != 0 or late_start < early_stop:
        raise ValueError(
            f"flatness: n={n}, window={window}: the late point must be {min_n(window, fresh_games)} or more"
            f" and the window {2 * EARLY_AT - 2} or wider (it starts at move 1)"
        )
    options = dict(OPTIONS if options is None else options)
    engine = engines.get(engine_id)
    for attempt in range(ATTEMPTS):
        app = App()
        try:
            played = _long_game(app, engine, engine_id, options, seed + attempt, late_start, late_stop, fresh_games)
        finally:
            app.close()
        if played is not None:
            break
    else:
        raise RuntimeError(f"{ATTEMPTS} long {engine_id} games each ended before move {late_stop}")
    times, fresh = played
    early_first = statistics.median(times[early_start:early_stop])
    early_same = statistics.median([t for f in fresh for t in f.times])
    late = statistics.median(times[late_start:late_stop])
    return {
        "engine": engine_id,
        "options": options,
        "n": n,
        "moves": len(times),
        "early_sample": f"moves 1-{window} of {fresh_games} fresh games, interleaved with the late window",
        "late_sample": f"moves {late_start + 1}-{late_stop} of the long game",
        "early_ms": round(early_same * 1000, 3),
        "early_at_start_ms": round(early_first * 1000, 3),
        "late_ms": round(late * 1000, 3),
        "late_over_early": round(late / early_same, 3),
        "late_over_early_at_start": round(late / early_first, 3),
        "goal": GOAL,
        "met": late / early_same <= GOAL,
    }


def _long_game(
    app: App, engine: Any, engine_id: str, options: dict[str, Any], seed: int, late_start: int, late_stop: int,
    fresh_games: int,
) -> tuple[list[float], list[_Fresh]] | None:
    """The long game's append times and the fresh games played beside its late window; None if
    the game ended first (the server's seed is random, so a random game's length varies)."""
    game, keys = new_game(app, engine_id, 2, options, "flatlong")
    rnd = random.Random(seed)
    times: list[float] = []
    fresh: list[_Fresh] = []
    now = summary(app, game, keys[0])
    while len(times) < late_stop:
        if now["status"] == "over":
            return None
        if len(times) == late_start:
            fresh = [_Fresh(app, engine_id, options, i, seed) for i in range(fresh_games)]
        if len(times) >= late_start:
            # One move of a fresh game, one of the long game: both samples see the same minute.
            fresh[(len(times) - late_start) % fresh_games].move(app, engine)
        seconds, now = random_move(app, engine, game, keys, now, rnd)
        times.append(seconds)
    resign(app, game, keys[0], 0, now)
    return times, fresh


class _Fresh:
    """A fresh game whose first appends are the early sample, played during the late window."""

    def __init__(self, app: App, engine_id: str, options: dict[str, Any], index: int, seed: int) -> None:
        self.game, self.keys = new_game(app, engine_id, 2, options, f"flatfresh{index}x")
        self.now = summary(app, self.game, self.keys[0])
        self.rnd = random.Random(seed * 1000 + index)
        self.times: list[float] = []

    def move(self, app: App, engine: Any) -> None:
        seconds, self.now = random_move(app, engine, self.game, self.keys, self.now, self.rnd)
        self.times.append(seconds)


def flatness_all(n: int = 10_000) -> list[dict[str, Any]]:
    """Feuersalamander (the real engine), then the constant-state toy control if it is at hand."""
    rows = [flatness(n)]
    with long_toy(n) as toy:
        if toy:
            rows.append(flatness(n, engine_id=TOY, options={}))
    return rows
