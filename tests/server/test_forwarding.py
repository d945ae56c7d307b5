"""Messages between processes go in batches: one publish per process per turn of the event
loop, every message's text as it was, in order, each answered with its batch's publish."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tafel.server import forwarding
from tafel.server.forwarding import Outboxes, pack, unpack
from tests.loops import in_a_loop_of_its_own

words = st.text(st.characters(blacklist_characters=" \n", blacklist_categories=["Z"]), min_size=1)


@given(st.lists(st.tuples(st.sampled_from(["F", "C", "A"]), words, st.text())), words)
def test_a_batch_unpacks_to_its_messages(batch: list[tuple[str, str, str]], sender: str) -> None:
    header, _, bodies = pack(sender, batch).partition("\n")
    kind, who, *heads = header.split(" ")
    assert (kind, who) == ("B", sender)
    assert unpack(heads, bodies) == batch


@pytest.mark.parametrize(
    ("heads", "bodies"),
    [(["F", "t1"], "x"), (["F", "t1", "2"], "x"), (["F", "t1", "1"], "xy"), (["F", "t", "-1"], "")],
)
def test_a_batch_that_does_not_add_up_is_refused(heads: list[str], bodies: str) -> None:
    with pytest.raises(ValueError):
        unpack(heads, bodies)


def test_the_messages_of_one_turn_are_one_publish_per_process_in_order() -> None:
    async def run() -> tuple[list[tuple[str, str]], list[int]]:
        published: list[tuple[str, str]] = []

        async def publish(process: str, message: str) -> int:
            published.append((process, message))
            return 0 if process == "gone" else 1

        outboxes = Outboxes("me", publish)
        answers = [
            outboxes.send("p1", "F", "t1", "one"),
            outboxes.send("p2", "F", "t2", "two"),
            outboxes.send("p1", "C", "t1", "4403"),
            outboxes.send("gone", "F", "t3", "three"),
        ]
        got = [await answer for answer in answers]
        later = outboxes.send("p1", "A", "t1", "next turn")
        got.append(await later)
        return published, got

    published, got = in_a_loop_of_its_own(run())
    assert published == [
        ("p1", "B me F t1 3 C t1 4\none4403"),
        ("p2", "B me F t2 3\ntwo"),
        ("gone", "B me F t3 5\nthree"),
        ("p1", "B me A t1 9\nnext turn"),
    ]
    assert got == [1, 1, 1, 0, 1]


def test_a_long_batch_goes_at_once_and_a_failed_publish_fails_its_messages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(forwarding, "BATCH_CHARS", 10)

    async def run() -> tuple[list[str], BaseException | None]:
        published: list[str] = []

        async def publish(process: str, message: str) -> int:
            published.append(message)
            if "fails" in message:
                raise ConnectionError("Redis is gone")
            return 1

        outboxes = Outboxes("me", publish)
        first = outboxes.send("p1", "F", "t1", "0123456789")  # long enough: published now
        second = outboxes.send("p1", "F", "t1", "fails")
        assert first is not second
        assert await first == 1
        try:
            await second
        except ConnectionError as error:
            return published, error
        await asyncio.sleep(0)
        return published, None

    published, error = in_a_loop_of_its_own(run())
    assert published == ["B me F t1 10\n0123456789", "B me F t1 5\nfails"]
    assert isinstance(error, ConnectionError)
