"""The one import of the D-Bus library, made when the first message is built.

Everything in :mod:`appcenter_qt.backends.packagekit` talks D-Bus through these names only,
as ``_dbus.Message`` and so on: the library (and the asyncio it brings) is imported by the
first coroutine that talks to the daemon, not when a window chooses its sources, which
happens before its first cards (issue 31). Whether the library is installed is still known
at import time: without it this module fails to import, and the registry reports the
source as unavailable with the missing module's name.

dbus-next is used because it is pure Python and asyncio-native; dbus-fast is a maintained
fork with the same API shape (``MessageBus``, ``Message``, ``MessageType``, ``BusType``,
``Variant``), so switching is a change to the imports below and nothing else.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dbus_next import BusType, Message, MessageType, Variant
    from dbus_next.aio import MessageBus

__all__ = ["BusType", "Message", "MessageBus", "MessageType", "Variant"]

if importlib.util.find_spec("dbus_next") is None:
    raise ModuleNotFoundError("No module named 'dbus_next'", name="dbus_next")


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import dbus_next
    from dbus_next.aio import MessageBus

    names = {
        "BusType": dbus_next.BusType,
        "Message": dbus_next.Message,
        "MessageBus": MessageBus,
        "MessageType": dbus_next.MessageType,
        "Variant": dbus_next.Variant,
    }
    globals().update(names)  # later lookups are plain attributes
    return names[name]
