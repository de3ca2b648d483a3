"""Der Feuersalamander (Noris 1987; rulings FS-1..FS-25 in RULES.md): the state, the Engine.

The Engine here dispatches; the rules live where the rulebook splits them, each module one
job: deal (setup), phases (one handler per pending decision), claims (laying down),
scoring (the end and the ranks), leaving, turn (who is next), hands (cards in and out of a
hand), legal (what a seat may do), view (what a seat may see), copies (states are values).

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
`own` in card order, `named` in card order, exactly as listed (apply accepts
no other order, engines.feuersalamander.legal; versions 1 to 3 took any order
and a missing `own`, and still do). legal_moves lists every claim
of that form (own cards any subset of the hand, named seats any other seat,
named cards any card): up to 2,730 with four players (a hand of a wing and a
stone field; see max_claims), so bots should pick the kind of move first.

What a seat may do is computed from what it knows: legal_moves(state, seat)
and moves_from_view(view(state, seat)) are one call of legal.listed, and
apply and parse check a move with one legal.check (DESIGN: legal moves are a
function of what the seat knows).

State keys: seats, options {target}, deck (index 0 is the top), discard (last
is the top), hands, revealed, losses, figures (space int | "home" |
"dungeon"), stones (chamber | None = at home), laid, scores, start_throws,
start_player, last_throw, last_keys (the latest key throw: seat, shown,
aside, throw, turn), drawn (per seat the card it drew last and the turn,
None once that card left the hand), turn, turn_no, pair (a throw is owed),
exchanges (FS-21 queue), pending, result. A view has the public ones plus
"seat", "hand" (None for the spectator), "drawn" (the viewer's own entry
only, None for the spectator), "hand_sizes", "deck_size", "dungeon".

Neither holds the game's past, so neither grows with it (version 4): the
questions asked (with the answers the viewer saw) and the claims made are
rebuilt from the log by `recall` (engines.feuersalamander.record), which the
client attaches to a view it draws or hands to a bot as "record". Versions
1 to 3 kept both in the state and the views; their games still do
(engines.feuersalamander.histories adds them on top of these rules), and
version 1's lack "drawn" and "last_keys" (engines.feuersalamander.firstday).

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
  that seat wins at once. With two seats a resignation ends the game as before
  (and in versions 1 and 2 with any number of seats: they have no `leave`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.answers import Unseen, UnseenRead
from engines.core import BadOptions, BaseEngine, Event, IllegalMove, Move, Rng, Seat, State, View
from engines.feuersalamander import (
    bots,
    deal,
    firstday,
    histories,
    leaving,
    legal,
    notation,
    render,
)
from engines.feuersalamander import record as record_of
from engines.feuersalamander.circuit import NAMES
from engines.feuersalamander.copies import detached, fresh
from engines.feuersalamander.legal import enumerate_claims, max_claims
from engines.feuersalamander.phases import HANDLERS
from engines.feuersalamander.scoring import game_result
from engines.feuersalamander.seats import TURN_KINDS, out_seats
from engines.feuersalamander.view import view as seat_view
from engines.public import pending_seat, turn_and_result

__all__ = ["NAMES", "TURN_KINDS", "Feuersalamander", "enumerate_claims", "game_result", "max_claims"]

DEFAULT_TARGET = 84

# The rules versions this package plays (engines.feuersalamander.VERSIONS keeps one engine of
# each): every version a released pbem wrote into a genesis, never changed (docs/PROTOCOL.md section 19).
KEPT = ("1", "2", "3", "4", "5")
NEWEST = KEPT[-1]

_is_int = legal.is_int
_listed = legal.listed
_check = legal.check


class Feuersalamander(BaseEngine):
    id = "feuersalamander"
    # 1: the first day's (c116416; main wrote it into pbem-log/2 genesis entries on 2026-11-30).
    # 2: views carry "drawn" and "last_keys" (for the log in words: the start throw, the key
    # throw, the card drawn), so view commitments differ from 1's; the rules are unchanged.
    # 3: with three or four seats a resigning or forfeiting seat leaves the game and the others
    # play on (`leave`, `out`); a game nobody leaves is played exactly as in 2.
    # 1 to 3 read a claim's lists in any order, 'own' left out for none (played in card order);
    # a71a38b took only the listed spelling, within version 3: that stricter reading is 4's on.
    # 4: the state and the views lose "questions" and "claims" (they grew with the game); the
    # public "question" event carries "turn" and "losses", so `recall` rebuilds both from the log.
    # 5: the answer `forced` no longer plays a decision whose options depend on the hand (the
    # deal's and the double rule's discard, the stone): its standing entry told the table that
    # the hand allowed one move only (engines.answers.forced_public); the rules are unchanged.
    version = NEWEST
    title = "Der Feuersalamander"
    min_seats = 2
    max_seats = 4

    def __init__(self, version: str = NEWEST) -> None:
        """The rules of `version`, one of KEPT. The versions differ in what is kept, not in the
        game: 1 to 3 keep the questions and claims in the state and the views (their histories,
        added by engines.feuersalamander.histories on top of today's rules), 4 and 5 in the log
        only; 1 lacks the latest draw and key throw (engines.feuersalamander.firstday); 1 and 2
        have no leaving; 1 to 3 read a claim's lists in any order; 1 to 4 let `forced` answer
        every decision with one legal move, 5 only the public ones."""
        if version not in KEPT:
            raise ValueError(f"Feuersalamander has no rules version {version!r}; kept: {', '.join(KEPT)}")
        self.version = version
        self._histories = int(version) <= 3
        self._first_day = version == "1"
        if int(version) < 3:
            # Versions 1 and 2 knew no leaving: a resignation or a forfeit ends the game, with
            # any number of seats. The protocol lets a seat leave only where `leave` and `out`
            # are callable (protocol.leaving.lets_leave), so these engines have neither.
            self.leave = None  # type: ignore[assignment]
            self.out = None  # type: ignore[assignment]
        # Versions released before a71a38b took a claim's lists in any order, 'own' left out
        # for none, and played it in card order (engines.feuersalamander.legal.check).
        self._any_order = int(version) <= 3
        self.forced_any = int(version) < 5  # engines.answers.Answers.forced_any

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

    # ------------------------------------------------------------ setup (engines.feuersalamander.deal)

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]:
        opts = self.check_options(options, seats)
        state, events = deal.setup(seats, opts, rng)
        if self._histories:
            state = histories.with_histories(state)
        if self._first_day:
            state = firstday.without_additions(state)
        return state, detached(events)

    # ------------------------------------------------------------ the Engine interface

    def to_move(self, state: State) -> Seat | None:
        if state["result"] is not None or state["pending"] is None:
            return None
        return state["pending"]["seat"]

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """A new list each call; its moves are shared between calls (made once, see
        enumerate_claims): moves are values, never change one. Read from the state exactly
        what view(state, seat) carries (engines.feuersalamander.legal)."""
        pending = state["pending"]
        hand = None if pending is None else state["hands"][pending["seat"]]
        return _listed(pending, state["result"], seat, state["seats"], hand)

    def forced_public(self, view: View) -> bool:
        """A throw, a key throw and every other decision whose options do not read the hand
        are public; a discard or a stone placement reads it (engines.answers.forced_public).
        Versions 3 and 4 answered every one-move decision with `forced`, so for them every
        decision counts as public: their logs hold such answers, and replay as written."""
        if self.forced_any:
            return True
        seat = view.get("seat")
        pending, result = view.get("pending"), view.get("result")
        try:
            _listed(pending, result, seat, view["seats"], Unseen(len(view.get("hand") or [])))
        except UnseenRead:
            return False
        return True

    def public_mismatch(self, view: View, step: Mapping[str, Any]) -> str | None:
        """Whose decision it is and the result, as the entry names them."""
        return turn_and_result(view, step, pending_seat(view))

    def moves_from_view(self, view: View) -> list[Move]:
        """The same list as legal_moves, from the seat's view: the view's pending decision,
        result, seat count and hand are the state's (DESIGN: legal moves are a function of
        what the seat knows). A spectator (seat None) decides nothing: []."""
        return _listed(view["pending"], view["result"], view["seat"], view["seats"], view["hand"])

    def apply(self, state: State, seat: Seat, move: Move, rng: Rng) -> tuple[State, list[Event]]:
        """The move checked as the seat's view would list it, then carried out by the handler
        of the pending decision (engines.feuersalamander.phases) on a fresh state."""
        pending = state["pending"]
        hand = None if pending is None else state["hands"][pending["seat"]]
        move = _check(pending, state["result"], seat, state["seats"], hand, move, self._any_order)
        kind = pending["kind"]
        new = fresh(state)
        events: list[Event] = []
        HANDLERS[kind](new, seat, move, rng, events)
        leaving.skip_out(new, events)
        if self._histories:
            events = histories.record(new, events)
        if self._first_day:
            new = firstday.without_additions(new)
        return new, detached(events)

    # ------------------------------------------------------------ leaving (engines.feuersalamander.leaving)

    def out(self, state: State) -> list[int]:
        return out_seats(state)

    def leave(self, state: State, seat: Seat, why: str) -> tuple[State, list[Event]]:
        """A seat resigns or forfeits in a game of three or four: it is out and ranks last;
        the others play on. Its turns are skipped (a turn it is in the middle of ends); its
        cards stay in its hand, so it can still be asked and named, and the forced decisions
        that brings (exchange or keep, a discard) are made for it. With one seat left in,
        that seat wins at once."""
        return leaving.leave(state, seat, why)

    # ------------------------------------------------------------ what a seat may see (FS-25)

    def recall(self, record: Any, events: Sequence[Mapping[str, Any]], seat: Seat | None) -> Any:
        """The questions (with the answers `seat` saw) and the claims up to this step, folded
        from the log (engines.feuersalamander.record): kept out of the state so that it stays
        bounded however long the game runs. Version 3 remembers nothing here: its views carry
        both lists (and its question events lack the turn and the losses a record needs)."""
        if self._histories:
            return record
        return record_of.recall(record, events, seat)

    def view(self, state: State, seat: Seat | None) -> View:
        """What `seat` may see of the table now (engines.feuersalamander.view); shares nothing
        with the state. Version 3's also shows the questions and claims of the past."""
        out = seat_view(state, seat, self.id)
        if self._first_day:
            out = firstday.without_additions(out)
        return histories.view_members(state, seat, out) if self._histories else out

    def revealed_view(self, state: State) -> View:
        """Every hand and the stack's order, for a finished game's final screens
        (engines.feuersalamander.revealed); every answer is the reveal's, through `recall`."""
        from engines.feuersalamander.revealed import revealed_view

        if self._histories:
            table = seat_view(state, None, self.id)
            table = firstday.without_additions(table) if self._first_day else table
            spectator = histories.view_members(state, None, table, everything=True)
            return revealed_view(self.id, state, spectator)
        return revealed_view(self.id, state)

    def result(self, state: State) -> dict[str, Any] | None:
        return None if state["result"] is None else dict(state["result"])

    # ------------------------------------------------------------ text

    def parse(self, text: str, view: View) -> Move:
        """The notation read forgivingly (engines.feuersalamander.notation), then checked like
        apply checks it, from the view: what parse returns is a listed move, anything else is
        refused with apply's reason (DESIGN: legal moves are a function of what the seat knows)."""
        if view.get("seat") is None:
            raise IllegalMove("a spectator makes no moves")
        move = notation.parse(text, view)
        legal.check(view["pending"], view["result"], view["seat"], view["seats"], view["hand"], move)
        return move

    def format(self, move: Move) -> str:
        return notation.format(move)

    def describe_event(self, event: Mapping[str, Any]) -> str | None:
        """A log event in words, for `pbem log` (engines.feuersalamander.events)."""
        from engines.feuersalamander import events

        return events.describe(event)

    def describe_move(self, view: View, move: Move) -> str | None:
        """Where a listed move of the figure would land and what that does, from the seat's view
        (engines.feuersalamander.preview)."""
        from engines.feuersalamander.preview import describe_move

        return describe_move(view, move)

    def render(self, view: View, color: bool = False) -> str:
        """The table as this seat sees it; ANSI highlights only when color is true."""
        return render.render(view, color)

    def bots(self) -> dict[str, Any]:
        return {"random": bots.random_bot, "simple": bots.simple_bot}
