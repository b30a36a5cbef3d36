"""appcenter-qt: a cross-distribution application center that shows applications, not packages."""

__version__ = "0.1.0"
