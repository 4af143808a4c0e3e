"""Reading and writing map and scenario files (MovingAI benchmark format); road graphs
from OpenStreetMap (:mod:`wayfinding.io.osm`, ``wf.io.osm.read``).

Examples
--------
>>> from wayfinding.io import parse_map
>>> parse_map("type octile\\nheight 1\\nwidth 2\\nmap\\n.@\\n").width
2
"""

from . import osm
from .movingai import (
    Scenario,
    TerrainRule,
    format_map,
    format_scenarios,
    matches_optimal,
    parse_map,
    parse_scenarios,
    read_map,
    read_scenarios,
    write_map,
    write_scenarios,
)

__all__ = ["Scenario", "TerrainRule", "format_map", "format_scenarios", "matches_optimal",
           "osm", "parse_map", "parse_scenarios", "read_map", "read_scenarios", "write_map",
           "write_scenarios"]
