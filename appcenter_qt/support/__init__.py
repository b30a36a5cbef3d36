"""Standard-library-level helpers every layer may use: formatting, locales, safe file
access, file names, configuration files, reproducible output, text blocks. No Qt, no
SQLAlchemy, no source."""
