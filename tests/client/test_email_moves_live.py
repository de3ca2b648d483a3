"""Reply by email with the real client: `pbem new --email-moves` signs the opt-in
into the genesis, a reply to the your-turn mail is played by `server.mail.inbox`, the other
player's client follows the email_move entry (views, payloads), `pbem log` says it was by
email and server-attested, and the finished game's export audits PASS naming it.
"""

from __future__ import annotations

import email
import email.policy
import json
import re
from collections.abc import Callable
from email.message import EmailMessage
from email.utils import make_msgid

from typer.testing import CliRunner

from client.cli import app
from client.play import Player
from protocol.audit import audit
from protocol.keys import SigningKey
from server.ledger.ledger import Ledger
from server.mail import causes, inbox
from server.store.models import Mail, database
from tests.conftest import LiveServer


def turn_mail(game: str, to: str) -> EmailMessage:
    with database.connection_context():
        causes.compose_waiting()  # as the sender composes a queued cause before it sends it
        rows = list(Mail.select().where((Mail.game == game) & (Mail.kind == "turn") & (Mail.to_addr == to)).order_by(Mail.id))
    msg = email.message_from_string(rows[-1].message, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    return msg


def test_new_email_moves_reply_log_and_audit(make_player: Callable[[str], Player], live_server: LiveServer) -> None:
    north, south = make_player("north"), make_player("south")
    runner = CliRunner()
    n_env, s_env = {"PBEM_HOME": str(north.store.home)}, {"PBEM_HOME": str(south.store.home)}
    made = runner.invoke(app, ["new", "toy", "-O", "rounds=1", "--email-moves", "--json"], env=n_env)
    assert made.exit_code == 0, made.output
    game = json.loads(made.stdout)["id"]
    assert runner.invoke(app, ["join", game], env=s_env).exit_code == 0
    assert north.log(game)[0]["body"]["email_moves"] is True

    mail = turn_mail(game, "north@example.org")
    token = re.search(r"token: ([0-9a-f]{32})", mail.get_content()).group(1)  # type: ignore[union-attr]
    reply = EmailMessage()
    reply["From"] = "north@example.org"
    reply["To"] = mail["Reply-To"]
    reply["Subject"] = "Re: " + str(mail["Subject"])
    reply["Message-ID"] = make_msgid(domain="example.org")
    reply["In-Reply-To"] = mail["Message-ID"]
    reply.set_content("hide 2\n\n> " + "\n> ".join(mail.get_content().splitlines()))
    ledger = Ledger(SigningKey.load(live_server.data_dir / "server_key.pem"))
    with database.connection_context():
        out = inbox.process(ledger, reply.as_bytes())
    assert out.outcome == "played", out

    # south's client follows the server-attested move and checks its view against it
    entry = [e for e in south.log(game) if e["body"].get("kind") == "email_move"]
    assert len(entry) == 1 and entry[0]["body"]["token"] == token
    south.show(game)
    lines = runner.invoke(app, ["log", game], env=s_env).stdout
    assert "north moved hide by email (with a concealed part) (server-attested" in lines

    while (seat := north.log(game)[-1]["body"].get("to_move")) is not None:
        (north, south)[seat].move(game, "pass")
    export = north.export(game)
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.to_json()
    assert verdict.checked["attested"] == 1
    path = north.store.home / "game.json"
    path.write_text(json.dumps(export))
    printed = runner.invoke(app, ["audit", str(path)], env=n_env)
    assert printed.exit_code == 0, printed.output
    assert "1 move(s) were made by email: server-attested, not player-signed" in " ".join(printed.stdout.split())
