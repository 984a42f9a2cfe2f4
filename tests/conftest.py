from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from plugin_site import forget, install

# CI runs more examples; a developer's run stays quick.
settings.register_profile("ci", max_examples=300, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture
def fresh_vocabularies() -> Iterator[None]:
    """fortlang.plugins forgets installed plugins before and after the test."""
    forget()
    yield
    forget()


@pytest.fixture
def backyard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example vocabulary plugin installed in a private folder on ``sys.path``."""
    site = install(tmp_path / "site")
    monkeypatch.syspath_prepend(str(site))
    return site
