"""Private means absent: every /v1 route that names a game answers a private game, for anyone who
may not read it, exactly as it answers an id that names no game.

The routes are not listed by hand: they are read from the real app's url_map, so a route added
later is covered the day it is added. Each is asked with every method it has (HEAD and OPTIONS
too), with bodies and queries of several kinds, unsigned, signed by an account that is neither
the creator, seated nor invited, signed by a key that has no account, and with a signature that
does not verify; its status, body (the id the requester typed replaced) and headers (but Date)
must be the same for two private games (one open, one running) and for a missing id. Members
still get their answers. Visibility is a query, so on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from flask import Flask

from client.api import Api, ApiError
from client.play import Player
from protocol.keys import SigningKey
from tests.server.liveapp import Live, live

MISSING = "0123456789abcdef"
BODIES: list[bytes | None] = [
    None,
    b"{}",
    b"not json",
    json.dumps({"minutes": 5, "mute": True, "seat": 1, "name": "mallory", "email": "zed@example.org",
                "envelope": {}, "sig": "00", "statement": {}, "nonce": "00", "prev": "00"}).encode(),
]
QUERIES = ["", "?from=1", "?from=%C2%B2"]
GARBAGE = {"X-Pbem-Key": "00" * 32, "X-Pbem-Time": "1", "X-Pbem-Signature": "00" * 64}


class World:
    def __init__(self, server: Live, tmp: Path) -> None:
        self.url = server.url
        self.app: Flask = server.app

        def player(name: str) -> Player:
            p = Player(tmp / "homes" / name)
            p.init_account(server.url, name, f"{name}@example.org")
            return p

        self.carol, self.dave, self.erin, self.mallory = (player(n) for n in ("carol", "dave", "erin", "mallory"))
        # different options: two equal creates in one second would be one signed request
        self.open = self.carol.new_game("toy", {"rounds": 1}, seats=2, join=True, private=True)["id"]
        self.carol.invite(self.open, "erin")  # seat 1 kept for erin: the game stays open
        self.running = self.carol.new_game("toy", {"rounds": 2}, seats=2, join=True, private=True)["id"]
        self.carol.invite(self.running, "dave")
        self.dave.join(self.running)
        self.nokey = Api(server.url, SigningKey.generate())  # signs, but no account has the key


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def world(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    tmp = tmp_path_factory.mktemp(f"absent-{request.param}")
    with live(tmp, request.param) as server:
        yield World(server, tmp)


def game_routes(app: Flask) -> list[tuple[str, str]]:
    """(method, rule) for every /v1 rule that names a game, every method it answers."""
    out = []
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/v1/") and "<game_id>" in rule.rule:
            out += [(method, rule.rule) for method in sorted(rule.methods or ())]
    return out


def path_of(rule: str, game: str) -> str:
    return rule.replace("<game_id>", game).replace("<path:name>", "erin")


def send(world: World, who: str, method: str, path: str, data: bytes | None) -> requests.Response:
    """One request as `who` sends it: unsigned, with a garbage signature, or signed by the real
    client's transport (client.api.Api, exactly as `pbem` signs)."""
    url = world.url + path
    headers = {"Content-Type": "application/json"} if data is not None else {}
    if who == "unsigned":
        return requests.request(method, url, data=data, headers=headers, timeout=30)
    if who == "garbage":
        return requests.request(method, url, data=data, headers=headers | GARBAGE, timeout=30)
    api = world.mallory.api if who == "mallory" else world.nokey
    return api._send(method, url, path, data or b"", data is not None, True)


def seen(response: requests.Response, game: str) -> tuple[int, str, dict[str, str]]:
    headers = {k.lower(): v.replace(game, "ID") for k, v in response.headers.items() if k.lower() != "date"}
    return response.status_code, response.text.replace(game, "ID"), headers


def cases(app: Flask) -> Iterator[tuple[str, str, bytes | None]]:
    for method, rule in game_routes(app):
        queries = QUERIES if method in ("GET", "HEAD") else [""]
        bodies = BODIES if method in ("POST", "DELETE") else [None]
        for query in queries:
            for data in bodies:
                yield method, rule + query, data


@pytest.mark.parametrize("who", ["unsigned", "mallory", "nokey", "garbage"])
def test_every_game_route_answers_a_private_game_as_a_missing_one(world: World, who: str) -> None:
    """The 51 differences were 401 against 404 for unsigned requests and 403 against 404 for a
    stranger's: here no route, method, body or query tells a private game from no game."""
    differences = []
    count = 0
    for method, rule, data in cases(world.app):
        absent = seen(send(world, who, method, path_of(rule, MISSING), data), MISSING)
        for game in (world.open, world.running):
            hidden = seen(send(world, who, method, path_of(rule, game), data), game)
            count += 1
            if hidden != absent:
                differences.append((method, rule, data, hidden, absent))
    assert count > 100
    assert not differences, f"{len(differences)} differences, the first: {differences[0]}"


def test_the_routes_are_all_there(world: World) -> None:
    """The enumeration itself: every game-naming route of the API is among those compared."""
    rules = {rule for _, rule in game_routes(world.app)}
    for suffix in ("", "/join", "/invite", "/invite/<path:name>", "/view", "/moves", "/resign", "/log",
                   "/export", "/answers", "/mute", "/bot", "/abort"):
        assert f"/v1/games/<game_id>{suffix}" in rules


def test_a_stranger_finds_no_private_game_in_any_list(world: World) -> None:
    """The lists name no private game to anyone who may not read it: the watch list, the prefix
    search (unsigned) and a stranger's own lists, open games included."""
    for game in (world.open, world.running):
        for query in ({"prefix": game[:8]}, {"prefix": game}, {"watch": 1}):
            listed = requests.get(f"{world.url}/v1/games", params=query, timeout=30).json()["games"]
            assert game not in {g["id"] for g in listed}
        for query in ({}, {"open": 1}):
            mine = world.mallory.api.get("/v1/games", query=query)["games"]
            assert game not in {g["id"] for g in mine}
        assert game not in requests.get(world.url + "/", timeout=30).text


def test_members_still_get_their_answers(world: World) -> None:
    """The creator, a seated player and an invited one read the private game as before; the
    stranger's client says exactly what it says for a game that does not exist."""
    assert world.carol.api.game(world.running)["id"] == world.running
    assert world.dave.api.view(world.running)["seat"] == 1
    assert world.dave.api.log(world.running)["entries"][0]["seq"] == 0
    assert world.erin.api.game(world.open)["invited"][0]["name"] == "erin"
    texts = []
    for game in (world.running, MISSING):
        with pytest.raises(ApiError) as refused:
            world.mallory.api.view(game)
        assert refused.value.status == 404
        texts.append(str(refused.value).replace(game, "ID"))
    assert texts[0] == texts[1]
    with pytest.raises(ApiError) as stranger:
        world.mallory.join(world.open)
    assert stranger.value.status == 404
    fresh = world.carol.new_game("toy", {"rounds": 3}, seats=2, join=True, private=True)["id"]
    world.carol.invite(fresh, "erin")
    assert world.erin.join(fresh)["status"] == "running"  # the invited guest still joins


def test_a_bad_signature_is_told_the_same_for_every_game(world: World) -> None:
    """A member whose signature is stale or forged is told so (401), and that answer too is the
    same for a public, a private and a missing game: it is given before the game is looked up."""
    public = world.carol.new_game("toy", {"rounds": 4}, seats=2)["id"]
    answers = set()
    for game in (public, world.running, MISSING):
        got = requests.get(f"{world.url}/v1/games/{game}/view", headers=GARBAGE, timeout=30)
        answers.add((got.status_code, got.text.replace(game, "ID")))
    assert len(answers) == 1 and next(iter(answers))[0] == 401


def test_a_random_missing_id_and_a_private_one_agree_unsigned(world: World) -> None:
    """Not only the one missing id the other tests use: any."""
    other = secrets.token_hex(8)
    for rule in ("/v1/games/{}", "/v1/games/{}/view", "/v1/games/{}/log"):
        a = requests.get(world.url + rule.format(other), timeout=30)
        b = requests.get(world.url + rule.format(world.running), timeout=30)
        assert (a.status_code, a.text.replace(other, "ID")) == (b.status_code, b.text.replace(world.running, "ID"))
