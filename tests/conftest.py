"""Shared fixtures."""

from __future__ import annotations

import pytest
from helpers import QUARRY, load

from paleowidgets.core.maps import Map
from paleowidgets.core.rules import Game


@pytest.fixture
def quarry() -> Map:
    m = load(QUARRY)
    assert isinstance(m, Map)
    return m


@pytest.fixture
def game(quarry: Map) -> Game:
    return Game(quarry)
