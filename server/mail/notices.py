"""The mail a game sends, composed from public data only, and queued in the outbox.

Composition is pure (`compose`, `turn_text`, ...): plain text built with the standard
library's `email` package, a stable Message-ID per mail (game, seq, kind, recipient),
every mail of one game threaded under one root id (`<game-ID@DOMAIN>`), and a
List-Unsubscribe header with a per-account HMAC token (RFC 8058 one-click).

Queueing (`after_step`, `game_over`, `invited`, `invited_address`, `digest`) writes
`Mail` rows; the ledger calls it inside the transaction that appends the entry causing
the mail, so a mail exists exactly when its entry does. Nothing concealed goes into a
mail: only the public log (the public part of each move envelope) and the spectator
view `engine.view(state, None)`.
"""

from __future__ import annotations

import datetime as dt
import email.policy
import hashlib
import hmac
import json
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import format_datetime, formataddr, parseaddr
from typing import Any
from urllib.parse import urlsplit

import peewee as pw

import engines
from protocol.commitments import move_token
from server.store.models import (
    Account,
    EmailInvite,
    Entry,
    Game,
    Invite,
    Mail,
    MailPref,
    MoveToken,
    Mute,
    Seat,
    database,
    utcnow,
)
from server.store.prepared import Prepared

log = logging.getLogger(__name__)

SEATED = Prepared(lambda game_id: Seat.select(Seat, Account).join(Account).where(Seat.game == game_id))
LAST_ENTRIES = Prepared(  # the newest `count` entries up to `seq`, newest first
    lambda game_id, seq, count: Entry.select()
    .where((Entry.game == game_id) & (Entry.seq <= seq))
    .order_by(Entry.seq.desc())
    .limit(count)
)
UNWILLING = Prepared(  # a row if the account gets no mail about the game now: not on "all", or muted
    lambda account_id, game_id: MailPref.select(MailPref.account)
    .where((MailPref.account == account_id) & (MailPref.notify != "all"))
    .union_all(Mute.select(Mute.account).where((Mute.account == account_id) & (Mute.game == game_id)))
)
MAIL_INSERT = Prepared(  # a row already there for the same key (the same cause) stays as it is
    lambda account_id, to_addr, game_id, kind, message, key, status, attempts, next_try, created: Mail.insert(
        account=account_id, to_addr=to_addr, game=game_id, kind=kind, message=message, key=key,
        status=status, attempts=attempts, next_try=next_try, created=created,
    ).on_conflict_ignore()
)

KINDS = (
    "turn", "invite", "start", "over", "digest", "reminder", "warning", "timeout", "forfeit", "vacation",
    "reply_refused",
)
NOTIFY = ("all", "digest", "none")
LAST_MOVES = 5
# 7bit: any non-ASCII body goes quoted-printable, so the stored text is ASCII and the
# same bytes whatever the SMTP server supports; an ASCII body stays readable as it is
# (lines up to RFC 5322's 998). Lines end in "\n" here; the sender sends CRLF.
POLICY = email.policy.default.clone(cte_type="7bit", max_line_length=998)


@dataclass(frozen=True)
class MailSettings:
    """What composing needs from the server's configuration."""

    mail_from: str  # "pbem <pbem@example.org>"
    public_url: str | None  # links in the mail; None: the URL the request came in on
    secret: bytes  # HMAC key for unsubscribe tokens
    install: str  # how someone without pbem installs it

    @property
    def domain(self) -> str:
        """The right-hand side of Message-IDs: the From domain, else the public URL's host."""
        addr = parseaddr(self.mail_from)[1]
        if "@" in addr:
            return addr.rsplit("@", 1)[1].lower()
        host = urlsplit(self.public_url or "").hostname
        return host or "pbem.invalid"

    def base_url(self) -> str:
        if self.public_url:
            return self.public_url.rstrip("/")
        try:
            from flask import has_request_context, request

            if has_request_context():
                return request.url_root.rstrip("/")
        except ImportError:  # pragma: no cover - flask is a dependency
            pass
        return "http://localhost:8470"


# pbem is not on PyPI (a package called pbem there is not this one): without
# PBEM_CLIENT_INSTALL the invitation can only say where to ask.
DEFAULT_INSTALL = "pip install the pbem client from its source (Python 3.11+; the server's operator says where)"


def settings_from_config(config: Any, seed: bytes) -> MailSettings:
    """MailSettings from the app's config; the unsubscribe secret derives from the server key
    (so every worker and host sharing the key agrees) unless MAIL_SECRET is set."""
    public = config.get("PUBLIC_URL") or None
    secret_text = config.get("MAIL_SECRET")
    if secret_text:
        secret = hashlib.sha256(str(secret_text).encode()).digest()
    else:
        secret = hmac.new(seed, b"pbem/v1/mail-secret", hashlib.sha256).digest()
    mail_from = config.get("MAIL_FROM")
    if not mail_from:
        host = urlsplit(public or "").hostname or "localhost"
        mail_from = formataddr(("pbem", f"pbem@{host}"))
    return MailSettings(
        mail_from=str(mail_from),
        public_url=public,
        secret=secret,
        install=str(config.get("CLIENT_INSTALL") or DEFAULT_INSTALL),
    )


# -- ids, tokens ---------------------------------------------------------------------------


def _hash(text: str, n: int = 12) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:n]


def recipient_id(account_id: int | None, address: str) -> str:
    return f"a{account_id}" if account_id is not None else f"e{_hash(address.lower(), 16)}"


def root_id(settings: MailSettings, game_id: str) -> str:
    """The thread every mail of a game replies to."""
    return f"<game-{game_id}@{settings.domain}>"


def message_id(settings: MailSettings, game_id: str | None, seq: int | str, kind: str, recipient: str) -> str:
    """Stable: the same mail (game, seq, kind, recipient) always has the same id."""
    where = f"{game_id}.{seq}" if game_id else str(seq)
    return f"<{kind}.{where}.{_hash(recipient)}@{settings.domain}>"


def dedupe_key(kind: str, game_id: str | None, seq: int | str, recipient: str) -> str:
    return f"{kind}:{game_id or '-'}:{seq}:{recipient}"


def unsubscribe_token(secret: bytes, account_id: int) -> str:
    return hmac.new(secret, f"pbem/v1/unsubscribe\n{account_id}".encode(), hashlib.sha256).hexdigest()[:32]


def check_unsubscribe(secret: bytes, account_id: int, token: str) -> bool:
    return hmac.compare_digest(unsubscribe_token(secret, account_id), token)


def unsubscribe_url(settings: MailSettings, account_id: int) -> str:
    return f"{settings.base_url()}/v1/mail/unsubscribe/{account_id}/{unsubscribe_token(settings.secret, account_id)}"


# -- composing -----------------------------------------------------------------------------


def wire_address(address: str) -> str:
    """The address as a mail header carries it: a domain outside ASCII written by IDNA
    (zoe@exämple.org is zoe@xn--exmple-cua.org); formataddr would raise on it."""
    local, at, domain = address.rpartition("@")
    if not at or domain.isascii():
        return address
    try:
        return f"{local}@{domain.encode('idna').decode('ascii')}"
    except UnicodeError:
        return address


def compose(
    settings: MailSettings,
    *,
    kind: str,
    to_name: str | None,
    to_addr: str,
    subject: str,
    text: str,
    msg_id: str,
    game_id: str | None,
    account_id: int | None,
    when: dt.datetime,
    reply_to: str | None = None,
    in_reply_to: str | None = None,
) -> EmailMessage:
    """One plain-text mail; threaded under the game's root id when it is about a game."""
    msg = EmailMessage(policy=POLICY)
    _plain(msg, "From", settings.mail_from)
    _plain(msg, "To", formataddr((to_name or "", wire_address(to_addr))))
    _plain(msg, "Subject", subject)
    _plain(msg, "Date", format_datetime(when.replace(tzinfo=dt.UTC, microsecond=0)))  # as the registry writes it
    _plain(msg, "Message-ID", msg_id)
    if reply_to:
        _plain(msg, "Reply-To", reply_to)
    if in_reply_to:  # an answer to a player's own message (a refused email move)
        _plain(msg, "In-Reply-To", in_reply_to)
        _plain(msg, "References", in_reply_to)
    elif game_id:
        _plain(msg, "In-Reply-To", root_id(settings, game_id))
        _plain(msg, "References", root_id(settings, game_id))
    if account_id is not None:
        _plain(msg, "List-Unsubscribe", f"<{unsubscribe_url(settings, account_id)}>")
        _plain(msg, "List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
    _plain(msg, "Auto-Submitted", "auto-generated")
    _plain(msg, "X-Pbem-Kind", kind)
    if game_id:
        _plain(msg, "X-Pbem-Game", game_id)
    _text(msg, text)
    return msg


def _text(msg: EmailMessage, text: str) -> None:
    """The body, as `msg.set_content(text)` writes it, without its three header parses when
    the text is ASCII in lines of at most 998 characters: then set_content picks 7bit and writes
    these headers and the lines joined by newlines, with one at the end."""
    lines = text.encode("utf-8").splitlines()
    if not text.isascii() or any(len(line) > 998 for line in lines):
        msg.set_content(text)
        return
    msg.set_raw("Content-Type", 'text/plain; charset="utf-8"')
    msg.set_raw("Content-Transfer-Encoding", "7bit")
    msg.set_raw("MIME-Version", "1.0")
    msg.set_payload(b"\n".join(lines).decode("ascii") + "\n")


_PLAIN = re.compile(r"[!-~]+(?: [!-~]+)*")  # printable ASCII words, single spaces between


def _plain(msg: EmailMessage, name: str, value: str) -> None:
    """Set a header the mail writes exactly as given when it is printable ASCII that fits one line (issue 9:
    parsing it through the header registry, to write back the same line, was most of a mail's
    cost in the append's transaction); anything else goes through the parser, as `msg[name]`.
    tests/server/test_mail_compose.py checks both ways give the same mail."""
    if len(name) + 2 + len(value) <= POLICY.max_line_length and _PLAIN.fullmatch(value) and "=?" not in value:
        msg.set_raw(name, value)
    else:
        msg[name] = value


def as_text(msg: EmailMessage) -> str:
    """The mail's text. When compose wrote every header as given and the body as 7bit lines
    (`_plain`, `_text`), the generator would write exactly those lines, a blank line and the
    body: that is written out directly (issue 9: the generator re-parsed the headers)."""
    items = list(msg.raw_items())
    body = msg._payload  # noqa: SLF001 - get_payload() parses the Content-Transfer-Encoding header
    if isinstance(body, str) and body.isascii() and "\r" not in body and all(type(v) is str for _, v in items):
        if ("Content-Transfer-Encoding", "7bit") in items:
            return "".join(f"{name}: {value}\n" for name, value in items) + "\n" + body
    return msg.as_string(policy=POLICY)


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


# -- reading a game (public data only) -----------------------------------------------------


def _players(game: Game, seat_names: list[str], seated: dict[int, Account] | None = None) -> list[Player | None]:
    players: list[Player | None] = [None] * game.seats
    for seat, account in (seated if seated is not None else _seated(game)).items():
        name = seat_names[seat] if seat < len(seat_names) else f"seat {seat}"
        players[seat] = Player(seat, account.name, name)
    return players


def _move_words(engine: Any, entry: dict[str, Any], players: list[Player | None]) -> str | None:
    body = entry.get("body") or {}
    kind = entry.get("type")

    def who(seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(players) and players[seat]:
            return players[seat].label  # type: ignore[union-attr]
        return f"seat {seat}"

    if kind == "move":
        env = body.get("envelope") or {}
        try:
            words = engine.format(env.get("move") or {})  # the public part only
        except Exception:  # noqa: BLE001 - a move we cannot name is still listed
            words = "a move"
        return f"{entry.get('seq')}. {who(env.get('seat'))}: {words}"
    if kind == "system":
        env = body.get("envelope") or {}
        what = str(body.get("kind") or "system")
        seat = env.get("seat", body.get("seat"))
        if what == "resign":
            return f"{entry.get('seq')}. {who(seat)} resigned"
        return f"{entry.get('seq')}. {what}" + (f" ({who(seat)})" if seat is not None else "")
    return None


def public_of(game: Game, seated: dict[int, Account] | None = None) -> Public:
    engine = engines.get(game.engine)
    seat_names = engine.seat_names(game.seats)
    players = _players(game, seat_names, seated)
    view = None
    if game.state is not None:
        try:
            view = engine.view(json.loads(game.state), None)  # the spectator's view
        except Exception:  # noqa: BLE001 - a summary without scores rather than no mail
            log.warning("engine %s: the spectator view failed for game %s", game.engine, game.id)
    moves: list[str] = []
    for row in LAST_ENTRIES.rows(game.id, game.head_seq, LAST_MOVES + 3):
        words = _move_words(engine, json.loads(row.data), players)
        if words is not None:
            moves.append(words)
        if len(moves) == LAST_MOVES:
            break
    return Public(
        game_id=game.id,
        title=engine.title,
        seats=game.seats,
        players=players,
        seat_names=seat_names,
        status=game.status,
        to_move=game.to_move,
        head_seq=game.head_seq,
        view=view,
        moves=list(reversed(moves)),
        result=json.loads(game.result) if game.result else None,
    )


# -- preferences ---------------------------------------------------------------------------


def notify_of(account_id: int) -> str:
    pref = MailPref.get_or_none(MailPref.account == account_id)
    return pref.notify if pref is not None else "all"


def muted(account_id: int, game_id: str) -> bool:
    return Mute.select().where((Mute.account == account_id) & (Mute.game == game_id)).exists()


def wanting_now(accounts: Iterable[Account], game_id: str) -> set[int]:
    """Of these accounts, those that get mail about this game now (a prepared query each: most
    steps tell one account, the seat to move)."""
    return {a.id for a in accounts if not UNWILLING.rows(a.id, game_id)}


def wants_now(account_id: int, game_id: str | None) -> bool:
    """Mail about this game goes out now only to accounts on "all" that have not muted it."""
    if notify_of(account_id) != "all":
        return False
    return game_id is None or not muted(account_id, game_id)


# -- queueing (inside the caller's transaction) --------------------------------------------


def _queue(
    settings: MailSettings,
    *,
    kind: str,
    account: Account | None,
    address: str,
    game_id: str | None,
    seq: int | str,
    subject: str,
    text: str,
    now: dt.datetime,
    token: str | None = None,
    in_reply_to: str | None = None,
) -> None:
    rcpt = recipient_id(account.id if account else None, address)
    msg_id = message_id(settings, game_id, seq, kind, rcpt)
    if token is not None:  # a reply's In-Reply-To/References carry the token back
        msg_id = msg_id.replace("@", f".t{token}@", 1)
    msg = compose(
        settings,
        kind=kind,
        to_name=account.name if account else None,
        to_addr=address,
        subject=subject,
        text=text,
        msg_id=msg_id,
        game_id=game_id,
        account_id=account.id if account else None,
        when=now,
        reply_to=token_address(settings, token) if token is not None else None,
        in_reply_to=in_reply_to,
    )
    MAIL_INSERT.execute(
        account.id if account else None, address, game_id, kind, as_text(msg),
        dedupe_key(kind, game_id, seq, rcpt), "pending", 0, now, now,
    )


def _subject(pub: Public, what: str) -> str:
    return f"pbem {pub.game_id} ({pub.title}): {what}"


def _seated(game: Game) -> dict[int, Account]:
    return {row.seat: row.account for row in SEATED.rows(game.id)}


def token_address(settings: MailSettings, token: str) -> str:
    """The Reply-To of a your-turn mail with a move token: the From address plus `+TOKEN`."""
    addr = parseaddr(settings.mail_from)[1] or f"pbem@{settings.domain}"
    local, _, domain = addr.rpartition("@")
    return f"{local or 'pbem'}+{token}@{domain or settings.domain}"


def issue_token(game: Game, seat: int) -> str:
    """The one-time move token for `seat` at the game's head (PROTOCOL.md section 7), recorded
    so that `pbem-server inbox` can find its game and mark it used."""
    seq = game.head_seq + 1
    token = move_token(bytes.fromhex(game.seed), game.id, seq, game.head_hash, seat)
    MoveToken.insert(token=token, game=game.id, seat=seat, seq=seq, prev=game.head_hash).on_conflict_ignore().execute()
    return token


def after_step(settings: MailSettings, game: Game, before: tuple[str, int | None], head_moved: bool = False) -> None:
    """After a start or a move: the start mail, and a your-turn mail when the seat that
    must decide changed (not for every decision within one player's turn). In a game with
    email moves, a move token is good for one decision only, so a new your-turn mail (with
    a new token) goes out after every step that leaves a seat to decide."""
    before_status, before_to_move = before
    if game.status != "running":
        return  # over: game_over() wrote the mail
    started = before_status == "open"
    if not started and game.to_move == before_to_move and not (game.email_moves and head_moved):
        return
    seated = _seated(game)
    told = {s: a for s, a in seated.items() if s == game.to_move or started}
    wanting = wanting_now(told.values(), game.id)
    if not wanting:
        return
    now = utcnow()
    pub = public_of(game, seated)
    for seat, account in sorted(told.items()):
        if account.id not in wanting:
            continue
        if seat == game.to_move:
            token = issue_token(game, seat) if game.email_moves else None
            example = MOVE_EXAMPLES.get(game.engine, "pass")
            _queue(
                settings, kind="turn", account=account, address=account.email, game_id=game.id,
                seq=game.head_seq, subject=_subject(pub, "your turn"),
                text=turn_text(settings, pub, account.id, started=started, token=token, example=example),
                now=now, token=token,
            )
        else:
            _queue(
                settings, kind="start", account=account, address=account.email, game_id=game.id,
                seq=game.head_seq, subject=_subject(pub, "the game has started"),
                text=start_text(settings, pub, account.id), now=now,
            )


def reply_refused(
    settings: MailSettings, *, address: str, account: Account | None, game_id: str | None,
    why: str, subject: str, in_reply_to: str | None, key: str, now: dt.datetime | None = None,
) -> None:
    """One line to the sender of an email move the server did not play, saying why."""
    now = now or utcnow()
    words = subject.strip() or "your move"
    if not words.lower().startswith("re:"):
        words = f"Re: {words}"
    _queue(
        settings, kind="reply_refused", account=account, address=address, game_id=game_id,
        seq=key, subject=words[:200], text=f"Your move was not played: {why}\n", now=now,
        in_reply_to=in_reply_to,
    )


def game_over(settings: MailSettings, game: Game) -> None:
    seated = _seated(game)
    wanting = wanting_now(seated.values(), game.id)
    if not wanting:
        return
    now = utcnow()
    pub = public_of(game, seated)
    for _seat, account in sorted(seated.items()):
        if account.id in wanting:
            _queue(
                settings, kind="over", account=account, address=account.email, game_id=game.id,
                seq=game.head_seq, subject=_subject(pub, "game over"),
                text=over_text(settings, pub, account.id), now=now,
            )


def _invite_subject(pub: Public, by: str) -> str:
    return _subject(pub, f"{by} invites you")


def invited(settings: MailSettings, game: Game, guest: Account, by: Account, seat: int) -> None:
    """An invitation to an account (preferences apply; muting is for games one plays)."""
    if notify_of(guest.id) != "all":
        return
    pub = public_of(game)
    _queue(
        settings, kind="invite", account=guest, address=guest.email, game_id=game.id,
        seq=f"{game.head_seq}-{seat}", subject=_invite_subject(pub, by.name),
        text=invite_text(settings, pub, by.name, seat, guest.id), now=utcnow(),
    )


def invited_address(settings: MailSettings, game: Game, address: str, by: Account, seat: int) -> None:
    """An invitation to an address with no account: how to install pbem and take the seat."""
    pub = public_of(game)
    _queue(
        settings, kind="invite", account=None, address=address, game_id=game.id,
        seq=f"{game.head_seq}-{seat}", subject=_invite_subject(pub, by.name),
        text=invite_text(settings, pub, by.name, seat, None, address=address), now=utcnow(),
    )


def claim_address_invites(account: Account) -> list[Game]:
    """A new account takes over the seats kept for its address (as ordinary invitations)."""
    games = []
    rows = list(EmailInvite.select().where(pw.fn.LOWER(EmailInvite.email) == account.email.lower()))
    for row in rows:
        game = row.game
        taken = Seat.select().where((Seat.game == game) & (Seat.seat == row.seat)).exists()
        already = Invite.select().where((Invite.game == game) & (Invite.account == account)).exists()
        row.delete_instance()
        if game.status == "open" and not taken and not already:
            Invite.create(game=game, seat=row.seat, account=account, by=row.by)
            games.append(game)
    return games


# -- deadlines (server/clock.py announces, inside the sweeper's transaction) ----------------

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


def deadline_notice(
    settings: MailSettings, *, kind: str, game_id: str | None, account: Account, data: dict[str, Any], now: dt.datetime
) -> None:
    """The mail for a deadline event (server/clock.py `announce` calls this hook): reminders
    and last warnings to the seat to move, timeouts, forfeits and vacations to the others."""
    if game_id is None or kind not in DEADLINE_KINDS or not wants_now(account.id, game_id):
        return
    game = Game.get_or_none(Game.id == game_id)
    if game is None:
        return
    pub = public_of(game)
    data = dict(data)
    if kind == "timeout" and isinstance(data.get("move"), dict):
        try:
            data["move_words"] = engines.get(game.engine).format(data["move"])  # its public part
        except Exception:  # noqa: BLE001 - the mail still says a move was played
            pass
    text = deadline_text(settings, pub, kind, data, account.id)
    if text is None:
        return
    subjects = {
        "reminder": "reminder: your turn", "warning": "last warning: your turn",
        "timeout": "time ran out", "forfeit": "time ran out", "vacation": "a player is on vacation",
    }
    at = data.get("seq") or data.get("expires") or data.get("from") or now.strftime("%Y%m%dT%H%M%S")
    _queue(
        settings, kind=kind, account=account, address=account.email, game_id=game_id,
        seq=re.sub(r"[^A-Za-z0-9]", "", str(at)), subject=_subject(pub, subjects[kind]), text=text, now=now,
    )


# -- the daily digest ----------------------------------------------------------------------


def digest(settings: MailSettings, now: dt.datetime | None = None) -> int:
    """Queue today's digest for every account on "digest" that has something waiting and
    has had none today (UTC): the games waiting for its move, its open invitations and
    its games that ended since the last digest. Returns how many were queued."""
    now = now or utcnow()
    day = now.strftime("%Y-%m-%d")
    queued = 0
    prefs = MailPref.select(MailPref, Account).join(Account).where(MailPref.notify == "digest")
    for pref in prefs:
        if pref.digest_day == day:
            continue
        account = pref.account
        items = digest_items(account, since=_day_before(pref.digest_day, now))
        if not items:
            continue
        rcpt = recipient_id(account.id, account.email)
        msg = compose(
            settings, kind="digest", to_name=account.name, to_addr=account.email,
            subject=f"pbem: your games on {day}", text=digest_text(settings, account.name, items, account.id),
            msg_id=message_id(settings, None, day, "digest", rcpt), game_id=None,
            account_id=account.id, when=now,
        )
        with database.atomic():
            done = Mail.insert(
                account=account.id, to_addr=account.email, game=None, kind="digest",
                message=as_text(msg), key=dedupe_key("digest", None, day, rcpt), status="pending",
                attempts=0, next_try=now, created=now,
            ).on_conflict_ignore().execute()
            MailPref.update(digest_day=day).where(MailPref.id == pref.id).execute()
        queued += 1 if done else 0
    return queued


def _day_before(last_day: str | None, now: dt.datetime) -> dt.datetime:
    if last_day:
        try:
            return dt.datetime.strptime(last_day, "%Y-%m-%d")
        except ValueError:
            pass
    return now - dt.timedelta(days=1)


def digest_items(account: Account, since: dt.datetime) -> list[str]:
    mutes = {m.game_id for m in Mute.select().where(Mute.account == account)}
    waiting, ended, invites = [], [], []
    seats = Seat.select(Seat, Game).join(Game).where(Seat.account == account)
    for row in seats:
        game = row.game
        if game.id in mutes:
            continue
        if game.status == "running" and game.to_move == row.seat:
            waiting.append(game)
        elif game.status == "over" and game.updated >= since:
            ended.append(game)
    for inv in Invite.select(Invite, Game).join(Game).where((Invite.account == account) & (Game.status == "open")):
        invites.append(inv)
    lines: list[str] = []
    if waiting:
        lines.append(f"Waiting for your move ({len(waiting)}):")
        for game in sorted(waiting, key=lambda g: g.updated):
            pub = public_of(game)
            lines.append(f"  - game {game.id} ({pub.heading}): run `pbem show {game.id}`")
            if pub.moves:
                lines.append(f"      last move {pub.moves[-1]}")
    if invites:
        lines.append(f"Invitations ({len(invites)}):")
        for inv in invites:
            title = engines.get(inv.game.engine).title
            lines.append(f"  - game {inv.game.id} ({title}, {inv.game.seats} players): `pbem join {inv.game.id}`")
    if ended:
        lines.append(f"Over since the last digest ({len(ended)}):")
        for game in ended:
            pub = public_of(game)
            lines.append(f"  - game {game.id} ({pub.heading}): {result_words(pub)}; `pbem audit` it")
    return lines


def kinds_count(rows: Iterable[Mail]) -> dict[str, int]:
    out: dict[str, int] = {}
    for row in rows:
        out[row.kind] = out.get(row.kind, 0) + 1
    return out
