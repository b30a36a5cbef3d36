"""The generator's HTML report: a static site a maintainer reads after a run.

Like appstream-generator's web report, but with no JavaScript: an index with, per origin,
the applications found, the hints counted by severity and by tag (bar charts in inline
SVG, with titles and text labels), and what changed since the previous run (new, removed
and newly broken applications and packages); one page per input (package, tree, catalog
file) with its hints explained by :mod:`~appcenter_qt.extract.hint_tags` and links to its
applications' icons and screenshots; a list of all packages; and the inputs that cost the
most time.

* :mod:`.model` turns the run (report lines, applications) into plain page data; every
  string from a package is cleaned there (control characters, surrogates), every URL
  checked (``http(s)`` only) and every file name made from a hash and a slug, so no
  package name can choose where a page goes.
* :mod:`.state` is the small versioned JSON file the report keeps beside its pages to
  compare the next run with; a missing or unreadable one means "no previous run".
* :mod:`.chart` lays out the bar charts; :mod:`.render` fills the Jinja2 templates
  (autoescape on) and writes the site into a directory the caller publishes atomically.

Everything but the timing page is deterministic: the same inputs and previous state give
byte-identical files.
"""

from __future__ import annotations

from appcenter_qt.generator.reports.html.render import SITE_FILES, STATE_NAME, write_site

__all__ = ["SITE_FILES", "STATE_NAME", "write_site"]
