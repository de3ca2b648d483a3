"""What a seat remembers of a game's past (its record), folded from the log it verified.

A view holds only the present: an engine whose history would grow with the game (Der
Feuersalamander's questions, answers and claims from version 4) keeps that history out of its
state and views, and the client rebuilds it here, one log entry at a time, with the engine's
`recall(record, events, seat)`: the entry's public events, plus the private events addressed
to the seat, opened from its checked payloads, in their place. Private events for other eyes
are left out; a finished game's final screens fold every private event the audit's replay
opened (seat None), so that record knows everything.

Pure functions over verified entries and checked payloads: where they come from (the store,
the server) is client/player/recalling.py's job. The record is attached under "record" to a
view that is only drawn or handed to a bot (`with_record`), never to one checked against a
commitment or sent anywhere.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engines.core import BaseEngine
from protocol.server_moves import PLAYED_FOR_YOU
from protocol.standing import ANSWERED

# Private events the protocol adds to a step (a server-made move's concealed part, the position a
# standing answer was checked against): the client's to check, not the game's to remember.
PROTOCOL_KINDS = frozenset({PLAYED_FOR_YOU, ANSWERED})

Opened = Mapping[tuple[int, int], Mapping[str, Any]]  # (seq, index) -> a checked payload


def recaller(engine: Any) -> Any:
    """The engine's `recall`, or None for an engine that keeps no record (none, or BaseEngine's
    default that remembers nothing): then nothing is folded, kept or replayed for it."""
    recall = getattr(engine, "recall", None)
    if not callable(recall) or getattr(type(engine), "recall", None) is getattr(BaseEngine, "recall", None):
        return None
    return recall


def opened(payloads: Sequence[Any]) -> dict[tuple[int, int], Mapping[str, Any]]:
    """Payloads by (seq, index): the seat's checked evidence, or the audit's replayed events."""
    return {
        (p["seq"], p["index"]): p for p in payloads
        if isinstance(p, Mapping) and isinstance(p.get("seq"), int) and isinstance(p.get("index"), int)
    }


def seen_events(entry: Mapping[str, Any], seat: int | None, known: Opened) -> list[dict[str, Any]] | None:
    """The entry's events as `seat` saw them, in log order; None when a private event addressed
    to the seat has no payload yet (owed: the entry cannot be folded before it arrives).

    With seat None every private event in `known` is taken (the audit opened them all)."""
    body = entry.get("body")
    events = body.get("events") if isinstance(body, Mapping) else None
    if not isinstance(events, list):
        return []
    seq = entry.get("seq")
    out: list[dict[str, Any]] = []
    for index, event in enumerate(events):
        if not isinstance(event, Mapping):
            continue
        if "commit" not in event:
            if "kind" in event:
                out.append({"kind": event["kind"], "data": event.get("data") or {}, "to": None})
            continue
        to = event.get("to") or []
        payload = known.get((seq, index))  # type: ignore[arg-type]
        if seat is not None and seat not in to:
            continue  # for other eyes: never part of this seat's record
        if payload is None:
            if seat is None:
                continue  # the audit opened none here: nothing to tell
            return None
        shown = payload.get("event")
        if isinstance(shown, Mapping) and shown.get("kind") not in PROTOCOL_KINDS:
            out.append({"kind": shown.get("kind"), "data": shown.get("data") or {}, "to": shown.get("to")})
    return out


def carries_events(entry: Mapping[str, Any]) -> bool:
    """An entry the record folds: a step with events (the start, a move, a standing entry, a
    server-made step); the genesis, joins, answers and the reveal change nothing remembered."""
    body = entry.get("body")
    return isinstance(body, Mapping) and isinstance(body.get("events"), list)


def fold(
    engine: Any,
    kept: Mapping[str, Any],
    entries: Sequence[Mapping[str, Any]],
    seat: int | None,
    known: Opened,
    upto: int | None = None,
) -> dict[str, Any]:
    """`kept` ({"seq": next seq to fold, "record"}) with the entries from its seq up to `upto`
    (inclusive; default: the last) folded in, stopping before an entry whose private event for
    the seat is still owed. `entries` must hold kept["seq"] unless it is past them all; only
    verified entries and checked payloads may be passed (the caller's promise)."""
    recall = recaller(engine)
    seq, record = int(kept.get("seq") or 0), kept.get("record")
    if recall is None or not entries:
        return {"seq": seq, "record": record}
    first = entries[0].get("seq")
    if not isinstance(first, int) or seq < first:
        raise ValueError(f"the record is folded up to entry {seq}, the entries start at {first}")
    last = first + len(entries) - 1 if upto is None else min(upto, first + len(entries) - 1)
    while seq <= last:
        entry = entries[seq - first]
        if carries_events(entry):
            events = seen_events(entry, seat, known)
            if events is None:
                break  # owed: folded once its payload is here
            record = recall(record, events, seat)
        seq += 1
    return {"seq": seq, "record": record}


def records(
    engine: Any, entries: Sequence[Mapping[str, Any]], private: Mapping[int, Sequence[Any]] | None
) -> Iterator[tuple[int, Any]]:
    """(seq, the record right after entry seq) for every entry of a finished game, folded with
    every private event the audit's replay opened (`private`, protocol.audit.private_events),
    seat None: what the final screens and a replayed position show."""
    recall = recaller(engine)
    known = opened([p for items in (private or {}).values() for p in items])
    record = None
    for entry in entries:
        if recall is not None and carries_events(entry):
            record = recall(record, seen_events(entry, None, known) or [], None)
        yield int(entry.get("seq") or 0), record


def revealed_records(
    engine: Any, data: Mapping[str, Any], private: Mapping[int, Sequence[Any]] | None, seqs: Sequence[int]
) -> dict[int, Any]:
    """The record of everything right after each of `seqs` in a finished game's export (see
    `records`); empty for an engine that keeps none or without the replay's private events."""
    if recaller(engine) is None or private is None:
        return {}
    wanted = set(seqs)
    return {seq: record for seq, record in records(engine, data.get("entries") or [], private) if seq in wanted}


def final_record(engine: Any, export: Mapping[str, Any]) -> Any:
    """The record of everything at a finished game's end (its final screens), from the audit's
    replay of the export; None for an engine that keeps none or a log that is not a complete
    PASS (the replay opens nothing then)."""
    if recaller(engine) is None:
        return None
    from protocol.audit import private_events  # the auditor, for a finished game only

    last = len(export.get("entries") or []) - 1
    return revealed_records(engine, export, private_events(export)[1], [last]).get(last)


def with_record(view: Any, record: Any) -> Any:
    """The view to draw or to hand a bot, with the seat's record attached under "record" (never
    the view checked against the log: only the drawing and the bot get it); as is without one."""
    if record is None or not isinstance(view, Mapping):
        return view
    return {**view, "record": record}
