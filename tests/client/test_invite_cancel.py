"""Cancelling an invitation over real HTTP, whatever characters the name or address holds.

The name travels percent-encoded in the URL path (DELETE /v1/games/<id>/invite/<name>),
so this is where the client's signed TARGET and the server's checked TARGET must agree on one
canonical form (protocol.auth.request_target): a mismatch is a 401 that leaves the kept seat
kept for good, and a two-seat private game with a mistyped address could only be aborted.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from client.api import Api, ApiError
from client.cli import app
from client.play import Player
from protocol.auth import check_request, sign_request, wire_target
from protocol.keys import SigningKey
from tests.conftest import LiveServer


def test_a_mistyped_address_no_longer_blocks_a_two_seat_private_game(
    make_player: Callable[[str], Player],
) -> None:
    host, guest = make_player("host"), make_player("guest")
    game = host.new_game("toy", {}, seats=2, join=True, private=True)["id"]
    env = {"PBEM_HOME": str(host.store.home)}
    sent = CliRunner().invoke(app, ["invite", game, "zoe@example.org"], env=env)
    assert sent.exit_code == 0, sent.output
    with pytest.raises(ApiError, match="no free seat is left to keep") as blocked:
        host.invite(game, "guest")
    assert blocked.value.status == 409

    done = CliRunner().invoke(app, ["invite", game, "zoe@example.org", "--cancel"], env=env)
    assert done.exit_code == 0, done.output
    assert "cancelled" in done.output
    assert host.summary(game)["invited"] == []

    host.invite(game, "guest")  # the seat is free again: kept for the right player
    assert [g["invited_seat"] for g in guest.games()] == [1]
    guest.join(game)
    assert host.summary(game)["status"] == "running"


@pytest.mark.parametrize(
    "address",
    [
        "zoe+pbem@example.org",  # "+" is no space in a path
        "zo%41e@example.org",  # a literal "%", not an escape
        "zoe?x#y&z=1;@example.org",  # would be a query or a fragment if not encoded
        "zo'e!$*(),~@example.org",
        "zoe/../x@example.org",  # "/" (and dots): one path segment, %2F on the wire
    ],
)
def test_an_address_with_any_characters_can_be_cancelled(
    make_player: Callable[[str], Player], address: str
) -> None:
    host, stranger = make_player("host"), make_player("stranger")
    game = host.new_game("toy", {}, seats=2)["id"]
    host.api.invite(game, address, seat=0)
    assert host.summary(game)["invited"]
    assert host.cancel_invite(game, address)["invited"] == []
    assert stranger.join(game, seat=0)["players"][0]["name"] == "stranger"


def test_a_non_ascii_address_reaches_the_ledger(make_player: Callable[[str], Player]) -> None:
    """UTF-8, percent-encoded, checks out: the answer is the ledger's 404, not a 401."""
    host = make_player("host")
    game = host.new_game("toy", {}, seats=2)["id"]
    with pytest.raises(ApiError, match="no invitation for 'zoë@exämple.org'") as missing:
        host.cancel_invite(game, "zoë@exämple.org")
    assert missing.value.status == 404


def test_a_name_with_a_space_can_be_cancelled(
    live_server: LiveServer, make_player: Callable[[str], Player], tmp_path: Path
) -> None:
    host, stranger = make_player("host"), make_player("stranger")
    guest = Player(tmp_path / "homes" / "ada")
    guest.init_account(live_server.url, "ada lovelace", "ada@example.org")
    game = host.new_game("toy", {}, seats=2)["id"]
    host.invite(game, "ada lovelace", seat=0)
    assert [g["invited_seat"] for g in guest.games()] == [0]
    assert host.cancel_invite(game, "ada lovelace")["invited"] == []
    assert guest.games() == []
    assert stranger.join(game, seat=0)["players"][0]["name"] == "stranger"


def test_a_signature_over_another_path_is_still_refused(
    live_server: LiveServer, make_player: Callable[[str], Player]
) -> None:
    """Agreeing on one form must not make the path unsigned: another name is a 401."""
    host = make_player("host")
    game = host.new_game("toy", {}, seats=2)["id"]
    host.api.invite(game, "zoe@example.org", seat=0)
    key = host.api.key
    assert key is not None
    wire = f"/v1/games/{game}/invite/zoe%40example.org"
    headers = sign_request(key, "DELETE", f"/v1/games/{game}/invite/eve@example.org", b"", server=host.api.signed_for())
    resp = host.api.session.request("DELETE", live_server.url + wire, headers=headers, timeout=10)
    assert resp.status_code == 401, resp.text
    assert host.summary(game)["invited"]


@pytest.mark.parametrize(
    ("wire", "signed"),
    [
        ("/v1/games/g1/invite/zoe%40example.org", "/v1/games/g1/invite/zoe%40example.org"),
        ("/v1/games/g1/invite/zoe@example.org", "/v1/games/g1/invite/zoe%40example.org"),
        ("/v1/games/g1/invite/ada%20lovelace", "/v1/games/g1/invite/ada%20lovelace"),
        ("/v1/games/g1/invite/a+b%2Bc", "/v1/games/g1/invite/a%2Bb%2Bc"),
        ("/v1/games/g1/invite/50%25", "/v1/games/g1/invite/50%25"),
        ("/v1/games/g1/invite/zo%C3%AB", "/v1/games/g1/invite/zo%C3%AB"),
        ("/v1/games/g1/invite/zo%c3%ab", "/v1/games/g1/invite/zo%C3%AB"),  # one spelling of each byte
        ("/v1/games/g1/invite/%7Ezoe%2D1", "/v1/games/g1/invite/~zoe-1"),  # unreserved: never escaped
        ("/v1/games/g1/invite/%FF", "/v1/games/g1/invite/%EF%BF%BD"),  # not UTF-8: U+FFFD, as WSGI reads it
        ("/v1/games/g1/log?from=3&x=a%20b", "/v1/games/g1/log?from=3&x=a%20b"),  # query as sent
        ("/v1/games/g1/invite/a%2540?q=%40", "/v1/games/g1/invite/a%2540?q=%40"),  # decoded once
        ("/v1/games/g1/invite/zoe%3Fx@example.org", "/v1/games/g1/invite/zoe%3Fx%40example.org"),
        ("/v1/games/g1/invite/zoe?x@example.org", "/v1/games/g1/invite/zoe?x@example.org"),  # a query
        ("/v1/games/g1/invite/zoe%23x", "/v1/games/g1/invite/zoe%23x"),
    ],
)
def test_the_target_decodes_the_path_once_and_keeps_the_query_as_sent(wire: str, signed: str) -> None:
    """The canonical TARGET: the path as the route reads it, every byte but the unreserved ones
    and `/` percent-encoded in one spelling, then the query exactly as sent."""
    assert wire_target(wire) == signed


class _Sent(Exception):
    """Stops a request once its URL and headers are seen."""


def test_the_client_signs_the_canonical_path() -> None:
    """What Api signs checks out against the canonical form of what it sends, and only that."""
    key, server = SigningKey.generate(), SigningKey.generate().public_hex
    api = Api("http://127.0.0.1:9", key, server_key=server)
    seen: list[tuple[str, dict[str, str]]] = []

    def capture(method: str, url: str, **kwargs: object) -> object:
        seen.append((url, kwargs["headers"]))  # type: ignore[arg-type]
        raise _Sent

    api.session.request = capture  # type: ignore[method-assign,assignment]
    with pytest.raises(_Sent):
        api.cancel_invite("g1", "zoë+1 %@example.org")
    url, headers = seen[0]
    wire = url.removeprefix("http://127.0.0.1:9")
    assert wire == "/v1/games/g1/invite/zo%C3%AB%2B1%20%25%40example.org"
    assert check_request(headers, server, "DELETE", wire, b"")[0] == key.public_hex
    assert check_request(headers, server, "DELETE", "/v1/games/g1/invite/zoë+1 %@example.org", b"")[0] is None
    assert check_request(headers, server, "DELETE", "/v1/games/g1/invite/zoe", b"")[0] is None


def test_an_invitation_to_an_account_holders_address_is_cancelled_by_that_address(
    make_player: Callable[[str], Player],
) -> None:
    """Inviting the address an existing account gives keeps the seat for that address, not for
    the account (an account's address is only asserted: the mailed token takes the seat), and
    cancelling with the same address, in any case, frees it."""
    host, guest, other = make_player("host"), make_player("guest"), make_player("other")
    game = host.new_game("toy", {}, seats=2, join=True, private=True)["id"]
    address = "guest@example.org"  # make_player registers name@example.org
    env = {"PBEM_HOME": str(host.store.home)}
    assert CliRunner().invoke(app, ["invite", game, address], env=env).exit_code == 0
    assert guest.games() == []  # nothing for the account that says it has the address
    assert [i.get("email") for i in host.summary(game)["invited"]] == ["g...@example.org"]
    done = CliRunner().invoke(app, ["invite", game, address.upper(), "--cancel"], env=env)
    assert done.exit_code == 0, done.output
    assert host.summary(game)["invited"] == []
    host.invite(game, "other")
    other.join(game)
    assert host.summary(game)["status"] == "running"


def test_an_address_outside_ascii_is_invited_by_idna_or_refused_with_a_reason(
    live_server: LiveServer, make_player: Callable[[str], Player]
) -> None:
    """A domain outside ASCII is written by IDNA in the mail (it used to be a 500: the mail's
    To header could not be written, and the invitation was rolled back); a part before the @
    outside ASCII would need SMTPUTF8, so it is refused with a reason (400), never a 500."""
    host = make_player("host")
    game = host.new_game("toy", {}, seats=2, join=True)["id"]
    host.invite(game, "zoe@exämple.org")
    from server.store.models import Mail, database

    with database.connection_context():
        mails = [m.message for m in Mail.select().where(Mail.game == game)]
    assert any("To: zoe@xn--exmple-cua.org" in m for m in mails), mails
    assert host.cancel_invite(game, "zoe@exämple.org")["invited"] == []
    with pytest.raises(ApiError, match="the part before the @ in ASCII") as refused:
        host.invite(game, "zoë@example.org")
    assert refused.value.status == 400
