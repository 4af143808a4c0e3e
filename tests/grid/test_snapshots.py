"""``Grid.snapshot()`` and the calls that take one (issue 27, items 2 and 4): one version,
frozen, cheap; what is built from it is stamped with that version and never changes.

The races themselves are in ``test_concurrent_races.py``; here each edit is placed
exactly inside a call (a wrapped builder edits the grid halfway), so these tests fail
deterministically on the code before the fix: a prepared grid or flow field built while
the grid changed was stamped with the later version, raised nothing once the edits
stopped and answered for the older cells; ``components()`` handed out an array that a
later edit wrote into.
"""

from __future__ import annotations

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.errors import InvalidLocationError, StaleDataError, UnsupportedGridError
from wayfinding.fields import _fields
from wayfinding.grid import _engine
from wayfinding.grid._checks import passable_index
from wayfinding.grid.components import COMPONENTS
from wayfinding.grid.jps import JPS_PLAN
from wayfinding.grid.prepared import builders

CORRIDOR = """
.........
.#######.
.........
"""


def _grid(**options) -> wf.Grid:
    return wf.Grid.from_ascii(CORRIDOR, diagonal=True, **options)


# ---------------------------------------------------------------------- snapshot
def test_a_snapshot_keeps_its_version_while_the_grid_is_edited():
    grid = _grid()
    grid.set_cost((0, 0), 2.0)
    frozen = grid.snapshot()
    mask, costs = frozen.passable_mask.copy(), frozen.costs.copy()
    grid.set_wall((4, 0))
    grid.set_walls([(4, 2), (5, 2)])
    grid.set_cost((1, 0), 7.0)
    grid.walls = [(0, 1)]
    assert frozen.version == 1 and grid.version == 5
    np.testing.assert_array_equal(frozen.passable_mask, mask)
    np.testing.assert_array_equal(frozen.costs, costs)
    assert wf.astar(frozen, (4, 0), (4, 2)).cost == 10.0  # around the wall of row 1
    assert wf.astar(grid, (4, 0), (4, 2)).cost == 2.0  # row 1 is open now
    assert frozen.snapshot() is frozen


@pytest.mark.parametrize("edit", [
    lambda g: g.set_wall((0, 0)),
    lambda g: g.set_walls([(0, 0)]),
    lambda g: g.set_cost((0, 0), 3.0),
    lambda g: g.set_passable(np.ones((3, 9), bool)),
    lambda g: g.set_costs(None),
    lambda g: setattr(g, "walls", []),
    lambda g: setattr(g, "weights", {}),
], ids=["set_wall", "set_walls", "set_cost", "set_passable", "set_costs", "walls",
        "weights"])
def test_a_snapshot_refuses_every_edit(edit):
    frozen = _grid().snapshot()
    with pytest.raises(UnsupportedGridError, match="a snapshot of a grid is never edited"):
        edit(frozen)
    assert frozen.version == 0 and frozen.passable((0, 0))


def test_a_snapshot_shares_what_is_built_and_gives_back_what_it_builds():
    grid = _grid()
    labels = grid.derived(COMPONENTS)
    frozen = grid.snapshot()
    assert frozen.derived(COMPONENTS) is labels  # built already: shared, not rebuilt
    plan = frozen.derived(JPS_PLAN)  # built by the snapshot ...
    assert grid.derived(JPS_PLAN) is plan  # ... and kept by its unedited grid
    grid.set_wall((4, 0))
    later = grid.snapshot()
    assert later.derived(JPS_PLAN) is not plan
    assert frozen.snapshot().derived(JPS_PLAN) is plan  # the snapshot keeps its own


def test_a_snapshot_built_after_an_edit_gives_nothing_back():
    grid = _grid()
    frozen = grid.snapshot()
    grid.set_wall((4, 0))
    built = frozen.derived(JPS_PLAN)
    assert grid.derived(JPS_PLAN) is not built
    assert wf.jps(frozen, (0, 0), (8, 0)).cost == 8.0
    assert wf.jps(grid, (0, 0), (8, 0)).cost == 12.0  # around the wall at (4, 0)


def test_the_snapshot_of_a_subclass_keeps_its_class():
    grid = wf.SquareGrid(4, 3)
    frozen = grid.snapshot()
    assert type(frozen) is wf.SquareGrid and frozen.uses_own_rules


# ---------------------------------------------------------------------- results kept
def test_labels_handed_out_never_change_after_an_edit():
    grid = wf.Grid.from_ascii("....\n.#..\n....")
    labels = grid.components()
    kept = labels.copy()
    grid.set_wall((1, 1), False)
    assert (grid.components() == 0).all()  # its patch used to label (1, 1) in ``labels``
    assert (labels == kept).all() and labels[1, 1] == -1


def test_a_start_opened_after_the_data_was_taken_is_a_wall_of_that_data():
    grid = _grid()
    plan = _engine.lease(grid)
    _engine.release(grid)
    grid.set_wall((3, 1), False)  # open in the grid now, a wall in the plan's version
    with pytest.raises(InvalidLocationError, match=r"start \(3, 1\) is a wall"):
        passable_index(grid, plan.passable, plan.stride, (3, 1), "start")


# ---------------------------------------------------------------------- an edit halfway
def _editing_halfway(monkeypatch, module, name, grid, cell):
    """Wrap ``module.name`` so that it closes ``cell`` of ``grid`` before it runs."""
    original = getattr(module, name)

    def wrapped(*args, **kwargs):
        grid.set_wall(cell)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapped)


@pytest.mark.parametrize("method", [wf.PrepareMethod.SUBGOAL_CH, wf.PrepareMethod.TABLE,
                                    wf.PrepareMethod.JPS, wf.PrepareMethod.AUTO])
def test_a_grid_edited_while_it_is_prepared(monkeypatch, method):
    grid = _grid()
    _editing_halfway(monkeypatch, builders, "build", grid, (4, 0))
    prepared = wf.prepare(grid, method)
    assert (prepared.version, grid.version) == (0, 1)
    with pytest.raises(StaleDataError, match="prepared at version 0"):
        prepared.search((0, 0), (8, 0))
    grid.set_wall((4, 0), False)  # back to the cells it was prepared from: answers
    result = prepared.search((0, 0), (8, 0))
    assert result.cost == 8.0 and result.path[4] == (4, 0)


def test_a_grid_edited_while_a_prepared_file_is_read(tmp_path, monkeypatch):
    from wayfinding.grid.prepared import files

    grid = _grid()
    wf.prepare(grid).save(tmp_path / "g")
    _editing_halfway(monkeypatch, files, "checked_archive", grid, (4, 0))
    loaded = wf.PreparedGrid.load(tmp_path / "g", grid)
    assert loaded.version == 0
    with pytest.raises(StaleDataError):
        loaded.search((0, 0), (8, 0))


def test_a_grid_edited_while_a_flow_field_floods(monkeypatch):
    grid = _grid()
    _editing_halfway(monkeypatch, _fields, "flood_grid", grid, (4, 0))
    field = wf.flow_field(grid, (8, 0))
    assert (field.version, grid.version) == (0, 1)
    with pytest.raises(StaleDataError, match="version 0 -> 1"):
        field.cost_from((0, 0))


def test_an_edit_copies_the_cells_only_while_a_snapshot_holds_them():
    grid = _grid()
    cells = grid._passable
    wf.connected(grid, (0, 0), (8, 2))  # took a snapshot, gone when it returned
    grid.set_wall((4, 0))
    assert grid._passable is cells  # written in place: nobody else held it
    frozen = grid.snapshot()
    grid.set_wall((5, 0))
    assert grid._passable is not cells and frozen.passable((5, 0))


def test_a_grid_edited_while_its_landmarks_file_is_read(tmp_path, monkeypatch):
    from wayfinding.grid import landmarks as module

    grid = _grid()
    wf.landmarks(grid, count=2).save(tmp_path / "lm.npz")
    _editing_halfway(monkeypatch, module, "checked_archive", grid, (0, 1))
    marks = wf.GridLandmarks.load(tmp_path / "lm.npz", grid)  # checked against version 0
    with pytest.raises(StaleDataError, match="built at version 0, now 1"):
        wf.astar(grid, (0, 0), (8, 2), heuristic=marks)
    grid.set_wall((0, 1), False)
    assert wf.astar(grid, (0, 0), (8, 2), heuristic=marks).cost == 10.0
