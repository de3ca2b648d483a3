"""Mail preferences (signed, under /v1) and the unsubscribe link every mail carries.

GET/POST /v1/me/notify: the account's setting ("all", "digest", "none") and muted games;
POST /v1/games/ID/mute: mute or unmute one game; /v1/mail/unsubscribe/ACCOUNT/TOKEN: the
List-Unsubscribe URL (GET shows a button; POST, RFC 8058 one-click, sets "none").
"""

from __future__ import annotations

import html
from typing import Any

from flask import Blueprint, Response, current_app, jsonify

from protocol.numbers import INT32_MAX, NotANumber, whole
from server.http.api import body
from server.http.auth import current_account
from server.http.errors import ApiProblem
from server.http.visibility import game_for
from server.mail.addressing import check_unsubscribe
from server.mail.notices import NOTIFY
from server.store.models import Account, MailPref, Mute, Seat, database

mail_bp = Blueprint("mail", __name__, url_prefix="/v1")
UNSUBSCRIBE_PATH = "/v1/mail/unsubscribe/"


def settings_of(account: Account) -> dict[str, Any]:
    pref = MailPref.get_or_none(MailPref.account == account)
    muted = [m.game_id for m in Mute.select().where(Mute.account == account).order_by(Mute.game)]
    return {"notify": pref.notify if pref else "all", "muted": muted}


def set_notify(account: Account, value: str) -> None:
    with database.atomic():
        updated = MailPref.update(notify=value).where(MailPref.account == account).execute()
        if not updated:
            MailPref.insert(account=account, notify=value).on_conflict_ignore().execute()
            MailPref.update(notify=value).where(MailPref.account == account).execute()


@mail_bp.get("/me/notify")
def get_notify() -> Response:
    return jsonify(settings_of(current_account()))


@mail_bp.post("/me/notify")
def post_notify() -> Response:
    account = current_account()
    value = body().get("notify")
    if not isinstance(value, str) or value not in NOTIFY:
        raise ApiProblem(400, f"notify: one of {', '.join(NOTIFY)}")
    set_notify(account, value)
    return jsonify(settings_of(account))


@mail_bp.post("/games/<game_id>/mute")
def mute(game_id: str) -> Response:
    game = game_for(game_id)
    account = current_account()
    data = body()
    value = data.get("mute")
    if not isinstance(value, bool):
        raise ApiProblem(400, "mute: true or false")
    if not Seat.select().where((Seat.game == game) & (Seat.account == account)).exists():
        raise ApiProblem(403, "you hold no seat in this game")
    with database.atomic():
        if value:
            Mute.insert(account=account, game=game).on_conflict_ignore().execute()
        else:
            Mute.delete().where((Mute.account == account) & (Mute.game == game)).execute()
    return jsonify({**settings_of(account), "game": game.id, "game_muted": value})


def _unsubscriber(account_part: str, token: str) -> Account:
    """The account a link names, read by protocol.numbers (no "١", no 5,000 digits, nothing
    beyond what the database compares): anything else is a link that is not valid."""
    secret = current_app.extensions["pbem.ledger"].mail.secret
    try:
        account_id = whole(account_part, "account", 1, INT32_MAX)
    except NotANumber as exc:
        raise ApiProblem(404, "this unsubscribe link is not valid") from exc
    account = Account.get_or_none(Account.id == account_id)
    if account is None or not check_unsubscribe(secret, account_id, token):
        raise ApiProblem(404, "this unsubscribe link is not valid")
    return account


def _page(text: str, form: bool = False) -> Response:
    button = '<form method="post"><button type="submit">Unsubscribe: send me no more mail</button></form>' if form else ""
    page = f"<!doctype html><title>pbem mail</title><p>{html.escape(text)}</p>{button}\n"
    return Response(page, mimetype="text/html")


@mail_bp.get("/mail/unsubscribe/<account_id>/<token>")
def unsubscribe_page(account_id: str, token: str) -> Response:
    """A GET (a link scanner, a preview) changes nothing: it shows a button that POSTs."""
    account = _unsubscriber(account_id, token)
    return _page(f"Stop all pbem mail to {account.name} <{account.email}>?", form=True)


@mail_bp.post("/mail/unsubscribe/<account_id>/<token>")
def unsubscribe(account_id: str, token: str) -> Response:
    account = _unsubscriber(account_id, token)
    set_notify(account, "none")
    return _page(f"{account.name} <{account.email}> gets no more pbem mail. `pbem notify all` turns it on again.")
