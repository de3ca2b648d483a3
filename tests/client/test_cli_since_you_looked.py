"""`pbem show` and `pbem move` tell, above the board, what the moves since the player last looked
did: a move's outcome was otherwise found only in `pbem log`. What was last seen is remembered
per game in the client's own store."""

from __future__ import annotations

from collections.abc import Callable

from typer.testing import CliRunner

from client.cli import app
from client.play import Player


def test_show_tells_the_moves_since_you_looked_once(make_player: Callable[[str], Player]) -> None:
    runner = CliRunner()
    north, south = make_player("north"), make_player("south")
    n_env, s_env = {"PBEM_HOME": str(north.store.home)}, {"PBEM_HOME": str(south.store.home)}
    game = north.new_game("toy", {"rounds": 2}, join=True)["id"]
    south.join(game)
    first = runner.invoke(app, ["show", game], env=s_env)
    assert first.exit_code == 0, first.output
    assert "Since you looked" not in first.stdout  # nothing to tell on the first look
    moved = runner.invoke(app, ["move", game, "hide 2"], env=n_env)
    assert moved.exit_code == 0, moved.output
    shown = runner.invoke(app, ["show", game], env=s_env).stdout
    told = shown.split("Since you looked:", 1)
    assert len(told) == 2, shown
    assert "north" in told[1].splitlines()[1] and " moved " in told[1].splitlines()[1], shown
    assert told[0].strip() == ""  # above the board
    again = runner.invoke(app, ["show", game], env=s_env).stdout
    assert "Since you looked" not in again  # told once
    # north's own move, then south's answer: `pbem move` tells what came since north looked
    answered = runner.invoke(app, ["move", game, "throw"], env=s_env)
    assert answered.exit_code == 0, answered.output
    after = runner.invoke(app, ["show", game], env=n_env).stdout
    assert "Since you looked:" in after and "south" in after.split("Since you looked:", 1)[1], after


def test_a_long_absence_tells_the_newest_steps_and_points_to_the_log(make_player: Callable[[str], Player]) -> None:
    """After many steps the board stays on the screen: the newest steps only, and how many
    earlier ones the log holds, with the command that tells them."""
    import random

    import engines
    from client.commands.moving import SINCE_LIMIT
    from protocol.story import tell

    runner = CliRunner()
    north, south = make_player("north"), make_player("south")
    s_env = {"PBEM_HOME": str(south.store.home)}
    game = north.new_game("magier", {"blind": False}, join=True)["id"]
    south.join(game)
    assert runner.invoke(app, ["show", game], env=s_env).exit_code == 0  # south looks once
    seen = south.store.seen(game)
    rnd = random.Random(2)
    for _ in range(10):
        for p in (north, south):
            p.play_bot(game, "random", until_over=False, rng=rnd)
    shown = runner.invoke(app, ["show", game], env=s_env).stdout
    told = shown.split("Since you looked:\n", 1)[1].splitlines()
    entries = north.log(game)
    steps = len(entries) - 1 - seen  # every entry after the one south saw tells a step
    assert steps > SINCE_LIMIT
    assert told[0] == f"  ({steps - SINCE_LIMIT} earlier steps: pbem log {game} --from {seen + 1})", told[0]
    newest = tell(engines.get("magier"), entries, {0: "north", 1: "south"})[-1]
    assert told[SINCE_LIMIT] == f"  {newest}"  # the newest step is the last one told


def test_since_you_looked_tells_your_own_draws_and_only_counts_the_others(make_player: Callable[[str], Player]) -> None:
    """The reader's own private events (a cavemen draw) are told in words from their checked
    payloads; the opponent's stay "concealed events" (CV-18: identities are revealed at the end)."""
    import random

    runner = CliRunner()
    ada, bo = make_player("ada"), make_player("bo")
    env = {"PBEM_HOME": str(ada.store.home)}
    game = ada.new_game("cavemen", {}, join=True)["id"]
    bo.join(game)
    assert runner.invoke(app, ["show", game], env=env).exit_code == 0
    seen = ada.store.seen(game)
    rnd = random.Random(3)
    for _ in range(4):
        for p in (ada, bo):
            p.play_bot(game, "random", until_over=False, rng=rnd)
    shown = runner.invoke(app, ["show", game], env=env).stdout
    told = shown.split("Since you looked:\n", 1)[1]
    mine = [p for p in ada.store.evidence(game)["payloads"] if p["seq"] > seen]
    theirs = [p for p in bo.store.evidence(game)["payloads"] if p["seq"] > seen]
    assert mine and theirs
    assert told.count("(only you see this)") == len(mine), told
    assert "concealed event" in told  # bo's draws: counted, never told to ada
    import engines

    describe = engines.get("cavemen").describe_event  # type: ignore[attr-defined]
    own = [describe(q["event"]) for q in mine]
    for p in theirs:
        said = describe(p["event"])
        if said and said not in own:
            # a line of ada's may hold bo's words inside its own ("you draw Gutsy (5) and ..."):
            # only a line that none of ada's events explains would be bo's told to her
            leaked = [line for line in told.splitlines() if said in line and not any(o and o in line for o in own)]
            assert not leaked, (said, leaked)


def test_move_without_a_move_begins_with_since_you_looked(make_player: Callable[[str], Player]) -> None:
    """The README: `pbem show` and `pbem move` begin with what happened since you last looked;
    the mail says to list your moves with `pbem move GAME`. The list tells it above the moves,
    once, as `pbem show` does."""
    runner = CliRunner()
    north, south = make_player("north"), make_player("south")
    n_env, s_env = {"PBEM_HOME": str(north.store.home)}, {"PBEM_HOME": str(south.store.home)}
    game = north.new_game("toy", {"rounds": 2}, join=True)["id"]
    south.join(game)
    assert runner.invoke(app, ["show", game], env=s_env).exit_code == 0  # south looks once
    moved = runner.invoke(app, ["move", game, "hide 2"], env=n_env)
    assert moved.exit_code == 0, moved.output
    listed = runner.invoke(app, ["move", game], env=s_env)
    assert listed.exit_code == 0, listed.output
    told = listed.stdout.split("Since you looked:", 1)
    assert len(told) == 2 and told[0].strip() == "", listed.stdout  # first, above the list
    step = told[1].splitlines()[1]
    assert "north" in step and " moved " in step, listed.stdout
    assert "\n1. " in told[1], listed.stdout  # the numbered moves follow
    assert "Since you looked" not in runner.invoke(app, ["show", game], env=s_env).stdout  # told once
    as_json = runner.invoke(app, ["move", game, "--json"], env=s_env)
    assert as_json.exit_code == 0 and "Since you looked" not in as_json.stdout  # JSON stays JSON
