"""The Flatpak source: applications from Flatpak remotes through libflatpak.

:class:`FlatpakBackend` implements :class:`appcenter_qt.domain.backend.PackageBackend` for
one remote; the registry names it ``flatpak:REMOTE``. Modules:

* :mod:`._gi` — the single import of libflatpak (PyGObject); "Flatpak support not installed"
  when it is missing;
* :mod:`.installations` — the user and system installations and their remotes;
* :mod:`.refs` — Flatpak refs (``app/ID/ARCH/BRANCH``), validated;
* :mod:`.job` — one operation in a worker thread, cancellable, as a neutral transaction;
* :mod:`.vocabulary` — operation types and errors → neutral statuses and error kinds;
* :mod:`.backend` — the operations.
"""

from .backend import FlatpakBackend

__all__ = ["FlatpakBackend"]
