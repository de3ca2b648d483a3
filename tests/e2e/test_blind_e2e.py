"""A blind magier game over real HTTP: the server never holds an unburnt value.

Two players with their own homes play a whole blind game on the live server (loopback,
tests/conftest.py) with the greedy bot, whose burns make the owners' clients reveal by
themselves. Every response the server gave (recorded on each client's HTTP session), its
stored states (read after every move) and its stored secrets, entries, payloads and mail are
then searched: for each wisdom that did not burn there is its commitment, never its value or
its salt. The export audits PASS. A home that lost its secrets gets a clear message, and the
game ends by forfeit at the deadline, audited.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

import engines
from client.cli import app
from client.play import ClientError, Player
from client.transport import Response
from client.verify import VerifyError
from protocol import steps
from protocol.audit import audit
from protocol.keys import SigningKey
from server.clock import clock, sweeper
from server.ledger.ledger import Ledger
from tests.conftest import LiveServer

E = engines.get("magier")
T0 = dt.datetime(2026, 5, 4, 8, 0, 0)
BOT = {"days": 1, "grace_hours": 0, "on_expiry": "bot"}


def record(player: Player, seen: list[str]) -> None:
    """Keep the text of every response the server gives this player (the client's response hook)."""

    def hook(response: Response, *args: Any, **kwargs: Any) -> None:
        seen.append(response.text)

    player.api.session.hooks["response"].append(hook)


def server_game(game: str) -> dict[str, Any]:
    """The live server's stored row, its secrets, entries, payloads and mail for `game`."""
    from server.store.models import Entry, Game, Mail, Payload, Secret, database

    with database.connection_context():
        row = Game.get_by_id(game)
        return {
            "state": json.loads(row.state) if row.state else None,
            "secrets": [s.data for s in Secret.select().where(Secret.game == game)],
            "texts": [e.data for e in Entry.select().where(Entry.game == game)]
            + [p.data for p in Payload.select().where(Payload.game == game)]
            + [m.message for m in Mail.select().where(Mail.game == game)]
            + [row.state or "", row.result or ""],
        }


def objects(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from objects(v)
    elif isinstance(value, list):
        for v in value:
            yield from objects(v)


def holds_no_value(state: dict[str, Any] | None) -> bool:
    """A stored state names each wisdom on the board by owner and commitment, never by value."""
    if state is None:
        return True
    wisdoms = [p for p in state["board"].values() if p["kind"] == "wisdom"]
    return all(set(p) == {"seat", "kind", "commit"} for p in wisdoms) and all(
        v is None for hand in state["hands"] for v in hand
    )


def step_all(game: str, players: list[Player], rnd: random.Random, after: Callable[[], bool]) -> None:
    """Let each seat's greedy bot take its turn (revealing first when it owes a reveal), one
    call at a time, until nobody moves or `after()` says stop."""
    while True:
        made = 0
        for p in players:
            made += p.play_bot(game, "greedy", until_over=False, rng=rnd)
            if after():
                return
        if made == 0:
            return


def test_a_whole_blind_game_the_server_never_holds_an_unburnt_value(make_player: Callable[[str], Player]) -> None:
    """Done when: a full blind game over the server, the server never holding an
    unburnt value, every burnt one opened by its owner's signed reveal, the audit PASS."""
    alice, bob = make_player("alice"), make_player("bob")
    seen: list[str] = []
    record(alice, seen)
    record(bob, seen)
    game = alice.new_game("magier", {"move_limit": 40}, join=True)["id"]
    bob.join(game)
    states: list[dict[str, Any] | None] = []

    def look() -> bool:
        states.append(server_game(game)["state"])
        return False

    step_all(game, [alice, bob], random.Random(5), look)
    export = alice.export(game)
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.reason
    assert alice.show(game)["status"] == "over"
    reveals = [e for e in export["entries"] if e["type"] == "move" and e["body"]["envelope"]["move"]["type"] == "reveal"]
    assert reveals, "greedy bots burn wisdoms: the owners' clients revealed them by themselves"
    assert export["entries"][-1]["body"]["secrets"] == []

    kept = {r["commit"]: r for p in (alice, bob) for r in p.store.secrets(game)}
    assert len(kept) == 14
    opened = {i["commit"] for e in reveals for i in e["body"]["envelope"]["move"]["secrets"]}
    unburnt = [r for c, r in kept.items() if c not in opened]
    assert unburnt
    stored = server_game(game)
    assert stored["secrets"] == []  # the server kept no secret at all for the reveal
    assert all(holds_no_value(s) for s in states) and holds_no_value(stored["state"])
    everything = seen + stored["texts"]
    for record_ in unburnt:
        assert not any(record_["salt"] in text for text in everything)
    parsed = [json.loads(t) for t in everything if t.startswith(("{", "["))]
    for obj in (o for doc in parsed for o in objects(doc)):
        if obj.get("commit") in kept and obj.get("commit") not in opened and "value" in obj:
            assert obj["value"] is None, obj
    # each reveal opened exactly what its owner had committed
    for entry in reveals:
        for item in entry["body"]["envelope"]["move"]["secrets"]:
            assert item["secret"] == kept[item["commit"]]["secret"]


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Callable[[], dt.datetime]:
    now = {"at": T0}
    monkeypatch.setattr(clock, "CLOCK", lambda: now["at"])
    return lambda: now["at"]


@pytest.fixture
def released(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server as a released version ran it, which still made blind games whose deadline
    plays the bot (a new one is refused: no bot can place or reveal for a seat). Such games'
    logs stay valid and running, and at their deadline a seat that owes a placement or a
    reveal forfeits: what these tests check."""
    from server.ledger import ledger

    monkeypatch.setattr(ledger, "owner_decides", lambda engine, options: None)


def test_a_lost_store_is_a_clear_message_and_the_game_ends_by_forfeit(
    make_player: Callable[[str], Player], live_server: LiveServer, fake: Callable[[], dt.datetime], released: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The owner's home lost its secrets when one of its wisdoms burns: its client says so in
    words (the CLI too, no traceback), nobody can reveal for it, and at the deadline the
    server forfeits it (a bot cannot reveal) in a game whose deadline plays the bot; the
    export audits PASS and both clients accept the forfeit. A game of magier 3, which did not
    seal a placement to its owner's key: from magier 4 on, the home learns its lost secrets back
    from the log (tests/e2e/test_blind_restore_e2e.py)."""
    from types import SimpleNamespace

    from server.ledger import ledger as made

    released_rules = SimpleNamespace(  # the server makes its new games as a release before magier 4 did
        get=lambda engine_id: engines.get(engine_id, "3" if engine_id == "magier" else None),
        UnknownEngine=engines.UnknownEngine,
    )
    monkeypatch.setattr(made, "engines", released_rules)
    alice, bob = make_player("alice"), make_player("bob")
    game = alice.new_game("magier", {"move_limit": 60}, join=True, deadline=BOT)["id"]
    assert alice.store.receipt(game)["engine_version"] == "3"  # type: ignore[index]
    bob.join(game)

    def burning() -> bool:
        state = server_game(game)["state"]
        return bool(state and state.get("pending"))

    step_all(game, [alice, bob], random.Random(2), burning)
    assert burning(), "greedy bots burn a wisdom within 60 moves"
    owner_seat = server_game(game)["state"]["pending"][0]["owner"]
    owner, other = (alice, bob) if owner_seat == 0 else (bob, alice)
    evidence = owner.store.evidence(game)
    evidence["secrets"] = []  # the home lost its secrets
    owner.store.save_evidence(game, evidence)

    listed = CliRunner().invoke(app, ["games"], env={"PBEM_HOME": str(owner.store.home)})
    assert listed.exit_code == 0 and game in listed.output  # listing never fails for it
    with pytest.raises(ClientError, match="holds no record of its value and salt"):
        owner.show(game)
    shown = CliRunner().invoke(app, ["show", game], env={"PBEM_HOME": str(owner.store.home)})
    assert shown.exit_code != 0 and "Traceback" not in shown.output
    assert "forfeit" in shown.output and "holds no record" in shown.output
    assert not other.show(game)["your_turn"]

    ledger = Ledger(SigningKey.load(live_server.data_dir / "server_key.pem"))
    done = sweeper.tick(now=T0 + dt.timedelta(days=2), ledger=ledger)
    assert [f["seat"] for f in done["forfeits"]] == [owner_seat] and done["timeouts"] == []
    final = other.show(game)
    assert final["status"] == "over" and final["result"]["winner"] == 1 - owner_seat
    export = other.export(game)
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.reason
    assert verdict.result["reason"] == f"seat {owner_seat} forfeited: out of time"


@pytest.mark.parametrize("command", [["games"], ["log", "GAME"], ["show", "GAME"], ["move", "GAME"]])
def test_the_owners_client_reveals_by_itself_on_any_command(
    make_player: Callable[[str], Player], command: list[str]
) -> None:
    """MH-10 in a blind game: once a wisdom burns, the owner's next pbem command (whichever:
    games, log, show) makes the reveal move with no question asked; then the score counts."""
    alice, bob = make_player("alice"), make_player("bob")
    game = alice.new_game("magier", {"move_limit": 60}, join=True)["id"]
    bob.join(game)

    def burning() -> bool:
        state = server_game(game)["state"]
        return bool(state and state.get("pending"))

    step_all(game, [alice, bob], random.Random(2), burning)
    assert burning()
    pending = server_game(game)["state"]["pending"]
    owner = (alice, bob)[pending[0]["owner"]]
    ran = CliRunner().invoke(app, [game if a == "GAME" else a for a in command], env={"PBEM_HOME": str(owner.store.home)})
    assert ran.exit_code == 0, ran.output
    if command[0] == "move":  # the owner's turn goes on after its reveal: its moves are listed
        assert ran.output.lstrip().startswith("1. "), ran.output
    state = server_game(game)["state"]
    assert state["pending"] == [] and [b["cell"] for b in state["burned"]][-len(pending):] == [p["cell"] for p in pending]
    assert audit(owner.export(game)).word == "INCOMPLETE"  # the chain and signatures hold so far


def test_a_server_that_fakes_a_burn_cannot_get_an_unburnt_value_opened(
    make_player: Callable[[str], Player], live_server: LiveServer, released: None
) -> None:
    """A lying server signs a timeout for red whose state and committed views claim that one of
    black's unburnt wisdoms burnt, to make black's client open its value. The view matches its
    signed commitment, but black's client replays the signed moves first: they burnt nothing,
    so it reveals nothing, says so loudly and keeps the proof."""
    from protocol.commitments import TAG_STATE, commit, state_salt
    from tests.hostile import Operator

    alice, bob = make_player("alice"), make_player("bob")
    game = alice.new_game("magier", {"move_limit": 60}, join=True, deadline=BOT)["id"]
    bob.join(game)
    rnd = random.Random(1)
    while server_game(game)["state"]["phase"] == "placement":
        for p in (alice, bob):
            p.play_bot(game, "random", until_over=False, rng=rnd)
    operator = Operator(live_server.data_dir)
    seed, state = operator.seed(game), server_game(game)["state"]
    seq = operator.head(game)["seq"] + 1
    step = steps.timeout(E, state, 0, seed, seq, seats=2)
    fake = copy.deepcopy(step.state)
    cell = next(c for c, p in fake["board"].items() if p["kind"] == "wisdom" and p["seat"] == 1)
    victim = fake["board"].pop(cell)
    fake["pending"] = [{"cell": cell, "owner": 1, "commit": victim["commit"], "by": 0, "ply": fake["ply"]}]
    body = {**step.body, "state": commit(TAG_STATE, fake, state_salt(seed, seq)),
            "views": steps.views(E, fake, 2, seed, seq), "owner_only": True}
    operator.append(game, "system", body, steps.Step(body, fake, []))
    with pytest.raises(VerifyError, match="nothing was revealed"):
        bob.show(game)
    record_ = next(r for r in bob.store.secrets(game) if r["commit"] == victim["commit"])
    assert not any(record_["salt"] in text for text in server_game(game)["texts"])
    assert operator.head(game)["seq"] == seq  # no reveal went in


def test_a_blind_placement_left_undone_at_a_bot_deadline_is_a_forfeit(
    make_player: Callable[[str], Player], live_server: LiveServer, fake: Callable[[], dt.datetime], released: None
) -> None:
    """MH-6 in a blind game: a deadline bot cannot place for red (it does not know which values
    red still holds, and it must not learn one), so red's expired placement is a forfeit, not a
    timeout, even though the deadline plays the bot; both clients and the audit accept it."""
    alice, bob = make_player("alice"), make_player("bob")
    game = alice.new_game("magier", {"move_limit": 2}, join=True, deadline=BOT)["id"]
    bob.join(game)
    assert alice.show(game)["your_turn"]
    ledger = Ledger(SigningKey.load(live_server.data_dir / "server_key.pem"))
    done = sweeper.tick(now=T0 + dt.timedelta(days=2), ledger=ledger)
    assert done["timeouts"] == [] and [f["seat"] for f in done["forfeits"]] == [0]
    for p in (alice, bob):
        shown = p.show(game)
        assert shown["status"] == "over" and shown["result"]["winner"] == 1
    verdict = audit(bob.export(game))
    assert verdict.word == "PASS", verdict.reason
