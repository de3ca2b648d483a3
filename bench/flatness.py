"""Does an append cost the same at move 10 and at move N of one game? (the speed work's figure 2)

One long game per engine and mode between random movers against the real app in process
(SQLite, signed requests, as bench.run), each game as long as its engine allows (CONFIGS):

- "fixed": Feuersalamander and Siedler with a target no random game reaches (their random
  games never end), so N = 10,000 (the goal's point).
- "longest": magier has no chance, so its random games are known before they are played: the
  longest of `seeds` random games (move_limit 100,000, its most) is found engine-only, then
  played through the app to one move before its end (a win), and N is the middle of the
  window that ends there (or 10,000 if it gets that far). Found, not hoped for: a seed's
  game is the same game in the app.
- "to_end": cavemen (round_limit 10,000, its most; closed and open) is decided by the
  server's shuffles, so its length is known only when it ends (a few hundred moves: the
  fires or the cavemen run out): of TRIES games played to their end the longest counts, and
  N is the middle of the last window before its end.

Every append is timed (the append alone: listing and signing are not). The figure is
late / early, each the median of a window of appends: the long game's appends around move N
over appends around move 10. A shared machine is not equally busy minutes apart, so the early
sample is taken twice: the long game's own moves 1..19, and moves 1..19 of fresh games played
during the late window, one fresh move before each late move (same minute, same database
holding the long log). The goal (1.1x at most) is judged on the interleaved ratio; the other
is reported beside it. In "to_end" the late window is known only afterwards, so fresh games
are played beside every move from move 20 on (a new one each time one has made 19 moves)
and those beside the late window count.

The control: the toy game of the protocol tests (tests/protocol/toy.py: a private deal, die
throws, one hidden value a seat) with as many rounds as needed, registered at run time as
"benchtoy". Its state has the same size at every move, so its ratio is the server's own:
what the log's length costs an append. Without the test tree (an installed package) the
control is skipped.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import engines
from bench.inproc import App, new_game, random_move, resign, summary
from bench.playouts import pick
from engines.core import BadOptions, Engine, Rng

TOY = "benchtoy"
EARLY_AT = 10
WINDOW = 19  # appends of each fresh game: moves 1..19, centred on move 10
FRESH_GAMES = 5  # fresh games: an early sample of 95 appends; the late window is as wide
GOAL = 1.1
ATTEMPTS = 5  # long games to try: one that ends before the late window is replaced by the next
SEEDS = 6  # random magier games to choose the longest from
TRIES = 3  # cavemen games played to their end: the longest counts


@dataclass(frozen=True)
class Config:
    """One row of the figure: an engine in one mode, with the options that make its random
    games as long as it allows, and how its late point is found (see the module docstring)."""

    label: str
    engine: str
    options: dict[str, Any] = field(default_factory=dict)
    how: str = "fixed"


CONFIGS: list[Config] = [
    Config("feuersalamander", "feuersalamander", {"target": 1_000_000}),
    Config("siedler", "siedler", {"target": 1_000_000}),
    Config("magier", "magier", {"move_limit": 100_000, "open_placement": True, "blind": False}, "longest"),
    Config("cavemen closed", "cavemen", {"round_limit": 10_000}, "to_end"),
    Config("cavemen open", "cavemen", {"round_limit": 10_000, "open": True}, "to_end"),
]


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


def _row(
    label: str, engine_id: str, options: dict[str, Any], n: int, n_why: str, times: list[float],
    early_same: list[float], late: tuple[int, int], window: int, fresh: str,
) -> dict[str, Any]:
    early_first = statistics.median(times[:window])
    early = statistics.median(early_same)
    late_ms = statistics.median(times[late[0] : late[1]])
    return {
        "label": label,
        "engine": engine_id,
        "options": options,
        "n": n,
        "n_why": n_why,
        "moves": len(times),
        "early_sample": fresh,
        "late_sample": f"moves {late[0] + 1}-{late[1]} of the long game",
        "early_ms": round(early * 1000, 3),
        "early_at_start_ms": round(early_first * 1000, 3),
        "late_ms": round(late_ms * 1000, 3),
        "late_over_early": round(late_ms / early, 3),
        "late_over_early_at_start": round(late_ms / early_first, 3),
        "goal": GOAL,
        "met": late_ms / early <= GOAL,
    }


def flatness(
    n: int = 10_000,
    window: int = WINDOW,
    fresh_games: int = FRESH_GAMES,
    seed: int = 11,
    engine_id: str = "feuersalamander",
    options: dict[str, Any] | None = None,
    label: str | None = None,
    n_why: str | None = None,
    attempts: int = ATTEMPTS,
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
    options = dict(CONFIGS[0].options if options is None else options)
    engine = engines.get(engine_id)
    for attempt in range(attempts):
        app = App()
        try:
            played = _long_game(app, engine, engine_id, options, seed + attempt, late_start, late_stop, fresh_games)
        finally:
            app.close()
        if played is not None:
            break
    else:
        raise RuntimeError(f"{attempts} long {engine_id} games each ended before move {late_stop}")
    times, fresh = played
    return _row(
        label or engine_id, engine_id, options, n, n_why or f"N = {n}", times, [t for f in fresh for t in f.times],
        (late_start, late_stop), window, f"moves 1-{window} of {fresh_games} fresh games, interleaved with the late window",
    )


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
    """A fresh game whose first appends are the early sample, played beside the late window."""

    def __init__(self, app: App, engine_id: str, options: dict[str, Any], index: int, seed: int) -> None:
        self.game, self.keys = new_game(app, engine_id, 2, options, f"flatfresh{index}x")
        self.now = summary(app, self.game, self.keys[0])
        self.rnd = random.Random(seed * 1000 + index)
        self.times: list[float] = []

    @property
    def over(self) -> bool:
        return bool(self.now["status"] == "over")

    def move(self, app: App, engine: Any) -> None:
        seconds, self.now = random_move(app, engine, self.game, self.keys, self.now, self.rnd)
        self.times.append(seconds)


def random_length(engine: Engine, options: dict[str, Any], seed: int, cap: int) -> int:
    """Moves of the random game `seed` (bench.inproc.random_move's choices, engine-only), at most
    `cap`: for an engine without chance, the length of the same game played through the app."""
    rnd = random.Random(seed)
    state, _ = engine.setup(2, options, Rng(b"no chance"))
    moves = 0
    while moves < cap:
        seat = engine.to_move(state)
        if seat is None:
            break
        state, _ = engine.apply(state, seat, pick(engine.legal_moves(state, seat), rnd), Rng(b"no chance"))
        moves += 1
    return moves


def flatness_longest(
    config: Config, n: int = 10_000, seeds: int = SEEDS, window: int = WINDOW, fresh_games: int = FRESH_GAMES
) -> dict[str, Any]:
    """An engine without chance at the late point of the longest of `seeds` random games: the
    window ends one move before its last (that move ends the game), or at n if it gets that far."""
    engine = engines.get(config.engine)
    width = window * fresh_games
    cap = _window(n, width)[1] + 1
    lengths = {s: random_length(engine, config.options, s, cap) for s in range(seeds)}
    seed = max(lengths, key=lambda s: (lengths[s], -s))
    if lengths[seed] >= cap:
        at, why = n, f"N = {n}: the longest of {seeds} random games (seed {seed}) gets that far"
    else:
        at = lengths[seed] - width + width // 2  # the window ends at move lengths[seed] - 1
        why = f"N = {at}: the longest of {seeds} random games (seed {seed}) ends at move {lengths[seed]}"
    if at < min_n(window, fresh_games):
        raise RuntimeError(f"{config.label}: the longest of {seeds} random games has {lengths[seed]} moves only")
    return flatness(at, window, fresh_games, seed, config.engine, config.options, config.label, why, attempts=1)


def flatness_to_end(
    config: Config, n: int = 10_000, window: int = WINDOW, fresh_games: int = FRESH_GAMES, seed: int = 11,
    tries: int = TRIES, attempts: int = ATTEMPTS,
) -> dict[str, Any]:
    """A chance engine's random games to their end (or to about n), fresh games beside every
    move from move window + 1 on; the longest of `tries` games counts, its late window the last
    window * fresh_games moves before its end. A game whose late window would not start after the
    early one ends is not counted (at most `attempts` games are played)."""
    engine = engines.get(config.engine)
    width = window * fresh_games
    cap = _window(n, width)[1]
    games: list[tuple[int, list[float], list[tuple[int, float]], int]] = []
    for attempt in range(attempts):
        app = App()
        try:
            times, beside = _rolling_game(app, engine, config, seed + attempt, window, fresh_games, cap)
        finally:
            app.close()
        stop = cap if len(times) >= cap else len(times) - 1  # not the move that ended it
        if stop - width >= window:
            games.append((stop, times, beside, seed + attempt))
        if len(games) >= tries or stop == cap:
            break
    if not games:
        raise RuntimeError(f"{attempts} {config.label} games each ended before move {window + width + 1}")
    stop, times, beside, used = max(games, key=lambda g: g[0])
    start = stop - width
    at = start + 1 + width // 2
    why = (f"N = {at}: the window before the end at move {len(times)} of the longest of {len(games)} games"
           f" (seed {used})" if stop < cap else f"N = {at}")
    early = [t for i, t in beside if start <= i < stop]
    return _row(
        config.label, config.engine, config.options, at, why, times, early, (start, stop), window,
        f"moves 1-{window} of fresh games, one move beside each move of the late window",
    )


def _rolling_game(
    app: App, engine: Engine, config: Config, seed: int, window: int, fresh_games: int, cap: int
) -> tuple[list[float], list[tuple[int, float]]]:
    """The long game's append times (to its end or `cap` moves) and the fresh appends made
    beside it, each with the long game's move index it was made beside."""
    game, keys = new_game(app, config.engine, 2, config.options, "flatlong")
    rnd = random.Random(seed)
    times: list[float] = []
    beside: list[tuple[int, float]] = []
    ring: list[_Fresh] = []
    made = 0
    now = summary(app, game, keys[0])
    while now["status"] != "over" and len(times) < cap:
        if len(times) >= window:
            slot = (len(times) - window) % fresh_games
            if len(ring) <= slot:
                ring.append(_Fresh(app, config.engine, config.options, made, seed))
                made += 1
            elif len(ring[slot].times) >= window or ring[slot].over:
                ring[slot] = _Fresh(app, config.engine, config.options, made, seed)
                made += 1
            ring[slot].move(app, engine)
            beside.append((len(times), ring[slot].times[-1]))
        seconds, now = random_move(app, engine, game, keys, now, rnd)
        times.append(seconds)
    if now["status"] != "over":
        resign(app, game, keys[0], 0, now)
    return times, beside


def flatness_of(
    config: Config, n: int, seeds: int = SEEDS, window: int = WINDOW, fresh_games: int = FRESH_GAMES
) -> dict[str, Any]:
    """The row of one config, found as its `how` says; a failure is reported in the row."""
    try:
        if config.how == "longest":
            return flatness_longest(config, n, seeds, window, fresh_games)
        if config.how == "to_end":
            return flatness_to_end(config, n, window, fresh_games)
        return flatness(n, window, fresh_games, engine_id=config.engine, options=config.options, label=config.label)
    except Exception as exc:  # noqa: BLE001 - one engine's failure is reported, the others measured
        return {"label": config.label, "engine": config.engine, "options": config.options, "error": repr(exc)}


def flatness_all(n: int = 10_000, seeds: int = SEEDS, configs: list[Config] | None = None) -> list[dict[str, Any]]:
    """Every engine and mode (CONFIGS), then the constant-state toy control if it is at hand."""
    rows = [flatness_of(c, n, seeds) for c in (CONFIGS if configs is None else configs)]
    with long_toy(n) as toy:
        if toy:
            rows.append(flatness(n, engine_id=TOY, options={}, label=f"{TOY} (control)"))
    return rows
