"""Shared test settings: a hypothesis profile sized for CI's two cores, and the checks that
only wait for another process started beside the rest of the suite."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# The one-line notice while kernels compile (wayfinding._compiling) would land in the
# standard error that CLI tests compare; tests/test_compile_notice.py turns it on.
os.environ["WAYFINDING_COMPILE_NOTICE"] = "0"

settings.register_profile(
    "default",
    max_examples=int(os.environ.get("WAYFINDING_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("default")


def _waits_for_a_process(item) -> bool:
    return getattr(getattr(item, "module", None), "start_early", None) is not None


def pytest_collection_modifyitems(config, items):
    """Selected tests whose module has ``start_early(item)`` (checks that only wait for
    another process) start that process now, beside the rest of the suite
    (:mod:`tests.early`). Under pytest-xdist (``-n``, as ``dev.py test`` runs the suite)
    the workers already fill the cores: those tests instead go first, so that their
    minutes are not the run's tail, and each runs its process itself."""
    if config.option.collectonly:
        return
    if hasattr(config, "workerinput"):  # a pytest-xdist worker
        items.sort(key=lambda item: not _waits_for_a_process(item))  # stable
        return
    for item in items:
        if _waits_for_a_process(item):
            item.module.start_early(item)


def pytest_sessionfinish(session):
    from .early import EARLY

    EARLY.stop()
