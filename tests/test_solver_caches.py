"""The solver's ring-cover caches are bounded (``Tables._cover_setup``, ``_cover_bases``:
the least recently used entries go first), and what they forget changes no answer."""

from __future__ import annotations

import pytest

from paleowidgets.core.rules import Game
from paleowidgets.solver import _tables
from paleowidgets.solver._tables import _Recent
from paleowidgets.solver.brute import checked_case
from paleowidgets.solver.exact import Engine, replay_score
from paleowidgets.solver.puzzlegen import crowded_puzzle, tiny_puzzle


def test_the_least_recently_used_entry_goes_first() -> None:
    """A hit keeps an entry; a stored None is told from a miss; a new key past the size
    drops the entry used longest ago, and storing a known key again drops nothing."""
    cache: _Recent[int | None] = _Recent(3)
    cache.put("a", 1)
    cache.put("b", None)
    cache.put("c", 3)
    assert cache.get("b") == (None,) and cache.get("x") is None
    assert cache.get("a") == (1,)                   # "c" is now the least recent
    cache.put("d", 4)
    assert cache.get("c") is None and len(cache) == 3
    cache.put("a", 10)                              # a known key: nothing dropped
    assert len(cache) == 3 and cache.get("a") == (10,)
    assert [cache.get(k) for k in "bd"] == [(None,), (4,)]
    cache.put("e", 5)                               # "a" was used before "b" and "d"
    assert cache.get("a") is None and len(cache) == 3


def test_tiny_cover_caches_keep_the_optimum(monkeypatch: pytest.MonkeyPatch) -> None:
    """With room for 2 setups and 2 bases (every few asks forgets), the proven optimum is
    still the brute force's and the line replays to it; the caches stay within their
    sizes, and entries were dropped (else this checks nothing)."""
    monkeypatch.setattr(_tables, "COVER_SETUPS", 2)
    monkeypatch.setattr(_tables, "COVER_BASES", 2)
    stored = [0]
    real = _Recent.put

    def counting(self: _Recent[object], key: object, value: object) -> None:
        stored[0] += 1
        real(self, key, value)

    monkeypatch.setattr(_Recent, "put", counting)
    for i in range(8):
        make = tiny_puzzle if i % 2 else crowded_puzzle
        puzzle, optimum = checked_case(make, f"caches-{i}", 15_000)
        game = Game.from_puzzle(puzzle)
        engine = Engine(game, tuple(puzzle.rolls))
        sol = engine.solve(game.initial_state())
        assert sol.proven and sol.optimum == optimum, i
        assert replay_score(puzzle, sol.turns) == optimum
        assert len(engine.tables._cover_setup) <= 2 and len(engine.tables._cover_bases) <= 2
    assert stored[0] > 50
