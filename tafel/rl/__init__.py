"""Research interfaces: Tafel's games as PettingZoo, Gymnasium and OpenSpiel games.

They need the extra `rl` (`pip install -e '.[rl]'`) and are imported one by one, so the core
install never loads them: `tafel.rl.pettingzoo`, `tafel.rl.gymnasium`, `tafel.rl.openspiel`.
What they share: each game's observation layout (`layouts`, built from `features`), its action
table (`table`), and the protocol that asks one seat at a time (`match`). Nothing here names a
game: what is a game's own (its layout, its direct encoder, its table where that is not one
entry per action) lies in its package's module `research.py`, found by that name. docs/rl.md
tells it all.
"""
