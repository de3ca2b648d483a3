"""One signed path per decision, at the seat's own head: a decision its own answers prescribe is
never left for it to play.

The honest server plays a standing answer in the same transaction as the entry that made the
decision due (server/ledger/ledger.py `after_append`), so no head a client is shown rests at a
decision that the seat to move answers in advance, except after MOST_IN_A_ROW standing entries
in a row (the server's cap). A head that rests there anyway is a server holding the decision
open for a second path (the seat's own signed move, with another random key, beside the
standing entry it owes): the seat's client says so at once (TamperError) and signs nothing
there. What is checked is the seat's own verified view (opened against the log's commitment)
and its statement in force as the verified log holds it; nothing needs the seed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from client.logcheck.errors import TamperError

Entries = Callable[[int], list[dict[str, Any]]]  # the verified log from a seq on


def check_not_withheld(receipt: dict[str, Any], view: Any, log_from: Entries) -> None:
    """At the verified head of `receipt`, with the seat's verified `view`: TamperError if the
    seat is to move and its own statement in force prescribes a move its rules list, and the
    head is not explained by the cap (`log_from(seq)` gives the verified entries from seq on,
    asked only then)."""
    from protocol.standing import MOST_IN_A_ROW

    seat = receipt.get("seat")
    if receipt.get("status") != "running" or not isinstance(seat, int) or receipt.get("to_move") != seat:
        return
    if receipt.get("owner_only") or seat in (receipt.get("out") or []) or not isinstance(view, dict):
        return  # a decision only its owner can make, or a seat that left: never answered in advance
    held = (receipt.get("answers") or {}).get(str(seat))
    rules = (held or {}).get("answers") or []
    if not rules:
        return
    found = _prescribed(receipt, view, rules)
    if found is None:
        return
    head = int(receipt["seq"])
    seats = receipt.get("seats") if isinstance(receipt.get("seats"), int) else 2
    start = max(0, head - MOST_IN_A_ROW * max(seats, 2))
    if in_a_row(log_from(start), head) >= MOST_IN_A_ROW:
        return  # the server's cap: after that many in a row the seat decides itself
    index, move, text = found
    raise TamperError(
        f"TAMPERING: the log rests at entry {head} on your decision, which your answer in advance "
        f"'{text}' (entry {held.get('seq')!r}, rule {index}) prescribes: '{move}'. The server must "
        "play it at once, in the same step as the entry that made it due; a server that leaves it "
        "open is holding it for a second signed path (your own move, with another throw) to keep "
        "the outcome it likes. Nothing is signed here"
    )


def _prescribed(receipt: dict[str, Any], view: dict[str, Any], rules: list[dict[str, Any]]) -> tuple[int, str, str] | None:
    """(rule index, the move in notation, the rule in words) when the seat's first applying
    rule gives a move its own rules list from its view; None otherwise, or when the rules
    cannot say (the honest server then asks the seat, too)."""
    from client.legal import find, format_move, own_moves
    from client.player.engine import engine_for
    from protocol.standing import first_prescribed

    engine = engine_for(receipt)
    try:
        found = first_prescribed(engine, view, rules)
        if found is None or find(engine, view, own_moves(engine, view), found[1]) is None:
            return None
        text = str(engine.describe_rule(rules[found[0]]))  # type: ignore[attr-defined]
        return found[0], format_move(engine, found[1]), text
    except Exception:  # noqa: BLE001 - an engine that fails on the rule: the server asks the seat too
        return None


def in_a_row(entries: list[dict[str, Any]], head: int) -> int:
    """How many standing entries end the log at `head` (protocol.decisions.row_after: an out
    seat's decision between them does not break the row)."""
    from protocol.decisions import row_after

    row = 0
    for entry in entries:
        if isinstance(entry, dict) and isinstance(entry.get("seq"), int) and entry["seq"] <= head:
            row = row_after(row, str(entry.get("type")), entry.get("body"))
    return row
