"""The server-rendered pages, read over real HTTP from a real server (no browser): what each
page says, that it rests on the log and the engine's own words, the replay's links, the export,
and the rules every page keeps (a private game answers as a missing one, no cookie, no inline
script, every name a player chose escaped)."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser

import requests
from markupsafe import escape

import engines
from protocol.audit import replay_states
from protocol.revealed import at_position, ending
from protocol.story import tell
from server.web.links import export_url, game_page_url
from server.web.loading import names_in, revealed
from tests.web.conftest import FINISHED, HOSTILE, PAGE_SIZE, Site


class _Attrs(HTMLParser):
    """Every start tag with its attributes, and the text of the element with a given id."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags(text: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Attrs()
    parser.feed(text)
    return parser.tags


def get(site: Site, path: str) -> requests.Response:
    return requests.get(site.url + path, timeout=30)


def pre_text(page: str, element_id: str) -> str:
    match = re.search(rf'<pre[^>]*id="{element_id}"[^>]*>(.*?)</pre>', page, re.S)
    assert match, f"no <pre id={element_id}>"
    return html.unescape(match.group(1))



def test_finished_game_pages_draw_the_replayed_final_position_and_the_history(site: Site) -> None:
    for label, (engine_id, _names, _options, _moves) in FINISHED.items():
        page = requests.get(site.page(label), timeout=30)
        assert page.status_code == 200, label
        data = site.export(label)
        engine = engines.get(engine_id)
        verdict, states = replay_states(data)
        assert verdict.ok and verdict.complete and states is not None
        last = data["entries"][-1]["seq"]
        final = at_position(revealed(engine, states[last], len(names_in(data["entries"]))), last, ending(data["entries"], engine))
        board = pre_text(page.text, "text-board")
        assert board == engine.render(final), label
        assert "resigned" in board and "a resignation, a forfeit or an abort" not in board, label  # as the log says
        assert "Game over" in page.text and "replayed from the signed log" in page.text
        told = tell(engine, data["entries"], names_in(data["entries"]))
        shown = [html.unescape(re.sub(r"<[^>]+>", "", li)) for li in re.findall(r'<li value="\d+"[^>]*>(.*?)</li>', page.text, re.S)]
        assert shown == told, label
        assert any(t == "svg" or a.get("id") == "board" for t, a in tags(page.text)), label


def test_replay_after_entry_n_with_first_previous_next_last(site: Site) -> None:
    data = site.export("cavemen")
    last = data["entries"][-1]["seq"]
    game = site.games["cavemen"].game
    verdict, states = replay_states(data)
    assert states is not None
    start = next(e["seq"] for e in data["entries"] if e["type"] == "start")
    n = start + 3
    page = requests.get(f"{site.page('cavemen')}?at={n}", timeout=30).text
    links = {a["rel"]: a["href"] for t, a in tags(page) if t == "a" and a.get("rel") in ("first", "prev", "next", "last")}
    assert links == {"first": f"/g/{game}?at=0", "prev": f"/g/{game}?at={n - 1}", "next": f"/g/{game}?at={n + 1}", "last": f"/g/{game}?at={last}"}
    engine = engines.get("cavemen")
    board = pre_text(page, "text-board")
    assert board == engine.render(at_position(revealed(engine, states[n], 2), n, ending(data["entries"], engine)))
    assert "Game over" not in board  # the game ran on after entry n: only its ending is over
    assert 'aria-current="step"' in page and f'data-seq="{n}" class="current"' in page
    first = requests.get(f"{site.page('cavemen')}?at=0", timeout=30).text
    assert "comes before the start" in first and 'rel="prev"' not in first
    end = requests.get(f"{site.page('cavemen')}?at={last}", timeout=30).text
    assert 'rel="next"' not in end and 'rel="prev"' in end
    answer = requests.get(f"{site.page('cavemen')}?at={last + 1}", timeout=30)
    assert answer.status_code == 200 and "There is no entry" in answer.text
    for bad in ("x", "-1", "%C2%B2"):  # not a number: a 400 page saying why (protocol.numbers)
        answer = requests.get(f"{site.page('cavemen')}?at={bad}", timeout=30)
        assert answer.status_code == 400 and "at: a whole number from 0 to" in answer.text


def test_running_game_shows_the_spectator_view_and_polls_the_head(site: Site) -> None:
    table = site.games["running"]
    summary = table.summary()
    page = requests.get(site.page("running"), timeout=30).text
    engine = engines.get("magier")
    assert pre_text(page, "text-board") == engine.render(summary["view"])
    assert "spectator view" in page and re.search(r"to move since \d{4}-\d\d-\d\d \d\d:\d\d UTC", page)
    body = next(a for t, a in tags(page) if t == "body")
    assert body["data-poll-url"] == f"/g/{table.game}/head.json"
    assert body["data-poll-seq"] == str(summary["head"]["seq"])
    head = requests.get(site.url + str(body["data-poll-url"]), timeout=30)
    assert head.json() == {"seq": summary["head"]["seq"], "hash": summary["head"]["hash"], "status": "running"}
    assert head.headers["Cache-Control"] == "no-store"
    pieces = {a["data-cell"]: a.get("data-piece") for t, a in tags(page) if a.get("data-cell")}
    assert len(pieces) == 61
    for cell, piece in summary["view"]["board"].items():
        mark = "rb"[piece["seat"]]
        want = mark.upper() if piece["kind"] == "magician" else f"{mark}{'?' if piece['value'] is None else piece['value']}"
        assert pieces[cell] == want
    assert sum(1 for p in pieces.values() if p) == len(summary["view"]["board"])
    assert "?at=" not in page  # a running game has no replay yet: its seed is secret


def test_export_json_is_the_apis_export(site: Site) -> None:
    table = site.games["siedler"]
    mine = requests.get(site.page("siedler") + "/export.json", timeout=30)
    assert mine.headers["Content-Type"].startswith("application/json")
    api = table.call(table.keys[0], "GET", f"/v1/games/{table.game}/export")
    assert mine.json() == api
    page = requests.get(site.page("siedler"), timeout=30).text
    assert f"curl -o {table.game}.json {site.url}/g/{table.game}/export.json" in html.unescape(page)
    assert f"pbem audit {table.game}.json" in page


def test_a_private_game_answers_exactly_as_a_missing_one(site: Site) -> None:
    private = site.games["private"].game
    missing = "0123456789abcdef"
    for suffix in ("", "?at=1", "/export.json", "/head.json"):
        hidden, absent = get(site, f"/g/{private}{suffix}"), get(site, f"/g/{missing}{suffix}")
        assert hidden.status_code == absent.status_code == 404
        assert hidden.text.replace(private, "ID") == absent.text.replace(missing, "ID")
        assert {k for k in hidden.headers if k != "Date"} == {k for k in absent.headers if k != "Date"}
    assert private not in get(site, "/").text
    # the API still serves it to nobody unsigned either: the same rule
    assert requests.get(f"{site.url}/v1/games/{private}", timeout=30).status_code == 404


def test_hostile_player_names_are_escaped_everywhere(site: Site) -> None:
    table = site.games["hostile"]
    pages = [get(site, "/").text, get(site, f"/g/{table.game}").text, get(site, f"/g/{table.game}?at=3").text]
    for page in pages:
        for name in HOSTILE.values():
            assert name not in page
            assert str(escape(name)) in page
        assert "<img" not in page and "onerror=alert" not in page.replace("onerror=alert(1)&gt;", "")
        assert not [t for t, a in tags(page) if t == "script" and not a.get("src")]
    # a hostile id in the path and a hostile ?at= are escaped too
    for path in ['/g/"><img src=x onerror=alert(1)>', f'/g/{table.game}?at=<img src=x onerror=alert(1)>']:
        answer = get(site, path)
        assert "<img" not in answer.text and "&lt;img" in answer.text


def test_every_page_sets_a_strict_csp_and_no_cookie(site: Site) -> None:
    paths = ["/", "/audit", f"/g/{site.games['magier'].game}", f"/g/{site.games['magier'].game}?at=9",
             f"/g/{site.games['open'].game}", "/g/0000000000000000", "/web/static/style.css",
             "/web/static/pbem_crypto.js", f"/g/{site.games['magier'].game}/export.json"]
    for path in paths:
        answer = get(site, path)
        csp = answer.headers["Content-Security-Policy"]
        assert "default-src 'none'" in csp and "script-src 'self'" in csp and "unsafe" not in csp, path
        assert "Set-Cookie" not in answer.headers, path
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        if answer.headers["Content-Type"].startswith("text/html"):
            for tag, attrs in tags(answer.text):
                assert "style" not in attrs, (path, tag)
                assert not any(k.startswith("on") for k in attrs), (path, tag)
                assert tag != "style"
                if tag == "script":
                    assert attrs.get("src", "").startswith("/web/static/"), path
                if tag in ("link", "img", "script") and (attrs.get("href") or attrs.get("src")):
                    assert str(attrs.get("href") or attrs.get("src")).startswith("/"), (path, attrs)


def test_the_index_lists_public_games_with_their_state_paged(site: Site) -> None:
    pages = [get(site, f"/?page={n}").text for n in (1, 2, 3, 4)]
    listed = [re.findall(r'<a href="/g/([0-9a-f]{16})">', page) for page in pages]
    public = {t.game for label, t in site.games.items() if label != "private"}
    shown = sum(listed, [])
    assert len(shown) == len(set(shown)) and public <= set(shown)  # every public game, once
    assert site.games["private"].game not in shown  # the private one never
    assert len(public) <= len(shown) <= len(public) + 1  # (+1: the demo test's game, if it ran first)
    assert [len(ids) for ids in listed] == [PAGE_SIZE, PAGE_SIZE, len(shown) - 2 * PAGE_SIZE, 0]
    assert 'rel="next"' in pages[0] and 'rel="prev"' not in pages[0]
    assert 'rel="next"' in pages[1] and 'rel="prev"' in pages[1] and 'rel="next"' not in pages[2]
    everything = "".join(pages)
    assert "to move since" in everything and "over:" in everything and "2 seats to fill" in everything
    assert "No public game" in pages[3]
    refused = get(site, "/?page=zz")
    assert refused.status_code == 400 and "page: a whole number from 1 to" in refused.text


def test_the_open_games_page_waits_for_players(site: Site) -> None:
    page = get(site, f"/g/{site.games['open'].game}").text
    assert "Waiting for players" in page and "open seat" in page


def test_links_for_mail_and_demo() -> None:
    assert game_page_url("https://pbem.example.org/", "0123456789abcdef") == "https://pbem.example.org/g/0123456789abcdef"
    assert export_url("http://h:1", "ab") == "http://h:1/g/ab/export.json"


def test_every_asset_ships_in_the_package() -> None:
    """pyproject's package data covers every template and static file (a wheel without them
    would serve errors); the patterns are read from pyproject itself."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["server.web"]
    web = root / "server" / "web"
    files = [p.relative_to(web).as_posix() for p in web.rglob("*") if p.is_file() and p.suffix != ".py" and "__pycache__" not in p.parts]
    assert files
    for name in files:
        assert any(fnmatch.fnmatch(name, pat) and name.count("/") == pat.count("/") for pat in patterns), name
    assert json.loads((web / "static" / "vectors.json").read_text())["vectors"]


def test_a_blind_games_final_board_says_which_values_stay_concealed(site: Site) -> None:
    """A blind magier game never reveals its unburnt wisdoms: the page must not claim the board
    is all face up where it is not (MH-15)."""
    data = site.export("magier-blind")
    verdict, states = replay_states(data)
    assert states is not None
    engine = engines.get("magier")
    view = revealed(engine, states[data["entries"][-1]["seq"]], 2)
    hidden = [c for c, p in view["board"].items() if p.get("kind") == "wisdom" and p.get("value") is None]
    page = requests.get(site.page("magier-blind"), timeout=30).text
    assert hidden, "a blind game of 30 moves has unburnt wisdoms"
    assert "never reveals the wisdoms that did not burn" in page
    open_page = requests.get(site.page("magier"), timeout=30).text
    assert "never reveals" not in open_page and "every concealed value face up." in open_page
