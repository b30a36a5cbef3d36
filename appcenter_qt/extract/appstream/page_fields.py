"""What the app page needs beyond the card, read from a component in either syntax: the
``<url>`` links besides the homepage, ``<releases>`` with their notes, and the OARS
``<content_rating>``, and the developer's ``<branding>`` colours (DEP-11: ``Url``,
``Releases``, ``ContentRating``, ``Branding``).

Both syntaxes fill the same :class:`~.components.ComponentFields` fields (``urls``,
``releases``, ``content_rating``), which ``build`` checks once: links must pass
:func:`~appcenter_qt.domain.links.safe_link`, at most :data:`MAX_RELEASES` releases are kept,
unknown OARS attributes are dropped. A malformed part is a problem of the component (a hint),
never a reason to drop the component.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from appcenter_qt.domain import ContentRating, LocalizedText, Release
from appcenter_qt.domain.colors import PRIMARY, SCHEMES, AppColor, parse_hex
from appcenter_qt.domain.links import LINK_KINDS
from appcenter_qt.domain.releases import RELEASE_KINDS
from appcenter_qt.extract.appstream.components import ComponentFields, clean_text
from appcenter_qt.extract.appstream.locales import LocaleMap, lang_of, split_description
from appcenter_qt.extract.appstream.markup import (
    join_paragraphs,
    paragraphs_from_element,
    paragraphs_from_markup,
)

#: Releases read per component (metainfo files may list every release since 1998).
MAX_RELEASES = 30
_LINK_KINDS = frozenset(LINK_KINDS) - {"homepage"}
_MAX_TIMESTAMP = 2**41  # year 71,000: anything larger is garbage, not a date


def timestamp_of(timestamp: object, date: object) -> int:
    """Seconds since 1970 from a ``timestamp`` (digits) or an ISO 8601 ``date``; 0 if neither
    is usable (a release without a date is still listed)."""
    if isinstance(timestamp, int) and not isinstance(timestamp, bool):
        return timestamp if 0 < timestamp < _MAX_TIMESTAMP else 0
    if isinstance(timestamp, str) and timestamp.strip().isdigit():
        value = int(timestamp.strip()[:15])
        return value if 0 < value < _MAX_TIMESTAMP else 0
    if isinstance(date, dt.date | dt.datetime):  # YAML reads a bare date as a date
        date = date.isoformat()
    if isinstance(date, str) and date.strip():
        try:
            moment = dt.datetime.fromisoformat(date.strip()[:25].replace("Z", "+00:00"))
        except ValueError:
            try:
                moment = dt.datetime.fromisoformat(date.strip()[:10])
            except ValueError:
                return 0
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=dt.UTC)
        return max(0, int(moment.timestamp()))
    return 0


def _kind(value: object) -> str:
    return value if isinstance(value, str) and value in RELEASE_KINDS else "stable"


def add_link(fields: ComponentFields, kind: object, url: object) -> None:
    """One ``<url type=…>``: the first of each type we show wins; others are ignored."""
    if isinstance(kind, str) and kind in _LINK_KINDS and isinstance(url, str):
        fields.urls.setdefault(kind, clean_text(url))


# -- XML ------------------------------------------------------------------------------------
def _local(tag: object) -> str:
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def read_xml_releases(element: Any, fields: ComponentFields) -> None:
    """``<releases><release version= timestamp=|date= type=><description>…`` (an
    ``<artifacts>`` or ``<url>`` inside a release is not needed by the page)."""
    for release in [r for r in element if _local(r.tag) == "release"][:MAX_RELEASES]:
        version = clean_text(release.get("version") or "")
        if not version:
            fields.problem("invalid-release", "a release without a version was skipped")
            continue
        notes: LocaleMap[str] = LocaleMap()
        descriptions = [c for c in release if _local(c.tag) == "description"]
        for raw, blocks in split_description(descriptions).items():
            holder = release.makeelement("description", {})
            holder.extend(blocks)
            text = join_paragraphs(paragraphs_from_element(holder))
            if text:
                notes.put(raw, text)
        fields.releases.append(
            Release(
                version[:100],
                timestamp_of(release.get("timestamp"), release.get("date")),
                _kind(release.get("type")),
                LocalizedText(dict(notes)),
            )
        )


def read_xml_content_rating(element: Any, fields: ComponentFields) -> None:
    """``<content_rating type="oars-1.1"><content_attribute id=…>intense</…>``; the first
    OARS rating wins (a component may carry ratings of other systems)."""
    kind = element.get("type") or "oars-1.0"
    if fields.content_rating is not None or not kind.startswith("oars-"):
        return
    values = {
        attribute.get("id") or "": clean_text("".join(attribute.itertext()))
        for attribute in element
        if _local(attribute.tag) == "content_attribute" and lang_of(attribute) is None
    }
    fields.content_rating = ContentRating.of(kind, values)


def add_branding_color(
    fields: ComponentFields, kind: object, scheme: object, value: object
) -> None:
    """One branding colour: only ``type="primary"`` (the one AppStream defines), a scheme
    of ``light``, ``dark`` or none, and ``#rrggbb``; anything else is a one-line problem."""
    if kind != PRIMARY:
        return
    scheme = scheme or ""
    color = parse_hex(value) if isinstance(value, str) else None
    if color is None or scheme not in SCHEMES:
        fields.problem("invalid-field", f"branding colour {str(value)[:40]!r} was skipped")
        return
    if all(c.scheme != scheme for c in fields.colors):
        fields.colors.append(AppColor(PRIMARY, str(scheme), color))


def read_xml_branding(element: Any, fields: ComponentFields) -> None:
    """``<branding><color type="primary" scheme_preference="dark">#1a5fb4</color>``."""
    for child in element:
        if _local(child.tag) == "color":
            add_branding_color(
                fields, child.get("type"), child.get("scheme_preference"), "".join(child.itertext())
            )


# -- DEP-11 ---------------------------------------------------------------------------------
def read_dep11_branding(doc: dict[Any, Any], fields: ComponentFields) -> None:
    """``Branding: {colors: [{type: primary, scheme-preference: light, value: '#…'}]}``."""
    branding = doc.get("Branding")
    if branding is None:
        return
    colors = branding.get("colors") if isinstance(branding, dict) else None
    if not isinstance(colors, list):
        fields.problem("invalid-field", "Branding must be a mapping with a list of colors")
        return
    for entry in colors[:8]:
        if isinstance(entry, dict):
            add_branding_color(
                fields, entry.get("type"), entry.get("scheme-preference"), entry.get("value")
            )


def read_dep11_page_fields(doc: dict[Any, Any], fields: ComponentFields) -> None:
    """``Url`` (all types), ``Releases`` and ``ContentRating`` of a DEP-11 component."""
    urls = doc.get("Url")
    if isinstance(urls, dict):
        for kind, url in urls.items():
            add_link(fields, kind, url)
    releases = doc.get("Releases")
    if isinstance(releases, list):
        for entry in releases[:MAX_RELEASES]:
            if not isinstance(entry, dict) or not isinstance(entry.get("version"), str | int):
                fields.problem("invalid-release", "a release without a version was skipped")
                continue
            notes = entry.get("description")
            texts: LocaleMap[str] = LocaleMap()
            if isinstance(notes, dict):
                for raw, markup in notes.items():
                    if isinstance(markup, str):
                        text = join_paragraphs(paragraphs_from_markup(markup))
                        if text:
                            texts.put(raw, text)
            fields.releases.append(
                Release(
                    clean_text(str(entry["version"]))[:100],
                    timestamp_of(entry.get("unix-timestamp"), entry.get("date")),
                    _kind(entry.get("type")),
                    LocalizedText(dict(texts)),
                )
            )
    elif releases is not None:
        fields.problem("invalid-field", "Releases must be a list")
    rating = doc.get("ContentRating")
    if isinstance(rating, dict):
        for kind, values in rating.items():
            if isinstance(kind, str) and kind.startswith("oars-"):
                attributes = values if isinstance(values, dict) else {}
                fields.content_rating = ContentRating.of(
                    kind,
                    {str(k): v for k, v in attributes.items() if isinstance(v, str)},
                )
                break
    elif rating is not None:
        fields.problem("invalid-field", "ContentRating must be a mapping")
    read_dep11_branding(doc, fields)
