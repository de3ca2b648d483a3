"""`pbem-server outbox`: its first line counts the whole outbox, so the line after it says
which rows follow (all of them, or only the newest --limit of them), so that an operator
reading "8 waiting" above fifty rows is not left to count which of them are the eight."""

from __future__ import annotations

import os
import secrets

import pytest
from flask import Flask

from server.cli import main as server_main
from tests.server.conftest import Caller


def _two_mails_waiting(app: Flask, monkeypatch: pytest.MonkeyPatch) -> str:
    """A started toy game: a "start" mail and a "turn" mail wait in the outbox."""
    client = app.test_client()
    north, south = Caller(client), Caller(client)
    north.account("north")
    south.account("south")
    body = {"engine": "toy", "options": {"rounds": 2}, "seats": 2, "request_id": secrets.token_hex(8)}
    resp = north.call("POST", "/v1/games", body)
    assert resp.status_code == 201, resp.get_json()
    game = resp.get_json()["id"]
    north.join(game, 0, "north")
    south.join(game, 1, "south")
    for name in [k for k in os.environ if k.startswith("PBEM_SMTP_")]:
        monkeypatch.delenv(name)
    data_dir = app.config["DATA_DIR"]
    monkeypatch.setenv("PBEM_DATA_DIR", data_dir)  # restored after the test (the command sets it)
    return data_dir


def test_outbox_says_which_rows_it_lists_under_its_counts(
    sqlite_app: Flask, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir = _two_mails_waiting(sqlite_app, monkeypatch)

    assert server_main(["outbox", "--data-dir", data_dir]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "outbox: 2 waiting, 0 sent, 0 failed"
    assert lines[1] == "all 2 rows, oldest first:" and len(lines) == 4

    assert server_main(["outbox", "--data-dir", data_dir, "--limit", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "outbox: 2 waiting, 0 sent, 0 failed"
    assert lines[1] == "the newest 1 of 2 rows (--limit 0 lists all):" and len(lines) == 3
    assert lines[2].split()[:2] == ["2", "pending"], "the newest row, id 2"

    assert server_main(["outbox", "--data-dir", data_dir, "--status", "pending", "--limit", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "the newest 1 of 2 pending rows (--limit 0 lists all):" and len(lines) == 3

    assert server_main(["outbox", "--data-dir", data_dir, "--status", "failed"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:] == ["no failed rows"]
