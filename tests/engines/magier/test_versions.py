"""Magier's rules versions (PROTOCOL section 19: a version a game has used is frozen; RULES.md "Versions").

Version 1 is the first day's (18bffeb; main wrote it into pbem-log/2 genesis from c646625 until
cab0d98 made blind games version 2): no option `blind`, so a concealed value stays on the
server, no placement carries a commitment and nothing is revealed; otherwise it plays as
version 2 with blind false. Version 2 is the release of 2026-11-30: its `apply` read a cell in any case with spaces around
it and took a jump along any valid path, and its `forced` answered every decision with one
legal move. Version 3, which new games get, takes exactly the listed moves and answers a
concealed placement never. Logs of version 2 hold moves only version 2 accepts, so it keeps its
own reading; tests/engines/versions/data/magier-*.json pin every version along whole games
(magier-1.json from cab0d98^, which c646625 and 18bffeb trace alike).
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

import engines
from engines.core import BadOptions, IllegalMove
from engines.magier import ENGINE, VERSIONS
from engines.magier.board import CELLS, FLAMES
from engines.magier.diagram import picture, position
from engines.magier.state import FIRST_DAY_OPTIONS

V1 = engines.get("magier", "1")
V2 = engines.get("magier", "2")
V3 = engines.get("magier", "3")
BOTH = pytest.mark.parametrize("engine", [V2, V3], ids=["v2", "v3"])

# Red's magician on d2 can reach f4 by two jumps: d2xd4xf4 (listed, shortest first) or d2xf2xf4.
JUMPS = {"d2": "R", "d3": "B", "e4": "b1", "e2": "r1", "f3": "B", "i9": "B"}


def test_new_games_get_version_4_and_versions_1_to_3_are_kept() -> None:
    """engines.get answers the newest for a new game and the genesis's version for an old one."""
    assert engines.get("magier") is ENGINE is VERSIONS["4"] and ENGINE.version == "4"
    assert list(engines.versions("magier")) == ["1", "2", "3", "4"]
    assert V3.version == "3" and V3 is VERSIONS["3"]
    assert V2.version == "2" and V2 is VERSIONS["2"]
    assert V1.version == "1" and V1 is VERSIONS["1"]
    state, _ = engines.get("magier").setup(2, {}, None)
    assert V3.legal_moves(state, 0) == V2.legal_moves(state, 0)  # the rules of play are the same


@pytest.mark.parametrize("spelled", ["E2", " e2", "e2 ", "\te2\n"])
def test_a_cell_spelled_otherwise_is_version_2s_and_refused_in_version_3(spelled: str) -> None:
    """Version 2 read the cell as a player types it (case folded, spaces stripped) and wrote the
    listed name into the state; version 3 refuses it, naming the spelling it takes."""
    state = position({**JUMPS, "e9": "b2"}, hands=((1,), ()), options={"open_placement": True})
    typed = {"type": "place", "cell": spelled, "value": 1, "open": True}
    listed = {"type": "place", "cell": "e2", "value": 1, "open": True}
    state = {**state, "board": {k: v for k, v in state["board"].items() if k != "e2"}}
    assert listed in V2.legal_moves(state, 0) and typed not in V2.legal_moves(state, 0)
    old, events = V2.apply(state, 0, typed)
    assert (old, events) == V2.apply(state, 0, listed)
    assert old["last_move"]["cell"] == "e2" and events[0].data["cell"] == "e2"
    with pytest.raises(IllegalMove, match=r"cells are written exactly like e2 \(lower case, no spaces\)"):
        V3.apply(state, 0, typed)
    assert V3.apply(state, 0, listed) == V2.apply(state, 0, listed)


def test_a_step_or_jump_spelled_otherwise_is_version_2s_only() -> None:
    state = position(JUMPS)
    for move in ({"type": "step", "from": "D2", "to": "c2"}, {"type": "jump", "path": ["d2", "D4 "]}):
        V2.apply(state, 0, move)
        with pytest.raises(IllegalMove, match="cells are written exactly"):
            V3.apply(state, 0, move)


def test_a_jump_by_a_longer_path_is_version_2s_and_refused_in_version_3() -> None:
    """Version 2 took any valid path and logged the path as played; the position is the one
    the listed path leaves. Version 3 refuses it and names the listed path."""
    state = position(JUMPS)
    longer = {"type": "jump", "path": ["d2", "f2", "f4"]}
    listed = {"type": "jump", "path": ["d2", "d4", "f4"]}
    assert listed in V2.legal_moves(state, 0) and longer not in V2.legal_moves(state, 0)
    after, events = V2.apply(state, 0, longer)
    assert events[0].kind == "jumped" and events[0].data == {"seat": 0, "path": ["d2", "f2", "f4"]}
    assert after["last_move"] == longer
    assert picture(after["board"]) == picture(V3.apply(state, 0, listed)[0]["board"])
    with pytest.raises(IllegalMove, match="listed by its shortest path: write d2xd4xf4"):
        V3.apply(state, 0, longer)


@pytest.mark.parametrize("options", [{"wrap": "line", "blind": False}, {"wrap": "torus", "open_placement": True}])
def test_version_2_takes_every_listed_move_as_version_3_does(options: dict[str, Any]) -> None:
    """Servers wrote version 2 logs with the exact apply from 2 December 2026 on: every move it
    took, version 2's own reading takes with the same state and events, so those logs replay."""
    rnd = random.Random(f"superset {options}")
    state, _ = V3.setup(2, V3.check_options(options, 2), None)
    for _ in range(80):
        seat = V3.to_move(state)
        if seat is None:
            break
        legal = V3.legal_moves(state, seat)
        assert legal == V2.legal_moves(state, seat)
        for move in legal:
            new, events = V3.apply(state, seat, move)
            again, same = V2.apply(state, seat, move)
            assert (new, [e.to_json() for e in events]) == (again, [e.to_json() for e in same])
        state, _ = V3.apply(state, seat, rnd.choice(legal))


@BOTH
def test_both_versions_refuse_what_is_no_jump(engine: Any) -> None:
    """Version 2's leniency is in spelling and path only: a hop that is not a jump, a revisited
    cell or a cell off the board is refused by both, with the reason."""
    state = position(JUMPS)
    for path, reason in [
        (["d2", "d4", "d2"], "already visited"),
        (["d2", "c5"], "one adjacent piece"),
        (["d2"], "at least one"),
        (["d2", "z9"], "not a cell"),
    ]:
        with pytest.raises(IllegalMove, match=reason):
            engine.apply(state, 0, {"type": "jump", "path": path})


def _one_cell_left(open_placement: bool) -> dict[str, Any]:
    """Red's last wisdom (1) to place, on the one empty cell that is no flame: one legal move."""
    cells = [c for i, c in enumerate(CELLS) if i not in FLAMES and c != "d4"]
    pieces = {c: ("R" if n % 3 else f"b{1 if n % 2 else 2}") for n, c in enumerate(cells)}
    return position(pieces, hands=((1,), ()), options={"open_placement": open_placement})


def test_forced_answers_a_concealed_placement_in_version_2_only() -> None:
    """Version 2's `forced` played every single-option decision; version 3's plays a placement
    only when it is placed openly (forced_public): that a concealed placement had one option
    tells the table which values the seat still holds. A real game never gets there (at the
    last placement 23 of the 36 free cells are still empty), so only a built position shows it."""
    state = _one_cell_left(open_placement=False)
    move = {"type": "place", "cell": "d4", "value": 1}
    for engine in (V2, V3):
        assert engine.moves_from_view(engine.view(state, 0)) == [move]
    forced = V3.check_rule({"kind": "forced"})
    assert V2.standing_move(V2.view(state, 0), forced) == move
    assert V3.standing_move(V3.view(state, 0), forced) is None
    assert not V3.forced_public(V3.view(state, 0)) and V2.forced_public(V2.view(state, 0))
    assert "everyone can see" in V3.answer_kinds()[0]["text"]
    assert "everyone can see" not in V2.answer_kinds()[0]["text"]


@BOTH
def test_forced_answers_an_open_placement_and_a_movement_in_both(engine: Any) -> None:
    state = _one_cell_left(open_placement=True)
    forced = {"kind": "forced"}
    assert engine.standing_move(engine.view(state, 0), forced) == {
        "type": "place", "cell": "d4", "value": 1, "open": True,
    }
    state = position({"i9": "B", "a1": "r1"})  # red has no magician: its one move is the pass (MH-12)
    assert engine.standing_move(engine.view(state, 0), forced) == {"type": "pass"}
    assert engine.standing_move(engine.view(position(JUMPS), 0), forced) is None  # many moves


@BOTH
def test_what_client_and_server_call_works_for_both_versions(engine: Any) -> None:
    """A blind game played as clients play it (views filled from each seat's own records, the
    bots, parse and format, previews, renders, reveals) and checked as clients check it."""
    rnd = random.Random(f"versions {engine.version}")
    state, _ = engine.setup(2, engine.check_options({"wrap": "torus"}, 2), None)
    records: list[list[dict[str, Any]]] = [[], []]
    bot = engine.bots()["greedy"]
    for _ in range(120):
        seat = engine.to_move(state)
        if seat is None:
            break
        view = engine.fill_view(engine.view(state, seat), records[seat])
        reveal, missing = engine.reveal_move(view, records[seat])
        assert not missing
        if reveal is not None:
            move = reveal
        else:
            moves = engine.own_moves(view, engine.legal_moves(state, seat))
            assert moves == engine.moves_from_view(view)
            move = bot(view, moves, rnd)
            assert engine.parse(engine.format(move), view) == move
            said = engine.describe_move(view, move)
            assert (said is None) == (move["type"] in ("place", "pass")), (move, said)
            assert engine.render(view)
        public, _ = engine.split_move(move)
        if engine.owner_held(state, public):
            salt = f"{rnd.getrandbits(64):016x}"
            commit = hashlib.sha256(f"{move['value']}/{salt}".encode()).hexdigest()
            records[seat].append({"commit": commit, "secret": {"value": move["value"]}, "salt": salt})
            move = {"type": "place", "cell": move["cell"], "secret_commit": commit}
        state, events = engine.apply(state, seat, move)
        step = {"to_move": engine.to_move(state), "result": engine.result(state)}
        for s in (0, 1):
            assert engine.public_mismatch(engine.view(state, s), step) is None
    assert state["phase"] != "placement"
    assert engine.revealed_view(state)["board"]


# ------------------------------------------------------------------ version 1, the first day


def test_version_1_has_no_option_blind_and_takes_its_genesis_options_as_complete() -> None:
    """A version-1 genesis holds {"wrap", "open_placement", "move_limit"}: the audit must find
    them complete as they are (check_options returns them unchanged), where version 2 would add
    blind true and call the genesis incomplete. Version 1 refuses `blind` as it did."""
    genesis = {"move_limit": 200, "open_placement": False, "wrap": "line"}  # tests/corpus/3299d74's
    assert V1.check_options(genesis, 2) == genesis and V1.options() == FIRST_DAY_OPTIONS == genesis
    assert V1.check_options({}, 2) == genesis
    assert V2.check_options(genesis, 2) == {**genesis, "blind": True} == V3.check_options(genesis, 2)
    for blind in (True, False):
        with pytest.raises(BadOptions, match="unknown option 'blind'; magier knows: wrap, open_placement, move_limit"):
            V1.check_options({"blind": blind}, 2)
        with pytest.raises(BadOptions, match="unknown option 'blind'"):
            V1.setup(2, {"wrap": "torus", "blind": blind}, None)
    with pytest.raises(BadOptions, match="exactly 2 players"):
        V1.check_options(genesis, 3)


def test_a_version_1_concealed_game_keeps_its_values_on_the_server() -> None:
    """Version 1's default game is concealed, not blind: the state holds every value and no
    `pending`, the opponent's view hides them, nothing is owner-held or awaited, and the server
    (a deadline bot) can place for a seat, where version 2's default game is blind."""
    state, _ = V1.setup(2, V1.check_options({}, 2), None)
    assert state["hands"] == [[2, 2, 1, 1, 1, -1, -1]] * 2 and "pending" not in state
    move = V1.legal_moves(state, 0)[0]
    assert move == {"type": "place", "cell": "a3", "value": 2}
    assert not V1.owner_held(state, V1.split_move(move)[0]) and not V1.needs_owner(state)
    state, events = V1.apply(state, 0, move)
    assert state["board"]["a3"] == {"seat": 0, "kind": "wisdom", "value": 2}
    assert [e.to_json() for e in events] == [{"kind": "placed", "data": {"seat": 0, "cell": "a3"}, "to": None}]
    assert V1.view(state, 1)["board"]["a3"]["value"] is None and V1.view(state, 0)["board"]["a3"]["value"] == 2
    assert V1.awaiting(state) == [] and "pending" not in V1.view(state, None)
    blind, _ = V2.setup(2, V2.check_options({}, 2), None)
    assert V2.owner_held(blind, V2.split_move(V2.legal_moves(blind, 0)[0])[0]) and V2.needs_owner(blind)


def test_version_1_knows_no_commitment_and_no_reveal() -> None:
    """What blind games added to the moves is not version 1's: a placement with a commitment and
    a reveal are refused by their shape, with the first day's words."""
    state, _ = V1.setup(2, V1.check_options({}, 2), None)
    committed = {"type": "place", "cell": "a3", "secret_commit": "0" * 64}
    with pytest.raises(IllegalMove, match="a place move has no field 'secret_commit'"):
        V1.apply(state, 0, committed)
    with pytest.raises(IllegalMove, match=r"a move needs a type: place, step, jump or pass$"):
        V1.apply(state, 0, {"type": "reveal", "secrets": []})
    with pytest.raises(IllegalMove, match=r"a move needs a type: place, step, jump, pass or reveal$"):
        V2.apply(state, 0, {"type": "teleport"})


@pytest.mark.parametrize("options", [{}, {"wrap": "torus", "open_placement": True}, {"move_limit": 12}])
def test_version_1_plays_as_version_2_without_blind(options: dict[str, Any]) -> None:
    """Apart from its options, version 1 is version 2 with blind false: the same legal moves,
    states, events and views at every step, the same lenient reading of a cell (E4 is e4), and
    `forced` answering every one-move decision."""
    rnd = random.Random(f"version 1 {options}")
    one, _ = V1.setup(2, V1.check_options(options, 2), None)
    two, _ = V2.setup(2, V2.check_options({**options, "blind": False}, 2), None)

    def same(a: dict[str, Any], b: dict[str, Any]) -> None:
        assert a["options"] == {k: v for k, v in b["options"].items() if k != "blind"}
        assert {**a, "options": None} == {**b, "options": None}

    for _ in range(150):
        seat = V1.to_move(one)
        same(one, two)
        if seat is None:
            break
        legal = V1.legal_moves(one, seat)
        assert legal == V2.legal_moves(two, seat)
        for s in (0, 1, None):
            same(V1.view(one, s), V2.view(two, s))
        move = dict(rnd.choice(legal))
        for key in ("cell", "from", "to"):  # written as version 2 read it, and version 1 before it
            if key in move:
                move[key] = move[key].upper()
        one, events = V1.apply(one, seat, move)
        two, also = V2.apply(two, seat, move)
        assert [e.to_json() for e in events] == [e.to_json() for e in also]
    assert V1.forced_any and V1.forced_public(V1.view(one, 0)) and not V1.exact
    assert V1.answer_kinds() == V2.answer_kinds()
