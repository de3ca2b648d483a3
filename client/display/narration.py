"""A game's history in words: who joined, each move with the player's name, what it did, the
reveal; the reader's own concealed parts and the private events they were shown.

Read from the signed entries (as the verified receipt and the local evidence store hold
them, or as an export read offline holds them); the engine puts the moves and events in words.
"""

from __future__ import annotations

import json
from typing import Any

from client.legal import format_move
from protocol.steps import PLAYED_FOR_YOU


class History:
    """What `pbem log` needs to tell a game in words: the engine, who sits where (from the
    signed joins, as the verified receipt holds them), and the reader's own concealed parts
    (their move secrets and checked private payloads, from the local evidence store)."""

    def __init__(self, receipt: dict[str, Any], evidence: dict[str, Any]) -> None:
        from client.play import ClientError, local_engine

        try:
            self.engine: Any = local_engine(str(receipt.get("engine")))
        except ClientError:
            self.engine = None
        seats = int(receipt.get("seats") or 0)
        try:
            self.seat_names = list(self.engine.seat_names(seats)) if self.engine else []
        except Exception:  # noqa: BLE001 - the seat numbers still say who
            self.seat_names = []
        self.names: dict[str, str] = dict(receipt.get("names") or {})
        self.me = receipt.get("seat")
        self.secrets = {s["seq"]: s for s in evidence.get("secrets") or [] if isinstance(s.get("seq"), int)}
        self.payloads = {
            (p["seq"], p["index"]): p for p in evidence.get("payloads") or []
            if isinstance(p.get("seq"), int) and isinstance(p.get("index"), int)
        }
        # seq -> {"secret"}: what the server played in the reader's name (checked by verify)
        self.told = {
            seq: {"secret": p["event"]["data"]["secret"]}
            for (seq, _), p in self.payloads.items()
            if isinstance(p.get("event"), dict) and p["event"].get("kind") == PLAYED_FOR_YOU
        }
        self.describe = getattr(self.engine, "describe_event", None)
        self.played: dict[int, tuple[Any, Any]] = {}  # seq -> (seat, public move), for the reveal

    def who(self, seat: Any) -> str:
        """'ada (red)'; 'seat 1 (black)' before anybody sat there."""
        if not isinstance(seat, int):
            return f"seat {seat}"
        name = self.names.get(str(seat)) or f"seat {seat}"
        colour = self.seat_names[seat] if 0 <= seat < len(self.seat_names) else f"seat {seat}"
        return f"{name} ({colour})" if colour != name else name

    def move(self, move: Any) -> str:
        if self.engine is None or not isinstance(move, dict):
            return json.dumps(move, sort_keys=True)
        return format_move(self.engine, move)

    def full_move(self, public: Any, secret: Any) -> str:
        try:
            return self.move(self.engine.merge_move(public, secret)) if self.engine else json.dumps(secret)
        except Exception:  # noqa: BLE001 - the secret is still shown
            return json.dumps(secret, sort_keys=True)

    def concealed(self, seq: Any, public: Any, committed: bool) -> str:
        """' + concealed part', with the reader's own secret when it is theirs (kept when the
        reader moved, or told privately when the server moved for the reader's seat)."""
        if not committed:
            return ""
        mine = self.secrets.get(seq) or self.told.get(seq)
        if mine is not None:
            return f" + concealed part (yours: {self.full_move(public, mine.get('secret'))})"
        return " + concealed part"

    def event(self, event: dict[str, Any]) -> str | None:
        if self.describe is None:
            return None
        try:
            return self.describe(event)  # type: ignore[no-any-return]
        except Exception:  # noqa: BLE001 - an event the engine cannot tell is left out
            return None

    def events(self, seq: Any, events: list[Any]) -> list[str]:
        """The public events in words, and the private ones the reader was shown."""
        lines = []
        others = 0
        for index, event in enumerate(events):
            if not isinstance(event, dict):
                continue
            if "commit" not in event:
                text = self.event(event)
                if text:
                    lines.append(text)
                continue
            payload = self.payloads.get((seq, index))
            if payload is None:
                others += 1
                continue
            if (payload.get("event") or {}).get("kind") == PLAYED_FOR_YOU:
                continue  # told on the entry's own line: "concealed part (yours: ...)"
            text = self.event(payload.get("event") or {})
            readers = [s for s in payload.get("to") or [] if s != self.me]
            seen = "only you see this" if not readers else "seen by you and " + ", ".join(self.who(s) for s in readers)
            lines.append(f"{text or json.dumps(payload.get('event'), sort_keys=True)}  [{seen}]")
        if others and self.describe is not None:
            lines.append(f"({others} private event(s) for other eyes)")
        return lines


def entry_words(entry: dict[str, Any], h: History) -> tuple[str, list[str]]:
    """One entry in words (the line) and what happened in it (the lines under it)."""
    body, kind, seq = entry.get("body") or {}, entry.get("type"), entry.get("seq")
    what = ""
    details: list[str] = []
    if kind == "genesis":
        title = getattr(h.engine, "title", None) or body.get("engine")
        what = (
            f"{title} ({body.get('engine')} v{body.get('engine_version')}) created: "
            f"{body.get('seats')} seats, options {json.dumps(body.get('options'), sort_keys=True)}"
        )
        deadline = body.get("deadline")
        if isinstance(deadline, dict):
            what += f"; {deadline.get('days')} day(s) per decision, then {deadline.get('on_expiry')}"
        if body.get("email_moves"):
            what += "; moves by email allowed"
    elif kind == "join":
        seat = body.get("seat")
        colour = h.seat_names[seat] if isinstance(seat, int) and 0 <= seat < len(h.seat_names) else ""
        what = f"{body.get('name')} takes seat {seat}" + (f" ({colour})" if colour else "")
        if seat == h.me:
            what += " - you"
    elif kind == "start":
        to_move = body.get("to_move")
        what = "the game starts" + (f"; {h.who(to_move)} to move" if isinstance(to_move, int) else "")
    elif kind == "move":
        env = body.get("envelope") or {}
        seat = env.get("seat")
        what = f"{h.who(seat)}: {h.move(env.get('move') or {})}"
        what += h.concealed(seq, env.get("move"), bool(env.get("secret_commit")))
        h.played[seq] = (seat, env.get("move"))
    elif kind == "system":
        system = body.get("kind")
        seat = body.get("seat")
        what = str(system)
        if isinstance(body.get("move"), dict):
            h.played[seq] = (seat, body.get("move"))
        if system == "timeout":
            what = f"timeout: {h.who(seat)} out of time, the server played {h.move(body.get('move') or {})}"
            what += h.concealed(seq, body.get("move"), bool(body.get("secret_commit")))
        elif system == "out":
            what = f"out: {h.who(seat)} has left, the server played {h.move(body.get('move') or {})}"
            what += h.concealed(seq, body.get("move"), bool(body.get("secret_commit")))
        elif system == "email_move":
            what = f"{h.who(seat)}: {h.move(body.get('move') or {})} (by email, server-attested)"
            what += h.concealed(seq, body.get("move"), bool(body.get("secret_commit")))
        elif system == "forfeit":
            what = f"forfeit: {h.who(seat)} out of time"
        elif system == "resign":
            leaver = (body.get("envelope") or {}).get("seat")
            if "views" in body:
                what = f"resign: {h.who(leaver)} leaves the game, the others play on"
            else:
                what = f"resign: {h.who(leaver)} resigns"
        elif system == "abort":
            what = "abort: the game is aborted, nobody wins"
        if system in ("abort", "resign", "forfeit") and isinstance(body.get("result"), dict):
            what += f" ({body['result'].get('reason')})"
    elif kind == "reveal":
        result = body.get("result")
        winner = result.get("winner") if isinstance(result, dict) else None
        told = "a draw" if winner is None else f"{h.who(winner)} won"
        if isinstance(result, dict) and result.get("scores") is not None:
            told += f", scores {result['scores']}"
        if isinstance(result, dict) and result.get("reason"):
            told += f" ({result['reason']})"
        secrets = body.get("secrets") or []
        what = f"the reveal: {told}; the server's seed and {len(secrets)} concealed part(s) made public"
        for item in secrets:
            if not isinstance(item, dict):
                continue
            played = h.played.get(item.get("seq"))  # type: ignore[arg-type]
            if played is None:
                details.append(f"entry {item.get('seq')}: {json.dumps(item.get('secret'), sort_keys=True)}")
            else:
                details.append(f"entry {item.get('seq')}, {h.who(played[0])}: {h.full_move(played[1], item.get('secret'))}")
    details = h.events(seq, body.get("events") or []) + details
    return f"{seq:>4}  {kind:<8} {entry.get('ts', '')}  {what}", details


def export_history(data: dict[str, Any]) -> History:
    """History for an export read offline: names from its signed joins, no reader's secrets."""
    entries = data.get("entries") or []
    genesis = (entries[0].get("body") or {}) if entries else {}
    names = {
        str(e["body"].get("seat")): str(e["body"].get("name"))
        for e in entries if e.get("type") == "join" and isinstance(e.get("body"), dict)
    }
    return History({"engine": genesis.get("engine"), "seats": genesis.get("seats"), "names": names}, {})


def words(data: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """Every entry of an export in words, told in order (the reveal cites earlier moves)."""
    history = export_history(data)
    return [entry_words(entry, history) for entry in data.get("entries") or []]


def entry_lines(words: tuple[str, list[str]]) -> list[str]:
    """An entry's line, then what happened in it, indented under it."""
    line, details = words
    return [line] + [f"{'':>6}{'':<9}- {detail}" for detail in details]
