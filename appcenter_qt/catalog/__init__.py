"""The shared SQLite catalog: the only package that uses SQLAlchemy."""
