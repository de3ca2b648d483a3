"""The terminal client: help that reads well, a question before a
numbered move, profiles, spectators and private games, rematches, forced moves in one go.

Each point is tried through the CLI itself (typer's CliRunner, or a real terminal from a
pty when the point is what happens on a terminal) against a live server."""

from __future__ import annotations

import json
import os
import pty
import random
import select
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import requests

from client.api import ApiError
from client.cli import app
from client.play import Player
from tests.client.test_cli_daily_use import (  # noqa: F401 - cli is a fixture
    Cli,
    cli,
    init,
    play_out,
    two_player_game,
)
from tests.conftest import LiveServer

ROOT = Path(__file__).resolve().parents[2]


def test_help_shows_arguments_as_man_pages_do(cli: Cli) -> None:  # noqa: F811
    """`GAME` and `[MOVE]` in usage lines, no `{GAME}` and no `GAME <str>`; `pbem move
    --help` says a signed move cannot be undone, not even by agreement."""
    helped = cli("ada", "move", "--help").stdout
    assert "Usage: pbem move [OPTIONS] GAME [MOVE]" in helped
    assert "{GAME}" not in helped and "<str>" not in helped
    assert "no undo, not even by agreement" in " ".join(helped.split())
    for command in ("show", "log", "export", "join", "invite", "wait", "vacation", "rules", "audit"):
        text = cli("ada", command, "--help").stdout
        assert "<str>" not in text and "<int>" not in text and "{" not in text.split("\n")[0], command


def _pty_run(args: list[str], env: dict[str, str], answer: bytes) -> tuple[int, str]:
    """`pbem ARGS` on a real terminal (a pty): answer the first question with `answer`."""
    main, child = pty.openpty()
    code = f"import sys; sys.argv = ['pbem'] + {args!r}; from client.cli import main; main()"
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdin=child, stdout=child, stderr=child, cwd=ROOT,
        env={**os.environ, **env, "NO_COLOR": "1"},
    )
    os.close(child)
    seen = b""
    answered = False
    while True:
        ready, _, _ = select.select([main], [], [], 60)
        if not ready:
            proc.kill()
            raise AssertionError(f"no output from pbem for 60 s: {seen.decode(errors='replace')}")
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal closed: pbem is done
            break
        if not chunk:
            break
        seen += chunk
        if not answered and b"[y/N]" in seen:
            os.write(main, answer)
            answered = True
    os.close(main)
    return proc.wait(timeout=60), seen.decode(errors="replace")


def test_a_numbered_move_is_confirmed_on_a_terminal(cli: Cli, live_server: LiveServer) -> None:  # noqa: F811
    """On a terminal, `pbem move G 1` spells the move out and sends it only on yes; a
    no sends nothing; a script (no terminal) and --yes are not asked."""
    game = two_player_game(cli, live_server)
    listing = json.loads(cli("ada", "move", game, "--json").stdout)
    first = listing["moves"][0]["text"]
    env = cli.env("ada")
    code, seen = _pty_run(["move", game, "1"], env, b"n\n")
    assert code == 0 and f"play {first}? It cannot be undone [y/N]" in seen and "not sent" in seen
    assert json.loads(cli("ada", "show", game, "--json").stdout)["head"]["seq"] == 3
    code, seen = _pty_run(["move", game, "1"], env, b"y\n")
    assert code == 0 and f"played {first}" in seen, seen
    assert json.loads(cli("ada", "show", game, "--json").stdout)["head"]["seq"] == 4
    # bo, from a script (CliRunner's stdin is no terminal): no question, the move is sent
    cli("bo", "move", game)
    played = cli("bo", "move", game, "1").stdout
    assert "[y/N]" not in played and "played " in played
    assert json.loads(cli("bo", "show", game, "--json").stdout)["head"]["seq"] == 5
    # --yes on a terminal: not asked
    cli("ada", "move", game)
    code, seen = _pty_run(["move", game, "1", "--yes"], env, b"n\n")
    assert code == 0 and "[y/N]" not in seen and "played " in seen


# -- spectators and private games --------------------------------------------------------------


def test_anyone_may_watch_a_public_game(cli: Cli, live_server: LiveServer) -> None:  # noqa: F811
    """`pbem show GAME` by a player without a seat (and by someone with no account at
    all, given --server) shows the spectator's view, whose turn it is from the signed log, and
    says the board is the server's public view; at the end, the final position revealed."""
    game = two_player_game(cli, live_server)
    init(cli, live_server, "cy")
    watched = cli("cy", "show", game).stdout
    assert "you: watching (no seat)" in watched and "to move: seat 0 red (ada)" in watched
    assert "spectators' views carry no commitment" in watched
    shown = json.loads(cli("cy", "show", game, "--json").stdout)
    assert shown["spectator"] is True and shown["seat"] is None and shown["view_checked"] is False
    assert shown["to_move"] == 0 and shown["head"]["seq"] == 3
    # no account at all: --server (or PBEM_SERVER) is enough to watch
    stranger = cli("nobody", "--server", live_server.url, "show", game, "--json").stdout
    assert json.loads(stranger)["spectator"] is True
    env_watch = cli.runner.invoke(
        app, ["show", game], env={**cli.env("nobody2"), "PBEM_SERVER": live_server.url}
    )
    assert env_watch.exit_code == 0 and "watching (no seat)" in env_watch.stdout
    # the game ends: a spectator sees the final position and the result, checked by the audit
    play_out(game, [Player(cli.tmp_path / "ada"), Player(cli.tmp_path / "bo")])
    over = json.loads(cli("cy", "show", game, "--json").stdout)
    assert over["status"] == "over" and over["final_view"] is not None and over["result"]
    assert "game over:" in cli("cy", "show", game).stdout


def test_a_spectator_is_not_fooled_about_a_seat(cli: Cli, live_server: LiveServer) -> None:  # noqa: F811
    """The spectator's status line comes from the signed log: a player who holds a seat
    is never shown as a spectator, even when the server answers 403 to the seat's view."""
    game = two_player_game(cli, live_server)
    ada = Player(cli.tmp_path / "ada")
    from client import spectate
    from client.play import ServerLie

    with pytest.raises(ServerLie, match="gives your key seat 0"):
        spectate.watch(ada, game)


def test_a_private_game_is_seen_by_its_players_only(cli: Cli, live_server: LiveServer) -> None:  # noqa: F811
    """`pbem new --private`: not in `games --open` for others, its summary, log and
    export are a 404 for strangers (as for a game that does not exist), joined by invitation
    only; the creator, the invited and the seated players see it as any game."""
    init(cli, live_server, "ada", "bo", "cy")
    made = json.loads(cli("ada", "new", "magier", "--private", "--json").stdout)
    game = made["id"]
    assert made["private"] is True
    assert game not in cli("bo", "games", "--open").stdout
    assert game in cli("ada", "games", "--open").stdout
    told = cli("cy", "show", game, code=1).stderr
    assert "or it is private" in told and "Traceback" not in told
    assert "no game" in cli("cy", "join", game, code=1).stderr
    for path in (f"/v1/games/{game}", f"/v1/games/{game}/log", f"/v1/games/{game}/export"):
        answer = requests.get(live_server.url + path, timeout=10)
        nothing = requests.get(live_server.url + path.replace(game, "0" * 16), timeout=10)
        assert answer.status_code == 404 == nothing.status_code
        assert answer.json()["detail"].replace(game, "X") == nothing.json()["detail"].replace("0" * 16, "X")
    cli("ada", "invite", game, "bo")
    assert game in cli("bo", "games", "--open").stdout
    cli("bo", "join", game)
    assert json.loads(cli("bo", "show", game, "--json").stdout)["seat"] == 1
    assert "or it is private" in cli("cy", "show", game, code=1).stderr
    assert json.loads(cli("ada", "export", game, "--json").stdout)["game"] == game
    public = json.loads(cli("ada", "new", "magier", "--json").stdout)
    assert public["private"] is False and public["id"] in cli("cy", "games", "--open").stdout


def test_private_must_be_a_boolean(live_server: LiveServer, tmp_path: Path) -> None:
    """`private` in a create request is true or false, nothing else (400)."""
    ada = Player(tmp_path / "ada")
    ada.init_account(live_server.url, "ada", "ada@example.org")
    with pytest.raises(ApiError) as caught:
        ada.api.post("/v1/games", {"engine": "magier", "options": {}, "seats": 2, "private": 1})
    assert caught.value.status == 400 and "private" in caught.value.detail


# -- profiles ------------------------------------------------------------------------------------


def test_one_home_with_accounts_on_two_servers(cli: Cli, live_server: LiveServer, tmp_path: Path) -> None:  # noqa: F811
    """One home (one key) holds an account on each of two servers; the newest init is the
    default, `--server URL` and PBEM_SERVER pick another for any command, `pbem servers` lists
    them and `--default` switches; each server's games are found by prefix on that server."""
    from client.demo import free_port, start_server

    port = free_port()
    other = start_server(tmp_path / "second", port, workers=1)
    second = f"http://127.0.0.1:{port}"
    try:
        game_a = two_player_game(cli, live_server)  # ada's first account, on the live server
        cli("ada", "init", "--server", second, "--name", "ada2", "--email", "ada@example.org")
        rows = json.loads(cli("ada", "servers", "--json").stdout)
        assert {r["server"]: (r["name"], r["default"]) for r in rows} == {
            live_server.url: ("ada", False), second: ("ada2", True)
        }
        game_b = json.loads(cli("ada", "new", "magier", "--no-join", "--json").stdout)["id"]
        assert game_b in cli("ada", "games").stdout  # made on the default (second) server
        assert game_b not in cli("ada", "--server", live_server.url, "games").stdout
        assert game_a in cli("ada", "--server", live_server.url, "games").stdout
        # the default is now the second server: game_a is found with --server only
        assert json.loads(cli("ada", "--server", live_server.url, "show", game_a[:6], "--json").stdout)["seat"] == 0
        assert "no game of yours" in cli("ada", "show", game_a[:6], code=1).stderr
        env = {**cli.env("ada"), "PBEM_SERVER": live_server.url}
        via_env = cli.runner.invoke(app, ["show", game_a, "--json"], env=env)
        assert via_env.exit_code == 0 and json.loads(via_env.stdout)["seat"] == 0
        whoami = json.loads(cli("ada", "--server", live_server.url, "whoami", "--json").stdout)
        assert whoami["name"] == "ada" and whoami["server"] == live_server.url
        assert json.loads(cli("ada", "whoami", "--json").stdout)["name"] == "ada2"
        cli("ada", "servers", "--default", live_server.url)
        assert json.loads(cli("ada", "show", game_a, "--json").stdout)["seat"] == 0
        assert "no account of yours on" in cli("ada", "servers", "--default", "http://127.0.0.1:9", code=1).stderr
    finally:
        other.terminate()
        other.wait(timeout=30)


# -- rematch -------------------------------------------------------------------------------------


def test_rematch_same_players_seats_rotated(cli: Cli, live_server: LiveServer) -> None:  # noqa: F811
    """`pbem rematch G` after the end: a new game of the same engine and options, the
    asker in its rotated seat, the other player's rotated seat kept for them, so that a plain
    `pbem join NEW` seats them there and starts the game. Not before the end, not for a stranger."""
    game = two_player_game(cli, live_server, "-O", "open_placement=true")
    assert "a rematch follows a finished game" in cli("ada", "rematch", game, code=1).stderr
    play_out(game, [Player(cli.tmp_path / "ada"), Player(cli.tmp_path / "bo")])
    init(cli, live_server, "cy")
    assert "only its players can ask" in cli("cy", "rematch", game, code=1).stderr
    told = cli("ada", "rematch", game).stdout
    done = json.loads(cli("bo", "rematch", game, "--json").stdout)  # bo may ask too: another game
    assert done["seats"] == {"0": "bo", "1": "ada"} and done["game"] not in told
    new = told.split(": game ")[1].split(",")[0]
    assert f"rematch of {game}: game {new}, seats bo (red), ada (black)" in told
    assert f"pbem join {new}" in told
    summary = json.loads(cli("ada", "show", new, "--json").stdout)
    assert summary["status"] == "open" and summary["seat"] == 1
    old = json.loads(cli("ada", "show", game, "--json").stdout)
    made = Player(cli.tmp_path / "ada").summary(new)
    assert made["options"] == Player(cli.tmp_path / "ada").summary(game)["options"]
    assert made["options"]["open_placement"] is True and old["engine"] == made["engine"]
    assert made["invited"] == [{"seat": 0, "name": "bo"}]
    assert "kept for bo" in cli("cy", "join", new, code=1).stderr
    cli("bo", "join", new)
    started = json.loads(cli("bo", "show", new, "--json").stdout)
    assert started["seat"] == 0 and started["status"] == "running"


# -- forced moves in one command -----------------------------------------------------------------


def _until_keys(game: str, players: list[Player], seed: int) -> Player | None:
    """Let random bots play until some seat's only legal move is a key throw; that seat's player."""
    rnd = random.Random(seed)
    for _ in range(600):
        for p in players:
            st = p.state(game)
            if st.status != "running":
                return None
            if st.my_turn and [m["move"] for m in p.moves(game)["moves"]] == [{"type": "keys"}]:
                return p
        if not sum(p.play_bot(game, "random", until_over=False, rng=rnd) for p in players):
            return None
    return None


def _keys_entries(player: Player, game: str) -> list[dict[str, Any]]:
    entries = player.api.log(game)["entries"]
    return [
        e for e in entries
        if e["type"] == "move" and e["body"]["envelope"]["move"] == {"type": "keys"}
    ]


def test_forced_key_throws_in_one_command(cli: Cli, live_server: LiveServer) -> None:  # noqa: F811
    """FS-23: a prisoner's key throws are forced decisions: `pbem move G keys` throws,
    and throws again while a key throw stays the only legal move, echoing each, until there is a
    choice or the turn passes; `--one` throws once."""
    init(cli, live_server, "ada", "bo", "cy")
    found = None
    for seed in range(12):
        game = json.loads(cli("ada", "new", "feuersalamander", "--seats", "3", "--json").stdout)["id"]
        cli("bo", "join", game)
        cli("cy", "join", game)
        players = [Player(cli.tmp_path / n) for n in ("ada", "bo", "cy")]
        found = _until_keys(game, players, seed)
        if found is not None:
            break
    assert found is not None, "no key throw in 12 random games"
    who = found.store.home.name
    before = len(_keys_entries(found, game))
    done = json.loads(cli(who, "move", game, "keys", "--json").stdout)
    thrown = len(_keys_entries(found, game)) - before
    assert thrown == 1 + len(done["forced"])
    st = found.state(game)
    if st.status == "running" and st.my_turn:  # still our turn: then a key throw is not the only move
        assert [m["move"] for m in found.moves(game)["moves"]] != [{"type": "keys"}]
    # --one throws once even when another throw is forced: find another prisoner
    again = _until_keys(game, players, 99)
    if again is not None:
        before = len(_keys_entries(again, game))
        cli(again.store.home.name, "move", game, "keys", "--one")
        assert len(_keys_entries(again, game)) - before == 1


def test_pbem_cards_lists_every_card_with_its_source(cli: Cli) -> None:  # noqa: F811
    """SI-1: `pbem cards siedler` prints every card of the data file with its cost and
    whether its data is house or confirmed; a game without cards says which games have them."""
    from engines.siedler import cards as siedler_cards

    text = cli("ada", "cards", "siedler").stdout
    listed = {line.split()[0]: line for line in text.splitlines()[1:] if line.strip()}
    ids = siedler_cards.CATALOG.ids()
    assert len(ids) > 80
    for card_id in ids:
        source = siedler_cards.CATALOG[card_id]["source"]
        assert listed[card_id].endswith(f"({source})"), card_id
    refused = cli("ada", "cards", "magier", code=1).stderr
    assert "magier has no card list" in refused and "siedler" in refused
