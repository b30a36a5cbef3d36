"""``appcenter-query``: read a catalog from the shell or a script.

``--json`` output is a stable interface (documented in docs/cli.md): keys are only ever
added, never renamed or removed, within one schema version.

Lean (docs/architecture.md, "The lean read path"): reading the catalog imports neither
SQLAlchemy nor any source, and the ODRS client only for the review commands; ``--help``
imports not even the catalog reader. ``tests/cli/test_lean_imports.py`` holds it to that.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NoReturn

from appcenter_qt.cli import query_reviews
from appcenter_qt.cli.common import EXIT_FAILED, EXIT_OK, choose_catalog_for_cli, run_cli
from appcenter_qt.support.batch_process import exit_now

if TYPE_CHECKING:  # the catalog reader is imported when a command runs, not for --help
    from appcenter_qt.domain import Application, ApplicationSummary, Rating

PROGRAM = "appcenter-query"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        allow_abbrev=False, prog=PROGRAM, description="Query an appcenter-qt catalog."
    )
    parser.add_argument(
        "--catalog",
        metavar="FILE",
        help="catalog file (default: the search order in docs/catalog-schema.md)",
    )
    parser.add_argument("--locale", metavar="L", help="locale for names (default: environment)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument(
        "--odrs-url",
        metavar="URL",
        help="ratings server (beats $APPCENTER_ODRS_URL; empty: reviews off; docs/reviews.md)",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    listing = commands.add_parser("list", help="list applications", allow_abbrev=False)
    listing.add_argument("--category", metavar="C")
    # SortOrder.NAME and .RATING, spelled out so that --help needs no catalog code.
    listing.add_argument("--sort", choices=["name", "rating"], default="name")
    listing.add_argument("--limit", type=int, metavar="N")
    search = commands.add_parser("search", help="full-text search", allow_abbrev=False)
    search.add_argument("text")
    search.add_argument("--limit", type=int, default=50, metavar="N")
    show = commands.add_parser("show", help="one application in detail", allow_abbrev=False)
    show.add_argument("app_id")
    commands.add_parser("stats", help="counts and facts about the catalog", allow_abbrev=False)
    query_reviews.add_commands(commands)
    return parser


def rating_json(rating: Rating | None) -> dict[str, Any] | None:
    if rating is None:
        return None
    return {
        "stars": list(rating.stars),
        "votes": rating.total,
        "mean": round(rating.mean, 3) if rating.mean is not None else None,
        "score": round(rating.score, 3),
    }


def summary_json(app: ApplicationSummary) -> dict[str, Any]:
    return {
        "id": app.id,
        "name": app.name,
        "summary": app.summary,
        "packages": list(app.package_names),
        "categories": list(app.categories),
        "icon": app.icon.path or app.icon.name if app.icon else None,
        "rating": rating_json(app.rating),
    }


def application_json(
    app: Application, chain: tuple[str, ...], meta: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """Everything the catalog knows of ``app``; each package names the ``source`` that
    installs it (from the catalog's ``meta``), and ``sources`` lists them, distribution
    first (the registry's order)."""
    from appcenter_qt.catalog.origins import source_for
    from appcenter_qt.domain.source_names import sort_key

    meta = meta or {}
    sources = {source_for(meta, p.origin) for p in app.packages}
    return {
        "id": app.id,
        "kind": app.kind,
        "name": app.name.get(chain),
        "summary": app.summary.get(chain),
        "description": app.description.get(chain),
        "keywords": list(app.keywords.get(chain)),
        "categories": list(app.categories),
        "developer": app.developer,
        "license": app.project_license,
        "homepage": app.homepage,
        "desktop_id": app.desktop_id,
        "packages": [
            {
                "name": p.name,
                "version": p.version,
                "arch": p.arch,
                "origin": p.origin,
                "source": source_for(meta, p.origin),
            }
            for p in app.packages
        ],
        "sources": sorted(sources, key=sort_key),
        "icons": [
            {"kind": i.kind.value, "name": i.name, "size": i.size, "scale": i.scale, "path": i.path}
            for i in app.icons
        ],
        "screenshots": [
            {
                "default": s.default,
                "caption": s.caption.get(chain),
                "images": [
                    {
                        "url": im.url,
                        "width": im.width,
                        "height": im.height,
                        "thumbnail": im.thumbnail,
                    }
                    for im in s.images
                ],
            }
            for s in app.screenshots
        ],
        "rating": rating_json(app.rating),
        "locales": sorted(set(app.name.locales()) | set(app.summary.locales())),
        "provenance": app.provenance,
    }


def _stars(rating: Rating | None) -> str:
    if rating is None or not rating.total:
        return "no ratings"
    votes = "1 vote" if rating.total == 1 else f"{rating.total} votes"
    return f"★ {rating.score:.1f} ({votes})"


def _print_summaries(apps: list[ApplicationSummary]) -> None:
    if not apps:
        print("no applications")
        return
    width = min(max(len(app.id) for app in apps), 40)
    for app in apps:
        print(f"{app.id:<{width}}  {app.name} — {app.summary}  [{_stars(app.rating)}]")


def _print_application(app: Application, chain: tuple[str, ...]) -> None:
    print(app.name.get(chain))
    print(f"  id:         {app.id}")
    print(f"  summary:    {app.summary.get(chain) or ''}")
    print(f"  packages:   {', '.join(f'{p.name} {p.version}'.strip() for p in app.packages)}")
    print(f"  categories: {', '.join(app.categories)}")
    if app.developer:
        print(f"  developer:  {app.developer}")
    if app.project_license:
        print(f"  license:    {app.project_license}")
    if app.homepage:
        print(f"  homepage:   {app.homepage}")
    print(f"  rating:     {_stars(app.rating)}")
    if app.rating and app.rating.total:
        for level in range(5, 0, -1):
            print(f"    {level}★ {app.rating.stars[level - 1]}")
    print(f"  screenshots: {len(app.screenshots)}")
    description = app.description.get(chain)
    if description:
        print()
        for paragraph in description.split("\n\n"):
            print(f"  {paragraph}")


def _run(args: argparse.Namespace) -> int:
    if args.command in query_reviews.COMMANDS:
        return query_reviews.run(args, PROGRAM)
    from appcenter_qt.catalog.queries import AppQuery, Catalog, SortOrder
    from appcenter_qt.support.l10n import environment_locale

    location = choose_catalog_for_cli(PROGRAM, args.catalog)
    with Catalog(location.path, args.locale or environment_locale()) as catalog:
        if args.command in ("list", "search", "show"):
            # the live histograms the window cached, as its cards show them (no network)
            from appcenter_qt.services.live_ratings import cached_ratings, overlay

            overlay(catalog, cached_ratings(args.odrs_url))
        output: Any
        if args.command == "stats":
            output = catalog.stats()
            output["catalog"] = str(location.path)
            if not args.json:
                for key, value in output.items():
                    print(f"{key}: {value}")
        elif args.command == "show":
            app = catalog.get(args.app_id)
            if app is None:
                print(f"{PROGRAM}: no application with id {args.app_id!r}", file=sys.stderr)
                return EXIT_FAILED
            output = application_json(app, catalog.chain, catalog.meta())
            if not args.json:
                _print_application(app, catalog.chain)
        else:
            if args.command == "search":
                query = AppQuery(text=args.text, limit=args.limit)
            else:
                query = AppQuery(
                    category=args.category, sort=SortOrder(args.sort), limit=args.limit
                )
            apps = catalog.list(query)
            output = {"applications": [summary_json(app) for app in apps]}
            if not args.json:
                _print_summaries(apps)
        if args.json:
            json.dump(output, sys.stdout, ensure_ascii=False, indent=2, sort_keys=True)
            print()
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    return run_cli(PROGRAM, lambda: _run(args))


def console() -> NoReturn:
    """``appcenter-query``: :func:`main`, then the process ends without the interpreter's
    teardown (:func:`~appcenter_qt.support.batch_process.exit_now`): 12 ms of a search's
    80 ms, which a caller that asks on every keystroke pays each time."""
    exit_now(main())


if __name__ == "__main__":
    console()
