"""What mail needs from the server's configuration, and the ids and tokens derived from it:
a stable Message-ID per mail (game, seq, kind, recipient), one thread root per game
(`<game-ID@DOMAIN>`), the outbox's dedupe keys, and the per-account HMAC token of the
List-Unsubscribe link (RFC 8058 one-click), the public URL every link starts with (from the
configuration alone), and which addresses pbem can mail at all. Pure: no database, no request.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass
from email.utils import formataddr, parseaddr
from functools import cached_property
from typing import Any
from urllib.parse import urlsplit


@dataclass(frozen=True)
class MailSettings:
    """What composing needs from the server's configuration."""

    mail_from: str  # "pbem <pbem@example.org>"
    public_url: str  # links in the mail: configuration only (public_url_of), never a request's Host
    secret: bytes  # HMAC key for unsubscribe tokens
    install: str  # how someone without pbem installs it

    @property
    def domain(self) -> str:
        """The right-hand side of Message-IDs: the From domain, else the public URL's host."""
        addr = parseaddr(self.mail_from)[1]
        if "@" in addr:
            return addr.rsplit("@", 1)[1].lower()
        host = urlsplit(self.public_url).hostname
        return host or "pbem.invalid"

    @cached_property
    def fingerprint(self) -> str:
        """Names these settings among those registered in this process (not the secret: a hash of it)."""
        return hashlib.sha256(b"pbem/v1/mail-settings\n" + self.secret).hexdigest()[:16]

    def base_url(self) -> str:
        """The server's URL in every link of a mail: fixed when the settings were made, so no
        request (its Host header, say) ever chooses where a mail's links lead."""
        return self.public_url.rstrip("/")


_REGISTERED: dict[str, MailSettings] = {}
_NEWEST: list[MailSettings] = []


def register(settings: MailSettings) -> None:
    """The settings of a server in this process (its ledger's), for a sender in the same process
    that composes the mail that server queued (server/mail/causes.py)."""
    _REGISTERED[settings.fingerprint] = settings
    _NEWEST[:] = [settings]


def registered(fingerprint: str | None) -> MailSettings | None:
    """The settings registered under this fingerprint; with None, the newest registered."""
    if fingerprint is None:
        return _NEWEST[0] if _NEWEST else None
    return _REGISTERED.get(fingerprint)


# pbem is not on PyPI (a package called pbem there is not this one): without
# PBEM_CLIENT_INSTALL the invitation can only say where to ask.
DEFAULT_INSTALL = "pip install the pbem client from its source (Python 3.11+; the server's operator says where)"


# The URL links say when PUBLIC_URL is not set (and `pbem-server serve` has not fixed one from
# its --host and --port): the one a client on this machine reaches the default server at.
DEFAULT_PUBLIC_URL = "http://localhost:8470"


def public_url_problem(url: Any) -> str | None:
    """Why `url` cannot be the server's public URL (None: it can): http or https, a host, no
    query, fragment or user name (a link with those would lead elsewhere than it says)."""
    if not isinstance(url, str) or not url.isascii() or any(c.isspace() for c in url):
        return "PUBLIC_URL must be an ASCII URL without spaces, like https://pbem.example.org"
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return f"PUBLIC_URL {url!r} must start with http:// or https:// and name a host"
    if parts.query or parts.fragment or "@" in parts.netloc or "?" in url or "#" in url:
        return f"PUBLIC_URL {url!r} must have no query, fragment or user name"
    try:
        parts.port  # noqa: B018 - raises on a port that is not a number in range
    except ValueError:
        return f"PUBLIC_URL {url!r} has a port that is not a number from 0 to 65535"
    return None


def public_url_of(config: Any) -> tuple[str, bool]:
    """The server's public URL from its configuration alone: (PUBLIC_URL, True), or
    (DEFAULT_PUBLIC_URL, False) when it is not set. A ValueError says why a PUBLIC_URL is unusable."""
    configured = config.get("PUBLIC_URL") or None
    if configured is None:
        return DEFAULT_PUBLIC_URL, False
    problem = public_url_problem(configured)
    if problem is not None:
        raise ValueError(problem)
    return str(configured).rstrip("/"), True


def settings_from_config(config: Any, seed: bytes) -> MailSettings:
    """MailSettings from the app's config; the unsubscribe secret derives from the server key
    (so every worker and host sharing the key agrees) unless MAIL_SECRET is set."""
    public, _configured = public_url_of(config)
    secret_text = config.get("MAIL_SECRET")
    if secret_text:
        secret = hashlib.sha256(str(secret_text).encode()).digest()
    else:
        secret = hmac.new(seed, b"pbem/v1/mail-secret", hashlib.sha256).digest()
    mail_from = config.get("MAIL_FROM")
    if not mail_from:
        host = urlsplit(public).hostname or "localhost"
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


# -- addresses a request may bring --------------------------------------------------------

EMAIL = re.compile(r"[^@\s\x00-\x1f\x7f-\x9f]{1,64}@[^@\s\x00-\x1f\x7f-\x9f]{1,185}")


ADDRESS_PROBLEM = (
    "email: an address like someone@example.org (the part before the @ in ASCII letters, "
    "digits and signs)"
)


def is_address(value: Any) -> bool:
    """An address pbem can mail: the part before the @ in ASCII (a mail to any other needs
    SMTPUTF8, which pbem's mail does not use), a domain that IDNA can write (xn--...)."""
    if not isinstance(value, str) or not EMAIL.fullmatch(value):
        return False
    local, _, domain = value.rpartition("@")
    if not local.isascii():
        return False
    try:
        domain.encode("idna")
    except UnicodeError:
        return False
    return True


def mask_email(address: str) -> str:
    local, _, domain = address.rpartition("@")
    return f"{local[:1]}...@{domain}"
