"""HTTP exchanges for the client, on the standard library's http.client.

Why not requests: a player types `pbem show` many times a day, and importing requests (with
urllib3, charset detection and its TLS setup) cost more than the rest of that command's start
together. The client needs little of it: JSON bodies, keep-alive to one server, timeouts, TLS
with a CA bundle, a proxy from the environment, and following a redirect for a GET. http.client
speaks HTTP; this module only picks the connection and reads the answer.

The shape follows the part of requests' Session the client and its tests used (`request`,
`hooks["response"]`, a response with `status_code`, `headers`, `text`, `json()`), so a test can
watch every answer a player's client gets.
"""

from __future__ import annotations

import http.client
import json
import os
import select
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

REDIRECTS = (301, 302, 303, 307, 308)
MOST_REDIRECTS = 5


class TransportError(Exception):
    """No HTTP answer came back."""


class TransportTimeout(TransportError):
    """The server did not answer in time."""


class Unreachable(TransportError):
    """No connection: refused, no such host, the network down, or closed before an answer."""


@dataclass(frozen=True)
class Sent:
    """The request an answer belongs to (what a test's hook reads)."""

    method: str
    url: str

    @property
    def path_url(self) -> str:
        parts = urlsplit(self.url)
        return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


@dataclass(frozen=True)
class Response:
    status_code: int
    reason: str
    headers: http.client.HTTPMessage
    content: bytes
    request: Sent

    @property
    def ok(self) -> bool:
        return self.status_code < 400

    @property
    def text(self) -> str:
        charset = self.headers.get_content_charset() or "utf-8"
        return self.content.decode(charset, errors="replace")

    def json(self) -> Any:
        """The body as JSON; ValueError if it is not."""
        return json.loads(self.content)


def _proxy_for(scheme: str, host: str) -> str | None:
    """The proxy the environment names for this URL (as curl and requests read it), if any."""
    if not any(k.lower().endswith("_proxy") for k in os.environ):
        return None  # the common case, without importing urllib.request (and ssl with it)
    from urllib.request import getproxies_environment, proxy_bypass_environment

    proxies = getproxies_environment()
    proxy = proxies.get(scheme) or proxies.get("all")
    if not proxy or proxy_bypass_environment(host, proxies):
        return None
    return proxy if "://" in proxy else f"http://{proxy}"


def _tls_context() -> Any:
    """Certificates from SSL_CERT_FILE or REQUESTS_CA_BUNDLE if set, else certifi's bundle
    (what requests used: a Python without system certificates still verifies), else the system's."""
    import ssl

    cafile = os.environ.get("SSL_CERT_FILE") or os.environ.get("REQUESTS_CA_BUNDLE")
    if not cafile:
        try:
            import certifi

            cafile = certifi.where()
        except ImportError:
            cafile = None
    return ssl.create_default_context(cafile=cafile)


class Session:
    """Keep-alive connections to the servers this process talks to, one per scheme and host."""

    def __init__(self) -> None:
        self.headers: dict[str, str] = {}
        self.hooks: dict[str, list[Callable[..., Any]]] = {"response": []}
        self._connections: dict[tuple[str, str], http.client.HTTPConnection] = {}

    def _connection(self, scheme: str, netloc: str, timeout: float) -> tuple[http.client.HTTPConnection, bool]:
        """A connection for this host, and whether it goes through a proxy that wants the whole URL."""
        key = (scheme, netloc)
        conn = self._connections.get(key)
        if conn is not None and not _dropped(conn):
            conn.timeout = timeout
            if conn.sock is not None:
                conn.sock.settimeout(timeout)
            return conn, getattr(conn, "pbem_absolute", False)
        if conn is not None:
            conn.close()
        host = urlsplit(f"{scheme}://{netloc}").hostname or netloc
        proxy = _proxy_for(scheme, host)
        absolute = False
        if proxy is None:
            conn = (
                http.client.HTTPSConnection(netloc, timeout=timeout, context=_tls_context())
                if scheme == "https" else http.client.HTTPConnection(netloc, timeout=timeout)
            )
        else:
            via = urlsplit(proxy).netloc
            if scheme == "https":
                conn = http.client.HTTPSConnection(via, timeout=timeout, context=_tls_context())
                conn.set_tunnel(netloc)
            else:
                conn = http.client.HTTPConnection(via, timeout=timeout)
                absolute = True
        conn.pbem_absolute = absolute  # type: ignore[attr-defined]
        self._connections[key] = conn
        return conn, absolute

    def request(
        self, method: str, url: str, data: bytes | None = None, headers: dict[str, str] | None = None,
        timeout: float = 15.0,
    ) -> Response:
        """One exchange (a GET follows redirects); raises TransportError when no answer came."""
        for _ in range(MOST_REDIRECTS + 1):
            response = self._exchange(method, url, data, {**self.headers, **(headers or {})}, timeout)
            location = response.headers.get("Location")
            if response.status_code not in REDIRECTS or not location or method not in ("GET", "HEAD"):
                break
            url = urljoin(url, location)
        for hook in self.hooks["response"]:
            hook(response)
        return response

    def _exchange(self, method: str, url: str, data: bytes | None, headers: dict[str, str], timeout: float) -> Response:
        parts = urlsplit(url)
        conn, absolute = self._connection(parts.scheme, parts.netloc, timeout)
        target = url if absolute else (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        try:
            conn.request(method, target, body=data, headers=headers)
            answer = conn.getresponse()
            body = answer.read()
        except TimeoutError as exc:
            conn.close()
            raise TransportTimeout(str(exc)) from None
        except OSError as exc:
            conn.close()
            if type(exc).__name__.startswith("SSL"):  # a certificate refused is not "unreachable"
                raise TransportError(f"TLS: {exc}") from None
            raise Unreachable(str(exc) or type(exc).__name__) from None
        except http.client.HTTPException as exc:
            conn.close()
            raise Unreachable(str(exc) or type(exc).__name__) from None
        if answer.will_close:
            conn.close()
        return Response(answer.status, answer.reason, answer.headers, body, Sent(method, url))

    def close(self) -> None:
        for conn in self._connections.values():
            conn.close()
        self._connections.clear()


def _dropped(conn: http.client.HTTPConnection) -> bool:
    """True if the server closed a kept-alive connection (readable with nothing pending means
    EOF), so a request is never written into a dead socket and then half-retried."""
    sock = conn.sock
    if sock is None:
        return False  # not connected yet: http.client connects on the first request
    try:
        readable, _, _ = select.select([sock], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(readable)
