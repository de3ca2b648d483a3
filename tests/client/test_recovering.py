"""The secrets of a seat's own moves learnt back from boxes sealed to its key (PROTOCOL 7a and
11a; client/player/recovering.py): kept only when they open the log's commitment, opened with
the home's key or a retired one, and from a handover to the home's key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from client.player.key_words import key_pem
from client.player.recovering import recover
from client.store import Store
from protocol.commitments import TAG_SECRET, commit
from protocol.keys import SigningKey
from protocol.seat_secrets import seal, secret_salt

GAME = "0123456789abcdef"


def placement(key: SigningKey, seq: int, value: int, seat: int = 0, sealed: str | None = None) -> dict[str, Any]:
    """A move entry of `seat` whose envelope commits to a wisdom and seals it to `key`."""
    secret = {"value": value}
    salt = secret_salt(key, GAME, seq)
    env = {"game": GAME, "seq": seq, "seat": seat, "secret_commit": commit(TAG_SECRET, secret, salt),
           "sealed": sealed if sealed is not None else seal(key, GAME, seq, {"secret": secret, "salt": salt})}
    return {"seq": seq, "type": "move", "game": GAME, "body": {"seat": seat, "envelope": env, "sig": "00"}}


def home(tmp_path: Path, key: SigningKey) -> Store:
    store = Store(tmp_path / "home")
    store.home.mkdir()
    (store.home / "key.pem").write_bytes(key_pem(key))
    return store


def never() -> list[dict[str, Any]]:
    raise AssertionError("the whole log is not needed here")


def test_a_sealed_move_of_the_seat_is_learnt_once_and_checked(tmp_path: Path) -> None:
    key = SigningKey.generate()
    store = home(tmp_path, key)
    entries = [placement(key, 5, 3), placement(key, 7, 4, seat=1)]
    assert recover(store, GAME, {"seat": 0}, entries, 5, never) == 1
    (record,) = store.secrets(GAME)
    assert record["seq"] == 5 and record["secret"] == {"value": 3}
    assert record["commit"] == entries[0]["body"]["envelope"]["secret_commit"]
    assert recover(store, GAME, {"seat": 0}, entries, 5, never) == 1  # marked as logged once
    assert store.secrets(GAME)[0]["logged"] is True
    assert recover(store, GAME, {"seat": 0}, entries, 5, never) == 0
    store.drop_secret(GAME, 5, record["commit"])  # a refusal of the other home's copy: kept
    assert len(store.secrets(GAME)) == 1


def test_a_box_that_opens_to_another_secret_or_not_at_all_is_not_kept(tmp_path: Path) -> None:
    key, other = SigningKey.generate(), SigningKey.generate()
    store = home(tmp_path, key)
    lying = placement(key, 5, 3, sealed=seal(key, GAME, 5, {"secret": {"value": 9}, "salt": secret_salt(key, GAME, 5)}))
    elsewhere = placement(key, 6, 3, sealed=seal(key, GAME, 8, {"secret": {"value": 3}, "salt": secret_salt(key, GAME, 6)}))
    foreign = placement(other, 7, 3)
    assert recover(store, GAME, {"seat": 0}, [lying, elsewhere, foreign], 5, never) == 0
    assert store.secrets(GAME) == []
    assert recover(store, GAME, {"seat": None}, [placement(key, 5, 3)], 5, never) == 0  # a spectator


def test_a_retired_key_opens_what_was_sealed_to_it(tmp_path: Path) -> None:
    old, new = SigningKey.generate(), SigningKey.generate()
    store = home(tmp_path, new)
    (store.home / "retired").mkdir()
    (store.home / "retired" / f"{old.public_hex}.pem").write_bytes(key_pem(old))
    assert recover(store, GAME, {"seat": 0}, [placement(old, 5, 2)], 5, never) == 1


def test_a_handover_to_the_home_key_gives_the_records_it_reseals(tmp_path: Path) -> None:
    """The new key's home opens `resealed` and keeps each record that opens a commitment of the
    seat in the whole log (fetched when the sync began later than entry 0)."""
    old, new = SigningKey.generate(), SigningKey.generate()
    store = home(tmp_path, new)
    moves = [placement(old, 3, 1), placement(old, 4, 2)]
    records = []
    for m in moves:
        env = m["body"]["envelope"]
        salt = secret_salt(old, GAME, m["seq"])
        records.append({"commit": env["secret_commit"], "secret": {"value": m["seq"] - 2}, "salt": salt})
    records.append({"commit": "ab" * 32, "secret": {"value": 5}, "salt": "00" * 32})  # no such commitment
    bad = dict(records[1], secret={"value": 9})  # does not open its commitment
    resealed = seal(new, GAME, 0, [records[0], bad, records[2]], purpose="handover")
    handover = {"seq": 9, "type": "handover", "game": GAME,
                "body": {"seat": 0, "old": old.public_hex, "new": new.public_hex, "resealed": resealed, "sig": "00"}}
    assert recover(store, GAME, {"seat": 0}, [handover], 9, lambda: [*moves, handover]) == 1
    assert [(r["seq"], r["secret"]) for r in store.secrets(GAME)] == [(3, {"value": 1})]
    elsewhere = dict(handover, body={**handover["body"], "new": old.public_hex})
    assert recover(store, GAME, {"seat": 0}, [elsewhere], 9, never) == 0  # not to this home's key
