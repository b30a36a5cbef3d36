#!/bin/sh
# How catalog.sql was made: the generator of commit 5e778c1 (schema version 2, before the
# aliases and installed_packages tables were added within it) run on input.yml and
# ratings.json, its file dumped as SQL. tests/catalog/test_upgrade.py loads the dump, upgrades
# it and compares it with a fresh build of the same inputs.
#   usage: tests/data/catalog-v2/make-catalog.sh   (from the repository's top directory)
set -eu
here=$(pwd)/tests/data/catalog-v2
old=$(mktemp -d)
trap 'rm -rf "$old"' EXIT
git archive 5e778c1 | tar -x -C "$old"
cd "$old"  # python -m puts the current directory first on the path
SOURCE_DATE_EPOCH=1700000000 python3 -m appcenter_qt.cli.generate -q -j 1 \
    --output "$old/out" --ratings "$here/ratings.json" "$here/input.yml"
db="$old/out/appcenter.sqlite"
{
    sqlite3 "$db" .dump
    echo "PRAGMA user_version=$(sqlite3 "$db" 'PRAGMA user_version');"
    echo "PRAGMA application_id=$(sqlite3 "$db" 'PRAGMA application_id');"
} > "$here/catalog.sql"
