"""User reviews as the store shows them, and the rules a new review must meet.

Reviews come from the Open Desktop Ratings Service (ODRS, docs/reviews.md) and are untrusted:
every text field is reduced to plain text by :func:`plain_text` before anything shows it.
The limits in :class:`ReviewDraft` are ODRS's own (odrs-web refuses a summary over 70 or a
description over 3,000 characters, either shorter than 2 after trimming, and any ``<``), so
the dialog can say what is wrong before anything is sent.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

SUMMARY_MIN = 2
SUMMARY_MAX = 70
DESCRIPTION_MIN = 2
DESCRIPTION_MAX = 3000
#: ODRS stores a review written under one of these names as anonymous.
ANONYMOUS_NAME = "Unknown"
#: Text fields longer than this are cut when shown (ODRS itself caps descriptions at 3,000).
MAX_SHOWN = 4000

BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
_BIDI = re.compile(f"[{BIDI_CONTROLS}]")


def plain_text(value: object, *, keep_newlines: bool = True, limit: int = MAX_SHOWN) -> str:
    """Untrusted server text made safe to show: not text → ``""``; control characters (except
    newlines when ``keep_newlines``) and bidirectional controls removed, so a name cannot
    reorder what is around it or pose as another; surrounding space trimmed; capped."""
    if not isinstance(value, str):
        return ""
    text = _BIDI.sub("", value.replace("\r\n", "\n"))
    kept = []
    for ch in text:
        if ch == "\n" and keep_newlines:
            kept.append(ch)
        elif ch in "\t\n":
            kept.append(" ")
        elif unicodedata.category(ch) not in ("Cc", "Cs", "Co", "Cn") or ch == "\u00ad":
            kept.append(ch)
    return "".join(kept).strip()[:limit]


@dataclass(frozen=True)
class Review:
    """One review, already cleaned. ``stars`` is 0..5 (ODRS ``rating`` / 20); ``own`` marks
    the user's own review (it can be removed, not voted on)."""

    review_id: int
    app_id: str
    stars: int
    summary: str
    description: str
    user_display: str
    date: int  # Unix time
    version: str
    distro: str
    locale: str
    karma_up: int
    karma_down: int
    user_skey: str = ""
    own: bool = False
    voted: bool = False


@dataclass(frozen=True)
class ReviewDraft:
    """A review the user is writing; :meth:`problems` says what ODRS would refuse."""

    stars: int
    summary: str
    description: str
    user_display: str = ""

    def problems(self) -> list[str]:
        """English reasons (empty when the draft can be sent); the dialog has its own,
        translated, live checks built on the same constants."""
        found = []
        if not 1 <= self.stars <= 5:
            found.append("choose one to five stars")
        summary, description = self.summary.strip(), self.description.strip()
        if not SUMMARY_MIN <= len(summary) <= SUMMARY_MAX:
            found.append(f"the summary needs {SUMMARY_MIN} to {SUMMARY_MAX} characters")
        if not DESCRIPTION_MIN <= len(description) <= DESCRIPTION_MAX:
            found.append(f"the text needs {DESCRIPTION_MIN} to {DESCRIPTION_MAX} characters")
        if "<" in summary or "<" in description:
            found.append("the review cannot contain '<'")
        return found

    @property
    def rating(self) -> int:
        """ODRS's 1..100 rating: stars × 20."""
        return self.stars * 20

    @property
    def display_name(self) -> str:
        """The name sent; ``Unknown`` (stored as anonymous) when none was given, never the
        login name."""
        return " ".join(self.user_display.split()) or ANONYMOUS_NAME
