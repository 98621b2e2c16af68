"""The store tests' fixtures: a throwaway PostgreSQL cluster (one per session, a new database per
test) and `backend`, which runs a test once on SQLite and once on PostgreSQL."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from lab.testing.pg_cluster import PgCluster, SkipCluster, throwaway_cluster

_names = itertools.count(1)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    try:
        with throwaway_cluster() as cluster:
            yield cluster
    except SkipCluster as e:
        pytest.skip(f"no throwaway PostgreSQL cluster: {e}")


@pytest.fixture
def pg_url(pg_cluster: PgCluster) -> str:
    """A new, empty database of the session's cluster."""
    return pg_cluster.create_database(f"t{next(_names)}")


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> str | None:
    """None for SQLite (the files in tmp_path), or a new PostgreSQL database's URL."""
    if request.param == "sqlite":
        return None
    return str(request.getfixturevalue("pg_url"))
