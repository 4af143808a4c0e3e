"""Who may use an OpenStreetMap way, which way, and how fast: the profiles of
:func:`wayfinding.io.osm.read`.

A :class:`Profile` is a small table: the ``highway`` classes it routes on with their
default speeds, the access tags it reads (most general first), whether it follows
one-way rules and ``maxspeed``. :class:`Mode` names the three built in (``Profile.of``).
The rules follow the OpenStreetMap wiki's pages on ``highway``, ``access``, ``oneway``
and ``maxspeed``; the speeds are defaults of our own choosing (km/h).

Examples
--------
>>> car = Profile.of(Mode.CAR)
>>> car.allows({"highway": "residential"}), car.allows({"highway": "footway"})
(True, False)
>>> car.allows({"highway": "residential", "access": "private"})
False
>>> car.direction({"highway": "primary", "oneway": "yes"}), car.speed({"highway": "primary",
...                                                                      "maxspeed": "50"})
(1, 50.0)
>>> Profile.of(Mode.FOOT).direction({"highway": "primary", "oneway": "yes"})
0
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = ["Mode", "Profile", "Weight"]


class Mode(enum.Enum):
    """The built-in profiles (:meth:`Profile.of`)."""

    CAR = "car"
    BICYCLE = "bicycle"
    FOOT = "foot"


class Weight(enum.Enum):
    """What an arc of a road graph costs."""

    #: Seconds: the way's length over its speed.
    TIME = "time"
    #: Metres along the way (great-circle length of its segments).
    DISTANCE = "distance"


#: Access values that let a user through; every other value (``no``, ``private``,
#: ``agricultural``, ...) shuts the way to it.
OPEN = frozenset({"yes", "permissive", "designated", "destination", "delivery",
                  "customers", "official"})

_CAR = {"motorway": 110, "motorway_link": 60, "trunk": 90, "trunk_link": 50,
        "primary": 70, "primary_link": 50, "secondary": 60, "secondary_link": 50,
        "tertiary": 50, "tertiary_link": 40, "unclassified": 40, "residential": 30,
        "living_street": 10, "service": 20, "track": 15, "road": 30}
_BICYCLE = {"primary": 18, "primary_link": 18, "secondary": 18, "secondary_link": 18,
            "tertiary": 18, "tertiary_link": 18, "unclassified": 16, "residential": 16,
            "living_street": 12, "service": 14, "track": 12, "road": 15, "cycleway": 18,
            "path": 12, "bridleway": 8}
_FOOT = {"primary": 5, "primary_link": 5, "secondary": 5, "secondary_link": 5,
         "tertiary": 5, "tertiary_link": 5, "unclassified": 5, "residential": 5,
         "living_street": 5, "service": 5, "track": 5, "road": 5, "cycleway": 5,
         "path": 5, "footway": 5, "pedestrian": 5, "steps": 3, "bridleway": 5,
         "corridor": 5}
_MPH = 1.609344


@dataclass(frozen=True)
class Profile:
    """Which OpenStreetMap ways a traveller uses, in which direction, how fast.

    Parameters
    ----------
    speeds : mapping of ``highway`` value to km/h
        The classes it routes on; any other ``highway`` value (or none) is not routable.
    access : tuple of tag names
        Access tags read from the most general to the most specific
        (``("access", "vehicle", "motor_vehicle", "motorcar")``): the most specific one a
        way carries decides, open if its value is in :data:`OPEN`.
    oneway : bool
        Follow ``oneway`` (and roundabouts, and ``implied_oneway`` classes); a
        ``oneway:<name>`` tag (``oneway:bicycle=no``) overrides it.
    maxspeed : bool
        Take a way's speed from its ``maxspeed`` tag when it parses (km/h, or ``mph``),
        else the class default.
    name : str
        Used in ``oneway:<name>`` and in messages.
    implied_oneway : frozenset of str
        Classes one-way without a tag (motorways).
    """

    speeds: Mapping[str, float]
    access: tuple[str, ...]
    oneway: bool
    maxspeed: bool
    name: str
    implied_oneway: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        object.__setattr__(self, "speeds", MappingProxyType(dict(self.speeds)))

    @classmethod
    def of(cls, mode: Mode) -> Profile:
        """The built-in profile of a :class:`Mode`."""
        if mode is Mode.CAR:
            return cls(_CAR, ("access", "vehicle", "motor_vehicle", "motorcar"), True, True,
                       "car", frozenset({"motorway", "motorway_link"}))
        if mode is Mode.BICYCLE:
            return cls(_BICYCLE, ("access", "vehicle", "bicycle"), True, False, "bicycle")
        return cls(_FOOT, ("access", "foot"), False, False, "foot")

    def allows(self, tags: Mapping[str, str]) -> bool:
        """Whether a way with these tags is routable for this profile."""
        highway = tags.get("highway")
        if highway not in self.speeds:
            return False
        if self.oneway and tags.get("oneway") in ("reversible", "alternating"):
            return False
        verdict = None
        for key in self.access:
            value = tags.get(key)
            if value is not None:
                verdict = value in OPEN
        return verdict is not False

    def direction(self, tags: Mapping[str, str]) -> int:
        """1: only along the way's node order, -1: only against it, 0: both ways."""
        if not self.oneway:
            return 0
        value = tags.get(f"oneway:{self.name}", tags.get("oneway"))
        if value in ("yes", "true", "1"):
            return 1
        if value in ("-1", "reverse"):
            return -1
        if value in ("no", "false", "0"):
            return 0
        if tags.get("junction") in ("roundabout", "circular"):
            return 1
        return 1 if tags.get("highway") in self.implied_oneway else 0

    def speed(self, tags: Mapping[str, str]) -> float:
        """km/h on a routable way: its ``maxspeed`` if this profile reads it and it
        parses, else its class's default."""
        default = float(self.speeds[tags["highway"]])
        if self.maxspeed:
            parsed = parse_maxspeed(tags.get("maxspeed"))
            if parsed is not None:
                return parsed
        return default


_NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(mph|km/h|kmh|kph)?\s*$")


def parse_maxspeed(value: str | None) -> float | None:
    """km/h of a ``maxspeed`` value (``"50"``, ``"30 mph"``, ``"50;70"``: the first),
    ``walk`` 5; None for anything else (``none``, ``signals``, zone codes), so the class
    default applies.

    >>> parse_maxspeed("30 mph"), parse_maxspeed("50;70"), parse_maxspeed("signals")
    (48.28032, 50.0, None)
    """
    if not value:
        return None
    first = value.split(";")[0]
    if first.strip() == "walk":
        return 5.0
    match = _NUMBER.match(first)
    if match is None:
        return None
    speed = float(match.group(1)) * (_MPH if match.group(2) == "mph" else 1.0)
    return speed if speed > 0 else None
