"""The maps shipped with the package, found with importlib.resources (so they work from an
installed wheel too).

>>> MAP_NAMES
('dig-site', 'snow-map', 'first-dig', 'ring-school')
>>> load_map("first-dig").rounds
8
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from ..core.maps import Map, load_document

__all__ = ["MAP_NAMES", "load_map", "map_path"]

#: The shipped maps: the two standard maps (Paleontologists and the Snowman Edition), then
#: the small teaching maps.
MAP_NAMES: tuple[str, ...] = ("dig-site", "snow-map", "first-dig", "ring-school")


def map_path(name: str) -> Path:
    """The file of a shipped map, by name without ``.toml``: ``map_path("dig-site")``."""
    if name not in MAP_NAMES:
        raise ValueError(f"no shipped map named {name!r} (shipped: {', '.join(MAP_NAMES)})")
    return Path(str(files(__name__).joinpath("maps", f"{name}.toml")))


def load_map(name: str) -> Map:
    """A shipped map, read and checked: ``load_map("snow-map")``."""
    doc = load_document(map_path(name))
    if not isinstance(doc, Map):  # the shipped files are plain maps, never puzzles
        raise TypeError(f"shipped map {name!r} is not a plain map")
    return doc
