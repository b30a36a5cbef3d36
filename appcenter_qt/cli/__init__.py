"""Console scripts, one module each; shared exit-code handling in :mod:`.common`."""
