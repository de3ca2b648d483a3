"""The words of every mail a game sends, from public data only (the public log and the
spectator view, gathered into `Public` by server/mail/notices.py): pure functions, so what a
mail says can be read and tested without a server.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from protocol.story import result_words as told_result
from server.mail.addressing import MailSettings, unsubscribe_url
from server.web.links import game_page_url


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
    started: bool = True  # False for a game that ended before every seat was taken
    private: bool = False  # a private game has no page to link to
    kept: frozenset[int] = frozenset()  # open seats kept by an invitation (to an account or an address)

    def who(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.players):
            return "nobody"
        p = self.players[seat]
        return p.label if p else f"seat {seat}"

    @property
    def heading(self) -> str:
        return f"{self.title}, {self.seats} players"


@dataclass(frozen=True)
class Turn:
    """The seat-specific parts of a your-turn mail (all public)."""

    board: str | None
    story: list[str]
    due: str | None  # "2026-12-05 09:00 UTC (2 d 3 h left)"; None: no deadline
    examples: list[str]  # moves or forms to quote; empty with needs_client
    needs_client: bool
    reply: str | None = None  # what became of the seat's last reply by mail, if its moves are its last


def _footer(
    settings: MailSettings, pub: Public | None, account_id: int | None, answers: bool = False
) -> list[str]:
    """The server, the game's page (a public game's only: a private one has none, by design)
    and how to get less mail; with `answers` (the your-turn mail), how to be asked less."""
    game_id = pub.game_id if pub is not None else None
    lines = ["", "-- ", f"pbem server {settings.base_url()}"]
    if pub is not None and not pub.private:
        lines.append(f"The game in a browser: {game_page_url(settings.base_url(), pub.game_id)}")
    if answers and game_id:
        lines.append(f"Answer small decisions in advance (forced moves and more): pbem answers {game_id}")
    if account_id is None:
        return lines
    if game_id:
        lines.append(f"Mute this game: pbem notify {game_id} --mute")
    lines.append("One mail a day instead: pbem notify digest")
    lines.append("No more mail: pbem notify none, or open")
    lines.append(f"  {unsubscribe_url(settings, account_id)}")
    return lines


def summary_lines(pub: Public, moves: bool = True, yours: int | None = None) -> list[str]:
    """The game's public summary: players, whose turn, scores, the last moves in words (left
    out with moves=False, where a mail tells the history itself). An empty seat is "free" only
    when anyone may take it: one an invitation keeps is "kept", and "kept for you" (`yours`) in
    the invitation that keeps it, which would otherwise offer its reader a seat as free for all."""
    lines = [f"{pub.title}, game {pub.game_id}, log entry {pub.head_seq}"]
    lines.append("Players: " + ", ".join(p.label if p else f"seat {i} ({_empty(pub, i, yours)})" for i, p in enumerate(pub.players)))
    if pub.status == "running":
        lines.append(f"To move: {pub.who(pub.to_move)}")
    scores = scores_of(pub)
    if scores:
        lines.append("Scores: " + scores)
    if pub.moves and moves:
        lines.append("Last moves:")
        lines += [f"  {m}" for m in pub.moves]
    return lines


def _empty(pub: Public, seat: int, yours: int | None) -> str:
    return "kept for you" if seat == yours else "kept" if seat in pub.kept else "free"


def scores_of(pub: Public) -> str | None:
    """The scores (Siedler: each principality's victory points) in the spectator view, as "ada 3, bob 5"."""
    view = pub.view or {}
    points = view.get("points")
    victory = [p.get("vp") for p in points] if isinstance(points, list) and all(isinstance(p, dict) for p in points) else None
    for scores in (view.get("scores"), victory):
        if isinstance(scores, list) and len(scores) == pub.seats and all(
            isinstance(s, int | float) and not isinstance(s, bool) for s in scores
        ):
            return ", ".join(f"{pub.players[i].name if pub.players[i] else f'seat {i}'} {s}" for i, s in enumerate(scores))
    return None


def result_words(pub: Public) -> str:
    """How the game ended, in protocol.story's words (the same as the terminal and the web say
    it): "bo (Blue) resigned; ada (Red) wins", "ada (red) won (REASON); scores ada 5, bo 0"."""
    if never_started(pub):
        return "aborted before it started, nobody played"

    def name(seat: int) -> str:
        p = pub.players[seat] if 0 <= seat < len(pub.players) else None
        return p.name if p else f"seat {seat}"

    return told_result(pub.result, pub.who, name)


def never_started(pub: Public) -> bool:
    """An abort before every seat was taken: no move, nothing concealed, nothing to audit."""
    reason = str((pub.result or {}).get("reason") or "")
    return reason.startswith("aborted") and not pub.started


def turn_text(
    settings: MailSettings, pub: Public, account_id: int | None, started: bool = False,
    token: str | None = None, turn: Turn | None = None, report: list[str] | None = None,
) -> str:
    """The your-turn mail: playable from the mail alone (board, story, time, an example); with
    `report`, the answer to a reply that left its sender still to decide, in the same mail."""
    g = pub.game_id
    lines = [*(report or []), *([""] if report else [])]
    lines.append(f"It is your turn in game {g} ({pub.heading}).")
    if started:
        lines.append("The game has just started: everybody has joined.")
    if turn is not None and turn.due:
        lines.append(turn.due)
    lines.append("")
    if token is not None and turn is not None and turn.needs_client:
        lines += [
            "This decision needs the pbem client: it commits a secret that stays with you, which",
            f"a mail cannot carry. Run `pbem move {g}`.",
        ]
    elif token is not None:
        shown = " or ".join(f"`{e}`" for e in (turn.examples if turn else [])) or "a move as `pbem move` writes it"
        lines += [
            "Reply to this mail with your move, or several, one a line, e.g. " + shown + ".",
            "They are played in order until one is refused, and only on the turn this mail shows",
            "(none after another player decided); the answer says what was not played, and why.",
            "The server plays a move by email for you: the log records it as server-attested, not",
            "signed by you. Keep the token line (quoted is fine); it is good for this turn only.",
            f"token: {token}",
        ]
    lines.append(f"With the client: `pbem show {g}`, then `pbem move {g}` lists your moves.")
    if turn is not None and turn.story:
        lines += ["", "Since your last move:", *[f"  {line}" for line in turn.story]]
    if turn is not None and turn.reply and not report:
        lines += ["", turn.reply]
    if turn is not None and turn.board:
        lines += ["", turn.board]
    lines += [
        "",
        *summary_lines(pub, moves=turn is None),
        *_footer(settings, pub, account_id, answers=True),
    ]
    return "\n".join(lines) + "\n"


def answer_text(settings: MailSettings, pub: Public, account_id: int | None, report: list[str], board: str | None) -> str:
    """The answer to a reply whose sender is no longer to decide (a line was refused after the
    turn passed, or the game ended): what was played and why the rest was not."""
    lines = [*report, "", *summary_lines(pub), *(["", board] if board else []), *_footer(settings, pub, account_id)]
    return "\n".join(lines) + "\n"


def first_words(pub: Public) -> str:
    """Who moves first, as the start throw or roll says: 'ada (King) begins'; where another seat
    must decide before that first turn (Der Feuersalamander's pair dealt, Siedler's start hands),
    that too, so the mail never contradicts the start throw the log tells."""
    first = (pub.view or {}).get("start_player")
    if isinstance(first, int) and not isinstance(first, bool) and first != pub.to_move and pub.to_move is not None:
        return f"{pub.who(first)} begins; before the first turn, {pub.who(pub.to_move)} decides"
    return f"{pub.who(pub.to_move)} moves first"


def start_text(settings: MailSettings, pub: Public, account_id: int | None) -> str:
    g = pub.game_id
    lines = [
        f"Game {g} ({pub.heading}) has started: {first_words(pub)}.",
        f"You get a mail when it is your turn; `pbem show {g}` shows your view any time.",
        "",
        *summary_lines(pub),
        *_footer(settings, pub, account_id),
    ]
    return "\n".join(lines) + "\n"


def over_text(settings: MailSettings, pub: Public, account_id: int | None, board: str | None = None) -> str:
    g = pub.game_id
    if never_started(pub):
        lines = [
            f"Game {g} ({pub.heading}) was aborted before it started: nobody played, nothing to check.",
            f"Reason: {str((pub.result or {}).get('reason') or 'aborted')[len('aborted: '):] or 'none given'}.",
            "",
            *summary_lines(pub),
            *_footer(settings, pub, account_id),
        ]
        return "\n".join(lines) + "\n"
    lines = [
        f"Game {g} ({pub.heading}) is over: {result_words(pub)}.",
        "",
        "Check the signed log offline (every signature, commitment, throw and move):",
        f"  pbem export {g} -o {g}.json",
        f"  pbem audit {g}.json",
        "",
        *summary_lines(pub),
        *(["", board] if board else []),
        *_footer(settings, pub, account_id),
    ]
    return "\n".join(lines) + "\n"


def invite_text(
    settings: MailSettings, pub: Public, by: str, seat: int, account_id: int | None, address: str | None = None,
    token: str | None = None,
) -> str:
    """An invitation: to an account (`pbem join GAME`), or to an address with its one-time
    `token`, which alone takes the seat (whoever reads this mail; an account's address proves
    nothing, so none is asked for)."""
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
            f"  3. take the seat:     pbem join {g} --token {token}",
            f"  4. look at the game:  pbem show {g}",
            "With an account on this server already, step 3 is all.",
            "The token takes the seat once, for whoever holds it: do not forward this mail.",
        ]
    lines += ["", *summary_lines(pub, yours=seat), *_footer(settings, pub, account_id)]
    return "\n".join(lines) + "\n"


def digest_text(settings: MailSettings, name: str, items: list[str], account_id: int) -> str:
    lines = [f"Hello {name}, your pbem games today:", ""] + items
    lines += _footer(settings, None, account_id)
    return "\n".join(lines) + "\n"


# -- deadlines (server/clock/clock.py announces, inside the sweeper's transaction) ----------------

DEADLINE_KINDS = ("reminder", "warning", "timeout", "forfeit", "vacation")


def _expiry_words(data: dict[str, Any]) -> str:
    if data.get("why"):  # a "bot" deadline for a decision no bot can make (a released blind game)
        return f"you forfeit: {data['why']}"
    if data.get("on_expiry") == "forfeit":
        return "you forfeit the game"
    return "the server plays a random legal move for you"


def deadline_text(
    settings: MailSettings, pub: Public, kind: str, data: dict[str, Any], account_id: int, board: str | None = None
) -> str | None:
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
    elif kind == "timeout":  # one mail for one expiry, however many decisions it played
        played = [str(w) for w in data.get("moves_words") or []] or ["a random legal move"]
        head = f"Time ran out for {pub.who(seat)} in game {g} ({pub.heading}): the server played"
        if len(played) == 1:
            lines = [f"{head} {played[0]} for that seat."]
        else:
            lines = [f"{head} {len(played)} moves for that seat, in order:", *[f"  {w}" for w in played]]
        if data.get("forfeit"):
            lines.append("Then that seat forfeited and is out: no bot can make its next decision.")
        lines += [f"The position after {'it' if len(played) == 1 else 'them'}:", *([board] if board else [])]
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
    lines += ["", *summary_lines(pub), *_footer(settings, pub, account_id)]
    return "\n".join(lines) + "\n"
