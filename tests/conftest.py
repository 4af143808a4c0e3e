"""Shared test settings: a hypothesis profile sized for CI's two cores, and the checks that
only wait for another process started beside the rest of the suite."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    max_examples=int(os.environ.get("WAYFINDING_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("default")


def pytest_collection_modifyitems(config, items):
    """Selected tests whose module has ``start_early(item)`` (checks that only wait for
    another process) start that process now, beside the rest of the suite
    (:mod:`tests.early`)."""
    if config.option.collectonly:
        return
    for item in items:
        start = getattr(getattr(item, "module", None), "start_early", None)
        if start is not None:
            start(item)


def pytest_sessionfinish(session):
    from .early import EARLY

    EARLY.stop()
