"""The one import of the D-Bus library.

Everything in :mod:`appcenter_qt.backends.packagekit` talks D-Bus through these names only.
dbus-next is used because it is pure Python and asyncio-native; dbus-fast is a maintained
fork with the same API shape (``MessageBus``, ``Message``, ``MessageType``, ``BusType``,
``Variant``), so switching is a change to the imports below and nothing else.
"""

from __future__ import annotations

from dbus_next import BusType, Message, MessageType, Variant
from dbus_next.aio import MessageBus

__all__ = ["BusType", "Message", "MessageBus", "MessageType", "Variant"]
