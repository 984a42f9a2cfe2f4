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


#: the words of the skip reasons above that name a missing Debian package, and how to get it
_MISSING_TOOLS = {"chromium": "chromium", "poppler": "poppler-utils"}


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say loudly which tests did not run for want of a Debian package (issue 36): a count of
    skips at the end of the line is easy to miss, and these tests check what a reader sees."""
    missing: dict[str, int] = {}
    for report in terminalreporter.stats.get("skipped", []):
        reason = str(report.longrepr[-1]) if isinstance(report.longrepr, tuple) else ""
        for word, package in _MISSING_TOOLS.items():
            if word in reason.lower():
                missing[package] = missing.get(package, 0) + 1
    if missing:
        packages = " ".join(sorted(missing))
        terminalreporter.section("tests not run: Debian packages missing", yellow=True)
        for package, count in sorted(missing.items()):
            terminalreporter.write_line(f"{count} test{'s' * (count != 1)} skipped: {package} "
                                        "is not installed")
        terminalreporter.write_line(f"install them (`apt-get install {packages}`) to run them; "
                                    "CI installs them (.ci/run)")
