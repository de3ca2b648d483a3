"""No leaks: whatever the server answers to a seat, or to someone with no seat, holds
nothing outside that seat's view of the game (PROTOCOL.md: concealed values stay with the server
until the reveal; private payloads go to their seats only).

For every registered engine (the toy excepted) and a few option sets, random bots play over the
real app (conftest.serve: HTTP on loopback, real Players, real signatures) to seeded random
points. At each point every endpoint is asked by each seat and by an unauthenticated caller:
summary, the lists of games, view, moves, log, export of the unfinished game, mute, and
refusals (an illegal move, a stale move: 409 with head, a move out of turn, an unsigned read,
an abort too early); and every answer the players' own clients got while playing (joins, moves,
a resignation at the end) is kept. Against the server's stored state S:

- the views shown are exactly engine.view(S, seat) and engine.view(S, None); the legal moves are
  the seat's own; every payload shown is one of the stored payloads for that seat, all of them;
- no answer (nor any mail of the game, decoded) holds a concealed value: the seed, a salt of a
  payload, view or secret that is not the caller's, or a fragment of S that the caller's view
  does not show (per engine below: a hidden piece, another seat's hand, the order of the deck,
  an unseen answer), as the engine serialises it (canonical JSON), anywhere in the body
  (strings included) or the headers.
"""

from __future__ import annotations

import email
import email.policy
import json
import random
import re
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests

import engines
from client.play import Player
from client.transport import Response
from protocol.auth import sign_request
from protocol.canonical import canonical
from protocol.commitments import TAG_SECRET, commit, event_salt, state_salt, view_salt
from protocol.entries import entry_hash, envelope, sign_envelope
from server.mail import causes
from server.store.models import Entry, Game, Mail, Payload, Secret, database
from tests.conftest import serve

SEED = 20260909
CHECKPOINTS = 3  # random points per game where everything is asked
MOST_MOVES = 32  # per game: some games (random Feuersalamander bots) never end on their own


def canon(value: Any) -> str:
    return canonical(value).decode()


# -- what each engine conceals: fragments of the state a seat's view does not show ------------


def _hidden_hands(state: dict[str, Any], seat: int | None, key: str, shown: Callable[[list[Any]], Any]) -> list[str]:
    """Another seat's hand as its view would show it (`"hand":[...]`), and the bare list in the
    order the state and the view keep it (a list of three or more cards is telling enough)."""
    out = []
    for s, hand in enumerate(state.get(key + "s") or []):
        if s != seat and hand:
            out.append(f'"{key}":{canon(shown(hand))}')
            out += [canon(h) for h in (hand, shown(hand)) if len(h) >= 3]
    return out


def magier_concealed(state: dict[str, Any], view: dict[str, Any], seat: int | None) -> list[str]:
    """MH-7: a wisdom piece's value (on the board, in hand) is its owner's unless open."""
    out = []
    for cell, piece in state["board"].items():
        if piece.get("value") is not None and view["board"][cell].get("value") != piece["value"]:
            out.append(f'"{cell}":{canon(piece)}')
            out.append(f'"{cell}":{canon({**view["board"][cell], "value": piece["value"]})}')
    for s, hand in enumerate(state["hands"]):
        if view["hands"][s] != hand and len(hand) >= 3:
            out.append(canon(hand))
    return out


def feuersalamander_concealed(state: dict[str, Any], view: dict[str, Any], seat: int | None) -> list[str]:
    """Hands are their holders', the deck's order nobody's. (A question's answer is its two seats':
    since version 4 it is only a private event, which concealed_fragments checks with the others.)"""
    from engines.feuersalamander import cards

    out = _hidden_hands(state, seat, "hand", cards.sorted_cards)
    if len(state["deck"]) >= 3:
        out.append(canon(state["deck"][:3])[:-1])  # the next three cards, in order
    for s, drawn in enumerate(state.get("drawn") or []):
        if drawn and s != seat:
            out.append(f'"drawn":{canon(drawn)}')
    return out


def cavemen_concealed(state: dict[str, Any], view: dict[str, Any], seat: int | None) -> list[str]:
    """CV: hands and inactive piles are their owners', the stocks' order nobody's."""
    if state["options"].get("open"):
        out = []
    else:
        out = _hidden_hands(state, seat, "hand", list)
        out += [f'"inactive":{canon(p)}' for s, p in enumerate(state["inactive"]) if s != seat and p]
    for pile in state["stock"]:
        if len(pile) >= 3:
            out.append(canon(pile[:3])[:-1])
    return out


def siedler_concealed(state: dict[str, Any], view: dict[str, Any], seat: int | None) -> list[str]:
    """SI: hands are their holders'; the order of the draw piles, the region pile and the event
    deck nobody's (the view gives their sizes)."""
    out = _hidden_hands(state, seat, "hand", list)
    for pile in [*state.get("piles", []), state.get("region_pile", []), state.get("event_deck", [])]:
        if len(pile) >= 3:
            out.append(canon(pile[:3])[:-1])
    return out


CONCEALED: dict[str, Callable[[dict[str, Any], dict[str, Any], int | None], list[str]]] = {
    "magier": magier_concealed,
    "feuersalamander": feuersalamander_concealed,
    "cavemen": cavemen_concealed,
    "siedler": siedler_concealed,
}


def generic_concealed(state: dict[str, Any], view: dict[str, Any]) -> list[str]:
    """Any engine: each member of the state that the view shows otherwise (or not at all), as
    the state holds it: what a server answering with the raw state would send."""
    out = []
    for k, v in state.items():
        if (k in view and canon(view[k]) != canon(v)) or (k not in view and v):
            out.append(f'"{k}":{canon(v)}')
            if len(canon(v)) >= 24:
                out.append(canon(v))
    return out


# Option sets and bots per engine; an engine not listed plays its defaults with random bots.
GAMES: dict[str, list[tuple[dict[str, Any], list[str]]]] = {
    "magier": [({"blind": False, "move_limit": 6}, ["greedy", "random"]), ({"move_limit": 6}, ["random", "random"])],
    "feuersalamander": [({}, ["random", "simple", "simple"])],  # three seats: one may leave
    "cavemen": [({"round_limit": 4}, ["simple", "random"])],
    "siedler": [({}, ["builder", "random"])],
}


def game_plans() -> list[tuple[str, dict[str, Any], list[str]]]:
    plans = []
    for engine in engines.all():
        if engine.id == "toy":
            continue
        for options, bots in GAMES.get(engine.id, [({}, ["random"] * engine.min_seats)]):
            plans.append((engine.id, options, bots))
    return plans


# -- the server's answers ---------------------------------------------------------------------


@dataclass
class Answer:
    what: str
    status: int
    ctype: str
    text: str
    headers: str = ""

    @property
    def data(self) -> Any:
        return json.loads(self.text)


def _headers(response: Any) -> str:  # requests' answers and the client's alike
    return "\n".join(f"{k}: {v}" for k, v in response.headers.items())


@dataclass
class Caller:
    """One caller of the API: a seat's key, or nobody (unsigned); every answer it got is kept."""

    url: str
    player: Player | None
    seat: int | None
    answers: list[Answer] = field(default_factory=list)

    def ask(self, method: str, path: str, body: Any = None, what: str = "") -> Answer:
        raw = b"" if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if self.player is not None:
            headers |= sign_request(self.player.api.key, method, path, raw, server=self.player.api.signed_for())  # type: ignore[arg-type]
        r = requests.request(method, self.url + path, data=raw or None, headers=headers, timeout=30)
        got = Answer(what or f"{method} {path}", r.status_code, r.headers.get("Content-Type", ""), r.text, _headers(r))
        self.answers.append(got)
        return got


@dataclass
class Stored:
    engine: Any
    game: Game
    state: dict[str, Any]
    entries: list[dict[str, Any]]
    payloads: dict[int, list[dict[str, Any]]]  # seat -> its payloads, in order
    secrets: list[dict[str, Any]]


def stored(game_id: str) -> Stored:
    """The server's own rows for the game, read as it has them (the app runs in this process)."""
    with database.connection_context():
        game = Game.get_by_id(game_id)
        entries = [json.loads(e.data) for e in Entry.select().where(Entry.game == game).order_by(Entry.seq)]
        payloads: dict[int, list[dict[str, Any]]] = {s: [] for s in range(game.seats)}
        for p in Payload.select().where(Payload.game == game).order_by(Payload.seq, Payload.index):
            payloads[p.seat].append(json.loads(p.data))
        found = [json.loads(s.data) for s in Secret.select().where(Secret.game == game)]
    return Stored(engines.get(game.engine), game, json.loads(game.state), entries, payloads, found)


def secret_tokens(st: Stored, seat: int | None) -> set[str]:
    """Salts and seeds only the server (or another seat) holds until the reveal."""
    seed = bytes.fromhex(st.game.seed)
    if st.game.status == "over":
        return set()  # the reveal publishes the seed and every secret
    tokens = {st.game.seed}
    for entry in st.entries:
        seq = entry["seq"]
        tokens.add(state_salt(seed, seq))
        for q in range(st.game.seats):
            if q != seat and "views" in entry["body"]:
                tokens.add(view_salt(seed, seq, q))
        for index, event in enumerate(entry["body"].get("events") or []):
            if isinstance(event, dict) and "commit" in event and seat not in event["to"]:
                tokens.add(event_salt(seed, seq, index))
    for s in st.secrets:
        mover = st.entries[s["seq"]]["body"]["envelope"]["seat"] if "envelope" in st.entries[s["seq"]]["body"] else None
        if mover != seat:
            tokens.add(s["salt"])
    for q, own in st.payloads.items():
        if q != seat:
            tokens.update(p["salt"] for p in own if seat not in p["to"])
    return tokens


def concealed_fragments(st: Stored, seat: int | None, legit: str) -> set[str]:
    view = st.engine.view(st.state, seat)
    found = set(generic_concealed(st.state, view))
    found.update(CONCEALED.get(st.engine.id, lambda *_: [])(st.state, view, seat))
    for q, own in st.payloads.items():  # another seat's private events, as they would be sent
        found.update(canon(p["event"]) for p in own if q != seat and seat not in p["to"])
    return {f for f in found if len(f) >= 8 and f not in legit}


def strings_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings_in(v)


def squeeze(text: str) -> str:
    """Without white space and with Python's quotes as JSON's: a value pasted into a message
    with json.dumps's spaces or as a repr is found as well."""
    return re.sub(r"\s+", "", text).replace("'", '"')


def assert_clean(answers: list[Answer], tokens: set[str], fragments: set[str], who: str) -> None:
    wanted = {squeeze(t): t for t in tokens | fragments}
    for a in answers:
        try:
            data = a.data
        except ValueError:
            data = a.text
        texts = [squeeze(t) for t in (a.text, a.headers, canon(data), *strings_in(data))]
        for token, shown in wanted.items():
            assert not any(token in t for t in texts), f"{who}: {a.what} ({a.status}) leaks {shown[:80]}"


# -- the checks at one point of a game --------------------------------------------------------


def record_answers(player: Player) -> list[Answer]:
    """Every answer this player's client gets while its bot plays (moves, views, logs), kept."""
    got: list[Answer] = []

    def hook(response: Response, *args: Any, **kwargs: Any) -> None:
        req = response.request
        got.append(Answer(f"(bot) {req.method} {req.path_url}", response.status_code,
                          response.headers.get("Content-Type", ""), response.text, _headers(response)))

    player.api.session.hooks["response"].append(hook)
    return got


def check_played(st: Stored, seen: list[list[Answer]]) -> int:
    """What each seat's client got while playing: payloads for that seat only, and none of the
    salts or seeds it has no business with (the fragments of a state that moved on are not
    compared: a card seen then may be hidden now)."""
    count = 0
    for seat, answers in enumerate(seen):
        for a in answers:
            if a.ctype.startswith("application/json") and isinstance(a.data, dict):
                for p in a.data.get("payloads") or []:
                    assert seat in p["to"], f"seat {seat}: {a.what} carries a payload for {p['to']}"
        assert_clean(answers, secret_tokens(st, seat), set(), f"seat {seat} while playing")
        count += len(answers)
        answers.clear()
    return count


def check_point(url: str, game_id: str, players: list[Player], rng: random.Random) -> int:
    """Ask everything as every seat and as nobody; check it against the stored game. The number
    of answers checked."""
    st = stored(game_id)
    engine, game = st.engine, st.game
    head = {"seq": game.head_seq, "hash": game.head_hash}
    over = game.status == "over"
    spectator = engine.view(st.state, None)
    log_text = canon(st.entries)
    callers = [Caller(url, p, s) for s, p in enumerate(players)] + [Caller(url, None, None)]
    base = f"/v1/games/{game_id}"
    count = 0
    for c in callers:
        summary = c.ask("GET", base)
        assert summary.status == 200 and summary.data["view"] == spectator and summary.data["head"] == head
        for path in (f"{base}/log", f"{base}/export"):
            got = c.ask("GET", path)
            assert got.status == 200 and got.data["entries"] == st.entries, path
            assert over or all(e["type"] != "reveal" for e in got.data["entries"])
        if c.seat is None:
            assert c.ask("GET", f"{base}/view").status == 401
            assert c.ask("GET", f"{base}/moves").status == 401
            assert c.ask("POST", f"{base}/moves", {"envelope": {}, "sig": "", "secret": None, "salt": None}).status == 401
            legit = canon(spectator) + log_text
        else:
            mine = engine.view(st.state, c.seat)
            for query in ("", "?open=1"):  # the caller's games, and the open ones: summaries only
                listed = c.ask("GET", f"/v1/games{query}")
                assert listed.status == 200
                for g in listed.data["games"]:
                    if g["id"] == game_id:
                        assert g["view"] in (None, spectator) and g["head"] == head, "a listed game shows more"
            view = c.ask("GET", f"{base}/view")
            assert view.status == 200 and view.data["view"] == mine and view.data["head"] == head
            shown = view.data["payloads"]
            assert all(c.seat in p["to"] for p in shown), "a payload for another seat"
            assert shown == st.payloads[c.seat], "the seat's payloads are not exactly its stored ones"
            for path, body in ((f"{base}/mute", {"mute": False}), (f"{base}/abort", {})):
                other = c.ask("POST", path, body)  # the abort: 409 (too young) or 403 (not the creator)
                assert other.status in (200, 403, 409), (path, other.status, other.text)
            moves = c.ask("GET", f"{base}/moves")
            due = game.status == "running" and game.to_move == c.seat
            legal = engine.legal_moves(st.state, c.seat) if due else []
            assert moves.status == 200 and [m["move"] for m in moves.data["moves"]] == legal
            legit = canon(mine) + canon(spectator) + log_text + canon(legal) + canon(shown)
            if not over:
                refusals(c, st, head, due, rng)
        tokens = secret_tokens(st, c.seat)
        assert_clean(c.answers, tokens, concealed_fragments(st, c.seat, legit), f"seat {c.seat}")
        count += len(c.answers)
    after = stored(game_id).game
    assert (after.head_seq, after.head_hash) == (game.head_seq, game.head_hash), "a refused request wrote"
    mail = outbox(game_id)  # API.md "Mail": public data only, whoever it goes to
    legit = canon(spectator) + log_text
    assert_clean(mail, secret_tokens(st, None), concealed_fragments(st, None, legit), "mail")
    return count + len(mail)


def outbox(game_id: str) -> list[Answer]:
    """The game's mail as its recipients read it: every text part, decoded."""
    with database.connection_context():
        causes.compose_waiting()  # as the sender composes a queued cause before it sends it
        rows = list(Mail.select().where(Mail.game == game_id).order_by(Mail.id))
    out = []
    for row in rows:
        message = email.message_from_string(row.message, policy=email.policy.default)
        parts = [p.get_content() for p in message.walk() if p.get_content_maintype() == "text"]
        head = "\n".join(f"{k}: {v}" for k, v in message.items())
        out.append(Answer(f"mail {row.kind} to {row.to_addr}", 0, "message/rfc822", "\n".join(parts), head))
    return out


def refusals(c: Caller, st: Stored, head: dict[str, Any], due: bool, rng: random.Random) -> None:
    """Moves the server must refuse, signed by this seat: each refusal is a problem+json that
    says no more than a problem says (and the 409 the head, which is public)."""
    assert c.player is not None and c.seat is not None
    key = c.player.api.key
    base = f"/v1/games/{st.game.id}"
    stale = {"seq": head["seq"] - 1, "hash": entry_hash(st.entries[head["seq"] - 2])} if head["seq"] >= 2 else None
    candidates = [{"type": "no-such-move"}, {"type": "place", "cell": "z99", "value": 99}]
    legal = st.engine.legal_moves(st.state, c.seat) if due else []
    if legal:
        candidates.append({**rng.choice(legal), "bogus": True})
    bodies = [(head, move, (400, 422) if due else (422,)) for move in candidates]
    if stale is not None and legal:
        bodies.append((stale, rng.choice(legal), (409,)))
    for at, move, allowed in bodies:
        public, secret = move, None
        if move in legal:
            public, secret = st.engine.split_move(move)
        salt = secrets.token_hex(32)
        committed = commit(TAG_SECRET, secret, salt) if secret is not None else None
        env = envelope(st.game.id, at["seq"] + 1, at["hash"], c.seat, public, committed, secrets.token_hex(32), "2026-01-01T00:00:00Z")
        body = {"envelope": env, "sig": sign_envelope(env, key), "secret": secret, "salt": salt if secret is not None else None}  # type: ignore[arg-type]
        got = c.ask("POST", f"{base}/moves", body, what=f"refused move {canon(move)[:60]}")
        assert got.status in allowed, (got.status, got.text, move)
        assert got.ctype.startswith("application/problem+json")
        problem = got.data
        assert set(problem) <= {"type", "title", "status", "detail", "head"}, problem
        if got.status == 409:
            assert problem["head"] == head


# -- the test ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_no_answer_leaks_what_the_seat_does_not_see(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    checked: dict[str, int] = {}
    with serve(tmp_path / "server") as live:
        for n, (engine_id, options, bots) in enumerate(game_plans()):
            players = []
            for seat in range(len(bots)):
                player = Player(tmp_path / "homes" / f"g{n}s{seat}")
                player.init_account(live.url, f"g{n}s{seat}", f"g{n}s{seat}@example.org")
                players.append(player)
            seen = [record_answers(p) for p in players]  # from the joins on
            game = players[0].new_game(engine_id, options, len(bots), email_moves=True)["id"]  # its mail shows example moves
            for player in players:
                player.join(game)
            stops = sorted(rng.sample(range(1, MOST_MOVES), CHECKPOINTS - 1)) + [MOST_MOVES]
            made = 0
            label = f"{engine_id} {canon(options)} x{len(bots)}"
            checked[label] = check_played(stored(game), seen) + check_point(live.url, game, players, rng)
            for stop in stops:
                while made < stop:
                    summary = players[0].api.game(game)
                    if summary["status"] != "running":
                        break
                    seat = summary["to_move"]
                    moved = players[seat].play_bot(game, bots[seat], until_over=False, rng=rng, poll=0)
                    assert moved == 1, f"{label}: seat {seat}'s bot made no move"
                    made += 1
                checked[label] += check_played(stored(game), seen) + check_point(live.url, game, players, rng)
                if players[0].api.game(game)["status"] != "running":
                    break
            else:  # still running: a seat resigns (in a game of three it leaves, the others play on)
                players[rng.randrange(len(players))].resign(game)
                checked[label] += check_played(stored(game), seen) + check_point(live.url, game, players, rng)
    print(f"answers checked per game: {checked}")
    assert set(checked) and all(checked.values())
