"""A game's public history in words, one sentence per step, for every place that tells it.

The terminal (`pbem show`, `pbem move`, `pbem log`), the server's mail and a web page all tell
the same history; told from one function, they never disagree about who did what. Only the
public log is read here: a reader's own concealed parts are added by the caller that holds them
(the client's evidence store), never here, so nothing told can leak a hand.

Usage, from anywhere above engines/ (server/mail included):

    import engines
    from protocol.story import tell

    engine = engines.get(genesis_body["engine"], genesis_body["engine_version"])  # or None: as JSON
    lines = tell(engine, entries, {0: "ada", 1: "bob"}, after_seq=last_seen_seq)

`entries` are the signed log entries as the server stores them and an export holds them
(dicts with "seq", "type" and "body"); `names` maps a seat (int or its string) to the
player's name; `after_seq` keeps only the entries with a larger seq (None: all). Each line is
plain text for people: "ada (red) moved a1-b2: the defender won".

Answers given in advance are told too: "ada (red) set answers in advance: play forced moves
(...)", "ada (red) revoked their answers in advance", and each move the server played by one
"ada (red)'s answer in advance played: throw: ..." (or, in a text for that seat alone,
`reader=seat`: "Played for you by your answer in advance: throw: ...").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from protocol.canonical import canonical

# A standing entry's first event is the private one that shows its seat the view the answer
# was computed from (protocol.standing.ANSWERED): a check for that seat's client, never news
# for a reader, so no text counts or tells it. Named here rather than imported: the terminal
# imports this module on every start, protocol.standing pulls in the step machinery.
ANSWERED_INDEX = 0


def _text(value: Any) -> str:
    try:
        return canonical(value).decode()
    except (TypeError, ValueError):
        return repr(value)


class Teller:
    """Who sits where and how the engine words a move or an event; tolerant of any engine
    failure, because a history must be told even for a move the engine cannot write.

    Public for the callers that tell more than the public log (`pbem log` adds the reader's own
    concealed parts and private events beside these same sentences)."""

    def __init__(self, engine: Any, names: Mapping[Any, str], seats: int) -> None:
        self.engine = engine
        self.names = {str(k): str(v) for k, v in names.items()}
        try:
            self.colours = list(engine.seat_names(seats)) if engine is not None and seats else []
        except Exception:  # noqa: BLE001 - the seat numbers still say who
            self.colours = []

    def who(self, seat: Any) -> str:
        if not isinstance(seat, int):
            return "the server"
        name = self.names.get(str(seat)) or f"seat {seat}"
        colour = self.colours[seat] if 0 <= seat < len(self.colours) else ""
        return f"{name} ({colour})" if colour and colour != name else name

    def move(self, move: Any) -> str:
        if self.engine is not None and isinstance(move, dict):
            try:
                return str(self.engine.format(move))
            except Exception:  # noqa: BLE001 - any move must be printable
                pass
        if isinstance(move, dict) and all(isinstance(v, (str, int)) for v in move.values()):
            # the public part of a move with a concealed part: no notation writes it, words do
            kind = move.get("type")
            rest = " ".join(f"{k} {v}" for k, v in sorted(move.items()) if k != "type")
            return " ".join(str(x) for x in (kind, rest) if x not in (None, "")) or "a move"
        return _text(move)

    def rule(self, rule: Any) -> str:
        """A standing answer's rule in the engine's words (its kind's name if the engine has none)."""
        describe = getattr(self.engine, "describe_rule", None)
        if describe is not None and isinstance(rule, dict):
            try:
                return str(describe(rule))
            except Exception:  # noqa: BLE001 - a rule the engine cannot word is still named
                pass
        if isinstance(rule, dict) and isinstance(rule.get("kind"), str):
            return rule["kind"]
        return _text(rule)

    def event(self, event: Mapping[str, Any]) -> str | None:
        """One event ({"kind", "data", "to"}) in the engine's words; None when it has none."""
        describe = getattr(self.engine, "describe_event", None)
        if describe is None:
            return None
        try:
            text = describe(event)
        except Exception:  # noqa: BLE001 - an event the engine cannot tell is left out
            return None
        return str(text) if text else None

    def events(self, events: Iterable[Any], own: Mapping[int, str] | None = None) -> list[str]:
        """The public events in words; the concealed ones as how many, in words, but those in
        `own` (index -> words: the reader's own, which the caller holds) told in their place."""
        told: list[str] = []
        hidden = 0
        for index, event in enumerate(events):
            if not isinstance(event, dict):
                continue
            if "commit" in event:
                if own and own.get(index):
                    told.append(own[index])
                else:
                    hidden += 1
                continue
            text = self.event(event)
            if text:
                told.append(text)
        if hidden:
            told.append("one concealed event" if hidden == 1 else f"{hidden} concealed events")
        return told


# The reasons the protocol itself writes into a result when a game ends off the board
# (protocol.leaving.resign_result, protocol.deadlines.forfeit_result, protocol.steps.abort_result);
# the log's bytes keep them as they are, and `result_words` tells them with the players' names.
# tests/e2e/test_endings.py holds these patterns to those functions.
RESIGNED = re.compile(r"seat (\d+) resigned")
FORFEITED = re.compile(r"seat (\d+) forfeited: out of time")
ABORTED = "aborted: "


def result_words(
    result: Any, who: Callable[[int], str], scores: Callable[[int], str] | None = None
) -> str:
    """How a game ended, in words, the one way every screen says it: the terminal's end screen,
    status line and `pbem games`, the mail, the web pages and the story's reveal line.

    `who(seat)` names a seat ("ada (red)"); `scores(seat)`, when given, names a seat for the
    scores appended ("; scores ada 5, bo 0"). Who ended a game off the board, and how:
    "bo (Blue) resigned; ada (Red) wins", "ada (red) ran out of time and forfeited; bo (black)
    wins", "the game was aborted: REASON"; a game decided by its rules: "ada (red) won (REASON)",
    "a draw (REASON)", in the rules' own words."""
    if not isinstance(result, dict):
        return "the game is over"
    winner = result.get("winner")
    wins = f"; {who(winner)} wins" if isinstance(winner, int) else ""
    reason = str(result.get("reason") or "")
    resigned, forfeited = RESIGNED.fullmatch(reason), FORFEITED.fullmatch(reason)
    if resigned:
        said = f"{who(int(resigned[1]))} resigned{wins}"
    elif forfeited:
        said = f"{who(int(forfeited[1]))} ran out of time and forfeited{wins}"
    elif reason.startswith(ABORTED):
        said = f"the game was aborted: {reason[len(ABORTED):]}"
    else:
        said = "a draw" if not isinstance(winner, int) else f"{who(winner)} won"
        said += f" ({reason})" if reason else ""
    points = result.get("scores")
    items = list(enumerate(points)) if isinstance(points, list) else sorted(points.items()) if isinstance(points, dict) else []
    if scores is not None and items:
        said += "; scores " + ", ".join(f"{_scored(scores, seat)} {value}" for seat, value in items)
    return said


def _scored(scores: Callable[[int], str], seat: Any) -> str:
    try:
        return scores(int(seat))
    except (TypeError, ValueError):
        return f"seat {seat}"


def names_of(entries: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """seat (as a string) -> the player's name, from the log's signed joins."""
    return {
        str((e.get("body") or {}).get("seat")): str((e.get("body") or {}).get("name"))
        for e in entries if e.get("type") == "join"
    }


def left(entries: Iterable[Mapping[str, Any]]) -> dict[int, str]:
    """seat -> "resigned" or "forfeited (out of time)": the seats that left a game of three or
    four while the others played on (the entry has its seats' views: the game went on), as the
    log says. The leaving that ended a game of two is no such entry: the ending says it. A seat
    that ran out of time and had the server move for it has not left."""
    how = {"resign": "resigned", "forfeit": "forfeited (out of time)"}
    out: dict[int, str] = {}
    for entry in entries:
        body = entry.get("body") or {}
        if entry.get("type") != "system" or body.get("kind") not in how or "views" not in body:
            continue
        seat = body.get("seat")
        if body.get("kind") == "resign":
            seat = (body.get("envelope") or {}).get("seat", seat)
        if isinstance(seat, int) and seat not in out:
            out[seat] = how[str(body.get("kind"))]
    return out


def ending(entries: Iterable[Mapping[str, Any]], engine: Any = None) -> tuple[int, str] | None:
    """The entry that ended a finished game and how, in `result_words`, with the players' names
    from the log (never guessed from a state): (its seq, "bo (Blue) resigned; ada (Red) wins").
    None for a log in which nothing ended the game yet.

    The ending entry is the first whose body carries the result (a move that won on the board,
    a resignation, a forfeit, an abort); the reveal repeats that result and is not the ending."""
    entries = list(entries)
    end = next(
        (e for e in entries if e.get("type") != "reveal" and isinstance((e.get("body") or {}).get("result"), dict)),
        None,
    )
    if end is None or not isinstance(end.get("seq"), int):
        return None
    genesis = next((e.get("body") or {} for e in entries if e.get("type") == "genesis"), {})
    teller = Teller(engine, names_of(entries), int(genesis.get("seats") or 0))
    return end["seq"], result_words((end.get("body") or {})["result"], teller.who)


def told_events(entry: Mapping[str, Any]) -> list[Any]:
    """The events of an entry that a reader is told: all of them, but a standing entry's first
    (the private view its seat's client checks the answer against, told to nobody in words)."""
    events = (entry.get("body") or {}).get("events")
    if not isinstance(events, list):
        return []
    return events[ANSWERED_INDEX + 1:] if entry.get("type") == "standing" else list(events)


def _answers(t: Teller, body: Mapping[str, Any]) -> str:
    statement = body.get("statement") if isinstance(body.get("statement"), dict) else {}
    rules = statement.get("answers")
    who = t.who(body.get("seat"))
    if not isinstance(rules, list) or not rules:
        return f"{who} revoked their answers in advance"
    return f"{who} set answers in advance: " + "; ".join(t.rule(r) for r in rules)


def _standing(t: Teller, body: Mapping[str, Any], reader: int | None) -> str:
    seat = body.get("seat")
    played = t.move(body.get("move")) + (" (with a concealed part)" if body.get("secret_commit") else "")
    if isinstance(seat, int) and seat == reader:
        return f"Played for you by your answer in advance: {played}"
    return f"{t.who(seat)}'s answer in advance played: {played}"


def _handover(t: Teller, body: Mapping[str, Any]) -> str:
    """'bo handed seat Red to a new key': the player replaced their key; the seat plays on."""
    seat = body.get("seat")
    if not isinstance(seat, int):
        return "a seat was handed to a new key"
    colour = t.colours[seat] if 0 <= seat < len(t.colours) else ""
    named = colour[:1].upper() + colour[1:] if colour else str(seat)
    return f"{t.names.get(str(seat)) or f'seat {seat}'} handed seat {named} to a new key"


def sentence(t: Teller, entry: Mapping[str, Any], reader: int | None = None) -> str | None:
    """One step in words, without its events ("bo (black) moved G3-F4"); None for the genesis.

    `reader`: the seat the text is for, whose moves played by its own standing answers are
    told to it as such ("Played for you by your answer in advance: throw")."""
    body = entry.get("body") or {}
    kind = entry.get("type")
    concealed = " (with a concealed part)"
    if kind == "join":
        return f"{t.who(body.get('seat'))} joined"
    if kind == "start":
        first = body.get("to_move")
        return "The game started" + (f"; {t.who(first)} to move" if isinstance(first, int) else "")
    if kind == "move":
        env = body.get("envelope") or {}
        said = f"{t.who(env.get('seat'))} moved {t.move(env.get('move'))}"
        return said + (concealed if env.get("secret_commit") else "")
    if kind == "system":
        system, seat = body.get("kind"), body.get("seat")
        played = t.move(body.get("move")) if isinstance(body.get("move"), dict) else ""
        hidden = concealed if body.get("secret_commit") else ""
        if system == "timeout":
            return f"{t.who(seat)} ran out of time; the server played {played}{hidden}"
        if system == "out":
            return f"{t.who(seat)} has left; the server played {played}{hidden}"
        if system == "email_move":
            return f"{t.who(seat)} moved {played} by email{hidden}"
        if system == "forfeit":
            return f"{t.who(seat)} ran out of time and forfeited"
        if system == "resign":
            leaver = (body.get("envelope") or {}).get("seat", seat)
            if "views" in body:
                return f"{t.who(leaver)} resigned; the others play on"
            return f"{t.who(leaver)} resigned"
        if system == "abort":
            return "The game was aborted"
        return f"the server recorded {system}"
    if kind == "answers":
        return _answers(t, body)
    if kind == "standing":
        return _standing(t, body, reader)
    if kind == "handover":
        return _handover(t, body)
    if kind == "reveal":
        return f"Game over: {result_words(body.get('result'), t.who)}; every concealed part made public"
    return None


def tell(
    engine: Any,
    entries: Iterable[Mapping[str, Any]],
    names: Mapping[Any, str],
    after_seq: int | None = None,
    own: Mapping[tuple[int, int], str] | None = None,
    reader: int | None = None,
) -> list[str]:
    """The public history after `after_seq` in words, one line per step (genesis left out).

    engine: the game's Engine (engines.get(id)) or None; names: seat -> player's name.
    own: (seq, index) -> words, the private events of the one reader this is told to (their
    checked payloads, which only the caller holds), told in place of "one concealed event";
    never pass it for a text anybody else reads.
    reader: the seat this text is for (its own mail): the moves its standing answers played are
    told as "Played for you by your answer in advance: ..." (public either way: the log has them).
    A step's line is its sentence, then what its events did after a colon:
    "bob (black) moved G3-F4: the defender won; the deck was reshuffled".
    """
    entries = list(entries)
    genesis = next((e for e in entries if e.get("type") == "genesis"), None)
    seats = int(((genesis or {}).get("body") or {}).get("seats") or len(names) or 0)
    teller = Teller(engine, names, seats)
    lines: list[str] = []
    for entry in entries:
        seq = entry.get("seq")
        if after_seq is not None and (not isinstance(seq, int) or seq <= after_seq):
            continue
        said = sentence(teller, entry, reader)
        if said is None:
            continue
        skipped = ANSWERED_INDEX + 1 if entry.get("type") == "standing" else 0
        mine = {i - skipped: said for (at, i), said in (own or {}).items() if at == seq and i >= skipped}
        happened = teller.events(told_events(entry), mine)
        if happened and entry.get("type") != "reveal":
            said += ": " + "; ".join(happened)
        lines.append(said)
    return lines
