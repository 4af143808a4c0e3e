"""The per-thread search workspace of ``wf.astar`` on a mesh: the whole-query call keeps
its arguments in tuples, so a buffer grown during a query (nodes, frontier, path) must
reach the next kernel call, and a workspace fitted to one mesh must serve another."""

from __future__ import annotations

import threading

import numpy as np

import wayfinding as wf
from wayfinding.navmesh.search import workspace


def _comb(teeth: int, width: int) -> wf.Grid:
    """Walls across every other row, open at alternate ends: the path bends twice a wall."""
    rows = []
    for k in range(2 * teeth + 1):
        if k % 2 == 0:
            rows.append("." * width)
        elif k % 4 == 1:
            rows.append("#" * (width - 1) + ".")
        else:
            rows.append("." + "#" * (width - 1))
    return wf.Grid.from_ascii("\n".join(rows))


def _in_fresh_thread(func):
    out = {}
    thread = threading.Thread(target=lambda: out.setdefault("value", func()))
    thread.start()
    thread.join()
    return out["value"]


def test_a_query_that_outgrows_a_fresh_workspace_gives_the_batch_answer() -> None:
    comb = wf.navmesh.from_grid(_comb(40, 12))
    rng = np.random.default_rng(3)
    cells = rng.random((200, 200)) >= 0.3
    cells[0, 0] = cells[199, 199] = True
    scatter = wf.navmesh.from_grid(wf.Grid(cells))
    queries = [(comb, (0.0, 0.0), (0.0, 81.0)), (scatter, (0.0, 0.0), (200.0, 200.0))]

    def run():
        ws = workspace()
        answers = [wf.astar(mesh, s, g) for mesh, s, g in queries]
        return answers, ws.nodes_i.shape[0], ws.path.shape[0]

    answers, nodes, path_rows = _in_fresh_thread(run)
    assert nodes > 1024 and path_rows > 64  # both buffers grew during a query
    for (mesh, s, g), r in zip(queries, answers, strict=True):
        b = wf.batch.astar(mesh, [s], [g])
        assert b.found[0] and r.cost == b.costs[0]
        assert r.path == [tuple(p) for p in b.path(0).tolist()]
    # the grown workspace answers both meshes again, alternating
    again = [wf.astar(mesh, s, g) for mesh, s, g in queries]
    assert [r.cost for r in again] == [r.cost for r in answers]
