"""The words of every mail a game sends, from public data only (the public log and the
spectator view, gathered into `Public` by server/mail/notices.py): pure functions, so what a
mail says can be read and tested without a server.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from server.mail.addressing import MailSettings, unsubscribe_url


@dataclass(frozen=True)
class Player:
    seat: int
    name: str
    seat_name: str

    @property
    def label(self) -> str:
        return f"{self.name} ({self.seat_name})"


@dataclass(frozen=True)
class Public:
    """What a mail may say about a game: public log data and the spectator view."""

    game_id: str
    title: str
    seats: int
    players: list[Player | None]
    seat_names: list[str]
    status: str
    to_move: int | None
    head_seq: int
    view: dict[str, Any] | None
    moves: list[str]  # the last few moves in words, oldest first
    result: dict[str, Any] | None

    def who(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.players):
            return "nobody"
        p = self.players[seat]
        return p.label if p else f"seat {seat}"

    @property
    def heading(self) -> str:
        return f"{self.title}, {self.seats} players"


def _footer(settings: MailSettings, game_id: str | None, account_id: int | None) -> list[str]:
    lines = ["", "-- ", f"pbem server {settings.base_url()}"]
    if account_id is None:
        return lines
    if game_id:
        lines.append(f"Mute this game: pbem notify {game_id} --mute")
    lines.append("One mail a day instead: pbem notify digest")
    lines.append("No more mail: pbem notify none, or open")
    lines.append(f"  {unsubscribe_url(settings, account_id)}")
    return lines


def summary_lines(pub: Public) -> list[str]:
    """The game's public summary: players, whose turn, scores, the last moves in words."""
    lines = [f"{pub.title}, game {pub.game_id}, log entry {pub.head_seq}"]
    lines.append("Players: " + ", ".join(p.label if p else f"seat {i} (free)" for i, p in enumerate(pub.players)))
    if pub.status == "running":
        lines.append(f"To move: {pub.who(pub.to_move)}")
    scores = (pub.view or {}).get("scores")
    if isinstance(scores, list) and len(scores) == pub.seats and all(isinstance(s, int | float) for s in scores):
        lines.append("Scores: " + ", ".join(f"{pub.players[i].name if pub.players[i] else i} {s}" for i, s in enumerate(scores)))
    if pub.moves:
        lines.append("Last moves:")
        lines += [f"  {m}" for m in pub.moves]
    return lines


def result_words(pub: Public) -> str:
    result = pub.result or {}
    winner = result.get("winner")
    text = "a draw" if winner is None else f"won by {pub.who(winner)}"
    scores = result.get("scores")
    if isinstance(scores, list) and len(scores) == pub.seats:
        text += ", scores " + ", ".join(
            f"{pub.players[i].name if pub.players[i] else i} {s}" for i, s in enumerate(scores)
        )
    if result.get("reason"):
        text += f" ({result['reason']})"
    return text


# An example move in each engine's notation, for the reply-by-email instructions.
MOVE_EXAMPLES = {"magier": "place e4 2", "feuersalamander": "throw"}


def turn_text(
    settings: MailSettings, pub: Public, account_id: int | None, started: bool = False,
    token: str | None = None, example: str = "pass",
) -> str:
    g = pub.game_id
    lines = [
        f"It is your turn in game {g} ({pub.heading}): run `pbem show {g}`",
        f"then `pbem move {g}` lists your moves and `pbem move {g} N` plays one.",
    ]
    if token is not None:
        lines += [
            f"Or reply to this mail with your move on the first line, e.g. `{example}`",
            "(the notation `pbem move` uses); keep the token line below in the reply.",
            "A move by email is played by the server for you: the log records it as",
            "server-attested, not signed by you. This mail's token works once, for this turn only.",
            f"token: {token}",
        ]
    if started:
        lines.append("The game has just started: everybody has joined.")
    lines += [
        "",
        *summary_lines(pub),
        *_footer(settings, g, account_id),
    ]
    return "\n".join(lines) + "\n"


def start_text(settings: MailSettings, pub: Public, account_id: int | None) -> str:
    g = pub.game_id
    lines = [
        f"Game {g} ({pub.heading}) has started: {pub.who(pub.to_move)} moves first.",
        f"You get a mail when it is your turn; `pbem show {g}` shows your view any time.",
        "",
        *summary_lines(pub),
        *_footer(settings, g, account_id),
    ]
    return "\n".join(lines) + "\n"


def over_text(settings: MailSettings, pub: Public, account_id: int | None) -> str:
    g = pub.game_id
    lines = [
        f"Game {g} ({pub.heading}) is over: {result_words(pub)}.",
        "",
        "Check that nobody cheated (every signature, commitment, throw and move, offline):",
        f"  pbem export {g} -o {g}.json",
        f"  pbem audit {g}.json",
        "",
        *summary_lines(pub),
        *_footer(settings, g, account_id),
    ]
    return "\n".join(lines) + "\n"


def invite_text(
    settings: MailSettings, pub: Public, by: str, seat: int, account_id: int | None, address: str | None = None
) -> str:
    g = pub.game_id
    where = f"seat {seat}" + (f" ({pub.seat_names[seat]})" if 0 <= seat < len(pub.seat_names) else "")
    lines = [f"{by} invites you to game {g} ({pub.heading}): {where} is kept for you."]
    if address is None:
        lines += [f"Take it with: pbem join {g}"]
    else:
        url = settings.base_url()
        lines += [
            "",
            "pbem is a terminal client for turn-based games with a signed, auditable log.",
            "To play:",
            f"  1. install it:        {settings.install}",
            f"  2. make your account: pbem init --server {url} --name NAME --email {address}",
            "     (use this address: the seat is kept for the account with it)",
            f"  3. take the seat:     pbem join {g}",
            f"  4. look at the game:  pbem show {g}",
        ]
    lines += ["", *summary_lines(pub), *_footer(settings, g, account_id)]
    return "\n".join(lines) + "\n"


def digest_text(settings: MailSettings, name: str, items: list[str], account_id: int) -> str:
    lines = [f"Hello {name}, your pbem games today:", ""] + items
    lines += _footer(settings, None, account_id)
    return "\n".join(lines) + "\n"


# -- deadlines (server/clock/clock.py announces, inside the sweeper's transaction) ----------------

DEADLINE_KINDS = ("reminder", "warning", "timeout", "forfeit", "vacation")


def _expiry_words(data: dict[str, Any]) -> str:
    if data.get("on_expiry") == "forfeit":
        return "you forfeit the game"
    return "the server plays a random legal move for you"


def deadline_text(settings: MailSettings, pub: Public, kind: str, data: dict[str, Any], account_id: int) -> str | None:
    """The words for one deadline event; None for an event the other mail already tells."""
    g = pub.game_id
    expires = str(data.get("expires") or "").replace("T", " ").replace("Z", " UTC")
    seat = data.get("seat")
    if kind in ("reminder", "warning"):
        first = "Reminder" if kind == "reminder" else "Last warning"
        lines = [
            f"{first}: it is your turn in game {g} ({pub.heading}): run `pbem show {g}`",
            f"Decide by {expires}, or {_expiry_words(data)}.",
        ]
    elif kind == "timeout":
        words = data.get("move_words") or "a random legal move"
        lines = [f"Time ran out for {pub.who(seat)} in game {g} ({pub.heading}): the server played {words} for that seat."]
    elif kind == "forfeit":
        if pub.status != "running":
            return None  # the game-over mail says it
        lines = [f"Time ran out for {pub.who(seat)} in game {g} ({pub.heading}): that seat forfeits and is out."]
    elif kind == "vacation":
        until = str(data.get("until") or "").replace("T", " ").replace("Z", " UTC")
        lines = [
            f"{data.get('name')} is on vacation for {data.get('days')} day(s), until {until}:",
            f"their clocks in game {g} ({pub.heading}) wait for them.",
        ]
    else:
        return None
    lines += ["", *summary_lines(pub), *_footer(settings, g, account_id)]
    return "\n".join(lines) + "\n"
