"""Screenshots from the distribution's screenshot service for applications that have none.

Many packaged applications ship no screenshot in their metadata, while a distribution may run
a service that serves one per package (Debian's does). Asking it reveals to that service which
applications a user looks at, so this is **off by default**: a distribution or user turns it on
with a URL template (``--screenshot-service`` or ``$APPCENTER_SCREENSHOT_SERVICE``), e.g.
``https://screenshots.example.org/screenshot/{package}``. Only https templates with exactly the
``{package}`` placeholder are accepted; the package name is URL-quoted.
"""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Iterable
from urllib.parse import quote, urlsplit

from appcenter_qt.domain import Application, Screenshot, ScreenshotImage
from appcenter_qt.domain.errors import ExtractError

ENVIRONMENT_VARIABLE = "APPCENTER_SCREENSHOT_SERVICE"


def check_template(template: str) -> str:
    """``template`` if usable, else an :class:`ExtractError` saying why."""
    parts = urlsplit(template)
    if parts.scheme != "https" or not parts.netloc:
        raise ExtractError(f"screenshot service {template!r}: must be an https:// URL")
    try:
        fields = [name for _, name, _, _ in string.Formatter().parse(template) if name]
    except ValueError as error:
        raise ExtractError(f"screenshot service {template!r}: {error}") from None
    if fields != ["package"]:
        raise ExtractError(
            f"screenshot service {template!r}: needs exactly one {{package}} placeholder"
        )
    return template


def with_service_screenshots(apps: Iterable[Application], template: str) -> list[Application]:
    """Each application without screenshots gets one from the service, for its first package
    (sorted); the others are returned unchanged."""
    check_template(template)
    filled = []
    for app in apps:
        names = app.package_names
        if app.screenshots or not names:
            filled.append(app)
            continue
        url = template.format(package=quote(names[0], safe=""))
        shot = Screenshot(images=(ScreenshotImage(url),), default=True)
        filled.append(dataclasses.replace(app, screenshots=(shot,)))
    return filled
