"""The one interface every game implements, and the chance source they all share.

The server, the client, the bots and the auditor only ever talk to an `Engine`.
Engines are pure: no I/O, no clock, no global random. All chance comes from an
`Rng` that the caller keys, so that an auditor holding the same key replays the
same throws and shuffles byte for byte (docs/PROTOCOL.md, "Rng").
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from engines.answers import Answers

T = TypeVar("T")

Seat = int
Move = dict[str, Any]
State = dict[str, Any]
View = dict[str, Any]


class IllegalMove(Exception):
    """A move the rules refuse; the message is shown to the player as is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadOptions(ValueError):
    """Game options the engine cannot set up; the message is shown as is."""


@dataclass(frozen=True)
class Event:
    """Something that happened, and who may see it.

    `to` is None for a public event, else the seats that may read it. A private
    event appears in the public log only as a commitment.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    to: tuple[int, ...] | None = None

    @property
    def public(self) -> bool:
        return self.to is None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "data": self.data,
            "to": None if self.to is None else sorted(self.to),
        }

    @staticmethod
    def from_json(obj: Mapping[str, Any]) -> Event:
        to = obj.get("to")
        return Event(obj["kind"], dict(obj.get("data") or {}), None if to is None else tuple(to))


class Rng:
    """Deterministic random bits keyed by bytes: HMAC-SHA256(key, counter) blocks.

    Block i is HMAC-SHA256(key, i as 8 bytes big-endian), i = 0, 1, ...; the
    stream is the concatenation of the blocks. Bytes are consumed in order and
    never reused. `randbelow` uses rejection sampling so that every outcome is
    exactly equally likely (no modulo bias).
    """

    def __init__(self, key: bytes) -> None:
        if not isinstance(key, bytes | bytearray) or len(key) == 0:
            raise ValueError("Rng key must be non-empty bytes")
        self._key = bytes(key)
        self._counter = 0
        self._buffer = b""

    def randbytes(self, n: int) -> bytes:
        while len(self._buffer) < n:
            block = hmac.new(self._key, self._counter.to_bytes(8, "big"), hashlib.sha256).digest()
            self._counter += 1
            self._buffer += block
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def randbelow(self, n: int) -> int:
        """Uniform in [0, n): take ceil(bits/8) bytes big-endian, mask to bits, retry if >= n."""
        if n <= 0:
            raise ValueError("randbelow needs n >= 1")
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        nbytes = (bits + 7) // 8
        mask = (1 << bits) - 1
        while True:
            r = int.from_bytes(self.randbytes(nbytes), "big") & mask
            if r < n:
                return r

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates, from the last index down: swap i with randbelow(i + 1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.randbelow(len(items))]


class Engine(Protocol):
    """What a game must provide. States, moves and views are plain JSON data.

    Engines must never mutate the state passed in: `apply` returns a new state.

    Optional: an engine whose seats can leave a game of three or more has
    `leave(state, seat, why) -> (state, events)` (the seat is out: it ranks last, its turns
    are skipped, the others play on; raise IllegalMove for a seat out already or a game over)
    and `out(state) -> list[seat]` (the seats that left, in order). Without them a
    resignation or forfeit ends the game (protocol.steps.lets_leave).

    Optional (BaseEngine's default remembers nothing): `recall(record, events, seat) -> record`
    folds one logged step's events, as `seat` saw them, into what that seat remembers of the
    game (Feuersalamander: the questions asked, the answers it saw, the claims). States and
    views stay bounded however long a game runs (the server serialises them every append), so
    the past a player needs lives in the log: the client folds the verified log and attaches
    the record to a view it draws or hands to a bot as `view["record"]`, never committed.
    `render` and bots work with and without it (absent: nothing remembered).
    """

    id: str
    version: str
    title: str
    min_seats: int
    max_seats: int

    def options(self) -> dict[str, Any]:
        """The options and their defaults, for `pbem new --help` and the API."""
        ...

    def check_options(self, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
        """Complete options with defaults; raise BadOptions for bad ones or a bad seat count."""
        ...

    def seat_names(self, seats: int) -> list[str]:
        """How the seats are called in this game ("red", "black"; "King", ...)."""
        ...

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]: ...

    def to_move(self, state: State) -> Seat | None: ...

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """The moves `seat` may make now; [] when it is not that seat's decision.

        A seat's legal moves are a function of what that seat knows: this list equals
        `moves_from_view(view(state, seat))`, and changing anything the seat cannot see
        changes neither (tested for every engine). Otherwise the list itself would tell
        the seat, and the server that lists it, what the view conceals.
        """
        ...

    def moves_from_view(self, view: View) -> list[Move]:
        """The legal moves of the seat whose view this is, computed from the view alone.

        The client lists, shows and signs its moves from its own verified view with this,
        so the server's list is only a claim to compare. It is the same rules code as
        `legal_moves`, not a second copy. Where a seat's secrets stay in its own store (a
        blind magier game) the view is first filled from that store (`fill_view`), and the
        list then holds the moves the seat can really make. A spectator's view (seat None)
        has no moves.
        """
        ...

    def apply(self, state: State, seat: Seat, move: Move, rng: Rng) -> tuple[State, list[Event]]:
        """The move played: a new state and what happened.

        Accepts exactly the moves `legal_moves` lists, compared as canonical JSON: nothing
        is normalised (no stripped spaces, no folded case, no extra keys), so that a move's
        signed text has one meaning and cannot carry a message. Anything else raises
        IllegalMove with a reason a player understands. protocol.steps checks the same
        membership before it applies a move, on the server and in the audit.
        """
        ...

    def view(self, state: State, seat: Seat | None) -> View: ...

    def split_move(self, move: Move) -> tuple[Move, Any]:
        """(public part, secret part or None). The secret is committed, then revealed at the end."""
        ...

    def merge_move(self, public: Move, secret: Any) -> Move:
        """The inverse of split_move."""
        ...

    def result(self, state: State) -> dict[str, Any] | None: ...

    def parse(self, text: str, view: View) -> Move:
        """Text notation to a move; raise IllegalMove with a helpful message if it cannot be read."""
        ...

    def format(self, move: Move) -> str: ...

    def render(self, view: View, color: bool = False) -> str:
        """The view as text for the terminal; ANSI colours only when color is true.

        Engines do no I/O, so they never look at the terminal or the environment
        themselves: the client decides with `color_wanted` and passes the answer.

        A caller holding the public log may attach the last step to the view it draws, under
        `last`: {"seat", "move": its public part, "events": its public events as logged}; an
        engine whose view records no last move (cavemen) draws its "Last:" line from it, the
        others may ignore it. It is never part of a committed view.
        """
        ...

    def bots(self) -> dict[str, Any]:
        """Bot name -> callable(view, legal_moves, random.Random) -> move.

        Bots play from a seat's view only (never the full state), so a bot
        cannot cheat; their randomness is the client's and is not audited.
        """
        ...


def color_wanted(environ: Mapping[str, str], isatty: bool) -> bool:
    """Whether to colour output: only on a terminal, and never when NO_COLOR is set and
    non-empty (https://no-color.org). Pure: the caller passes os.environ and isatty()."""
    return isatty and not environ.get("NO_COLOR")


class BaseEngine(Answers):
    """Defaults shared by engines whose moves carry no secret part."""

    id = ""
    version = "1"
    title = ""
    min_seats = 2
    max_seats = 2

    def seat_names(self, seats: int) -> list[str]:
        return [f"seat {i}" for i in range(seats)]

    def split_move(self, move: Move) -> tuple[Move, Any]:
        return dict(move), None

    def merge_move(self, public: Move, secret: Any) -> Move:
        if secret is None:
            return dict(public)
        return {**public, **secret}

    def recall(self, record: Any, events: Sequence[Mapping[str, Any]], seat: Seat | None) -> Any:
        """Fold one logged step's events, as `seat` saw them, into what the seat remembers of the
        game: a view shows the table now, and what a player needs of the past (Feuersalamander's
        questions and answers) is in the log, so a view need not grow with the game.

        `record` is the previous record (None before the first step, the genesis); the result is
        the new one, plain JSON data, the old one left unchanged. `events` are one log entry's
        events in log order as {"kind", "data", "to"}: every public event, and in their place the
        private ones addressed to `seat` (opened from its verified payloads); the others are
        absent. seat None is a spectator (public events only), except that for a finished game a
        caller may pass every private event, opened from the reveal.

        The default remembers nothing (the record stays None): engines whose views carry all a
        player needs."""
        return record

    def revealed_view(self, state: State) -> View | None:
        """The spectator's view of `state` with every concealed value face up (every hand, the
        decks' remaining order, face-down identities, private answers), drawn by `render` like
        any view: the final screens of a finished game (show, replay, log, the web page) are
        what players review afterwards, so nothing there may stay hidden.

        Only ever called with a state replayed from a finished, audited log (the seed and
        every secret revealed). None where the engine has none: the client then merges the
        seats' own views into the spectator's."""
        return None

    def public_mismatch(self, view: View, step: Mapping[str, Any]) -> str | None:
        """What in `view`, a seat's view of the position that one log entry produced (checked
        against that entry's commitment), contradicts that entry's public content, in words;
        None when nothing does.

        `step` is what every reader of the log sees of the entry: {"seat": who moved (None for
        the start), "move": its public part (None for the start), "events": its public events
        as logged ({"kind", "data", "to": None}), "to_move": the seat the entry names to move,
        "result": the entry's result or None}. A client checks every committed view it relies
        on with it (the board it shows, the position a standing answer was played from), so a
        false view commitment for one seat (a trade offer nobody made) is caught at once, not
        only by the audit after the reveal.

        It must never call an honest view false (tests/engines/test_public_mismatch.py plays
        random games of every engine and mode and checks every seat's view at every entry).
        The default checks nothing: an engine says what its views show that its log shows too
        (whose turn, the result, a thrown die, a pending offer)."""
        return None

    def describe_move(self, view: View, move: Move) -> str | None:
        """What `move` would do, said from the seat's `view` before it is played, for the list
        of moves (`pbem moves`: a magier step's pushes and burns); None when there is nothing to
        add to the move's own text. It may name only what the view shows.

        Optional: clients look it up with getattr, so an engine without it still works."""
        return None

    def describe_event(self, event: Mapping[str, Any]) -> str | None:
        """One event of the log ({"kind", "data", "to"}) in words, for `pbem log`; None when
        the engine has nothing to say about it (the log then shows the move alone).

        Optional: clients look it up with getattr, so an engine without it still works."""
        return None
