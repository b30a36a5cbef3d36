"""Settings every test shares.

Qt renders offscreen unless a test asks for a real window: the offscreen platform needs
no X server and behaves the same on every machine, so a screenshot test or a model test
cannot fail because Xvfb was slow to start. Tests that need a real display (the
notification server) start their own Xvfb.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# The real PackageKit daemon on a private system bus (packagekit_bus, packagekit_stack).
# A real notification server (dunst) on a private session bus (session_bus, dunst).
pytest_plugins = ["tests.packagekit_fixtures", "tests.notification_fixtures"]
