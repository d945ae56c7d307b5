"""Issue 27, finding 5: no wait on PostgreSQL is unbounded, a broken network included. A
connection's statements are bounded by the server (`statement_timeout`, `lock_timeout`), but
a network that stops carrying packets held a write for TCP's retransmission (about 15
minutes), and a connection waiting for an answer from a host that is gone for the system's
keepalive time (2 hours). Every connection now sets TCP's user timeout and keepalives, and the
kernel holds them: checked on the connection's own socket."""

from __future__ import annotations

import os
import socket

from tafel.store import Store
from tafel.store.store import CONNECT_SECONDS, KEEPALIVES, UNACKNOWLEDGED_SECONDS


def test_every_connection_to_postgres_gives_up_on_a_silent_network(postgres_url: str) -> None:
    store = Store(postgres_url)
    try:
        with store.engine.connect() as connection:
            raw = connection.connection.driver_connection
            assert raw is not None
            held = socket.socket(fileno=os.dup(raw.pgconn.socket))
            try:
                assert held.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE) == 1
                tcp = socket.IPPROTO_TCP
                assert held.getsockopt(tcp, socket.TCP_KEEPIDLE) == KEEPALIVES["keepalives_idle"]
                interval = KEEPALIVES["keepalives_interval"]
                assert held.getsockopt(tcp, socket.TCP_KEEPINTVL) == interval
                assert held.getsockopt(tcp, socket.TCP_KEEPCNT) == KEEPALIVES["keepalives_count"]
                unacknowledged = 1000 * UNACKNOWLEDGED_SECONDS
                assert held.getsockopt(tcp, socket.TCP_USER_TIMEOUT) == unacknowledged
            finally:
                held.close()  # the duplicate: the connection keeps its own
            assert raw.info.get_parameters()["connect_timeout"] == str(CONNECT_SECONDS)
    finally:
        store.close()
