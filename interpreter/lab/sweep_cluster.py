"""Runs a sweep's tasks on Dask's distributed scheduler: a local cluster of processes, or one already running."""
from __future__ import annotations

import logging
import signal
import socket
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass

from interpreter.runtime import GameError

INSTALL = "garrison sweep needs Dask's distributed scheduler: pip install 'garrison[cluster]'"


def require_dask() -> None:
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise GameError(INSTALL) from None


@dataclass
class Played:
    games: int = 0
    seconds: float = 0.0
    interrupted: bool = False
    workers: int = 0


@contextmanager
def connect(scheduler: str | None, workers: int, timeout: float):
    """A Dask client: to the scheduler at `scheduler`, or to a new local cluster of `workers`
    single-threaded processes (which leave Ctrl-C to this process); both closed on leaving."""
    from distributed import Client, LocalCluster
    cluster = None
    if scheduler:
        _reachable(scheduler, timeout)
        try:
            client = Client(scheduler, timeout=timeout)
        except Exception as err:
            raise GameError(f"cannot connect to the Dask scheduler at {scheduler}: {err}") from None
    else:
        with _sigint_ignored():      # the worker processes inherit it: a Ctrl-C stops this process only
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=":0", silence_logs=logging.ERROR)
        client = Client(cluster)
    try:
        yield client
    finally:
        _quietly(client.close)
        if cluster is not None:
            _quietly(cluster.close)


def parse_scheduler(address: str) -> tuple[str, int]:
    """The host and port of a scheduler's address; a malformed one is a one-line error."""
    from distributed.comm import parse_address
    from distributed.comm.addressing import parse_host_port
    try:
        scheme, location = parse_address(address)
        if scheme not in ("tcp", "tls"):
            raise ValueError(f"use a tcp:// or tls:// address, not {scheme}://")
        return parse_host_port(location)
    except ValueError as err:
        raise GameError(f"--scheduler {address} is not a scheduler's address ({err}); e.g. tcp://10.0.0.5:8786") from None


def _reachable(address: str, timeout: float) -> None:
    """A scheduler that does not answer within `timeout` is a one-line error, not a long wait."""
    host, port = parse_scheduler(address)
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError as err:
        raise GameError(f"no Dask scheduler answers at {address} within {timeout:g}s ({err.strerror or err})") from None
    except UnicodeError:        # a host name no DNS label can spell (`a..b`)
        raise GameError(f"--scheduler {address} is not a scheduler's address (no such host name)") from None


@contextmanager
def _sigint_ignored():
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _hush_teardown() -> None:
    """After Ctrl-C the scheduler may log the connections the stop cuts, with tracebacks and at
    critical level: noise for someone who asked it to stop, so Dask's loggers, and the handlers
    Dask gave them (which loggers made later would pass their records to), go silent for good."""
    for name in list(logging.root.manager.loggerDict):
        if name == "distributed" or name.startswith("distributed."):
            logger = logging.getLogger(name)
            logger.disabled = True
            for handler in logger.handlers:
                handler.addFilter(lambda record: False)


def _quietly(close) -> None:
    try:
        close()
    except Exception:        # a cluster torn down by Ctrl-C may complain while closing; what finished is kept
        pass


def run(client, tasks: list, record, progress=None) -> Played:
    """Submit every task, pass each one's rows to `record` as it finishes; Ctrl-C cancels the rest
    and keeps what was recorded. A task that fails on a worker stops the sweep with its message."""
    from distributed import as_completed
    from .sweep import play_chunk
    played = Played(workers=len(client.scheduler_info().get("workers", {})))
    total = sum(len(seeds) for _, seeds in tasks)
    start = time.perf_counter()
    # a key names the work exactly (configuration, first and last seed, count): same key, same rows
    futures = [client.submit(play_chunk, point, seeds, key=f"garrison-{point.key}-{seeds[0]}-{seeds[-1]}-{len(seeds)}")
               for point, seeds in tasks]
    try:
        for future in as_completed(futures):
            if future.status != "finished":
                error = future.exception() if future.status == "error" else f"the task was {future.status}"
                raise GameError(str(error) if isinstance(error, GameError)
                                else f"a worker failed: {type(error).__name__}: {error}")
            rows = future.result()
            record(rows)
            played.games += len(rows)
            if progress is not None:
                progress(played.games, total, time.perf_counter() - start)
            future.release()
    except KeyboardInterrupt:
        played.interrupted = True
        _hush_teardown()
    finally:
        if played.interrupted or played.games < total:
            _quietly(lambda: client.cancel(futures, force=True))
        played.seconds = time.perf_counter() - start
    return played
