"""The use cases the window and the command lines share: pick or build the catalog, run
updates through any source, hold the window's several sources. Plain Python, no Qt."""
