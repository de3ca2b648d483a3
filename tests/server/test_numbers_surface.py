"""Every number-taking parameter of the surface against what is no number: never a 500.

`GET /?page=%C2%B2` and `/g/ID?at=%C2%B2` answered 500 ("²" passes `str.isdigit()`, and `int()`
refuses it), and so did a number of 5,000 digits (Python's limit on int() of a text). Every
number read from outside is now read by protocol/numbers.py; here hypothesis throws Unicode
digits (², ٣, １, 𝟏), huge values, signs, spaces, underscores and empty strings at each such
parameter of the real server on loopback (query parameters of pages and /v1 routes, the
unsubscribe link's account, the JSON members that take whole numbers, the signature's time
header) and at the client's own options and move numbers: the answer is a 4xx that says why,
or for a number in range the ordinary answer; never a 500, never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from client.cli import app as cli
from client.play import Player
from tests.server.liveapp import live

SPECIAL = ["²", "٣", "１", "𝟏", "¹", "Ⅻ", "½", "", " ", " 1", "1 ", "+1", "-1", "1_0", "0x1", "1e3", "1.0",
           "9" * 5000, "-" + "9" * 5000, "1" + "0" * 40, "2147483648", "0", "1", "007", "\t", "٣٣", "1\n"]
DIGITS = "0123456789²³¹٠١٢٣٤٥٦٧٨٩０１２３𝟏߁௧ ⁺+-_.,e"
TEXTS = st.one_of(
    st.sampled_from(SPECIAL),
    st.text(alphabet=DIGITS, max_size=12),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.integers(min_value=4300, max_value=6000).map(lambda n: "9" * n),
)
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


class World:
    def __init__(self, url: str, tmp: Path) -> None:
        self.url = url
        self.ada = Player(tmp / "homes" / "ada")
        self.ada.init_account(url, "ada", "ada@example.org")
        self.running = self.ada.new_game("toy", {"rounds": 1}, seats=2, join=True)["id"]
        self.bo = Player(tmp / "homes" / "bo")
        self.bo.init_account(url, "bo", "bo@example.org")
        self.bo.join(self.running)  # started: a move number now means a move of a listing
        self.home = tmp / "homes" / "ada"
        self.over = self.ada.new_game("toy", {"rounds": 2}, seats=2, join=True)["id"]
        self.ada.abort(self.over)  # never started: over, with a log a page replays

    def signed(self, method: str, path: str, body: bytes | None = None) -> requests.Response:
        api = self.ada.api
        return api._send(method, self.url + path, path, body or b"", body is not None, True)


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def world(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    tmp = tmp_path_factory.mktemp(f"numbers-{request.param}")
    with live(tmp, request.param) as server:
        yield World(server.url, tmp)


def told(answer: requests.Response) -> str:
    """The reason an answer gives: a problem's detail, or a page's text."""
    if answer.headers.get("Content-Type", "").startswith("application/problem+json"):
        return str(answer.json().get("detail") or "")
    return answer.text


def no_500(answer: requests.Response, what: str) -> None:
    assert answer.status_code < 500, (what, answer.status_code, answer.text[:300])
    if answer.status_code >= 400:
        assert told(answer).strip(), (what, answer.status_code)


@FAST
@given(text=TEXTS)
def test_the_query_numbers_of_pages_and_routes(world: World, text: str) -> None:
    value = quote(text, safe="")
    for path in (f"/?page={value}", f"/g/{world.over}?at={value}", f"/g/{world.running}?at={value}",
                 f"/v1/games/{world.over}/log?from={value}"):
        answer = requests.get(world.url + path, timeout=30)
        no_500(answer, path)
        if answer.status_code == 400:
            assert "a whole number from" in told(answer), path
    no_500(world.signed("GET", f"/v1/games/{world.over}/log?from={value}"), "signed log")


@FAST
@given(text=TEXTS)
def test_the_unsubscribe_links_account(world: World, text: str) -> None:
    for method in ("GET", "POST"):
        answer = requests.request(method, f"{world.url}/v1/mail/unsubscribe/{quote(text, safe='')}/abc", timeout=30)
        no_500(answer, "unsubscribe")
        assert answer.status_code == 404 or not text  # an empty segment is no route: 404 too


@FAST
@given(text=TEXTS, raw=st.booleans())
def test_the_json_members_that_take_whole_numbers(world: World, text: str, raw: bool) -> None:
    """Each member as a JSON string, and (raw) the text written as a bare JSON number."""
    def body(member: str, nest: str | None = None) -> bytes:
        spelled = text if raw else json.dumps(text)
        inner = f'{{"{member}": {spelled}}}'
        if nest is None:
            return inner.encode()
        return f'{{"engine": "toy", "seats": 2, "options": {{}}, "{nest}": {inner}}}'.encode()

    g = f"/v1/games/{world.running}"
    for path, data in ((f"{g}/bot", body("minutes")), ("/v1/me/vacation", body("days")), (f"{g}/join", body("seat")),
                       (f"{g}/invite", body("seat")), ("/v1/games", body("seats")),
                       ("/v1/games", body("days", nest="deadline")), ("/v1/games", body("rounds", nest="options"))):
        answer = world.signed("POST", path, data)
        no_500(answer, path)


@FAST
@given(text=TEXTS)
def test_the_signatures_time_header(world: World, text: str) -> None:
    headers = {"X-Pbem-Key": "00" * 32, "X-Pbem-Time": text.replace("\n", " ").strip() or "x",
               "X-Pbem-Signature": "00" * 64}
    try:
        answer = requests.get(f"{world.url}/v1/me", headers=headers, timeout=30)
    except (requests.exceptions.InvalidHeader, UnicodeEncodeError):
        return  # not sendable as a header at all
    no_500(answer, "X-Pbem-Time")
    assert answer.status_code in (400, 401)


@settings(max_examples=30, deadline=None)
@given(text=TEXTS)
def test_the_clients_whole_number_options_and_move_numbers(text: str) -> None:
    """`pbem log --from X`, `pbem show --at X`, `pbem move G X`: a usage error or an ordinary
    error (exit 1 or 2, one line), never the client's 'internal error' and its traceback."""
    runner = CliRunner()
    env = {"PBEM_HOME": "/nonexistent/pbem-numbers-home"}
    for args in (["log", "0123456789abcdef", "--from", text], ["show", "0123456789abcdef", "--at", text],
                 ["move", "0123456789abcdef", text]):
        done = runner.invoke(cli, args, env=env)
        assert "internal error" not in done.output and "Traceback" not in done.output, (args[:2], done.output[-300:])
        assert done.exit_code in (0, 1, 2), (args[:2], done.exit_code, done.output[-300:])


@FAST
@given(text=TEXTS)
def test_a_typed_move_number_in_a_running_game(world: World, text: str) -> None:
    """`pbem move G ²` in a game the player sits in: the number is read strictly (an ordinary
    error naming the range), never int()'s ValueError as an internal error."""
    done = CliRunner().invoke(cli, ["move", world.running, text, "--yes"], env={"PBEM_HOME": str(world.home)})
    assert "internal error" not in done.output and "Traceback" not in done.output, done.output[-300:]
    assert done.exit_code in (0, 1, 2), (done.exit_code, done.output[-300:])
