"""What the DEP-11 and the AppStream-XML readers share: checking one component's fields and
turning them into an :class:`~appcenter_qt.domain.Application`.

Both formats carry the same AppStream model in different syntax, so the rules live here once:
which component types become applications, what a valid component id is, how relative media
URLs are joined with the catalog's base URL, and when a component is rejected (locale keys
follow :mod:`.locales`, shared with the metainfo and desktop readers). A rejected component
raises :class:`ComponentRejected` with a stable hint tag; the readers turn it into a hint and
carry on with the next component.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from appcenter_qt.domain import (
    Addon,
    Application,
    Icon,
    IconKind,
    LocalizedList,
    LocalizedText,
    Package,
    Screenshot,
    ScreenshotImage,
)
from appcenter_qt.domain.bundles import NO_BUNDLES, BundleFormat, bundle_packages
from appcenter_qt.domain.colors import AppColor
from appcenter_qt.domain.content_rating import ContentRating
from appcenter_qt.domain.links import LINK_KINDS, safe_link
from appcenter_qt.domain.releases import Release
from appcenter_qt.extract.appstream.icon_archive import member_path
from appcenter_qt.extract.appstream.locales import LocaleMap
from appcenter_qt.extract.result import MergeKind

#: Component types shown as applications. ``desktop`` is the pre-0.10 spelling.
APPLICATION_KINDS = frozenset({"desktop-application", "desktop"})
#: Component types read as add-ons of the applications they extend (:meth:`build_addon`).
ADDON_KINDS = frozenset({"addon"})
#: Limits so a hostile catalog cannot bloat the catalog or the memory of the importer.
MAX_ID_CHARS = 255
MAX_TEXT_CHARS = 4_000
MAX_LIST_ITEMS = 256
MAX_ICON_SIZE = 4096
#: A component id: reverse-DNS-ish, no whitespace, slashes or control characters.
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]*\Z")
_URL_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")
_ICON_FILE = re.compile(r"[^/\\\x00-\x1f]+\Z")


class ComponentRejected(Exception):
    """One component cannot be used; ``tag`` is the stable hint tag, ``args[0]`` the reason."""

    def __init__(self, tag: str, message: str) -> None:
        super().__init__(message)
        self.tag = tag


def merge_kind(value: object) -> MergeKind | None:
    """The kind of a merge component (``None`` for an ordinary one); an unknown value rejects
    the component, since applying it as an ordinary one would add a half-empty duplicate."""
    if value is None:
        return None
    if isinstance(value, str):
        try:
            return MergeKind(value)
        except ValueError:
            pass
    raise ComponentRejected(
        "invalid-merge", f"unknown merge kind {value!r:.40} (append, replace, remove-component)"
    )


def check_id(value: object) -> str:
    if value is None or value == "":
        raise ComponentRejected("missing-id", "component has no ID")
    if not isinstance(value, str):
        raise ComponentRejected(
            "invalid-id", f"ID must be text, not {type(value).__name__}: {value!r:.60}"
        )
    value = value.strip()
    if len(value) > MAX_ID_CHARS or not _ID.match(value):
        raise ComponentRejected("invalid-id", f"ID {value!r:.80} is not a valid component id")
    return value


def aliases_for(component_id: str, others: Iterable[str]) -> tuple[str, ...]:
    """``Application.aliases``: ``others`` (``provides/id`` entries, renamed ids, other
    records' ids) that are valid ids, plus ``component_id`` without a ``.desktop`` suffix;
    sorted, without duplicates and never ``component_id`` itself."""
    found = {other.strip() for other in others if isinstance(other, str)}
    if component_id.endswith(".desktop"):
        found.add(component_id.removesuffix(".desktop"))
    found.discard(component_id)
    return tuple(sorted(a for a in found if len(a) <= MAX_ID_CHARS and _ID.match(a)))


def clean_text(value: str) -> str:
    """Whitespace-trimmed, control characters (except newlines) removed, length capped."""
    if _CONTROL.search(value):
        value = _CONTROL.sub("", value)
    return value.strip()[:MAX_TEXT_CHARS]


def join_media(base: str, url: str) -> str:
    """A media URL: absolute URLs stay as they are, relative ones are joined with ``base``."""
    url = url.strip()
    if not base or _URL_SCHEME.match(url):
        return url
    return f"{base.rstrip('/')}/{url.lstrip('/')}"


def safe_url(url: str) -> bool:
    return url.startswith(("https://", "http://", "file://")) and not any(
        ch in url for ch in "\x00\n\r\t "
    )


def unlocalized_first(images: Iterable[tuple[ScreenshotImage, object]]) -> list[ScreenshotImage]:
    """A screenshot's images, given with their locale (``None``, ``""`` or ``C`` for none):
    those without a locale, or, only when it has none of those, its renditions for a language
    (a catalog may carry nothing else). Screenshots here carry no locale, so mixing them
    would show one language's rendition beside another's."""
    pairs = list(images)
    plain = [image for image, locale in pairs if locale in (None, "", "C")]
    return plain or [image for image, _locale in pairs]


def web_url(url: str) -> bool:
    """A :func:`safe_url` on the web (``http(s)://``): what a package's own metadata may
    point at (it has no local media directory of the catalog's)."""
    return url.startswith(("https://", "http://")) and safe_url(url)


def cached_icon(name: str, width: int, scale: int = 1) -> Icon:
    if not _ICON_FILE.match(name) or name in (".", ".."):
        raise ValueError(f"cached icon name {name!r:.80} is not a plain file name")
    if not 0 < width <= MAX_ICON_SIZE or not 0 < scale <= 8:
        raise ValueError(f"cached icon {name!r:.80} has an invalid size {width}@{scale}")
    return Icon(IconKind.CACHED, name, width, scale, member_path(width, name, scale))


@dataclass
class ComponentFields:
    """A component being read: readers fill it, :meth:`build` checks and freezes it."""

    id: str
    kind: str
    source: str
    #: Localized fields; readers that meet locales one element at a time fill them through
    #: :meth:`LocaleMap.put <appcenter_qt.extract.appstream.locales.LocaleMap.put>`.
    name: dict[str, str] = field(default_factory=LocaleMap)
    summary: dict[str, str] = field(default_factory=LocaleMap)
    description: dict[str, str] = field(default_factory=LocaleMap)
    keywords: dict[str, list[str]] = field(default_factory=LocaleMap)
    categories: list[str] = field(default_factory=list)
    packages: list[str] = field(default_factory=list)
    #: ``<bundle type="KIND">REF</bundle>`` as (kind, ref), every kind: a remote's components
    #: may name no package, their bundle ref is what installs them. Which kinds make package
    #: rows, and how, is the sources' (:class:`~appcenter_qt.domain.bundles.BundleFormat`).
    bundles: list[tuple[str, str]] = field(default_factory=list)
    icons: list[Icon] = field(default_factory=list)
    screenshots: list[Screenshot] = field(default_factory=list)
    desktop_ids: list[str] = field(default_factory=list)
    #: ``provides/id`` entries and ids this component replaces (renamed ids).
    provided_ids: list[str] = field(default_factory=list)
    replaces: list[str] = field(default_factory=list)
    #: ``provides/binary`` entries: the commands the component installs.
    binaries: list[str] = field(default_factory=list)
    #: An add-on's ``extends``: the ids of the applications it extends.
    extends: list[str] = field(default_factory=list)
    project_group: str = ""
    developer: str = ""
    project_license: str = ""
    homepage: str = ""
    #: ``<url>`` links besides the homepage, by type (``bugtracker``, ``help``…).
    urls: dict[str, str] = field(default_factory=dict)
    #: ``<releases>``, as listed (newest first); read by :mod:`.page_fields`.
    releases: list[Release] = field(default_factory=list)
    #: The OARS ``<content_rating>``; ``None`` when the component has none.
    content_rating: ContentRating | None = None
    #: ``<branding>`` colours (AppStream 0.15): the banner paints with them.
    colors: list[AppColor] = field(default_factory=list)
    #: Problems that dropped a part of the component, not all of it: (tag, message).
    problems: list[tuple[str, str]] = field(default_factory=list)

    def problem(self, tag: str, message: str) -> None:
        self.problems.append((tag, message))

    def build(
        self,
        *,
        origin: str,
        arch: str,
        provenance: str,
        partial: bool = False,
        bundles: Mapping[str, BundleFormat] = NO_BUNDLES,
    ) -> Application:
        """The application; ``partial`` (a merge component) allows an empty name. ``bundles``
        (by kind) turn the component's bundle refs into package rows of ``origin``."""
        if not partial and not any(self.name.values()):
            why = "; ".join(m for _, m in self.problems if m.lower().startswith("name"))
            raise ComponentRejected(
                "no-name", "component has no usable Name" + (f" ({why})" if why else "")
            )
        desktop_id = next((d for d in self.desktop_ids if d.endswith(".desktop")), "")
        found = {Package(name, "", arch, origin) for name in self.packages if name}
        found.update(bundle_packages(self.bundles, bundles, origin))
        packages = tuple(sorted(found))
        return Application(
            id=self.id,
            name=LocalizedText(_nonempty(self.name)),
            summary=LocalizedText(_nonempty(self.summary)),
            description=LocalizedText(_nonempty(self.description)),
            keywords=LocalizedList(
                {k: tuple(dict.fromkeys(v))[:MAX_LIST_ITEMS] for k, v in self.keywords.items() if v}
            ),
            categories=tuple(dict.fromkeys(self.categories))[:MAX_LIST_ITEMS],
            packages=packages,
            icons=tuple(sorted(set(self.icons))),
            screenshots=tuple(self.screenshots),
            kind="desktop-application",
            desktop_id=desktop_id,
            developer=self.developer,
            project_license=self.project_license,
            homepage=self.homepage,
            provenance=provenance,
            aliases=aliases_for(self.id, [*self.provided_ids, *self.replaces]),
            binaries=tuple(dict.fromkeys(b for b in self.binaries if b)),
            project_group=self.project_group,
            urls=tuple(
                (kind, link)
                for kind in LINK_KINDS
                if kind in self.urls and (link := safe_link(self.urls[kind]))
            ),
            releases=tuple(self.releases),
            content_rating=self.content_rating,
            colors=tuple(sorted(set(self.colors))),
        )

    def build_addon(self) -> Addon:
        """The add-on (an ``addon`` component): it needs a name and the id of at least one
        application it extends; its packages are what installs it from the app page."""
        if not any(self.name.values()):
            raise ComponentRejected("no-name", "add-on has no usable Name")
        extends = []
        for raw in self.extends:
            extended = raw.strip()
            if len(extended) <= MAX_ID_CHARS and _ID.match(extended):
                extends.append(extended)
            else:
                self.problem("invalid-field", f"Extends {raw!r:.80} is not a valid component id")
        if not extends:
            raise ComponentRejected(
                "addon-no-extends", "add-on names no application it extends (Extends)"
            )
        return Addon(
            id=self.id,
            name=LocalizedText(_nonempty(self.name)),
            summary=LocalizedText(_nonempty(self.summary)),
            extends=tuple(dict.fromkeys(extends))[:MAX_LIST_ITEMS],
            packages=tuple(dict.fromkeys(name for name in self.packages if name)),
            project_license=self.project_license,
        )


def _nonempty(values: Mapping[str, str]) -> dict[str, str]:
    return {k: v for k, v in values.items() if v}


def plain_words(values: Iterable[str]) -> list[str]:
    """Keywords and categories: trimmed, non-empty, no ``;`` (the catalog's list separator)."""
    words = []
    for value in values:
        word = clean_text(value).replace(";", " ").strip()
        if word:
            words.append(word)
    return words[:MAX_LIST_ITEMS]
