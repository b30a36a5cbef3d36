"""The Flatpak source: applications from Flatpak remotes through libflatpak.

:class:`FlatpakBackend` implements :class:`appcenter_qt.domain.backend.PackageBackend` for
one remote; the registry names it ``flatpak:REMOTE``. Modules:

* :mod:`._gi` — the single import of libflatpak (PyGObject); "Flatpak support not installed"
  when it is missing;
* :mod:`.installations` — the user and system installations and their remotes;
* :mod:`.refs` — Flatpak refs (``app/ID/ARCH/BRANCH``), validated;
* :mod:`.job` — one operation in a worker thread, cancellable, as a neutral transaction;
* :mod:`.vocabulary` — operation types and errors → neutral statuses and error kinds;
* :mod:`.backend` — the operations;
* :mod:`.release_versions` — an app's release version from the remote's AppStream catalog
  (a ref's own version is its branch);
* :mod:`.repo_file` — a ``.flatpakrepo`` file, checked before libflatpak reads it;
* :mod:`.remotes` — the source as a whole (its manager): remotes listed, added and removed,
  unused runtimes removed.
"""

from .backend import FlatpakBackend
from .remotes import FlatpakRemotes

__all__ = ["FlatpakBackend", "FlatpakRemotes"]
