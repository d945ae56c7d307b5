"""Whether the process lives (`/healthz`) and whether it can serve (`/readyz`).

Live means the event loop answers: nothing else is asked, so a restart is called for only when
the process itself is stuck. Ready means every check passes within `READY_SECONDS`: the store
answers (and, where the server is configured with one, Redis: a check is added by name with
`Readiness.add`). A proxy or an orchestrator sends players only to ready processes.

The answer names each check and whether it passed; a failure is told by the kind of error
alone, never its text, which may hold an address or a password of the store.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

Check = Callable[[], Awaitable[object]]
"""Raises (or times out) when what it checks cannot serve."""

READY_SECONDS = 2.0
"""The longest a check may take before it counts as failed."""


class Readiness:
    def __init__(self) -> None:
        self.checks: dict[str, Check] = {}

    def add(self, name: str, check: Check) -> None:
        self.checks[name] = check

    async def report(self) -> dict[str, str]:
        """Each check's name, and `ok` or the kind of its failure."""
        names = list(self.checks)
        results = await asyncio.gather(*(self.run(self.checks[name]) for name in names))
        return dict(zip(names, results, strict=True))

    @staticmethod
    async def run(check: Check) -> str:
        try:
            await asyncio.wait_for(check(), READY_SECONDS)
        except TimeoutError:
            return "timeout"
        except Exception as error:  # any failure means not ready; its kind says which
            return type(error).__name__
        return "ok"
