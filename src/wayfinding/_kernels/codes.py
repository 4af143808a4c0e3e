"""Status, mode and heuristic codes and parameter layouts shared by compiled kernels.

Plain integers, no numba import: Python wrappers read the same names the kernels use,
so there is no hand-kept mirror. Every kernel (grid, CSR, fields) reads its codes here.

Examples
--------
>>> STATUS_FOUND != STATUS_EXHAUSTED
True
>>> N_IPARAMS, N_FPARAMS, N_STATE
(6, 3, 9)
"""

from __future__ import annotations

# ---------------------------------------------------------------- kernel status
STATUS_NEW = 0  # set by the caller: the kernel starts a fresh search
STATUS_PAUSED = 1  # the expansion budget of this call ran out; call again to go on
STATUS_HEAP_FULL = 2  # the frontier might overflow: grow it and call again (nothing lost)
STATUS_FOUND = 3  # a goal was taken off the frontier (or every target was settled)
STATUS_EXHAUSTED = 4  # the frontier ran empty
STATUS_BROKEN = 5  # the kernel's input data is inconsistent (seen only with damaged files)
STATUS_MAX_COST = 6  # the cheapest estimate left exceeds max_cost (navigation meshes)

# ---------------------------------------------------------------- batch loops
# what a loop over a batch's queries (grid, CSR, prepared grids, distance matrices) returns
BATCH_DONE = 0  # every query of the range is answered
BATCH_HEAP_FULL = 1  # query i needs a larger frontier: grow it, call again from i
BATCH_PATH_FULL = 2  # query i's path does not fit: grow the path buffer, call again from i
BATCH_FALLBACK = 3  # query i is not answered by this loop: the caller answers it another way

# ---------------------------------------------------------------- grid corner rules
# (for diagonal moves: may a diagonal step pass a wall at its corner?)
RULE_NEVER = 0  # both orthogonal neighbours must be free
RULE_ONE_FREE = 1  # at least one must be free
RULE_ALWAYS = 2  # corners may be cut

# ---------------------------------------------------------------- what orders the frontier
MODE_COST = 0  # Dijkstra: g
MODE_HEURISTIC = 1  # greedy best-first: h
MODE_ASTAR = 2  # A*: g + weight * h

# ---------------------------------------------------------------- reached nodes reached again
REOPEN_NONE = 0  # never update a reached node (greedy best-first)
REOPEN_OPEN = 1  # update nodes on the frontier; expanded nodes stay closed (consistent h)
REOPEN_ALL = 2  # update and expand again any node reached more cheaply (inconsistent h)

# ---------------------------------------------------------------- heuristics (lower bounds)
H_ZERO = 0  # no heuristic
H_EUCLIDEAN = 1  # scale * straight-line distance between (x, y) coordinates
H_GREAT_CIRCLE = 2  # scale * great-circle distance between (lon, lat) in degrees
H_ARRAY = 3  # a per-node array of estimates to the goal
H_LANDMARKS = 4  # ALT: triangle-inequality bounds from distances to and from landmarks

# ---------------------------------------------------------------- goals
GOALS_ANY = 0  # stop when the first goal is taken off the frontier
GOALS_ALL = 1  # stop when every goal has been taken off the frontier

# ---------------------------------------------------------------- iparams layout (int64)
I_MODE = 0  # MODE_*
I_HCODE = 1  # H_*
I_N_GOALS = 2  # goals in ``goals`` (0: flood)
I_REOPEN = 3  # REOPEN_*
I_TRACK = 4  # 1: remember the most promising node reached (partial paths)
I_GOALS = 5  # GOALS_*
N_IPARAMS = 6

# ---------------------------------------------------------------- fparams layout (float64)
F_SCALE = 0  # multiplier of coordinate distances (admissible scale)
F_WEIGHT = 1  # A* weight on h
F_MAX_COST = 2  # nodes costing more are never recorded (inf: no limit)
N_FPARAMS = 3

# ---------------------------------------------------------------- state layout (int64)
S_GEN = 0  # generation stamp of this search (>= 1)
S_STATUS = 1  # STATUS_*
S_SIZE = 2  # entries in the heap
S_TOUCHED = 3  # nodes recorded in ``touched`` (each once, in order of first reach)
S_EXPANDED = 4  # nodes expanded so far
S_FOUND = 5  # goal node taken off the frontier, -1 if none
S_PRUNED = 6  # 1 when ``max_cost`` pruned a step
S_BEST = 7  # most promising node reached (lowest h, then lowest g), when tracked
S_LEFT = 8  # goals not yet settled (GOALS_ALL)
N_STATE = 9
# fstate (float64)
FS_BEST_H = 0
FS_BEST_G = 1
N_FSTATE = 2

# ---------------------------------------------------------------- bidirectional state (int64)
B_GEN = 0  # generation stamp of this search (>= 1)
B_SIZE_F = 1  # entries in the forward heap
B_SIZE_B = 2  # entries in the backward heap
B_TOUCHED_F = 3  # nodes reached forward
B_TOUCHED_B = 4  # nodes reached backward
B_EXPANDED = 5  # nodes settled by both searches
B_MEET = 6  # node of the best path found, -1 if none
B_STARTED = 7  # 0: the kernel starts a fresh search
N_BSTATE = 8
# bidirectional fstate (float64)
BF_MU = 0  # cost of the best path found (inf: none)

# ================================================================ grid layout (helper "kern")
# The padded-flat-grid kernels (grid/_kernels: bestfirst, bfs, jps). Their state shares the
# S_* slots 0..7 and FS_* above; the parameter arrays have a layout of their own.

# grid heuristics of an offset (dx, dy) (H_ZERO and H_EUCLIDEAN above apply too)
H_MANHATTAN = 5  # D * (dx + dy)
H_CHEBYSHEV = 6  # D * max(dx, dy)
H_OCTILE = 7  # D * (dx + dy) + (D2 - 2 D) * min(dx, dy)

# frontiers of the grid best-first kernel
FRONTIER_HEAP = 0  # lazy binary heap (_kernels/heap.py)
FRONTIER_BUCKET = 1  # bucket queue (_kernels/buckets.py): integer priorities only

# grid iparams layout (int64)
GI_N_MOVES = 0  # rows of ``moves`` in use (4 or 8)
GI_RULE = 1  # RULE_* for the diagonal moves 4..7
GI_STRIDE = 2  # row length of the padded grid
GI_WEIGHTED = 3  # 1 when ``costs`` holds per-cell entry costs, 0 when all cost 1
GI_HCODE = 4  # H_*
GI_N_GOALS = 5  # goals in ``goals`` (0: flood)
GI_N_HGOALS = 6  # the heuristic aims at the nearest of the first ``n`` goals
GI_MODE = 7  # MODE_*
GI_REOPEN = 8  # REOPEN_*
GI_TRACK = 9  # 1: remember the most promising cell reached (partial paths)
GI_FRONTIER = 10  # FRONTIER_*
GI_RING = 11  # buckets in the ring (a power of two above the largest f step), bucket only
N_GIPARAMS = 12

# grid fparams layout (float64)
GF_D = 0  # heuristic straight-step length
GF_D2 = 1  # heuristic diagonal-step length (octile)
GF_SCALE = 2  # heuristic multiplier (the grid's cheapest cell cost for its own heuristic)
GF_WEIGHT = 3  # A* weight on h
GF_MAX_COST = 4  # cells costing more are never recorded (inf: no limit)
GF_TIE = 5  # heap key = f - g * GF_TIE (0: no tie-break)
N_GFPARAMS = 6

# grid state: S_GEN .. S_BEST above, then
GS_FMIN = 8  # bucket queue: the f of the bucket being emptied
GS_FREE = 9  # bucket queue: first free entry (-1: none)
GS_ENTRIES = 10  # bucket queue: entries ever used (free ones are recycled)
N_GSTATE = 11
GS_HEAD = S_SIZE  # breadth-first search: queue position of a paused search

# ================================================================ fields flood state (int64)
# wayfinding/fields/_kernels/flood.py: a multi-source flood that works in slices
FL_SIZE = 0  # heap entries (-1: not started)
FL_SETTLED = 1  # cells settled so far
FL_LEFT = 2  # marked targets not settled yet (<= 0: no targets, flood everything)
N_FLSTATE = 3

# ================================================================ D* Lite state
# wayfinding/replan/_kernels/dstar.py (int64 istate, float64 fstate)
DS_SIZE = 0  # entries in the heap
DS_START = 1  # the start cell (where the unit stands)
DS_GOAL = 2  # the goal cell
N_DSSTATE = 3
DSF_KM = 0  # the key modifier km
N_DSFSTATE = 1

# =================================== the searches beyond best-first (Yen, Bellman-Ford, ...)
# Yen's deviations (csr/_kernels/yen.py), int64 state
Y_GEN = 0  # spur searches numbered so far (their generation stamps)
Y_EXPANDED = 1  # nodes expanded by every spur search so far
Y_NEXT = 2  # the spur index to go on from
Y_OUT = 3  # candidates written
N_YSTATE = 4
# every optimal path (csr/_kernels/optimal.py), int64 state; fstate: [best cost]
O_GEN = 0
O_STATUS = 1  # STATUS_*
O_SIZE = 2  # heap entries
O_EXPANDED = 3
O_TOUCHED = 4  # nodes reached
O_GOALS = 5  # goals settled at the optimal cost
N_OSTATE = 6
# lazy reachability in slices (csr and grid _kernels/reach.py), int64 state
R_HEAD = 0  # breadth first: the next node to expand; by cost: heap entries
R_COUNT = 1  # nodes reached (breadth first) or settled (by cost)
N_RSTATE = 2
# queue-based Bellman-Ford (csr/_kernels/bellman_ford.py), int64 state
BELL_STATUS = 0
BELL_HEAD = 1  # ring position of the next node to scan
BELL_QUEUED = 2  # nodes in the ring
BELL_TOUCHED = 3
BELL_EXPANDED = 4
BELL_CHANGES = 5  # cost changes since the parent pointers were last walked
BELL_WALK = 6  # walks made so far (their numbers mark the nodes they pass)
BELL_CYCLE = 7  # a node of the negative cycle found
N_BELLSTATE = 8
# IDA* on grids (grid/_kernels/idastar.py), int64 state; fstate: [bound, next bound]
IDA_STATUS = 0
IDA_DEPTH = 1  # depth of the deepest frame of the walk (-1: a round is over)
IDA_EXPANDED = 2
N_IDASTATE = 3

# ================================================================ worlds beyond the square grid
# heuristics of hex maps, voxel grids and move sets of a grid's own
# (wayfinding/grid/_kernels/worlds.py: world_estimate); every code from WORLD_CODES on is one
WORLD_CODES = 8  # the first heuristic code of a world (not itself an H_ code)
H_HEX_ODD_R = 8  # hex distance of a map stored in the odd-r layout (and the other three)
H_HEX_EVEN_R = 9
H_HEX_ODD_Q = 10
H_HEX_EVEN_Q = 11
H_VOXEL6 = 12  # voxel free-space distances with 6, 18 and 26 neighbours
H_VOXEL18 = 13
H_VOXEL26 = 14
H_FACETS = 15  # max(0, max(a dx + b dy)) over a move set's facets (wayfinding.grid.moves)


# ================================================================ paged search state
# (wayfinding/_kernels/pages.py); plain integers here so grid/paged.py needs no numba
#: Cells per page: 64 consecutive flat cells (a row segment of a grid).
PAGE_SHIFT = 6
PAGE = 1 << PAGE_SHIFT
PAGE_MASK = PAGE - 1


def pages_for(cells: int) -> int:
    """Pages a map of ``cells`` flat cells has (the length of its page table).

    >>> pages_for(130)
    3
    """
    return (cells + PAGE - 1) >> PAGE_SHIFT
