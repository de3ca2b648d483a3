"""Siedler's answers given in advance (engines/siedler/standing.py): each kind answers its own
decision and nothing else, from the seat's view alone, with one of the seat's legal moves.

- SI-22 trade answers: decline-trades, accept-trade GIVE for GET (the first rule that
  prescribes wins: an accept-trade before decline-trades takes its own offer, the rest is
  declined);
- SI-24 the duel's counter question: never-counter, the Bishop or Herb Woman in hand or not;
- SI-16/SI-17 the Year of plenty: plenty-least-held takes what the regions store least of,
  skipping a resource with no room (its gain would be lost);
- the Master Builder event: never-swap passes.

Scenario games are played by the engine's bots (the builder, and a chooser that picks a kind
of move first so offers, duels and events come up), arranged positions by
tests/engines/siedler/table.py; the view-only check reuses the scramble of
tests/engines/siedler/test_view_moves.py (what a seat cannot know changes nothing it is told).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.playouts import pick
from engines.answers import BadRule
from engines.core import Rng
from engines.siedler import cards
from engines.siedler import principality as pr
from engines.siedler import standing as sd
from protocol import steps
from protocol.commitments import view_salt
from protocol.outcome import check_view
from protocol.standing import ANSWERED, first_prescribed, prescribed, standing
from tests.engines.exact import strict
from tests.engines.siedler.table import (
    E,
    cityfy,
    dice_key,
    give_hand,
    opening,
    play,
    put,
    set_stock,
    to_action,
)
from tests.engines.siedler.test_view_moves import EXAMPLES, SETTINGS, games, scramble, walk

DECLINE = {"kind": "decline-trades"}
NO_COUNTER = {"kind": "never-counter"}
PLENTY = {"kind": "plenty-least-held"}
NO_SWAP = {"kind": "never-swap"}
ALWAYS_ROLL = {"kind": "always-roll"}
VARIANTS = ["tournament-new-players", "basic"]


def accept(give: dict[str, int], get: dict[str, int]) -> dict[str, Any]:
    return {"kind": "accept-trade", "give": give, "get": get}


# every accept-trade an offer can match today (one for one)
ACCEPTS = [accept({g: 1}, {w: 1}) for g in cards.RESOURCES for w in cards.RESOURCES if g != w]
BARE = [DECLINE, NO_COUNTER, PLENTY, NO_SWAP, ALWAYS_ROLL]


def decision_of(rule: dict[str, Any]) -> str:
    """The one decision (pending kind, and the choice's reason) a rule may answer."""
    return {
        "decline-trades": "answer",
        "accept-trade": "answer",
        "never-counter": "counter",
        "plenty-least-held": "choose plenty",
        "never-swap": "master_builder",
        "always-roll": "roll",
    }[rule["kind"]]


def decision(state: dict[str, Any]) -> str | None:
    pending = state["pending"]
    if pending is None:
        return None
    return "choose " + pending["why"] if pending["kind"] == "choose" else pending["kind"]


def game(variant: str, seed: int, plies: int = 3000) -> Iterator[dict[str, Any]]:
    """The states of one seeded game played by the builder bot and a kind-first chooser (the
    builder alone never offers a trade)."""
    bots = E.bots()
    state, _ = E.setup(2, {"variant": variant}, Rng(b"standing %d" % seed))
    rnd = random.Random(seed)
    for i in range(plies):
        yield state
        seat = E.to_move(state)
        if seat is None:
            return
        legal = E.legal_moves(state, seat)
        move = pick(legal, rnd) if rnd.random() < 0.5 else bots["builder"](E.view(state, seat), legal, rnd)
        state, _ = E.apply(state, seat, move, Rng(b"standing %d %d" % (seed, i)))


def at(wanted: str, count: int) -> list[dict[str, Any]]:
    """`count` positions of seeded bot games, both variants, where `wanted` is decided."""
    out: list[dict[str, Any]] = []
    for seed in range(40):
        for state in game(VARIANTS[seed % 2], seed):
            if decision(state) == wanted:
                out.append(state)
                if len(out) == count:
                    return out
    raise AssertionError(f"only {len(out)} {wanted} decisions in the seeded games")


# ---------------------------------------------------------------- each kind at its decision


def test_decline_trades_declines_every_offer_si_22() -> None:
    """SI-22: the offer is the opponent's pending decision; decline-trades declines it, whatever
    it asks, and says nothing to the offering seat."""
    for state in at("answer", 12):
        seat = state["pending"]["seat"]
        assert E.standing_move(E.view(state, seat), DECLINE) == {"type": "decline"}
        assert E.standing_move(E.view(state, 1 - seat), DECLINE) is None
        after, events = play(state, seat, {"type": "decline"})
        assert [e.kind for e in events][:1] == ["declined"] and after["pending"]["kind"] == "action"


def test_accept_trade_takes_exactly_its_offer_when_it_can_pay_si_22() -> None:
    """SI-22: accept-trade GIVE for GET accepts an offer in which the seat gives exactly GIVE and
    gets exactly GET (the offer names them from the offering side: what it gets, the seat
    gives), only when the seat can pay; every other offer is left to the next rule."""
    paid = unpaid = 0
    for state in at("answer", 20):
        pend, seat = state["pending"], state["pending"]["seat"]
        view = E.view(state, seat)
        mine = accept(pend["get"], pend["give"])
        can_pay = pr.can_pay(state["principalities"][seat], pend["get"])
        assert E.standing_move(view, mine) == ({"type": "accept"} if can_pay else None)
        assert E.standing_move(view, accept(pend["give"], pend["get"])) is None  # the other way round
        others = [r for r in ACCEPTS if r != mine]
        assert all(E.standing_move(view, r) is None for r in others)
        # the first rule that prescribes wins
        assert first_prescribed(E, view, [*others, mine, DECLINE]) == ((len(others), {"type": "accept"}) if can_pay else (len(others) + 1, {"type": "decline"}))
        assert first_prescribed(E, view, [DECLINE, mine]) == (0, {"type": "decline"})
        assert first_prescribed(E, view, others) is None
        if can_pay:
            paid += 1
            before = [pr.resources(p) for p in state["principalities"]]
            after, events = play(state, seat, {"type": "accept"})
            assert "accepted" in [e.kind for e in events]
            now = [pr.resources(p) for p in after["principalities"]]
            for r, n in pend["get"].items():
                assert now[seat][r] == before[seat][r] - n
        else:
            unpaid += 1
    assert paid > 0


def test_accept_trade_leaves_an_offer_it_cannot_pay_to_the_next_rule_si_22() -> None:
    """SI-22 arranged: an offer of 1 wool for the seat's 1 lumber while its forests are empty."""
    state = to_action(opening())
    me = state["turn"]
    set_stock(state, me, wool=1)
    set_stock(state, 1 - me, lumber=0)
    state, _ = play(state, me, {"type": "offer", "give": {"wool": 1}, "get": {"lumber": 1}})
    view = E.view(state, 1 - me)
    rule = accept({"lumber": 1}, {"wool": 1})
    assert E.moves_from_view(view) == [{"type": "decline"}]
    assert E.standing_move(view, rule) is None
    assert first_prescribed(E, view, [rule, DECLINE]) == (1, {"type": "decline"})
    set_stock(state, 1 - me, lumber=1)
    assert E.standing_move(E.view(state, 1 - me), rule) == {"type": "accept"}


def test_never_counter_answers_the_counter_question_no_si_24() -> None:
    """SI-24: the defender is asked whether he counters, even holding no counter card; the rule
    answers no in both cases, and the duel is rolled uncountered."""
    for state in at("counter", 4):
        seat = state["pending"]["seat"]
        assert E.standing_move(E.view(state, seat), NO_COUNTER) == {"type": "nocounter"}
        assert E.standing_move(E.view(state, 1 - seat), NO_COUNTER) is None
        _, events = play(state, seat, {"type": "nocounter"})
        duel = next(e for e in events if e.kind == "duel")
        assert duel.data["countered"] is False
    # arranged: the defender holds the Bishop against an Arsonist (the counter is listed)
    state = to_action(opening())
    me = state["turn"]
    cityfy(state, 0, 0)
    cityfy(state, 1, 0)  # 3 VP each: action cards may be played (SI-41)
    put(state, 1 - me, "abbey", 0, "above")  # a building for the Arsonist
    give_hand(state, me, "arsonist")
    give_hand(state, 1 - me, "bishop")
    arson = next(m for m in E.legal_moves(state, me) if m["type"] == "play" and m.get("card") == "arsonist")
    state, _ = play(state, me, arson)
    assert state["pending"]["kind"] == "counter"
    view = E.view(state, 1 - me)
    assert {"type": "counter", "card": "bishop"} in E.moves_from_view(view)
    assert E.standing_move(view, NO_COUNTER) == {"type": "nocounter"}


def _least_held(state: dict[str, Any], seat: int) -> str:
    """SI-17 read from the full state: the least stored among the resources with room (all of
    them when none has room), ties in the order lumber, wool, grain, brick, ore, gold."""
    p = state["principalities"][seat]
    held = pr.resources(p)
    fits = [r for r in cards.RESOURCES if pr.room(p, r) > 0] or list(cards.RESOURCES)
    low = min(held[r] for r in fits)
    return next(r for r in fits if held[r] == low)


def test_plenty_least_held_takes_what_the_regions_store_least_of_si_16_si_17() -> None:
    """SI-16: a Year of plenty asks each player, the player on turn first, for a resource; the
    rule takes the one the seat's regions store least of, among those with room (SI-17: a gain
    without room is lost). Not the other resource choices (trade advantage, tournament,
    Brigands, Progress)."""
    for state in at("choose plenty", 12):
        seat = state["pending"]["seat"]
        got = E.standing_move(E.view(state, seat), PLENTY)
        assert got == {"type": "choose", "resource": _least_held(state, seat)}
        after, events = play(state, seat, got)
        assert any(e.kind == "takes" and e.data["resource"] == got["resource"] for e in events)
    for why in ("choose trade", "choose tournament"):
        for state in at(why, 2):
            assert E.standing_move(E.view(state, state["pending"]["seat"]), PLENTY) is None


def test_plenty_least_held_ties_and_full_regions_si_17() -> None:
    """SI-17 arranged: ties go to the first of lumber, wool, grain, brick, ore, gold; a least-held
    resource whose regions are full is passed over; with every region full, the first of the
    least held (the gain is lost whatever is chosen)."""
    state = _plenty_with_three_pastures()
    seat = state["pending"]["seat"]

    def chosen(**stock: int) -> str:
        set_stock(state, seat, **stock)
        move = E.standing_move(E.view(state, seat), PLENTY)
        assert move is not None and move["type"] == "choose"
        return str(move["resource"])

    assert chosen(lumber=2, wool=2, grain=2, brick=2, ore=2, gold=2) == "lumber"
    assert chosen(lumber=2, wool=1, grain=2, brick=0, ore=2, gold=2) == "brick"
    assert chosen(lumber=3, wool=3, grain=3, brick=3, ore=3, gold=3) == "wool"  # its 3 pastures have room
    assert chosen(lumber=3, wool=9, grain=3, brick=3, ore=3, gold=3) == "lumber"  # all full: the order
    assert chosen(lumber=1, wool=4, grain=3, brick=3, ore=3, gold=3) == "lumber"


def _plenty_with_three_pastures() -> dict[str, Any]:
    """The player on turn builds a settlement whose two new regions are pastures, then the
    opponent rolls a Year of plenty: the opponent chooses first, then the builder is asked."""
    state = to_action(opening())
    me = state["turn"]
    pile = state["region_pile"]
    for card in ("pasture-1", "pasture-5"):
        pile.remove(card)
        pile.insert(0, card)
    set_stock(state, me, lumber=3, brick=3, grain=1, wool=1)
    for what in ("road", "settlement"):
        build = next(m for m in E.legal_moves(state, me) if m["type"] == "build" and m["what"] == what)
        state, _ = play(state, me, build)
        while state["pending"]["kind"] != "action":  # the new regions' sides (and whatever else it asks)
            seat = state["pending"]["seat"]
            state, _ = play(state, seat, E.legal_moves(state, seat)[0])
    wool = [r for _, _, r in pr.regions(state["principalities"][me]) if cards.card(r["card"])["resource"] == "wool"]
    assert len(wool) == 3
    state, _ = play(state, me, {"type": "end"})
    while state["pending"]["kind"] != "roll":
        seat = state["pending"]["seat"]
        state, _ = play(state, seat, E.legal_moves(state, seat)[0])
    state, _ = play(state, 1 - me, {"type": "roll"}, dice_key(None, "plenty"))
    while decision(state) == "choose plenty" and state["pending"]["seat"] != me:
        seat = state["pending"]["seat"]
        state, _ = play(state, seat, E.legal_moves(state, seat)[0])
    assert decision(state) == "choose plenty" and state["pending"]["seat"] == me
    return state


def test_never_swap_passes_the_master_builder_for_either_seat() -> None:
    """The Master Builder event asks each player, the one on turn first, whether to swap a hand
    card for a card of a pile: never-swap passes."""
    seats = set()
    for state in at("master_builder", 6):
        seat = state["pending"]["seat"]
        seats.add(seat == state["turn"])
        assert E.standing_move(E.view(state, seat), NO_SWAP) == {"type": "pass"}
        assert E.standing_move(E.view(state, 1 - seat), NO_SWAP) is None
    assert seats == {True, False}


# ---------------------------------------------------------------- only its decision, from the view


@settings(max_examples=EXAMPLES, **SETTINGS)
@given(games)
def test_a_rule_prescribes_a_legal_move_at_its_own_decision_from_the_view_alone(game: dict[str, Any]) -> None:
    """SI-22, SI-24, SI-16/SI-17 and the Master Builder, over random games (from the setup and
    from arranged duels, Scouts and Raids): for both seats and every rule, what it prescribes
    is None or one of moves_from_view(view), only at the rule's own decision and only for the
    seat that decides; it is the same after the view's JSON trip and for a state changed in
    everything the seat cannot know (SI-50: hands, piles, decks, the steps queued)."""
    for state, rnd in walk(game):
        for seat in (0, 1):
            view = E.view(state, seat)
            moves = [strict(m) for m in E.moves_from_view(view)]
            tripped = json.loads(json.dumps(view))
            hidden = E.view(scramble(state, seat, rnd), seat)
            rules = [*BARE, accept({"wool": 1}, {"ore": 1}), accept({"wool": 2, "brick": 1}, {"ore": 1})]
            pend = state["pending"]
            if pend is not None and pend["kind"] == "answer":  # the offer made, seen from either side
                rules += [accept(pend["get"], pend["give"]), accept(pend["give"], pend["get"])]
            for rule in rules:
                got = E.standing_move(view, rule)
                assert strict(E.standing_move(tripped, rule)) == strict(got)
                assert strict(E.standing_move(hidden, rule)) == strict(got), (rule, state["pending"])
                if got is None:
                    continue
                assert strict(got) in moves and seat == E.to_move(state)
                assert decision(state) == decision_of(rule), (rule, state["pending"])


def test_seat_one_answering_in_advance_is_never_asked_those_questions() -> None:
    """SI-22, SI-24, SI-16: in seeded bot games where seat 1 stands on decline-trades,
    never-counter and plenty-least-held (played as the server plays them, `prescribed`), seat 1
    is asked no trade answer, no counter question and no Year of plenty choice; its other
    decisions are its own."""
    rules = [DECLINE, NO_COUNTER, PLENTY]
    asked: Counter[str] = Counter()
    played: Counter[str] = Counter()
    bots = E.bots()
    for seed in range(6):
        state, _ = E.setup(2, {"variant": VARIANTS[seed % 2]}, Rng(b"asked %d" % seed))
        rnd = random.Random(seed)
        for i in range(3000):
            seat = E.to_move(state)
            if seat is None:
                break
            found = prescribed(E, state, seat, rules) if seat == 1 else None
            if found is not None:
                assert decision(state) == decision_of(rules[found[0]])
                played[decision(state) or ""] += 1
                move = found[1]
            else:
                if seat == 1:
                    asked[decision(state) or ""] += 1
                legal = E.legal_moves(state, seat)
                move = pick(legal, rnd) if rnd.random() < 0.5 else bots["builder"](E.view(state, seat), legal, rnd)
            state, _ = E.apply(state, seat, move, Rng(b"asked %d %d" % (seed, i)))
    assert asked["answer"] + asked["counter"] + asked["choose plenty"] == 0
    assert played["answer"] > 0 and played["counter"] > 0 and played["choose plenty"] > 0, played
    assert asked["action"] > 0 and asked["master_builder"] > 0  # the rest is still asked


def test_a_siedler_standing_step_tells_its_seat_the_view_it_answered_from() -> None:
    """SI-22 through the protocol: the standing entry for a declined offer carries the decline
    and, privately to the seat, the view it was computed from with the salt of its commitment."""
    seed = bytes(range(32))
    start = steps.start(E, 2, E.check_options({}, 2), ["00" * 32, "11" * 32], seed, 3)
    state, before, seq = start.state, 3, 4
    committed = start.body["views"]
    rnd = random.Random(1)
    for _ in range(3000):
        seat = E.to_move(state)
        found = prescribed(E, state, seat, [DECLINE])
        if found is not None:
            step = standing(E, state, seat, (2, [DECLINE]), 0, seed, seq, before, seats=2)
            private = step.payloads[0]
            assert private.to == (seat,) and private.event["kind"] == ANSWERED
            assert check_view(private.event["data"]["view"], view_salt(seed, before, seat), committed[seat])
            assert step.body["move"] == {"type": "decline"} and step.state["pending"]["kind"] == "action"
            return
        move = pick(E.legal_moves(state, seat), rnd)
        state, _ = E.apply(state, seat, move, Rng(b"step %d" % seq))
        committed = steps.views(E, state, 2, seed, seq)
        before, seq = seq, seq + 1
    pytest.fail("no trade offer came up")


# ---------------------------------------------------------------- the rules as written


bundles = st.dictionaries(st.sampled_from(cards.RESOURCES), st.integers(1, sd.MOST), min_size=1, max_size=3)


@given(bundles, bundles)
def test_accept_trade_round_trips_through_the_words_a_player_types(give: dict[str, int], get: dict[str, int]) -> None:
    """SI-22: `pbem answers GAME --set "accept-trade 2 wool 1 brick for 1 ore"` reads back the
    rule it came from; the stored rule survives JSON and its check unchanged."""
    if set(give) & set(get):
        with pytest.raises(BadRule, match="same resource"):
            E.check_rule(accept(give, get))
        return
    rule = E.check_rule(accept(give, get))
    text = sd.words(rule)
    assert E.parse_rule(text) == rule and E.parse_rule(text.upper().replace("ACCEPT-TRADE", "accept-trade")) == rule
    assert E.check_rule(json.loads(json.dumps(rule))) == rule
    assert E.check_rules([rule, DECLINE]) == [rule, DECLINE]
    described = E.describe_rule(rule)
    assert described.startswith("accept ") and all(f"{n} {r}" in described for r, n in {**give, **get}.items())


def test_every_kind_is_listed_parsed_and_described() -> None:
    kinds = {k["kind"]: k for k in E.answer_kinds()}
    assert list(kinds) == [
        "forced", "decline-trades", "accept-trade", "never-counter", "plenty-least-held", "never-swap", "always-roll",
    ]
    assert kinds["accept-trade"]["usage"] == "accept-trade GIVE for GET"
    for rule in BARE:
        assert E.parse_rule(rule["kind"]) == rule == E.check_rule(rule)
        assert E.parse_rule(sd.words(rule)) == rule
    assert E.parse_rule("accept-trade 1 wool for 1 lumber") == accept({"wool": 1}, {"lumber": 1})
    assert E.parse_rule("accept-trade 1 Wool for 1 LUMBER") == accept({"wool": 1}, {"lumber": 1})
    assert E.describe_rule(accept({"wool": 1}, {"lumber": 1})) == "accept 1 wool for 1 lumber"
    assert E.describe_rule(DECLINE) == "decline every trade offer"
    texts = [E.describe_rule(r) for r in (NO_COUNTER, PLENTY, NO_SWAP, ALWAYS_ROLL)]
    assert all(t and "{" not in t and "[" not in t for t in texts)


@pytest.mark.parametrize(
    ("rule", "reason"),
    [
        ({"kind": "decline-trades", "now": 1}, "takes no parameters"),
        ({"kind": "never-counter", "card": "bishop"}, "takes no parameters"),
        ({"kind": "plenty-least-held", "resource": "ore"}, "takes no parameters"),
        ({"kind": "never-swap", "pile": 1}, "takes no parameters"),
        ({"kind": "accept-trade"}, "names what you give and what you get"),
        ({"kind": "accept-trade", "give": {"wool": 1}}, "names what you give and what you get"),
        ({"kind": "accept-trade", "give": {"wool": 1}, "get": {"ore": 1}, "rate": 1}, "not rate"),
        ({"kind": "accept-trade", "give": {"cloth": 1}, "get": {"ore": 1}}, "cloth is no resource"),
        ({"kind": "accept-trade", "give": {"wool": 0}, "get": {"ore": 1}}, "whole number from 1"),
        ({"kind": "accept-trade", "give": {"wool": -1}, "get": {"ore": 1}}, "whole number from 1"),
        ({"kind": "accept-trade", "give": {"wool": True}, "get": {"ore": 1}}, "whole number from 1"),
        ({"kind": "accept-trade", "give": {"wool": "1"}, "get": {"ore": 1}}, "whole number from 1"),
        ({"kind": "accept-trade", "give": {"wool": 1}, "get": {"ore": sd.MOST + 1}}, "whole number from 1"),
        ({"kind": "accept-trade", "give": {}, "get": {"ore": 1}}, "amounts and resources"),
        ({"kind": "accept-trade", "give": ["wool"], "get": {"ore": 1}}, "amounts and resources"),
        ({"kind": "accept-trade", "give": {"wool": 1}, "get": {"wool": 1}}, "same resource"),
        ({"kind": "decline-trade"}, "no decision of the kind"),
    ],
)
def test_bad_rules_are_refused_with_a_reason(rule: dict[str, Any], reason: str) -> None:
    """SI-22 and the rest: only exactly the documented shape is signed."""
    with pytest.raises(BadRule, match=reason) as refused:
        E.check_rule(rule)
    assert "{'" not in refused.value.message and "[" not in refused.value.message


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("decline-trades please", "nothing after its name"),
        ("never-counter bishop", "nothing after its name"),
        ("accept-trade wool for lumber", "amounts and resources"),
        ("accept-trade 1 wool 1 lumber", "what you give for what you get"),
        ("accept-trade 1 wool for 1 lumber for 1 ore", "what you give for what you get"),
        ("accept-trade one wool for 1 lumber", "whole number"),
        ("accept-trade 0 wool for 1 lumber", "whole number from 1"),
        ("accept-trade 1 wool 1 wool for 1 lumber", "once"),
        ("accept-trade 1 cloth for 1 lumber", "no resource"),
        ("accept-trade 1 wool for 1 wool", "same resource"),
        ("decline", "decline-trades"),
    ],
)
def test_bad_words_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(BadRule, match=reason):
        E.parse_rule(text)
