"""Where libappstream keeps a system's catalog metadata and icon caches, newest spelling
first (the legacy ``app-info`` directories are still filled by older tools and distributions),
and the two catalog formats. One place, shared by the pool reader that finds catalogs, the
importer that parses them and the icon reader that only opens files inside these directories.
Plain constants: the front ends import this to look at the pool without loading any parser.
"""

DEP11 = "dep11"
APPSTREAM_XML = "appstream-xml"
FORMATS = (DEP11, APPSTREAM_XML)

CATALOG_BASES = (
    "usr/share/swcatalog",
    "var/lib/swcatalog",
    "var/cache/swcatalog",
    "usr/share/app-info",
    "var/lib/app-info",
    "var/cache/app-info",
)
