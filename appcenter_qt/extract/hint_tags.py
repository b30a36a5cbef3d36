"""Every report hint tag, once: its severity and what it means.

Like appstream-generator's hint definitions (``asgen-hints.json``), one table says which tags
exist, how bad each is and how the report explains it, so a tag cannot drift between readers
(``icon-not-found`` was a warning in the catalog importer and information in the composer) and
two tags cannot mean one thing. A :class:`~appcenter_qt.extract.result.Hint` takes its severity
from here and refuses a tag that is not here (:class:`UnknownHintTag`), so a misspelt tag
fails the first test that emits it; ``tests/extract/test_hint_tags.py`` also checks every tag
written in the code. The table is documented in docs/generator.md ("Hint tags").

``text`` is the template the report's human summary and the documentation use for the tag;
each hint's ``message`` adds the details (which file, which icon, which line).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Severity(enum.StrEnum):
    INFO = "info"  # noteworthy, nothing lost (e.g. "not an application: no desktop file")
    WARNING = "warning"  # something was dropped (an icon, a locale, a screenshot)
    ERROR = "error"  # the input or a component could not be used at all


class UnknownHintTag(ValueError):
    """A hint with a tag the table does not have: a bug in the code that emits it."""


@dataclass(frozen=True)
class HintTag:
    tag: str
    severity: Severity
    text: str


ERR, WARN, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

_TABLE = (
    # -- inputs as a whole --------------------------------------------------------------------
    HintTag("corrupt-archive", ERR, "corrupt archive"),
    HintTag("unknown-compression", ERR, "unknown compression"),
    HintTag("input-timeout", ERR, "took longer than --input-timeout"),
    HintTag("internal-error", ERR, "internal error"),
    HintTag("checksum-mismatch", ERR, "package not what its repository index says"),
    HintTag("download-failed", ERR, "package could not be downloaded"),
    HintTag("pool-unreadable", ERR, "unreadable pool file"),
    HintTag("pool-skipped", WARN, "pool directory or link that cannot be followed, skipped"),
    HintTag("catalog-unreadable", ERR, "unreadable catalog"),
    HintTag("package-db-unreadable", ERR, "unreadable package database"),
    # -- archive members ----------------------------------------------------------------------
    HintTag("absolute-path", WARN, "member with an absolute path ignored"),
    HintTag("path-traversal", WARN, "member with '..' in its path ignored"),
    HintTag("symlink-outside", WARN, "link pointing outside the package or the directories read"),
    HintTag("file-too-large", WARN, "member too large to read"),
    HintTag("unreadable", WARN, "file or directory of a tree that cannot be read"),
    HintTag("file-name-not-utf8", WARN, "file name not valid UTF-8, skipped"),
    # -- desktop files ------------------------------------------------------------------------
    HintTag("desktop-file-not-in-applications", INFO, "desktop file outside applications/"),
    HintTag("desktop-file-too-large", ERR, "desktop file too large"),
    HintTag("desktop-invalid-utf8", ERR, "desktop file not UTF-8"),
    HintTag("desktop-line-too-long", WARN, "desktop file line too long, ignored"),
    HintTag("desktop-bad-group", WARN, "malformed group header"),
    HintTag("desktop-duplicate-group", WARN, "group repeated"),
    HintTag("desktop-key-before-group", WARN, "key outside any group"),
    HintTag("desktop-bad-line", WARN, "not a Key=Value line"),
    HintTag("desktop-bad-locale", WARN, "unusable locale, ignored"),
    HintTag("desktop-duplicate-key", WARN, "key repeated, the first value used"),
    HintTag("desktop-no-main-group", ERR, "desktop file without [Desktop Entry]"),
    HintTag("desktop-bad-boolean", WARN, "boolean key that is not true/false"),
    HintTag("desktop-markup-in-name", INFO, "markup in a name, shown as plain text"),
    HintTag("desktop-exec-shell-metacharacters", INFO, "shell metacharacters in Exec"),
    HintTag("desktop-not-application", INFO, "not Type=Application"),
    HintTag("desktop-nodisplay", INFO, "NoDisplay"),
    HintTag("desktop-hidden", INFO, "Hidden"),
    HintTag("desktop-no-name", WARN, "desktop file without Name"),
    HintTag("no-desktop-file", INFO, "no desktop file"),
    HintTag("no-icon", INFO, "no Icon key"),
    # -- metainfo files -----------------------------------------------------------------------
    HintTag("metainfo-too-large", ERR, "metainfo file too large"),
    HintTag("metainfo-entities-forbidden", ERR, "metainfo with entity declarations, rejected"),
    HintTag("metainfo-invalid-xml", ERR, "metainfo not well-formed XML"),
    HintTag("metainfo-too-deep", WARN, "metainfo nested too deeply, deeper elements dropped"),
    HintTag("metainfo-no-component", ERR, "metainfo root is not <component>"),
    HintTag("metainfo-no-id", ERR, "metainfo without a usable <id>"),
    HintTag("metainfo-without-desktop-file", INFO, "metainfo without desktop file"),
    HintTag("merge-component-ignored", INFO, "installed merge component, not an application"),
    # -- components, in metainfo and catalogs -------------------------------------------------
    HintTag(
        "not-desktop-application",
        INFO,
        "component is not a desktop application (console-application, addon, font …)",
    ),
    HintTag("missing-id", ERR, "component without an id, skipped"),
    HintTag("invalid-id", ERR, "unusable application id"),
    HintTag("duplicate-id", ERR, "duplicate application id"),
    HintTag("no-name", ERR, "component without a usable name, skipped"),
    HintTag("invalid-type", ERR, "component type missing or not text"),
    HintTag("invalid-component", ERR, "component of an unusable shape, skipped"),
    HintTag("invalid-merge", ERR, "merge component of an unknown kind, skipped"),
    HintTag("addon-no-extends", WARN, "add-on without the id of an application it extends"),
    HintTag("invalid-field", WARN, "field of the wrong type, dropped"),
    HintTag("invalid-icon", WARN, "unusable icon entry, dropped"),
    HintTag("invalid-screenshot", WARN, "unusable screenshot, dropped"),
    HintTag("invalid-release", WARN, "release without a version, dropped"),
    HintTag("bidi-control-stripped", WARN, "bidirectional control characters removed"),
    # -- catalog files ------------------------------------------------------------------------
    HintTag("malformed-yaml", ERR, "YAML error: the document skipped"),
    HintTag("malformed-xml", ERR, "XML error: the rest of the file not imported"),
    HintTag("truncated-file", ERR, "compressed stream ends early or is corrupt"),
    HintTag("yaml-alias", ERR, "YAML anchors or aliases, refused"),
    HintTag("dtd-refused", ERR, "XML catalog with a <!DOCTYPE>, refused"),
    HintTag("not-a-catalog", ERR, "XML root other than <components>"),
    HintTag("document-too-large", ERR, "DEP-11 document too large"),
    HintTag("no-dep11-header", WARN, "no DEP-11 header document"),
    HintTag("extra-header", WARN, "second DEP-11 header ignored"),
    HintTag("corrupt-icon-tarball", ERR, "corrupt icon tarball"),
    HintTag("no-icon-tarball", INFO, "no icon tarball for the catalog's cached icons"),
    HintTag("icon-not-png", WARN, "icon tarball member that is not a PNG, dropped"),
    HintTag("icon-too-large", WARN, "icon tarball member too large, dropped"),
    HintTag("icon-not-cached", INFO, "cached icon neither in a tarball nor on disk"),
    # -- icons --------------------------------------------------------------------------------
    HintTag("icon-not-found", WARN, "icon not found"),
    HintTag("icon-invalid", WARN, "icon rejected"),
    HintTag("icon-render-failed", WARN, "icon renderer crashed or timed out"),
    # -- ratings and merging ------------------------------------------------------------------
    HintTag("malformed-json", ERR, "ratings file that is not valid JSON"),
    HintTag("not-odrs", ERR, "ratings file that is not an ODRS id → histogram object"),
    HintTag("invalid-rating", WARN, "unusable rating entry, skipped"),
    HintTag("unmatched-ratings", INFO, "ratings for ids no application has"),
    HintTag("merged", INFO, "one application from several inputs"),
    HintTag("merge-applied", INFO, "merge component applied"),
    HintTag("merge-unmatched", INFO, "merge component for an id no input has"),
    HintTag("addon-unmatched", INFO, "add-on of an application the catalog does not have"),
    HintTag("addon-built-in", INFO, "add-on installed by the application's own packages"),
)
del ERR, WARN, INFO

#: tag → definition.
HINT_TAGS: dict[str, HintTag] = {entry.tag: entry for entry in _TABLE}


def hint_tag(tag: str) -> HintTag:
    """The definition of ``tag``; :class:`UnknownHintTag` if there is none."""
    try:
        return HINT_TAGS[tag]
    except KeyError:
        raise UnknownHintTag(f"hint tag {tag!r} is not in extract/hint_tags.py") from None
