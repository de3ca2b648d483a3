"""Invitations over real HTTP through the client: a kept seat is the guest's, and only theirs."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from client.play import ClientError, Player


def test_the_guest_joins_the_kept_seat_and_others_cannot_take_it(make_player: Callable[[str], Player]) -> None:
    host, guest, stranger = make_player("host"), make_player("guest"), make_player("stranger")
    game = host.new_game("toy", {}, seats=2)["id"]
    host.invite(game, "guest", seat=0)
    assert [g["invited_seat"] for g in guest.games()] == [0]
    with pytest.raises(ClientError, match="kept for guest"):
        stranger.join(game, seat=0)
    assert guest.join(game)["players"][0]["name"] == "guest"  # no seat named: the kept one
    host.join(game)
    with pytest.raises(ClientError):
        stranger.join(game)


def test_pbem_invite_cancel_frees_the_kept_seat(make_player: Callable[[str], Player]) -> None:
    """The creator cancels an invitation with `pbem invite GAME NAME --cancel`."""
    from typer.testing import CliRunner

    from client.cli import app

    host, guest, stranger = make_player("host"), make_player("guest"), make_player("stranger")
    game = host.new_game("toy", {}, seats=2)["id"]
    host.invite(game, "guest", seat=0)
    env = {"PBEM_HOME": str(stranger.store.home)}
    refused = CliRunner().invoke(app, ["invite", game, "guest", "--cancel"], env=env)
    assert refused.exit_code == 1 and "the server refused" in refused.output and "403" not in refused.output
    env = {"PBEM_HOME": str(host.store.home)}
    done = CliRunner().invoke(app, ["invite", game, "guest", "--cancel"], env=env)
    assert done.exit_code == 0 and "cancelled" in done.output, done.output
    assert guest.games() == []
    assert stranger.join(game, seat=0)["players"][0]["name"] == "stranger"
