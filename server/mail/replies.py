"""A reply by mail with several moves, one a line, played in order until one is refused.

A turn of Siedler or cavemen is several decisions; a reply that carried one would take five
to ten round trips a turn. So a reply's lines are moves, played one after the other, each an
email move of its own at its own head (protocol/email_moves.py: its token is move_token over
that entry's seq and prev, as the log and the audit already check, so the log format is as
for one line). The mailed token authorises the reply: it must be for the head the first line
is played at; the server derives each later line's token itself and records it as used.

A reply's lines are for the turn the mail showed: from the token's (seq, prev) on, the log may
hold only this seat's own entries (the reply's lines, the moves its own answers in advance play
between them). Lines stop being played at the first refused line (the answer says why), when
the turn passes to another seat, when the game ends, and when any entry of another seat came
after the line before (a move its answers in advance played, an out entry: whatever another
seat decided, even where the turn came back): a later line would act on a position its writer
never saw. The answer (or the next your-turn mail) says which lines were not played, and why.

Which lines are moves: the reply's own text above the quoted mail. Quoted lines (`>`) and the
kept token line are skipped; a signature (`-- `), a client's reply header ("On ... wrote:",
"-----Original Message-----", "From: ..."), or a line of the mail being answered, pasted back
without quoting, ends the moves.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from engines.core import IllegalMove
from protocol import steps
from protocol.commitments import move_token
from protocol.story import tell
from server.ledger.ledger import Ledger
from server.ledger.rules import rules_of
from server.mail.notices import public_of
from server.store.models import Entry, Game, Mail, MoveToken, utcnow

LONGEST_LINE = 200  # a move is short; a longer line is no move
MOST_LINES = 40  # more lines than any turn has decisions: the rest is no move
TOKEN_LINE = re.compile(r"token:\s*[0-9a-f]{32}\s*", re.IGNORECASE)
REPLY_HEADER = re.compile(
    r"(on\s.+\swrote:?|.+\sschrieb:?|-{2,}\s*original message\s*-{2,}|_{5,}|from:\s.+|sent:\s.+|von:\s.+)",
    re.IGNORECASE,
)


@dataclass
class Played:
    """What became of a reply's lines (mutable while they are played, then read)."""

    played: list[tuple[str, int, str]] = field(default_factory=list)  # (line, seq, what it did in words)
    refused: tuple[str, str] | None = None  # (line, why)
    left: list[str] = field(default_factory=list)  # not played: the turn passed or the game ended
    left_why: str = ""

    def report(self, game_id: str) -> list[str]:
        """The answer's words, for people: each played line, the refusal and why, what was left."""
        lines = [f"Your reply in game {game_id}:"]
        lines += [f"  played `{line}` (log entry {seq})" + (f": {did}" if did else "") for line, seq, did in self.played]
        if self.refused is not None:
            line, why = self.refused
            lines.append(f"  refused `{line}`: {why}")
        if self.left:
            said = ", ".join(f"`{line}`" for line in self.left)
            lines.append(f"  not played {said}: {self.left_why}" if self.left_why else f"  not played {said}")
        if not self.played and self.refused is None:
            lines.append("  no move in it: write your moves at the top, one a line, above the quoted mail")
        return lines

    def summary(self) -> str:
        """One line for the inbox's record and `pbem-server inbox`'s output."""
        parts = [f"played {', '.join(repr(line) for line, _, _ in self.played)}"] if self.played else []
        if self.refused is not None:
            parts.append(f"refused {self.refused[0]!r}: {self.refused[1]}")
        if self.left:
            parts.append(f"not played {', '.join(repr(line) for line in self.left)}: {self.left_why}")
        return "; ".join(parts) or "no move in the reply"


def mailed_lines(game_id: str, token: str) -> set[str]:
    """The lines of the your-turn mail that carried this token (whitespace squeezed)."""
    row = (
        Mail.select(Mail.message)
        .where((Mail.game == game_id) & (Mail.message.contains(f"token: {token}")))
        .order_by(Mail.id.desc())
        .first()
    )
    if row is None:
        return set()
    body = row.message.split("\n\n", 1)[-1]
    return {" ".join(line.split()) for line in body.splitlines() if line.strip()}


def move_lines(text: str, ours: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """The reply's moves, in order (see the module docstring for what is not a move)."""
    out: list[str] = []
    for raw in text.splitlines():
        if raw.rstrip(" ") == "--":
            break  # a signature
        clean = " ".join(raw.replace("\u00a0", " ").split())
        if not clean or clean.startswith(">") or TOKEN_LINE.fullmatch(clean):
            continue
        if REPLY_HEADER.fullmatch(clean) or clean in ours:
            break
        out.append(clean)
        if len(out) == MOST_LINES:
            break
    return out


def _who(game: Game, seat: Any) -> str:
    return public_of(game).who(seat if isinstance(seat, int) else None)


def play_lines(ledger: Ledger, game: Game, seat: int, lines: list[str], first: MoveToken, mid: str) -> Played:
    """Play `lines` for `seat`, in the caller's transaction with the game locked; the first at
    the head `first` (the mailed token) was issued for, which the caller checked."""
    engine = rules_of(game)
    seed = bytes.fromhex(game.seed)
    out = Played()
    last = game.head_seq  # the entry the line before left: the first line's is the mailed head's
    for n, line in enumerate(lines):
        came = _came_between(game, seat, last) if n else None
        if game.status != "running" or game.to_move != seat or came is not None:
            out.left = lines[n:]
            out.left_why = (
                "the game had ended" if game.status != "running"
                else came if came is not None else f"the turn had passed to {_who(game, game.to_move)}"
            )
            break
        why = _one(ledger, engine, game, seat, line, seed, first if n == 0 else None, mid)
        if isinstance(why, str):
            out.refused = (line, why)
            out.left = lines[n + 1:]
            out.left_why = "a line before it was refused" if out.left else ""
            break
        out.played.append((line, int(why["seq"]), _did(engine, why)))
        last = int(why["seq"])
    return out


def decider(entry: dict[str, Any]) -> int | None:
    """The seat a log entry is the decision (or statement) of or for, None for the server's own
    (the start, an abort, the reveal): a move's, a standing answer's, an email move's, an out entry's."""
    body = entry.get("body") or {}
    seat = body.get("seat", (body.get("envelope") or {}).get("seat"))
    return seat if isinstance(seat, int) and entry.get("type") not in ("genesis", "start", "reveal") else None


def _kind(entry: dict[str, Any]) -> str:
    return str(entry.get("type")) if entry.get("type") != "system" else str((entry.get("body") or {}).get("kind"))


def _came_between(game: Game, seat: int, since: int) -> str | None:
    """Why no more lines are played, in words, when an entry after `since` (the line before's)
    is not this seat's own decision (its email move, a move its own answers in advance played);
    None if every one is."""
    if game.head_seq <= since:
        return None
    rows = Entry.select(Entry.seq, Entry.data).where((Entry.game == game.id) & (Entry.seq > since)).order_by(Entry.seq)
    for row in rows:
        entry = json.loads(row.data)
        kind, other = _kind(entry), decider(entry)
        if other == seat and kind in ("standing", "email_move"):
            continue  # its own decision: still the turn its mail showed
        who = "the server" if other is None else _who(game, other)
        did = {
            "standing": f"{who} decided in between, by an answer given in advance",
            "out": f"the server decided in between for {who}, who left the game",
            "timeout": f"the server decided in between for {who}, out of time",
        }.get(kind, f"{who} decided in between")
        span = f"log entry {row.seq}" if row.seq == game.head_seq else f"log entries {row.seq} to {game.head_seq}"
        return f"{did} ({span}); the lines were for the position your mail showed: look at the new position"
    return None


def _did(engine: Any, entry: dict[str, Any]) -> str:
    """What a played line's entry did, in protocol.story's words for its public events (a
    throw's sticks, a roll's dice: the outcome the player waits for), "" if nothing is told."""
    told = tell(engine, [entry], {})
    bare = tell(engine, [{**entry, "body": {**entry["body"], "events": []}}], {})
    if not told or not bare or told[0] == bare[0]:
        return ""
    return told[0][len(bare[0]) + 2:]


def _one(
    ledger: Ledger, engine: Any, game: Game, seat: int, line: str, seed: bytes, first: MoveToken | None, mid: str
) -> dict[str, Any] | str:
    """Play one line: the new entry, or why it was refused (nothing written then)."""
    if len(line) > LONGEST_LINE:
        return "too long to be a move"
    state = json.loads(game.state)
    try:
        move = engine.parse(line, engine.view(state, seat))
    except IllegalMove as exc:
        return f"cannot be read as a move: {exc.message}"
    except Exception:  # noqa: BLE001 - an engine that chokes on odd text
        return "cannot be read as a move"
    seq = game.head_seq + 1
    try:
        step = steps.email_move(engine, state, seat, move, seed, game.id, (seq, game.head_hash), seats=game.seats)
    except steps.StepError as exc:
        return exc.message
    except IllegalMove as exc:
        return f"not a legal move now: {exc.message}"
    except Exception:  # noqa: BLE001 - nothing is written
        return "the game cannot apply it"
    now = utcnow()
    if first is None:  # a later line: its token is derived here, for its own head, and used at once
        token = move_token(seed, game.id, seq, game.head_hash, seat)
        MoveToken.insert(token=token, game=game.id, seat=seat, seq=seq, prev=game.head_hash).on_conflict_ignore().execute()
        first = MoveToken.get(MoveToken.token == token)
    first.used = now
    first.used_by = mid
    first.save()
    entry = ledger.append_seeded(game, step)
    game.save()
    return entry
