"""Is an application free software? An answer from its SPDX licence expression.

AppStream's ``project_license`` is an SPDX expression (``GPL-3.0-or-later``,
``MIT AND CC-BY-SA-4.0``, ``LicenseRef-proprietary=https://…``). The app page shows a badge:
*free* when the expression is satisfied by licences the FSF or OSI list as free (``AND``
needs both sides free, ``OR`` one), *proprietary* when it names ``LicenseRef-proprietary``
or only non-free licences we know, and *unknown* otherwise, because a licence we do not know
is not evidence either way.
"""

from __future__ import annotations

import re

from appcenter_qt.domain.links import safe_link

FREE = "free"
PROPRIETARY = "proprietary"
UNKNOWN = "unknown"

#: Common free licences (FSF free or OSI approved), lower case, without ``-only``/
#: ``-or-later``/``+``, which do not change the answer.
_FREE_ID_LIST = """
    0BSD AFL-2.1 AFL-3.0 AGPL-3.0 Apache-1.1 Apache-2.0 APSL-2.0 Artistic-2.0 Beerware BSD-2-Clause
    BSD-3-Clause BSD-3-Clause-Clear BSD-4-Clause BSL-1.0 CC-BY-3.0 CC-BY-4.0 CC-BY-SA-3.0
    CC-BY-SA-4.0 CC0-1.0 CDDL-1.0 CECILL-2.0 CECILL-2.1 CECILL-B CECILL-C ClArtistic curl
    ECL-2.0 EFL-2.0 EPL-1.0 EPL-2.0 EUPL-1.1 EUPL-1.2 FSFAP FTL GFDL-1.1 GFDL-1.2 GFDL-1.3 GPL-1.0
    GPL-2.0 GPL-3.0 HPND ICU IJG Imlib2 IPA ISC LGPL-2.0 LGPL-2.1 LGPL-3.0 Libpng LPL-1.02
    LPPL-1.3a LPPL-1.3c MIT MIT-0 MIT-CMU MPL-1.0 MPL-1.1 MPL-2.0 MS-PL MS-RL NCSA ODbL-1.0
    OFL-1.0 OFL-1.1 OLDAP-2.8 OpenSSL OSL-3.0 PHP-3.0 PHP-3.01 PostgreSQL PSF-2.0 Python-2.0
    QPL-1.0 Ruby SGI-B-2.0 Sleepycat SMLNJ Spencer-99 Unicode-DFS-2016 Unlicense UPL-1.0 Vim
    W3C WTFPL X11 XFree86-1.1 Zlib ZPL-2.0 ZPL-2.1 LicenseRef-free
    """
_FREE_IDS = frozenset(s.lower() for s in _FREE_ID_LIST.split())
_NONFREE_IDS = frozenset({"licenseref-proprietary", "cc-by-nc-4.0", "cc-by-nd-4.0"})
_TOKEN = re.compile(r"\(|\)|[^\s()]+")
_SUFFIX = re.compile(r"(-only|-or-later|\+)\Z", re.IGNORECASE)


def _id_kind(identifier: str) -> str:
    name = _SUFFIX.sub("", identifier.split("=", 1)[0]).lower()
    if name in _FREE_IDS:
        return FREE
    if name in _NONFREE_IDS or name.startswith(("cc-by-nc", "cc-by-nd")):
        return PROPRIETARY
    return UNKNOWN


def _combine(left: str, right: str, operator: str) -> str:
    if operator == "or":
        if FREE in (left, right):
            return FREE
        return PROPRIETARY if left == right == PROPRIETARY else UNKNOWN
    if PROPRIETARY in (left, right):
        return PROPRIETARY
    return FREE if left == right == FREE else UNKNOWN


def license_kind(expression: str) -> str:
    """:data:`FREE`, :data:`PROPRIETARY` or :data:`UNKNOWN` for an SPDX expression. ``AND``
    binds tighter than ``OR``; ``WITH exception`` keeps the licence's answer."""
    tokens = _TOKEN.findall(expression.strip())
    position = 0

    def peek() -> str:
        return tokens[position].lower() if position < len(tokens) else ""

    def take() -> str:
        nonlocal position
        position += 1
        return tokens[position - 1]

    def primary() -> str:
        if peek() == "(":
            take()
            found = either()
            if peek() == ")":
                take()
            return found
        if not peek() or peek() in ("and", "or", ")", "with"):
            return UNKNOWN
        found = _id_kind(take())
        if peek() == "with":
            take()
            if peek():
                take()
        return found

    def both() -> str:
        found = primary()
        while peek() == "and":
            take()
            found = _combine(found, primary(), "and")
        return found

    def either() -> str:
        found = both()
        while peek() == "or":
            take()
            found = _combine(found, both(), "or")
        return found

    if not tokens or len(tokens) > 200:
        return UNKNOWN
    return either()


def license_url(expression: str) -> str:
    """Where to read the licence: the URL of ``LicenseRef-…=URL``, SPDX's page of a single
    licence id, else ``""`` (an expression of several licences has no one page)."""
    expression = expression.strip()
    if "=" in expression and " " not in expression:
        return safe_link(expression.split("=", 1)[1]) or ""
    if re.fullmatch(r"[A-Za-z0-9.+-]+", expression) and _id_kind(expression) != UNKNOWN:
        if expression.lower().startswith("licenseref"):
            return ""
        return f"https://spdx.org/licenses/{_SUFFIX.sub(_suffix_keep, expression)}.html"
    return ""


def _suffix_keep(match: re.Match[str]) -> str:
    # SPDX pages exist for "-only" and "-or-later"; the deprecated "+" has none.
    return "" if match.group(1) == "+" else match.group(1)
