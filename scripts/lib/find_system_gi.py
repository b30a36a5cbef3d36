"""Print the folder of the system's PyGObject (``gi``) that this interpreter can load, or
nothing. Run by scripts/lib/venv.sh with the venv's Python in ``-I -S`` mode (standard library
only on sys.path), so it looks at the system's folders, never at the venv's own packages.

A distribution's ``gi`` is a compiled extension: it is accepted only when its ``_gi`` module
has one of this interpreter's extension suffixes (``.cpython-311-x86_64-linux-gnu.so``), so a
``gi`` built for another Python version is never linked in.
"""

from __future__ import annotations

import importlib.machinery
import site
import sys
from pathlib import Path


def candidates() -> list[Path]:
    """The base interpreter's site folders, then where distributions put their Python 3
    packages (Debian's dist-packages, openSUSE's and Fedora's lib64/lib site-packages)."""
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    folders = [Path(p) for p in site.getsitepackages([sys.base_prefix])]
    folders += [
        Path("/usr/lib/python3/dist-packages"),
        Path(f"/usr/lib/{version}/dist-packages"),
        Path(f"/usr/lib64/{version}/site-packages"),
        Path(f"/usr/lib/{version}/site-packages"),
    ]
    return list(dict.fromkeys(folders))


def loadable(gi: Path) -> bool:
    if not (gi / "__init__.py").is_file():
        return False
    return any((gi / f"_gi{suffix}").is_file() for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def main() -> None:
    for folder in candidates():
        if loadable(folder / "gi"):
            sys.stdout.write(str(folder / "gi"))
            return


if __name__ == "__main__":
    main()
