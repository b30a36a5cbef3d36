"""This machine's software: the AppStream pool's catalog files, the installed desktop files
and the package database, found and read below a root directory."""
