"""grid/flat.py: the padded flat layout and the one move table."""

from __future__ import annotations

import numpy as np
import pytest

import wayfinding as wf
from wayfinding._kernels import codes
from wayfinding.grid import flat
from wayfinding.grid.movement import CornerCutting


@pytest.mark.parametrize("rule", list(CornerCutting))
@pytest.mark.parametrize("diagonal", [False, True])
def test_move_table_follows_the_movement_rules(rule, diagonal):
    grid = wf.Grid(np.ones((3, 5), bool), diagonal=diagonal, corner_cutting=rule,
                   straight_cost=2, diagonal_cost=3)
    table = flat.move_table(grid)
    assert table.stride == 7 and table.n_moves == (8 if diagonal else 4)
    assert table.moves.shape == (table.n_moves, len(flat.MOVE_COLUMNS))
    assert table.lengths.shape == (table.n_moves,)
    assert table.rule == flat.RULE_CODES[rule] and not table.checked and table.parity == 0
    for (offset, a, b, dx, dy, dz, _, extras, *_), length, (mx, my, mlength) in zip(
            table.moves.tolist(), table.lengths.tolist(), grid.movement.moves(), strict=True):
        assert dz == extras == 0
        assert (dx, dy, length) == (mx, my, mlength)
        assert offset == a + b == dy * 7 + dx and (a, b) == (dx, dy * 7)


def test_rule_codes_are_the_kernel_codes():
    assert flat.RULE_CODES == {CornerCutting.NEVER: codes.RULE_NEVER,
                               CornerCutting.ONE_FREE: codes.RULE_ONE_FREE,
                               CornerCutting.ALWAYS: codes.RULE_ALWAYS}


def test_index_and_location_agree_with_the_grid_flat_arrays():
    grid = wf.Grid.from_ascii("""
    ..#
    #..
    """)
    f = grid.flat
    for y in range(2):
        for x in range(3):
            i = flat.index(x, y, f.stride)
            assert i == f.index((x, y)) and flat.location(i, f.stride) == (x, y)
            assert bool(f.passable[i]) == grid.passable((x, y))
    cells = np.array([flat.index(2, 1, f.stride), flat.index(0, 0, f.stride)])
    assert flat.locations(cells, f.stride) == [(2, 1), (0, 0)]
