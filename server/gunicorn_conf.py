"""gunicorn settings for `pbem-server serve` (server/cli.py passes `--config python:server.gunicorn_conf`).

A worker ends with its master. gunicorn's sync worker notices a dead master only when it finds
no connection waiting, so when the master alone is killed (SIGKILL, the OOM killer) its workers
go on serving for as long as clients keep asking, holding the port: a new `pbem-server serve`
on that port then gives up ("Connection in use"). Each worker asks the kernel for a SIGTERM
when its master dies (Linux: PR_SET_PDEATHSIG); gunicorn's worker takes SIGTERM as a graceful
stop, so it finishes the request in hand and exits, and the port is free for the next server.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from typing import Any

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def post_fork(server: Any, worker: Any) -> None:
    """gunicorn's hook in each new worker, before it serves: tie its life to the master's."""
    if not sys.platform.startswith("linux"):
        return  # elsewhere a worker still exits once it notices (gunicorn's own check)
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        return
    if os.getppid() != server.pid:  # the master died before the request above: no signal comes
        os.kill(os.getpid(), signal.SIGTERM)
