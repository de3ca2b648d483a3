"""Who sits where, who is to move, how the game ended, and the board: one line or one drawing."""

from __future__ import annotations

import datetime as dt
import os
import sys
from typing import Any

from protocol.numbers import is_whole


def time_left(expires: str, now: dt.datetime | None = None) -> str:
    """'2 d 3 h left' from an absolute UTC time: what a player plans a day by; 'overdue' once past."""
    try:
        at = dt.datetime.fromisoformat(expires.replace("Z", "+00:00"))
    except ValueError:
        return ""
    if at.tzinfo is None:
        at = at.replace(tzinfo=dt.UTC)
    now = now or dt.datetime.now(dt.UTC)
    minutes = int((at - now).total_seconds() // 60)
    if minutes <= 0:
        return "overdue"
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h left"
    return f"{hours} h {mins} min left" if hours else f"{mins} min left"


def seat_label(seat: int | None, seat_names: list[str], players: list[Any] | None = None) -> str:
    """'seat 0 red (ada)': the seat first, as the status line and the results say it."""
    if seat is None:
        return "nobody"
    label = f"seat {seat}"
    if 0 <= seat < len(seat_names):
        label += f" {seat_names[seat]}"
    if players and 0 <= seat < len(players) and players[seat]:
        label += f" ({players[seat].get('name')})"
    return label


def seat_name(seat: int | None, seat_names: list[str], players: list[Any]) -> str:
    """'ada (red)': the player's name and the seat's name; 'seat 1 (black)' if nobody sits."""
    if seat is None:
        return ""
    p = players[seat] if 0 <= seat < len(players) else None
    name = str(p.get("name")) if p else f"seat {seat}"
    return f"{name} ({seat_names[seat]})" if 0 <= seat < len(seat_names) else name


def scores_text(scores: Any, seat_names: list[str]) -> str:
    """'red 0, black 1': the scores by seat name, never a Python list."""
    items = sorted(scores.items()) if isinstance(scores, dict) else list(enumerate(scores)) if isinstance(scores, list) else []
    if not items:
        return str(scores)
    return ", ".join(
        f"{seat_names[int(k)] if is_whole(str(k), 0, len(seat_names) - 1) else f'seat {k}'} {v}" for k, v in items
    )


def result_text(
    result: dict[str, Any] | None, seat_names: list[str], players: list[Any], short: bool = False
) -> str:
    """How a game ended, in protocol.story's words (the same on every screen, in the mail and on
    the web): 'bo (Blue) resigned; ada (Red) wins'; with the scores by seat name unless short:
    'ada (red) won (red burned 5 points); scores red 5, black 0'."""
    from protocol.story import result_words

    if not result:
        return "over"

    def colour(seat: int) -> str:
        return seat_names[seat] if 0 <= seat < len(seat_names) else f"seat {seat}"

    return result_words(result, lambda seat: seat_name(seat, seat_names, players), None if short else colour)


def status_line(shown: dict[str, Any]) -> str:
    """One line under the board: the game, whose turn, your seat, the verified head."""
    names, players = shown.get("seat_names") or [], shown.get("players") or []
    parts = [f"{shown.get('title') or shown.get('engine')} - game {shown['game']}"]
    if shown["status"] == "over":
        parts.append("game over: " + result_text(shown.get("result"), names, players))
    elif shown["status"] == "open":
        parts.append("waiting for players")
    elif shown.get("your_turn"):
        parts.append("YOUR TURN")
    else:
        parts.append(f"to move: {seat_label(shown.get('to_move'), names, players)}")
    out = [s for s in shown.get("out") or [] if isinstance(s, int)]
    others = [s for s in out if s != shown.get("seat")]
    if others and shown["status"] == "running":
        parts.append("out of the game: " + ", ".join(seat_name(s, names, players) for s in others))
    if shown.get("spectator"):
        parts.append("you: watching (no seat)")
    elif shown.get("seat") in out:
        parts.append(f"you: {seat_label(shown.get('seat'), names)}, out of the game")
    else:
        parts.append(f"you: {seat_label(shown.get('seat'), names)}")
    running = shown.get("clock") if isinstance(shown.get("clock"), dict) else None
    if running and running.get("expires"):
        left = time_left(str(running["expires"]))
        parts.append(f"decide by {running['expires']}" + (f", {left}" if left else "") + f" (then: {expiry_words(shown)})")
    parts.append(f"head seq {shown['head']['seq']}")
    return " | ".join(parts)


def expiry_words(shown: dict[str, Any]) -> str:
    """What happens when the decision now due runs out of time: the genesis's `on_expiry`, except
    where it promises a bot for a decision no bot can make (a released blind game's placement or
    reveal, signed "bot" before such games had to forfeit): that seat forfeits, and why."""
    then = str((shown.get("deadline") or {}).get("on_expiry", "?"))
    why = shown.get("owner_decides")
    if then == "bot" and why and shown.get("owner_only", True):
        return f"{'you ' if shown.get('your_turn') else ''}forfeit: {why}"
    return then


def status_key(shown: dict[str, Any]) -> str:
    """The key to the status line's own marks, under it (within 80 columns)."""
    if shown.get("your_turn"):
        return "key: YOUR TURN = you decide now; head seq N = newest signed log entry checked"
    return "key: head seq N = the signed log's newest entry, checked by your client"


def answering_line(shown: dict[str, Any]) -> str | None:
    """'Answering for you: play forced moves; decline every trade offer': the reader's standing
    answers in force (from the signed log), so a move the server played for them is no surprise."""
    texts = shown.get("answering") or []
    return "Answering for you: " + "; ".join(texts) if texts and shown.get("status") == "running" else None


def end_lines(shown: dict[str, Any], entries: list[dict[str, Any]]) -> list[str]:
    """The end screen under the final board: 'Game over' and how, unless the board said it
    already (an engine's final board does, in the log's words: once is enough); who left while
    the others played on (a game of three or four); and who the reader was, since the final
    board is drawn for every eye and so cannot name the reader's seat. A seat that ran out of
    time and had the server move for it has not left: only what the log's ending says ended it."""
    from protocol.story import left

    names, players = shown.get("seat_names") or [], shown.get("players") or []
    drawn = str(shown.get("text") or "")
    lines = []
    if not any(line.lstrip().startswith("Game over") for line in drawn.splitlines()):
        lines.append("Game over: " + result_text(shown.get("result"), names, players, short=True))
    for seat, how in sorted(left(entries).items()):
        lines.append(f"{seat_name(seat, names, players)} {how}")
    seat = shown.get("seat")
    if not shown.get("spectator") and isinstance(seat, int):
        lines.append(f"you played {seat_name(seat, names, players)}")
    return lines


def entry_seq(answer: dict[str, Any]) -> Any:
    """The move's own entry (the head may already be the reveal that followed it)."""
    entry = answer.get("entry")
    return entry.get("seq") if isinstance(entry, dict) else answer["head"]["seq"]


def draw(engine_id: str, view: Any, text: str, version: str | None = None) -> str:
    """A board in colour on a terminal (unless NO_COLOR), else the plain text."""
    from engines.core import color_wanted

    if not color_wanted(os.environ, sys.stdout.isatty()):
        return text
    try:
        from client.play import local_engine

        return str(local_engine(engine_id, version).render(view, color=True))  # type: ignore[call-arg]
    except Exception:  # noqa: BLE001 - an engine without colour still shows its board
        return text


def board_text(shown: dict[str, Any]) -> str:
    """The board in colour on a terminal (unless NO_COLOR), else the plain text `--json` gives."""
    from engines.core import color_wanted

    if shown.get("status") == "open" or not color_wanted(os.environ, sys.stdout.isatty()):
        return str(shown["text"])
    view = shown.get("final_view") or shown["view"]
    if isinstance(view, dict) and shown.get("last"):  # the step the plain text drew as "Last:"
        view = {**view, "last": shown["last"]}
    if isinstance(view, dict) and shown.get("record") is not None and not shown.get("final_view"):
        view = {**view, "record": shown["record"]}  # what the seat remembers, as the text drew it
    return draw(str(shown["engine"]), view, str(shown["text"]), shown.get("engine_version"))


def waiting_line(g: dict[str, Any]) -> str:
    """'your turn in game G (title) since T: pbem show G'."""
    since = f" since {g['updated']}" if g.get("updated") else ""
    return f"your turn in game {g['id']} ({g.get('title') or g.get('engine')}){since}: pbem show {g['id']}"


def notify_line(settings: dict[str, Any]) -> str:
    """Which mail a player gets, and the games they muted."""
    muted = settings.get("muted") or []
    words = {"all": "every mail", "digest": "one daily digest", "none": "no mail"}
    setting = settings.get("notify")
    return f"mail: {setting} ({words.get(str(setting), '?')}); muted games: {', '.join(muted) or 'none'}"


def key_fingerprint(public_hex: str) -> str:
    """'1a2b 3c4d 5e6f 7a8b': a key as people compare it (client.logcheck.hashing)."""
    from client.logcheck.hashing import key_fingerprint as fingerprint

    return fingerprint(public_hex)
