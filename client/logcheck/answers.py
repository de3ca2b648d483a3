"""Answers given in advance: a seat's signed statement (`answers`) and the moves the server plays
by it (`standing`).

A server that may play a seat's moves could play ones the seat never agreed to; so every client
pins each seat's statement in force from its own signature check, refuses a standing move made
by a statement that was replaced or revoked, and, for its own seat, recomputes the move from the
position the server tells it privately (opened against the log's view commitment, and checked
against the public move and events of the entry that produced it) as soon as that payload is
held. Nothing here needs the server's seed: the audit re-checks the rest.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from client.logcheck.errors import TamperError, VerifyError
from client.logcheck.states import is_int, state_entry
from client.logcheck.views import public_contradiction
from protocol.standing import clear_rule_allowed
from protocol.steps import HEX64


def _engine(receipt: dict[str, Any]) -> Any:
    """The local rules of the game (a statement is checked by them, never by the server's)."""
    from client.player.engine import engine_for

    return engine_for(receipt)


def answers_entry(game: str, entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    """A seat's signed statement of its answers: checked with the seat's pinned key at this very
    place in the log (its `prev`), then pinned as the seat's statement in force."""
    from protocol.answers import check_answers
    from protocol.envelope import StepError

    seq = entry["seq"]
    if receipt.get("started") is None:
        raise VerifyError(f"entry {seq}: standing answers before the game started")
    keys = {int(seat): key for seat, key in receipt["players"].items()}
    try:
        seat, rules = check_answers(_engine(receipt), entry["body"], game, entry.get("prev"), keys)
    except StepError as exc:
        raise VerifyError(f"entry {seq}: {exc.message}") from None
    answers = receipt.setdefault("answers", {})
    answers[str(seat)] = {"seq": seq, "answers": rules}


def count_row(entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    """The standing entries in a row before this one (receipt["standing_row"]; an out seat's
    decision between them does not break the row, as protocol.decisions counts it): the server
    plays at most MOST_IN_A_ROW in a row, and the decision it then leaves is the seat's own, so
    one more standing entry there is a second signed path beside the seat's move."""
    from protocol.decisions import row_after
    from protocol.standing import MOST_IN_A_ROW

    row = receipt.get("standing_row") or 0
    kind = str(entry.get("type"))
    if kind == "standing" and row >= MOST_IN_A_ROW:
        raise TamperError(
            f"entry {entry['seq']}: a standing entry after {row} in a row: the server plays at most "
            f"{MOST_IN_A_ROW} in a row, and the decision it then leaves is the seat's own"
        )
    row = row_after(row, kind, entry.get("body"))
    if row:
        receipt["standing_row"] = row
    else:
        receipt.pop("standing_row", None)


def standing_entry(entry: dict[str, Any], receipt: dict[str, Any]) -> None:
    """A move the server played for the seat to move by that seat's statement in force; a step
    like a move. For this player's own seat, what must be recomputed is remembered
    (receipt["standing"]) until the private position it was answered from is held."""
    seq, body = entry["seq"], entry["body"]
    if receipt.get("started") is None:
        raise VerifyError(f"entry {seq}: a standing answer before the game started")
    seat = body.get("seat")
    if not is_int(seat) or seat != receipt.get("to_move") or seat in (receipt.get("out") or []):
        raise VerifyError(
            f"entry {seq}: a standing answer for seat {seat!r}, but seat {receipt.get('to_move')!r} is to move"
        )
    if receipt.get("owner_only"):
        raise VerifyError(
            f"entry {seq}: a standing answer for a decision that needs a secret only its owner holds"
        )
    in_force = (receipt.get("answers") or {}).get(str(seat))
    if in_force is None:
        raise TamperError(f"entry {seq}: the server played a standing answer for seat {seat} that has none in force")
    rules = in_force["answers"]
    named = body.get("answers")
    if named != in_force["seq"] or not rules:
        if not rules:
            how = f"revoked at entry {in_force['seq']}"
        elif is_int(named) and named < in_force["seq"]:
            how = f"replaced at entry {in_force['seq']}"
        else:
            how = f"never stated at entry {named!r} (the statement in force is entry {in_force['seq']})"
        raise TamperError(f"entry {seq}: the server played a standing answer for seat {seat} that it {how}")
    # the rule that played: in the seat's private `answered` event (read when the payload is
    # held); a log written before names it in the clear as `rule`
    rule = body.get("rule")
    if "rule" in body and not clear_rule_allowed(_engine(receipt)):
        raise TamperError(
            f"entry {seq}: the standing entry names the rule that played in the clear, telling the "
            f"table which of seat {seat}'s answers applied; these rules keep it private to the seat"
        )
    if "rule" in body and (not is_int(rule) or not 0 <= rule < len(rules)):
        raise VerifyError(f"entry {seq}: the standing entry names rule {rule!r}, which seat {seat}'s answers do not hold")
    committed = body.get("secret_commit")
    if not isinstance(body.get("move"), dict) or not (
        committed is None or (isinstance(committed, str) and HEX64.fullmatch(committed))
    ):
        raise VerifyError(f"entry {seq}: the standing entry names no move the server played")
    events = body.get("events")
    first = events[0] if isinstance(events, list) and events else None
    if not isinstance(first, dict) or "commit" not in first or first.get("to") != [seat]:
        raise VerifyError(
            f"entry {seq}: the standing entry does not tell seat {seat} privately the position it answered"
        )
    views = receipt.get("views")
    if seat == receipt.get("seat") and isinstance(views, dict):
        pending = list(receipt.get("standing") or [])
        pending.append({
            "seq": seq,
            "index": 0,
            "rule": rule,
            "clear": "rule" in body,
            "rules": rules,
            "move": body["move"],
            "commit": views["commits"][seat],
            "views_seq": views["seq"],
            "public": views.get("public"),
        })
        receipt["standing"] = pending
    state_entry(entry, receipt)


def check_standing(receipt: dict[str, Any], held: Mapping[tuple[int, int], dict[str, Any]]) -> None:
    """Recompute each standing move played for this player's seat whose private position is now
    among the checked payloads `held`; the ones still waiting for it stay in the receipt.

    The position must open the view commitment of the entry before, and the seat's own rules,
    run on it here, must give exactly the rule and the move the log shows: else TamperError."""
    pending = receipt.get("standing") or []
    if not pending:
        return
    left = []
    engine = None
    for item in pending:
        payload = held.get((item["seq"], item["index"]))
        if payload is None:
            left.append(item)
            continue
        engine = engine or _engine(receipt)
        _check_one(engine, item, payload)
    receipt["standing"] = left


def _check_one(engine: Any, item: dict[str, Any], payload: dict[str, Any]) -> None:
    from protocol.outcome import check_view
    from protocol.standing import ANSWERED, first_prescribed
    from protocol.story import Teller

    seq = item["seq"]
    event = payload.get("event")
    data = event.get("data") if isinstance(event, dict) else None
    if not isinstance(event, dict) or event.get("kind") != ANSWERED or not isinstance(data, dict):
        raise TamperError(
            f"TAMPERING: entry {seq}: the server does not tell you the position it played your standing answer from"
        )
    view = data.get("view")
    if not check_view(view, data.get("salt"), item["commit"]):
        raise TamperError(
            f"TAMPERING: entry {seq}: the position the server says it played your standing answer from "
            f"is not the one its log committed to for you at entry {item['views_seq']}"
        )
    wrong = public_contradiction({"engine": engine.id}, view, item.get("public"))
    if wrong is not None:
        raise TamperError(
            f"TAMPERING: entry {item['views_seq']}: the position its log committed to for you, from which "
            f"entry {seq} played your standing answer, contradicts that entry's public move and events: {wrong}"
        )
    rules = item["rules"]
    rule = item["rule"] if item.get("clear", True) else data.get("rule")
    if not is_int(rule) or not 0 <= rule < len(rules):
        raise TamperError(
            f"TAMPERING: entry {seq}: the server tells you your standing answer number {rule!r} played, "
            f"which your answers do not hold"
        )
    teller = Teller(engine, {}, 0)
    played = teller.move(item["move"])
    said = f"TAMPERING: entry {seq} played '{played}' for you by your standing answer '{_words(engine, rules[rule])}'"
    try:
        found = first_prescribed(engine, view, rules) if isinstance(view, dict) else None
    except Exception:  # noqa: BLE001 - a position the rules cannot read prescribes nothing
        found = None
    if found is None:
        raise TamperError(f"{said}, but your answers prescribe nothing here")
    index, move = found
    public = engine.split_move(move)[0]
    text = teller.move(public)
    if index != rule:
        raise TamperError(
            f"{said}, but the first of your answers that applies here is '{_words(engine, rules[index])}', "
            f"which prescribes '{text}'"
        )
    if _same(public) != _same(item["move"]):
        raise TamperError(f"{said}, but that answer prescribes '{text}' here")


def _words(engine: Any, rule: Any) -> str:
    try:
        return str(engine.describe_rule(rule))
    except Exception:  # noqa: BLE001 - the rule's kind still names it
        return str(rule.get("kind") if isinstance(rule, dict) else rule)


def _same(value: Any) -> str:
    """One text per JSON value (`true` is not `1`): how the played and the prescribed move compare."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
