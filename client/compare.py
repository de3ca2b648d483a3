"""Two players compare what the server showed them, by reading a short code to each other.

A receipt (the newest signed head a player verified, with every seat's pinned key)
is a strong statement: if two players' receipts lie on one chain, the server showed
them one history. `pbem compare GAME` prints this player's receipt as a code short
enough to read over the phone (`42:1a2b3c4d5e6f7a8b9c0d:ab12cd34ef56:25`: the entry,
the first 80 bits of its hash, a fingerprint of the seats' keys and a check); `pbem
compare GAME CODE` checks another player's code against this player's verified log. A
server that showed the two of them two histories must then find an 80-bit second
preimage of SHA-256 to go unnoticed.

The check is there because a mismatch is an accusation (exit 4, "the server forked"): a
code misread over the phone must never look like one. It is a weighted sum mod 251, like
ISBN-10's check digit, so every one-character substitution is caught for sure, not with
odds (docs/PROTOCOL.md section 13, "Compare codes", gives the formula and why). A code
that does not check is bad usage, exit 2; a code without the check, as pbem printed it
before, is still read as before, in exactly the shape it was printed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from client import verify
from client.api import Api
from client.store import Store
from protocol.canonical import digest
from protocol.entries import entry_hash
from protocol.numbers import is_whole

HEAD_CHARS = 20  # 80 bits of the entry hash: five groups of four to read aloud
KEYS_CHARS = 12
SEQ_DIGITS = 10  # protocol.numbers' INT32_MAX: the check's proof below needs at most 12
CHECK_MOD = 251  # a prime: a nonzero weight times a nonzero change is never 0 mod it
_HEX = re.compile(r"[0-9a-f]+")
TYPO = "check it with the other player"
EXAMPLE = "42:1a2b3c4d5e6f7a8b9c0d:ab12cd34ef56:25"  # its check is right (tests/client/test_compare.py)


class CompareError(verify.VerifyError):
    """The other player's code does not fit this player's verified log: two histories."""


class CodeTypo(ValueError):
    """A text that cannot be a code some pbem printed: bad usage (exit 2), never a fork."""


@dataclass(frozen=True)
class Code:
    seq: int
    head: str  # a hex prefix of the entry hash
    keys: str | None  # a hex prefix of the keys fingerprint, None before the start
    checked: bool = True  # False for a code read without a check (as older pbem printed it)

    def text(self) -> str:
        plain = f"{self.seq}:{self.head}:{self.keys or '-'}"
        return f"{plain}:{check_digits(str(self.seq), self.head, self.keys)}" if self.checked else plain


def check_digits(seq: str, head: str, keys: str | None) -> str:
    """Two hex digits: sum of weight * value mod 251, each character with its own weight.

    Seq digit j (from 1) weighs j and counts its digit + 1; head character i weighs 11 + i,
    keys character i weighs 31 + i, each counting its hex value (a '-' for no keys counts
    16 at weight 43). A substitution changes one term by a weight (1..42) times a change
    (1..16): never a multiple of the prime 251. Lengths of head and keys are fixed, so a
    character read as a space (dropped) is a wrong length; in the seq, dropping digit j
    lowers the sum by j * (d_j + 1) plus d_i + 1 for each later digit: 1..190 for ten digits.
    """
    total = sum((j + 1) * (int(d) + 1) for j, d in enumerate(seq))
    total += sum((11 + i) * int(c, 16) for i, c in enumerate(head))
    total += 43 * 16 if keys is None else sum((31 + i) * int(c, 16) for i, c in enumerate(keys))
    return f"{total % CHECK_MOD:02x}"


def keys_fingerprint(players: dict[str, str]) -> str:
    """One hash over every seat's pinned key, in seat order."""
    return digest({"players": dict(sorted(players.items(), key=lambda kv: int(kv[0])))})


def receipt_code(receipt: dict[str, Any]) -> Code:
    started = receipt.get("started") is not None
    keys = keys_fingerprint(receipt.get("players") or {})[:KEYS_CHARS] if started else None
    return Code(int(receipt["seq"]), str(receipt["hash"])[:HEAD_CHARS], keys)


def groups(hex_text: str) -> str:
    """'1a2b3c4d5e6f' -> '1a2b 3c4d 5e6f': easier to read aloud."""
    return " ".join(hex_text[i : i + 4] for i in range(0, len(hex_text), 4))


def parse_code(text: str) -> Code:
    """Reads a code as printed, as typed after being read aloud (spaces, dashes, upper case).

    Anything but a code that checks is a CodeTypo: SEQ:HEAD:KEYS:CHECK with a head of 20 hex,
    keys of 12 hex (or '-' before the start) and the right check, or, as older pbem printed
    it, SEQ:HEAD:KEYS of exactly those lengths (no new code is one typo away from that shape).
    """
    parts = [re.sub(r"\s", "", part).lower() for part in text.split(":")]
    if len(parts) in (3, 4):
        parts[1] = parts[1].replace("-", "")
        if parts[2] != "-":
            parts[2] = parts[2].replace("-", "")
    shape = (
        len(parts) in (3, 4)
        and len(parts[0]) <= SEQ_DIGITS
        and is_whole(parts[0])  # protocol.numbers: "²".isdigit() is true
        and len(parts[1]) == HEAD_CHARS
        and _HEX.fullmatch(parts[1]) is not None
        and (parts[2] == "-" or (len(parts[2]) == KEYS_CHARS and _HEX.fullmatch(parts[2]) is not None))
    )
    if not shape:
        raise CodeTypo(
            f"this code has a typo: {TYPO} ({text!r} is not a pbem compare code, which reads "
            f"SEQ:HEAD:KEYS:CHECK, e.g. {EXAMPLE})"
        )
    seq, head, keys = parts[0], parts[1], None if parts[2] == "-" else parts[2]
    if len(parts) == 3:
        return Code(int(seq), head, keys, checked=False)
    if parts[3] != check_digits(seq, head, keys):
        raise CodeTypo(f"this code has a typo: {TYPO} (its check {parts[3]!r} does not fit the rest)")
    return Code(int(seq), head, keys)


def describe(game: str, receipt: dict[str, Any]) -> dict[str, Any]:
    """This player's receipt, as `pbem compare GAME` prints it (and --json gives it)."""
    code = receipt_code(receipt)
    return {
        "game": game,
        "seq": receipt["seq"],
        "hash": receipt["hash"],
        "players": receipt.get("players") or {},
        "keys": keys_fingerprint(receipt.get("players") or {}),
        "started": receipt.get("started") is not None,
        "code": code.text(),
    }


def check(api: Api, store: Store, game: str, other: Code) -> dict[str, Any]:
    """Check another player's code against this player's log, fetched and verified now."""
    mine = store.receipt(game)
    if mine is None:
        raise CompareError(f"you have never looked at game {game}: run `pbem show {game}` first")
    synced = verify.sync(api, store, game, start=min(other.seq, mine["seq"]))
    receipt = synced.receipt
    if other.seq > receipt["seq"]:
        raise CompareError(
            f"their receipt is at entry {other.seq}, but the server shows you only up to entry "
            f"{receipt['seq']}: it withholds entries from you"
            + ("" if other.checked else " (or the code was misread)")
        )
    entry = synced.entry(other.seq)
    if entry is None:  # pragma: no cover - sync fetched from min(other.seq, ...)
        raise CompareError(f"entry {other.seq} is not in the log the server sent")
    if not entry_hash(entry).startswith(other.head):
        path = store.save_fork(
            game, {"error": "compare", "their_code": other.text(), "your_entry": entry}
        )
        raise CompareError(
            f"at entry {other.seq} the server showed them another history than you "
            f"(their head {groups(other.head)}, yours {groups(entry_hash(entry)[: len(other.head)])}): "
            f"keep both receipts, they prove it; yours is kept in {path}"
        )
    if other.keys is not None:
        if receipt.get("started") is None or not keys_fingerprint(receipt["players"]).startswith(
            other.keys
        ):
            raise CompareError(
                "the seats' keys they were shown are not the ones pinned in your log"
            )
    return {
        "game": game,
        "match": True,
        "their_seq": other.seq,
        "your_seq": receipt["seq"],
        "text": (
            f"match: their entry {other.seq} is in the history you verified "
            f"(you are at entry {receipt['seq']}); the server showed you both one game"
        ),
    }
