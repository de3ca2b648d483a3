"""A game's history in words for `pbem log`: each step in the one wording the terminal, the mail
and the web pages share (protocol.story), plus what only the log adds: the entry's number,
kind and time, who signed it (a player, or the server attesting a mail), the reader's own
concealed parts and the private events they were shown, and, once the game is over, what every
private event was (recomputed by the audit's replay, so everybody may read them then).

Read from the signed entries (as the verified receipt and the local evidence store hold
them, or as an export read offline holds them).
"""

from __future__ import annotations

from typing import Any

from client.display.status import scores_text
from client.legal import format_move
from protocol.steps import PLAYED_FOR_YOU
from protocol.story import ANSWERED_INDEX, Teller, sentence

CONCEALED = " (with a concealed part)"


class History:
    """What `pbem log` needs to tell a game in words: the engine, who sits where (from the
    signed joins, as the verified receipt holds them), the reader's own concealed parts (their
    move secrets and checked private payloads, from the local evidence store) and, for a
    finished game, every private event as the audit's replay recomputed it (`revealed`)."""

    def __init__(
        self,
        receipt: dict[str, Any],
        evidence: dict[str, Any],
        revealed: dict[int, list[dict[str, Any]]] | None = None,
        entries: list[dict[str, Any]] | None = None,
    ) -> None:
        from client.play import ClientError, engine_for

        try:
            self.engine: Any = engine_for(receipt)
        except ClientError:
            self.engine = None
        seats = int(receipt.get("seats") or 0)
        self.names: dict[str, str] = dict(receipt.get("names") or {})
        self.teller = Teller(self.engine, self.names, seats)
        self.seat_names = self.teller.colours
        self.me = receipt.get("seat")
        self.secrets = {s["seq"]: s for s in evidence.get("secrets") or [] if isinstance(s.get("seq"), int)}
        self.payloads = {
            (p["seq"], p["index"]): p for p in evidence.get("payloads") or []
            if isinstance(p.get("seq"), int) and isinstance(p.get("index"), int)
        }
        self.revealed = {
            (p["seq"], p["index"]): p for items in (revealed or {}).values() for p in items
            if isinstance(p.get("seq"), int) and isinstance(p.get("index"), int)
        }
        # seq -> {"secret"}: what the server played in the reader's name (checked by verify)
        self.told = {
            seq: {"secret": p["event"]["data"]["secret"]}
            for (seq, _), p in self.payloads.items()
            if isinstance(p.get("event"), dict) and p["event"].get("kind") == PLAYED_FOR_YOU
        }
        self.played: dict[int, tuple[Any, Any]] = {}  # seq -> (seat, public move), for the reveal
        # seq -> the concealed part the reveal made public (a finished game's log names each)
        last = (entries or [{}])[-1]
        self.opened = {
            s["seq"]: s for s in (last.get("body") or {}).get("secrets") or []
            if last.get("type") == "reveal" and isinstance(s, dict) and isinstance(s.get("seq"), int)
        }

    def who(self, seat: Any) -> str:
        """'ada (red)'; 'seat 1 (black)' before anybody sat there."""
        if not isinstance(seat, int):
            return f"seat {seat}"
        return self.teller.who(seat)

    def move(self, move: Any) -> str:
        if self.engine is None or not isinstance(move, dict):
            return self.teller.move(move)
        return format_move(self.engine, move)

    def full_move(self, public: Any, secret: Any) -> str:
        try:
            return self.move(self.engine.merge_move(public, secret)) if self.engine else self.teller.move(secret)
        except Exception:  # noqa: BLE001 - the secret is still shown, in words
            return self.teller.move(secret)

    def concealed(self, seq: Any, said: str) -> str:
        """The step's sentence with the reader's own concealed part named, when it is theirs
        (kept when the reader moved, or told privately when the server moved for the reader)."""
        mine = self.secrets.get(seq) or self.told.get(seq)
        opened = self.opened.get(seq)
        if (mine is None and opened is None) or not said.endswith(CONCEALED):
            return said
        body = self.played.get(seq, (None, None))[1]
        whose, known = ("yours", mine) if mine is not None else ("revealed", opened)
        return said[: -len(CONCEALED)] + f" (with a concealed part; {whose}: {self.full_move(body, known.get('secret'))})"  # type: ignore[union-attr]

    def private(self, event: dict[str, Any]) -> str:
        """A private event in words; its kind when the game has no words for it."""
        return self.teller.event(event) or f"a private event: {str(event.get('kind') or '?').replace('_', ' ')}"

    def events(self, seq: Any, events: list[Any], skip: int = 0) -> list[str]:
        """The public events in words, the private ones the reader was shown, and, once the
        game is over, the others as the replay recomputed them; the first `skip` are left out
        (a standing entry's first: the position its seat's client checks, nobody's news)."""
        lines = []
        others = 0
        for index, event in enumerate(events):
            if not isinstance(event, dict) or index < skip:
                continue
            if "commit" not in event:
                text = self.teller.event(event)
                if text:
                    lines.append(text)
                continue
            payload = self.payloads.get((seq, index))
            if payload is not None:
                if (payload.get("event") or {}).get("kind") == PLAYED_FOR_YOU:
                    continue  # told on the entry's own line: "yours: ..."
                readers = [s for s in payload.get("to") or [] if s != self.me]
                seen = "only you see this" if not readers else "seen by you and " + ", ".join(self.who(s) for s in readers)
                lines.append(f"{self.private(payload.get('event') or {})}  [{seen}]")
                continue
            shown = self.revealed.get((seq, index))
            if shown is None:
                others += 1
                continue
            if (shown.get("event") or {}).get("kind") == PLAYED_FOR_YOU:
                continue  # the reveal lists the concealed move itself
            readers = ", ".join(self.who(s) for s in shown.get("to") or []) or "nobody"
            lines.append(f"to {readers}: {self.private(shown.get('event') or {})}  [private then; replayed after the game]")
        if others:
            lines.append(
                "one private event for other eyes" if others == 1 else f"{others} private events for other eyes"
            )
        return lines


def counted(n: Any, word: str, words: str | None = None) -> str:
    """'1 day', '3 days': a count with its noun, never 'day(s)'."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def options_words(options: Any) -> str:
    """'target 10, blind no': a game's options for people, not as JSON."""
    if not isinstance(options, dict) or not options:
        return "no options"
    said = {True: "yes", False: "no", None: "none"}
    return ", ".join(f"{k} {said.get(v, v) if isinstance(v, (bool, type(None))) else v}" for k, v in sorted(options.items()))


def _genesis(body: dict[str, Any], h: History) -> str:
    title = getattr(h.engine, "title", None) or body.get("engine")
    what = (
        f"{title} ({body.get('engine')} version {body.get('engine_version')}) created: "
        f"{body.get('seats')} seats, {options_words(body.get('options'))}"
    )
    deadline = body.get("deadline")
    if isinstance(deadline, dict):
        what += f"; {counted(deadline.get('days'), 'day')} per decision, then {deadline.get('on_expiry')}"
        why = _bot_cannot(h, body, deadline)
        if why:  # a released blind game's genesis promised a bot that cannot place or reveal
            what += f" (a placement or reveal: you forfeit: {why})"
    if body.get("email_moves"):
        what += "; moves by email allowed"
    return what


def _bot_cannot(h: History, body: dict[str, Any], deadline: dict[str, Any]) -> str | None:
    """Why the genesis's "bot" cannot make some of the game's decisions (protocol.blind), or None."""
    from protocol.blind import owner_decides

    if deadline.get("on_expiry") != "bot" or h.engine is None or not isinstance(body.get("options"), dict):
        return None
    try:
        return owner_decides(h.engine, body["options"])
    except Exception:  # noqa: BLE001 - an engine that cannot say: the genesis as it is
        return None


def _reveal_details(body: dict[str, Any], h: History) -> list[str]:
    """The reveal's secrets, each beside the move that committed it, and the final scores."""
    details: list[str] = []
    result = body.get("result")
    if isinstance(result, dict) and result.get("scores") is not None:
        details.append(f"scores: {scores_text(result['scores'], h.seat_names)}")
    secrets = body.get("secrets") or []
    details.append(f"the server's seed and {counted(len(secrets), 'concealed part')} made public")
    for item in secrets:
        if not isinstance(item, dict):
            continue
        played = h.played.get(item.get("seq"))  # type: ignore[arg-type]
        if played is None:
            details.append(f"entry {item.get('seq')}: {h.teller.move(item.get('secret'))}")
        else:
            details.append(f"entry {item.get('seq')}, {h.who(played[0])}: {h.full_move(played[1], item.get('secret'))}")
    return details


def entry_words(entry: dict[str, Any], h: History) -> tuple[str, list[str]]:
    """One entry in words (the line) and what happened in it (the lines under it)."""
    body, kind, seq = entry.get("body") or {}, entry.get("type"), entry.get("seq")
    details: list[str] = []
    if kind == "move":
        env = body.get("envelope") or {}
        h.played[seq] = (env.get("seat"), env.get("move"))  # type: ignore[index]
    elif kind in ("system", "standing") and isinstance(body.get("move"), dict):
        h.played[seq] = (body.get("seat"), body.get("move"))  # type: ignore[index]
    if kind == "genesis":
        what = _genesis(body, h)
    else:
        what = h.concealed(seq, sentence(h.teller, entry, h.me if isinstance(h.me, int) else None) or str(kind))
    if kind == "join" and body.get("seat") == h.me:
        what += " - you"
    elif kind == "system" and body.get("kind") == "email_move":
        what += " (server-attested: the player replied to a mail, the server signed it)"
    elif kind == "system" and body.get("kind") in ("abort", "forfeit"):
        result = body.get("result")
        if isinstance(result, dict) and result.get("reason"):
            what += f" ({result['reason']})"
    elif kind == "reveal":
        details = _reveal_details(body, h)
    elif kind == "standing" and (seq, ANSWERED_INDEX) in h.payloads:
        details = ["checked by your client: your answer prescribes exactly this from the position the log committed to"]
    skip = ANSWERED_INDEX + 1 if kind == "standing" else 0
    details = h.events(seq, body.get("events") or [], skip) + details
    return f"{seq:>4}  {kind:<8} {entry.get('ts', '')}  {what}", details


def export_history(data: dict[str, Any], revealed: dict[int, list[dict[str, Any]]] | None = None) -> History:
    """History for an export read offline: names from its signed joins, no reader's secrets."""
    entries = data.get("entries") or []
    genesis = (entries[0].get("body") or {}) if entries else {}
    names = {
        str(e["body"].get("seat")): str(e["body"].get("name"))
        for e in entries if e.get("type") == "join" and isinstance(e.get("body"), dict)
    }
    return History(
        {"engine": genesis.get("engine"), "seats": genesis.get("seats"), "names": names}, {}, revealed, entries
    )


def replayed_private(data: dict[str, Any]) -> dict[int, list[dict[str, Any]]] | None:
    """Every private event of a finished game as the audit's replay recomputed it (None before
    the reveal, or for a log that does not replay to a complete PASS: then nothing is told)."""
    entries = data.get("entries") or []
    if not entries or entries[-1].get("type") != "reveal":
        return None
    from protocol.audit import private_events

    verdict, private = private_events(data)
    return private if verdict.ok and verdict.complete else None


def words(
    data: dict[str, Any], revealed: dict[int, list[dict[str, Any]]] | None = None
) -> list[tuple[str, list[str]]]:
    """Every entry of an export in words, told in order (the reveal cites earlier moves); with
    the replay's private events when the caller has them already (`replayed_private`)."""
    history = export_history(data, revealed if revealed is not None else replayed_private(data))
    return [entry_words(entry, history) for entry in data.get("entries") or []]


def signed_words(entries: list[dict[str, Any]]) -> str:
    """The log's last line: who signed what, since the history above was checked, not trusted."""
    moves = sum(1 for e in entries if e.get("type") in ("join", "move"))
    mailed = sum(1 for e in entries if e.get("type") == "system" and (e.get("body") or {}).get("kind") == "email_move")
    said = f"checked: every entry's link and the server's signature; {counted(moves, 'join or move', 'joins and moves')} signed by their players"
    if mailed:
        said += f", {counted(mailed, 'move')} by email signed by the server alone"
    handed = sum(1 for e in entries if e.get("type") == "handover")
    if handed:
        said += f", {counted(handed, 'seat')} handed to a new key by the key that held it"
    stated = sum(1 for e in entries if e.get("type") == "answers")
    if stated:
        played = sum(1 for e in entries if e.get("type") == "standing")
        signer = "its player" if stated == 1 else "their players"
        said += (
            f", {counted(stated, 'statement')} of answers in advance signed by {signer}"
            f" ({counted(played, 'move')} played by answers in advance)"
        )
    return said


def entry_lines(words: tuple[str, list[str]]) -> list[str]:
    """An entry's line, then what happened in it, indented under it."""
    line, details = words
    return [line] + [f"{'':>6}{'':<9}- {detail}" for detail in details]
