"""The catalog generator as a library: the composer and its worker processes, the merge, icons
and key colours, the caches, shards, the system build and the reports, run from one typed
:class:`~appcenter_qt.generator.options.GenerateOptions` (``appcenter-generate`` only parses
arguments into it)."""
