"""The JSON API under /v1 (docs/API.md): thin handlers over the ledger and the engines."""

from __future__ import annotations

import json
import re
from typing import Any

import peewee as pw
from flask import Blueprint, Response, current_app, g, jsonify, request

import engines
from protocol.canonical import NotCanonical, canonical, loads_strict
from protocol.commitments import view_salt
from protocol.entries import FORMAT
from protocol.keys import is_public_key_hex
from protocol.numbers import INT32_MAX, NotANumber, whole
from protocol.versions import statement
from server.clock import clock
from server.http.auth import current_account, request_signature, retired_words, signer_key
from server.http.errors import ApiProblem
from server.http.visibility import game_for, is_private
from server.http.watching import watchable
from server.ledger import standing
from server.ledger.ledger import Ledger
from server.ledger.records import SEAT_OF, Appended, head_of
from server.ledger.rules import rules_of
from server.mail.addressing import ADDRESS_PROBLEM, is_address, mask_email
from server.store.models import (
    Account,
    EmailInvite,
    Entry,
    Game,
    Invite,
    Payload,
    PrivateGame,
    Seat,
    database,
)
from server.store.prepared import Prepared

PAYLOADS = Prepared(
    lambda game_id, seat, since, until: Payload.select()
    .where((Payload.game == game_id) & (Payload.seat == seat) & (Payload.seq >= since) & (Payload.seq <= until))
    .order_by(Payload.seq, Payload.index)
)

bp = Blueprint("api", __name__, url_prefix="/v1")

# Names: what the other players see. Single spaces inside only, so that no two names
# differ by white space alone, and unique whatever the case (see create_account).
NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9_.\-]| (?! ))*")
NAME_LONGEST = 32
NAME_RULE = (
    "name: 1-32 letters, digits, '_', '.', '-' or single spaces, "
    "starting with a letter or digit and not ending with a space"
)
# No white space, no control character (NUL, DEL, C1) on either side of the @.
BODY_DEPTH = 32  # nested arrays or objects in a request body; a move nests about 6 deep
LOG_FROM_MAX = INT32_MAX


def is_name(value: Any) -> bool:
    return (
        isinstance(value, str)
        and len(value) <= NAME_LONGEST
        and NAME.fullmatch(value) is not None
        and not value.endswith(" ")
    )


def ledger() -> Ledger:
    return current_app.extensions["pbem.ledger"]


def body() -> dict[str, Any]:
    """The request body: one JSON object with one reading and a canonical form, else 400.

    Strict (protocol.canonical.loads_strict): no key twice, no NaN, at most BODY_DEPTH
    deep, Unicode text only. Canonical: no integer beyond 2**53, so nothing taken from
    a body can fail to hash later; and the body must read the same after a trip through
    canonical JSON (1.0 is written 1), so what the server acts on now is exactly what
    the log will say and the audit will replay.
    """
    raw = request.get_data(cache=True)
    if not raw:
        return {}
    try:
        value = loads_strict(raw, max_depth=BODY_DEPTH)
    except NotCanonical as exc:
        raise ApiProblem(400, f"the body is not valid JSON: {exc}") from exc
    if not isinstance(value, dict):
        raise ApiProblem(400, "the body must be a JSON object")
    try:
        again = json.loads(canonical(value))
    except NotCanonical as exc:
        raise ApiProblem(
            400, "the body has no canonical JSON form: integers must lie within +-(2**53 - 1)"
        ) from exc
    if not same_json(value, again):
        raise ApiProblem(
            400, "the body reads differently once written canonically: send whole numbers without a fraction (1, not 1.0)"
        )
    return value


def same_json(a: Any, b: Any) -> bool:
    """Equal with the same JSON types all the way down (in Python 1 == 1.0 == True)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def query_number(name: str, lowest: int, highest: int, default: int) -> int:
    """A whole-number query parameter, read by protocol.numbers (400 naming it and its range)."""
    try:
        raw = request.args.get(name)
    except UnicodeDecodeError as exc:  # a query that is not UTF-8
        raise ApiProblem(400, f"{name}: the query string must be UTF-8, percent-encoded") from exc
    if raw is None:
        return default
    try:
        return whole(raw, name, lowest, highest)
    except NotANumber as exc:
        raise ApiProblem(400, str(exc)) from exc


def summary(game: Game, with_view: bool = True) -> dict[str, Any]:
    engine = rules_of(game)
    players: list[dict[str, Any] | None] = [None] * game.seats
    for row in Seat.select(Seat, Account).join(Account).where(Seat.game == game):
        players[row.seat] = {"seat": row.seat, "name": row.account.name}
    invited = [
        {"seat": i.seat, "name": i.account.name}
        for i in Invite.select(Invite, Account).join(Account, on=Invite.account).where(Invite.game == game)
        if players[i.seat] is None
    ] + [
        # A seat kept for an address with no account yet: nobody else may take it. The
        # summary is public, so the address is shown masked.
        {"seat": e.seat, "name": None, "email": mask_email(e.email)}
        for e in EmailInvite.select().where(EmailInvite.game == game)
        if players[e.seat] is None
    ]
    view = None
    if with_view and game.state is not None:
        view = engine.view(json.loads(game.state), None)
    return {
        "id": game.id,
        "engine": game.engine,
        "title": engine.title,
        "options": json.loads(game.options),
        "seats": game.seats,
        "seat_names": engine.seat_names(game.seats),
        "players": players,
        "invited": sorted(invited, key=lambda i: i["seat"]),
        "status": game.status,
        "to_move": game.to_move,
        "head": head_of(game),
        "result": json.loads(game.result) if game.result else None,
        "view": view,
        "email_moves": bool(game.email_moves),  # as the signed genesis says
        "private": is_private(game),
        **clock.summary(game),  # "deadline" (as the genesis says) and "clock" (the running one)
        "answers": standing.described(game),  # each seat's standing answers in force, as its log says
    }


def my_seat(game: Game) -> int:
    row = SEAT_OF.first(game.id, current_account().id)
    if row is None:
        raise ApiProblem(403, "you hold no seat in this game")
    g.seat_in = (game.id, row.seat)  # for the request log's line (server/http/app.py)
    return int(row.seat)


def payloads_for(game: Game, seat: int, since: int = 0) -> list[dict[str, Any]]:
    return [json.loads(r.data) for r in PAYLOADS.rows(game.id, seat, since, game.head_seq)]


def state_seq(game: Game) -> int | None:
    """The seq of the entry that committed the current state: the last one with views (a start,
    a move, a server move, a standing answer). Answers entries, other system entries and the
    reveal leave the state as it was."""
    return standing.views_seq(game.id, game.head_seq)


def private_view(game: Game, seat: int, views_seq: int | None = None) -> dict[str, Any]:
    """The seat's view with the salt of its commitment in the log, so the client can check it
    (`views_seq`: the seq of that commitment, when the caller knows it)."""
    engine = rules_of(game)
    view = salt = None
    if game.state is not None:
        view = engine.view(json.loads(game.state), seat)
        at = state_seq(game) if views_seq is None else views_seq
        if at is not None:
            salt = view_salt(bytes.fromhex(game.seed), at, seat)
    return {
        "game": game.id,
        "seat": seat,
        "status": game.status,
        "to_move": game.to_move,
        "head": head_of(game),
        "result": json.loads(game.result) if game.result else None,
        "view": view,
        "view_salt": salt,
    }


# -- endpoints ---------------------------------------------------------------------


@bp.get("/health")
def health() -> Response:
    return jsonify({"ok": True, "server_key": ledger().key.public_hex, "versions": statement()})


@bp.get("/version")
def version() -> Response:
    """What this server writes and reads (protocol.versions): a client compares it with its own
    to say which of the two is older, before it meets a log it cannot read."""
    return jsonify(statement())


@bp.get("/engines")
def list_engines() -> Response:
    out = []
    for engine in engines.all():
        out.append({
            "id": engine.id,
            "title": engine.title,
            "version": engine.version,
            "min_seats": engine.min_seats,
            "max_seats": engine.max_seats,
            "options": engine.options(),
            "seat_names": {str(n): engine.seat_names(n) for n in range(engine.min_seats, engine.max_seats + 1)},
        })
    return jsonify({"engines": out})


@bp.post("/accounts")
def create_account() -> tuple[Response, int]:
    key = signer_key()
    data = body()
    name, email = data.get("name"), data.get("email")
    if not is_name(name):
        raise ApiProblem(400, NAME_RULE)
    if not is_address(email):
        raise ApiProblem(400, ADDRESS_PROBLEM)
    if not is_public_key_hex(key):
        raise ApiProblem(400, "the key is not an Ed25519 public key")
    try:
        with database.atomic():
            if Account.select().where(Account.key == key).exists():
                raise ApiProblem(409, "an account with this key exists already")
            retired = retired_words(key)
            if retired is not None:  # a replaced key never holds an account here again
                raise ApiProblem(409, retired)
            taken = Account.get_or_none(pw.fn.LOWER(Account.name) == name.lower())
            if taken is not None:
                raise ApiProblem(409, f"the name {name!r} is taken (by {taken.name!r}: names ignore case)")
            Account.create(name=name, email=email, key=key)  # the address gets no seat kept for it: its token does
    except pw.IntegrityError as exc:  # the same name or key, committed a moment earlier
        raise ApiProblem(409, "an account with this key or name exists already") from exc
    return jsonify({"name": name, "email": email, "key": key}), 201


@bp.get("/me")
def me() -> Response:
    account = current_account()
    return jsonify({"name": account.name, "email": account.email, "key": account.key})


@bp.post("/games")
def create_game() -> tuple[Response, int]:
    """201 with a new game; 200 with the same game when this very request (its signature)
    comes again, so a replayed or retried create never makes a second game."""
    account = current_account()
    data = body()
    private = data.get("private", False)
    if not isinstance(private, bool):
        raise ApiProblem(400, "private must be true or false")
    with database.atomic():  # never a private game that was public for a moment
        game, made = ledger().create_game(
            account, data.get("engine"), data.get("options", {}), data.get("seats"),
            request_signature(), deadline=data.get("deadline"),
            email_moves=data.get("email_moves", False),
        )
        if made and private:
            PrivateGame.create(game=game)
    return jsonify(summary(game)), 201 if made else 200


@bp.get("/games")
def list_games() -> Response:
    try:
        watch, prefix = request.args.get("watch"), request.args.get("prefix")
    except UnicodeDecodeError:  # a query that is not UTF-8: refused below as for any signed route
        watch = prefix = None
    if watch or prefix:
        return jsonify({"games": watchable(prefix, lambda game: summary(game, with_view=False))})
    account = current_account()
    if request.args.get("open"):
        kept = Invite.select(Invite.game).where(Invite.account == account)
        query = (
            Game.select()
            .where(
                (Game.status == "open")
                & (
                    Game.id.not_in(PrivateGame.select(PrivateGame.game))
                    | Game.id.in_(kept)
                    | (Game.creator == account)
                )
            )
            .order_by(Game.created.desc())
            .limit(100)
        )
    else:
        seated = Seat.select(Seat.game).where(Seat.account == account)
        invited = Invite.select(Invite.game).where(Invite.account == account)
        query = (
            Game.select()
            .where(
                Game.id.in_(seated)
                | (Game.id.in_(invited) & (Game.status == "open"))
                | (Game.creator == account)  # a game made with --no-join is still its creator's
            )
            .order_by(Game.updated.desc())
        )
    games = []
    for game in query:
        item = summary(game, with_view=False)
        seat = Seat.get_or_none((Seat.game == game) & (Seat.account == account))
        item["my_seat"] = seat.seat if seat else None
        kept = Invite.get_or_none((Invite.game == game) & (Invite.account == account))
        item["invited_seat"] = kept.seat if kept and seat is None else None
        item["updated"] = game.updated.strftime("%Y-%m-%d %H:%M UTC")  # the newest entry's time
        games.append(item)
    return jsonify({"games": games})


@bp.get("/games/<game_id>")
def get_game(game_id: str) -> Response:
    return jsonify(summary(game_for(game_id)))


@bp.post("/games/<game_id>/join")
def join_game(game_id: str) -> Response:
    game_for(game_id)  # a private game is joined by invitation only
    account = current_account()
    data = body()
    game = ledger().join(
        game_id, account, data.get("seat"), data.get("nonce"), data.get("sig"), data.get("prev")
    )
    return jsonify(summary(game))


@bp.post("/games/<game_id>/invite")
def invite(game_id: str) -> Response:
    game_for(game_id)
    account = current_account()
    data = body()
    address = data.get("email")
    if address is not None:
        game = invite_address(game_id, account, address, data.get("seat"))
    else:
        game = ledger().invite(game_id, account, data.get("name"), data.get("seat"))
    return jsonify(summary(game))


def invite_address(game_id: str, by: Account, address: Any, seat: Any) -> Game:
    """An invitation by e-mail: a seat kept for the address, taken with the token mailed there
    (server/ledger/invitations.py), even when an account says it has that address: an
    account's address is asserted, never proven, so it is not the mailbox's owner."""
    if not is_address(address):
        raise ApiProblem(400, ADDRESS_PROBLEM)
    return ledger().invite_address(game_id, by, address, seat)


@bp.delete("/games/<game_id>/invite/<path:name>")
def cancel_invite(game_id: str, name: str) -> Response:
    """`path:` because an address may hold a "/": sent as %2F, WSGI has decoded it already."""
    game_for(game_id)
    account = current_account()
    game = ledger().cancel_invite(game_id, account, name)
    return jsonify(summary(game))


@bp.get("/games/<game_id>/view")
def view(game_id: str) -> Response:
    game = game_for(game_id)
    seat = my_seat(game)
    out = private_view(game, seat)
    out["payloads"] = payloads_for(game, seat)
    return jsonify(out)


@bp.get("/games/<game_id>/moves")
def moves(game_id: str) -> Response:
    game = game_for(game_id)
    seat = my_seat(game)
    engine = rules_of(game)
    legal: list[dict[str, Any]] = []
    if game.status == "running" and game.to_move == seat:
        legal = [{"move": m, "text": engine.format(m)} for m in engine.legal_moves(json.loads(game.state), seat)]
    return jsonify({"seat": seat, "head": head_of(game), "to_move": game.to_move, "moves": legal})


def _after_append(appended: Appended) -> Response:
    """The mover's view after its append, from the game row the ledger has just written (no
    second read of it): the answer a client checks its new view and payloads against."""
    game, seat = appended.game, appended.seat
    g.seat_in = (game.id, seat)
    out = private_view(game, seat, appended.views_seq)
    out["entry"] = appended.entry
    told = appended.payload_seats
    out["payloads"] = payloads_for(game, seat, since=appended.entry["seq"]) if told is None or seat in told else []
    return jsonify(out)


@bp.post("/games/<game_id>/moves")
def submit_move(game_id: str) -> Response:
    game_for(game_id)
    account = current_account()
    data = body()
    appended = ledger().move(
        game_id, account, data.get("envelope"), data.get("sig"), data.get("secret"), data.get("salt")
    )
    return _after_append(appended)


@bp.post("/games/<game_id>/resign")
def resign(game_id: str) -> Response:
    game_for(game_id)
    account = current_account()
    data = body()
    appended = ledger().resign(game_id, account, data.get("envelope"), data.get("sig"))
    return _after_append(appended)


def _entries(game: Game, since: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The entries from `since` on, and the head they end at (read in one query, so they agree)."""
    rows = list(Entry.select().where((Entry.game == game) & (Entry.seq >= since)).order_by(Entry.seq))
    head = {"seq": rows[-1].seq, "hash": rows[-1].hash} if rows else head_of(game)
    return [json.loads(r.data) for r in rows], head


@bp.get("/games/<game_id>/log")
def log(game_id: str) -> Response:
    game = game_for(game_id)
    entries, head = _entries(game, query_number("from", 0, LOG_FROM_MAX, default=0))
    return jsonify({"entries": entries, "head": head})


@bp.get("/games/<game_id>/export")
def export(game_id: str) -> Response:
    game = game_for(game_id)
    return jsonify({"format": FORMAT, "game": game.id, "entries": _entries(game, 0)[0]})
