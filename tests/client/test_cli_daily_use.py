"""The terminal client a daily player enjoys: each point tried through the CLI itself."""

from __future__ import annotations

import copy
import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import engines
from client.cli import app
from client.display.tables import game_row, games_table
from client.play import Player
from tests.conftest import LiveServer
from tests.protocol.ledger import Ledger
from tests.protocol.toy import TOY

pytest.importorskip("engines.magier")

ROOT = Path(__file__).resolve().parents[2]


class Cli:
    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path = tmp_path
        self.runner = CliRunner()

    def env(self, who: str) -> dict[str, str]:
        return {"PBEM_HOME": str(self.tmp_path / who), "COLUMNS": "80"}

    def __call__(self, who: str, *args: str, code: int = 0, input: str | None = None) -> Any:
        result = self.runner.invoke(app, list(args), env=self.env(who), input=input)
        assert result.exit_code == code, (args, result.output)
        assert "Traceback" not in result.output and "internal error" not in result.output
        return result


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def init(cli: Cli, server: LiveServer, *names: str) -> None:
    for name in names:
        cli(name, "init", "--server", server.url, "--name", name, "--email", f"{name}@example.org")


def two_player_game(cli: Cli, server: LiveServer, *options: str) -> str:
    init(cli, server, "ada", "bo")
    game = json.loads(cli("ada", "new", "magier", *options, "--json").stdout)["id"]
    cli("bo", "join", game)
    return str(game)


def play_out(game: str, players: list[Player]) -> None:
    rnd = random.Random(3)
    while sum(p.play_bot(game, "random", until_over=False, rng=rnd) for p in players):
        pass


# -- 1. game ids ------------------------------------------------------------------------------


def test_games_never_cuts_ids_and_prefixes_work(cli: Cli, live_server: LiveServer) -> None:
    """`pbem games` at 80 columns, piped, shows whole ids; a unique prefix of 4 or more
    characters works wherever a game id is taken; a short, unknown or ambiguous one is one line."""
    game = two_player_game(cli, live_server)
    listed = cli("ada", "games").stdout  # piped: one game a line, the whole id first
    assert listed.startswith(game + "  magier  running  ada (red), bo (black)")
    games = json.loads(cli("ada", "games", "--json").stdout)
    terminal = Console(file=io.StringIO(), width=80)  # what a terminal of 80 columns shows
    terminal.print(games_table([game_row(g) for g in games]))
    drawn = terminal.file.getvalue()  # type: ignore[attr-defined]
    assert game in drawn and all(len(line) <= 80 for line in drawn.splitlines())
    assert game[:6] in cli("ada", "show", game[:6]).stdout
    assert "YOUR TURN" in cli("ada", "show", game[:4]).stdout
    assert cli("ada", "log", game[:5]).stdout.count("join") >= 2
    assert game in cli("ada", "notify", game[:4], "--mute").stdout  # "muted games: GAME"
    assert f"game {game} is muted" in cli("ada", "notify", game[:4]).stdout
    short = cli("ada", "show", game[:3], code=1).stderr
    assert "at least 4 characters" in short and len(short.strip().splitlines()) == 1
    unknown = "0000" if not game.startswith("0000") else "ffff"
    assert "no game of yours" in cli("ada", "show", unknown, code=1).stderr
    # two games sharing a prefix: the error lists both
    Player(cli.tmp_path / "ada").store.save_receipt(game[:4] + "ffffffffffff", {"game": "x"})
    Player(cli.tmp_path / "ada").store.save_receipt(game[:4] + "eeeeeeeeeeee", {"game": "x"})
    ambiguous = cli("ada", "show", game[:4] + "e", code=1).stderr  # one of them: unique
    assert "ambiguous" not in ambiguous
    both = cli("ada", "show", game[:4], code=1).stderr
    assert "starts 3 game ids" in both and game in both and game[:4] + "ffffffffffff" in both


# -- 2. games: names, seats, results, time, --no-join -------------------------------------------


def test_games_shows_names_results_time_and_no_join_games(cli: Cli, live_server: LiveServer) -> None:
    """Seats as "ada (red)", a finished game's result in words, the time of the newest
    entry, and a game created with --no-join listed for its creator."""
    game = two_player_game(cli, live_server, "--option", "move_limit=2")
    listed = cli("ada", "games").stdout
    assert "ada (red)" in listed and "bo (black)" in listed and " UTC" in listed
    lonely = json.loads(cli("ada", "new", "magier", "--no-join", "--json").stdout)["id"]
    mine = json.loads(cli("ada", "games", "--json").stdout)
    assert lonely in [g["id"] for g in mine]
    assert "free (red)" in cli("ada", "games").stdout
    play_out(game, [Player(cli.tmp_path / "ada"), Player(cli.tmp_path / "bo")])
    over = cli("bo", "games").stdout
    assert "over" in over and ("won" in over or "draw" in over)


# -- 3. ordinary mistakes ------------------------------------------------------------------------


def test_ordinary_mistakes_are_one_line(cli: Cli, live_server: LiveServer, tmp_path: Path) -> None:
    """Export to a missing directory, a negative --poll, gibberish as a move: one line,
    never "internal error" nor the same words twice; export --json -o prints a summary only."""
    game = two_player_game(cli, live_server)
    bad = cli("ada", "export", game, "-o", "/nonexistent/dir/x.json", code=1).stderr
    assert bad.strip() == "pbem: cannot write /nonexistent/dir/x.json: No such file or directory"
    assert "0 or more" in cli("ada", "bot", game, "--poll", "-5", code=1).stderr
    gibberish = cli("ada", "move", game, "xyzzy", code=1).stderr
    assert gibberish.count("cannot read 'xyzzy'") == 1 and len(gibberish.strip().splitlines()) == 1
    out = tmp_path / "g.json"
    summary = json.loads(cli("ada", "export", game, "--json", "-o", str(out)).stdout)
    written = json.loads(out.read_text())
    assert written["game"] == game and summary["entries"] == len(written["entries"])
    assert summary["file"] == str(out) and summary["complete"] is False


def test_bot_poll_zero_waits_at_least_a_second(cli: Cli, live_server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """`pbem bot --poll 0` does not busy-loop: it waits at least a second between looks."""
    game = two_player_game(cli, live_server, "--option", "move_limit=2")
    slept: list[float] = []

    def fake_sleep(seconds: float) -> None:
        slept.append(seconds)
        play_out(game, [Player(cli.tmp_path / "ada")])  # the other side moves while bo waits
        if len(slept) > 50:
            raise KeyboardInterrupt

    monkeypatch.setattr("client.play.wait", fake_sleep)
    cli("bo", "bot", game, "--poll", "0")
    assert slept and min(slept) >= 1.0


def _run_pbem(args: list[str], env: dict[str, str], stdin: bytes | None = None) -> tuple[int, bytes]:
    """`pbem ARGS | true` in a shell: the reader is gone before pbem writes a thing."""
    code = f"import sys; sys.argv = ['pbem'] + {args!r}; from client.cli import main; main()"
    shell = f"{sys.executable} -c \"{code}\" | true; echo ${{PIPESTATUS[0]}}"
    done = subprocess.run(
        ["bash", "-c", shell], input=stdin, capture_output=True, env={**env, "PATH": "/usr/bin:/bin"},
        cwd=ROOT, timeout=120,
    )
    return int(done.stdout.decode().strip().splitlines()[-1]), done.stderr


def test_a_closed_pipe_is_not_an_error(tmp_path: Path) -> None:
    """`pbem audit - < f | head -1` and a long help into a closed pipe exit 0, quietly."""
    engines.register(TOY)
    big = Ledger("cli-pipe").play().export()
    env = {"PBEM_HOME": str(tmp_path / "home")}
    code, err = _run_pbem(["audit", "-", "--json"], env, json.dumps(big).encode())
    assert code == 0 and b"Traceback" not in err and err.strip() == b"", err
    code, err = _run_pbem(["rules", "magier"], env)
    assert code == 0 and err.strip() == b"", err


# -- 4. numbers bound to their listing, echo, dry run --------------------------------------------


def test_move_numbers_bind_to_the_listing(cli: Cli, live_server: LiveServer) -> None:
    """`pbem move G 1` plays number 1 of the list `pbem move G` showed, and refuses when
    the game moved on since; the move is echoed before it is sent; --dry-run sends nothing."""
    game = two_player_game(cli, live_server)
    listing = json.loads(cli("ada", "move", game, "--json").stdout)
    dry = cli("ada", "move", game, "1", "--dry-run").stdout
    assert f"would play {listing['moves'][0]['text']}" in dry and "nothing sent" in dry
    assert '"seq": 4' in dry
    assert json.loads(cli("ada", "show", game, "--json").stdout)["head"]["seq"] == 3
    as_json = json.loads(cli("ada", "move", game, "1", "--dry-run", "--json").stdout)
    assert as_json["sent"] is False and as_json["envelope"]["seq"] == 4
    # a listing kept at another head (the game moved on since): number 1 is refused
    Player(cli.tmp_path / "ada").store.save_listing(game, {"head": {"seq": 2, "hash": "x"}, "moves": listing["moves"]})
    stale = cli("ada", "move", game, "1", code=1).stderr
    assert "has moved on since you listed the moves" in stale and f"pbem move {game}" in stale
    cli("ada", "move", game)
    played = cli("ada", "move", game, "1").stdout
    assert f"sending {listing['moves'][0]['text']} ..." in played
    assert f"played {listing['moves'][0]['text']}" in played


# -- 5. not your turn ------------------------------------------------------------------------------


def test_move_when_it_is_not_your_turn_says_whose_it_is(cli: Cli, live_server: LiveServer) -> None:
    """`pbem move G` out of turn says who is to move (name and seat name), exit 1."""
    game = two_player_game(cli, live_server)
    told = cli("bo", "move", game, code=1).stderr
    assert told.strip() == f"pbem: it is not your turn in game {game}: ada (red) is to move"
    assert "ada (red) is to move" in cli("bo", "move", game, "1", code=1).stderr
    assert "ada (red) is to move" in cli("bo", "moves", game, code=1).stderr


# -- 6. seat errors ---------------------------------------------------------------------------------


def test_seat_errors_say_what_is_wrong(cli: Cli, live_server: LiveServer) -> None:
    """Kept seats show as kept in `games --open`; joining a game whose free seat is kept
    says for whom; a seat that does not exist says so."""
    init(cli, live_server, "ada", "bo", "cy")
    game = json.loads(cli("ada", "new", "magier", "--json").stdout)["id"]
    missing = cli("cy", "join", game, "--seat", "7", code=1).stderr
    assert missing.strip() == f"pbem: seat 7 of game {game} does not exist: it has seats 0 to 1"
    cli("ada", "invite", game, "bo")
    assert "kept for bo (black)" in cli("cy", "games", "--open").stdout
    kept = cli("cy", "join", game, code=1).stderr
    assert kept.strip() == f"pbem: seat 1 (black) of game {game} is kept for bo"
    assert cli("cy", "join", game, "--seat", "1", code=1).stderr == kept
    taken = cli("cy", "join", game, "--seat", "0", code=1).stderr
    assert taken.strip() == f"pbem: seat 0 (red) of game {game} is taken by ada"


# -- 7. the bot retries ----------------------------------------------------------------------------


def test_bot_retries_a_lost_connection(cli: Cli, live_server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """`pbem bot` outlives a lost connection: it says so on screen and tries again."""
    game = two_player_game(cli, live_server, "--option", "move_limit=2")
    import client.play
    from client.api import ApiError

    real_state = client.play.Player.state
    failures = iter([True, True, False])
    waits: list[float] = []

    def flaky(self: Player, g: str) -> Any:
        if self.store.home.name == "bo" and next(failures, False):
            raise ApiError(0, "cannot reach the server at http://x (is it running? is the URL right?)")
        return real_state(self, g)

    def fake_sleep(seconds: float) -> None:
        waits.append(seconds)
        play_out(game, [Player(cli.tmp_path / "ada")])

    monkeypatch.setattr(client.play.Player, "state", flaky)
    monkeypatch.setattr(client.play, "wait", fake_sleep)
    result = cli("bo", "bot", game)
    assert result.stderr.count("cannot reach the server") == 2
    assert "trying again in 5 s" in result.stderr and "trying again in 10 s" in result.stderr
    assert waits[:2] == [5.0, 10.0]
    assert "game over" in result.stdout


# -- 8. a changed server key ----------------------------------------------------------------------


def test_init_refuses_a_changed_server_key(cli: Cli, live_server: LiveServer, tmp_path: Path) -> None:
    """Init against a server whose key is not the stored one refuses, as ssh does, until
    --accept-new-server-key."""
    init(cli, live_server, "ada")
    config_path = tmp_path / "ada" / "config.json"
    config = json.loads(config_path.read_text())
    config_path.write_text(json.dumps({**config, "server_key": "00" * 32}))
    args = ["init", "--server", live_server.url, "--name", "ada", "--email", "ada@example.org"]
    refused = cli("ada", *args, code=4).stderr  # exit 4: a check failed, as ssh's host key
    assert "another key" in refused and "--accept-new-server-key" in refused
    assert json.loads(config_path.read_text())["server_key"] == "00" * 32
    cli("ada", *args, "--accept-new-server-key")
    assert json.loads(config_path.read_text())["server_key"] == config["server_key"]


# -- 9, 10. exit codes, help -------------------------------------------------------------------------


def test_audit_fail_exits_4_as_help_says(tmp_path: Path) -> None:
    """Exit 4 means a failed check, in --help and for `pbem audit` on a tampered file."""
    engines.register(TOY)
    forged = copy.deepcopy(Ledger("cli-forged").play().export())
    forged["entries"][5]["body"]["envelope"]["nonce"] = "00" * 32
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged))
    runner = CliRunner()
    result = runner.invoke(app, ["audit", str(path)], env={"PBEM_HOME": str(tmp_path)})
    assert result.exit_code == 4 and result.stdout.startswith("FAIL")
    helped = " ".join(runner.invoke(app, ["--help"]).stdout.split())
    assert "4 a check failed" in helped and "FAIL" in helped


def test_version_placeholders_and_bot_names(tmp_path: Path) -> None:
    """`pbem --version`; option placeholders read well; the bots are named in bot --help."""
    runner = CliRunner()
    assert runner.invoke(app, ["--version"]).stdout.startswith("pbem ")
    new_help = runner.invoke(app, ["new", "--help"]).stdout
    assert "<list[str]>" not in new_help and "KEY=VALUE" in new_help
    bot_help = " ".join(runner.invoke(app, ["bot", "--help"]).stdout.split())
    assert "magier: greedy, random" in bot_help and "SECONDS" in bot_help
    assert "--accept-new-server-key" in runner.invoke(app, ["init", "--help"]).stdout


# -- 11. a finished game ------------------------------------------------------------------------


def test_a_finished_game_shows_everything_revealed(cli: Cli, live_server: LiveServer) -> None:
    """Once a game is over, `pbem show` draws the final position from the replayed
    export with every concealed value revealed, the result in words and how to export and
    audit it."""
    game = two_player_game(cli, live_server, "--option", "move_limit=2", "--option", "blind=false")
    play_out(game, [Player(cli.tmp_path / "ada"), Player(cli.tmp_path / "bo")])
    before_end = Player(cli.tmp_path / "ada").state(game).view
    hidden_before = sum(
        p.get("value") is None for p in before_end["board"].values() if p["kind"] == "wisdom"
    ) + sum(v is None for h in before_end["hands"] for v in h)
    shown = cli("ada", "show", game).stdout
    assert "game over: " in shown and ("won by" in shown or "draw" in shown)
    assert "everything revealed" in shown
    assert f"pbem export {game} -o {game}.json && pbem audit {game}.json" in shown
    legend = "r2 b? wisdoms (? = concealed)"
    assert legend in shown and "r?" not in shown and shown.count("b?") == legend.count("b?")
    assert hidden_before > 0  # the seat's own view had concealed values: the final one has none
    final = json.loads(cli("ada", "show", game, "--json").stdout)["final_view"]
    assert all(v is not None for h in final["hands"] for v in h)
    assert all(p.get("value") is not None for p in final["board"].values() if p["kind"] == "wisdom")
