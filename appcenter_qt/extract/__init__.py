"""Reading sources (packages, trees, AppStream catalogs) into domain objects plus hints."""
