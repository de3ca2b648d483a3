"""Versions (docs/PROTOCOL.md section 19): logs the real old code wrote audit with today's pbem, forever.

tests/corpus holds exports made by the code of old commits: their demo, or their own client,
server and sweeper driven by tests/corpus/play_old.py (running games, answers in advance,
resignations, an abort, timeouts, moves by email, and moves written otherwise than listed,
which the pbems before e28135c took). tests/corpus/README.md says which commit made each file
and how; manifest.json says what it is, what that commit's own audit said of it (`then`) and
the verdict today's must give. A finished log is PASS, a running one INCOMPLETE, the pbem-log/1
export of the first days UNSUPPORTED naming the last commit that read it: an honest log is
never FAIL. And FAIL stays FAIL for old versions: a rewritten old log fails at the entry
rewritten.
"""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from client.cli import app
from protocol.audit import audit

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
_MANIFEST = json.loads((CORPUS / "manifest.json").read_text())
MANIFEST: dict[str, dict[str, Any]] = _MANIFEST["files"]
# "engine version" -> why this pbem does not keep it: its logs are UNSUPPORTED, naming the version
UNKEPT: dict[str, str] = _MANIFEST["unkept"]
EXIT = {"PASS": 0, "INCOMPLETE": 3, "FAIL": 4, "UNSUPPORTED": 5}  # pbem audit's documented statuses
FIELDS = {"commit", "made", "how", "command", "wrote", "game", "label", "format", "engine", "version", "entries", "then", "verdict"}
# A small finished log of the release of 2026-11-30 (feuersalamander 3), tampered with below.
RELEASED = "8722713/feuersalamander-134b675e3e457ba4.json.gz"


def load(name: str) -> Any:
    """An export as its old pbem wrote it (the big ones gzipped here, byte for byte)."""
    raw = (CORPUS / name).read_bytes()
    return json.loads(gzip.decompress(raw) if name.endswith(".gz") else raw)


def on_disk(name: str, tmp_path: Path) -> Path:
    """The export as a plain file, as `pbem audit FILE` and `pbem replay FILE` read one."""
    path = tmp_path / Path(name).name.removesuffix(".gz")
    path.write_text(json.dumps(load(name)), encoding="utf-8")
    return path


def one_of_each(verdict: str) -> list[str]:
    """The shortest log of each (engine, version) with `verdict` that its bots played and wrote
    as listed (not `respelled`, not `aborted` before the start): the CLI runs on these."""
    best: dict[tuple[str, str], str] = {}
    for name, meta in MANIFEST.items():
        key = (meta["engine"], meta["version"])
        if meta["verdict"] == verdict and meta["how"] not in ("respelled", "aborted") and (key not in best or meta["entries"] < MANIFEST[best[key]]["entries"]):
            best[key] = name
    return sorted(best.values())


def pbem(*args: str) -> Any:
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output, result.output
    return result


def test_every_corpus_file_has_its_provenance() -> None:
    """No file in tests/corpus goes unaudited or without its commit and command: the manifest
    and the README name every export, and what the manifest says of it is what its genesis says."""
    files = {str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*.json*") if p.name != "manifest.json"}
    assert files == set(MANIFEST), f"in tests/corpus but not in manifest.json: {sorted(files - set(MANIFEST))}; gone: {sorted(set(MANIFEST) - files)}"
    readme = (CORPUS / "README.md").read_text(encoding="utf-8")
    for name, meta in MANIFEST.items():
        assert set(meta) == FIELDS, name
        assert name.split("/")[0] == meta["commit"][:7] and meta["commit"][:7] in readme and name in readme, name
        data = load(name)
        genesis = data["entries"][0]["body"]
        assert (data["format"], data["game"], len(data["entries"])) == (meta["format"], meta["game"], meta["entries"]), name
        assert (genesis["engine"], genesis["engine_version"]) == (meta["engine"], meta["version"]), name
        # what the commit's own audit said then is what today's must say, but for a format gone
        # or a version the manifest says is not kept (and why)
        over = any(e["type"] == "reveal" for e in data["entries"])
        gone = meta["format"] != "pbem-log/2" or f"{meta['engine']} {meta['version']}" in UNKEPT
        expected = "UNSUPPORTED" if gone else meta["then"]
        assert meta["then"] == ("PASS" if over else "INCOMPLETE"), name
        assert meta["verdict"] == expected, name


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_an_old_log_gets_its_verdict_today(name: str) -> None:
    """Every finished log the old code wrote is PASS with today's audit, every running one
    INCOMPLETE, the pbem-log/1 export UNSUPPORTED naming 979a601 (and a log of a version the
    manifest lists as not kept UNSUPPORTED naming it): never FAIL."""
    meta = MANIFEST[name]
    verdict = audit(load(name))
    assert verdict.word == meta["verdict"], f"{name}: {verdict.word}: {verdict.reason}"
    if verdict.word == "UNSUPPORTED" and meta["format"] == "pbem-log/1":
        assert "979a601" in verdict.reason and "pbem-log/1" in verdict.reason, verdict.reason
    elif verdict.word == "UNSUPPORTED":
        assert f"{meta['engine']} version {meta['version']}" in verdict.reason, verdict.reason


@pytest.mark.parametrize(
    "name", one_of_each("PASS") + one_of_each("INCOMPLETE") + one_of_each("UNSUPPORTED")
)
def test_pbem_audit_of_an_old_log_exits_with_its_verdict(name: str, tmp_path: Path) -> None:
    """The real CLI on one log of each (engine, version): exit 0 for PASS, 3 for INCOMPLETE, 5
    for UNSUPPORTED, the verdict's word first."""
    expected = MANIFEST[name]["verdict"]
    result = pbem("audit", str(on_disk(name, tmp_path)))
    assert result.exit_code == EXIT[expected], f"{name}: exit {result.exit_code}: {result.output[:500]}"
    assert result.output.startswith(f"{expected}: "), result.output[:500]


def newest(name: str) -> bool:
    """Whether the log's version is the newest its engine has in the corpus (today's: its own
    tests replay it)."""
    meta = MANIFEST[name]
    ours = [int(m["version"]) for m in MANIFEST.values() if m["engine"] == meta["engine"] and m["format"] == "pbem-log/2"]
    return int(meta["version"]) == max(ours)


@pytest.mark.parametrize("name", [n for n in one_of_each("PASS") if not newest(n)])
def test_pbem_replay_steps_through_an_old_finished_log(name: str, tmp_path: Path) -> None:
    """`pbem replay FILE --at N` shows a position of an old finished game of each old version,
    replayed with the rules its genesis names (here the middle of the game)."""
    at = MANIFEST[name]["entries"] // 2
    result = pbem("replay", str(on_disk(name, tmp_path)), "--at", str(at))
    assert result.exit_code == 0, f"{name}: exit {result.exit_code}: {result.output[:500]}"
    assert f"after entry {at} of {MANIFEST[name]['entries'] - 1}" in result.output, result.output[:500]


def tampered(where: str) -> tuple[dict[str, Any], int]:
    """RELEASED with one thing rewritten: (the log, the entry rewritten)."""
    data = copy.deepcopy(load(RELEASED))
    entries = data["entries"]
    if where == "move":  # a move played as another seat's move of the same kind
        moves = [e for e in entries if e["type"] == "move"]
        first = moves[0]
        other = next(e for e in moves if e["body"]["envelope"]["move"] != first["body"]["envelope"]["move"])
        first["body"]["envelope"]["move"] = copy.deepcopy(other["body"]["envelope"]["move"])
        return data, first["seq"]
    if where == "result":  # the reveal names another winner
        reveal = entries[-1]
        assert reveal["type"] == "reveal"
        reveal["body"]["result"]["winner"] = (reveal["body"]["result"]["winner"] + 1) % 3
        return data, reveal["seq"]
    # the genesis names another rules version than the one it was played with
    entries[0]["body"]["engine_version"] = "4"
    return data, 0


@pytest.mark.parametrize("where", ["move", "result", "version"])
def test_a_rewritten_old_log_still_fails_at_the_entry_rewritten(where: str, tmp_path: Path) -> None:
    """FAIL stays FAIL for an old version: the release's log with a move, its result or its
    genesis's engine version rewritten FAILs at that entry (exit 4), not UNSUPPORTED or PASS."""
    assert audit(load(RELEASED)).word == "PASS"  # the untouched log is honest
    data, seq = tampered(where)
    verdict = audit(data)
    assert (verdict.word, verdict.entry) == ("FAIL", seq), verdict.to_json()
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = pbem("audit", str(path))
    assert result.exit_code == EXIT["FAIL"], result.output[:500]
    assert result.output.startswith(f"FAIL: entry {seq}: "), result.output[:500]
