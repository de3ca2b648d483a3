"""Make corpus logs with an old commit's own code: games its demo does not leave behind.

Run from a git worktree of that commit, with that worktree first on PYTHONPATH, so its server,
client, engines and protocol do all the work (this file only drives them, through the same
`client.demo` helpers and `client.play.Player` calls its demo makes):

    cd /tmp/wt-corpus-8722713
    PYTHONPATH=$PWD /work/main/.venv/bin/python /work/main/tests/corpus/play_old.py running OUT_DIR

`running` plays each engine of that commit (and its demo's EXTRA_GAMES) with the demo's bots for
a few moves only and exports the game mid-way, as `pbem export` of a running game does (labels
after OUT_DIR, e.g. `siedler cavemen-open`, play those games only): its
audit is INCOMPLETE (the server's seed is still secret). `answers` (commits from c722d99 on,
which have answers in advance) plays one whole game per engine where every seat first states
the answers in advance named in ANSWERS, so the log holds `answers` and `standing` entries in
that commit's shape; its audit is PASS. `respelled` (commits before e28135c, whose server took
any move its rules' `apply` took, not only the listed ones) plays the demo's games with each bot
move first sent written otherwise, as a player or another client could write it: in magier cells
in capitals or with spaces around them and a jump along another valid path than the listed one;
in the other games a list in reverse order or a field left out. That commit's client signs and
sends each; what its server's rules take is logged as sent, what they refuse is sent again as
listed. Its audit is PASS: an old version keeps reading what it once took. `resigned` plays a
few moves, then the seats resign (the last first) until the game is over; `aborted` makes a game
its creator joins and aborts before anyone else joins. `bot` and `forfeit` play a game with a
one-day deadline that acts so on expiry: a few moves, then nobody moves, and the commit's own
`pbem-server tick --now T` (T two days later each time) times the seat to move out. `email`
plays a game that takes moves by email: its first decisions are replies to the your-turn mail,
played by the commit's own `pbem-server inbox`, then the bots play on.

Nothing here is imported by the tests: it is the provenance of the files tests/corpus/README.md
says it made.
"""

from __future__ import annotations

import os
import random
import shutil
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import engines
from client.demo import BOTS, EXTRA_GAMES, NAMES, OPTIONS, free_port, start_server
from client.play import Player

MOVES = 8  # moves a running game is given before its export: a few turns of every seat
# The answers in advance each seat states in an `answers` game (the engine's rule texts).
ANSWERS = {"siedler": ["forced", "decline-trades", "never-counter", "plenty-least-held"]}


def games() -> list[tuple[str, str, dict[str, Any]]]:
    """(label, engine, options) of every game the commit's demo plays."""
    out = [(e, e, OPTIONS.get(e, {})) for e in engines.ids()]
    return out + [(label, e, opts) for label, (e, opts) in EXTRA_GAMES.items() if e in engines.ids()]


def seated(
    url: str, work: Path, label: str, engine_id: str, options: dict[str, Any], **create: Any
) -> tuple[str, list[Player], list[str]]:
    """A new game of `engine_id` (`create`: new_game's deadline or email_moves), every seat
    joined by a player of its own: (game, players, bots)."""
    bots = BOTS.get(engine_id, ["random"] * engines.get(engine_id).min_seats)
    players = []
    for i in range(len(bots)):
        player = Player(work / f"{label}-{NAMES[i]}")
        player.init_account(url, f"{NAMES[i]}-{label}", f"{NAMES[i]}@example.org")
        players.append(player)
    game = players[0].new_game(engine_id, options, len(bots), **create)["id"]
    for player in players:
        player.join(game)
    return game, players, bots


def few_moves(game: str, players: list[Player], bots: list[str]) -> int:
    """MOVES moves (or a few more) of the demo's bots, a turn at a time: how many were made."""
    rng = random.Random(0)
    made = 0
    for _ in range(100):
        for player, bot in zip(players, bots, strict=True):
            made += player.play_bot(game, bot, until_over=False, rng=rng)
        if made >= MOVES:
            break
    return made


def running(url: str, work: Path, out: Path, label: str, engine_id: str, options: dict[str, Any]) -> Path:
    """MOVES moves of the demo's bots, a turn at a time, then the export of the running game."""
    game, players, bots = seated(url, work, f"{label}-running", engine_id, options)
    made = few_moves(game, players, bots)
    state = players[0].show(game)
    if state["status"] != "running":
        raise SystemExit(f"{label}: the game is {state['status']} after {made} moves, not running")
    path = out / f"{label}-running-{game}.json"
    players[0].export(game, path)
    print(f"  {label}: running game {game} exported after {made} moves, head {state['head']['seq']}", flush=True)
    return path


def resigning(url: str, work: Path, out: Path, label: str, engine_id: str, options: dict[str, Any]) -> Path:
    """MOVES moves of the demo's bots, then the seats resign, the last one first, until the
    game is over (a game of three goes on after the first resignation)."""
    game, players, bots = seated(url, work, f"{label}-resigned", engine_id, options)
    made = few_moves(game, players, bots)
    resigned = 0
    for player in reversed(players):
        if players[0].show(game)["status"] == "over":
            break
        player.resign(game)
        resigned += 1
    path = out / f"{label}-resigned-{game}.json"
    data = players[0].export(game, path)
    print(f"  {label}: game {game} over after {made} moves and {resigned} resignations, {len(data['entries'])} entries", flush=True)
    return path


def aborting(url: str, work: Path, out: Path, label: str, engine_id: str, options: dict[str, Any]) -> Path:
    """A game its creator made and joined, aborted before anyone else joined."""
    player = Player(work / f"{label}-aborted-{NAMES[0]}")
    player.init_account(url, f"{NAMES[0]}-{label}-aborted", f"{NAMES[0]}@example.org")
    seats = len(BOTS.get(engine_id, ["random"] * engines.get(engine_id).min_seats))
    game = player.new_game(engine_id, options, seats)["id"]
    player.join(game)
    player.abort(game)
    path = out / f"{label}-aborted-{game}.json"
    data = player.export(game, path)
    print(f"  {label}: game {game} aborted, {len(data['entries'])} entries", flush=True)
    return path


TICKS = 40  # the sweeper's runs a game with a deadline gets, a simulated two days apart


def expiring(url: str, work: Path, out: Path, label: str, engine_id: str, options: dict[str, Any], on_expiry: str) -> Path:
    """A game with a one-day deadline (no grace): MOVES moves of the demo's bots, then nobody
    moves, and the commit's own `pbem-server tick --now T` runs with T two days later each
    time, so the seat to move times out (a bot's move made by the server, or a forfeit) until
    the game is over or TICKS runs are done."""
    import datetime as dt
    import subprocess

    deadline = {"days": 1, "grace_hours": 0, "on_expiry": on_expiry}
    game, players, bots = seated(url, work, f"{label}-{on_expiry}", engine_id, options, deadline=deadline)
    made = few_moves(game, players, bots)
    exe = Path(sys.executable).parent / "pbem-server"
    start = dt.datetime.now(dt.UTC).replace(microsecond=0, tzinfo=None)
    ticks = 0
    while ticks < TICKS and players[0].show(game)["status"] != "over":
        ticks += 1
        at = (start + dt.timedelta(days=2 * ticks)).strftime("%Y-%m-%dT%H:%M:%SZ")
        subprocess.run([str(exe), "tick", "--data-dir", str(work), "--now", at], check=True, capture_output=True)
    path = out / f"{label}-{on_expiry}-{game}.json"
    data = players[0].export(game, path)
    kinds = [e["type"] for e in data["entries"]]
    print(
        f"  {label}: game {game} ({on_expiry} on expiry) after {made} moves and {ticks} ticks: "
        f"{len(kinds)} entries, {players[0].show(game)['status']}; entry types {sorted(set(kinds))}",
        flush=True,
    )
    return path


MAILED_MOVES = 6  # decisions answered by a reply to the your-turn mail before the bots play on


def turn_seq(mail: Any) -> int:
    """The log entry a your-turn mail was written at (its body says "log entry N")."""
    import re

    found = re.search(r"log entry (\d+)", mail.get_content())
    return int(found.group(1)) if found else -1


def newest_turn_mail(work: Path, game: str, address: str) -> Any:
    """The newest your-turn mail of `game` to `address` in the server's outbox (.eml files its
    mail thread writes: the demo's server has no SMTP), or None."""
    from email import policy
    from email.parser import BytesParser

    best: tuple[int, Any] | None = None
    for path in (work / "outbox").glob("*.eml"):
        mail = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
        if mail["X-Pbem-Game"] != game or mail["X-Pbem-Kind"] != "turn" or address not in str(mail["To"]):
            continue
        seq = turn_seq(mail)
        if best is None or seq > best[0]:
            best = (seq, mail)
    return None if best is None else best[1]


def mailing(url: str, work: Path, out: Path, label: str, engine_id: str, options: dict[str, Any]) -> Path:
    """A game that takes moves by email: the first MAILED_MOVES decisions are replies to the
    seat's your-turn mail (the move's text on the first line, the mail quoted below, as a mail
    client writes it), played by the commit's own `pbem-server inbox`; then the demo's bots
    play the game to its end."""
    import subprocess
    import time
    from email.message import EmailMessage
    from email.utils import make_msgid

    game, players, bots = seated(url, work, f"{label}-email", engine_id, options, email_moves=True)
    exe = Path(sys.executable).parent / "pbem-server"
    rng = random.Random(0)
    mailed = 0
    while mailed < MAILED_MOVES:
        shown = players[0].show(game)
        seat = shown.get("to_move")
        if shown["status"] != "running" or not isinstance(seat, int):
            break
        player, address = players[seat], f"{NAMES[seat]}@example.org"
        st = player.state(game)
        listed = [m["move"] for m in player.api.moves(game).get("moves") or []]
        text = st.engine.format(st.engine.bots()[bots[seat]](st.view, listed, rng))
        head = shown["head"]["seq"]
        for _ in range(5):  # the commit's own sender writes the outbox out, as the demo has it do
            subprocess.run([str(exe), "mail", "--once", "--data-dir", str(work)], capture_output=True, check=True)
            mail = newest_turn_mail(work, game, address)
            if mail is not None and turn_seq(mail) >= head:
                break
            time.sleep(0.5)
        else:
            raise SystemExit(f"{label}: no your-turn mail for seat {seat} at entry {head}")
        reply = EmailMessage()
        reply["From"] = address
        reply["To"] = mail["Reply-To"] or mail["From"]
        reply["Subject"] = "Re: " + str(mail["Subject"])
        reply["Message-ID"] = make_msgid(domain="mail.example.org")
        reply["In-Reply-To"] = reply["References"] = mail["Message-ID"]
        quoted = "\n".join("> " + q for q in mail.get_content().splitlines())
        reply.set_content(f"{text}\n\nOn a day, pbem wrote:\n{quoted}\n")
        done = subprocess.run(
            [str(exe), "inbox", "--data-dir", str(work), "--json"], input=bytes(reply), capture_output=True, check=True
        )
        if '"played"' not in done.stdout.decode():
            raise SystemExit(f"{label}: the reply {text!r} was not played: {done.stdout.decode()} {done.stderr.decode()}")
        mailed += 1
    errors: list[BaseException] = []

    def run(player: Player, bot: str) -> None:
        try:
            player.play_bot(game, bot, poll=0.02)
        except BaseException as exc:  # reported below; a run must not hang on a dead thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=pb, daemon=True) for pb in zip(players, bots, strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    if errors:
        raise SystemExit(f"{label}: a bot failed: {errors[0]!r}")
    path = out / f"{label}-email-{game}.json"
    data = players[0].export(game, path)
    by_mail = sum(1 for e in data["entries"] if e["type"] == "system" and e["body"].get("kind") == "email_move")
    print(f"  {label}: game {game} over after {len(data['entries'])} entries, {by_mail} moves by email", flush=True)
    return path


def answering(url: str, work: Path, out: Path, label: str, engine_id: str, options: dict[str, Any]) -> Path:
    """A whole game of the demo's bots where every seat answers ANSWERS in advance."""
    game, players, bots = seated(url, work, f"{label}-answers", engine_id, options)
    engine = engines.get(engine_id)
    rules = [engine.parse_rule(text) for text in ANSWERS.get(engine_id, ["forced"])]
    for player in players:
        player.set_answers(game, rules)
    errors: list[BaseException] = []

    def run(player: Player, bot: str) -> None:
        try:
            player.play_bot(game, bot, poll=0.02)
        except BaseException as exc:  # reported below; a run must not hang on a dead thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=pb, daemon=True) for pb in zip(players, bots, strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    if errors:
        raise SystemExit(f"{label}: a bot failed: {errors[0]!r}")
    path = out / f"{label}-answers-{game}.json"
    data = players[0].export(game, path)
    kinds = [e["type"] for e in data["entries"]]
    print(
        f"  {label}: game {game} with answers in advance over after {len(kinds)} entries "
        f"({kinds.count('answers')} answers, {kinds.count('standing')} standing)",
        flush=True,
    )
    return path


SPELLINGS = (str.upper, lambda c: f" {c}", lambda c: f"{c.upper()} ", lambda c: c)


def other_path(view: dict[str, Any], path: list[str], rng: random.Random) -> list[str]:
    """Another valid path of the jump `path` to the same cell (the longest found), or `path`:
    a depth-first walk over single jumps with the old engine's own `_hops`."""
    from engines.magier.board import CELLS
    from engines.magier.mechanics import _hops, cells_from_board

    cells = cells_from_board(view["board"])
    index = {name: i for i, name in enumerate(CELLS)}
    src, dest = index[path[0]], index[path[-1]]
    found: list[list[int]] = []

    def walk(trail: list[int]) -> None:
        if len(found) > 50:
            return
        for land in _hops(cells, src, trail[-1]):
            if land in trail:
                continue
            if land == dest:
                found.append([*trail, land])
            else:
                walk([*trail, land])

    walk([src])
    others = [p for p in found if [CELLS[i] for i in p] != path]
    if not others:
        return path
    longest = max(len(p) for p in others)
    return [CELLS[i] for i in rng.choice([p for p in others if len(p) == longest])]


def respell(view: dict[str, Any], move: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A magier move as a player might type it: another spelling of each cell, another jump path."""
    spell = rng.choice(SPELLINGS)
    out = dict(move)
    if move.get("type") == "jump":
        out["path"] = [spell(c) for c in other_path(view, list(move["path"]), rng)]
    for field in ("cell", "from", "to"):
        if isinstance(move.get(field), str):
            out[field] = spell(move[field])
    return out


def otherwise(engine_id: str, view: dict[str, Any], move: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The move written another way the rules may read the same: magier's respelling, else a
    list field in reverse order or a field left out (the server says whether its rules take it)."""
    if engine_id == "magier":
        return respell(view, move, rng)
    ways = [
        {**move, k: list(reversed(v))}
        for k, v in move.items()
        if isinstance(v, list) and len(v) > 1 and list(reversed(v)) != v
    ]
    ways += [{f: v for f, v in move.items() if f != k} for k in move if k != "type"]
    return rng.choice(ways) if ways else move


def respelling(url: str, work: Path, out: Path, label: str, engine_id: str, options: dict[str, Any]) -> Path:
    """A whole game of the demo's bots, each move first sent written otherwise (`otherwise`);
    one the server refuses (400 or 422) is then sent as listed."""
    from client.api import ApiError

    game, players, bots = seated(url, work, f"{label}-respelled", engine_id, options)
    rng = random.Random(0)
    engine = engines.get(engine_id)
    sent = {"otherwise": 0, "refused": 0, "listed": 0}

    def turn(player: Player, choose: Any) -> bool:
        """This seat's move if it is due (as the demo's bot picks it); whether the game is over."""
        st = player.state(game)
        if st.status == "over":
            return True
        if not st.my_turn:
            return False
        offered = player.api.moves(game)
        if offered.get("head") != st.head:
            return False
        listed = [m["move"] for m in offered.get("moves") or []]
        keep = getattr(st.engine, "own_moves", None)
        if callable(keep):  # a blind game lists values this seat no longer holds
            listed = keep(st.view, listed)
        if not listed:
            return False
        move = choose(st.view, listed, rng)
        other = otherwise(engine_id, st.view, move, rng)
        if other != move:
            try:
                player.submit(st, other)
                sent["otherwise"] += 1
                return False
            except ApiError as exc:
                if exc.status not in (400, 422):
                    raise
                sent["refused"] += 1
        player.submit(st, move)
        sent["listed"] += 1
        return False

    over = False
    for _ in range(5000):
        for player, bot in zip(players, bots, strict=True):
            over = over or turn(player, engine.bots()[bot])
        if over:
            break
    path = out / f"{label}-respelled-{game}.json"
    data = players[0].export(game, path)
    print(
        f"  {label}: game {game} over after {len(data['entries'])} entries; moves written otherwise "
        f"and logged: {sent['otherwise']}, refused and sent as listed: {sent['refused']}, sent as "
        f"listed: {sent['listed']}",
        flush=True,
    )
    return path


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("running", "answers", "respelled", "resigned", "aborted", "bot", "forfeit", "email"):
        print(__doc__)
        return 2
    kind, out, only = argv[0], Path(argv[1]), set(argv[2:])
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="pbem-corpus-"))
    port = free_port()
    # as the demo starts it: no SMTP (its mail becomes .eml files), links to this port
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_SMTP_")}
    env["PBEM_PUBLIC_URL"] = f"http://127.0.0.1:{port}"
    os.environ["PBEM_PUBLIC_URL"] = env["PBEM_PUBLIC_URL"]  # its tick, mail and inbox make mail too
    server = start_server(work, port, workers=2, env=env)
    try:
        for label, engine_id, options in games():
            if only and label not in only:
                continue
            make = {
                "running": running,
                "answers": answering,
                "respelled": respelling,
                "resigned": resigning,
                "aborted": aborting,
                "bot": lambda *a: expiring(*a, on_expiry="bot"),
                "forfeit": lambda *a: expiring(*a, on_expiry="forfeit"),
                "email": mailing,
            }[kind]
            make(f"http://127.0.0.1:{port}", work, out, label, engine_id, options)
    finally:
        server.terminate()
        server.wait(timeout=10)
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
