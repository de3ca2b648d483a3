"""DESIGN: legal moves are a function of what the seat knows, and apply accepts exactly them.

The client lists, shows and signs its moves from its own verified view (`moves_from_view`)
and treats the server's list as a claim to compare; the audit refuses a logged move that is
not exactly a listed one. Every decision is a move of the seat that makes it, the opponent's
too (duel counters, trade answers, resource choices, off-turn discards, a Raid's choice), so
its list must come from the deciding seat's view. Over random games of both variants
(hypothesis; every state on the way is checked), from the setup or from arranged positions
that random play seldom reaches (a Scout's choice, the action cards with their duels, a
Crane's and a Palace's choices, a Raid):

- `moves_from_view(view(state, p))` is `legal_moves(state, p)`, in order, for both seats and
  the spectator (whose list is empty), also after the view's JSON trip; the decisions run on
  known.state_of(view), whose concealed parts refuse to be read (known.ConcealedRead), so
  the lists read nothing the seat cannot see;
- changing what p cannot know (SI-50: the opponent's hand, the cards and order of every pile
  but the one p searches, the region pile, the event deck, the steps queued after a decision,
  the cards a Conflict will put under piles) keeps p's view and p's legal moves;
- apply accepts exactly the listed moves: mutants of listed moves (case, spaces, an extra or a
  missing key, 1.0, true or "1" for 1, lists in another order, "omit": null) and crossings of
  two listed moves of a kind are refused with IllegalMove unless they are listed themselves;
  `parse(format(m), view) == m`, and what parse reads from a listed move's text typed in
  capitals or with spaces is listed or refused.

"Listed" is decided on Python's JSON text (json.dumps), which keeps 1.0 and true apart from 1;
canonical JSON (RFC 8785) writes 1.0 as 1, so it alone would call the 1.0 mutant listed.

Sizes follow test_properties.py (a run of the file takes some seconds);
PBEM_SIEDLER_EXAMPLES=<n> asks for deeper runs (default 10 games a test).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.playouts import pick
from engines.core import IllegalMove, Rng
from engines.siedler import known
from engines.siedler.rules import Siedler
from protocol.canonical import canonical
from tests.engines.exact import strict
from tests.engines.siedler.table import (
    cityfy,
    dice_key,
    give_hand,
    opening,
    play,
    put,
    set_stock,
    to_action,
)

E = Siedler()
BOTS = E.bots()
EXAMPLES = int(os.environ.get("PBEM_SIEDLER_EXAMPLES", "10"))
SETTINGS = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}
VARIANTS = ["tournament-new-players", "basic"]
CHOOSERS = ["random", "builder", "kind", "uniform"]


# ---------------------------------------------------------------- arranged positions


def _scout(variant: str) -> dict[str, Any]:
    """A Scout's choice of two regions from the region pile (seen by its player alone)."""
    s = to_action(opening(variant))
    me = s["turn"]
    give_hand(s, me, "scout")
    set_stock(s, me, lumber=2, brick=3, grain=1, wool=1)
    s, _ = play(s, me, {"type": "build", "what": "road", "end": "left"})
    s, _ = play(s, me, {"type": "play", "card": "scout", "end": "left"})
    assert s["pending"]["kind"] == "scout"
    return s


def _actions(variant: str) -> dict[str, Any]:
    """The action phase past the threshold (a city each, SI-23/SI-41) with the action cards in
    hand, targets for the duels, counters in the opponent's hand, resources for the Caravan
    and Merchant; in the tournament game a Crane (omit) and a Palace (reclaim) too."""
    s = to_action(opening(variant))
    me = s["turn"]
    cityfy(s, 0, 0)
    cityfy(s, 1, 0)
    give_hand(s, me, "merchant", "caravan", "spy", "arsonist", "black-knight", "brigands")
    give_hand(s, 1 - me, "bishop", "herb-woman")
    put(s, 1 - me, "knight-otto", 2, "above")
    put(s, 1 - me, "abbey", 0, "above")
    set_stock(s, me, ore=3, wool=2, grain=2, brick=2, lumber=2)
    set_stock(s, 1 - me, ore=2, wool=1, gold=1)
    if variant != "basic":
        put(s, me, "crane", 0, "below")
        put(s, me, "palace", 0, "above")
        s["discard"].append("garrison")
        for pile in s["piles"]:
            if "garrison" in pile:
                pile.remove("garrison")
                break
    return s


def _raid(variant: str) -> dict[str, Any]:
    """A Raid (ST-15, the tournament game's): one knight holder names the opponent's buildings,
    the opponent takes one back."""
    s = opening("tournament-new-players")
    me = s["turn"]
    s["event_deck"].remove("raid")
    s["event_deck"].insert(0, "raid")
    put(s, me, "abbey", 0, "above")
    put(s, me, "garrison", 0, "below")
    put(s, me, "smithy", 2, "below")
    put(s, 1 - me, "knight-otto", 2, "above")
    s, _ = play(s, me, {"type": "roll"}, dice_key(None, "event"))
    assert s["pending"]["kind"] == "raid_name"
    return s


def _setup(variant: str) -> dict[str, Any]:
    return E.setup(2, {"variant": variant}, Rng(b"view moves setup " + variant.encode()))[0]


STARTS: dict[str, Callable[[str], dict[str, Any]]] = {
    "setup": _setup,
    "scout": _scout,
    "actions": _actions,
    "raid": _raid,
}
_BUILT: dict[tuple[str, str], dict[str, Any]] = {}


def start(name: str, variant: str) -> dict[str, Any]:
    """An arranged position, built once (states are values: nobody changes one)."""
    if (name, variant) not in _BUILT:
        _BUILT[name, variant] = STARTS[name](variant)
    return _BUILT[name, variant]


games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32 - 1),
        "variant": st.sampled_from(VARIANTS),
        "start": st.sampled_from(sorted(STARTS)),
        "chooser": st.sampled_from(CHOOSERS),
        "depth": st.integers(0, 250),
    }
)


def choose(chooser: str, state: dict[str, Any], seat: int, legal: list[dict[str, Any]], rnd: random.Random) -> dict[str, Any]:
    if chooser == "uniform":
        return rnd.choice(legal)
    if chooser == "kind":
        return pick(legal, rnd)  # a kind of move, then a move: the rarer kinds come up
    return BOTS[chooser](E.view(state, seat), legal, rnd)


def walk(game: dict[str, Any]) -> Iterator[tuple[dict[str, Any], random.Random]]:
    """Every state of a random game from its start up to `depth` decisions, the last too."""
    state = start(game["start"], game["variant"])
    rnd = random.Random(game["seed"])
    for i in range(game["depth"] + 1):
        yield state, rnd
        seat = E.to_move(state)
        if seat is None or i == game["depth"]:
            return
        legal = E.legal_moves(state, seat)
        move = choose(game["chooser"], state, seat, legal, rnd)
        state, _ = E.apply(state, seat, move, Rng(b"view moves %d %d" % (game["seed"], i)))


# ---------------------------------------------------------------- the lists from the views


@settings(max_examples=EXAMPLES, **SETTINGS)
@given(games)
def test_moves_from_a_seat_s_view_are_its_legal_moves(game: dict[str, Any]) -> None:
    """For both seats (the one that decides and the other) and the spectator, at every state:
    the list from the view, and from the view after a JSON trip (as the client gets it), is
    the legal moves' list, in order; only the deciding seat has moves."""
    for state, _rnd in walk(game):
        decider = E.to_move(state)
        for seat in (0, 1, None):
            view = E.view(state, seat)
            want = E.legal_moves(state, seat) if seat is not None else []
            assert bool(want) == (seat is not None and seat == decider), (seat, state["pending"])
            got = E.moves_from_view(view)
            assert strict(got) == strict(want), (seat, state["pending"])
            assert [canonical(m) for m in got] == [canonical(m) for m in want]
            assert strict(E.moves_from_view(json.loads(json.dumps(view)))) == strict(want)


def test_the_decisions_read_no_concealed_part_of_what_a_seat_knows() -> None:
    """known.state_of(view) tells a concealed pile's or hand's size and nothing else: reading
    its cards, or a state part no view carries, raises instead of listing from a guess."""
    state = start("actions", "tournament-new-players")
    me = state["turn"]
    knows = known.state_of(E.view(state, me))
    assert len(knows["hands"][1 - me]) == len(state["hands"][1 - me]) and knows["hands"][me] == sorted(state["hands"][me])
    assert [len(p) for p in knows["piles"]] == [len(p) for p in state["piles"]]
    assert bool(knows["region_pile"]) and len(knows["event_deck"]) == len(state["event_deck"])
    reads: list[Callable[[], Any]] = [
        lambda: knows["hands"][1 - me][0],
        lambda: "spy" in knows["hands"][1 - me],
        lambda: list(knows["piles"][0]),
        lambda: knows["region_pile"][0],
        lambda: sorted(knows["event_deck"]),
        lambda: knows["queue"],
        lambda: knows["searching"],
    ]
    for read in reads:
        with pytest.raises(known.ConcealedRead):
            read()


def test_a_searcher_s_list_comes_from_the_pile_his_view_shows() -> None:
    """SI-12/SI-14: the pile a seat searches is in its view alone, and its picks are listed from
    it; the opponent's view shows neither the pile nor a move."""
    state = start("setup", "basic")
    while state["pending"]["kind"] != "pick":
        seat = E.to_move(state)
        state, _ = E.apply(state, seat, E.legal_moves(state, seat)[0], Rng(b"search"))
    seat = state["pending"]["seat"]
    view = E.view(state, seat)
    assert view["searching"]["cards"] == state["piles"][state["pending"]["pile"]]
    assert strict(E.moves_from_view(view)) == strict(E.legal_moves(state, seat))
    assert E.view(state, 1 - seat)["searching"] is None and E.moves_from_view(E.view(state, 1 - seat)) == []


# ---------------------------------------------------------------- non-interference


def scramble(state: dict[str, Any], seat: int, rnd: random.Random) -> dict[str, Any]:
    """The state with everything `seat` cannot know changed (SI-50): the opponent's hand and the
    piles dealt anew from their cards (sizes kept; the pile the seat searches stays), the region
    pile and the event deck shuffled, the steps after a decision and the cards a Conflict will
    put under piles changed, and the opponent's pending secret too."""
    s = json.loads(json.dumps(state))
    opp = 1 - seat
    searching = s["searching"]
    seen = searching["pile"] if searching is not None and searching["seat"] == seat else None
    hidden = [i for i in range(len(s["piles"])) if i != seen]
    pool = list(s["hands"][opp]) + [c for i in hidden for c in s["piles"][i]]
    rnd.shuffle(pool)
    n = len(s["hands"][opp])
    s["hands"][opp], pool = pool[:n], pool[n:]
    for i in hidden:
        k = len(s["piles"][i])
        s["piles"][i], pool = pool[:k], pool[k:]
    rnd.shuffle(s["region_pile"])
    s["region_pile"].reverse()
    rnd.shuffle(s["event_deck"])
    s["event_deck"].reverse()
    pend = s["pending"]
    if pend is not None:
        if "then" in pend:
            pend["then"] = [{"step": "end_turn"}]
        if pend["seat"] != seat and "secret" in pend:
            pend["secret"] = ["changed"] if isinstance(pend["secret"], list) else "changed"
    for step in s["queue"]:
        if step["step"] == "conflict":
            step["card"] = "spy" if step["card"] != "spy" else "scout"
    return s


@settings(max_examples=EXAMPLES, **SETTINGS)
@given(games)
def test_what_a_seat_cannot_know_changes_neither_its_view_nor_its_moves(game: dict[str, Any]) -> None:
    """Both seats at every state, the deciding one and the waiting one (whose list stays [])."""
    for state, rnd in walk(game):
        for seat in (0, 1):
            changed = scramble(state, seat, rnd)
            assert E.view(changed, seat) == E.view(state, seat), "the scramble changed what the seat sees"
            assert strict(E.legal_moves(changed, seat)) == strict(E.legal_moves(state, seat)), (seat, state["pending"])


# ---------------------------------------------------------------- exactness


def _spellings(v: str) -> list[str]:
    return [v.upper(), v.title(), f" {v}", f"{v} ", v.replace("-", "_"), v.replace("-", " ")]


def _values(v: Any) -> list[Any]:
    """Other writings of one field's value (some may mean the same to a kind reader)."""
    out: list[Any] = []
    if type(v) is str:
        out += _spellings(v)
    elif type(v) is int:
        out += [float(v), str(v), [v], v + 1, v - 1] + ([bool(v)] if v in (0, 1) else [])
    elif v is None:
        out += ["none", "", 0, []]
    elif type(v) is list:
        out += [v[::-1], [*v, *v[:1]], v[1:]]
        for i, x in enumerate(v):
            for y in _values(x):
                out.append([*v[:i], y, *v[i + 1 :]])
    elif type(v) is dict:
        out += [{**v, "extra": 1}]
        for k, x in v.items():
            out += [{**v, k: x + 1} if type(x) is int else None, {kk: xx for kk, xx in v.items() if kk != k} or None]
            out += [{**{kk: xx for kk, xx in v.items() if kk != k}, k.upper(): x}]
            if type(x) is int:
                out += [{**v, k: float(x)}, {**v, k: True}]
    return [x for x in out if x is not None]


def mutants(m: dict[str, Any]) -> Iterator[Any]:
    """Listed move m written otherwise: case, spaces, spellings, keys added, missing or renamed,
    values of another type or order, "omit": null."""
    for t in _spellings(m["type"]):
        yield {**m, "type": t}
    yield {**m, "extra": 1}
    yield {**m, "Type": m["type"]}
    if m["type"] in ("build", "expand") and "omit" not in m:
        yield {**m, "omit": None}
    for k, v in m.items():
        if k == "type":
            continue
        yield {kk: vv for kk, vv in m.items() if kk != k}
        yield {**{kk: vv for kk, vv in m.items() if kk != k}, k.upper(): v}
        for w in _values(v):
            yield {**m, k: w}


def crossings(legal: list[dict[str, Any]], rnd: random.Random, n: int) -> Iterator[dict[str, Any]]:
    """A field of one listed move put into another of its kind: moves the rules may know, made
    of listed parts (a resource from one trade, a rate from another, a pile from a third)."""
    by_type: dict[str, list[dict[str, Any]]] = {}
    for m in legal:
        by_type.setdefault(m["type"], []).append(m)
    kinds = [ms for ms in by_type.values() if len(ms) > 1]
    for _ in range(n if kinds else 0):
        a, b = rnd.sample(rnd.choice(kinds), 2)
        keys = sorted((set(a) | set(b)) - {"type"})
        if keys:
            k = rnd.choice(keys)
            yield {kk: vv for kk, vv in a.items() if kk != k} | ({k: b[k]} if k in b else {})


def refused(state: dict[str, Any], seat: int, move: Any) -> str:
    """The message apply refuses `move` with; a move accepted is a failure."""
    try:
        E.apply(state, seat, move, Rng(b"exact"))
    except IllegalMove as exc:
        assert exc.message
        return exc.message
    raise AssertionError(f"apply took the unlisted {move!r} at {state['pending']}")


@settings(max_examples=EXAMPLES, **SETTINGS)
@given(games)
def test_apply_takes_exactly_the_listed_moves_and_parse_gives_them_back(game: dict[str, Any]) -> None:
    """At every state: mutants of a few listed moves and crossings of listed moves are refused
    unless listed; every listed move's text parses back to it, and the text typed in capitals
    or with spaces parses to a listed move or to one apply refuses."""
    for state, rnd in walk(game):
        seat = E.to_move(state)
        if seat is None:
            continue
        legal = E.legal_moves(state, seat)
        listed = {strict(m) for m in legal}
        view = E.view(state, seat)
        for m in rnd.sample(legal, min(3, len(legal))):
            for bad in mutants(m):
                if strict(bad) not in listed:
                    refused(state, seat, bad)
        for bad in crossings(legal, rnd, 10):
            if strict(bad) not in listed:
                refused(state, seat, bad)
        for m in legal:
            assert strict(E.parse(E.format(m), view)) == strict(m), m
        for m in rnd.sample(legal, min(5, len(legal))):
            for text in (E.format(m).upper(), f"  {E.format(m)} "):
                try:
                    read = E.parse(text, view)
                except IllegalMove:
                    continue
                if strict(read) not in listed:
                    refused(state, seat, read)


# ---------------------------------------------------------------- the refusals apply now makes


def _action() -> tuple[dict[str, Any], int]:
    s = start("actions", "tournament-new-players")
    return s, s["turn"]


def test_si22_an_offer_swaps_one_resource_for_one_other() -> None:
    """SI-22: one swap at a time, one for one: the listed offers. A longer offer could not be
    listed (every bundle against every bundle), so apply refuses it and says what it takes."""
    s, me = _action()
    assert {"type": "offer", "give": {"ore": 1}, "get": {"gold": 1}} in E.legal_moves(s, me)
    E.apply(s, me, {"type": "offer", "give": {"ore": 1}, "get": {"gold": 1}}, Rng(b"o"))
    for bad in (
        {"type": "offer", "give": {"ore": 2}, "get": {"gold": 1}},
        {"type": "offer", "give": {"ore": 1, "wool": 1}, "get": {"gold": 1}},
        {"type": "offer", "give": {"ore": 1}, "get": {"gold": 1, "grain": 1}},
    ):
        with pytest.raises(IllegalMove, match="one resource for one other"):
            E.apply(s, me, bad, Rng(b"o"))


def test_si23_a_caravan_swapping_for_the_same_resources_is_no_play() -> None:
    """SI-23: an action card is played only when its effect can happen; a Caravan giving what it
    gets changes nothing, so it is not listed and apply refuses it (the other order of the
    same resources too: the list writes them in the order lumber, wool, ... gold)."""
    s, me = _action()
    legal = E.legal_moves(s, me)
    caravan = [m for m in legal if m.get("card") == "caravan"]
    assert caravan and all(m["give"] != m["get"] for m in caravan)
    with pytest.raises(IllegalMove, match="not for the same ones"):
        E.apply(s, me, {"type": "play", "card": "caravan", "give": ["ore"], "get": ["ore"]}, Rng(b"c"))
    assert {"type": "play", "card": "caravan", "give": ["wool", "ore"], "get": ["grain", "gold"]} in legal
    with pytest.raises(IllegalMove, match="in the order lumber, wool"):
        E.apply(s, me, {"type": "play", "card": "caravan", "give": ["ore", "wool"], "get": ["grain", "gold"]}, Rng(b"c"))


def test_a_site_names_its_level_and_no_omission_is_written_as_null() -> None:
    """A listed site always names its level, and a move without a Crane's omission has no
    "omit" key: the kind readings (no level: 0; "omit": null: none) are refused."""
    s, me = _action()
    legal = E.legal_moves(s, me)
    remove = next(m for m in legal if m["type"] == "remove")
    with pytest.raises(IllegalMove, match="names the site's level"):
        E.apply(s, me, {k: v for k, v in remove.items() if k != "level"}, Rng(b"l"))
    city = next(m for m in legal if m["type"] == "build" and m["what"] == "city" and "omit" not in m)
    assert any(m.get("omit") for m in legal if m["type"] == "build")  # the Crane's
    with pytest.raises(IllegalMove, match="without 'omit'"):
        E.apply(s, me, {**city, "omit": None}, Rng(b"l"))


def test_st15_a_raid_names_the_buildings_in_the_order_they_stand() -> None:
    """ST-15: the listed namings keep the order of the sites; the same sites named the other
    way round are refused (parse writes them in order, whatever order they are typed in)."""
    s = start("raid", "tournament-new-players")
    raider = s["pending"]["seat"]
    first = E.legal_moves(s, raider)[0]
    assert len(first["sites"]) == 3
    with pytest.raises(IllegalMove, match="in the order they stand"):
        E.apply(s, raider, {**first, "sites": first["sites"][::-1]}, Rng(b"r"))
    text = "name " + ", ".join(f"{t['at']} {t['side']}" for t in first["sites"][::-1])
    assert E.parse(text, E.view(s, raider)) == first


def test_resources_in_a_search_s_price_are_written_in_the_listed_order() -> None:
    """SI-12: a search's price lists its resources in the order lumber, wool, grain, brick,
    ore, gold; parse writes them so, whatever order they are typed in."""
    s = to_action(opening())
    me = s["turn"]
    s["piles"][0].append(s["hands"][me].pop())  # below the limit: the hand step draws or searches
    set_stock(s, me, ore=2, wool=2)
    s, _ = play(s, me, {"type": "end"})
    search = next(m for m in E.legal_moves(s, me) if m["type"] == "search" and m["pay"] == ["wool", "ore"])
    with pytest.raises(IllegalMove, match="in the order lumber, wool"):
        E.apply(s, me, {**search, "pay": ["ore", "wool"]}, Rng(b"h"))
    text = f"search pile {search['pile'] + 1} pay ore wool"
    assert E.parse(text, E.view(s, me)) == search
