"""Load generators and simulations of the server, kept apart from the package that serves:
`tafel bench server` (`server`, with the racing tabs of `racer`) and `tafel bench slaps`
(`slaps`). Nothing in `tafel.server` imports them."""
