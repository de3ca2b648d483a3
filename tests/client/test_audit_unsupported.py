"""`pbem audit`, `pbem replay` and `pbem log --at` on logs this pbem cannot check: a real export
whose genesis, signed again with the server's key, names an engine version this pbem does not
ship; an export in the first days' format (pbem-log/1); an entry type this pbem does not know.
Each is UNSUPPORTED (exit 5, `--json` says so), naming what is missing and which pbem can check
it: it proves no inconsistency, so it must not be FAIL (exit 4), the verdict that accuses the
server of cheating. A malformed value inside the known format is still FAIL."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import engines
from client.cli import app
from protocol.entries import FORMAT
from tests.protocol.ledger import Ledger, export_of, random_policy, reseal

GAME = "g-unsupported"


@pytest.fixture(scope="module")
def honest() -> tuple[Ledger, dict[str, Any]]:
    ledger = Ledger("unsupported", engine=engines.get("magier"), game=GAME).play(random_policy)
    return ledger, ledger.export()


def pbem(tmp_path: Path, *args: str) -> Any:
    result = CliRunner().invoke(app, list(args), env={"PBEM_HOME": str(tmp_path / "home")})
    assert "Traceback" not in result.output, result.output
    return result


def write(tmp_path: Path, data: dict[str, Any], name: str = "log.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def changed(ledger: Ledger, export: dict[str, Any], seq: int, change: Any) -> dict[str, Any]:
    """The export as a server holding the key would sign it with entry `seq` changed."""
    entries = copy.deepcopy(export["entries"])
    change(entries[seq])
    return export_of(reseal(entries, seq, ledger.server_key), GAME)


_KEPT = list(engines.versions("magier"))
KNOWN = f"version{'s' if len(_KEPT) > 1 else ''} {', '.join(_KEPT)}"  # every magier version this pbem keeps


def version(value: Any) -> Any:
    return lambda entry: entry["body"].update(engine_version=value)


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("0", [f"made with magier version 0; this pbem knows {KNOWN}", "does not keep version 0", "use the pbem that made the game"]),
        ("7", [f"made with magier version 7; this pbem knows {KNOWN}", "newer than this pbem: upgrade pbem"]),
    ],
)
def test_an_engine_version_this_pbem_lacks_is_unsupported(
    honest: tuple[Ledger, dict[str, Any]], tmp_path: Path, value: str, words: list[str]
) -> None:
    """A log an honest release of another magier version made (its players signed that genesis):
    this pbem cannot replay it, and says so, never FAIL."""
    path = write(tmp_path, made_with(value))
    shown = pbem(tmp_path, "audit", path)
    assert shown.exit_code == 5, shown.output
    assert shown.stdout.startswith("UNSUPPORTED: entry 0: "), shown.stdout
    for word in words:
        assert word in shown.stdout, shown.stdout
    verdict = json.loads(pbem(tmp_path, "audit", path, "--json").stdout)
    assert verdict["verdict"] == "UNSUPPORTED" and verdict["supported"] is False and verdict["entry"] == 0
    assert verdict["ok"] is False and verdict["complete"] is False
    replayed = pbem(tmp_path, "replay", path)
    assert replayed.exit_code == 5 and "UNSUPPORTED" in replayed.stderr and "FAIL" not in replayed.stderr, replayed.output


def made_with(value: str) -> dict[str, Any]:
    """The export of a game played from its start by a pbem whose magier is version `value`."""
    engine = engines.get("magier")
    engine.version = value  # type: ignore[misc]  # this instance only, for the game's whole life
    try:
        return Ledger(f"unsupported-{value}", engine=engine, game=GAME).play(random_policy).export()
    finally:
        del engine.version  # type: ignore[misc]  # the class's own version again


def test_a_genesis_re_signed_with_another_version_is_still_fail(
    honest: tuple[Ledger, dict[str, Any]], tmp_path: Path
) -> None:
    """A server that rewrites an honest genesis to name another version, and signs the log again,
    cannot hide behind UNSUPPORTED: every join is signed over the genesis's hash, which needs no
    rules to check, so the audit FAILs at the first join."""
    ledger, export = honest
    shown = pbem(tmp_path, "audit", write(tmp_path, changed(ledger, export, 0, version("0"))))
    assert shown.exit_code == 4 and shown.stdout.startswith("FAIL: entry 1: "), shown.stdout


def test_the_honest_export_passes(honest: tuple[Ledger, dict[str, Any]], tmp_path: Path) -> None:
    assert pbem(tmp_path, "audit", write(tmp_path, honest[1])).exit_code == 0


def test_a_pbem_log_1_export_names_the_last_commit_that_read_it(
    honest: tuple[Ledger, dict[str, Any]], tmp_path: Path
) -> None:
    old = {**copy.deepcopy(honest[1]), "format": "pbem-log/1"}
    for entry in old["entries"]:
        entry["v"] = 1
    shown = pbem(tmp_path, "audit", write(tmp_path, old))
    assert shown.exit_code == 5, shown.output
    assert "UNSUPPORTED: the log: a pbem-log/1 export" in shown.stdout
    assert "the pbem of commit 979a601, the last that read pbem-log/1" in shown.stdout


def test_an_entry_type_this_pbem_does_not_know_is_unsupported(tmp_path: Path) -> None:
    """A newer server's log: an entry of a type this pbem does not know, signed by the server,
    and the players' moves after it signed over it. Nothing is proven wrong: UNSUPPORTED there."""
    ledger = Ledger("unknown-type", engine=engines.get("magier"), game=GAME).begin().play_moves(random_policy, limit=6)
    seq = ledger._append("wager", {"stake": 1})["seq"]
    ledger.play_moves(random_policy).reveal()
    shown = pbem(tmp_path, "audit", write(tmp_path, ledger.export()), "--json")
    assert shown.exit_code == 5, shown.output
    verdict = json.loads(shown.stdout)
    assert verdict["verdict"] == "UNSUPPORTED" and verdict["entry"] == seq and "'wager'" in verdict["reason"]
    assert "does not know: audit it with a newer pbem" in verdict["reason"]


def test_an_entry_retyped_in_a_rewritten_history_is_still_fail(
    honest: tuple[Ledger, dict[str, Any]], tmp_path: Path
) -> None:
    """A server that rewrites an entry into a type this pbem does not know and signs the log
    again is still caught: the next move its player signed names the old entry's hash."""
    ledger, export = honest
    seq = next(e["seq"] for e in export["entries"] if e["type"] == "move") + 2
    shown = pbem(tmp_path, "audit", write(tmp_path, changed(ledger, export, seq, lambda e: e.update(type="wager"))))
    assert shown.exit_code == 4, shown.output
    assert shown.stdout.startswith(f"FAIL: entry {seq + 1}: the signed envelope is for another place"), shown.stdout


def test_a_fault_before_the_unknown_entry_is_still_fail(
    honest: tuple[Ledger, dict[str, Any]], tmp_path: Path
) -> None:
    """An entry this pbem does not know stops the replay, not the checks before it."""
    ledger, export = honest
    seq = next(e["seq"] for e in export["entries"] if e["type"] == "move")
    entries = copy.deepcopy(export["entries"])
    entries[seq + 3]["type"] = "wager"
    entries[seq]["body"]["envelope"]["move"] = {"type": "pass"}
    shown = pbem(tmp_path, "audit", write(tmp_path, export_of(reseal(entries, seq, ledger.server_key), GAME)))
    assert shown.exit_code == 4 and shown.stdout.startswith(f"FAIL: entry {seq}: "), shown.stdout


@pytest.mark.parametrize(
    ("seq", "change", "words"),
    [
        (0, version(2), "names no engine and engine version"),  # a number where a string belongs
        (0, lambda e: e["body"].update(engine=["magier"]), "names no engine"),
        (1, lambda e: e.update(type=3), "has no entry type"),
    ],
)
def test_a_malformed_value_in_the_known_format_is_still_fail(
    honest: tuple[Ledger, dict[str, Any]], tmp_path: Path, seq: int, change: Any, words: str
) -> None:
    ledger, export = honest
    shown = pbem(tmp_path, "audit", write(tmp_path, changed(ledger, export, seq, change)))
    assert shown.exit_code == 4, shown.output
    assert shown.stdout.startswith(f"FAIL: entry {seq}: ") and words in shown.stdout, shown.stdout


def test_an_export_with_no_format_is_still_fail(tmp_path: Path) -> None:
    shown = pbem(tmp_path, "audit", write(tmp_path, {"game": GAME, "entries": []}))
    assert shown.exit_code == 4 and f"not a {FORMAT} export (no format named)" in shown.stdout
