"""`forced_public(view)` (engines.answers) is sound and not empty, for every engine and mode.

The answer `forced` plays a seat's only legal move at once, so its standing entry tells every
reader of the log that the seat had one option. That is harmless only where everyone can tell
it anyway: `forced_public(view)` must be True only where the number of legal moves follows from
what the public sees. Random games of every engine and mode are played here (a kind of move,
then a move of that kind: bench.playouts.pick), and at every decision of the seat to move:

1. Soundness: where `forced_public(view)` is True, states that differ from the real one only
   in what the seat alone knows, dealt as the rules could have dealt them, give the seat as
   many legal moves as the real one:
   - magier (MH-15): the values of the seat's unburnt wisdoms and of its hand permuted among
     themselves (a blind game's server holds none: there the seat's own filled view, as its
     client lists from it, blind.fill_view, is permuted and listed);
   - Feuersalamander (FS-10, FS-25): the seat's unrevealed hand cards exchanged for cards of
     the draw stack, the double rule kept as it stood (broken only where a discard is due);
   - Cavemen (CV-18): the seat's hand, its stockpile and the cards of its face-down cavemen
     that have not acted this turn dealt anew among themselves (a caveman stays a caveman);
   - Siedler (SI-50): the seat's hand and every pile nobody searches dealt anew, sizes kept.
2. Not vacuous: per engine the decisions it calls public (and of them the one-move ones that
   `forced` answers: a Feuersalamander key throw from the dungeon, FS-23; a Cavemen `end` with
   no face-down caveman of the seat's own; a Siedler trade answer, SI-22; a magier movement
   turn is public, though random games never leave it one move), and the ones it calls hidden
   (a placement of concealed values, MH-6; a stone or a discard that reads the hand, FS-11 and
   FS-13; a Cavemen placement or `end` that depends on the hand or a face-down caveman, CV-12,
   CV-13, CV-18; a Siedler roll or counter question, SI-24) are counted and must come up, as
   must public decisions the other deals were compared at, and hidden ones where another deal
   changes the number of moves (so the deals are not idle).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import engines
from bench.playouts import pick
from engines.cavemen import cards as cv_cards
from engines.core import Engine, Rng
from engines.feuersalamander import cards as fs_cards
from engines.magier.state import WISDOM_VALUES
from protocol.commitments import TAG_SECRET, commit
from tests.depth import examples

POSITIONS = examples(4000)  # decisions looked at per configuration (2,000 by default)
ALTERNATIVES = 3  # other deals of the seat's concealed information per public decision

Config = tuple[str, int, dict[str, Any]]
CONFIGS: list[Config] = [
    *[
        ("magier", 2, {"wrap": wrap, "blind": blind, "open_placement": open_, "move_limit": 40})
        for wrap in ("line", "torus")
        for blind in (True, False)
        for open_ in (False, True)
    ],
    ("feuersalamander", 2, {}),
    ("feuersalamander", 3, {}),
    ("feuersalamander", 4, {"target": 30}),
    ("cavemen", 2, {"open": False}),
    ("cavemen", 2, {"open": True}),
    ("siedler", 2, {"variant": "tournament-new-players"}),
    ("siedler", 2, {"variant": "basic"}),
]


def copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


# ---------------------------------------------------------------- random games


def games(engine: Engine, seats: int, options: dict[str, Any], rnd: random.Random) -> Iterator[tuple[Any, int, Any]]:
    """(state, seat to move, the seat's own store) at `POSITIONS` decisions of random games.
    The store is a blind magier game's commitment -> (value, salt) of the placements (what the
    owners' clients keep; None elsewhere)."""
    opts = engine.check_options(options, seats)
    blind = engine.id == "magier" and opts["blind"] and not opts["open_placement"]
    seen, game = 0, 0
    while True:
        state, _ = engine.setup(seats, opts, Rng(b"forced public %d" % game))
        store: dict[str, tuple[int, str]] = {}
        held: list[list[int]] = [list(WISDOM_VALUES), list(WISDOM_VALUES)]
        for ply in range(3000):
            seat = engine.to_move(state)
            if seat is None or engine.result(state) is not None:
                break
            if blind and engine.awaiting(state):  # type: ignore[attr-defined]  # only the owner reveals
                move = _reveal(engine, state, store)
            else:
                yield state, seat, store if blind else None
                seen += 1
                if seen >= POSITIONS:
                    return
                legal = engine.legal_moves(state, seat)
                if blind and state["phase"] == "placement":
                    legal = [m for m in legal if m["value"] in held[seat]]
                move = pick(legal, rnd)
                if blind and move["type"] == "place":
                    held[seat].remove(move["value"])
                    salt = f"{rnd.getrandbits(256):064x}"
                    made = commit(TAG_SECRET, {"value": move["value"]}, salt)
                    store[made] = (move["value"], salt)
                    move = {"type": "place", "cell": move["cell"], "secret_commit": made}
            state, _ = engine.apply(state, seat, move, Rng(b"forced public %d %d" % (game, ply)))
        game += 1


def _reveal(engine: Engine, state: Any, store: dict[str, tuple[int, str]]) -> dict[str, Any]:
    """The blind game's owed reveal (MH-10), from the owner's store."""
    items = [
        {"commit": c, "secret": {"value": store[c][0]}, "salt": store[c][1]}
        for c in engine.awaiting(state)  # type: ignore[attr-defined]
    ]
    return {"type": "reveal", "secrets": items}


# ---------------------------------------------------------------- other deals of what the seat alone knows


def magier_counts(engine: Engine, state: Any, seat: int, store: dict[str, tuple[int, str]] | None, rnd: random.Random) -> list[int]:
    """MH-15: the seat's unburnt wisdoms' values (on the board and in hand) permuted; placed
    open, every value is public and there is nothing else to deal."""
    if state["options"]["open_placement"]:
        return []
    if store is None:  # the state holds the values
        position = state
        cells = [c for c, p in state["board"].items() if p["seat"] == seat and p["kind"] == "wisdom"]
        values = [state["board"][c]["value"] for c in cells] + list(state["hands"][seat])
    else:  # blind: the seat's own view, filled as its client fills it
        position = engine.view(state, seat)
        cells = [c for c, p in position["board"].items() if p["seat"] == seat and p["kind"] == "wisdom"]
        values = [store[position["board"][c]["commit"]][0] for c in cells]
        hand = list(WISDOM_VALUES)
        for v in values + [b["value"] for b in state["burned"] if b["owner"] == seat]:
            hand.remove(v)
        values += hand
    counts = []
    for _ in range(ALTERNATIVES):
        rnd.shuffle(values)
        other = copy(position)
        for c, v in zip(cells, values, strict=False):
            other["board"][c] = {**other["board"][c], "value": v}
        other["hands"][seat] = sorted(values[len(cells):], reverse=True)
        listed = engine.moves_from_view(other) if store is not None else engine.legal_moves(other, seat)
        counts.append(len(listed))
    return counts


def feuersalamander_counts(engine: Engine, state: Any, seat: int, _: Any, rnd: random.Random) -> list[int]:
    """FS-10, FS-25: unrevealed hand cards exchanged for draw-stack cards, the double rule as it stood."""
    hand = state["hands"][seat]
    revealed, fixed, free = list(state["revealed"][seat]), [], []
    for c in hand:
        if c in revealed:
            revealed.remove(c)
            fixed.append(c)
        else:
            free.append(c)
    pool = free + list(state["deck"])
    counts = []
    for _ in range(50):
        if len(counts) == ALTERNATIVES or not free:
            break
        rnd.shuffle(pool)
        new_hand = fixed + pool[: len(free)]
        if fs_cards.hand_ok(new_hand) != fs_cards.hand_ok(hand):
            continue
        other = copy(state)
        other["hands"][seat] = fs_cards.sorted_cards(new_hand)
        other["deck"] = pool[len(free):]
        counts.append(len(engine.legal_moves(other, seat)))
    return counts


def cavemen_counts(engine: Engine, state: Any, seat: int, _: Any, rnd: random.Random) -> list[int]:
    """CV-18: hand, stockpile and the cards of face-down cavemen (not seen by all, not acted this
    turn) dealt anew among themselves, every face-down caveman still a caveman."""
    acted = set(state["tm"]["acts"])
    down = [
        i
        for i, p in enumerate(state["field"])
        if p is not None and p["owner"] == seat and not p["up"] and p["known"] != 2 and str(p["id"]) not in acted
    ]
    hand, stock = state["hands"][seat], state["stock"][seat]
    pool = list(hand) + list(stock) + [state["field"][i]["card"] for i in down]
    counts = []
    for _ in range(ALTERNATIVES):
        rnd.shuffle(pool)
        rest = list(pool)
        other = copy(state)
        for i in down:
            card = next(c for c in rest if cv_cards.is_caveman(c))
            rest.remove(card)
            other["field"][i] = {**other["field"][i], "card": card}
        other["hands"][seat], other["stock"][seat] = rest[: len(hand)], rest[len(hand):]
        counts.append(len(engine.legal_moves(other, seat)))
    return counts


def siedler_counts(engine: Engine, state: Any, seat: int, _: Any, rnd: random.Random) -> list[int]:
    """SI-50: the seat's hand and every pile nobody searches dealt anew from their cards, sizes kept."""
    searching = state["searching"]
    hidden = [i for i in range(len(state["piles"])) if searching is None or i != searching["pile"]]
    counts = []
    for _ in range(ALTERNATIVES):
        other = copy(state)
        pool = list(other["hands"][seat]) + [c for i in hidden for c in other["piles"][i]]
        rnd.shuffle(pool)
        n = len(other["hands"][seat])
        other["hands"][seat], pool = pool[:n], pool[n:]
        for i in hidden:
            k = len(other["piles"][i])
            other["piles"][i], pool = pool[:k], pool[k:]
        counts.append(len(engine.legal_moves(other, seat)))
    return counts


COUNTS = {
    "magier": magier_counts,
    "feuersalamander": feuersalamander_counts,
    "cavemen": cavemen_counts,
    "siedler": siedler_counts,
}


def kind_of(engine_id: str, state: Any) -> str:
    """The decision's name, for the counts: the pending kind (magier: its phase)."""
    if engine_id == "magier":
        return str(state["phase"])
    return str(state["pending"]["kind"])


def tally(engine_id: str, seats: int, options: dict[str, Any]) -> Counter[tuple[str, str]]:
    """Plays the games, checks soundness at every decision, and counts per decision kind:
    ("public-one", kind) where forced_public is True and one move is legal (what `forced`
    answers), ("public", kind) True with another number, ("checked", kind) those of them with
    other deals to compare; ("hidden", kind) False, and of those ("hidden-one", kind) with one
    move (what `forced` must not answer) and ("told", kind) where another deal changes the
    number (so the deals are not idle: they change what a hidden decision offers)."""
    engine = engines.get(engine_id)
    rnd = random.Random(f"forced public {engine_id} {seats} {sorted(options.items())}")
    counts: Counter[tuple[str, str]] = Counter()
    for state, seat, store in games(engine, seats, options, rnd):
        view = engine.view(state, seat)
        n = len(engine.legal_moves(state, seat))
        kind = kind_of(engine_id, state)
        others = COUNTS[engine_id](engine, state, seat, store, rnd)
        if not engine.forced_public(view):
            counts["hidden", kind] += 1
            counts["hidden-one", kind] += n == 1  # what `forced` once answered, telling the hand
            counts["told", kind] += any(m != n for m in others)  # the other deals do matter here
            continue
        counts["public-one" if n == 1 else "public", kind] += 1
        counts["checked", kind] += bool(others)
        assert all(m == n for m in others), (
            f"{engine_id} {seats} {options}: forced_public is True at a {kind} decision of seat {seat}, "
            f"but {n} legal moves become {others} when only what the seat alone knows is dealt otherwise; "
            f"pending {state.get('pending')!r}"
        )
    return counts


def total(counts: Counter[tuple[str, str]], what: str, kind: str | None = None) -> int:
    return sum(v for (w, k), v in counts.items() if w == what and kind in (None, k))


MAGIER = [c for c in CONFIGS if c[0] == "magier"]


@pytest.mark.parametrize(("engine_id", "seats", "options"), MAGIER, ids=lambda v: str(v))
def test_magier_MH15_a_concealed_placement_is_hidden_and_a_movement_turn_public(
    engine_id: str, seats: int, options: dict[str, Any]
) -> None:
    """MH-6, MH-15: a placement's options count the values the seat still holds, concealed
    unless placed open; a step's options are listed from pieces everyone sees (MH-11 compares
    positions without values), so every movement turn is public."""
    counts = tally(engine_id, seats, options)
    assert total(counts, "hidden", "movement") == 0 and total(counts, "public", "movement") > 0
    if options["open_placement"]:  # every value public: nothing else to deal
        assert total(counts, "hidden") == 0 and total(counts, "public", "placement") > 0
    else:
        assert total(counts, "checked", "movement") > 0
        assert total(counts, "public", "placement") + total(counts, "public-one", "placement") == 0
        assert total(counts, "told", "placement") > 0


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_feuersalamander_FS23_a_key_throw_is_forced_and_FS13_a_stone_is_hidden(seats: int) -> None:
    """FS-23: a prisoner's key throw is one move everyone knows (`forced` answers it), and so is
    FS-5's throw where no claim may be laid; FS-13's stone and FS-10/FS-11's discards read the
    hand (hidden, a discard also where one card is the only choice), and so does a throw at
    which a claim (FS-18, FS-19) may be laid."""
    counts = tally("feuersalamander", seats, {"target": 30} if seats == 4 else {})
    assert total(counts, "public-one", "keys") > 0 and total(counts, "hidden", "keys") == 0
    assert total(counts, "checked", "keys") > 0
    assert total(counts, "public-one", "throw") > 0 and total(counts, "hidden", "throw") > 0
    assert total(counts, "public", "move") > 0
    assert total(counts, "hidden", "stone") > 0 and total(counts, "public", "stone") == 0
    assert total(counts, "public", "discard") + total(counts, "public-one", "discard") == 0
    assert total(counts, "hidden-one", "discard") > 0
    assert total(counts, "told", "stone") > 0 and total(counts, "told", "discard") > 0


@pytest.mark.parametrize("open_", [False, True], ids=["closed", "open"])
def test_cavemen_CV18_an_end_that_depends_on_the_hand_or_a_face_down_caveman_is_hidden(open_: bool) -> None:
    """CV-12, CV-13: placing and discarding read the hand; CV-6, CV-10: a face-down Plucky's,
    Gutsy's or Zippy's moves differ from another's (CV-18: only its owner knows which it is), so
    an `end` that is the only move there is hidden. A move phase that reads no face-down caveman
    of the seat's own is public, and `forced` answers it where `end` is all that is left."""
    counts = tally("cavemen", 2, {"open": open_})
    for kind in ("place", "discard", "redraw"):
        assert total(counts, "public", kind) + total(counts, "public-one", kind) == 0, kind
        assert total(counts, "hidden", kind) > 0, kind
    assert total(counts, "hidden-one", "move") > 0 and total(counts, "hidden-one", "place") > 0
    assert total(counts, "public-one", "move") > 0 and total(counts, "checked", "move") > 0
    assert total(counts, "told", "move") > 0 and total(counts, "told", "place") > 0


@pytest.mark.parametrize("variant", ["tournament-new-players", "basic"])
def test_siedler_SI24_a_counter_question_and_a_roll_are_hidden(variant: str) -> None:
    """SI-24: the counter question's options are one or two as the defender's hand holds a
    counter card; a roll has an Alchemist's play beside it: both hidden, also with one option.
    A trade answer (SI-22: the regions' stores are public) is public and often forced."""
    counts = tally("siedler", 2, {"variant": variant})
    assert total(counts, "hidden", "counter") > 0
    assert total(counts, "public", "counter") + total(counts, "public-one", "counter") == 0
    assert total(counts, "public", "roll") + total(counts, "public-one", "roll") == 0
    assert total(counts, "hidden-one", "roll") > 0 and total(counts, "told", "roll") > 0
    assert total(counts, "public-one", "answer") > 0 and total(counts, "checked", "answer") > 0


def test_every_engine_is_checked() -> None:
    shipped = {e for e in engines.ids() if engines.get(e).__module__.startswith("engines.")}
    assert shipped == {c[0] for c in CONFIGS} == set(COUNTS)
