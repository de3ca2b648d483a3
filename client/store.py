"""The player's local home: config, private key, receipts and evidence.

Everything a player needs to hold the server to account lives here, on the
player's own disk, never on the server: the signing key (an account *is* its
key), the newest signed head seen per game (a receipt, so a later history that
does not extend it shows up as a fork), and the evidence (every private payload
received, checked against its public commitment, and this player's own move
secrets with their salts, so a wrong reveal can be proven).

The home is `PBEM_HOME` if set, else the platform's config directory. Files
hold secrets (the key; move secrets before the reveal), so they are written
owner-only (0600) and atomically (a crash never leaves half a receipt).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from protocol.keys import KeyError_, SigningKey

HOME_ENV = "PBEM_HOME"
CONFIG = "config.json"
KEY = "key.pem"


class StoreError(Exception):
    """A local file that cannot be read or written; the message names the file."""


def default_home() -> Path:
    """`PBEM_HOME` wins so tests, bots and several identities can live side by side."""
    env = os.environ.get(HOME_ENV)
    if env:
        return Path(env).expanduser()
    import platformdirs  # only without PBEM_HOME: a command need not pay for it otherwise

    return Path(platformdirs.user_config_dir("pbem"))


def _safe_name(game: str) -> str:
    """A game id as a file name; refuses anything that could escape the directory."""
    if not game or any(c in game for c in "/\\\0") or game in (".", "..") or game.startswith("."):
        raise StoreError(f"not a usable game id: {game!r}")
    return game


def write_private(path: Path, data: bytes) -> None:
    """Atomic, owner-only write: a temp file in the same directory, then rename."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


class Store:
    """One home directory. Methods read and write whole small JSON files."""

    def __init__(self, home: Path | str | None = None) -> None:
        self.home = Path(home) if home is not None else default_home()

    # -- paths ---------------------------------------------------------------------

    @property
    def config_path(self) -> Path:
        return self.home / CONFIG

    @property
    def key_path(self) -> Path:
        return self.home / KEY

    def receipt_path(self, game: str) -> Path:
        return self.home / "receipts" / f"{_safe_name(game)}.json"

    def evidence_path(self, game: str) -> Path:
        return self.home / "evidence" / f"{_safe_name(game)}.json"

    def listing_path(self, game: str) -> Path:
        return self.home / "listings" / f"{_safe_name(game)}.json"

    def seen_path(self, game: str) -> Path:
        return self.home / "seen" / f"{_safe_name(game)}.json"

    def record_path(self, game: str) -> Path:
        return self.home / "records" / f"{_safe_name(game)}.json"

    def pending_path(self, game: str) -> Path:
        return self.home / "pending" / f"{_safe_name(game)}.json"

    # -- JSON files ----------------------------------------------------------------

    def _read(self, path: Path) -> Any:
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StoreError(f"cannot read {path}: {exc.strerror}") from exc
        try:
            return json.loads(text)
        except ValueError as exc:
            raise StoreError(f"{path} is not valid JSON ({exc}); fix or remove it") from exc

    def _write(self, path: Path, value: Any, compact: bool = False) -> None:
        """Indented for people to read; `compact` for a file rewritten at every look whose size
        grows with the game (indenting takes Python's slow encoder: 10 ms for 30 KB)."""
        if compact:
            data = (json.dumps(value, separators=(",", ":"), ensure_ascii=False) + "\n").encode()
        else:
            data = (json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()
        try:
            write_private(path, data)
        except OSError as exc:
            raise StoreError(f"cannot write {path}: {exc.strerror}") from exc

    # -- config and key --------------------------------------------------------------

    def config(self) -> dict[str, Any]:
        value = self._read(self.config_path)
        return value if isinstance(value, dict) else {}

    def save_config(self, config: dict[str, Any]) -> None:
        self._write(self.config_path, config)

    def has_key(self) -> bool:
        return self.key_path.exists()

    def key(self) -> SigningKey:
        try:
            return SigningKey.load(self.key_path)
        except KeyError_ as exc:
            raise StoreError(str(exc)) from exc

    def create_key(self) -> SigningKey:
        """A new Ed25519 key, saved 0600; refuses to replace an existing one (it is the account)."""
        if self.has_key():
            raise StoreError(
                f"{self.key_path} exists already; it is your account, not replacing it"
            )
        self.home.mkdir(parents=True, exist_ok=True, mode=0o700)
        key = SigningKey.generate()
        key.save(self.key_path)
        return key

    # -- receipts ------------------------------------------------------------------------

    def receipt(self, game: str) -> dict[str, Any] | None:
        value = self._read(self.receipt_path(game))
        return value if isinstance(value, dict) else None

    def save_receipt(self, game: str, receipt: dict[str, Any]) -> None:
        self._write(self.receipt_path(game), receipt)

    def receipt_games(self) -> list[str]:
        """The ids of every game this home holds a receipt for."""
        folder = self.home / "receipts"
        try:
            return sorted(p.stem for p in folder.glob("*.json") if not p.name.startswith("."))
        except OSError:
            return []

    # -- move listings -------------------------------------------------------------------
    # `pbem move GAME` keeps the numbered list with the head it was listed at, so that
    # `pbem move GAME N` plays the move that was number N then, or refuses if the game moved on.

    def listing(self, game: str) -> dict[str, Any] | None:
        value = self._read(self.listing_path(game))
        return value if isinstance(value, dict) else None

    def save_listing(self, game: str, listing: dict[str, Any]) -> None:
        self._write(self.listing_path(game), listing)

    def drop_listing(self, game: str) -> None:
        try:
            self.listing_path(game).unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise StoreError(f"cannot remove {self.listing_path(game)}: {exc.strerror}") from exc

    # -- what the player last saw ----------------------------------------------------------
    # `pbem show` and `pbem move` tell what happened since the player last looked: the seq of
    # the newest entry they were shown, per game.

    def seen(self, game: str) -> int | None:
        value = self._read(self.seen_path(game))
        seq = value.get("seq") if isinstance(value, dict) else None
        return seq if isinstance(seq, int) else None

    def save_seen(self, game: str, seq: int) -> None:
        self._write(self.seen_path(game), {"game": game, "seq": seq})

    # -- what the seat remembers -----------------------------------------------------------
    # The seat's record of the game's past (questions asked, answers seen), folded from the
    # verified log and payloads (client/player/recalling.py): {"seq": next entry to fold,
    # "record", "engine"}; kept so a look folds only the entries new since the last one.

    def record(self, game: str) -> dict[str, Any] | None:
        value = self._read(self.record_path(game))
        return value if isinstance(value, dict) and isinstance(value.get("seq"), int) else None

    def save_record(self, game: str, record: dict[str, Any]) -> None:
        self._write(self.record_path(game), record, compact=True)

    # -- what this seat signed at a place in the log, not yet settled ------------------------
    # One signed path per decision: a statement of answers or a move envelope signed at the head
    # `prev` is kept here before it is sent, until the verified log holds an entry at its seq
    # (its own or another's). While it is kept, nothing else is signed at `prev`: the same item
    # is sent again, byte for byte ({"kind", "seq", "prev", "sent", ...}; client/player/pending.py).

    def pending(self, game: str) -> dict[str, Any] | None:
        value = self._read(self.pending_path(game))
        return value if isinstance(value, dict) and isinstance(value.get("seq"), int) else None

    def save_pending(self, game: str, item: dict[str, Any]) -> None:
        self._write(self.pending_path(game), item)

    def drop_pending(self, game: str) -> None:
        try:
            self.pending_path(game).unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise StoreError(f"cannot remove {self.pending_path(game)}: {exc.strerror}") from exc

    # -- evidence ------------------------------------------------------------------------

    def evidence(self, game: str) -> dict[str, Any]:
        value = self._read(self.evidence_path(game))
        if not isinstance(value, dict):
            value = {}
        value.setdefault("game", game)
        value.setdefault("payloads", [])
        value.setdefault("secrets", [])
        return value

    def save_evidence(self, game: str, evidence: dict[str, Any]) -> None:
        evidence["payloads"] = sorted(evidence["payloads"], key=lambda p: (p["seq"], p["index"]))
        evidence["secrets"] = sorted(evidence["secrets"], key=lambda s: s["seq"])
        self._write(self.evidence_path(game), evidence)

    def save_fork(self, game: str, proof: dict[str, Any]) -> Path:
        """Keep a fork's proof (the kept signed head and the conflicting signed log) for good."""
        from datetime import UTC, datetime

        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        path = self.home / "evidence" / f"{_safe_name(game)}.fork-{stamp}.json"
        self._write(path, proof)
        return path

    def add_secret(self, game: str, record: dict[str, Any]) -> None:
        """Keep a move's secret and salt *before* sending it, so a lost answer never loses it."""
        evidence = self.evidence(game)
        evidence["secrets"] = [s for s in evidence["secrets"] if s["seq"] != record["seq"]] + [
            record
        ]
        self.save_evidence(game, evidence)

    def secrets(self, game: str) -> list[dict[str, Any]]:
        """Every move secret this home keeps for `game` ({"seq", "secret", "salt", "commit", ...}).
        In a blind game they are the only copy: the server never had them."""
        return [s for s in self.evidence(game)["secrets"] if isinstance(s, dict)]

    def add_refused(self, game: str, record: dict[str, Any]) -> None:
        """Keep a signed submission the server refused, with its answer: it is never deleted."""
        evidence = self.evidence(game)
        evidence["refused"] = [*evidence.get("refused", []), record]
        self.save_evidence(game, evidence)

    def drop_secret(self, game: str, seq: int, commit: str) -> None:
        """Forget a secret whose move the server refused (it never entered the log). One the
        verified log holds (`logged`: the same move, made by another home of this key, won the
        place) is kept: it is that move's only copy here."""
        evidence = self.evidence(game)
        evidence["secrets"] = [
            s for s in evidence["secrets"]
            if not (s["seq"] == seq and s.get("commit") == commit and not s.get("logged"))
        ]
        self.save_evidence(game, evidence)
