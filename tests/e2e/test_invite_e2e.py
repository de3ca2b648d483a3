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
