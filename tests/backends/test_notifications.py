"""Desktop notifications against a real notification server (dunst) on a private session bus."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from appcenter_qt.backends.notifications import (
    Notification,
    close_notification,
    send_notification,
)
from appcenter_qt.domain.errors import BackendError
from tests.notification_fixtures import (
    notification_tools_missing,
    wait_for_history_entry,
)

pytestmark = pytest.mark.skipif(
    bool(notification_tools_missing()), reason=notification_tools_missing() or "ok"
)


def test_notification_reaches_the_server_with_untrusted_text_escaped(
    dunst: dict[str, str],
) -> None:
    bus = dunst["DBUS_SESSION_BUS_ADDRESS"]
    body = "Updates for <b>Mines</b> & KCalc"
    notification = Notification(summary="3 updates available", body=body)
    notification_id = asyncio.run(send_notification(notification, bus_address=bus))
    assert notification_id > 0
    asyncio.run(close_notification(notification_id, bus_address=bus))
    entry = wait_for_history_entry(dunst, notification_id)
    assert entry["summary"] == "3 updates available"
    assert entry["appname"] == "appcenter-qt"
    # dunst advertises body-markup, so the body went over the bus escaped: the server's
    # rendered message shows the literal tags instead of bold text.
    assert entry["body"] == "Updates for &lt;b&gt;Mines&lt;/b&gt; &amp; KCalc"


def test_bus_without_a_notification_server_is_a_clear_error(session_bus: str) -> None:
    with pytest.raises(BackendError) as excinfo:
        asyncio.run(
            send_notification(Notification(summary="x"), bus_address=session_bus, timeout_s=5)
        )
    assert excinfo.value.code == "no-notification-server"


def test_missing_session_bus_is_a_clear_error(tmp_path: Path) -> None:
    address = f"unix:path={tmp_path / 'no-such-bus'}"
    with pytest.raises(BackendError) as excinfo:
        asyncio.run(send_notification(Notification(summary="x"), bus_address=address))
    assert excinfo.value.code == "no-session-bus"
    assert "session bus" in str(excinfo.value)
