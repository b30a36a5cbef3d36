"""DEP-11: the YAML AppStream catalogs of Debian and Ubuntu (``Components-<arch>.yml.gz``).

A DEP-11 file is a multi-document YAML stream: a header document (``File: DEP-11``,
``Origin``, ``MediaBaseUrl``, ``Priority``) followed by one document per component. Files
reach 100 MB, so the stream is cut into documents on ``---`` lines as it is read and each
document is loaded on its own with PyYAML's C loader (``CSafeLoader``). That keeps memory flat
and, unlike ``yaml.load_all``, lets one malformed document be reported and skipped while the
rest imports.

YAML anchors and aliases have no place in DEP-11; a document that uses them is refused before
it is built, which is what stops "billion laughs" (nested aliases, ``<<`` merge keys) from
expanding. Every field is type-checked: a wrong type drops that field (or, for ``ID``/``Name``,
the component) with a hint naming the file, the component and the reason.

Reference: the DEP-11 format as written by appstream-generator and read by libappstream
(``as-yaml.c``); fields are ``Type``, ``ID``, ``Package``, ``Name``, ``Summary``,
``Description``, ``Categories``, ``Keywords``, ``Icon``, ``Launchable``, ``Screenshots``,
``Url``, ``ProjectLicense``, ``DeveloperName``.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import PurePath
from typing import Any, BinaryIO

import yaml

from appcenter_qt.domain import Application, Icon, IconKind, Screenshot, ScreenshotImage
from appcenter_qt.domain.localized import LocalizedText
from appcenter_qt.extract.components import (
    APPLICATION_KINDS,
    MAX_LIST_ITEMS,
    ComponentFields,
    ComponentRejected,
    cached_icon,
    check_id,
    clean_text,
    join_media,
    locale_key,
    plain_words,
    safe_url,
)
from appcenter_qt.extract.markup import join_paragraphs, paragraphs_from_markup
from appcenter_qt.extract.result import ExtractResult, Severity

try:
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

FORMAT = "dep11"
PROVENANCE_KIND = "dep11"
#: One document larger than this is refused (real components are a few KiB).
MAX_DOCUMENT_BYTES = 4 * 1024 * 1024
_CHUNK = 1 << 20
_SIMPLE_PARAGRAPHS = re.compile(r"(?:\s*<p>[^<>&]*</p>)+\s*\Z")
_PARAGRAPH = re.compile(r"<p>([^<>&]*)</p>")
_SPACE = re.compile(r"\s+")


def _read_chunk(stream: BinaryIO, size: int) -> tuple[bytes, BaseException | None]:
    """Up to ``size`` bytes, plus the error that stopped the stream early (if any).

    ``read1`` hands out what a decompressor already has, so the bytes before a truncation
    are not lost the way a failing ``read(size)`` would lose them.
    """
    read = getattr(stream, "read1", stream.read)
    parts: list[bytes] = []
    got = 0
    try:
        while got < size:
            piece = read(size - got)
            if not piece:
                break
            parts.append(piece)
            got += len(piece)
    except (EOFError, OSError, ValueError) as error:  # zlib/lzma errors derive from these
        return b"".join(parts), error
    return b"".join(parts), None


def split_documents(stream: BinaryIO, chunk_size: int = _CHUNK) -> Iterator[tuple[int, bytes]]:
    """``(first line number, raw bytes)`` of each YAML document, cut at ``---`` lines.

    A decompression error (truncated gzip) is raised after every complete document before
    it was yielded; the incomplete tail is never yielded. A document growing past
    :data:`MAX_DOCUMENT_BYTES` is yielded cut short (the loader refuses it for its size) and
    the rest of it is skipped, so memory stays bounded.
    """
    buffer = b""
    line = 1
    skipping = False
    while True:
        data, error = _read_chunk(stream, chunk_size)
        if not data and error is None:
            break
        buffer += data
        pos = 0
        search = 1
        while True:
            idx = buffer.find(b"\n---", search)
            if idx < 0 or idx + 4 >= len(buffer):
                break
            if buffer[idx + 4 : idx + 5] in (b"\n", b"\r", b" ", b"\t"):
                document = buffer[pos : idx + 1]
                if not skipping:
                    yield line, document
                skipping = False
                line += document.count(b"\n")
                pos = idx + 1
            search = idx + 1
        buffer = buffer[pos:]
        if len(buffer) > MAX_DOCUMENT_BYTES:
            if not skipping:
                yield line, buffer
            skipping = True
            keep = buffer[-4:]  # a separator may straddle the chunk boundary
            line += buffer[:-4].count(b"\n")
            buffer = keep
        if error is not None:
            raise error
    if skipping:
        return
    if buffer.endswith((b"\n---", b"\n---\n")):  # a trailing, empty document
        buffer = buffer[: buffer.rindex(b"\n---") + 1]
    if buffer.strip():
        yield line, buffer


@functools.lru_cache(maxsize=4096)
def _locale(key: object) -> str | None:
    return locale_key(key)


def _description(markup: str) -> str:
    """Paragraphs of DEP-11 description markup; plain ``<p>`` runs take a fast path that gives
    exactly what :func:`~appcenter_qt.extract.markup.paragraphs_from_markup` gives."""
    if _SIMPLE_PARAGRAPHS.match(markup):
        paragraphs = (_SPACE.sub(" ", p).strip() for p in _PARAGRAPH.findall(markup))
        return join_paragraphs(p for p in paragraphs if p)
    return join_paragraphs(paragraphs_from_markup(markup))


def _type_name(value: object) -> str:
    return type(value).__name__


class _Component:
    """Reads one component document into :class:`ComponentFields`."""

    def __init__(self, doc: dict[Any, Any], fields: ComponentFields, media_base: str) -> None:
        self.doc = doc
        self.fields = fields
        self.media_base = media_base

    def localized(self, key: str, *, markup: bool = False) -> dict[str, str]:
        value = self.doc.get(key)
        if value is None:
            return {}
        if isinstance(value, str):  # not conformant, but unambiguous
            value = {"C": value}
        if not isinstance(value, dict):
            self.fields.problem(
                "invalid-field", f"{key} must map locales to text, not {_type_name(value)}"
            )
            return {}
        out: dict[str, str] = {}
        for raw_locale, text in value.items():
            locale = _locale(raw_locale)
            if locale is None:
                continue
            if not isinstance(text, str):
                self.fields.problem(
                    "invalid-field", f"{key}[{raw_locale}] must be text, not {_type_name(text)}"
                )
                continue
            out[locale] = _description(text) if markup else clean_text(text)
        return out

    def string_list(self, value: object, what: str) -> list[str]:
        if value is None:
            return []
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fields.problem("invalid-field", f"{what} must be a list of text")
            return []
        return plain_words(value)

    def read(self) -> None:
        f = self.fields
        f.name = self.localized("Name")
        f.summary = self.localized("Summary")
        f.description = self.localized("Description", markup=True)
        keywords = self.doc.get("Keywords")
        if isinstance(keywords, dict):
            for raw_locale, words in keywords.items():
                locale = _locale(raw_locale)
                if locale is not None:
                    f.keywords[locale] = self.string_list(words, f"Keywords[{raw_locale}]")
        elif keywords is not None:
            f.problem("invalid-field", f"Keywords must map locales to lists, not {keywords!r:.40}")
        f.categories = self.string_list(self.doc.get("Categories"), "Categories")
        f.packages = self.string_list(self.doc.get("Package"), "Package")
        launchable = self.doc.get("Launchable")
        if isinstance(launchable, dict):
            f.desktop_ids = self.string_list(launchable.get("desktop-id"), "Launchable")
        elif launchable is not None:
            f.problem("invalid-field", "Launchable must be a mapping")
        urls = self.doc.get("Url")
        if isinstance(urls, dict) and isinstance(urls.get("homepage"), str):
            f.homepage = urls["homepage"] if safe_url(urls["homepage"]) else ""
        license_ = self.doc.get("ProjectLicense")
        if isinstance(license_, str):
            f.project_license = clean_text(license_)
        developer = LocalizedText(self.localized("DeveloperName"))
        nested = self.doc.get("Developer")
        if not developer and isinstance(nested, dict) and isinstance(nested.get("name"), dict):
            developer = LocalizedText(
                {k: clean_text(v) for k, v in nested["name"].items() if isinstance(v, str)}
            )
        f.developer = developer.get() or ""
        self.read_icons()
        self.read_screenshots()

    def read_icons(self) -> None:
        icon = self.doc.get("Icon")
        if icon is None:
            return
        if not isinstance(icon, dict):
            self.fields.problem("invalid-field", f"Icon must be a mapping, not {_type_name(icon)}")
            return
        cached = icon.get("cached")
        if isinstance(cached, str):  # DEP-11 0.8: one 64×64 file name
            cached = [{"name": cached, "width": 64, "height": 64}]
        for entry in cached if isinstance(cached, list) else []:
            try:
                if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                    raise ValueError("a cached icon needs a name")
                width, scale = entry.get("width", 64), entry.get("scale", 1)
                if not isinstance(width, int) or not isinstance(scale, int):
                    raise ValueError(f"cached icon {entry['name']!r:.60} has a non-numeric size")
                self.fields.icons.append(cached_icon(entry["name"], width, scale))
            except ValueError as error:
                self.fields.problem("invalid-icon", str(error))
        stock = icon.get("stock")
        if isinstance(stock, str) and stock.strip() and "/" not in stock:
            self.fields.icons.append(Icon(IconKind.STOCK, clean_text(stock)))
        remote = icon.get("remote")
        for entry in remote if isinstance(remote, list) else []:
            if isinstance(entry, dict) and isinstance(entry.get("url"), str):
                url = join_media(self.media_base, entry["url"])
                width = entry.get("width", 0)
                if safe_url(url) and isinstance(width, int) and 0 <= width <= 4096:
                    name = url.rsplit("/", 1)[-1]
                    self.fields.icons.append(
                        Icon(IconKind.REMOTE, name, width, _int(entry.get("scale"), 1), url)
                    )
                    continue
            self.fields.problem("invalid-icon", f"remote icon {entry!r:.80} is not usable")

    def image(self, entry: object, thumbnail: bool) -> ScreenshotImage:
        if not isinstance(entry, dict) or not isinstance(entry.get("url"), str):
            raise ValueError("an image needs a url")
        url = join_media(self.media_base, entry["url"])
        if not safe_url(url):
            raise ValueError(f"image URL {url!r:.80} is not http(s)")
        return ScreenshotImage(
            url, _int(entry.get("width"), 0), _int(entry.get("height"), 0), thumbnail
        )

    def read_screenshots(self) -> None:
        shots = self.doc.get("Screenshots")
        if shots is None:
            return
        if not isinstance(shots, list):
            self.fields.problem("invalid-field", "Screenshots must be a list")
            return
        for number, shot in enumerate(shots[:MAX_LIST_ITEMS], start=1):
            try:
                if not isinstance(shot, dict):
                    raise ValueError("not a mapping")
                images = []
                if shot.get("source-image") is not None:
                    images.append(self.image(shot["source-image"], False))
                thumbs = shot.get("thumbnails") or []
                if not isinstance(thumbs, list):
                    raise ValueError("thumbnails must be a list")
                images.extend(self.image(thumb, True) for thumb in thumbs[:MAX_LIST_ITEMS])
                if not images:
                    raise ValueError("no images")
                caption = shot.get("caption")
                captions = {}
                if isinstance(caption, dict):
                    captions = {
                        loc: clean_text(v)
                        for k, v in caption.items()
                        if isinstance(v, str) and (loc := _locale(k)) is not None
                    }
                self.fields.screenshots.append(
                    Screenshot(tuple(images), LocalizedText(captions), shot.get("default") is True)
                )
            except ValueError as error:
                self.fields.problem("invalid-screenshot", f"screenshot {number}: {error}")


def _int(value: object, default: int) -> int:
    return (
        value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else default
    )


def _has_alias(document: bytes) -> bool:
    """Whether the document uses YAML anchors/aliases (checked on the event stream, so ``&`` and
    ``*`` inside text do not count). Cheap: only runs when both characters occur."""
    if b"&" not in document or b"*" not in document:
        return False
    for event in yaml.parse(document, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            return True
    return False


class Dep11Reader:
    """Iterate over the applications of one DEP-11 stream (already decompressed).

    ``source`` names the file in hints and provenance. Header values are available as
    attributes once iteration has started. Non-application components are counted and
    reported in one hint per type at the end.
    """

    def __init__(
        self,
        stream: BinaryIO,
        source: str,
        result: ExtractResult,
        *,
        origin: str | None = None,
        arch: str = "",
        kinds: frozenset[str] = APPLICATION_KINDS,
    ) -> None:
        self.stream = stream
        self.source = PurePath(source).name or source
        self.result = result
        self.origin = origin or ""
        self._origin_override = origin is not None
        self.arch = arch
        self.kinds = kinds
        self.media_base_url = ""
        self.priority = 0
        self.skipped: Counter[str] = Counter()
        self.components = 0

    @property
    def provenance(self) -> str:
        return f"{PROVENANCE_KIND}:{self.source}"

    def _where(self, line: int, component_id: object = None) -> str:
        if isinstance(component_id, str) and component_id:
            return f"{self.source} ({component_id[:80]})"
        return f"{self.source} (document at line {line})"

    def _load(self, line: int, document: bytes) -> Any:
        if len(document) > MAX_DOCUMENT_BYTES:
            raise ComponentRejected("document-too-large", f"{len(document)} bytes")
        if _has_alias(document):
            raise ComponentRejected("yaml-alias", "YAML anchors/aliases are not allowed in DEP-11")
        return yaml.load(document, Loader=_Loader)

    def _header(self, doc: dict[Any, Any]) -> None:
        if not self._origin_override and isinstance(doc.get("Origin"), str):
            self.origin = doc["Origin"].strip()
        base = doc.get("MediaBaseUrl")
        if isinstance(base, str) and safe_url(base):
            self.media_base_url = base
        self.priority = _int(doc.get("Priority"), 0)

    def __iter__(self) -> Iterator[Application]:
        seen: set[str] = set()
        first = True
        for line, document in split_documents(self.stream):
            try:
                doc = self._load(line, document)
            except yaml.YAMLError as error:
                mark = getattr(error, "problem_mark", None)
                at = f" at line {line + mark.line}" if mark is not None else ""
                reason = getattr(error, "problem", None) or str(error).splitlines()[0]
                self.result.hint(
                    self._where(line), "malformed-yaml", f"YAML error{at}: {reason}", Severity.ERROR
                )
                first = False
                continue
            except ComponentRejected as rejected:
                self.result.hint(self._where(line), rejected.tag, str(rejected), Severity.ERROR)
                first = False
                continue
            if doc is None:
                continue
            if first:
                first = False
                if isinstance(doc, dict) and doc.get("File") == "DEP-11":
                    self._header(doc)
                    continue
                self.result.hint(self.source, "no-dep11-header", "no DEP-11 header document")
            if isinstance(doc, dict) and doc.get("File") == "DEP-11":
                self.result.hint(self._where(line), "extra-header", "second header ignored")
                continue
            app = self._component(line, doc, seen)
            if app is not None:
                yield app
        for kind, count in sorted(self.skipped.items()):
            self.result.hint(
                self.source,
                "not-an-application",
                f"{count} component(s) of type {kind!r:.40} skipped (only desktop applications "
                "are catalogued)",
                Severity.INFO,
            )

    def _component(self, line: int, doc: object, seen: set[str]) -> Application | None:
        self.components += 1
        raw_id = doc.get("ID") if isinstance(doc, dict) else None
        where = self._where(line, raw_id)
        try:
            if not isinstance(doc, dict):
                raise ComponentRejected(
                    "invalid-component", f"a component must be a mapping, not {_type_name(doc)}"
                )
            kind = doc.get("Type")
            if not isinstance(kind, str):
                raise ComponentRejected("invalid-type", f"Type must be text, not {kind!r:.40}")
            component_id = check_id(raw_id)
            if kind not in self.kinds:
                self.skipped[kind[:40]] += 1
                return None
            if component_id in seen:
                raise ComponentRejected(
                    "duplicate-id", f"ID {component_id} already defined earlier in the file"
                )
            fields = ComponentFields(component_id, kind, self.source)
            _Component(doc, fields, self.media_base_url).read()
            app = fields.build(origin=self.origin, arch=self.arch, provenance=self.provenance)
        except ComponentRejected as rejected:
            self.result.hint(where, rejected.tag, str(rejected), Severity.ERROR)
            return None
        except (TypeError, ValueError, AttributeError) as error:  # a shape nobody foresaw
            self.result.hint(where, "invalid-component", f"unusable value: {error}", Severity.ERROR)
            return None
        seen.add(component_id)
        for tag, message in fields.problems:
            self.result.hint(where, tag, message)
        return app
