"""A mail's header lines are the same whether written as given or parsed first.

`compose.compose` writes short printable-ASCII header values as they are (`_plain`), which
saves the header registry's parse in every append's transaction; for those values the
registry writes back the very same line. These tests compose the same mails both ways, the
second with every header parsed as `msg[name] = value` does and the body set by set_content,
and compare the text byte for byte, over generated names, addresses, subjects, ids, tokens and
bodies (ASCII and not, long and short).
"""

from __future__ import annotations

import datetime as dt
from email.message import EmailMessage
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.mail import addressing, compose, notices

SETTINGS = addressing.settings_from_config({"PUBLIC_URL": "https://pbem.example.org"}, b"k" * 32)
ODD = addressing.settings_from_config(
    {"PUBLIC_URL": "https://p.example.org/" + "x" * 80, "MAIL_FROM": "Spiele Ümläut <spiel@example.org>"}, b"s" * 32
)


def _parsed(msg: EmailMessage, name: str, value: str) -> None:
    msg[name] = value


def _content(msg: EmailMessage, text: str) -> None:
    msg.set_content(text)


def both(**kw: Any) -> tuple[str, str | None]:
    """The mail both ways; None for the second when the header registry cannot parse a value
    (it raises on some odd message ids, which a refused email move's reply may quote). The
    first is also checked against what the email package's generator writes for it."""
    msg = compose.compose(**kw)
    fast = compose.as_text(msg)
    assert fast == msg.as_string(policy=compose.POLICY)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(compose, "_plain", _parsed)
        m.setattr(compose, "_text", _content)
        try:
            slow = compose.as_text(compose.compose(**kw))
        except (IndexError, ValueError):
            slow = None
    return fast, slow


TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=90)
ASCII = st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=90) | st.from_regex(
    r"[!-~]{1,40}( [!-~]{1,40}){0,30}", fullmatch=True  # up to 1,270 characters: across the 998 limit
)
# every kind the server queues (notices.py, clock.py and sweeper.py's deadline notices)
KINDS = [
    "turn", "start", "over", "invite", "digest", "reply_refused",
    "warning", "reminder", "timeout", "forfeit", "vacation", "abort",
]
LOCAL = st.from_regex(r"[a-z0-9][a-z0-9.+_-]{0,20}", fullmatch=True)


@settings(max_examples=300, deadline=None)
@given(
    name=st.none() | TEXT | ASCII,
    local=LOCAL,
    subject=TEXT | ASCII,
    kind=st.sampled_from(KINDS),
    game=st.none() | st.from_regex(r"[0-9a-f]{16}", fullmatch=True),
    account=st.none() | st.integers(1, 10**9),
    token=st.none() | st.from_regex(r"[a-z0-9]{8,40}", fullmatch=True),
    reply=st.none() | ASCII.map("<".__add__) | st.from_regex(r"<[a-z0-9.]{1,70}@[a-z.]{1,20}>", fullmatch=True),
    when=st.datetimes(min_value=dt.datetime(1990, 1, 1), max_value=dt.datetime(2200, 1, 1)),
    odd=st.booleans(),
    text=st.lists(TEXT | ASCII | st.sampled_from(["", "  x", "\r", "a\rb", "a\x0bb\x0c", "\tc\x1c", "x" * 998, "y" * 999]), max_size=6).map(
        "\n".join
    ),
)
def test_written_as_given_or_parsed_the_mail_is_the_same(
    name: Any, local: str, subject: str, kind: str, game: Any,
    account: Any, token: Any, reply: Any, when: dt.datetime, odd: bool, text: str,
) -> None:
    mail = ODD if odd else SETTINGS
    fast, slow = both(
        settings=mail, kind=kind, to_name=name, to_addr=f"{local}@example.org",
        subject=subject, text=text, msg_id=addressing.message_id(mail, game, 7, kind, "r"),
        game_id=game, account_id=account, when=when,
        reply_to=notices.token_address(mail, token) if token else None, in_reply_to=reply,
    )
    if slow is None:  # before, composing this reply raised: now it quotes the id as it came
        assert f"\nIn-Reply-To: {reply}\nReferences: {reply}\n" in fast
    else:
        assert fast == slow


def test_a_your_turn_mail_reads_as_before() -> None:
    """The everyday case, spelled out: the headers a your-turn mail carries, in order."""
    fast, slow = both(
        settings=SETTINGS, kind="turn", to_name="Ada", to_addr="ada@example.org",
        subject="pbem 0123456789abcdef (Der Feuersalamander): your turn", text="Your turn.\n",
        msg_id="<g.0123456789abcdef.s7.turn.r@pbem.example.org>", game_id="0123456789abcdef",
        account_id=4, when=dt.datetime(2026, 11, 30, 12, 0), reply_to="pbem+abc123@pbem.example.org",
    )
    assert fast == slow
    names = [line.split(":", 1)[0] for line in fast.split("\n\n", 1)[0].splitlines()]
    assert names == [
        "From", "To", "Subject", "Date", "Message-ID", "Reply-To", "In-Reply-To", "References",
        "List-Unsubscribe", "List-Unsubscribe-Post", "Auto-Submitted", "X-Pbem-Kind", "X-Pbem-Game",
        "Content-Type", "Content-Transfer-Encoding", "MIME-Version",
    ]
    assert "Date: Mon, 30 Nov 2026 12:00:00 +0000\n" in fast
    msg = compose.compose(
        SETTINGS, kind="turn", to_name="Ada", to_addr="ada@example.org", subject="your turn", text="Hi.\n",
        msg_id="<m@pbem.example.org>", game_id="0123456789abcdef", account_id=4, when=dt.datetime(2026, 1, 1),
    )
    assert all(type(value) is str for _, value in msg.raw_items())
    with pytest.MonkeyPatch.context() as m:  # as_text's direct way is taken: no generator
        m.setattr(EmailMessage, "as_string", None)
        assert compose.as_text(msg).endswith("\n\nHi.\n")
