"""The read-only pages: `/` (the public games), `/g/<id>` (one game, `?at=N` its replay),
`/g/<id>/export.json`, `/g/<id>/head.json` (what a running game's page polls) and `/audit`.

No page reads a signature or sets a cookie, so a private game is never shown here, even to its
players: its page answers exactly as a game that does not exist. Every asset is served by the
app itself, under a Content-Security-Policy that allows no inline script and no other host.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, current_app, render_template, request, url_for

import engines
from protocol.numbers import INT32_MAX, NotANumber, whole
from protocol.revealed import at_position, ending
from protocol.story import left, result_words, tell
from server.http.api import summary
from server.store.models import Game, PrivateGame
from server.web import loading
from server.web.boards import board_for
from server.web.links import export_url

web_bp = Blueprint(
    "web", __name__, template_folder="templates", static_folder="static", static_url_path="/web/static"
)

# WEB_POLL_SECONDS: how often a running game's page asks for the head (one small JSON a poll)
# WEB_PAGE_SIZE: games a page of the index lists
WEB_DEFAULTS = {"WEB_POLL_SECONDS": 10, "WEB_PAGE_SIZE": 25}
PAGES_MOST = 10**6 - 1  # the index's ?page= goes up to this
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


@web_bp.after_request
def _headers(response: Response) -> Response:
    """Every page and asset: no inline script, nothing from another host, never framed."""
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
    return response


@web_bp.errorhandler(NotANumber)
def _bad_number(exc: NotANumber) -> tuple[str, int]:
    """A query number that is not one (`?page=²`, 5,000 digits, `-1`): a 400 page saying why."""
    return render_template("bad_request.html", reason=str(exc)), 400


def _query_number(name: str, lowest: int, highest: int) -> int | None:
    """A whole-number query parameter read by protocol.numbers (NotANumber: the 400 page); None if absent."""
    try:
        raw = request.args.get(name)
    except UnicodeDecodeError as exc:
        raise NotANumber(name, "(not UTF-8)", lowest, highest) from exc
    return None if raw is None else whole(raw, name, lowest, highest)


def _not_found(game_id: str) -> tuple[str, int]:
    """The one answer for a missing and a private game alike (nothing tells them apart)."""
    return render_template("not_found.html", game_id=game_id), 404


@web_bp.get("/")
def index() -> str:
    number = _query_number("page", 1, PAGES_MOST) or 1
    size = int(current_app.config["WEB_PAGE_SIZE"])
    query = (
        Game.select()
        .where(Game.id.not_in(PrivateGame.select(PrivateGame.game)))
        .order_by(Game.updated.desc(), Game.id)
        .offset((number - 1) * size)
        .limit(size + 1)
    )
    rows = list(query)
    games = [_listed(g) for g in rows[:size]]
    return render_template("index.html", games=games, page=number, more=len(rows) > size, poll=None)


def _listed(game: Game) -> dict[str, Any]:
    info = summary(game, with_view=False)
    players = [p["name"] if p else None for p in info["players"]]
    who = None
    if game.status == "running" and isinstance(game.to_move, int) and 0 <= game.to_move < len(players):
        who = players[game.to_move] or info["seat_names"][game.to_move]
    return {
        "id": game.id,
        "title": info["title"],
        "status": game.status,
        "players": [p or "(open seat)" for p in players],
        "open_seats": sum(1 for p in players if p is None),
        "to_move": who,
        "since": game.updated.strftime("%Y-%m-%d %H:%M UTC"),
        "result": _result_words(info["result"], players, info["seat_names"]),
    }


def _result_words(result: Any, players: list[str | None], seat_names: list[str]) -> str | None:
    """How the game ended in protocol.story's words, the players named as everywhere else:
    "bo (Blue) resigned; ada (Red) wins", "ada (red) won (REASON); scores ada 5, bo 0"."""
    if not isinstance(result, dict):
        return None

    def name(seat: int) -> str:
        player = players[seat] if 0 <= seat < len(players) else None
        return player or (seat_names[seat] if 0 <= seat < len(seat_names) else f"seat {seat}")

    def who(seat: int) -> str:
        colour = seat_names[seat] if 0 <= seat < len(seat_names) else ""
        return f"{name(seat)} ({colour})" if colour and colour != name(seat) else name(seat)

    return result_words(result, who, name)


@web_bp.get("/g/<game_id>")
def game_page(game_id: str) -> tuple[str, int] | str:
    game = loading.public_game(game_id)
    engine = loading.engine_of(game) if game is not None else None
    if game is None or engine is None:
        return _not_found(game_id)  # before the query is read: a private game's ?at= tells nothing
    at = _query_number("at", 0, INT32_MAX)
    info = summary(game)
    entries = loading.log_of(game)
    names = loading.names_in(entries)
    history = _history(engine, entries, names, game.status == "over", url_for("web.game_page", game_id=game.id))
    players = [p["name"] if p else None for p in info["players"]]
    last = entries[-1]["seq"]
    page: dict[str, Any] = {
        "game": info,
        "engine_title": engine.title,
        "players": players,
        "history": history,
        # moves the server played by players' standing answers: said on the page to be server-attested
        "standing": sum(1 for e in entries if e.get("type") == "standing"),
        "last": last,
        "result": _result_words(info["result"], players, info["seat_names"]),
        "left": left(entries),  # seat -> how it left a game of three or four, as the log says
        "to_move": None,
        "export_url": export_url(_base_url(), game.id),
        "since": game.updated.strftime("%Y-%m-%d %H:%M UTC"),  # the newest entry's time
        "at": None,
        "note": None,
        "view": None,
        "poll": None,
    }
    if game.status == "running" and isinstance(game.to_move, int):
        page["to_move"] = players[game.to_move] or info["seat_names"][game.to_move]
    if game.status != "over":
        page["view"] = info["view"]
        page["note"] = "The board is the server's spectator view of the running game (what any spectator is shown)."
        page["poll"] = {"url": url_for("web.head", game_id=game.id), "seq": last, "seconds": int(current_app.config["WEB_POLL_SECONDS"])}
        if at is not None:
            page["note"] = "A running game cannot be replayed yet: the server's seed stays secret until the game is over. " + page["note"]
    else:
        replay = loading.replay_of(game, entries)
        if replay.states is None:
            page["view"] = info["view"]
            page["note"] = f"The log does not replay ({replay.verdict.reason}): shown is the server's spectator view."
        else:
            seq, missing = last, ""
            if at is not None:
                seq = at if at <= last else -1
                if seq < 0:
                    missing = f"There is no entry {at}: the log has entries 0 to {last}; shown is the end. "
                    seq = last
                else:
                    page["at"] = _steps(game.id, seq, last)
            state = replay.states.get(seq)
            if state is None:
                page["note"] = f"Entry {seq} comes before the start: there is no position yet."
            else:
                # over only from the entry that ended the game, said as the log tells it
                page["view"] = at_position(loading.revealed(engine, state, game.seats), seq, ending(entries, engine))
                where = "the final position" if seq == last else f"the position after entry {seq}"
                page["note"] = missing + (
                    f"The board is {where}, replayed from the signed log by the audit's own replay "
                    "(its verdict PASS here, on this server: `pbem audit` on your machine checks it "
                    "yourself), with every concealed value face up"
                ) + (_never_revealed(page["view"]) or ".")
    if page["view"] is not None:
        page["board"] = board_for(game.engine, page["view"])
        page["text_board"] = loading.text_board(engine, page["view"])
    return render_template("game.html", **page)


def _never_revealed(view: Any) -> str | None:
    """What even the finished log keeps concealed: a blind magier game never opens the wisdoms
    that did not burn (their owners kept them), so the page must not claim them face up."""
    board = view.get("board") if isinstance(view, dict) else None
    if isinstance(board, dict) and any(
        isinstance(p, dict) and "value" in p and p["value"] is None for p in board.values()
    ):
        return (
            " that the log reveals; a blind game never reveals the wisdoms that did not burn "
            "(their owners kept them): those stay concealed (?)."
        )
    return None


def _history(
    engine: Any, entries: list[dict[str, Any]], names: dict[int, str], over: bool, page: str
) -> list[dict[str, Any]]:
    """One line a log entry in protocol.story's words, with the entry's seq (and, once the game is
    over, the link to the position after it). Told in one call; should the story ever skip an
    entry, each entry is told on its own so that no line is paired with another's seq."""
    told = tell(engine, entries, names)
    steps = entries[1:]
    if len(told) != len(steps):
        told = [" ".join(tell(engine, [entries[0], e], names)) for e in steps]
    return [
        {"seq": e["seq"], "text": line, "href": f"{page}?at={e['seq']}" if over else None}
        for e, line in zip(steps, told, strict=True)
    ]


def _base_url() -> str:
    """The server's public URL (PUBLIC_URL, as the mail uses, fixed by create_app) for what a
    reader copies out of the page: never this request's Host header, which its sender chose."""
    return str(current_app.config["PUBLIC_URL"])


def _steps(game_id: str, seq: int, last: int) -> dict[str, Any]:
    def link(n: int) -> str:
        return url_for("web.game_page", game_id=game_id, at=n)

    return {
        "seq": seq,
        "first": link(0) if seq > 0 else None,
        "prev": link(seq - 1) if seq > 0 else None,
        "next": link(seq + 1) if seq < last else None,
        "last": link(last) if seq < last else None,
    }


@web_bp.get("/g/<game_id>/export.json")
def export(game_id: str) -> Response | tuple[str, int]:
    game = loading.public_game(game_id)
    if game is None:
        return _not_found(game_id)
    body = json.dumps(loading.export_of(game), ensure_ascii=False, separators=(",", ":"))
    response = Response(body, mimetype="application/json")
    response.headers["Content-Disposition"] = f'inline; filename="{game.id}.json"'
    return response


@web_bp.get("/g/<game_id>/head.json")
def head(game_id: str) -> Response | tuple[str, int]:
    """What a running game's page polls: the head alone, so nothing is redrawn until it moves."""
    game = loading.public_game(game_id)
    if game is None:
        return _not_found(game_id)
    response = Response(
        json.dumps({"seq": game.head_seq, "hash": game.head_hash, "status": game.status}),
        mimetype="application/json",
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@web_bp.get("/audit")
def audit_page() -> str:
    # the engines and every rules version this pbem keeps: the page says UNSUPPORTED for others
    known = [[engine_id, list(engines.versions(engine_id))] for engine_id in engines.ids()]  # in order
    return render_template("audit.html", poll=None, engine_versions=known)
