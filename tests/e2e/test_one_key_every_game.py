"""One key, any machine, in every game and mode (README "Your key, on any machine"; PROTOCOL
sections 7a and 9): a game is begun on one home, a second home is restored from the key's 24
words alone through the real CLI, and from then on the two homes take the seat's turns in
alternation (a race between them once), until the game ends; then a third home, restored from a
key file, rebuilds the whole game and the export audits PASS.

What each mode adds: blind magier's values live only in sealed boxes; Feuersalamander with three
seats; Cavemen closed and open (public hands); Siedler's private hands and chance."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from client.api import ApiError
from client.cli import app
from client.play import Player
from client.verify import VerifyError
from protocol.audit import audit
from tests.conftest import LiveServer

# (engine, options, seats, the bot that plays it briskly, how many turns the first home plays)
MODES: dict[str, tuple[str, dict[str, Any], int, str, int]] = {
    "magier-blind": ("magier", {"move_limit": 40}, 2, "greedy", 10),
    "feuersalamander-3": ("feuersalamander", {"target": 8}, 3, "simple", 12),
    "cavemen-closed": ("cavemen", {"round_limit": 6}, 2, "random", 12),
    "cavemen-open": ("cavemen", {"open": True, "round_limit": 6}, 2, "random", 12),
    "siedler": ("siedler", {}, 2, "builder", 12),
}


def cli(home: Path, *args: str, input: str | None = None) -> str:
    result = CliRunner().invoke(app, list(args), env={"PBEM_HOME": str(home), "PBEM_SERVER": ""}, input=input)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result.stdout


def turn(player: Player, game: str, bot: str, rnd: random.Random) -> int:
    """One turn of `player`'s seat if it is due (0 or 1 moves); a stale answer is the other home's
    move landing first, never an alarm."""
    try:
        return player.play_bot(game, bot, until_over=False, rng=rnd)
    except ApiError as exc:
        assert exc.status == 409, exc
        return 0


def race(homes: list[Player], game: str, bot: str) -> list[Any]:
    """Both homes take the seat's turn at the same moment: at most one move lands, the other
    home is told the game moved (a 409 or 'not your turn' after its look), and nobody calls the
    other home's move a fork."""
    out: list[Any] = [None, None]

    def go(i: int) -> None:
        try:
            out[i] = homes[i].play_bot(game, bot, until_over=False, rng=random.Random(i))
        except VerifyError as exc:  # a false alarm: what this test is here to catch
            out[i] = exc
        except Exception as exc:  # noqa: BLE001 - a refusal is a fine answer for the loser
            out[i] = exc

    threads = [threading.Thread(target=go, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(isinstance(o, VerifyError) for o in out), out
    return out


@pytest.mark.parametrize("mode", sorted(MODES))
def test_a_game_begun_on_one_home_is_played_on_by_two_homes_of_one_key_and_audits(
    mode: str, make_player: Callable[[str], Player], live_server: LiveServer, tmp_path: Path
) -> None:
    engine, options, seats, bot, first = MODES[mode]
    players = [make_player(name) for name in ("ada", "bo", "cy")[:seats]]
    game = players[0].new_game(engine, options, seats=seats, join=True)["id"]
    for p in players[1:]:
        p.join(game)
    rnd = random.Random(7)
    played = 0
    while played < first:  # the first home alone, with the others
        made = sum(turn(p, game, bot, rnd) for p in players)
        played += made
        if made == 0:
            break

    words = json.loads(cli(players[0].store.home, "key", "backup", "--json"))["words"]
    second_home = tmp_path / "homes" / "ada-second"
    cli(second_home, "init", "--restore", "--server", live_server.url, input=" ".join(words) + "\n")
    second = Player(second_home)
    assert second.show(game)["seat"] == 0
    if mode == "magier-blind":  # the values the server never had came back from the sealed boxes
        assert {r["commit"] for r in second.store.secrets(game)} == {r["commit"] for r in players[0].store.secrets(game)}

    homes, raced, rounds = [players[0], second], False, 0
    while rounds < 5000:
        rounds += 1
        me = homes[rounds % 2]  # the seat's turns taken by the two homes in alternation
        if not raced and players[0].show(game).get("to_move") == 0 and mode != "magier-blind":
            race(homes, game, bot)
            raced = True
            continue
        made = turn(me, game, bot, rnd) + sum(turn(p, game, bot, rnd) for p in players[1:])
        if made == 0 and turn(homes[(rounds + 1) % 2], game, bot, rnd) == 0:
            break
    shown = second.show(game)
    assert shown["status"] == "over", (rounds, shown.get("to_move"), shown.get("text", "")[-1500:])
    assert players[0].show(game)["status"] == "over"  # the first home follows without an alarm

    key_file = tmp_path / "ada.key"
    cli(players[0].store.home, "key", "backup", "--file", str(key_file))
    third_home = tmp_path / "homes" / "ada-third"
    cli(third_home, "init", "--restore", "--server", live_server.url, "--key", str(key_file))
    third = Player(third_home)
    export = third.export(game)
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.reason
    if mode != "magier-blind":
        assert raced
