"""Column numbers of the search node records and slots of the search state: plain
integers shared by the kernels and their Python wrappers (no numba import).

A search node is one row of ``nodes_i`` (int32) and one of ``nodes_f`` (float64):

- ``NI_ROOT``: the root, a mesh vertex or ``START`` (the start point);
- ``NI_PARENT``: the node it was made from (-1 for the first nodes);
- ``NI_POLY``: the polygon the node's interval leads into;
- ``NI_EL``, ``NI_ER``: the entry edge's vertices, left and right as seen from the root;
- ``NI_LA``, ``NI_LB`` (``NI_RA``, ``NI_RB``): how the interval's left (right) end is
  known exactly: ``LA == AT_VERTEX`` when it is vertex ``LB``, else it lies where the line
  through points ``LA`` and ``LB`` (vertices or ``START``) crosses the entry edge, a line
  that passes through the node's root;
- ``NF_LX``.. ``NF_RY``: the two ends, rounded (for the heuristic only); ``NF_G``: the
  root's path length; ``NF_F``: g plus the estimate to the goal through the interval.
"""

START = -1
AT_VERTEX = -2

NI_ROOT, NI_PARENT, NI_POLY, NI_EL, NI_ER, NI_LA, NI_LB, NI_RA, NI_RB = range(9)
NI_COLUMNS = 9
NF_LX, NF_LY, NF_RX, NF_RY, NF_G, NF_F = range(6)
NF_COLUMNS = 6

# search state (int64 array; M_ for mesh, apart from the toolkit's S_ slots)
M_STATUS, M_HEAP, M_NODES, M_GEN, M_EXPANDED, M_FINAL, M_TOUCHED = range(7)
M_SLOTS = 7
