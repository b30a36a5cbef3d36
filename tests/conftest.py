"""Settings every test shares.

Qt renders offscreen unless a test asks for a real window: the offscreen platform needs
no X server and behaves the same on every machine, so a screenshot test or a model test
cannot fail because Xvfb was slow to start. Tests that need a real display (the
notification server) start their own Xvfb.
"""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# The machine's own AppStream pool (CI enables apt's DEP-11 metadata) is read only by the
# tests that ask for it (tests/integration, and those that build small pools under a root
# of their own): everywhere else "no installed catalog" means the embedded demo, as on a
# machine without a pool, so the demo-based tests see the same catalog on every machine.
_NO_POOL = tempfile.mkdtemp(prefix="appcenter-no-pool-")
os.environ["APPCENTER_SYSTEM_ROOT"] = _NO_POOL

# The automatic update checks record their last run in $XDG_STATE_HOME/appcenter-qt: never
# the user's own, and tests that run a check give each run a directory of its own.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="appcenter-state-")
# The user's other directories are never the tests' either, and never shared between two test
# processes (pytest-xdist's workers, ./scripts/test --fast): the demo catalog and the ODRS and
# screenshot caches ($XDG_CACHE_HOME), QSettings ($XDG_CONFIG_HOME), desktop files
# ($XDG_DATA_HOME) and the single-instance socket ($XDG_RUNTIME_DIR: a window started by one
# worker must not take the requests of another's) are each process's own.
for _name, _prefix in (
    ("XDG_CACHE_HOME", "appcenter-cache-"),
    ("XDG_CONFIG_HOME", "appcenter-config-"),
    ("XDG_DATA_HOME", "appcenter-data-"),
    ("XDG_RUNTIME_DIR", "appcenter-runtime-"),
):
    os.environ[_name] = tempfile.mkdtemp(prefix=_prefix)

# The real PackageKit daemon on a private system bus (packagekit_bus, packagekit_stack).
# A real notification server (dunst) on a private session bus (session_bus, dunst).
# A local Flatpak repo and a private installation (flatpak_world); importing the plugin
# confines libflatpak to temp directories for the whole process.
pytest_plugins = [
    "tests.packagekit_fixtures",
    "tests.notification_fixtures",
    "tests.flatpak_fixtures",
]

# Tests by speed (README, "Tests"): a test that starts a daemon (the real packagekitd, polkitd,
# a private D-Bus bus, dunst, Xvfb) or builds the Flatpak test repo is in the daemon tier,
# marked here from what it uses, so no test has to remember the mark. A test that runs a whole
# process for seconds by nature (a wheel installed, a venv made, kill -9 at every moment, a
# product time limit waited out) is marked ``slow`` where it is written. ``./scripts/test --fast``
# runs the rest: ``-m "not daemon and not integration and not slow"``.
_DAEMON_FIXTURES = frozenset(
    {"packagekit_stack", "packagekit_bus", "flatpak_world", "dunst", "session_bus", "xdisplay"}
)
_DAEMON_STARTERS = frozenset({"start_stack", "start_bus", "start_packagekitd", "start_mock"})


def pytest_collection_modifyitems(config, items) -> None:  # type: ignore[no-untyped-def]
    import pytest

    for item in items:
        module = getattr(item, "module", None)
        names = set(vars(module)) if module is not None else set()
        if _DAEMON_FIXTURES & set(getattr(item, "fixturenames", ())) or _DAEMON_STARTERS & names:
            item.add_marker(pytest.mark.daemon)


def pytest_sessionfinish(session, exitstatus) -> None:  # type: ignore[no-untyped-def]
    """Free what the tests left while the application is still there: the objects a test
    dropped, and the Qt objects whose deletion was posted (``deleteLater``). Left to the
    interpreter's teardown, they are freed in no set order, after the modules they use."""
    import gc
    import sys

    gc.collect()
    if "PySide6.QtCore" not in sys.modules:
        return
    from PySide6.QtCore import QCoreApplication, QEvent

    if QCoreApplication.instance() is not None:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QCoreApplication.processEvents()
        gc.collect()
