"""`pbem audit`'s line of what it counted says "1 entry", "1 commitment", "1 move replayed" for
one and the plural otherwise, as the /audit page counts (server/web/static/audit_page.js)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

import engines
from client.cli import app
from client.commands.checks import counts_words
from tests.protocol.ledger import Ledger, random_policy


def test_one_of_each_is_said_in_the_singular() -> None:
    ones = {"entries": 1, "signatures": 1, "commitments": 1, "moves": 1}
    assert counts_words(ones) == "1 entry, 1 signature, 1 commitment, 1 move replayed"
    twos = {"entries": 2, "signatures": 2, "commitments": 2, "moves": 2}
    assert counts_words(twos) == "2 entries, 2 signatures, 2 commitments, 2 moves replayed"
    assert counts_words({}) == "0 entries, 0 signatures, 0 commitments, 0 moves replayed"


def test_the_audit_line_of_a_real_export_counts_in_words(tmp_path: Path) -> None:
    ledger = Ledger("counts", engine=engines.get("magier"), game="g-counts", options={"move_limit": 2}).play(random_policy)
    path = tmp_path / "log.json"
    path.write_text(json.dumps(ledger.export()))
    result = CliRunner().invoke(app, ["audit", str(path)], env={"PBEM_HOME": str(tmp_path / "home")})
    assert result.exit_code == 0, result.output
    said = re.search(r"game g-counts \(magier\): (.*?)(;|$)", result.output, re.M)
    assert said is not None, result.output
    for n, noun in re.findall(r"(\d+) (\w+)", said[1]):
        assert (noun in ("entry", "signature", "commitment", "move")) == (n == "1"), said[1]
