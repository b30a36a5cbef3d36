"""The one import of libflatpak (through PyGObject's ``gi.repository.Flatpak``).

Everything in :mod:`appcenter_qt.backends.flatpak` talks to Flatpak through these names only;
the ``flatpak`` command's output is never parsed. Without PyGObject (the ``flatpak`` extra) or
libflatpak's typelib (``gir1.2-flatpak-1.0`` on Debian, ``typelib-1_0-Flatpak-1_0`` on
openSUSE) this import fails with :class:`ImportError` saying "Flatpak support not installed",
which the registry turns into "source 'flatpak' is unavailable: …" while the rest of the
product keeps working.
"""

from __future__ import annotations

NOT_INSTALLED = "Flatpak support not installed"

try:
    import gi

    gi.require_version("Flatpak", "1.0")
    from gi.repository import Flatpak, Gio, GLib
except (ImportError, ValueError) as _error:  # ValueError: gi is there, the typelib is not
    what = "PyGObject" if isinstance(_error, ImportError) else "libflatpak's typelib"
    raise ImportError(f"{NOT_INSTALLED} ({what} missing: {_error})", name="gi") from None

__all__ = ["NOT_INSTALLED", "Flatpak", "GLib", "Gio"]
