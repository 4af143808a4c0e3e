"""The node nearest to each of many points: ``wf.nearest_nodes(graph, points)``.

A k-d tree (scipy's ``cKDTree``) over the graph's coordinates. For great-circle graphs
(``(lon, lat)`` degrees) the tree holds points on the unit sphere in 3-D: the straight
chord between two of them grows with the great-circle distance, so the nearest by chord
is the nearest on the sphere, near the poles and across the date line too.

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges(["a", "b"], ["b", "c"], [1.0, 1.0],
...                            coordinates={"a": (0, 0), "b": (5, 0), "c": (9, 9)})
>>> wf.nearest_nodes(g, [(4.0, 1.0), (10.0, 10.0)]).tolist()
['b', 'c']
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .csr.graph import CSRGraph, Metric
from .csr.labels import label_array
from .errors import InvalidParameterError

__all__ = ["nearest_nodes"]

EARTH_RADIUS = 6371008.8


def nearest_nodes(graph: CSRGraph, points: Any, *,
                  return_distance: bool = False) -> Any:
    """The node nearest to each point.

    Parameters
    ----------
    graph : CSRGraph
        With coordinates (``(x, y)``, or ``(lon, lat)`` degrees for
        ``Metric.GREAT_CIRCLE``).
    points : array-like (N, 2), or one ``(x, y)`` pair
    return_distance : bool
        Also return the distance to each (metres on the sphere for great-circle graphs,
        coordinate units otherwise).

    Returns
    -------
    numpy array of N node labels (node numbers for a graph without labels; an integer
    array when every label is an int, as OpenStreetMap ids are), and with
    ``return_distance`` a float64 array of N distances.

    Raises
    ------
    InvalidParameterError
        When the graph has no coordinates or no nodes, or ``points`` is not N pairs of
        finite numbers.

    Examples
    --------
    >>> import wayfinding as wf
    >>> g = wf.CSRGraph.from_edges([0], [1], coordinates=[(7.42, 43.73), (7.43, 43.74)],
    ...                            metric=wf.Metric.GREAT_CIRCLE)
    >>> nodes, metres = nearest_nodes(g, [(7.4299, 43.7399)], return_distance=True)
    >>> nodes.tolist(), round(float(metres[0]))
    ([1], 14)
    """
    from scipy.spatial import cKDTree

    if not isinstance(graph, CSRGraph) or graph.coordinates is None:
        raise InvalidParameterError("nearest_nodes needs a CSRGraph with coordinates")
    if graph.node_count == 0:
        raise InvalidParameterError("nearest_nodes needs a graph with nodes")
    try:
        xy = np.asarray(points, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidParameterError(f"points must be (x, y) pairs, got {points!r:.80}") from None
    if xy.ndim == 1 and xy.shape == (2,):
        xy = xy.reshape(1, 2)
    if xy.ndim != 2 or xy.shape[1] != 2 or not np.isfinite(xy).all():
        raise InvalidParameterError(
            f"points must be an (N, 2) array of finite numbers, got shape {xy.shape}")
    sphere = graph.metric is Metric.GREAT_CIRCLE
    here = _unit(graph.coordinates) if sphere else graph.coordinates
    chord, index = cKDTree(here).query(_unit(xy) if sphere else xy)
    nodes = label_array(graph, index)
    if not return_distance:
        return nodes
    distance = np.asarray(chord, dtype=np.float64)
    if sphere:
        distance = 2.0 * EARTH_RADIUS * np.arcsin(np.minimum(1.0, distance / 2.0))
    return nodes, distance


def _unit(lonlat: np.ndarray) -> np.ndarray:
    """Points on the unit sphere of ``(lon, lat)`` degrees."""
    lon, lat = np.radians(lonlat[:, 0]), np.radians(lonlat[:, 1])
    return np.stack((np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)), 1)
