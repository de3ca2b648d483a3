"""The invitation's words (README "Mail", on `pbem invite`): the mail tells how to play once and calls the
seat kept for its reader kept for them, not "free"; `pbem invite` on a game that can take no
more players says why in the game's own terms (aborted, over, started).

Through the real server, the real command line and a real SMTP server (aiosmtpd).
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import LiveServer
from tests.e2e.test_invite_token import ZOE, cli, mailed, player
from tests.e2e.test_mail_e2e import Smtp


def test_the_invitation_mail_says_to_play_once_and_the_seat_is_kept_for_you(
    live_server: LiveServer, smtp: Smtp, tmp_path: Path
) -> None:
    carol = player(live_server, tmp_path, "carol", "carol@example.org")
    player(live_server, tmp_path, "bo", "bo@example.org")
    game = carol.new_game("toy", {}, seats=2, join=False)["id"]  # carol only creates: two seats to keep
    assert cli(carol.store.home, "invite", game, ZOE).exit_code == 0
    assert cli(carol.store.home, "invite", game, "bo").exit_code == 0
    [by_address] = mailed(live_server, smtp, ZOE)
    [by_name] = mailed(live_server, smtp, "bo@example.org")
    for mail, seat in ((by_address, 0), (by_name, 1)):
        text = mail.get_content()
        assert text.count("To play") == (1 if mail is by_address else 0), text  # the steps, once
        assert text.count("take the seat") <= 1 and text.count("Take it with") == (mail is by_name), text
        players = next(line for line in text.splitlines() if line.startswith("Players: "))
        assert f"seat {seat} (kept for you)" in players, players
        assert f"seat {seat} (free)" not in players, players
    # zoe was invited first: seat 1 was free then; bo's mail, after, shows zoe's seat kept, not free
    assert "seat 1 (free)" in next(line for line in by_address.get_content().splitlines() if line.startswith("Players: "))
    other = next(line for line in by_name.get_content().splitlines() if line.startswith("Players: "))
    assert "seat 0 (kept)" in other, other


def test_invite_to_an_aborted_or_finished_game_says_so(live_server: LiveServer, tmp_path: Path) -> None:
    carol = player(live_server, tmp_path, "carol", "carol@example.org")
    bo = player(live_server, tmp_path, "bo", "bo@example.org")
    player(live_server, tmp_path, "di", "di@example.org")
    aborted = carol.new_game("toy", {}, seats=2, join=True)["id"]
    assert cli(carol.store.home, "abort", aborted, "--yes").exit_code == 0
    for guest in ("di", ZOE):
        said = cli(carol.store.home, "invite", aborted, guest)
        assert said.exit_code == 1, said.output
        assert f"game {aborted} was aborted" in said.output and "already started" not in said.output, said.output
    over = carol.new_game("toy", {}, seats=2, join=True)["id"]
    bo.join(over)
    assert cli(carol.store.home, "resign", over, "--yes").exit_code == 0
    said = cli(carol.store.home, "invite", over, "di")
    assert said.exit_code == 1 and f"game {over} is over" in said.output, said.output


def test_join_of_an_aborted_game_says_it_was_aborted(live_server: LiveServer, tmp_path: Path) -> None:
    """`pbem join` of a game aborted before anyone else joined: "was aborted", not "started"."""
    carol = player(live_server, tmp_path, "carol", "carol@example.org")
    di = player(live_server, tmp_path, "di", "di@example.org")
    aborted = carol.new_game("toy", {}, seats=2, join=True)["id"]
    assert cli(carol.store.home, "abort", aborted, "--yes").exit_code == 0
    said = cli(di.store.home, "join", aborted)
    assert said.exit_code != 0, said.output
    assert f"game {aborted} was aborted" in said.output and "already started" not in said.output, said.output
    assert "Traceback" not in said.output and "TAMPERING" not in said.output, said.output
