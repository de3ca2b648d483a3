"""GET /v1/games lists a creator's games even when they took no seat."""

from __future__ import annotations

from flask import Flask

from tests.server.conftest import Caller


def test_no_join_games_are_listed_for_their_creator(app: Flask) -> None:
    """A game made with --no-join shows in its creator's `pbem games`, with the time of
    its newest entry; nobody else sees it among their games."""
    client = app.test_client()
    ada, bo = Caller(client), Caller(client)
    ada.account("ada")
    bo.account("bo")
    game = ada.call("POST", "/v1/games", {"engine": "toy", "seats": 2}).get_json()["id"]
    listed = ada.call("GET", "/v1/games").get_json()["games"]
    assert [(g["id"], g["my_seat"]) for g in listed] == [(game, None)]
    assert listed[0]["updated"].endswith(" UTC")
    assert bo.call("GET", "/v1/games").get_json()["games"] == []
