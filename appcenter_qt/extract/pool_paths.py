"""Where libappstream keeps a system's catalog metadata and icon caches, newest spelling
first (the legacy ``app-info`` directories are still filled by older tools and distributions).
One list, shared by the pool reader that finds catalogs and the icon reader that only opens
files inside these directories."""

CATALOG_BASES = (
    "usr/share/swcatalog",
    "var/lib/swcatalog",
    "var/cache/swcatalog",
    "usr/share/app-info",
    "var/lib/app-info",
    "var/cache/app-info",
)
