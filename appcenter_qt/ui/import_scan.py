"""PySide's question about every imported module, answered from the file's bytes.

PySide hooks ``import`` for its ``from __feature__ import …`` switches: each module
imported after PySide is asked whether its source mentions ``PySide6``
(``shibokensupport.feature._mod_uses_pyside``, through ``inspect.getsource``, which decodes
and splits the whole file into lines). A window imports about 200 modules after PySide, and
those reads took 20 ms of its start (issue 31). The same question answered from the file's
bytes takes 6 ms, and the answers are the same: the source file's text contains
``PySide6`` exactly when its bytes do (Python source is UTF-8 or an ASCII-compatible
encoding), and a module without a ``.py`` file (built in, compiled, no source) has no
source for ``inspect`` either.

The hook is PySide's internals, not its API: when it is not there or has changed shape,
:func:`answer_from_bytes` leaves everything as it is. This program selects no
``__feature__``, so the answers only decide what PySide skips.
"""

from __future__ import annotations

import sys
from types import ModuleType

_FEATURE_MODULE = "shibokensupport.feature"
_QUESTION = "_mod_uses_pyside"


def mentions_pyside(module: ModuleType) -> bool:
    """Whether ``module``'s source file mentions ``PySide6``; no source file: ``False``."""
    path = getattr(module, "__file__", None)
    if not isinstance(path, str) or not path.endswith(".py"):
        return False
    try:
        with open(path, "rb") as source:
            return b"PySide6" in source.read()
    except OSError:
        return False


def answer_from_bytes() -> bool:
    """Put :func:`mentions_pyside` in place of PySide's own reading; whether it is."""
    feature = sys.modules.get(_FEATURE_MODULE)
    current = getattr(feature, _QUESTION, None)
    if current is mentions_pyside:
        return True
    if feature is None or not callable(current):
        return False
    setattr(feature, _QUESTION, mentions_pyside)
    return True
