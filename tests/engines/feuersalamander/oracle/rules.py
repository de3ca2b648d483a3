"""ORACLE: a frozen copy of engines/feuersalamander/rules.py as it was before the speed work
(apply copying only what it changes, legal_moves reusing its moves; commit beeba44). The
differential tests play thousands of random games with this and the live engine side by side
and require the same legal moves, states and events.
Never edit this copy to follow the live engine: a rule change needs a new oracle on purpose.
One such change was made on purpose: version 4 took the questions and claims out of
the state and the views and put "turn" and "losses" in the public question event; the record a
seat keeps of them is rebuilt from the events by this oracle's own reading (oracle/recall.py).

Der Feuersalamander (Noris 1987; rulings FS-1..FS-25 in RULES.md): state, transitions, the Engine.

The state is plain JSON data. One seat decides at a time; `state["pending"]`
says who and what. Every decision is a move, forced ones included:

    pending kind  who           moves
    deal          dealt a pair  {"type": "discard", "card": c}              (FS-11)
    throw         turn player   {"type": "throw"}, claims when may_claim    (FS-5, FS-18)
    keys          prisoner      {"type": "keys"}                            (FS-23)
    discard       drawer        {"type": "discard", "card": c}              (FS-10)
    stone         turn player   {"type": "stone", "wing", "row", "field"}   (FS-13)
    move          turn player   {"type": "move", "how": "sum" | "diff"}     (FS-5)
    home          turn player   {"type": "home"} | {"type": "on"}           (FS-8)
    claim         turn player   a claim | {"type": "noclaim"}               (FS-18)
    question      turn player   {"type": "ask", "seat", "coord"} | {"type": "noquestion"}
    exchange      named holder  {"type": "exchange"} | {"type": "keep"}     (FS-21)

A claim is {"type": "claim", "own": [cards], "named": [{"seat": s, "card": c}]}
with own cards and named cards together one wing, one row, one stone field;
`own` in card order, `named` in card order (apply accepts any order and
normalises). legal_moves lists every claim of that form (own cards any
subset of the hand, named seats any other seat, named cards any card):
up to 2,730 with four players (a hand of a wing and a stone field; see
max_claims), so bots should pick the kind of move first.

State keys: seats, options {target}, deck (index 0 is the top), discard (last
is the top), hands, revealed, losses, figures (space int | "home" |
"dungeon"), stones (chamber | None = at home), laid, scores, start_throws,
start_player, last_throw, last_keys (the latest key throw: seat, shown,
aside, throw, turn), drawn (per seat the card it drew last and the turn,
None once that card left the hand), turn, turn_no, pair (a throw is owed),
exchanges (FS-21 queue), pending, result. A view has the public ones plus
"seat", "hand" (None for the spectator), "drawn" (the viewer's own entry
only, None for the spectator), "hand_sizes", "deck_size", "dungeon".

Readings of the rulings where they leave a choice (the nearest playable one):

- FS-15 with two players the answer event goes to both seats, which are the
  questioner and the asked player; the spectator never sees an answer.
- FS-8 turning home is its own decision ("home" / "on") after "move sum" or
  "move diff", offered when the path stands on the own s2 with at least one
  step left: passing it, or starting the move on it. Ending exactly on s2
  leaves no step to turn in. A figure leaving home steps onto s2 first but
  may not turn straight back in (that would be no move at all); only a
  0-step move keeps a figure at home.
- FS-18 at the start of a normal turn with the figure at home the player
  either throws or claims; a claim there ends the turn (no pair is owed).
  After turning home during a move the decision is a claim or "no claim";
  then a throw owed for a pair follows. A pair re-throw is not the start of
  a turn, so no claim before it.
- FS-23 freed by the key throw: the player may claim (or not) and then makes
  one full normal throw, pair re-throws included. A failed claim there sends
  him back to the dungeon and ends the turn.
- FS-17 freed by a question: the figure goes home at once; since it is not
  his turn he cannot claim, and at his next turn he starts at home and may
  claim before throwing like anybody at home.
- FS-19 named players are other seats; the claimant's own cards are revealed
  as "own". FS-14: the stone goes home only when two own cards are revealed
  in a successful claim.
- FS-21 the failed claim makes public which named cards were held (the
  holders must say so, and the offer to exchange shows it anyway). Each
  held named card is one decision of its holder, "exchange" or "keep", in
  seat order starting at the claimant's left (clockwise), a holder's cards
  in card order; a card already gone from the hand is skipped. An exchange
  discards the card face up and draws (double rule: maybe a discard move).
- FS-25 "revealed" cards (the claimant's own, and held named cards) stay
  public until a card of that value leaves that hand; an identical card
  drawn later is not revealed (nobody can tell the copies apart).
  `losses[s]` counts cards that left hand s (all public), so a YES answer can
  be known to be stale.
- FS-12 the discard pile is shuffled into a new stack when a draw finds the
  stack empty (with the rng of that move).
- FS-24 end: the game ends when a claim reaches the target. Cards leave play
  only in laid combinations; should the cards still in play (stack, discard
  pile, hands) lack a wing, a row or a stone field, no claim can ever succeed
  again, so the game also ends then and the highest total wins ("winner"
  None if that total is shared). Otherwise nothing in the rules ends a game
  in which nobody ever claims right; random bots only finish low targets.
- FS-9 / FS-11 setup deals, then throws for the start player (public); the
  pair discards of the deal are moves in seat order before the first throw.
- Leaving (the rulebook has no rule for it): with three or four seats a
  seat that resigns or forfeits is out (`leave`; `state["out"]`, in leaving order,
  absent while nobody left; in the view too). It ranks below every seat still in
  (the one that left first lowest) and cannot win; its turns are skipped, a turn it
  is in the middle of ends. Its figure stays where it is and its cards stay in its
  hand, so the others can still ask it and name its cards; the decisions that forces
  on it (exchange or keep, a double-rule discard, a deal discard) are made for it by
  the server (a random legal move, `out` entries in the log). With one seat left in,
  that seat wins at once. With two seats a resignation ends the game as before.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from engines.core import BadOptions, BaseEngine, Event, IllegalMove, Move, Rng, Seat, State, View
from engines.feuersalamander import bots, notation, render
from tests.engines.feuersalamander.oracle import cards, circuit, sticks
from tests.engines.feuersalamander.oracle.recall import recall as oracle_recall

NAMES = ["King", "Queen", "Monk", "Robber"]
DEFAULT_TARGET = 84
ONLY_TYPE = {"type"}


# Fixed at setup and never changed, so a new state may share it.
_HISTORIES = ("start_throws",)


def _copy(state: State) -> State:
    """A fresh state for apply to change: deep for everything but the shared history entries."""
    rest = {k: v for k, v in state.items() if k not in _HISTORIES}
    new = json.loads(json.dumps(rest))
    for key in _HISTORIES:
        if key in state:
            new[key] = list(state[key])
    return new


def _is_int(x: Any) -> bool:
    return type(x) is int


def _detached(events: list[Event]) -> list[Event]:
    """Events share no objects with the state, so a reader changing one cannot change the other."""
    return [Event(e.kind, json.loads(json.dumps(e.data)), e.to) for e in events]


def _name(seat: int) -> str:
    return NAMES[seat]


def _fields(move: Mapping[str, Any], allowed: set[str]) -> None:
    extra = set(move) - allowed
    if extra:
        raise IllegalMove(f"unexpected field(s) {', '.join(sorted(map(str, extra)))} in a {move['type']} move")


# ---------------------------------------------------------------- setup helpers


def _start_throws(seats: int, rng: Rng) -> tuple[list[list[dict[str, int]]], int]:
    """FS-9: everyone throws one number stick; the highest starts; the tied highest re-throw."""
    contenders = list(range(seats))
    rounds = []
    while True:
        this = [{"seat": s, "value": sticks.number_stick(rng)} for s in contenders]
        rounds.append(this)
        best = max(t["value"] for t in this)
        contenders = [t["seat"] for t in this if t["value"] == best]
        if len(contenders) == 1:
            return rounds, contenders[0]


# ---------------------------------------------------------------- card movements


def _lose(state: State, seat: int, card: str) -> None:
    """A card leaves a hand (always a public act): it is no longer revealed there."""
    state["hands"][seat].remove(card)
    drawn = state.get("drawn")
    if drawn and drawn[seat] is not None and drawn[seat]["card"] == card:
        drawn[seat] = None
    if card in state["revealed"][seat]:
        state["revealed"][seat].remove(card)
    state["losses"][seat] += 1


def _reveal(state: State, seat: int, card: str) -> None:
    if card not in state["revealed"][seat]:
        state["revealed"][seat].append(card)
        state["revealed"][seat] = cards.sorted_cards(state["revealed"][seat])


def _discard(state: State, seat: int, card: str, why: str, events: list[Event]) -> None:
    _lose(state, seat, card)
    state["discard"].append(card)
    events.append(Event("discarded", {"seat": seat, "card": card, "why": why}))


def _draw(state: State, seat: int, rng: Rng, events: list[Event]) -> None:
    """Take the top card (FS-10); renew an empty stack from the discard pile (FS-12)."""
    if not state["deck"]:
        if not state["discard"]:
            events.append(Event("no_card", {"seat": seat}))
            return
        deck = state["discard"]
        state["discard"] = []
        rng.shuffle(deck)
        state["deck"] = deck
        events.append(Event("renewed", {"deck_size": len(deck)}))
    card = state["deck"].pop(0)
    state["hands"][seat] = cards.sorted_cards([*state["hands"][seat], card])
    drawn = state.setdefault("drawn", [None] * state["seats"])
    drawn[seat] = {"card": card, "turn": state["turn_no"]}  # for the drawer's eyes only
    events.append(Event("drew", {"seat": seat}))
    events.append(Event("drew", {"card": card}, to=(seat,)))


# ---------------------------------------------------------------- claims


def max_claims(seats: int) -> tuple[int, list[str]]:
    """The most claims any hand allows (FS-19), and such a hand: what legal_moves can list at most,
    plus one (the throw or "no claim"). Counted from enumerate_claims over every hand the double
    rule allows (no card, one card, two cards of different kinds)."""
    hands: list[list[str]] = [[]] + [[c] for c in cards.ALL_CARDS]
    hands += [[a, b] for a, b in combinations(cards.ALL_CARDS, 2) if cards.hand_ok([a, b])]
    return max((len(enumerate_claims(h, 0, seats)), h) for h in hands)


def enumerate_claims(hand: list[str], seat: int, seats: int) -> list[Move]:
    """Every claim of the FS-19 form that the hand allows, in a fixed order (most own cards first)."""
    others = [s for s in range(seats) if s != seat]
    out: list[Move] = []
    hand = cards.sorted_cards(hand)
    for size in range(len(hand), -1, -1):
        for own in combinations(hand, size):
            missing = [k for k in cards.KINDS if k not in {cards.kind(c) for c in own}]
            options = {"wing": cards.WINGS, "row": cards.ROWS, "stone": cards.STONES}
            partial: list[list[dict[str, Any]]] = [[]]
            for k in missing:
                partial = [p + [{"seat": s, "card": c}] for p in partial for c in options[k] for s in others]
            for named in partial:
                out.append({"type": "claim", "own": list(own), "named": named})
    return out


def normalise_claim(move: Mapping[str, Any], hand: list[str], seat: int, seats: int) -> Move:
    """Check a claim's form (FS-19) against the claimant's hand; return it in canonical order."""
    _fields(move, {"type", "own", "named"})
    own = move.get("own", [])
    named = move.get("named")
    if not isinstance(own, list) or not all(cards.is_card(c) for c in own):
        raise IllegalMove("a claim's 'own' must be a list of cards from your hand")
    if not isinstance(named, list):
        raise IllegalMove("a claim's 'named' must be a list of {seat, card}")
    left = list(hand)
    for c in own:
        if c not in left:
            raise IllegalMove(f"you hold no {cards.card_label(c)} to reveal")
        left.remove(c)
    clean = []
    for item in named:
        if not isinstance(item, dict) or set(item) != {"seat", "card"}:
            raise IllegalMove("each named card is {seat, card}")
        s, c = item["seat"], item["card"]
        if not _is_int(s) or not 0 <= s < seats:
            raise IllegalMove(f"no seat {s!r} in this game")
        if s == seat:
            raise IllegalMove("reveal your own cards as own; name only other players")
        if not cards.is_card(c):
            raise IllegalMove(f"{c!r} is not a Salamander card")
        clean.append({"seat": s, "card": c})
    all_cards = list(own) + [i["card"] for i in clean]
    if not cards.is_combination(all_cards):
        raise IllegalMove("a combination is exactly one wing, one row and one stone field")
    return {
        "type": "claim",
        "own": cards.sorted_cards(own),
        "named": sorted(clean, key=lambda i: cards.sort_key(i["card"])),
    }


def game_result(state: State, winner: int | None, reason: str) -> dict[str, Any]:
    """FS-24: ranks by totals, equal totals sharing a rank (1, 2, 2, 4). Seats that left the
    game rank below every seat still in, the one that left first lowest."""
    scores = list(state["scores"])
    gone = out_seats(state)
    playing = [s for s in range(len(scores)) if s not in gone]
    ranks = [0] * len(scores)
    for s in playing:
        ranks[s] = 1 + sum(1 for o in playing if scores[o] > scores[s])
    for i, s in enumerate(gone):
        ranks[s] = len(scores) - i
    return {"winner": winner, "scores": scores, "ranks": ranks, "reason": reason}


def out_seats(state: Mapping[str, Any]) -> list[int]:
    """The seats that left the game, in the order they left (the key is absent until one does)."""
    return list(state.get("out") or [])


# The decisions of a seat's own turn: a seat that left has none (its forced ones stay:
# deal, discard, exchange, which the server makes for it).
TURN_KINDS = frozenset({"throw", "keys", "stone", "move", "home", "claim", "question"})


def _exhausted(state: State) -> bool:
    pool = state["deck"] + state["discard"] + [c for h in state["hands"] for c in h]
    return {cards.kind(c) for c in pool} != set(cards.KINDS)


# ---------------------------------------------------------------- the engine


class Feuersalamander(BaseEngine):
    id = "feuersalamander"
    # 2: views carry "drawn" and "last_keys" (for the log in words), so view commitments differ from 1's;
    # the rules are unchanged. An auditor replays only logs made with its own version.
    # 3: with three or four seats a resigning or forfeiting seat leaves the game and the others
    # play on (`leave`, `out`); a game nobody leaves is played exactly as in 2.
    # 4: no questions or claims in the state and the views; the question event has turn and losses.
    version = "4"
    title = "Der Feuersalamander"
    min_seats = 2
    max_seats = 4

    # ------------------------------------------------------------ options, seats

    def options(self) -> dict[str, Any]:
        return {"target": DEFAULT_TARGET}

    def check_options(self, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
        if not _is_int(seats) or not self.min_seats <= seats <= self.max_seats:
            raise BadOptions(f"Der Feuersalamander is for 2 to 4 players, not {seats!r}")
        if not isinstance(options, Mapping):
            raise BadOptions("options must be a mapping")
        unknown = sorted(str(k) for k in options if k not in self.options())
        if unknown:
            raise BadOptions(f"unknown option(s): {', '.join(unknown)}; known: target")
        out = {**self.options(), **options}
        if not _is_int(out["target"]) or out["target"] <= 0:
            raise BadOptions(f"target must be a positive whole number, not {out['target']!r}")
        return out

    def seat_names(self, seats: int) -> list[str]:
        return NAMES[:seats]

    # ------------------------------------------------------------ setup

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]:
        opts = self.check_options(options, seats)
        deck = cards.new_deck()
        rng.shuffle(deck)
        hands: list[list[str]] = [[] for _ in range(seats)]
        for _ in range(2):
            for s in range(seats):
                hands[s].append(deck.pop(0))
        hands = [cards.sorted_cards(h) for h in hands]
        rounds, first = _start_throws(seats, rng)
        state: State = {
            "seats": seats,
            "options": opts,
            "deck": deck,
            "discard": [],
            "hands": hands,
            "revealed": [[] for _ in range(seats)],
            "losses": [0] * seats,
            "figures": ["home"] * seats,
            "stones": [None] * seats,
            "laid": [[] for _ in range(seats)],
            "scores": [0] * seats,
            "start_throws": rounds,
            "start_player": first,
            "last_throw": None,
            "last_keys": None,
            "drawn": [None] * seats,
            "turn": None,
            "turn_no": 0,
            "pair": False,
            "exchanges": [],
            "pending": None,
            "result": None,
        }
        events = [Event("deal", {"cards": list(h)}, to=(s,)) for s, h in enumerate(hands)]
        events.append(Event("dealt", {"hand_sizes": [2] * seats, "deck_size": len(deck)}))
        events.append(Event("start_throws", {"rounds": rounds, "start_player": first}))
        self._next_deal_discard(state, 0, events)
        return state, _detached(events)

    def _next_deal_discard(self, state: State, start: int, events: list[Event]) -> None:
        """FS-11: pairs of one kind are resolved in seat order before the first throw."""
        for s in range(start, state["seats"]):
            if not cards.hand_ok(state["hands"][s]):
                state["pending"] = {"kind": "deal", "seat": s}
                return
        self._begin_turn(state, state["start_player"], events)

    # ------------------------------------------------------------ turn flow

    def _begin_turn(self, state: State, seat: int, events: list[Event]) -> None:
        gone = out_seats(state)
        while seat in gone:  # a seat that left has no turns: it is out of the game
            seat = (seat + 1) % state["seats"]
        state["turn"] = seat
        state["turn_no"] += 1
        state["pair"] = False
        events.append(Event("turn", {"seat": seat, "turn": state["turn_no"]}))
        if state["figures"][seat] == "dungeon":
            state["pending"] = {"kind": "keys", "seat": seat, "aside": [False] * 3, "throws": 0}
        else:
            state["pending"] = {
                "kind": "throw",
                "seat": seat,
                "may_claim": state["figures"][seat] == "home",
                "again": False,
                "freed": False,
            }

    def _end_turn(self, state: State, events: list[Event]) -> None:
        self._begin_turn(state, (state["turn"] + 1) % state["seats"], events)

    def _after_step(self, state: State, events: list[Event]) -> None:
        """The move and its question are done: throw again for a pair (FS-5) or end the turn."""
        seat = state["turn"]
        if state["pair"]:
            state["pending"] = {"kind": "throw", "seat": seat, "may_claim": False, "again": True, "freed": False}
        else:
            self._end_turn(state, events)

    def _finish_move(self, state: State, seat: int, dest: Any, events: list[Event]) -> None:
        state["figures"][seat] = dest
        events.append(Event("moved", {"seat": seat, "to": dest}))
        if isinstance(dest, int):
            for other, place in enumerate(state["figures"]):
                if other != seat and place == dest:  # FS-7
                    state["figures"][other] = "dungeon"
                    events.append(Event("captured", {"seat": other, "by": seat, "space": dest}))
        owner = circuit.visited_block(dest, seat)
        if owner is not None:
            state["pending"] = {"kind": "question", "seat": seat, "target": owner}
        else:
            self._after_step(state, events)

    def _next_exchange(self, state: State, events: list[Event]) -> None:
        while state["exchanges"]:
            entry = state["exchanges"].pop(0)
            if entry["card"] in state["hands"][entry["seat"]]:
                state["pending"] = {"kind": "exchange", "seat": entry["seat"], "card": entry["card"]}
                return
        self._end_turn(state, events)

    # ------------------------------------------------------------ the Engine interface

    def to_move(self, state: State) -> Seat | None:
        if state["result"] is not None or state["pending"] is None:
            return None
        return state["pending"]["seat"]

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        pending = state["pending"]
        if state["result"] is not None or pending is None or pending["seat"] != seat:
            return []
        kind = pending["kind"]
        hand = state["hands"][seat]
        if kind in ("deal", "discard"):
            return [{"type": "discard", "card": c} for c in cards.discard_options(hand)]
        if kind == "throw":
            moves: list[Move] = [{"type": "throw"}]
            if pending["may_claim"]:
                moves += enumerate_claims(hand, seat, state["seats"])
            return moves
        if kind == "keys":
            return [{"type": "keys"}]
        if kind == "stone":
            return [{"type": "stone", **ch} for ch in cards.consistent_chambers(hand)]
        if kind == "move":
            return [{"type": "move", "how": "sum"}, {"type": "move", "how": "diff"}]
        if kind == "home":
            return [{"type": "home"}, {"type": "on"}]
        if kind == "claim":
            return [{"type": "noclaim"}, *enumerate_claims(hand, seat, state["seats"])]
        if kind == "question":
            target = pending["target"]
            return [{"type": "noquestion"}] + [
                {"type": "ask", "seat": target, "coord": c} for c in cards.ALL_CARDS
            ]
        if kind == "exchange":
            return [{"type": "exchange"}, {"type": "keep"}]
        raise AssertionError(f"unknown pending kind {kind}")

    def apply(self, state: State, seat: Seat, move: Move, rng: Rng) -> tuple[State, list[Event]]:
        if state["result"] is not None:
            raise IllegalMove("the game is over")
        pending = state["pending"]
        if not _is_int(seat) or not 0 <= seat < state["seats"]:
            raise IllegalMove(f"no seat {seat!r} in this game")
        if pending["seat"] != seat:
            raise IllegalMove(f"it is not your decision: {_name(pending['seat'])} must {_DOING[pending['kind']]}")
        if not isinstance(move, Mapping) or not isinstance(move.get("type"), str):
            raise IllegalMove("a move is an object with a 'type' field")
        kind = pending["kind"]
        allowed = _ALLOWED[kind]
        if kind == "throw" and pending["may_claim"]:
            allowed = allowed | {"claim"}
        if move["type"] not in allowed:
            raise IllegalMove(
                f"now you must {_DOING[kind]} ({' or '.join(sorted(allowed))}), not {move['type']!r}"
            )
        new = _copy(state)
        events: list[Event] = []
        getattr(self, f"_on_{kind}")(new, seat, move, rng, events)
        self._skip_out(new, events)
        return new, _detached(events)

    # ------------------------------------------------------------ leaving

    def out(self, state: State) -> list[int]:
        return out_seats(state)

    def leave(self, state: State, seat: Seat, why: str) -> tuple[State, list[Event]]:
        """A seat resigns or forfeits in a game of three or four: it is out and ranks last;
        the others play on. Its turns are skipped (a turn it is in the middle of ends); its
        cards stay in its hand, so it can still be asked and named, and the forced decisions
        that brings (exchange or keep, a discard) are made for it. With one seat left in,
        that seat wins at once."""
        if state["result"] is not None:
            raise IllegalMove("the game is over")
        if not _is_int(seat) or not 0 <= seat < state["seats"]:
            raise IllegalMove(f"no seat {seat!r} in this game")
        if seat in out_seats(state):
            raise IllegalMove(f"{_name(seat)} has left the game already")
        new = _copy(state)
        new["out"] = [*out_seats(state), seat]
        events = [Event("left", {"seat": seat, "why": why})]
        playing = [s for s in range(new["seats"]) if s not in new["out"]]
        if len(playing) == 1:
            reason = f"{_name(seat)} {why}: {_name(playing[0])} is the last player in"
            self._finish(new, playing[0], reason, events)
        else:
            self._skip_out(new, events)
        return new, _detached(events)

    def _skip_out(self, state: State, events: list[Event]) -> None:
        """A decision of its own turn for a seat that left: that turn ends."""
        pending = state["pending"]
        if pending is not None and pending["kind"] in TURN_KINDS and pending["seat"] in out_seats(state):
            self._end_turn(state, events)

    # ------------------------------------------------------------ handlers, one per pending kind

    def _take_discard(self, state: State, seat: int, move: Mapping[str, Any]) -> str:
        _fields(move, {"type", "card"})
        card = move.get("card")
        options = cards.discard_options(state["hands"][seat])
        if card not in options:
            if not cards.is_card(card):
                raise IllegalMove(f"{card!r} is not a Salamander card")
            if card not in state["hands"][seat]:
                raise IllegalMove(f"you hold no {cards.card_label(card)} to discard")
            labels = ", ".join(cards.card_label(c) for c in options)
            raise IllegalMove(f"discarding {cards.card_label(card)} breaks the double rule; discard one of: {labels}")
        return card

    def _on_deal(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        card = self._take_discard(state, seat, move)
        _discard(state, seat, card, "deal", events)
        self._next_deal_discard(state, seat + 1, events)

    def _on_discard(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        card = self._take_discard(state, seat, move)
        _discard(state, seat, card, "double", events)
        if state["pending"]["then"] == "exchange":
            self._next_exchange(state, events)
        else:
            state["pending"] = {"kind": "move", "seat": seat}

    def _on_throw(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        if move["type"] == "claim":
            context = "freed" if state["pending"]["freed"] else "start"
            self._claim(state, seat, move, context, events)
            return
        _fields(move, ONLY_TYPE)
        t = sticks.throw(rng)
        state["last_throw"] = {"seat": seat, **t}
        state["pair"] = sticks.is_pair(t)
        events.append(Event("threw", {"seat": seat, **t}))
        hand = state["hands"][seat]
        if t["symbol"] == "salamander":
            _draw(state, seat, rng, events)
            if not cards.hand_ok(state["hands"][seat]):
                state["pending"] = {"kind": "discard", "seat": seat, "then": "move"}
                return
        elif hand:
            state["pending"] = {"kind": "stone", "seat": seat}
            return
        else:
            events.append(Event("stone_stays", {"seat": seat}))  # FS-13: no card, no placing
        state["pending"] = {"kind": "move", "seat": seat}

    def _on_stone(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        _fields(move, {"type", "wing", "row", "field"})
        ch = {k: move.get(k) for k in ("wing", "row", "field")}
        if not cards.is_chamber(ch):
            raise IllegalMove("a chamber is a wing (air, water, earth, fire), a row 1-7 and a stone field 1-3")
        wrong = [c for c in state["hands"][seat] if not cards.chamber_matches(ch, c)]
        if wrong:
            raise IllegalMove(
                f"the stone must tell the truth: {cards.chamber_label(ch)} does not match your "
                + ", ".join(cards.card_label(c) for c in wrong)
            )
        state["stones"][seat] = ch
        events.append(Event("stone", {"seat": seat, "chamber": ch}))
        state["pending"] = {"kind": "move", "seat": seat}

    def _on_move(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        _fields(move, {"type", "how"})
        how = move.get("how")
        if how not in ("sum", "diff"):
            raise IllegalMove("move 'sum' (big steps) or 'diff' (small steps)")
        n = sticks.steps(state["last_throw"], how)
        place = state["figures"][seat]
        events.append(Event("steps", {"seat": seat, "how": how, "steps": n}))
        at = circuit.home_turn_step(place, seat, n, state["seats"])
        if at is not None:
            state["pending"] = {"kind": "home", "seat": seat, "steps": n, "at": at}
            return
        self._finish_move(state, seat, circuit.destination(place, seat, n, state["seats"]), events)

    def _on_home(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        _fields(move, ONLY_TYPE)
        if move["type"] == "home":
            state["figures"][seat] = "home"
            events.append(Event("moved", {"seat": seat, "to": "home"}))
            state["pending"] = {"kind": "claim", "seat": seat}
            return
        n = state["pending"]["steps"]
        self._finish_move(state, seat, circuit.destination(state["figures"][seat], seat, n, state["seats"]), events)

    def _on_claim(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        if move["type"] == "noclaim":
            _fields(move, ONLY_TYPE)
            events.append(Event("no_claim", {"seat": seat}))
            self._after_step(state, events)
            return
        self._claim(state, seat, move, "home", events)

    def _on_question(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        target = state["pending"]["target"]
        if move["type"] == "noquestion":
            _fields(move, ONLY_TYPE)
            events.append(Event("no_question", {"seat": seat}))
            self._after_step(state, events)
            return
        _fields(move, {"type", "seat", "coord"})
        asked, coord = move.get("seat"), move.get("coord")
        if not _is_int(asked) or asked != target:
            raise IllegalMove(f"you stand in {_name(target)}'s block: you may ask only {_name(target)}")
        if not cards.is_card(coord):
            raise IllegalMove("ask about one wing, one row or one stone field (e.g. fire, row5, three-stone)")
        answer = coord in state["hands"][target]
        events.append(
            Event(
                "question",
                {"by": seat, "to": target, "coord": coord, "turn": state["turn_no"], "losses": state["losses"][target]},
            )
        )
        events.append(
            Event("answer", {"by": seat, "to": target, "coord": coord, "answer": answer}, to=tuple(sorted({seat, target})))
        )
        if state["figures"][target] == "dungeon":  # FS-17
            state["figures"][target] = "home"
            events.append(Event("freed", {"seat": target, "by": "question"}))
        self._after_step(state, events)

    def _on_exchange(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        _fields(move, ONLY_TYPE)
        card = state["pending"]["card"]
        if move["type"] == "keep":
            events.append(Event("kept", {"seat": seat, "card": card}))
            self._next_exchange(state, events)
            return
        _discard(state, seat, card, "exchange", events)
        _draw(state, seat, rng, events)
        if not cards.hand_ok(state["hands"][seat]):
            state["pending"] = {"kind": "discard", "seat": seat, "then": "exchange"}
            return
        self._next_exchange(state, events)

    def _on_keys(self, state: State, seat: int, move: Move, rng: Rng, events: list[Event]) -> None:
        _fields(move, ONLY_TYPE)
        pending = state["pending"]
        shown, aside = sticks.key_throw(rng, pending["aside"])
        throws = pending["throws"] + 1
        events.append(Event("key_throw", {"seat": seat, "shown": shown, "aside": aside, "throw": throws}))
        state["last_keys"] = {"seat": seat, "shown": shown, "aside": aside, "throw": throws, "turn": state["turn_no"]}
        if all(aside):
            state["figures"][seat] = "home"
            events.append(Event("freed", {"seat": seat, "by": "keys"}))
            state["pending"] = {"kind": "throw", "seat": seat, "may_claim": True, "again": False, "freed": True}
        elif throws >= sticks.MAX_KEY_THROWS:
            events.append(Event("still_prisoner", {"seat": seat}))
            self._end_turn(state, events)
        else:
            state["pending"] = {**pending, "aside": aside, "throws": throws}

    # ------------------------------------------------------------ laying down (FS-18..FS-22)

    def _claim(self, state: State, seat: int, move: Move, context: str, events: list[Event]) -> None:
        claim = normalise_claim(move, state["hands"][seat], seat, state["seats"])
        own, named = claim["own"], claim["named"]
        held = [item["card"] in state["hands"][item["seat"]] for item in named]
        ok = all(held)
        events.append(Event("claim", {"seat": seat, "own": own, "named": named}))
        if not ok:
            self._claim_failed(state, seat, own, named, held, events)
            return
        for c in own:
            _lose(state, seat, c)
        for item in named:
            _lose(state, item["seat"], item["card"])
        combo = cards.sorted_cards(own + [i["card"] for i in named])
        worth = cards.combo_value(combo)
        state["laid"][seat].append({"cards": combo, "value": worth})
        state["scores"][seat] += worth
        events.append(Event("laid", {"seat": seat, "cards": combo, "value": worth, "score": state["scores"][seat]}))
        if len(own) == 2 and state["stones"][seat] is not None:  # FS-14
            state["stones"][seat] = None
            events.append(Event("stone_home", {"seat": seat}))
        if state["scores"][seat] >= state["options"]["target"]:
            reason = f"{_name(seat)} reached {state['scores'][seat]} of {state['options']['target']} points"
            self._finish(state, seat, reason, events)
            return
        if _exhausted(state):
            gone = out_seats(state)
            playing = [s for s in range(state["seats"]) if s not in gone]
            best = max(state["scores"][s] for s in playing)
            leaders = [s for s in playing if state["scores"][s] == best]
            self._finish(
                state,
                leaders[0] if len(leaders) == 1 else None,
                "no complete combination can be formed from the cards left in play",
                events,
            )
            return
        if context == "freed":
            state["pending"] = {"kind": "throw", "seat": seat, "may_claim": False, "again": False, "freed": False}
        elif context == "home":
            self._after_step(state, events)
        else:
            self._end_turn(state, events)

    def _claim_failed(
        self, state: State, seat: int, own: list[str], named: list[dict[str, Any]], held: list[bool], events: list[Event]
    ) -> None:
        """FS-21: to the dungeon; own and held named cards become public; holders may exchange."""
        state["figures"][seat] = "dungeon"
        state["pair"] = False
        for c in own:
            _reveal(state, seat, c)
        queue = []
        for item, h in zip(named, held, strict=True):
            if h:
                _reveal(state, item["seat"], item["card"])
                queue.append({"seat": item["seat"], "card": item["card"]})
        n = state["seats"]
        queue.sort(key=lambda e: ((e["seat"] - seat) % n, cards.sort_key(e["card"])))
        events.append(
            Event("claim_failed", {"seat": seat, "own": own, "held": [{**i, "held": h} for i, h in zip(named, held, strict=True)]})
        )
        state["exchanges"] = queue
        self._next_exchange(state, events)

    def _finish(self, state: State, winner: int | None, reason: str, events: list[Event]) -> None:
        state["result"] = game_result(state, winner, reason)
        state["pending"] = None
        events.append(Event("game_over", dict(state["result"])))

    # ------------------------------------------------------------ what a seat may see (FS-25)

    def view(self, state: State, seat: Seat | None) -> View:
        n = state["seats"]
        figures = list(state["figures"])
        return _copy(
            {
                "game": self.id,
                "seat": seat,
                "seats": n,
                "names": NAMES[:n],
                "target": state["options"]["target"],
                "hand": None if seat is None else cards.sorted_cards(state["hands"][seat]),
                "hand_sizes": [len(h) for h in state["hands"]],
                "revealed": state["revealed"],
                "losses": state["losses"],
                "figures": figures,
                "dungeon": [s for s in range(n) if figures[s] == "dungeon"],
                "stones": state["stones"],
                "deck_size": len(state["deck"]),
                "discard": state["discard"],
                "laid": state["laid"],
                "scores": state["scores"],
                "start_throws": [[dict(t) for t in r] for r in state["start_throws"]],
                "start_player": state["start_player"],
                "last_throw": state["last_throw"],
                "last_keys": state.get("last_keys"),
                "drawn": None if seat is None else (state.get("drawn") or [None] * n)[seat],
                "turn": state["turn"],
                "turn_no": state["turn_no"],
                "pair": state["pair"],
                "pending": state["pending"],
                "result": state["result"],
                **({"out": out_seats(state)} if state.get("out") else {}),
            }
        )

    def recall(self, record: Any, events: Sequence[Mapping[str, Any]], seat: Seat | None) -> Any:
        return oracle_recall(record, events, seat)

    def result(self, state: State) -> dict[str, Any] | None:
        return None if state["result"] is None else dict(state["result"])

    # ------------------------------------------------------------ text

    def parse(self, text: str, view: View) -> Move:
        return notation.parse(text, view)

    def format(self, move: Move) -> str:
        return notation.format(move)

    def describe_event(self, event: Mapping[str, Any]) -> str | None:
        """A log event in words, for `pbem log` (engines.feuersalamander.events)."""
        from engines.feuersalamander import events

        return events.describe(event)

    def render(self, view: View, color: bool = False) -> str:
        """The table as this seat sees it; ANSI highlights only when color is true."""
        return render.render(view, color)

    def bots(self) -> dict[str, Any]:
        return {"random": bots.random_bot, "simple": bots.simple_bot}


_ALLOWED: dict[str, set[str]] = {
    "deal": {"discard"},
    "discard": {"discard"},
    "throw": {"throw"},
    "keys": {"keys"},
    "stone": {"stone"},
    "move": {"move"},
    "home": {"home", "on"},
    "claim": {"claim", "noclaim"},
    "question": {"ask", "noquestion"},
    "exchange": {"exchange", "keep"},
}

_DOING: dict[str, str] = {
    "deal": "discard one card of the dealt pair",
    "discard": "discard a card (double rule)",
    "throw": "throw the sticks",
    "keys": "make the key throw",
    "stone": "place the playing stone",
    "move": "move by the sum or the difference",
    "home": "turn home or go on",
    "claim": "lay down a combination or not",
    "question": "ask a question or not",
    "exchange": "exchange the named card or keep it",
}
