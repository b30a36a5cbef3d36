"""A spec-exact, hostile-input-safe parser for Desktop Entry files (bytes in, entry + hints out).

pyxdg is not used: it decodes leniently, lets later groups and duplicate keys overwrite
earlier ones, and has no limits on line length, which is what a package author controls. The
rules here follow the Desktop Entry Specification 1.5:

* the file is UTF-8 (invalid UTF-8 rejects the file); lines are ``#`` comments, blank,
  ``[Group]`` headers or ``Key=Value`` with optional spaces around ``=``;
* only the ``[Desktop Entry]`` group describes the application: ``[Desktop Action …]`` and
  other groups never overwrite its keys; a key repeated in a group keeps its first value;
* localized keys ``Name[de]``, ``Name[sr@latin]`` are stored under the canonical locale, by
  the rules every reader shares (:mod:`appcenter_qt.extract.appstream.locales`);
* string values take the escapes ``\\s \\n \\t \\r \\\\``; list values (``Categories``,
  ``Keywords``, ``OnlyShowIn``…) are split on ``;`` where ``\\;`` is a literal semicolon;
* ``true``/``false`` booleans; ``Type=Application`` only; ``NoDisplay``/``Hidden`` exclude.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, overload

from appcenter_qt.domain.localized import UNTRANSLATED
from appcenter_qt.extract.appstream.locales import LocaleMap, locale_key
from appcenter_qt.extract.result import Hint, where

MAIN_GROUP = "Desktop Entry"
#: Longer lines are dropped with a hint: no real key needs 16 KiB, a hostile one may be 1 MB.
MAX_LINE_LENGTH = 16 * 1024
#: Longer values of Name/GenericName/Comment are truncated (the UI has one or two lines).
MAX_TEXT_LENGTH = 1024
MAX_FILE_BYTES = 2 * 1024 * 1024

_KEY = re.compile(r"([A-Za-z0-9-]+)(?:\[([^\]\s]+)\])?")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_MARKUP = re.compile(r"<[A-Za-z/!?][^>]*>|&[#A-Za-z0-9]+;")
_SHELL_META = re.compile(r"[;&|`$<>(){}]|\$\(")
_ESCAPES = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}


@dataclass(frozen=True)
class DesktopEntry:
    """The ``[Desktop Entry]`` group of one desktop file, as the composer needs it.

    ``desktop_id`` follows the spec: the path below ``applications/`` with ``/`` → ``-``.
    Localized values are keyed ``"C"`` (untranslated) and normalized locales.
    """

    desktop_id: str
    type: str = ""
    name: dict[str, str] = field(default_factory=dict)
    generic_name: dict[str, str] = field(default_factory=dict)
    comment: dict[str, str] = field(default_factory=dict)
    keywords: dict[str, tuple[str, ...]] = field(default_factory=dict)
    categories: tuple[str, ...] = ()
    icon: str = ""
    no_display: bool = False
    hidden: bool = False
    only_show_in: tuple[str, ...] = ()
    not_show_in: tuple[str, ...] = ()
    exec: str = ""

    @property
    def visible(self) -> bool:
        return self.type == "Application" and not self.no_display and not self.hidden


def desktop_id_for(path: str) -> str | None:
    """``usr/share/applications/kde4/foo.desktop`` → ``kde4-foo.desktop``; ``None`` elsewhere
    (desktop files under ``kservices5/`` or ``kglobalaccel/`` are not applications)."""
    prefix = "usr/share/applications/"
    if not path.startswith(prefix) or not path.endswith(".desktop"):
        return None
    return path[len(prefix) :].replace("/", "-")


@overload
def unescape(value: str, *, list_separator: Literal[False] = False) -> str: ...
@overload
def unescape(value: str, *, list_separator: Literal[True]) -> list[str]: ...
def unescape(value: str, *, list_separator: bool = False) -> list[str] | str:
    """Apply the spec's escapes; for lists also split on unescaped ``;``."""
    items: list[str] = []
    out: list[str] = []
    chars = iter(value)
    for char in chars:
        if char == "\\":
            following = next(chars, "")
            if following in _ESCAPES:
                out.append(_ESCAPES[following])
            elif list_separator and following == ";":
                out.append(";")
            else:  # unknown escape: keep it literally, as desktop-file-validate would flag
                out.append("\\" + following)
        elif list_separator and char == ";":
            items.append("".join(out))
            out = []
        else:
            out.append(char)
    if not list_separator:
        return "".join(out)
    if out:
        items.append("".join(out))
    return [item.strip() for item in items if item.strip()]


def _clean_text(value: str) -> str:
    value = _CONTROL.sub("", value).strip()
    return value[:MAX_TEXT_LENGTH]


def parse_desktop(data: bytes, path: str, source: str) -> tuple[DesktopEntry | None, list[Hint]]:
    """Parse one desktop file. ``source`` names the package for hints; ``path`` is the member
    path (``usr/share/applications/…``). Returns ``None`` when the file cannot be used."""
    hints: list[Hint] = []
    desktop_id = desktop_id_for(path)

    def hint(tag: str, message: str) -> None:
        where_ = where(source, desktop_id or path)
        hints.append(Hint(where_, tag, f"{path}: {message}"))

    if desktop_id is None:
        hint("desktop-file-not-in-applications", "not under usr/share/applications/")
        return None, hints
    if len(data) > MAX_FILE_BYTES:
        hint("desktop-file-too-large", f"{len(data)} bytes")
        return None, hints
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        hint("desktop-invalid-utf8", f"not valid UTF-8 at byte {error.start}")
        return None, hints
    if text.startswith("\ufeff"):
        text = text[1:]

    group: str | None = None
    seen_groups: set[str] = set()
    raw: dict[str, LocaleMap[str]] = {}
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > MAX_LINE_LENGTH:
            hint("desktop-line-too-long", f"line {number}: {len(line)} characters, ignored")
            continue
        line = line.rstrip("\r")
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("["):
            if not stripped.endswith("]"):
                hint("desktop-bad-group", f"line {number}: malformed group header")
                group = None
                continue
            group = stripped[1:-1]
            if group in seen_groups:
                hint("desktop-duplicate-group", f"line {number}: group [{group[:80]}] repeated")
                group = None  # its keys are ignored rather than merged
                continue
            seen_groups.add(group)
            continue
        if group != MAIN_GROUP:
            if group is None and not seen_groups:
                hint("desktop-key-before-group", f"line {number}: key outside any group")
            continue
        key_part, sep, value = line.partition("=")
        match = _KEY.fullmatch(key_part.strip())
        if not sep or not match:
            hint("desktop-bad-line", f"line {number}: not a Key=Value line")
            continue
        key, locale = match.group(1), match.group(2)
        if locale is not None and (locale == UNTRANSLATED or locale_key(locale) is None):
            hint("desktop-bad-locale", f"line {number}: locale {locale[:40]!r} ignored")
            continue
        if not raw.setdefault(key, LocaleMap()).put(locale, value.strip()):
            hint("desktop-duplicate-key", f"line {number}: {key_part.strip()[:80]} repeated")

    if MAIN_GROUP not in seen_groups:
        hint("desktop-no-main-group", "no [Desktop Entry] group")
        return None, hints

    def values(key: str) -> Mapping[str, str]:
        return raw.get(key) or {}

    def strings(key: str) -> dict[str, str]:
        result = {}
        for locale, value in values(key).items():
            cleaned = _clean_text(unescape(value))
            if cleaned:
                result[locale] = cleaned
        return result

    def plain(key: str) -> str:
        return _clean_text(unescape(values(key).get(UNTRANSLATED, "")))

    def listed(key: str, locale: str = UNTRANSLATED) -> tuple[str, ...]:
        value = values(key).get(locale, "")
        return tuple(_clean_text(item) for item in unescape(value, list_separator=True))

    def boolean(key: str) -> bool:
        value = values(key).get(UNTRANSLATED, "")
        if value not in ("", "true", "false"):
            hint("desktop-bad-boolean", f"{key}={value[:40]!r} is not true/false")
        return value == "true"

    name = strings("Name")
    for locale, value in name.items():
        if _MARKUP.search(value):
            hint(
                "desktop-markup-in-name",
                f"Name[{locale}] contains markup; shown as plain text",
            )
            break
    exec_line = plain("Exec")
    if _SHELL_META.search(exec_line):
        hint(
            "desktop-exec-shell-metacharacters",
            "Exec contains shell metacharacters; never run by appcenter-qt, not stored",
        )
    entry = DesktopEntry(
        desktop_id=desktop_id,
        type=plain("Type"),
        name=name,
        generic_name=strings("GenericName"),
        comment=strings("Comment"),
        keywords={
            locale: items for locale in values("Keywords") if (items := listed("Keywords", locale))
        },
        categories=listed("Categories"),
        icon=plain("Icon"),
        no_display=boolean("NoDisplay"),
        hidden=boolean("Hidden"),
        only_show_in=listed("OnlyShowIn"),
        not_show_in=listed("NotShowIn"),
        exec=exec_line,
    )
    return entry, hints
