"""The PackageKit backend: the only D-Bus code for package actions in appcenter-qt.

:class:`PackageKitBackend` implements :class:`appcenter_qt.domain.backend.PackageBackend`
over the PackageKit daemon (``org.freedesktop.PackageKit`` on the system bus). Modules:

* :mod:`.enums` — PackageKit's wire enums (``pk-enum.h``) and bitfield helpers;
* :mod:`.client` — bus connection, method calls with timeouts, ``CreateTransaction``,
  ``SetHints``;
* :mod:`.transaction` — signals → domain events, cancel, inactivity timeout, crash watch;
* :mod:`.errors` — PackageKit error codes → ``ErrorKind`` and user-level messages;
* :mod:`._dbus` — the single import of the D-Bus library (dbus-next; dbus-fast drop-in).
"""

from .backend import PackageKitBackend
from .transaction import PackageKitTransaction

__all__ = ["PackageKitBackend", "PackageKitTransaction"]
