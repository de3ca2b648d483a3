"""Das magische Hexagon: the Engine the server talks to, over the parts of the rules.

Each part of the rules is a module of its own, below this one: state (options, the start,
what a state holds), shape (a move's fields and cell names), placement (MH-6), movement
(MH-8, MH-9, MH-12), burning (MH-10), repetition (MH-11), reveal (the blind game's opening
of burnt wisdoms), turns and ending (MH-12..MH-14), view (what each seat sees), and listing
(the legal moves, from the state or from a seat's view alike).

Moves: {"type": "place", "cell", "value"} (plus "open": true when the game
places openly, see `split_move`), {"type": "step", "from", "to"},
{"type": "jump", "path": [cells, start first]}, {"type": "pass"}.

Blind games (option `blind`, default true, with concealed placements): a
placement's value stays with its owner (owner-held secret, protocol.steps). The
engine gets {"type": "place", "cell", "secret_commit"} and keeps only the
commitment. A push that burns such a wisdom leaves it `pending`: the owner's next
decision is {"type": "reveal", "secrets": [{"commit", "secret": {"value"}, "salt"}]}
(protocol.steps checks each opening against its commitment first); only then are
the points scored and MH-12..MH-14 decided, exactly as they would have been at the
push. A revealed value must be one the owner still has unburnt (MH-5), so a player
who committed values outside his set cannot open them.

Readings of the rulings: MH-11 compares positions as everyone sees them
(colour and kind per cell, values left out), so whether a move is legal never
depends on a concealed value. MH-14 counts movement turns, passes included,
placements not; the game ends once both sides have taken `move_limit` of them.

Jumps: `legal_moves` lists one canonical path per reachable destination
(shortest, first direction in board.DIRECTIONS order wins), and `apply` accepts
that path only (see movement).

Exactness: `apply` accepts exactly the moves `legal_moves` lists, nothing
normalised (cell names as listed, no case folded or space stripped; no extra key;
an int is an int), so a move's signed text has one meaning and carries no message.
Versions (RULES.md "Versions"; PROTOCOL section 19: a version a game has used is frozen, its logs
audit forever). One engine keeps them all, gating the differences by `version`:
  1  the first day (18bffeb; written into pbem-log/2 genesis from c646625 until cab0d98):
     no blind games. Its options are {"wrap", "open_placement", "move_limit"}
     (state.FIRST_DAY_OPTIONS): `blind` is an unknown option, a concealed placement's value
     stays on the server, and no move carries a commitment or reveals (shape.FIRST_DAY_FIELDS);
     so its states, views and events have no `pending`, and nothing is owner-held. Otherwise
     it plays as version 2 plays a game with blind false (its reading of `apply`, `forced`).
  2  released with pbem-log/2 (2026-11-30): `apply` read a cell in any case with spaces
     around it and took a jump along any valid path; `forced` answered every decision with
     one legal move, a concealed placement's too.
  3  `apply` takes exactly the listed moves (see Exactness and movement); `forced` answers
     a placement only when it is placed openly (forced_public): with concealed values, a
     standing entry would tell the table which values the seat still holds.
  4  the rules of 3 unchanged. What changed is the protocol's: a blind placement's signed
     envelope carries its value sealed to its owner's key (protocol.sealing, PROTOCOL 7a), so
     the owner's key alone can still reveal it; a released version never changes, so this is
     a new one and 2 and 3 keep their envelopes of eight members.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from engines.core import BaseEngine, Event, IllegalMove, Move, Rng, Seat, State, View
from engines.magier import bots as _bots
from engines.magier import notation, render
from engines.magier.board import CELLS, FLAMES, START
from engines.magier.listing import moves_of
from engines.magier.movement import apply_movement
from engines.magier.placement import apply_place
from engines.magier.reveal import apply_reveal
from engines.magier.shape import FIELDS, FIRST_DAY_FIELDS, check_shape
from engines.magier.state import (
    DEFAULT_OPTIONS,
    FIRST_DAY_OPTIONS,
    SEAT_NAMES,
    check_options,
    is_blind,
    new_state,
)
from engines.magier.view import split_move, view
from engines.public import turn_and_result

VERSIONS = ("1", "2", "3", "4")  # the rules versions this engine keeps, oldest first (see above)
NEWEST = VERSIONS[-1]


class MagierEngine(BaseEngine):
    """The Engine protocol for Das magische Hexagon (rulings MH-1..MH-15)."""

    id = "magier"
    version = NEWEST
    title = "Das magische Hexagon"
    min_seats = 2
    max_seats = 2

    def __init__(self, version: str = NEWEST) -> None:
        """The engine of one kept rules version: new games get NEWEST, an old game's genesis
        names its own (engines.get(id, version)). `exact` is fixed here, not read from
        `version` at each move, so what a version does cannot change after it is made."""
        if version not in VERSIONS:
            raise ValueError(f"magier keeps rules versions {', '.join(VERSIONS)}, not {version!r}")
        self.version = version
        self.exact = version not in ("1", "2")
        self.forced_any = version in ("1", "2")  # engines.answers.Answers.forced_any
        first_day = version == "1"  # no option blind, no commitments, no reveals
        self.defaults = FIRST_DAY_OPTIONS if first_day else DEFAULT_OPTIONS
        self.fields = FIRST_DAY_FIELDS if first_day else FIELDS

    def options(self) -> dict[str, Any]:
        return dict(self.defaults)

    def check_options(self, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
        return check_options(options, seats, self.defaults)

    def seat_names(self, seats: int) -> list[str]:
        return list(SEAT_NAMES)

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]:
        """No chance in this game: rng is unused."""
        options = check_options(options, seats, self.defaults)
        state = new_state(options)
        starts = {SEAT_NAMES[s]: [CELLS[i] for i in START[s]] for s in (0, 1)}
        flames = [CELLS[i] for i in sorted(FLAMES)]
        return state, [
            Event("setup", {"magicians": starts, "flames": flames, "options": dict(options)})
        ]

    def to_move(self, state: State) -> Seat | None:
        return state["turn"]

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """listing.moves_of on the state: it reads only what view(state, seat) carries."""
        return moves_of(state, seat)

    def forced_public(self, view: View) -> bool:
        """A placement's values are the seat's own unless placed open (the options count the
        values it still holds), so `forced` answers a placement only with `open_placement`;
        a step's options are listed from the board, whose pieces everyone sees
        (engines.answers.forced_public).

        Versions 1 and 2 call every decision public, as `forced` answered before this hook
        existed: it played every single-option decision, and version 2's logs replay with those
        answers (version 1 was released before answers in advance, and plays `forced` as 2)."""
        if self.forced_any:
            return True
        phase = view.get("phase")
        return phase == "movement" or (phase == "placement" and bool((view.get("options") or {}).get("open_placement")))

    def public_mismatch(self, view: View, step: Mapping[str, Any]) -> str | None:
        """Whose turn it is and the result, as the entry names them."""
        deciding = None if view.get("result") is not None else view.get("turn")
        return turn_and_result(view, step, deciding)

    def moves_from_view(self, view: View) -> list[Move]:
        """The same listing.moves_of on the seat's view: equal to legal_moves(state, seat).
        A blind game's view filled from the seat's own store (fill_view) lists only the values
        the seat still holds; the view as the server sends it lists every value, as the server
        does. A spectator (seat None) has no moves."""
        seat = view.get("seat") if isinstance(view, Mapping) else None
        if isinstance(seat, bool) or seat not in (0, 1):
            return []
        return moves_of(view, seat)

    def apply(
        self, state: State, seat: Seat, move: Move, rng: Rng | None = None
    ) -> tuple[State, list[Event]]:
        if state["phase"] == "over":
            raise IllegalMove("the game is over")
        if isinstance(seat, bool) or seat not in (0, 1):
            raise IllegalMove(f"there is no seat {seat!r} in this game")
        if seat != state["turn"]:
            raise IllegalMove(f"it is not your turn: {SEAT_NAMES[state['turn']]} is to move")
        kind = check_shape(move, self.fields)
        pending = state.get("pending") or []
        if pending and kind != "reveal":
            cells = ", ".join(p["cell"] for p in pending)
            raise IllegalMove(
                f"{SEAT_NAMES[seat]} must first reveal the wisdom(s) burnt on {cells} (MH-10): "
                "their value decides the score; the pbem client does it by itself"
            )
        if kind == "reveal":
            return apply_reveal(state, seat, move)
        if kind == "place":
            return apply_place(state, seat, move, self.exact)
        return apply_movement(state, seat, kind, move, self.exact)

    def view(self, state: State, seat: Seat | None) -> View:
        return view(state, seat)

    def split_move(self, move: Move) -> tuple[Move, Any]:
        return split_move(move)

    # Owner-held secrets (protocol.steps, docs/PROTOCOL.md "Owner-held secrets").

    # No chance, and in a blind game every move is public but for the commitments the state
    # keeps as they are: a client replays the state from the signed log alone (client.verify).
    replays_in_public = True

    def owner_held(self, position: Mapping[str, Any], public: Move) -> bool:
        """Whether the secret part of `public` stays with its owner: a concealed placement
        in a blind game. `position` is the state or any seat's view (both carry the options)."""
        options = position.get("options") if isinstance(position, Mapping) else None
        return (
            isinstance(options, Mapping)
            and is_blind(options)
            and isinstance(public, Mapping)
            and public.get("type") == "place"
        )

    def awaiting(self, state: State) -> list[str]:
        """The commitments the seat to move must open now (a reveal is pending), in order."""
        return [p["commit"] for p in state.get("pending") or []]

    def needs_owner(self, state: State) -> bool:
        """Whether the decision now due needs a secret only its owner holds (a reveal, or a
        blind placement): no server bot can make it, so a deadline forfeits it."""
        if state["phase"] == "over" or not is_blind(state["options"]):
            return False
        return bool(state.get("pending")) or state["phase"] == "placement"

    def owner_decides(self, options: Mapping[str, Any]) -> str | None:
        """Why no server bot can play some decisions of a game with these options (its blind
        placements and reveals), or None: a new game's deadline then forfeits, never plays a bot."""
        return "in a blind game no one can place or reveal for you" if is_blind(options) else None

    def fill_view(self, view: View, secrets: list[Mapping[str, Any]]) -> View:
        """The seat's view with what only it knows filled in from its own store (client side)."""
        from engines.magier import blind

        return blind.fill_view(view, secrets)

    def reveal_move(self, view: View, secrets: list[Mapping[str, Any]]) -> tuple[Move | None, list[str]]:
        """The reveal the seat owes (client side): (move, []), (None, cells its store lacks),
        or (None, []) when it owes none."""
        from engines.magier import blind

        return blind.reveal_move(view, secrets)

    def own_moves(self, view: View, moves: list[Move]) -> list[Move]:
        """The listed moves this seat can really make, given its own secrets (client side)."""
        from engines.magier import blind

        return blind.own_moves(view, moves)

    def revealed_view(self, state: State) -> View:
        """The final position with every value the game revealed (engines.magier.revealed):
        all of them unless the game was blind, where unburnt wisdoms are never revealed."""
        from engines.magier.revealed import revealed_view

        return revealed_view(state)

    def describe_move(self, view: View, move: Move) -> str | None:
        """What a listed move would do, from the seat's view: what a step pushes and burns, what
        a jump passes over (engines.magier.preview); None for a placement or a pass."""
        from engines.magier.preview import describe_move

        return describe_move(view, move)

    def result(self, state: State) -> dict[str, Any] | None:
        return None if state["result"] is None else dict(state["result"])

    def parse(self, text: str, view: View) -> Move:
        return notation.parse(text, view)

    def format(self, move: Move) -> str:
        return notation.format(move)

    def describe_event(self, event: Mapping[str, Any]) -> str | None:
        """A log event in words, for `pbem log` (engines.magier.events)."""
        from engines.magier import events

        return events.describe(event)

    def render(self, view: View, color: bool = False) -> str:
        """The board from the viewer's side; ANSI colours only when color is true."""
        return render.render(view, color)

    def bots(self) -> dict[str, Callable[[View, list[Move], random.Random], Move]]:
        return dict(_bots.BOTS)
