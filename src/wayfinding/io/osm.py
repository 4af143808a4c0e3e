"""Road graphs from OpenStreetMap files (``.osm.pbf`` and ``.osm`` XML) and from osmnx.

:func:`read` parses the file with pyosmium (the extra ``osm``: ``pip install
"wayfinding[osm]"``), keeps the ways a :class:`~.osm_profiles.Profile` may use and
makes a :class:`~wayfinding.csr.graph.CSRGraph` whose nodes are the *intersections*:
the OpenStreetMap nodes where routable ways meet or end. The shape points between them
only measure the arcs' lengths. Node labels are the OpenStreetMap node ids, coordinates
``(lon, lat)`` in degrees (``Metric.GREAT_CIRCLE``: A* and the hierarchy's goal
direction use them). Parallel arcs keep the cheapest, self-loops (a closed way with one
intersection) are dropped, as everywhere in :class:`CSRGraph`.

:func:`from_osmnx` converts an osmnx graph (a networkx MultiDiGraph with node ``x``,
``y`` and edge ``length`` / ``travel_time``) in one call.

Compared with RoutingKit's ``osm_extract`` car graph (Monaco, ``../shared/osm``): the
same notion of intersection, but RoutingKit also routes ``junction`` and ferry ways
without a ``highway`` tag and keeps parallel arcs and self-loops; ``benchmarks/roads.py``
prints both counts.

Examples
--------
>>> import networkx as nx
>>> G = nx.MultiDiGraph(crs="epsg:4326")
>>> G.add_node(1, x=7.42, y=43.73); G.add_node(2, x=7.43, y=43.73)
>>> _ = G.add_edge(1, 2, length=800.0, travel_time=60.0)
>>> _ = G.add_edge(1, 2, length=900.0, travel_time=50.0)  # parallel: the cheapest stays
>>> g = from_osmnx(G)
>>> g.node_count, g.cost(1, 2), g.metric.name
(2, 50.0, 'GREAT_CIRCLE')
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from ..csr.build import from_node_arrays
from ..csr.graph import CSRGraph, Metric
from ..errors import InvalidParameterError, MapFormatError
from .osm_profiles import Mode, Profile, Weight

__all__ = ["Mode", "Profile", "Weight", "from_osmnx", "largest_component", "read"]

EARTH_RADIUS = 6371008.8


def read(path: str | os.PathLike[str], profile: Profile | Mode | str = Mode.CAR, *,
         weight: Weight = Weight.TIME, largest: bool = False) -> CSRGraph:
    """The road graph of an OpenStreetMap file for one kind of traveller.

    Parameters
    ----------
    path : path of a ``.osm.pbf`` or ``.osm`` (XML) file
    profile : Profile, Mode or ``"car"`` / ``"bicycle"`` / ``"foot"``
        Which ways, directions and speeds (:class:`~.osm_profiles.Profile`).
    weight : Weight
        ``TIME``: arcs cost seconds (length over speed); ``DISTANCE``: metres.
    largest : bool
        Keep only the largest strongly connected component (every node reaches every
        other: no query answers "unreachable" for want of a way out of a dead end).

    Returns
    -------
    CSRGraph
        Labels: OpenStreetMap node ids (int); coordinates ``(lon, lat)``.

    Raises
    ------
    MapFormatError
        When the file is malformed or truncated (the parser's message, naming the file).
    FileNotFoundError
        When there is no file at ``path``.
    InvalidParameterError
        For an unknown profile or weight.

    Examples
    --------
    >>> import tempfile, os
    >>> text = '''<osm version="0.6">
    ... <node id="1" lat="43.730" lon="7.420" version="1"/>
    ... <node id="2" lat="43.731" lon="7.420" version="1"/>
    ... <node id="3" lat="43.732" lon="7.420" version="1"/>
    ... <way id="9" version="1"><nd ref="1"/><nd ref="2"/><nd ref="3"/>
    ...   <tag k="highway" v="residential"/><tag k="oneway" v="yes"/></way></osm>'''
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     name = os.path.join(folder, "tiny.osm")
    ...     _ = open(name, "w").write(text)
    ...     g = read(name, "car", weight=Weight.DISTANCE)
    >>> g.node_count, g.labels_of([0, 1]), round(g.cost(1, 3), 1)
    (2, [1, 3], 222.4)
    """
    rules = _profile(profile)
    if not isinstance(weight, Weight):
        raise InvalidParameterError(f"weight must be a Weight, got {weight!r}")
    name = os.fspath(path)
    if not os.path.exists(name):
        raise FileNotFoundError(f"no OpenStreetMap file at {name!r}")
    ways = _ways(name, rules)
    graph = _graph(ways, weight)
    return largest_component(graph) if largest else graph


def _profile(profile: Profile | Mode | str) -> Profile:
    if isinstance(profile, Profile):
        return profile
    if isinstance(profile, str):
        try:
            profile = Mode(profile)
        except ValueError:
            raise InvalidParameterError(
                f"profile must be a Profile, a Mode or one of 'car', 'bicycle', 'foot', "
                f"got {profile!r}") from None
    if not isinstance(profile, Mode):
        raise InvalidParameterError(f"profile must be a Profile or a Mode, got {profile!r}")
    return Profile.of(profile)


def _ways(name: str, rules: Profile) -> tuple[list[Any], ...]:
    """Every routable way as runs of located nodes: ``(ids, lon, lat, direction, kmh)``
    lists, one entry per run (a node without a location splits its way)."""
    try:
        import osmium
    except ImportError:  # pragma: no cover - the extra is missing
        raise ImportError('reading OpenStreetMap files needs pyosmium: pip install '
                          '"wayfinding[osm]"') from None
    ids: list[list[int]] = []
    lons: list[list[float]] = []
    lats: list[list[float]] = []
    directions: list[int] = []
    speeds: list[float] = []
    try:
        processor = (osmium.FileProcessor(name, osmium.osm.NODE | osmium.osm.WAY)
                     .with_locations()
                     .with_filter(osmium.filter.EntityFilter(osmium.osm.WAY))
                     .with_filter(osmium.filter.KeyFilter("highway")))
        for way in processor:
            tags = {tag.k: tag.v for tag in way.tags}
            if not rules.allows(tags):
                continue
            direction, kmh = rules.direction(tags), rules.speed(tags)
            run: tuple[list[int], list[float], list[float]] = ([], [], [])
            for node in way.nodes:
                if node.location.valid():
                    run[0].append(node.ref)
                    run[1].append(node.location.lon)
                    run[2].append(node.location.lat)
                    continue
                if len(run[0]) > 1:
                    ids.append(run[0]), lons.append(run[1]), lats.append(run[2])
                    directions.append(direction), speeds.append(kmh)
                run = ([], [], [])
            if len(run[0]) > 1:
                ids.append(run[0]), lons.append(run[1]), lats.append(run[2])
                directions.append(direction), speeds.append(kmh)
    except RuntimeError as error:  # pyosmium's parse errors
        raise MapFormatError(f"not a readable OpenStreetMap file ({error})",
                             source=name) from None
    return ids, lons, lats, directions, speeds


def _graph(ways: tuple[list[Any], ...], weight: Weight) -> CSRGraph:
    """The intersections and the arcs between them of the runs of :func:`_ways`."""
    ids, lons, lats, directions, speeds = ways
    lengths = np.array([len(run) for run in ids], dtype=np.int64)
    if lengths.shape[0] == 0:
        return from_node_arrays(CSRGraph, 0, np.zeros(0, np.int64), np.zeros(0, np.int64),
                                np.zeros(0), None, np.zeros((0, 2)), Metric.GREAT_CIRCLE,
                                True)
    node = np.concatenate([np.asarray(run, dtype=np.int64) for run in ids])
    lon = np.concatenate([np.asarray(run, dtype=np.float64) for run in lons])
    lat = np.concatenate([np.asarray(run, dtype=np.float64) for run in lats])
    way = np.repeat(np.arange(lengths.shape[0]), lengths)
    first = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    last = first + lengths - 1
    # an intersection: a node used twice (by two ways, or twice by one) or a way's end
    values, inverse, counts = np.unique(node, return_inverse=True, return_counts=True)
    routing = counts[inverse] > 1
    routing[first] = True
    routing[last] = True
    step = np.zeros(node.shape[0])
    step[1:] = _haversine(lon[:-1], lat[:-1], lon[1:], lat[1:])
    step[first] = 0.0
    along = np.cumsum(step)
    at = np.flatnonzero(routing)
    same = way[at[:-1]] == way[at[1:]]
    a, b = at[:-1][same], at[1:][same]
    metres = along[b] - along[a]
    seg_way = way[a]
    cost = metres if weight is Weight.DISTANCE else metres / (
        np.asarray(speeds, dtype=np.float64)[seg_way] / 3.6)
    kind = np.asarray(directions, dtype=np.int64)[seg_way]
    keep = np.unique(inverse[at])  # the intersections, numbered in OSM id order
    number = np.full(values.shape[0], -1, dtype=np.int64)
    number[keep] = np.arange(keep.shape[0])
    u, v = number[inverse[a]], number[inverse[b]]
    src = np.concatenate((u[kind >= 0], v[kind <= 0]))
    dst = np.concatenate((v[kind >= 0], u[kind <= 0]))
    arc_cost = np.concatenate((cost[kind >= 0], cost[kind <= 0]))
    coords = np.empty((keep.shape[0], 2))
    coords[number[inverse[at]], 0] = lon[at]
    coords[number[inverse[at]], 1] = lat[at]
    return from_node_arrays(CSRGraph, keep.shape[0], src, dst, arc_cost,
                            values[keep].tolist(), coords, Metric.GREAT_CIRCLE, True)


def _haversine(lon1: np.ndarray, lat1: np.ndarray, lon2: np.ndarray,
               lat2: np.ndarray) -> np.ndarray:
    """Great-circle distances in metres between (lon, lat) degree pairs."""
    p1, p2 = np.radians(lat1), np.radians(lat2)
    s1 = np.sin(0.5 * (p2 - p1))
    s2 = np.sin(0.5 * np.radians(lon2 - lon1))
    h = np.minimum(1.0, s1 * s1 + np.cos(p1) * np.cos(p2) * s2 * s2)
    return 2.0 * EARTH_RADIUS * np.arcsin(np.sqrt(h))


def largest_component(graph: CSRGraph) -> CSRGraph:
    """The subgraph on the largest strongly connected component of ``graph`` (labels,
    coordinates and metric kept; the graph itself when it is strongly connected).

    Examples
    --------
    >>> g = CSRGraph.from_edges([1, 2, 2], [2, 1, 3], [1.0, 1.0, 1.0])
    >>> largest_component(g).labels_of([0, 1])
    [1, 2]
    """
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import connected_components

    n = graph.node_count
    if n == 0:
        return graph
    matrix = csr_matrix((np.ones(graph.edge_count), graph.indices, graph.indptr), shape=(n, n))
    _count, label = connected_components(matrix, directed=True, connection="strong")
    big = np.argmax(np.bincount(label))
    keep = np.flatnonzero(label == big)
    if keep.shape[0] == n:
        return graph
    number = np.full(n, -1, dtype=np.int64)
    number[keep] = np.arange(keep.shape[0])
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(graph.indptr))
    dst = graph.indices.astype(np.int64)
    inside = (number[src] >= 0) & (number[dst] >= 0)
    labels = None if graph.labels is None else graph.labels[keep].tolist()
    coords = None if graph.coordinates is None else graph.coordinates[keep]
    return from_node_arrays(CSRGraph, keep.shape[0], number[src[inside]],
                            number[dst[inside]], graph.costs[inside], labels, coords,
                            graph.metric, graph.directed)


def from_osmnx(graph: Any, weight: str = "travel_time") -> CSRGraph:
    """A :class:`CSRGraph` from an osmnx graph: a networkx MultiDiGraph whose nodes have
    ``x`` and ``y`` and whose edges have ``weight`` (``"travel_time"``, ``"length"`` or
    any numeric attribute; an edge without it is left out).

    Parallel edges keep the cheapest; coordinates are ``(x, y)``, great-circle
    ``(lon, lat)`` when the graph's ``crs`` is EPSG:4326 (osmnx's default, or no
    ``crs``), else plane coordinates (a projected graph). Labels are the graph's node
    keys (OpenStreetMap ids for osmnx).

    Raises
    ------
    InvalidParameterError
        When a node has no ``x`` or ``y``, or ``graph`` is not a networkx graph.
    InvalidCostError
        When an edge's ``weight`` is negative or not a number.
    """
    if not hasattr(graph, "nodes") or not hasattr(graph, "is_multigraph"):
        raise InvalidParameterError(f"expected a networkx graph, got {type(graph).__name__}")
    coords = {}
    for key, data in graph.nodes(data=True):
        if "x" not in data or "y" not in data:
            raise InvalidParameterError(f"node {key!r} has no 'x' and 'y' coordinates")
        coords[key] = (float(data["x"]), float(data["y"]))
    crs = str(graph.graph.get("crs", "epsg:4326")).lower().replace(" ", "")
    metric = Metric.GREAT_CIRCLE if crs in ("epsg:4326", "wgs84", "wgs 84") else \
        Metric.EUCLIDEAN
    return CSRGraph.from_networkx(graph, lambda u, v, data: data.get(weight),
                                  coordinates=coords, metric=metric)
