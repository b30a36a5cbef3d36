"""The Qt plumbing around the models that QML does not bind to as a model: threads and the
hop back to the GUI thread, the icon image provider, the screenshot disk cache, the
launcher, the single-instance socket and the ``--check-updates`` notice.

Kept apart from :mod:`appcenter_qt.models` so that package holds only item models and the
view-model objects QML binds to; Qt may be imported here, as in ``models/`` and ``app.py``.
"""
