"""One real Dask cluster (2 worker processes, 1 thread each) for the tests of this folder."""

from __future__ import annotations

import pytest

distributed = pytest.importorskip(
    "distributed", reason='Dask is not installed (pip install "wayfinding[distributed]")')


@pytest.fixture(scope="package")
def cluster():
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=":0") as found:
        yield found


@pytest.fixture(scope="package")
def client(cluster):
    with distributed.Client(cluster, set_as_default=False) as found:
        yield found
