"""MovingAI terrain: what each map character means for movement, and back.

A ``.map`` cell is one of ``.`` ``G`` (ground), ``S`` (swamp), ``W`` (water), ``T``
(trees), ``@`` ``O`` (out of bounds). The format calls water "traversable, but not
passable from terrain", and the benchmark's scenario generator lets a unit step only
between cells of one *terrain class*: ground and swamp are one class, water another, and
a diagonal step also needs both orthogonal cells in that class; trees and out-of-bounds
cells are walls. :class:`TerrainRule` chooses how a map is read:

- ``CLASSES`` (the default, the benchmark's rule): ground, swamp and water are open;
  the grid's :attr:`~wayfinding.Grid.classes` are :data:`GROUND` and :data:`WATER`;
- ``WATER_WALLS``: water cells are walls (a unit that cannot swim; how wayfinding read
  maps before 0.2);
- ``ONE_CLASS``: ground, swamp and water are open and one class (an amphibious unit).

``costs`` (a mapping from terrain character to entry cost, ``math.inf`` for a wall) gives
terrains costs under any rule, e.g. ``{"S": 3.0}`` for slow swamps.

Examples
--------
>>> import numpy as np
>>> codes = np.frombuffer(b".SWT", np.uint8).reshape(1, 4)
>>> terrain_arrays(codes, TerrainRule.CLASSES, None)[0].tolist()
[[True, True, True, False]]
>>> terrain_arrays(codes, TerrainRule.WATER_WALLS, {"S": 2.5})[:3]
(array([[ True,  True, False, False]]), None, array([[1. , 2.5, 1. , 1. ]]))
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..errors import InvalidCostError, InvalidParameterError, UnsupportedGridError

__all__ = [
    "GROUND",
    "MAP_CHARS",
    "OPEN_CHARS",
    "WALL_CHARS",
    "WATER",
    "TerrainRule",
    "terrain_arrays",
    "terrain_text",
]

#: Terrain class of ground (``.``, ``G``) and swamp (``S``) cells, and of walls.
GROUND = 0
#: Terrain class of water (``W``) cells under ``TerrainRule.CLASSES``.
WATER = 1
#: Characters that may be open, depending on the rule: ground, swamp, water.
OPEN_CHARS = ".GSW"
#: Characters that are always walls: out of bounds, trees.
WALL_CHARS = "@OT"
#: Every character of the format.
MAP_CHARS = OPEN_CHARS + WALL_CHARS


class TerrainRule(enum.Enum):
    """How the terrain characters of a MovingAI map become a grid (see the module)."""

    #: Ground and swamp one class, water another; steps only within a class (the benchmark).
    CLASSES = "classes"
    #: Water is a wall; ground and swamp are open.
    WATER_WALLS = "water_walls"
    #: Ground, swamp and water are open and one class.
    ONE_CLASS = "one_class"


def _tables(rule: Any, costs: Mapping[str, float] | None
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """open bool[256], class uint8[256], cost float64[256] per character code."""
    if not isinstance(rule, TerrainRule):
        raise InvalidParameterError(
            f"rule must be a TerrainRule member ({', '.join(r.name for r in TerrainRule)}), "
            f"got {rule!r}")
    is_open = np.zeros(256, dtype=bool)
    for ch in ".GS" if rule is TerrainRule.WATER_WALLS else OPEN_CHARS:
        is_open[ord(ch)] = True
    classes = np.full(256, GROUND, dtype=np.uint8)
    if rule is TerrainRule.CLASSES:
        classes[ord("W")] = WATER
    price = np.ones(256, dtype=np.float64)
    if costs is not None:
        if not isinstance(costs, Mapping):
            raise InvalidCostError(
                f"costs must map terrain characters to costs, got {type(costs).__name__}")
        for ch, value in costs.items():
            if not (isinstance(ch, str) and len(ch) == 1 and ch in OPEN_CHARS):
                raise InvalidCostError(
                    f"costs keys must be terrain characters that can be open, one of "
                    f"{', '.join(map(repr, OPEN_CHARS))}; got {ch!r}")
            try:
                number = float(value)
            except (TypeError, ValueError):
                number = math.nan
            if isinstance(value, bool) or math.isnan(number) or number < 0:
                raise InvalidCostError(
                    f"cost of terrain {ch!r} must be a number >= 0 (inf: a wall), got {value!r}")
            if math.isinf(number):
                is_open[ord(ch)] = False
            else:
                price[ord(ch)] = number
    return is_open, classes, price


def terrain_arrays(codes: np.ndarray, rule: TerrainRule, costs: Mapping[str, float] | None
                   ) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    """``(passable, classes, cell costs)`` of a uint8[H, W] array of map characters.

    ``classes`` is None unless the rule is ``CLASSES`` and the map has open water;
    ``cell costs`` is None when every open cell costs 1.
    """
    is_open, cls, price = _tables(rule, costs)
    passable = is_open[codes]
    classes = cls[codes]
    classes = classes if bool((classes[passable] != GROUND).any()) else None
    cell_costs = price[codes]
    cell_costs = cell_costs if bool((cell_costs[passable] != 1.0).any()) else None
    return passable, classes, cell_costs


def terrain_text(grid: Any, rule: TerrainRule, costs: Mapping[str, float] | None) -> np.ndarray:
    """The map character (uint8[H, W] codes) of every cell of ``grid`` as it is now.

    A cell keeps its :attr:`~wayfinding.Grid.terrain` character when reading that
    character under ``rule`` and ``costs`` gives the cell as it is (open or wall, class,
    cost); otherwise it gets the first of ``. G S W @`` that does (edited cells).

    Raises
    ------
    UnsupportedGridError
        When no character describes a cell (e.g. a class other than ground and water, or
        a cost that no terrain of ``costs`` has).
    """
    is_open, cls, price = _tables(rule, costs)
    open_now = grid.passable_mask
    classes = grid.classes
    cell_costs = grid.costs

    def fits(code: Any) -> np.ndarray:
        ok = is_open[code] == open_now
        if classes is not None:
            ok &= ~open_now | (cls[code] == classes)
        else:
            ok &= ~open_now | (cls[code] == GROUND)
        if cell_costs is not None:
            ok &= ~open_now | (price[code] == cell_costs)
        else:
            ok &= ~open_now | (price[code] == 1.0)
        return ok

    stored = grid.terrain
    out = np.zeros(grid.shape, dtype=np.uint8)
    if stored is not None:
        keep = fits(stored)
        out[keep] = stored[keep]
    for ch in ".GSW@":
        todo = out == 0
        if not todo.any():
            break
        out[todo & fits(np.uint8(ord(ch)))] = ord(ch)
    if (out == 0).any():
        y, x = (int(v) for v in np.argwhere(out == 0)[0])
        what = [f"open={bool(open_now[y, x])}"]
        if classes is not None:
            what.append(f"class {int(classes[y, x])}")
        if cell_costs is not None:
            what.append(f"cost {float(cell_costs[y, x])!r}")
        raise UnsupportedGridError(
            f"no map character describes cell {(x, y)} ({', '.join(what)}) under "
            f"TerrainRule.{rule.name} with terrain costs {dict(costs or {})!r}")
    return out
