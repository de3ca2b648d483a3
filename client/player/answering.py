"""Answers given in advance: what this seat states, signed here, and what is in force, from the log.

A seat's standing answers let the server play some of its decisions at once (a forced throw,
a trade it always declines). What is in force is read from the verified receipt (each seat's
statement pinned from its own signature check), never from the server's word; a new statement
is signed on the verified head, so it cannot be replayed elsewhere in the log.
"""

from __future__ import annotations

import re
from typing import Any

from client import verify
from client.api import ApiError
from client.player.engine import engine_for
from client.player.errors import ClientError, ServerLie
from client.player.pending import Pending


def in_force(engine: Any, receipt: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Each seat's statement in force as the signed log holds it: seat -> {"seq", "answers",
    "texts"}; a seat that revoked all its answers keeps its (empty) statement."""
    out = {}
    for seat, held in sorted((receipt.get("answers") or {}).items(), key=lambda kv: int(kv[0])):
        rules = held.get("answers") or []
        out[int(seat)] = {"seq": held.get("seq"), "answers": rules, "texts": [describe(engine, r) for r in rules]}
    return out


def describe(engine: Any, rule: dict[str, Any]) -> str:
    try:
        return str(engine.describe_rule(rule))
    except Exception:  # noqa: BLE001 - a rule is still named by its kind
        return str(rule.get("kind"))


def short_texts(engine: Any, receipt: dict[str, Any], seat: Any) -> list[str]:
    """The seat's answers in force in short words, for one line under the board (a rule's
    parenthesised detail is left to `pbem answers`)."""
    if not isinstance(seat, int):
        return []
    held = in_force(engine, receipt).get(seat)
    return [re.sub(r"\s*\([^()]*\)$", "", t) for t in (held or {}).get("texts") or []]


class Answering(Pending):
    """Listing and stating this seat's standing answers in one game."""

    def answers(self, game: str) -> dict[str, Any]:
        """The kinds this game answers in advance (the local engine's) and every seat's answers
        in force (the verified log's)."""
        receipt = verify.sync(self.api, self.store, game).receipt
        return self._answers_of(game, receipt)

    def _answers_of(self, game: str, receipt: dict[str, Any]) -> dict[str, Any]:
        engine = engine_for(receipt)
        return {
            "game": game,
            "seat": receipt.get("seat"),
            "status": receipt.get("status"),
            "kinds": engine.answer_kinds(),
            "in_force": in_force(engine, receipt),
        }

    def parse_rules(self, game: str, texts: list[str]) -> list[dict[str, Any]]:
        """Rules from what the player typed, read by the game's own rules (the kept receipt's
        engine: the game's, from its signed genesis)."""
        from engines.answers import BadRule

        receipt = self.store.receipt(game) or verify.sync(self.api, self.store, game).receipt
        engine = engine_for(receipt)
        rules = []
        for text in texts:
            try:
                rules.append(engine.parse_rule(text))
            except BadRule as exc:
                raise ClientError(exc.message) from None
        return rules

    def set_answers(self, game: str, rules: list[dict[str, Any]]) -> dict[str, Any]:
        """Sign `rules` as this seat's whole statement of answers (`[]` revokes them all) on the
        verified head and send it; a head that really moved meanwhile (409, the log shows it) is
        looked at again once. Returns the statement's entry, the answers now in force and what
        the server then played.

        One signed path per decision: the statement is kept until the log holds an entry at its
        seq (client/player/pending.py), and a refusal is judged against the verified log: a 409
        while the head has not moved, or a 403, 404, 400 or 422 for a statement this seat's log
        and rules accept, is a lie (exit 4)."""
        from engines.answers import BadRule
        from protocol.answers import answers_statement, sign_answers

        for attempt in range(2):
            synced = verify.sync(self.api, self.store, game)
            receipt, head = synced.receipt, synced.head
            seat = receipt.get("seat")
            if seat is None:
                raise ClientError(f"you hold no seat in game {game} (its signed log says so): only its players answer in advance")
            status = receipt.get("status")
            if status != "running":
                when = "has not started yet" if status == "open" else "is over"
                raise ClientError(f"game {game} {when}: answers in advance are given while a game runs")
            engine = engine_for(receipt)
            try:
                checked = engine.check_rules(rules)
            except BadRule as exc:
                raise ClientError(exc.message) from None
            statement = answers_statement(game, seat, head["hash"], checked)
            kept = self._before_signing(game, head, "answers", lambda item, signed=statement: item["sent"].get("statement") == signed)
            sig = kept["sent"]["sig"] if kept else sign_answers(statement, self.api.key)  # type: ignore[arg-type]
            item = {"kind": "answers", "seq": head["seq"] + 1, "prev": head["hash"],
                    "sent": {"statement": statement, "sig": sig}}
            try:
                return self._send_answers(game, head, item)
            except ApiError as exc:
                if self.store.pending(game) is not None:  # no verdict: kept, sent again next time
                    raise self.still_unanswered(game, item, exc) from None
                if exc.status == 409 and attempt == 0:
                    continue  # the log moved on (it shows so): sign again on the new head
                raise
        raise ClientError(f"game {game} kept moving while your answers were sent; try again")

    def _send_answers(self, game: str, head: dict[str, Any], item: dict[str, Any]) -> dict[str, Any]:
        """Send the statement `item` signed on `head` (again, if it was kept unanswered)."""
        statement, sig = item["sent"]["statement"], item["sent"]["sig"]
        seat = statement["seat"]
        receipt = self.store.receipt(game) or {}
        engine = engine_for(receipt)
        return self._send_pending(
            game, head, item,
            post=lambda: self.api.answers(game, statement, sig),
            logged=lambda answer: self._after_answers(game, seat, engine, statement, sig, answer, item["seq"]),
            judge=lambda exc: self._answers_lie(game, head, engine, statement, exc),
        )

    def _answers_lie(
        self, game: str, head: dict[str, Any], engine: Any, statement: dict[str, Any], exc: ApiError
    ) -> None:
        """A refusal of the statement signed on `head`, which the verified log has not moved
        past: ServerLie if the log and the seat's own rules contradict it; a 400 or 422 the rules
        agree with settles the statement (it can never be logged)."""
        from engines.answers import BadRule

        receipt = self.store.receipt(game) or {}
        if exc.status in (400, 422):
            try:
                engine.check_rules(statement.get("answers"))
            except BadRule:
                self.store.drop_pending(game)
                return
            reason = "your own rules take every answer it holds"
        elif exc.status == 403:
            reason = f"its signed log gives your key seat {receipt.get('seat')!r}, the seat the statement names"
        elif exc.status == 404:
            reason = "you have just read the game's signed log from it"
        elif exc.status == 409:
            reason = f"the game is {receipt.get('status')} there"
        else:
            return
        raise ServerLie(
            f"the server refused your answers in advance in game {game} ({exc.status}: {exc.detail}), "
            f"but its signed log has not moved from seq {head['seq']}, where you signed them, and "
            f"{reason}: a server that refuses your statement and keeps it may be holding a second "
            "signed path to your decision (your own move, with another throw) to keep the outcome it "
            f"likes; your signed statement and the refusal are kept in {self.store.evidence_path(game)}"
        ) from exc

    def _after_answers(
        self, game: str, seat: int, engine: Any, statement: dict[str, Any], sig: str, answer: Any, seq: int
    ) -> dict[str, Any]:
        """The server's answer checked: the statement is entry `seq` of its log, as signed."""
        from protocol.answers import answers_body
        from protocol.story import Teller

        if isinstance(answer, dict) and isinstance(answer.get("head"), dict):
            # its payloads are the ones from the statement on (those played for me right after
            # it): checked now; any older one still owed is asked for by the next look
            synced = verify.sync(
                self.api, self.store, game, answer.get("payloads") or [], seat=seat, head=answer["head"]
            )
        else:
            synced = verify.sync(self.api, self.store, game, start=seq)
        logged = synced.entry(seq)
        if logged is None:
            synced = verify.sync(self.api, self.store, game, start=seq)
            logged = synced.entry(seq)
        if logged is None or logged.get("type") != "answers" or logged.get("body") != answers_body(statement, sig):
            raise self._kept(game, verify.VerifyError(
                f"the server's answer to your standing answers is not entry {seq} of its log as you signed it"
            ), {"answer": answer, "statement": statement, "sig": sig, "log": synced.entries})
        teller = Teller(engine, {}, 0)
        played = [
            {"seq": e["seq"], "seat": e["body"].get("seat"), "text": teller.move(e["body"].get("move"))}
            for e in synced.entries
            if e["seq"] > seq and e.get("type") == "standing" and isinstance(e.get("body"), dict)
        ]
        return {
            "game": game,
            "seat": seat,
            "entry": seq,
            "head": synced.head,
            "answers": statement["answers"],
            "texts": [describe(engine, r) for r in statement["answers"]],
            "played": played,
            "in_force": in_force(engine, synced.receipt),
        }
