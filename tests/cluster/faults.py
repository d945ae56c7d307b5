"""A TCP proxy a test controls, between the server and Redis or PostgreSQL: it passes bytes
both ways until told to reset every connection (each closed at once with a TCP reset), to
stall (hold every byte, connections open, for a while, or until told to let them flow; new
connections are accepted and held alike), to stall at a given request (the first a client
sends after another), to refuse new connections, or to cut (reset, and refuse new connections
for a while). It runs in a thread with its own event loop."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import urlsplit


@dataclass(eq=False)
class Pair:
    """One connection through the proxy: the server's side and the service's."""

    near: asyncio.StreamWriter
    far: asyncio.StreamWriter
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    sent: bytes = b""
    """What the server's side sent, once `FaultProxy.stall_at` watches for it."""


def reset(writer: asyncio.StreamWriter) -> None:
    """Close at once with a TCP reset (SO_LINGER 0), as a broken middlebox does."""
    raw = writer.get_extra_info("socket")
    if raw is not None:
        with contextlib.suppress(OSError):
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    writer.transport.abort()


class FaultProxy:
    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.loop = asyncio.new_event_loop()
        self.pairs: set[Pair] = set()
        self.flowing = asyncio.Event()
        self.refusing = False
        self.watching: tuple[bytes, bytes] | None = None
        """`stall_at`'s request and the one it follows."""
        self.held = threading.Event()
        """Set once `stall_at` held its request."""
        self.port = 0
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    # --- From the test's thread ------------------------------------------------------------------

    def start(self) -> int:
        self.thread.start()
        return asyncio.run_coroutine_threadsafe(self.listen(), self.loop).result(10)

    def reset(self) -> None:
        self.loop.call_soon_threadsafe(self.reset_all)

    def stall(self, seconds: float) -> None:
        self.loop.call_soon_threadsafe(self.flowing.clear)
        self.loop.call_soon_threadsafe(self.loop.call_later, seconds, self.flowing.set)

    def hold(self) -> None:
        """Stall until `flow`."""
        self.loop.call_soon_threadsafe(self.flowing.clear)

    def flow(self) -> None:
        self.loop.call_soon_threadsafe(self.flowing.set)

    def stall_at(self, request: bytes, after: bytes) -> None:
        """Stall (until `flow`) as a connection's server side sends `request` after it sent
        `after`: the request, and everything after it, is held; `held` is set."""

        def watch() -> None:
            self.held.clear()
            self.watching = (request, after)
            for pair in self.pairs:
                pair.sent = b""

        self.loop.call_soon_threadsafe(watch)

    def refuse(self) -> None:
        """Reset new connections as they come (until `mend_now`), leaving the open ones be."""

        def refuse_now() -> None:
            self.refusing = True

        self.loop.call_soon_threadsafe(refuse_now)

    def cut(self, seconds: float) -> None:
        def cut_now() -> None:
            self.refusing = True
            self.reset_all()
            self.loop.call_later(seconds, self.mend)

        self.loop.call_soon_threadsafe(cut_now)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    # --- On the proxy's loop ---------------------------------------------------------------------

    async def listen(self) -> int:
        self.flowing.set()
        self.server = await asyncio.start_server(self.accept, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def close(self) -> None:
        """Reset every connection and wait for their pumps to end (a task left pending when
        the loop stops is reported as destroyed)."""
        self.server.close()
        self.reset_all()
        pumps = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        await asyncio.gather(*pumps, return_exceptions=True)

    def mend(self) -> None:
        self.refusing = False

    def mend_now(self) -> None:
        """Accept new connections again (after `refuse`)."""
        self.loop.call_soon_threadsafe(self.mend)

    def watch(self, pair: Pair, chunk: bytes) -> None:
        """Stall as `stall_at` asked, if this chunk of the server's side is its request."""
        if self.watching is None:
            return
        request, after = self.watching
        before = pair.sent
        pair.sent += chunk
        if after in before and request in chunk:
            self.watching = None
            self.flowing.clear()
            self.held.set()

    def reset_all(self) -> None:
        for pair in list(self.pairs):
            self.drop(pair)

    def drop(self, pair: Pair) -> None:
        self.pairs.discard(pair)
        for task in pair.tasks:
            if task is not asyncio.current_task():
                task.cancel()
        reset(pair.near)
        reset(pair.far)

    async def accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.refusing:
            reset(writer)
            return
        try:
            far_reader, far_writer = await asyncio.open_connection(*self.target)
        except OSError:
            reset(writer)
            return
        pair = Pair(writer, far_writer)
        self.pairs.add(pair)
        pair.tasks = [
            asyncio.create_task(self.pump(pair, reader, far_writer)),
            asyncio.create_task(self.pump(pair, far_reader, writer)),
        ]

    async def pump(
        self, pair: Pair, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        try:
            while chunk := await reader.read(65536):
                if writer is pair.far:
                    self.watch(pair, chunk)
                await self.flowing.wait()
                writer.write(chunk)
                await writer.drain()
        except (OSError, asyncio.IncompleteReadError):
            pass
        if pair in self.pairs:
            self.drop(pair)


def through(url: str, proxy: FaultProxy) -> str:
    """The URL with its host and port replaced by the proxy's."""
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)
    host = f"127.0.0.1:{proxy.port}"
    return parts._replace(netloc=f"{netloc[0]}@{host}" if len(netloc) == 2 else host).geturl()


@contextmanager
def fault_proxy(host: str, port: int) -> Iterator[FaultProxy]:
    proxy = FaultProxy(host, port)
    proxy.port = proxy.start()
    try:
        yield proxy
    finally:
        proxy.stop()
