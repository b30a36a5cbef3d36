"""File names are bytes we cannot trust: one way to tell and to show a name that is not UTF-8.

Python hands a file name that is not valid UTF-8 out as text with lone surrogates
(``surrogateescape``): ``b"bad\\xff.yml"`` becomes ``"bad\\udcff.yml"``. Such text cannot be
written to the report, the catalog or a terminal (``UnicodeEncodeError: … surrogates not
allowed``), so one bad name would cost a whole run. Every place that meets a file name it did
not make (a pool directory listing, an archive member, a tree, an INPUT argument) asks
:func:`is_clean` and, for a name that is not, skips the file with a ``file-name-not-utf8``
hint naming it with :func:`shown`: the name's bytes with every undecodable byte written
``\\xNN``, always valid UTF-8.
"""

from __future__ import annotations

import os


def is_clean(name: str | os.PathLike[str]) -> bool:
    """Whether ``name`` is valid UTF-8 text (no lone surrogates from undecodable bytes)."""
    try:
        os.fspath(name).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def shown(name: str | bytes | os.PathLike[str] | os.PathLike[bytes]) -> str:
    """``name`` as printable UTF-8 text: undecodable bytes become ``\\xNN`` (``bad\\xff.yml``),
    so the same name is spelled the same in the report, the log and the HTML pages."""
    raw = os.fsencode(name)
    return raw.decode("utf-8", "backslashreplace")


def bad_name_message(name: str | bytes | os.PathLike[str] | os.PathLike[bytes]) -> str:
    """The one line that says why a file was skipped for its name."""
    return f"{shown(name)}: file name is not valid UTF-8, skipped"
