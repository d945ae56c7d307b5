"""Messages between the processes of a site, a batch per process per turn of the event loop.

Every frame a room sends a tab of another process, and every message a tab sends the owner of
its room, would be one Redis `PUBLISH` (a round trip, and a message for the other process to
read) of its own. An `Outboxes` gathers what is to go to each process during one turn of the
loop and publishes it as one message, the frames' text as it is (never decoded and encoded
again): a move that four seats hear of on another process is one publish, not four, and a
busy process's moves of many rooms share theirs.

A batch is a header line, `B <from>` followed by `<kind> <tab> <length>` for each message, and
then the messages' bodies one after the other (`pack`, `unpack`). Each message is answered with
what its batch's publish answered (how many processes listen: 0 if the other one is gone), so a
tab's connection sends its next frame only once the last one went, in order.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

Message = tuple[str, str, str]
"""A message for another process: its kind (`F` a frame, `C` a close, `A` a tab's message), the
tab it is for or from, and its body."""

BATCH_CHARS = 1 << 20
"""A batch that has grown this long is published at once; what comes later goes in the next."""


def pack(sender: str, messages: list[Message]) -> str:
    heads = "".join(f" {kind} {tab} {len(body)}" for kind, tab, body in messages)
    return f"B {sender}{heads}\n" + "".join(body for _, _, body in messages)


def unpack(heads: list[str], bodies: str) -> list[Message]:
    """The messages of a batch, from its header's words after its sender and its bodies; a
    batch that does not add up raises ValueError."""
    if len(heads) % 3:
        raise ValueError("a batch's header lists kind, tab and length for each message")
    messages: list[Message] = []
    at = 0
    for head in range(0, len(heads), 3):
        kind, tab, length = heads[head], heads[head + 1], int(heads[head + 2])
        if length < 0 or at + length > len(bodies):
            raise ValueError("a batch's bodies are shorter than its header says")
        messages.append((kind, tab, bodies[at : at + length]))
        at += length
    if at != len(bodies):
        raise ValueError("a batch's bodies are longer than its header says")
    return messages


class Outboxes:
    """What this process has to tell each other process, published a batch per process per
    turn of the event loop through `publish(process, message)`."""

    def __init__(self, sender: str, publish: Callable[[str, str], Awaitable[int]]) -> None:
        self.sender = sender
        self.publish = publish
        self.boxes: dict[str, tuple[list[Message], asyncio.Future[int]]] = {}
        self.chars: dict[str, int] = {}
        self.sending: set[asyncio.Task[None]] = set()
        """Publishes under way (kept so they are not collected)."""

    def send(self, process: str, kind: str, tab: str, body: str) -> asyncio.Future[int]:
        """Put a message in `process`'s next batch: the answer of the batch's publish."""
        box = self.boxes.get(process)
        if box is None:
            loop = asyncio.get_running_loop()
            answer: asyncio.Future[int] = loop.create_future()
            # Nobody may be waiting for it any more (a connection ended): its failure is known.
            answer.add_done_callback(lambda done: done.cancelled() or done.exception())
            box = self.boxes[process] = ([], answer)
            self.chars[process] = 0
            loop.call_soon(self.flush, process, answer)
        box[0].append((kind, tab, body))
        self.chars[process] += len(body)
        if self.chars[process] >= BATCH_CHARS:
            self.flush(process, box[1])
        return box[1]

    def flush(self, process: str, answer: asyncio.Future[int]) -> None:
        """Publish `process`'s batch, unless it went already (it had grown long)."""
        box = self.boxes.get(process)
        if box is None or box[1] is not answer:
            return
        del self.boxes[process], self.chars[process]
        task = asyncio.get_running_loop().create_task(self.publish_batch(process, box[0], answer))
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    async def publish_batch(
        self, process: str, messages: list[Message], answer: asyncio.Future[int]
    ) -> None:
        try:
            listening = await self.publish(process, pack(self.sender, messages))
        except asyncio.CancelledError:
            answer.cancel()
            raise
        except Exception as error:  # Redis's: each message's sender hears of it
            if not answer.done():
                answer.set_exception(error)
            return
        if not answer.done():
            answer.set_result(listening)
