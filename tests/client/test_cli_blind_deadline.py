"""`pbem new` never promises a bot that cannot play (the README's Deadlines): in a blind magier
game no bot can place or reveal a wisdom for a seat (those need secrets only its owner holds),
so `--on-expiry bot` is refused there as bad usage, with the reason, before anything is sent;
without --on-expiry a blind game's deadline forfeits, and the line that reports the new game,
the genesis and the status line all say so."""

from __future__ import annotations

from collections.abc import Callable

from typer.testing import CliRunner

from client.cli import app
from client.play import Player

REASON = "in a blind game no one can place or reveal for you"


def test_a_bot_deadline_for_a_blind_game_is_refused_before_it_is_sent(make_player: Callable[[str], Player]) -> None:
    ada = make_player("ada")
    env = {"PBEM_HOME": str(ada.store.home)}
    for extra in ([], ["-O", "blind=true"]):  # blind is the default
        refused = CliRunner().invoke(app, ["new", "magier", "--days", "1", "--on-expiry", "bot", *extra], env=env)
        assert refused.exit_code == 2, refused.output
        assert REASON in refused.output and "--on-expiry forfeit" in refused.output, refused.output
        assert "Traceback" not in refused.output
    assert ada.api.games() == []  # nothing was sent


def test_a_blind_game_forfeits_on_expiry_and_says_so_everywhere(make_player: Callable[[str], Player]) -> None:
    ada, bo = make_player("ada"), make_player("bo")
    env = {"PBEM_HOME": str(ada.store.home)}
    made = CliRunner().invoke(app, ["new", "magier", "--days", "1"], env=env)
    assert made.exit_code == 0, made.output
    assert "then the seat forfeits" in made.output and "random" not in made.output, made.output
    game = ada.api.games()[0]["id"]
    assert ada.log(game)[0]["body"]["deadline"]["on_expiry"] == "forfeit"  # the signed genesis
    bo.join(game)
    shown = CliRunner().invoke(app, ["show", game], env=env)
    assert shown.exit_code == 0 and "(then: forfeit)" in shown.output, shown.output
    # every value public (blind=false): a bot can make every decision, so bot stays the default
    made = CliRunner().invoke(app, ["new", "magier", "--days", "1", "-O", "blind=false"], env=env)
    assert made.exit_code == 0, made.output
    assert "then a random legal move is played" in made.output, made.output
    opened = next(g["id"] for g in ada.api.games() if g["id"] != game)
    assert ada.log(opened)[0]["body"]["deadline"]["on_expiry"] == "bot"
