"""AppStream formats, bytes in and objects out: DEP-11 YAML, catalog XML, metainfo, desktop
entries, their markup and locales, the pool's layout, and a catalog file imported with its
icons and ratings (no package, no pool scan, no generator step)."""
