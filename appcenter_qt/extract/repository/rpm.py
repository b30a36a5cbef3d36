"""RPM repositories: ``repodata/repomd.xml`` → ``primary.xml`` (packages) and
``filelists.xml`` (their files), compressed with gzip, xz, zstd or bzip2.

Versions are compared by rpm itself: the ``rpm`` Python module when it is importable, else
one ``rpm --eval`` run of rpm's embedded Lua ``rpm.vercmp`` over every name listed more than
once. The rpm ordering (epoch, ``~``, ``^``, alphanumeric segments) is not written here.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import re
import shutil
import subprocess
import tempfile
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any
from xml.etree.ElementTree import Element, ParseError

import zstandard
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import iterparse
from defusedxml.ElementTree import parse as parse_xml

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.download import file_digest, hash_algorithm
from appcenter_qt.extract.readers import InputKind
from appcenter_qt.extract.repository import FileLists, Index, Indexes, RepoPackage, Repository
from appcenter_qt.extract.repository.files import Expected, RepoFiles

_REPO = "{http://linux.duke.edu/metadata/repo}"
_COMMON = "{http://linux.duke.edu/metadata/common}"
_RPM = "{http://linux.duke.edu/metadata/rpm}"
_FILELISTS = "{http://linux.duke.edu/metadata/filelists}"
_REPOMD = "repodata/repomd.xml"
_EVR = re.compile(r"[A-Za-z0-9._+~^:-]{1,200}")
_XML_ERRORS = (
    OSError,
    EOFError,
    ParseError,
    DefusedXmlException,
    lzma.LZMAError,
    zlib.error,
    zstandard.ZstdError,
    ValueError,
)


def _open(path: Path) -> IO[bytes]:
    if path.name.endswith(".zst"):
        return zstandard.ZstdDecompressor().stream_reader(path.open("rb"), closefd=True)
    openers: dict[str, Callable[[Path, str], Any]] = {
        ".gz": gzip.open,
        ".xz": lzma.open,
        ".bz2": bz2.open,
    }
    opened: IO[bytes] = openers.get(path.suffix, open)(path, "rb")
    return opened


def _checked(files: RepoFiles, data: Element, kind: str) -> Index:
    """Fetch one ``<data>`` file of repomd.xml and check its ``<checksum>`` (and ``<size>``)."""
    location = data.find(f"{_REPO}location")
    href = location.get("href", "") if location is not None else ""
    if not href or href.startswith("/") or ".." in href.split("/"):
        raise ExtractError(f"{files.name(_REPOMD)}: corrupt index: location {href[:80]!r}")
    name = files.name(href)
    checksum = data.find(f"{_REPO}checksum")
    if checksum is None or not (checksum.text or "").strip():
        raise ExtractError(f"{files.name(_REPOMD)}: corrupt index: {kind} without a checksum")
    try:
        algorithm = hash_algorithm(checksum.get("type", "sha256"))
    except ValueError:
        raise ExtractError(
            f"{files.name(_REPOMD)}: unknown checksum type {checksum.get('type', '')[:20]!r}"
        ) from None
    size = data.findtext(f"{_REPO}size", "")
    expected = (checksum.text or "").strip().lower()
    path = files.fetch(href, Expected(algorithm, expected, int(size) if size.isdigit() else -1))
    if path is None:
        raise ExtractError(f"{name}: no such index")
    if size.isdigit() and path.stat().st_size != int(size):
        raise ExtractError(
            f"{name}: size mismatch: repomd.xml says {size} bytes, the file has "
            f"{path.stat().st_size}"
        )
    actual = file_digest(path, algorithm)
    if actual != expected:
        raise ExtractError(
            f"{name}: {algorithm} mismatch: repomd.xml says {expected[:16]}…, the file is "
            f"{actual[:16]}…"
        )
    return Index(name, path, f"{algorithm}:{actual}", kind=kind)


def locate_rpm(files: RepoFiles, repomd: Path) -> Indexes:
    """repomd.xml, and the primary and filelists data it points at, each checked against
    the checksum repomd.xml gives (repomd.xml's own signature is not checked)."""
    try:
        tree = parse_xml(repomd)
    except _XML_ERRORS as error:
        raise ExtractError(f"{files.name(_REPOMD)}: corrupt index: {error}") from error
    root_element = tree.getroot()
    if root_element is None:
        raise ExtractError(f"{files.name(_REPOMD)}: corrupt index: no root element")
    data = {d.get("type", ""): d for d in root_element.iter(f"{_REPO}data")}
    if "primary" not in data:
        raise ExtractError(f"{files.name(_REPOMD)}: corrupt index: no primary data")
    found = [_checked(files, data["primary"], "primary")]
    if "filelists" in data:
        found.append(_checked(files, data["filelists"], "filelists"))
    origin = files.origin_name()
    found.append(Index(files.name(_REPOMD), repomd, file_digest(repomd), "repomd", origin))
    return Indexes(files, "rpm", found)


def _packages(path: Path, name: str, tag: str) -> Iterator[Element]:
    try:
        with _open(path) as stream:
            for _event, element in iterparse(stream, events=("end",)):
                if element.tag == tag:
                    yield element
                    element.clear()
    except _XML_ERRORS as error:
        raise ExtractError(f"{name}: corrupt index: {error}") from error


def _evr(element: Element) -> str:
    version = element.find(f"{_COMMON}version")
    if version is None:
        return ""
    epoch = version.get("epoch") or "0"
    return f"{epoch}:{version.get('ver', '')}-{version.get('rel', '')}"


def _source_name(sourcerpm: str, fallback: str) -> str:
    """``gnome-mines-40.1-1.fc39.src.rpm`` → ``gnome-mines``."""
    stem = sourcerpm.removesuffix(".rpm").rpartition(".")[0]  # drop .src
    parts = stem.rsplit("-", 2)
    return parts[0] if len(parts) == 3 and parts[0] else fallback


def _primary(files: RepoFiles, path: Path, index: str, origin: str) -> list[RepoPackage]:
    found = []
    for element in _packages(path, index, f"{_COMMON}package"):
        name = element.findtext(f"{_COMMON}name", "")
        arch = element.findtext(f"{_COMMON}arch", "")
        location = element.find(f"{_COMMON}location")
        href = location.get("href", "") if location is not None else ""
        if not name or not href or href.startswith("/") or ".." in href.split("/"):
            raise ExtractError(f"{index}: corrupt index: package {name[:80]!r} without location")
        if arch in ("src", "nosrc"):
            continue
        evr = _evr(element)
        if not _EVR.fullmatch(evr):
            raise ExtractError(f"{index}: corrupt index: {name}: version {evr[:80]!r}")
        size = element.find(f"{_COMMON}size")
        source = element.findtext(f"{_COMMON}format/{_RPM}sourcerpm", "")
        checksum = element.find(f"{_COMMON}checksum")
        try:
            algorithm = hash_algorithm(
                checksum.get("type", "sha256") if checksum is not None else "sha256"
            )
        except ValueError:
            raise ExtractError(f"{index}: corrupt index: {name}: unknown checksum type") from None
        found.append(
            RepoPackage(
                name=name,
                version=evr.removeprefix("0:"),
                arch=arch,
                path=files.package(href),
                origin=origin,
                source=_source_name(source, name),
                sha256=(checksum.text or "").strip().lower() if checksum is not None else "",
                digest_type=algorithm,
                size=int(size.get("package", "0")) if size is not None else 0,
                kind=InputKind.RPM,
            )
        )
    return found


def _filelists(path: Path, name: str) -> FileLists:
    lists = FileLists()
    for element in _packages(path, name, f"{_FILELISTS}package"):
        name = element.get("name", "")
        for file in element.iter(f"{_FILELISTS}file"):
            if file.text:
                lists.add(file.text, (name,))
    return lists


def vercmp_all(groups: list[list[str]]) -> list[int]:
    """For each group of ``epoch:version-release`` strings, the position of the newest one
    (the first on equal versions), by rpm's own comparison."""
    try:
        import rpm  # type: ignore[import-not-found]  # python3-rpm: system Python only, no stubs
    except ImportError:
        return _vercmp_lua(groups)
    best = []
    for group in groups:
        chosen = 0
        for position in range(1, len(group)):
            if rpm.labelCompare(_split(group[position]), _split(group[chosen])) > 0:
                chosen = position
        best.append(chosen)
    return best


def _split(evr: str) -> tuple[str, str, str]:
    epoch, _, rest = evr.rpartition(":")
    version, _, release = rest.rpartition("-")
    return (epoch or "0", version, release)


def _vercmp_lua(groups: list[list[str]]) -> list[int]:
    if not groups:
        return []
    program = shutil.which("rpm")
    if program is None:
        raise ExtractError("comparing rpm versions needs the rpm Python module or rpm(8)")
    lines = ["local groups = {"]
    for group in groups:
        lines.append("{" + ",".join(f'"{evr}"' for evr in group) + "},")  # checked by _EVR
    lines.append("}")
    lines.append(
        "for _, g in ipairs(groups) do local best = 1 for j = 2, #g do "
        "if rpm.vercmp(g[j], g[best]) > 0 then best = j end end print(best - 1 .. ' ') end"
    )
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as script:
        script.write("\n".join(lines))
        script.flush()
        result = subprocess.run(
            [program, "--eval", f'%{{lua: dofile("{script.name}")}}'],
            capture_output=True,
            text=True,
            check=False,
        )
    numbers = result.stdout.split()
    if result.returncode != 0 or len(numbers) != len(groups):
        raise ExtractError(f"rpm --eval (version comparison) failed: {result.stderr.strip()[:200]}")
    return [int(number) for number in numbers]


def parse_rpm(indexes: Indexes) -> Repository:
    """The newest package of each name (architecture ``noarch`` alike) and, when the
    repository has file lists, the candidates and icon providers."""
    by_kind = {index.kind: index for index in indexes.indexes}
    primary = by_kind["primary"]
    listed = _primary(indexes.files, primary.path, primary.name, by_kind["repomd"].origin)
    groups: dict[str, list[RepoPackage]] = {}
    for package in listed:
        groups.setdefault(package.name, []).append(package)
    contested = [name for name in sorted(groups) if len(groups[name]) > 1]
    chosen = vercmp_all(
        [
            [p.version if ":" in p.version else f"0:{p.version}" for p in groups[n]]
            for n in contested
        ]
    )
    best = {name: packages[0] for name, packages in groups.items()}
    for name, position in zip(contested, chosen, strict=True):
        best[name] = groups[name][position]
    packages = [best[name] for name in sorted(best)]
    if "filelists" not in by_kind:
        return Repository(packages, None, {}, len(listed))
    lists = _filelists(by_kind["filelists"].path, by_kind["filelists"].name)
    return Repository(packages, lists.candidates, lists.icons, len(listed))
