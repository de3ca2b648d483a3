"""End to end over real HTTP: two players play `magier` with the client, then audit the export.

Everything runs for real: the Flask server on loopback (tests/conftest.py),
client.play Players with their own homes, bots choosing from each seat's view,
the offline auditor. The second half attacks the result: an export changed
anywhere it is signed must FAIL naming the entry, and a server that misbehaves
(stale, out of turn, illegal, forged, forked, tampered) must be refused or
caught loudly.
"""

from __future__ import annotations

import copy
import json
import random
import secrets
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from typer.testing import CliRunner

from client.api import Api, ApiError
from client.cli import app
from client.play import ClientError, Player
from client.verify import ForkError, TamperError
from protocol.audit import audit
from protocol.auth import HEADER_SIG, sign_request
from protocol.entries import entry_hash, entry_signed_by, seal
from protocol.keys import SigningKey
from tests.conftest import LiveServer, serve

pytest.importorskip("engines.magier")

OPTIONS = {"move_limit": 4}


def play_out(game: str, players: list[Player], seed: int = 7) -> int:
    """Drive every seat with its random bot from one thread until nobody can move."""
    rnd = random.Random(seed)
    total = 0
    while True:
        made = sum(p.play_bot(game, "random", until_over=False, rng=rnd) for p in players)
        total += made
        if made == 0:
            return total


@pytest.fixture
def started(make_player: Callable[[str], Player]) -> tuple[Player, Player, str]:
    alice, bob = make_player("alice"), make_player("bob")
    game = alice.new_game("magier", OPTIONS, join=True)["id"]
    summary = bob.join(game)
    assert summary["status"] == "running"
    return alice, bob, game


@pytest.fixture
def finished(
    started: tuple[Player, Player, str], tmp_path: Path
) -> tuple[Player, Player, str, dict[str, Any]]:
    alice, bob, game = started
    made = play_out(game, [alice, bob])
    assert made >= 14  # every wisdom placed, then at least some magician moves
    export = alice.export(game, tmp_path / "game.json")
    return alice, bob, game, export


@pytest.fixture(scope="module")
def finished_export(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], SigningKey]:
    """One whole game's export and the server's key, shared by the tests that only forge copies of it.
    Not blind, so that its reveal holds salts to tamper with (blind games: tests/e2e/test_blind_e2e.py)."""
    root = tmp_path_factory.mktemp("magier-export")
    with serve(root / "server") as server:
        alice, bob = Player(root / "alice"), Player(root / "bob")
        alice.init_account(server.url, "alice", "alice@example.org")
        bob.init_account(server.url, "bob", "bob@example.org")
        game = alice.new_game("magier", {**OPTIONS, "blind": False}, join=True)["id"]
        bob.join(game)
        play_out(game, [alice, bob], seed=11)
        export = bob.export(game)
    assert audit(export).word == "PASS"
    return export, SigningKey.load(server.data_dir / "server_key.pem")


# -- the honest game -----------------------------------------------------------------------------


def test_whole_game_exports_and_audits_pass(
    finished: tuple[Player, Player, str, dict[str, Any]], tmp_path: Path
) -> None:
    alice, bob, game, export = finished
    shown = alice.show(game)
    assert shown["status"] == "over" and shown["result"] is not None
    kinds = [e["type"] for e in export["entries"]]
    assert kinds[:4] == ["genesis", "join", "join", "start"] and kinds[-1] == "reveal"
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.reason
    assert verdict.result == shown["result"]
    # Both players' receipts hold the final head; alice's file on disk is the same export.
    for player in (alice, bob):
        receipt = player.store.receipt(game)
        assert receipt["seq"] == len(export["entries"]) - 1
        assert receipt["hash"] == entry_hash(export["entries"][-1])
    assert json.loads((tmp_path / "game.json").read_text()) == export
    # A blind game (the default): each player kept its own concealed placements (secret
    # + salt); the server never had them, so the final reveal lists none, and every wisdom that
    # burnt was opened by its owner's signed reveal move with exactly the kept value and salt.
    assert export["entries"][-1]["body"]["secrets"] == []
    opened = {
        item["commit"]: item
        for e in export["entries"]
        if e["type"] == "move" and e["body"]["envelope"]["move"]["type"] == "reveal"
        for item in e["body"]["envelope"]["move"]["secrets"]
    }
    for player, seat in ((alice, 0), (bob, 1)):
        kept = player.store.evidence(game)["secrets"]
        assert len(kept) == 7
        for record in kept:
            assert record["envelope"]["seat"] == seat
            if record["commit"] in opened:
                assert opened[record["commit"]]["secret"] == record["secret"]
                assert opened[record["commit"]]["salt"] == record["salt"]


def test_blind_false_game_keeps_todays_reveal(make_player: Callable[[str], Player]) -> None:
    """`blind: false` is the behaviour before blind games: the server holds every placement's
    value and salt until the game ends, and the final reveal lists all 14."""
    alice, bob = make_player("alice"), make_player("bob")
    game = alice.new_game("magier", {**OPTIONS, "blind": False}, join=True)["id"]
    bob.join(game)
    play_out(game, [alice, bob], seed=3)
    export = alice.export(game)
    assert audit(export).word == "PASS"
    revealed = export["entries"][-1]["body"]["secrets"]
    assert len(revealed) == 14
    kept = {r["seq"]: r for p in (alice, bob) for r in p.store.evidence(game)["secrets"]}
    assert all(kept[r["seq"]]["secret"] == r["secret"] for r in revealed)


def test_two_bots_polling_in_parallel_finish_the_game(started: tuple[Player, Player, str]) -> None:
    """As `pbem bot` in two terminals: each polls and moves while the other's moves land."""
    alice, bob, game = started
    errors: list[BaseException] = []

    def run(player: Player, seed: int) -> None:
        try:
            player.play_bot(game, "random", poll=0.005, rng=random.Random(seed))
        except BaseException as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(p, i)) for i, p in enumerate((alice, bob))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    assert alice.show(game)["status"] == "over"
    assert audit(alice.export(game)).word == "PASS"


def test_bob_cannot_see_alices_concealed_values_before_the_end(
    started: tuple[Player, Player, str],
) -> None:
    alice, bob, game = started
    st = alice.state(game)
    move = next(m for m in alice.moves(game)["moves"] if m["move"].get("value") == -1)["move"]
    alice.submit(st, move)
    mine = json.dumps(alice.show(game)["view"])
    theirs = json.dumps(bob.show(game)["view"])
    log = json.dumps(bob.log(game))
    assert mine != theirs
    # The value -1 travels only as a salted commitment until the reveal.
    entry = bob.log(game)[-1]
    assert entry["body"]["envelope"]["move"] == {"type": "place", "cell": move["cell"]}
    assert entry["body"]["envelope"]["secret_commit"]
    assert '"value"' not in log


# -- tampering with the export: FAIL, naming the entry -------------------------------------------------


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list) and value:
        for i, item in enumerate(value):
            yield from _leaves(item, (*path, i))
    else:
        yield path


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _set(value: Any, path: tuple[Any, ...], new: Any) -> None:
    for step in path[:-1]:
        value = value[step]
    value[path[-1]] = new


def _changed(old: Any) -> Any:
    """A different value of the same kind: one character, one unit, one flip."""
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return old + 1
    if isinstance(old, str):
        if not old:
            return "x"
        last = old[-1]
        return old[:-1] + ("0" if last != "0" else "1")
    if old is None:
        return 0
    return None  # an empty list or dict


def test_any_changed_value_in_any_entry_fails_naming_that_entry(
    finished_export: tuple[dict[str, Any], SigningKey],
) -> None:
    export = finished_export[0]
    paths = list(_leaves(export["entries"]))
    assert len(paths) > 200
    for path in paths:
        forged = copy.deepcopy(export)
        _set(forged["entries"], path, _changed(_get(export["entries"], path)))
        verdict = audit(forged)
        assert verdict.word == "FAIL", path
        assert verdict.entry == path[0], (path, verdict.reason)
        assert f"entry {path[0]}" in verdict.reason


def _named(export: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """The signed parts the brief names: a move, an event, a signature, the seed, a salt."""
    entries = export["entries"]
    move_seq = next(e["seq"] for e in entries if e["type"] == "move")
    event_seq = next(e["seq"] for e in entries if e["type"] == "move" and e["body"]["events"])
    return {
        "a move": (move_seq, "body", "envelope", "move", "cell"),
        "an event": (event_seq, "body", "events", 0, "kind"),
        "a server signature": (move_seq, "sig"),
        "a player signature": (move_seq, "body", "sig"),
        "the seed": (len(entries) - 1, "body", "server_seed"),
        "a salt": (len(entries) - 1, "body", "secrets", 0, "salt"),
        "a state commitment": (move_seq, "body", "state"),
        "the seed commitment": (0, "body", "seed_commit"),
    }


def test_named_signed_parts_fail_even_when_the_server_re_signs(
    finished_export: tuple[dict[str, Any], SigningKey],
) -> None:
    """A dishonest server holds its key and can re-seal the chain; the replay still catches it."""
    export, server_key = finished_export
    for what, path in _named(export).items():
        forged = copy.deepcopy(export)
        _set(forged["entries"], path, _changed(_get(export["entries"], path)))
        plain = audit(forged)
        assert plain.word == "FAIL" and plain.entry == path[0], (what, plain.reason)
        if what == "a server signature":
            continue  # re-signing is exactly what repairs that one
        # Now re-link and re-sign every entry from the changed one on, as a server could.
        entries = forged["entries"]
        for i in range(path[0], len(entries)):
            body = {k: v for k, v in entries[i].items() if k != "sig"}
            if i > 0:
                body["prev"] = entry_hash(entries[i - 1])
            entries[i] = seal(body, server_key)
        resealed = audit(forged)
        assert resealed.word == "FAIL", (what, resealed.reason)
        assert resealed.entry is not None and f"entry {resealed.entry}" in resealed.reason


def test_reordered_or_missing_entries_fail_naming_the_position(
    finished_export: tuple[dict[str, Any], SigningKey],
) -> None:
    export = finished_export[0]
    n = len(export["entries"])
    for i in (1, 4, n // 2, n - 2):
        swapped = copy.deepcopy(export)
        swapped["entries"][i], swapped["entries"][i + 1] = (
            swapped["entries"][i + 1],
            swapped["entries"][i],
        )
        verdict = audit(swapped)
        assert verdict.word == "FAIL" and verdict.entry == i, verdict.reason
        assert "missing or out of order" in verdict.reason
    for i in (1, 3, n // 2, n - 1):
        missing = copy.deepcopy(export)
        del missing["entries"][i]
        verdict = audit(missing)
        if i < n - 1:
            assert verdict.word == "FAIL" and verdict.entry == i and f"entry {i}" in verdict.reason
        else:  # without its reveal the log reads as unfinished: never PASS
            assert verdict.word == "INCOMPLETE", verdict.reason


def test_unfinished_export_is_incomplete_not_pass(started: tuple[Player, Player, str]) -> None:
    alice, _, game = started
    verdict = audit(alice.export(game))
    assert verdict.word == "INCOMPLETE"


# -- a server that is asked to do wrong refuses -----------------------------------------------------------


def _log(player: Player, game: str) -> list[dict[str, Any]]:
    return player.api.export(game)["entries"]


def test_stale_envelope_gets_409_with_the_head(started: tuple[Player, Player, str]) -> None:
    alice, bob, game = started
    st = alice.state(game)
    first, second = alice.moves(game)["moves"][:2]
    alice.submit(st, first["move"])
    before = _log(alice, game)
    # bob, whose turn it now is, signs a move on the old head (seq and prev of before alice moved)
    bob_st = bob.state(game)
    bob_st.head = st.head
    with pytest.raises(ApiError) as caught:
        bob.submit(bob_st, bob.moves(game)["moves"][0]["move"])
    assert caught.value.status == 409
    assert "stale" in caught.value.detail
    assert caught.value.head == {"seq": before[-1]["seq"], "hash": entry_hash(before[-1])}
    assert _log(alice, game) == before
    # the refused move's secret is not kept as evidence of a move that never happened
    assert not [s for s in bob.store.evidence(game)["secrets"] if s["seq"] == st.head["seq"] + 1]


def test_out_of_turn_and_illegal_moves_get_4xx_and_leave_the_log_alone(
    started: tuple[Player, Player, str],
) -> None:
    alice, bob, game = started
    before = _log(alice, game)
    # bob (seat 1) sends a well-formed, signed placement while it is red's (alice's) turn
    bob_st = bob.state(game)
    assert not bob_st.my_turn
    with pytest.raises(ApiError) as caught:
        bob.sign_and_send(bob_st, {"type": "place", "cell": "e1", "value": 1})
    assert 400 <= caught.value.status < 500 and caught.value.detail
    assert _log(alice, game) == before
    # the client refuses the same before sending anything
    with pytest.raises(Exception, match="not your turn"):
        bob.move(game, "place e1 1")
    # alice places on a flame (e5), which the rules forbid
    st = alice.state(game)
    with pytest.raises(ApiError) as caught:
        alice.sign_and_send(st, {"type": "place", "cell": "e5", "value": 1})
    assert caught.value.status == 422 and caught.value.detail
    # her own client refuses the same before signing: its own rules do not list it
    with pytest.raises(ClientError, match="not one of your legal moves"):
        alice.submit(st, {"type": "place", "cell": "e5", "value": 1})
    # and a value she does not hold: in a blind game the server never sees values, so
    # her own client refuses it before signing (and a burnt one must open to a value of MH-5)
    with pytest.raises(ClientError, match="not one of your legal moves"):
        alice.submit(st, {"type": "place", "cell": "e1", "value": 7})
    assert _log(alice, game) == before
    # a seat that is not yours
    with pytest.raises(ApiError) as caught:
        st.seat = 1
        alice.sign_and_send(st, {"type": "place", "cell": "e1", "value": 1})
    assert caught.value.status == 403
    assert _log(alice, game) == before


def test_bad_request_signature_gets_401(
    started: tuple[Player, Player, str], live_server: LiveServer
) -> None:
    alice, _, game = started
    path = f"/v1/games/{game}/view"
    server = alice.api.signed_for()
    headers = sign_request(alice.api.key, "GET", path, b"", server=server)
    assert requests.get(live_server.url + path, headers=headers, timeout=10).status_code == 200
    forged = dict(headers)
    forged[HEADER_SIG] = ("0" if headers[HEADER_SIG][0] != "0" else "1") + headers[HEADER_SIG][1:]
    answer = requests.get(live_server.url + path, headers=forged, timeout=10)
    assert answer.status_code == 401
    assert answer.headers["Content-Type"].startswith("application/problem+json")
    # signed for another path, or replayed with another body: the same refusal
    other = sign_request(alice.api.key, "GET", f"/v1/games/{game}/moves", b"", server=server)
    assert requests.get(live_server.url + path, headers=other, timeout=10).status_code == 401
    # an old signature (outside the window) is refused too
    stale = sign_request(alice.api.key, "GET", path, b"", server=server, now=1_000_000_000)
    assert requests.get(live_server.url + path, headers=stale, timeout=10).status_code == 401
    # through the client: one readable line
    api = Api(live_server.url, SigningKey.generate())
    with pytest.raises(ApiError) as caught:
        api.me()
    assert caught.value.status == 403 and "account" in caught.value.detail


def test_bad_move_signature_is_refused(started: tuple[Player, Player, str]) -> None:
    alice, _, game = started
    st = alice.state(game)
    real_key = alice.api.key
    alice.api.key = (
        SigningKey.generate()
    )  # sign the envelope with a key that is not alice's seat key
    try:
        from protocol.entries import envelope, sign_envelope

        env = envelope(
            game,
            st.head["seq"] + 1,
            st.head["hash"],
            0,
            {"type": "place", "cell": "e1"},
            None,
            secrets.token_hex(32),
            "2026-01-01T00:00:00Z",
            "00" * 40,  # a well-formed box, as a blind placement of magier 4 carries one
        )
        bad_sig = sign_envelope(env, alice.api.key)
    finally:
        alice.api.key = real_key
    before = _log(alice, game)
    with pytest.raises(ApiError) as caught:
        alice.api.submit_move(game, env, bad_sig, None, None)
    assert caught.value.status in (401, 403)
    assert _log(alice, game) == before


def test_second_account_with_the_same_key_gets_409(
    started: tuple[Player, Player, str], live_server: LiveServer
) -> None:
    alice = started[0]
    api = Api(live_server.url, alice.api.key)
    with pytest.raises(ApiError) as caught:
        api.create_account("alice2", "alice2@example.org")
    assert caught.value.status == 409
    # running init again with the same key and name is fine (the account is there)
    assert alice.init_account(live_server.url, "alice", "alice@example.org")["name"] == "alice"
    # but not under another name
    with pytest.raises(ApiError) as caught:
        alice.init_account(live_server.url, "alicia", "alice@example.org")
    assert caught.value.status == 409


# -- a server that lies is caught loudly --------------------------------------------------------------


def _server_rows(live_server: LiveServer) -> Any:
    """The live server's tables; the test plays the dishonest operator."""
    from server.store.models import Entry, Game, Payload, database

    return Entry, Game, Payload, database


def test_forked_log_is_a_loud_error(
    started: tuple[Player, Player, str], live_server: LiveServer, tmp_path: Path
) -> None:
    alice, bob, game = started
    play_out_moves = 4
    rnd = random.Random(1)
    for _ in range(play_out_moves):
        alice.play_bot(game, until_over=False, rng=rnd)
        bob.play_bot(game, until_over=False, rng=rnd)
    seen = bob.store.receipt(game)["seq"]
    # The operator rewrites history from entry 5 on (another placement cell) and re-signs it all.
    entry_t, game_t, _, database = _server_rows(live_server)
    server_key = SigningKey.load(live_server.data_dir / "server_key.pem")
    with database.connection_context():
        rows = list(entry_t.select().where(entry_t.game == game).order_by(entry_t.seq))
        entries = [json.loads(r.data) for r in rows]
        entries[5]["ts"] = "1999-01-01T00:00:00Z"
        for i in range(5, len(entries)):
            body = {k: v for k, v in entries[i].items() if k != "sig"}
            body["prev"] = entry_hash(entries[i - 1])
            entries[i] = seal(body, server_key)
        for row, entry in zip(rows, entries, strict=True):
            row.data = json.dumps(entry)
            row.hash = entry_hash(entry)
            row.save()
        g = game_t.get_by_id(game)
        g.head_hash = entry_hash(entries[-1])
        g.save()
    with pytest.raises(ForkError, match=f"does not extend what you saw at seq {seen}"):
        bob.show(game)
    with pytest.raises(ForkError):
        bob.export(game)
    # The receipt is not overwritten by the forged history: the proof stays, signed by the server,
    # next to the forged history it contradicts.
    receipt = bob.store.receipt(game)
    assert receipt["seq"] == seen and receipt["hash"] == entry_hash(receipt["entry"])
    forks = sorted((bob.store.home / "evidence").glob(f"{game}.fork-*.json"))
    assert forks
    proof = json.loads(forks[0].read_text())
    shown = {e["seq"]: e for e in proof["shown"]["entries"]}
    assert entry_hash(shown[seen]) != receipt["hash"]
    key = receipt["server_key"]
    assert entry_signed_by(receipt["entry"], key) and entry_signed_by(shown[seen], key)
    # And the CLI says so in one loud line, exit status 4.
    result = CliRunner().invoke(app, ["show", game], env={"PBEM_HOME": str(bob.store.home)})
    assert result.exit_code == 4
    assert "VERIFICATION FAILED" in result.stderr and "does not extend" in result.stderr
    assert "Traceback" not in result.output


def test_tampered_private_payload_is_a_loud_error(
    make_player: Callable[[str], Player], live_server: LiveServer
) -> None:
    """magier has no private events, so this uses the toy game (a private deal per seat)."""
    north, south = make_player("north"), make_player("south")
    game = north.new_game("toy", {"rounds": 2}, join=True)["id"]
    south.join(game)
    # The honest deal checks out and is kept as evidence.
    shown = south.show(game)
    kept = south.store.evidence(game)["payloads"]
    assert [p["event"]["kind"] for p in kept] == ["dealt"]
    assert kept[0]["event"]["data"]["value"] == shown["view"]["dealt"]
    # The operator changes south's dealt card in the stored payload.
    _, _, payload_t, database = _server_rows(live_server)
    with database.connection_context():
        row = payload_t.get((payload_t.game == game) & (payload_t.seat == 1))
        data = json.loads(row.data)
        data["event"]["data"]["value"] = data["event"]["data"]["value"] % 6 + 1
        row.data = json.dumps(data)
        row.save()
    # south already holds the honest payload: a different one now is caught.
    with pytest.raises(TamperError, match="does not match its public commitment"):
        south.show(game)
    # A fresh home (no evidence yet) is caught just the same.
    fresh = Player(south.store.home.parent / "south-elsewhere")
    fresh.store.save_config(south.config)
    fresh.store.home.joinpath("key.pem").write_bytes(south.store.key_path.read_bytes())
    with pytest.raises(TamperError):
        fresh.show(game)
    result = CliRunner().invoke(app, ["show", game], env={"PBEM_HOME": str(south.store.home)})
    assert result.exit_code == 4 and "TAMPERING" in result.stderr


# -- the pbem command itself, over the live server ---------------------------------------------------------


def test_cli_smoke(live_server: LiveServer, tmp_path: Path) -> None:
    runner = CliRunner()
    alice = {"PBEM_HOME": str(tmp_path / "alice")}
    bob = {"PBEM_HOME": str(tmp_path / "bob")}

    def run(env: dict[str, str], *args: str, code: int = 0) -> Any:
        result = runner.invoke(app, list(args), env=env)
        assert result.exit_code == code, (args, result.output)
        assert "Traceback" not in result.output
        return result

    run(
        alice,
        "init",
        "--server",
        live_server.url,
        "--name",
        "alice",
        "--email",
        "alice@example.org",
    )
    run(bob, "init", "--server", live_server.url, "--name", "bob", "--email", "bob@example.org")
    assert (tmp_path / "alice" / "key.pem").stat().st_mode & 0o777 == 0o600
    engines_listed = json.loads(run(alice, "engines", "--json").stdout)
    assert "magier" in [e["id"] for e in engines_listed]
    created = json.loads(run(alice, "new", "magier", "--option", "move_limit=3", "--json").stdout)
    game = created["id"]
    assert created["options"]["move_limit"] == 3
    assert json.loads(run(bob, "games", "--open", "--json").stdout)[0]["id"] == game
    assert "seat 1" in run(bob, "join", game).stdout
    shown = run(alice, "show", game).stdout
    assert "YOUR TURN" in shown and "head seq 3" in shown
    assert json.loads(run(alice, "show", game, "--json").stdout)["your_turn"] is True
    listed = run(alice, "moves", game).stdout
    assert listed.splitlines()[0].strip().startswith("1. place")
    moves_json = json.loads(run(alice, "moves", game, "--json").stdout)
    assert moves_json["moves"][0]["n"] == 1
    played = run(alice, "move", game, "1").stdout
    assert f"played {moves_json['moves'][0]['text']}" in played and "head seq 4" in played
    # bob plays by notation
    bob_moves = json.loads(run(bob, "move", game, "--json").stdout)["moves"]
    notation = bob_moves[-1]["text"]
    assert "played " + notation in run(bob, "move", game, notation).stdout
    # out of turn, a bad number, gibberish: one line each, non-zero
    assert "not your turn" in run(bob, "move", game, "1", code=1).stderr
    assert "has moved on since you listed" in run(alice, "move", game, "1", code=1).stderr
    run(alice, "move", game)  # a number means a move of the listing it was shown in
    assert "pick a number from 1 to" in run(alice, "move", game, "9999", code=1).stderr
    assert "cannot read" in run(alice, "move", game, "fly to the moon", code=1).stderr
    games_text = run(alice, "games").stdout
    assert game in games_text and "YOU" in games_text
    log_text = run(alice, "log", game).stdout
    assert "genesis" in log_text and "move" in log_text
    assert [
        e["seq"] for e in json.loads(run(alice, "log", game, "--from", "3", "--json").stdout)
    ] == [3, 4, 5]
    # let bots finish it, then export and audit
    run(alice, "bot", game, "--once", "--poll", "0")
    p = [Player(tmp_path / "alice"), Player(tmp_path / "bob")]
    play_out(game, p)
    out = tmp_path / "game.json"
    assert "pbem audit" in run(alice, "export", game, "-o", str(out)).stdout
    assert (
        json.loads(run(bob, "export", game).stdout)["entries"]
        == json.loads(out.read_text())["entries"]
    )
    audited = run(alice, "audit", str(out)).stdout
    assert audited.startswith("PASS")
    assert json.loads(run(bob, "audit", str(out), "--json").stdout)["verdict"] == "PASS"
    assert "game over" in run(bob, "show", game).stdout
    assert "nothing to move" in run(bob, "move", game, "1", code=1).stderr
