"""The seat's record of a game's past, rebuilt by the client from the log it verified
(client/display/record.py, client/player/recalling.py), over a live server.

A toy game whose engine keeps a record (`recall`: how many steps and public events it was
shown, and every private event it saw) is played by bots; what each seat's client folded is
compared with an oracle made by another road: the audit's replay of the finished export, which
opens every private event, filtered to what the seat was addressed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import engines
from client import verify
from client.display.record import PROTOCOL_KINDS
from client.play import Player
from protocol.audit import private_events
from tests.protocol.toy import ToyEngine


class RecallToy(ToyEngine):
    """The toy game, remembering what each seat was shown: a record that grows with the game."""

    id = "toy-recall"
    title = "Toy that remembers"

    def __init__(self) -> None:
        self.seen_by_bots: list[tuple[int, Any]] = []  # (seat, the record its bot was handed)

    def recall(self, record: Any, events: Sequence[Mapping[str, Any]], seat: int | None) -> Any:
        old = record or {"steps": 0, "public": 0, "private": []}
        return {
            "steps": old["steps"] + 1,
            "public": old["public"] + sum(1 for e in events if e.get("to") is None),
            "private": old["private"] + [[e["kind"], e["data"], e["to"]] for e in events if e.get("to") is not None],
        }

    def bots(self) -> dict[str, Any]:
        def remembering(view: dict[str, Any], legal: list[dict[str, Any]], rnd: random.Random) -> dict[str, Any]:
            self.seen_by_bots.append((view["seat"], view.get("record")))
            return rnd.choice(legal)

        return {"random": remembering}


@pytest.fixture
def toy(live_server: object, monkeypatch: pytest.MonkeyPatch) -> Iterator[RecallToy]:
    engine = RecallToy()
    monkeypatch.setitem(engines._EXTRA, engine.id, engine)  # the server (in process) and the clients
    yield engine


@pytest.fixture
def pair(make_player: Callable[[str], Player], toy: RecallToy) -> tuple[Player, Player, str]:
    north, south = make_player("north"), make_player("south")
    game = north.new_game(toy.id, {"rounds": 5}, join=True)["id"]
    south.join(game)
    return north, south, game


def expected(export: dict[str, Any], seat: int | None, upto: int | None = None) -> dict[str, Any]:
    """The oracle: every step up to `upto` as `seat` saw it, from the audit's replay of the
    finished game (every private event opened), not from the client's evidence."""
    verdict, private = private_events(export)
    assert verdict.ok and verdict.complete and private is not None
    steps = public = 0
    seen: list[Any] = []
    for entry in export["entries"]:
        if upto is not None and entry["seq"] > upto:
            break
        events = (entry.get("body") or {}).get("events")
        if not isinstance(events, list):
            continue
        steps += 1
        public += sum(1 for e in events if "commit" not in e)
        for p in sorted(private.get(entry["seq"], []), key=lambda p: p["index"]):
            if (seat is None or seat in p["to"]) and p["event"]["kind"] not in PROTOCOL_KINDS:
                seen.append([p["event"]["kind"], p["event"]["data"], p["event"]["to"]])
    return {"steps": steps, "public": public, "private": seen}


def play(players: list[Player], game: str, moves: int | None = None, look: Player | None = None) -> None:
    """Bots take turns (each its own seat's client) until the game is over or `moves` are made;
    `look` shows the game after every move (a player who looks often)."""
    made = 0
    rng = random.Random(7)
    while moves is None or made < moves:
        if players[0].state(game).status == "over":
            return
        made += sum(p.play_bot(game, until_over=False, rng=rng) for p in players)
        if look is not None:
            look.show(game)


def test_the_record_is_the_fold_of_what_each_seat_saw(pair: tuple[Player, Player, str], toy: RecallToy) -> None:
    """After the game each seat's record (folded as it played, a look at a time) is exactly the
    steps, public events and its own private events the audit's replay says it was shown, the
    other seat's private events never among them; the bots were handed the record as it grew."""
    north, south, game = pair
    play([north, south], game, look=north)
    export = north.export(game)
    head = len(export["entries"]) - 1
    for player, seat in ((north, 0), (south, 1)):
        st = player.state(game)
        mine = player.recalled(st)
        assert mine == expected(export, seat, upto=st.head["seq"])
        assert mine["private"] and all(seat in to for _, _, to in mine["private"])
        assert {k for k, _, _ in mine["private"]} >= {"dealt"}
    told = {seat: [r for s, r in toy.seen_by_bots if s == seat] for seat in (0, 1)}
    for seat in (0, 1):
        assert told[seat] and all(r is not None for r in told[seat])
        steps = [r["steps"] for r in told[seat]]
        assert steps == sorted(steps) and len(set(steps)) == len(steps), "one more step at each turn"
        assert all(seat in to for r in told[seat] for _, _, to in r["private"])
    final = north.show(game)["final_view"]
    assert final is not None and final["record"] == expected(export, None, upto=head)
    assert {to[0] for _, _, to in final["record"]["private"] if len(to) == 1} == {0, 1}, "everything, both seats"


def test_incremental_equals_from_scratch(pair: tuple[Player, Player, str]) -> None:
    """A record folded a look at a time (north looks after every move) equals the one folded
    from the genesis in one go (its kept fold removed), and equals what a seat that never
    looked before gets (south's first look is after six moves)."""
    north, south, game = pair
    play([north], game, moves=1, look=north)
    rng = random.Random(3)
    for _ in range(5):  # south plays without a look of its own client between moves
        for p in (south, north):
            p.play_bot(game, until_over=False, rng=rng)
            north.show(game)
    looked_often = north.recalled(north.state(game))
    kept = north.store.record(game)
    assert kept is not None and kept["record"] == looked_often
    north.store.record_path(game).unlink()
    st = north.state(game)
    assert north.recalled(st) == looked_often
    assert north.store.record(game) == kept
    south.store.record_path(game).unlink()
    st_south = south.state(game)
    assert south.recalled(st_south)["steps"] == looked_often["steps"]


def test_a_late_payload_stops_the_fold_before_its_entry(pair: tuple[Player, Player, str], toy: RecallToy) -> None:
    """South's client reads the log before its private payload came (the log carries only the
    commitment): the fold stops before that entry, and folds it once the payload is checked,
    ending with the same record as the audit's oracle; nothing unverified was folded."""
    north, south, game = pair
    south.show(game)
    st = north.state(game)
    north.submit(st, {"type": "throw"})  # whispers the die's parity to south, privately
    synced = verify.sync(south.api, south.store, game)  # the log alone: no payloads
    throw = synced.receipt["seq"]
    assert [tuple(o) for o in synced.receipt["owed"]] == [(throw, 1)]
    before = south.remembered(game, toy, 1, synced, throw)
    kept = south.store.record(game)
    assert kept is not None and kept["seq"] == throw, "stopped before the entry whose payload is owed"
    assert "parity" not in {k for k, _, _ in before["private"]}
    after = south.recalled(south.state(game))  # the view's answer brings and checks the payload
    assert after["steps"] == before["steps"] + 1
    assert [k for k, _, _ in after["private"]][-1] == "parity"
    play([north, south], game)
    export = north.export(game)
    st = south.state(game)
    assert south.recalled(st) == expected(export, 1, upto=st.head["seq"])


def test_log_at_and_replay_carry_the_record_of_everything(pair: tuple[Player, Player, str]) -> None:
    """A replayed position of a finished game (`pbem log --at`, `pbem replay`) is drawn with the
    record of everything up to there: every private event the reveal opened, seat None."""
    from client.player.positions import positions_in_export

    north, south, game = pair
    play([north, south], game)
    export = north.export(game)
    middle = len(export["entries"]) // 2
    at = north.position_at(game, middle)
    assert at["view"]["record"] == expected(export, None, upto=middle)
    both = positions_in_export(export, [middle, len(export["entries"]) - 1])
    assert [p["view"]["record"] for p in both] == [
        expected(export, None, upto=middle), expected(export, None),
    ]


def test_a_withheld_payload_leaves_the_record_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server that withholds south's private payload (the parity of north's throw) is caught
    by the look; the record kept before it is not touched, and the honest answer after it folds
    the step once, with its payload."""
    from client.verify import TamperError
    from tests.hostile import rewrite, serve_hostile

    engine = RecallToy()
    monkeypatch.setitem(engines._EXTRA, engine.id, engine)
    with serve_hostile(tmp_path / "server") as server:
        north, south = (Player(tmp_path / "homes" / n) for n in ("north", "south"))
        for p in (north, south):
            p.init_account(server.url, p.store.home.name, f"{p.store.home.name}@example.org")
        game = north.new_game(engine.id, {"rounds": 2}, join=True)["id"]
        south.join(game)
        south.show(game)
        kept = south.store.record(game)
        assert kept is not None and kept["record"]["private"][0][0] == "dealt"
        north.submit(north.state(game), {"type": "throw"})

        def withhold(data: Any) -> None:
            data["payloads"] = []

        rule = rewrite("GET", f"/v1/games/{game}/view", withhold)
        server.hostile.after.append(rule)
        with pytest.raises(TamperError, match="withholds your private payload"):
            south.show(game)
        assert south.store.record(game) == kept
        server.hostile.after.remove(rule)
        after = south.recalled(south.state(game))
        assert after["steps"] == kept["record"]["steps"] + 1
        assert [k for k, _, _ in after["private"]] == ["dealt", "parity"]
