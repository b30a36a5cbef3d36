"""One error tree for the whole project.

Every layer raises a subclass of :class:`AppCenterError` so the CLIs and the UI can show a
one-line, user-level message (``str(error)``) without a traceback, and callers can still
tell the layers apart.
"""

from __future__ import annotations


class AppCenterError(Exception):
    """Base of every error appcenter-qt raises on purpose."""


class ExtractError(AppCenterError):
    """A package, tree or catalog file could not be read; the message names the file."""


class CatalogError(AppCenterError):
    """The SQLite catalog cannot be opened, read or written; the message names the file."""


class CatalogVersionError(CatalogError):
    """The catalog exists but has a schema version this build cannot read."""

    def __init__(self, path: str, found: str, supported: int) -> None:
        self.path = path
        self.found = found
        self.supported = supported
        super().__init__(
            f"{path}: catalog schema version {found} is not supported "
            f"(this appcenter-qt reads version {supported})"
        )


class BackendError(AppCenterError):
    """A package action failed; ``code`` is a stable :class:`~appcenter_qt.domain.backend.ErrorKind`
    value the UI turns into a message, ``details`` what the backend said."""

    def __init__(self, code: str, details: str = "") -> None:
        self.code = code
        self.details = details
        super().__init__(f"{code}: {details}" if details else code)
