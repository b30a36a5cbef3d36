"""What the whole project passes around: an application, the packages that ship it, its icons
and screenshots. Generators build these, the catalog stores and returns them, models show them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from appcenter_qt.domain.colors import AppColor
from appcenter_qt.domain.content_rating import ContentRating
from appcenter_qt.domain.localized import LocalizedList, LocalizedText
from appcenter_qt.domain.ratings import Rating
from appcenter_qt.domain.releases import Release


@dataclass(frozen=True, order=True)
class Package:
    """A binary package that provides (part of) an application.

    ``origin`` is the distribution/repository id the catalog was generated for
    (``debian-bookworm-main``, ``opensuse-tumbleweed-oss``); ``source`` the source package.
    """

    name: str
    version: str = ""
    arch: str = ""
    origin: str = ""
    source: str = ""


class IconKind(enum.StrEnum):
    """Where an icon's pixels are: in our icon archive, in the installed theme, on the web, or
    in a file this machine already has (the AppStream pool's icon cache), which the catalog
    points at instead of copying it into the archive."""

    CACHED = "cached"
    STOCK = "stock"
    REMOTE = "remote"
    LOCAL = "local"


@dataclass(frozen=True, order=True)
class Icon:
    """One icon of an application.

    For ``CACHED`` icons ``path`` is the member path inside the icon archive
    (``64x64/org.gnome.Mines.png``); for ``STOCK`` icons ``name`` is a theme icon name; for
    ``REMOTE`` icons ``path`` is a URL; for ``LOCAL`` icons ``path`` is an absolute file path
    on the machine the catalog describes (``/var/lib/swcatalog/icons/debian-bookworm-main/
    64x64/gnome-mines_org.gnome.Mines.png``).
    """

    kind: IconKind
    name: str
    size: int = 0
    scale: int = 1
    path: str = ""


#: Icons whose pixels the catalog provides at a known size (archive member or local file).
PIXEL_ICON_KINDS = frozenset({IconKind.CACHED, IconKind.LOCAL})


@dataclass(frozen=True)
class ScreenshotImage:
    """One rendition of a screenshot: the source image or a thumbnail of a given size."""

    url: str
    width: int = 0
    height: int = 0
    thumbnail: bool = False


@dataclass(frozen=True)
class Screenshot:
    images: tuple[ScreenshotImage, ...]
    caption: LocalizedText = field(default_factory=LocalizedText)
    default: bool = False

    @property
    def source(self) -> ScreenshotImage | None:
        """The full-size image (the largest non-thumbnail), for the carousel."""
        full = [image for image in self.images if not image.thumbnail] or list(self.images)
        return max(full, key=lambda image: image.width * image.height, default=None)


@dataclass(frozen=True)
class Application:
    """An application as people see it, with every locale's texts.

    ``id`` is the AppStream component id (``org.gnome.Mines``) or, for desktop-only apps, the
    desktop file id without ``.desktop``. ``provenance`` names the input that produced it
    (``deb:gnome-mines_40.1-2_amd64.deb``, ``dep11:Components-amd64.yml.gz``).
    """

    id: str
    name: LocalizedText
    summary: LocalizedText = field(default_factory=LocalizedText)
    description: LocalizedText = field(default_factory=LocalizedText)
    keywords: LocalizedList = field(default_factory=LocalizedList)
    categories: tuple[str, ...] = ()
    packages: tuple[Package, ...] = ()
    icons: tuple[Icon, ...] = ()
    screenshots: tuple[Screenshot, ...] = ()
    rating: Rating | None = None
    kind: str = "desktop-application"
    desktop_id: str = ""
    developer: str = ""
    project_license: str = ""
    homepage: str = ""
    only_show_in: tuple[str, ...] = ()
    not_show_in: tuple[str, ...] = ()
    provenance: str = ""
    #: Other ids people and older catalogs use for this application: ``provides/id`` entries,
    #: renamed ids, and the id without its ``.desktop`` suffix. Never the canonical ``id``.
    aliases: tuple[str, ...] = ()
    #: Commands the application installs (AppStream ``provides/binary``): people search for
    #: ``gimp`` or ``vlc`` by the command they know.
    binaries: tuple[str, ...] = ()
    #: The umbrella project (AppStream ``project_group``: ``GNOME``, ``KDE``, ``LXQt``), so a
    #: search for a desktop's name lists its applications.
    project_group: str = ""
    #: AppStream ``<url>`` links besides the homepage, as (type, URL) in
    #: :data:`~appcenter_qt.domain.links.LINK_KINDS` order (``bugtracker``, ``help``…).
    urls: tuple[tuple[str, str], ...] = ()
    #: Announced releases, newest first as the metainfo lists them.
    releases: tuple[Release, ...] = ()
    #: The OARS rating; ``None`` when the component has none (unknown, not "all ages").
    content_rating: ContentRating | None = None
    #: AppStream branding colours and the icon's key colour (:mod:`.colors`), sorted.
    colors: tuple[AppColor, ...] = ()

    def icon(self, size: int) -> Icon | None:
        """The cached or local icon closest to ``size`` (preferring larger), else any stock icon."""
        return best_icon(self.icons, size)

    @property
    def package_names(self) -> tuple[str, ...]:
        return tuple(sorted({package.name for package in self.packages}))


def best_icon(icons: tuple[Icon, ...], size: int) -> Icon | None:
    """Of ``icons``, the cached or local one closest to ``size`` (preferring larger), else
    any stock icon: :meth:`Application.icon`, for a card that has only the icons."""
    cached = [icon for icon in icons if icon.kind in PIXEL_ICON_KINDS]
    if cached:
        larger = [icon for icon in cached if icon.size * icon.scale >= size]
        if larger:
            return min(larger, key=lambda icon: icon.size * icon.scale)
        return max(cached, key=lambda icon: icon.size * icon.scale)
    for icon in icons:
        if icon.kind is IconKind.STOCK:
            return icon
    return None


@dataclass(frozen=True)
class ApplicationSummary:
    """What a card in a grid or a line in a list needs, already localized: cheap to load by the
    hundred, unlike a full :class:`Application` with every locale's texts."""

    id: str
    name: str
    summary: str
    icon: Icon | None = None
    rating: Rating | None = None
    package_names: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    #: (package name, catalog origin) of each package: which source can install it
    package_origins: tuple[tuple[str, str], ...] = ()
    #: Branding and key colours; filled only where a page paints with them (the banner).
    colors: tuple[AppColor, ...] = ()
