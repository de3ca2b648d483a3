"""What makes a your-turn mail playable from the mail alone, from public data only.

A player who answers by mail has no client open: the mail must show the board, what happened
since their last move, the time left and a move they can type. Mail is plaintext, so every
part here comes from the public log or the spectator view, never from the seat's view:

- the board: the engine's text render of `engine.view(state, None)`, without colour;
- the story: protocol.story `tell` over the public log since the seat's last own moves
  (those included, so a reply's lines are confirmed), the words the terminal uses; the moves
  its standing answers played meanwhile are told as played for it;
- the clock: when the decision is due, from the game's Clock row;
- an example: a legal move of the seat whose text names only public things (a step on the
  board, "end phase", "roll"), or a form with placeholders when every legal move would name a
  card in the hand; or that this decision needs the pbem client (a blind game's placement
  commits a value the server must never hold; a reveal opens the owner's secrets).
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from collections.abc import Iterator
from typing import Any

from protocol.blind import needs_owner, owner_decides
from protocol.email_moves import email_move
from protocol.story import tell
from server.ledger.rules import rules_of
from server.mail.texts import Turn
from server.store.models import BotLease, Clock, Entry, Game, InboxMessage, MoveToken, utcnow
from server.store.prepared import Prepared

log = logging.getLogger(__name__)

STORY_LINES = 30  # the newest lines of a long history; the rest is one line saying how many

# Move types whose text names only what everybody sees (the board, the phase): quoted as they are.
PUBLIC_TYPES: dict[str, tuple[str, ...]] = {
    "cavemen": ("step", "side", "attack", "extinguish", "end"),
    "siedler": ("roll", "keep", "end", "done", "accept", "decline", "search", "draw", "place"),
    "feuersalamander": ("throw", "keys", "home", "on", "move", "noquestion", "noclaim", "ask"),
    "magier": ("step", "jump"),
}
# The form of a move whose text would name a concealed thing (a card in the hand, a value).
FORMS: dict[tuple[str, str], str] = {
    ("cavemen", "place"): "place CARD P0 r1 (a card of your hand, a free place)",
    ("cavemen", "discard"): "discard CARD (a card of your hand)",
    ("cavemen", "cave"): "cave A4",
    ("siedler", "take"): "take CARD CARD CARD (the cards you keep)",
    ("siedler", "offer"): "offer 1 lumber for 1 wool",
    ("siedler", "build"): "build road left",
    ("siedler", "expand"): "expand CARD on 1 above",
    ("siedler", "play"): "play CARD left",
    ("siedler", "trade"): "trade bank 3 gold for lumber",
    ("siedler", "exchange"): "exchange CARD pile 1",
    ("siedler", "choose"): "choose lumber",
    ("feuersalamander", "discard"): "discard row N (a card of your hand)",
    ("feuersalamander", "claim"): "claim queen:fire own:row3 queen:two-stone",
    ("feuersalamander", "stone"): "stone air 3 two",
    ("magier", "place"): "place CELL VALUE (a wisdom of your hand)",
}


def bot_plays(game_id: str, seat: int, now: dt.datetime | None = None) -> bool:
    """Whether `pbem bot` holds a running lease on this seat (server/http/bot_api.py): then no
    your-turn mail, reminder or warning goes to its player."""
    now = now or utcnow()
    return BotLease.select().where(
        (BotLease.game == game_id) & (BotLease.seat == seat) & (BotLease.until > now)
    ).exists()


def board_text(engine: Any, view: dict[str, Any] | None) -> str | None:
    if view is None:
        return None
    try:
        try:
            return str(engine.render(view, color=False)).rstrip("\n")
        except TypeError:  # an engine whose render takes no colour
            return str(engine.render(view)).rstrip("\n")
    except Exception:  # noqa: BLE001 - a mail without its board rather than no mail
        log.warning("engine %s: the spectator render failed", getattr(engine, "id", "?"))
        return None


def _actor(entry: dict[str, Any]) -> int | None:
    """The seat whose own decision this entry is. A move a standing answer played is not one
    (the server played it, the seat was never asked: the story goes on past it, so the seat reads
    what was played for it), nor is a statement of answers (no move)."""
    body = entry.get("body") or {}
    if entry.get("type") == "move":
        seat = (body.get("envelope") or {}).get("seat")
    elif entry.get("type") == "system":
        seat = body.get("seat", (body.get("envelope") or {}).get("seat"))
    else:
        return None
    return seat if isinstance(seat, int) else None


NEWEST_ENTRIES = Prepared(  # the newest `count` entries up to `seq`, newest first
    lambda game_id, seq, count: Entry.select(Entry.seq, Entry.data)
    .where((Entry.game == game_id) & (Entry.seq <= seq))
    .order_by(Entry.seq.desc())
    .limit(count)
)
LAST_USED_TOKEN = Prepared(  # the seat's newest used move token up to a seq
    lambda game_id, seat, upto: MoveToken.select()
    .where((MoveToken.game == game_id) & (MoveToken.seat == seat) & MoveToken.used.is_null(False) & (MoveToken.seq <= upto))
    .order_by(MoveToken.seq.desc())
    .limit(1)
)
INBOX_BY_ID = Prepared(lambda message_id: InboxMessage.select().where(InboxMessage.message_id == message_id).limit(1))
CLOCK_OF = Prepared(lambda game_id: Clock.select().where(Clock.game == game_id).limit(1))


def _newest_first(game: Game, batch: int = 16, most: int = 400, upto: int | None = None) -> Iterator[dict[str, Any]]:
    """The game's entries up to `upto` (default: its head), newest first, read a few at a time:
    a story usually needs only the steps since the seat's last move, and a long game's entries
    are large."""
    seq = game.head_seq if upto is None else upto
    while seq >= 0 and most > 0:
        rows = NEWEST_ENTRIES.rows(game.id, seq, min(batch, most))
        if not rows:
            return
        for row in rows:
            yield json.loads(row.data)
        seq = rows[-1].seq - 1
        most -= len(rows)


def story_since(
    game: Game, seat: int | None, names: dict[int, str], upto: int | None = None
) -> tuple[list[str], int | None]:
    """The public history since `seat` last moved (all of it for a seat that has not moved
    yet) up to `upto` (default: the head), in protocol.story's words, newest STORY_LINES lines;
    and the seq of the first of the seat's last own moves (None if it has not moved), where its
    last reply's record is looked for."""
    taken: list[dict[str, Any]] = []
    first_own = None
    for entry in _newest_first(game, upto=upto):
        mine = seat is not None and _actor(entry) == seat
        if mine:
            first_own = entry.get("seq")
        elif first_own is not None:
            break
        if first_own is None:
            taken.append(entry)
    engine = rules_of(game)
    # told to the seat itself: the moves its standing answers played are "played for you"
    lines = tell(engine, list(reversed(taken)), names, reader=seat)
    if len(lines) > STORY_LINES:
        hidden = len(lines) - STORY_LINES
        lines = [f"({hidden} earlier step(s): `pbem log {game.id}`)"] + lines[-STORY_LINES:]
    return lines, first_own if isinstance(first_own, int) else None


def last_reply(game: Game, seat: int, since_seq: int | None, upto: int | None = None) -> str | None:
    """What became of the seat's last reply by mail, when its moves are the seat's last ones
    (a reply played to the end of the turn gets no answer of its own: this is where it is told),
    as it stood at `upto` (default: the head)."""
    if since_seq is None:
        return None
    row = LAST_USED_TOKEN.first(game.id, seat, game.head_seq + 1 if upto is None else upto)
    if row is None or row.seq < since_seq or not row.used_by:
        return None
    message = INBOX_BY_ID.first(row.used_by)
    return f"Your last reply: {message.reason}." if message is not None else None


def _span(delta: dt.timedelta) -> str:
    minutes = max(0, int(delta.total_seconds() // 60))
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h"
    return f"{hours} h {mins} min" if hours else f"{mins} min"


def due_words(
    game: Game, seat: int, now: dt.datetime | None = None, started_by: dt.datetime | None = None,
    state: dict[str, Any] | None = None,
) -> str | None:
    """When the seat's decision is due, as of `now`; with `started_by`, only for a clock that
    started by then (a mail composed later is not about a decision that came after it). What
    happens then: a released blind game's genesis may promise a bot, but its placements and
    reveals forfeit (`bot_cannot`, with the decision's `state`)."""
    row = CLOCK_OF.first(game.id)
    if row is None or row.seat != seat or row.expires_at is None:
        return None
    if started_by is not None and (row.started is None or row.started > started_by):
        return None
    now = now or utcnow()
    left = row.expires_at - now
    at = row.expires_at.strftime("%Y-%m-%d %H:%M UTC")
    then = "you forfeit the game" if row.on_expiry == "forfeit" else "the server plays a random legal move for you"
    why = bot_cannot(game, row.on_expiry, state)
    if why:
        then = f"you forfeit: {why}"
    return f"Decide by {at} ({_span(left)} left); then {then}."


def bot_cannot(game: Game, on_expiry: str, state: dict[str, Any] | None) -> str | None:
    """Why no bot can make the decision now due although the deadline says "bot" (a released
    blind game's placement or reveal: it forfeits, server/clock/sweeper.py), or None. Without the
    state, any decision of a game that has such decisions (protocol.blind.owner_decides)."""
    if on_expiry != "bot":
        return None
    engine = rules_of(game)
    try:
        why = owner_decides(engine, json.loads(game.options) if game.options else {})
    except Exception:  # noqa: BLE001 - an engine that cannot say: as the genesis says
        return None
    if why is None or (state is not None and not needs_owner(engine, state)):
        return None
    return why


def _mailable(engine: Any, state: dict[str, Any], seat: int, move: dict[str, Any], seats: int) -> bool:
    """Whether the server would play this move's text from a mail, as `pbem-server inbox`
    reads and plays it (a blind placement's text names a value the server must never hold)."""
    try:
        parsed = engine.parse(engine.format(move), engine.view(state, seat))
        email_move(engine, state, seat, parsed, b"\0" * 32, "0" * 16, (1, "0" * 64), seats=seats)
    except Exception:  # noqa: BLE001 - refused (StepError, IllegalMove) or choked on: no example
        return False
    return True


def examples(engine: Any, state: dict[str, Any], seat: int, seats: int) -> tuple[list[str], bool]:
    """Up to two moves (or forms) to quote, and whether the decision needs the client."""
    if needs_owner(engine, state):
        return [], True
    try:
        moves = list(engine.legal_moves(state, seat))
    except Exception:  # noqa: BLE001 - no example rather than no mail
        return [], False
    public = PUBLIC_TYPES.get(engine.id, ())
    quoted: dict[str, str] = {}  # one move of each type, the first two types met ("end" last)
    forms: list[str] = []
    tried = 0
    for move in moves:
        kind = str(move.get("type")) if isinstance(move, dict) else ""
        if kind in public:
            if kind not in quoted and len(quoted) < 2 and _mailable(engine, state, seat, move, seats):
                quoted[kind] = engine.format(move)
        else:
            form = FORMS.get((engine.id, kind))
            if form and form not in forms and tried < 3:
                tried += 1
                if _mailable(engine, state, seat, move, seats):
                    forms.append(form)
        if len(quoted) >= 2:
            break
    quoted = dict(sorted(quoted.items(), key=lambda item: item[0] == "end"))
    shown = (forms[:1] + list(quoted.values()))[:2]
    if not shown and moves and not any(_mailable(engine, state, seat, m, seats) for m in moves[:3]):
        return [], True
    return shown, False


def turn_parts(
    game: Game, seat: int, names: dict[int, str], view: dict[str, Any] | None,
    at: tuple[int, dict[str, Any] | None, dt.datetime] | None = None, clock_at: dt.datetime | None = None,
) -> Turn:
    """The seat's parts of its your-turn mail at the game's head, or `at` (seq, the state then,
    the time then) for a mail composed after the game may have moved on (server/mail/causes.py).
    `clock_at`: the game clock's time then, when it was not the real one (a `pbem-server tick
    --now` that started the seat's clock ahead): its deadline is the clock that started by then,
    and the time left is counted from the real time."""
    engine = rules_of(game)
    if at is None:
        upto, state, now, started_by = None, json.loads(game.state) if game.state else None, None, None
    else:
        upto, state, now = at
        started_by = now if clock_at is None else max(now, clock_at)
    # the examples cost a dry run of each quoted move: only a game that takes moves by mail shows them
    shown, needs = examples(engine, state, seat, game.seats) if state is not None and game.email_moves else ([], False)
    story, since = story_since(game, seat, names, upto)
    return Turn(
        board=board_text(engine, view),
        story=story,
        reply=last_reply(game, seat, since, upto),
        due=due_words(game, seat, now, started_by, state),
        examples=shown,
        needs_client=needs,
    )
