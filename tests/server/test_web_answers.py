"""The game's web page with answers given in advance, read over real HTTP from a live server:
the history tells each statement and each move a standing answer played in protocol.story's
words, one line per log entry with its seq; the page says such moves are server-attested; a
finished game steps through them like any other entry; a running game lists each player's
answers in force. Der Feuersalamander's key throws (FS-23)
are the decisions answered in advance (tests/server/test_standing_answers.py's table).
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable

import requests

from client.play import Player
from protocol.story import tell
from server.web.loading import names_in
from tests.conftest import LiveServer
from tests.server.test_standing_answers import FORCED, FS, Table

LINE = re.compile(r'<li value="(\d+)" data-seq="\d+"[^>]*>(?:<a href="[^"]*">)?(.*?)(?:</a>)?</li>')


def _history(page: str) -> dict[int, str]:
    return {int(seq): html.unescape(text) for seq, text in LINE.findall(page)}


def test_the_history_tells_answers_and_the_moves_they_played_and_calls_those_server_attested_FS_23(
    make_player: Callable[[str], Player], live_server: LiveServer
) -> None:
    t = Table(make_player)
    statement = t.answers(0, FORCED)["entry"]["seq"]
    t.play(random.Random(3), 40)
    revoked = t.answers(0, [])["entry"]["seq"]
    url = f"{live_server.url}/g/{t.id}"

    page = requests.get(url, timeout=30)
    assert page.status_code == 200
    entries = t.entries()
    history = _history(page.text)
    assert sorted(history) == [e["seq"] for e in entries[1:]]  # one line an entry, none skipped
    assert history == dict(zip([e["seq"] for e in entries[1:]], tell(FS, entries, names_in(entries)), strict=True))
    assert history[statement] == "ann (King) set answers in advance: play forced moves (when only one move is legal)"
    assert history[revoked] == "ann (King) revoked their answers in advance"
    played = [e for e in entries if e["type"] == "standing"]
    assert played, "no forced move of ann's came up"
    for entry in played:
        assert history[entry["seq"]].startswith(f"ann (King)'s answer in advance played: {FS.format(entry['body']['move'])}")
    note = re.search(r'<p class="note" id="standing-note">(.*?)</p>', page.text, re.S)
    assert note, "the page does not say moves were played by standing answers"
    words = html.unescape(re.sub(r"<[^>]+>", "", note.group(1)))
    said = f"{len(played)} moves were" if len(played) != 1 else "1 move was"
    assert words.startswith(f"{said} played by the server from a player's answers given in advance")
    assert "server-attested" in words and "pbem audit" in words

    t.answers(0, FORCED)  # in force again: the running game's page lists it by its player
    players = requests.get(url, timeout=30).text
    listed = re.search(r'<li class="seat-0">(.*?)</li>', players, re.S)
    assert listed and html.unescape(listed.group(1)).endswith(
        "answers in advance: play forced moves (when only one move is legal)"
    ), listed
    assert "answers in advance" not in (re.search(r'<li class="seat-1">(.*?)</li>', players, re.S) or [""])[0]

    t.resign(1)
    over = requests.get(url, timeout=30).text
    assert "Game over" in over and len(_history(over)) == len(t.entries()) - 1
    for seq in (statement, played[0]["seq"]):  # the position after each: the replay's
        step = requests.get(f"{url}?at={seq}", timeout=30)
        assert step.status_code == 200 and f'<strong id="at-seq">{seq}</strong>' in step.text
        assert "verdict PASS" in step.text


def test_a_page_without_standing_answers_says_nothing_of_them(
    make_player: Callable[[str], Player], live_server: LiveServer
) -> None:
    t = Table(make_player)
    t.play(random.Random(4), 6)
    page = requests.get(f"{live_server.url}/g/{t.id}", timeout=30).text
    assert "standing-note" not in page and "in advance" not in page
