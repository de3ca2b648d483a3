"""The local home: where it is, what it holds, and that secrets stay owner-only."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import platformdirs
import pytest

from client.store import HOME_ENV, Store, StoreError, default_home
from protocol.keys import TAG_MOVE, verify


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_home_is_pbem_home_else_the_platform_config_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "h"))
    assert default_home() == tmp_path / "h"
    assert Store().home == tmp_path / "h"
    monkeypatch.delenv(HOME_ENV)
    assert default_home() == Path(platformdirs.user_config_dir("pbem"))


def test_key_is_created_once_mode_0600_and_loads_back(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    assert not store.has_key()
    key = store.create_key()
    assert mode(store.key_path) == 0o600
    assert store.key().public_hex == key.public_hex
    sig = store.key().sign(TAG_MOVE, b"x")
    assert verify(key.public_hex, TAG_MOVE, b"x", sig)
    with pytest.raises(StoreError, match="it is your account"):
        store.create_key()
    assert store.key().public_hex == key.public_hex


def test_every_file_is_owner_only_and_written_whole(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.save_config({"server": "http://x", "name": "a", "email": "a@example.org"})
    store.save_receipt("g1", {"seq": 3, "hash": "ab" * 32, "server_key": "cd" * 32})
    store.add_secret("g1", {"seq": 5, "secret": {"value": 2}, "salt": "00" * 32, "commit": "c1"})
    for path in (store.config_path, store.receipt_path("g1"), store.evidence_path("g1")):
        assert mode(path) == 0o600, path
    assert store.config()["name"] == "a"
    assert store.receipt("g1")["seq"] == 3
    assert store.receipt("other") is None
    # no temp files left behind
    leftovers = [p.name for p in store.home.rglob("*") if p.name.startswith(".")]
    assert leftovers == []


def test_secrets_are_kept_then_dropped_only_for_refused_moves(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.add_secret("g", {"seq": 5, "secret": 1, "salt": "aa", "commit": "c5"})
    store.add_secret("g", {"seq": 7, "secret": 2, "salt": "bb", "commit": "c7"})
    store.drop_secret("g", 7, "not-this-one")
    assert [s["seq"] for s in store.evidence("g")["secrets"]] == [5, 7]
    store.drop_secret("g", 7, "c7")
    assert [s["seq"] for s in store.evidence("g")["secrets"]] == [5]


def test_broken_files_and_odd_game_ids_are_clear_errors(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.receipt_path("g").parent.mkdir(parents=True)
    store.receipt_path("g").write_text("{not json")
    with pytest.raises(StoreError, match="not valid JSON"):
        store.receipt("g")
    for bad in ("../x", "a/b", "", ".hidden"):
        with pytest.raises(StoreError, match="not a usable game id"):
            store.receipt_path(bad)
    store.key_path.write_text("not a key")
    with pytest.raises(StoreError, match="cannot read key"):
        store.key()


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_home_is_a_clear_error(tmp_path: Path) -> None:
    home = tmp_path / "ro"
    home.mkdir()
    home.chmod(0o500)
    try:
        with pytest.raises(StoreError, match="cannot write"):
            Store(home).save_config({})
    finally:
        home.chmod(0o700)
