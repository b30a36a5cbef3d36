"""``appcenter-query`` reviews, review, vote and ratings: ODRS from the shell (docs/reviews.md).

Offline-first like the app page: ``reviews`` prints the cached page and one stderr line when
the server failed; with no cache, or when ODRS refuses, the command exits 1 with one line
naming the cause. ``review`` and ``vote`` report success only when ODRS answered
``"success": true``. One deadline (10 s) covers everything a command sends and reads. Text
printed to a terminal has control and bidi characters removed.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from appcenter_qt.cli.common import EXIT_FAILED, EXIT_OK, EXIT_USAGE

if TYPE_CHECKING:  # the ODRS client is imported only when a review command runs
    from appcenter_qt.backends.odrs.client import ReviewTarget
    from appcenter_qt.backends.odrs.service import ReviewsService
    from appcenter_qt.domain.reviews import Review

COMMANDS = ("reviews", "review", "vote", "ratings")


def add_commands(commands: Any) -> None:
    """The subcommands; ``--json``/``--odrs-url`` after the subcommand use SUPPRESS so an
    absent one never overrides the global option."""
    common = argparse.ArgumentParser(allow_abbrev=False, add_help=False)
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS)
    common.add_argument("--odrs-url", metavar="URL", default=argparse.SUPPRESS)
    reviews = commands.add_parser(
        "reviews", parents=[common], help="an application's reviews", allow_abbrev=False
    )
    reviews.add_argument("app_id")
    reviews.add_argument("--refresh", action="store_true", help="ask the server (default)")
    reviews.add_argument("--cached", action="store_true", help="only the cached copy")
    review = commands.add_parser(
        "review", parents=[common], help="write a review", allow_abbrev=False
    )
    review.add_argument("app_id")
    review.add_argument("--stars", type=int, required=True, choices=range(1, 6), metavar="N")
    review.add_argument("--summary", required=True, metavar="S")
    review.add_argument("--text", required=True, metavar="T")
    review.add_argument("--name", default="", metavar="NAME", help="default: anonymous")
    review.add_argument("--version", dest="app_version", default="", metavar="V")
    vote = commands.add_parser(
        "vote", parents=[common], help="vote on or report a review", allow_abbrev=False
    )
    vote.add_argument("app_id")
    vote.add_argument("review_id", type=int)
    vote.add_argument("kind", choices=("up", "down", "report", "remove"))
    ratings = commands.add_parser(
        "ratings", parents=[common], help="every app's histogram", allow_abbrev=False
    )
    ratings.add_argument("--refresh", action="store_true", help="even when under a day old")


def _line(text: object) -> str:
    from appcenter_qt.domain.reviews import plain_text

    return plain_text(text, keep_newlines=False, limit=400)


def _target(args: argparse.Namespace, program: str) -> ReviewTarget:
    """The id with its compat ids and version from the catalog when ``--catalog`` is given."""
    from appcenter_qt.backends.odrs.client import ReviewTarget
    from appcenter_qt.support.l10n import environment_locale

    version = getattr(args, "app_version", "")
    if args.catalog:
        from appcenter_qt.catalog.queries import Catalog

        with Catalog(args.catalog, args.locale or environment_locale()) as catalog:
            app = catalog.get(args.app_id)
        if app is not None:
            versions = [p.version for p in app.packages if p.version]
            return ReviewTarget.of(
                app.id, app.desktop_id, app.aliases, version or (versions[0] if versions else "")
            )
        print(f"{program}: warning: {args.app_id!r} is not in the catalog", file=sys.stderr)
    return ReviewTarget.of(args.app_id, version=version)


def review_json(review: Review) -> dict[str, Any]:
    return {
        "review_id": review.review_id,
        "app_id": review.app_id,
        "stars": review.stars,
        "summary": review.summary,
        "description": review.description,
        "name": review.user_display,
        "date": review.date,
        "version": review.version,
        "distro": review.distro,
        "locale": review.locale,
        "helpful": review.karma_up,
        "not_helpful": review.karma_down,
        "own": review.own,
        "voted": review.voted,
    }


def _print_review(review: Review) -> None:
    stars = "★" * review.stars + "☆" * (5 - review.stars)
    import datetime

    day = datetime.datetime.fromtimestamp(review.date, datetime.UTC).date().isoformat()
    name = _line(review.user_display) or "anonymous"
    print(f"{stars}  {_line(review.summary)}")
    print(
        f"  {name}, {day}, version {_line(review.version) or '?'}  (#{review.review_id},"
        f" helpful {review.karma_up}/{review.karma_up + review.karma_down})"
    )
    for line in review.description.splitlines():
        print(f"  {_line(line)}")
    print()


def run(args: argparse.Namespace, program: str) -> int:
    from appcenter_qt.backends.odrs.http import OdrsError
    from appcenter_qt.backends.odrs.service import ReviewsService
    from appcenter_qt.support.l10n import environment_locale

    try:
        service = ReviewsService.create(args.locale or environment_locale(), args.odrs_url)
    except OdrsError as error:
        print(f"{program}: {_line(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    if service is None:
        print(f"{program}: reviews are turned off (no ratings server configured)", file=sys.stderr)
        return EXIT_FAILED
    try:
        return _command(service, args, program)
    except OdrsError as error:
        print(f"{program}: {_line(str(error))}", file=sys.stderr)
        return EXIT_FAILED


def _command(service: ReviewsService, args: argparse.Namespace, program: str) -> int:
    from appcenter_qt.backends.odrs.http import OdrsError
    from appcenter_qt.domain.reviews import ReviewDraft

    output: dict[str, Any]
    if args.command == "ratings":
        ratings = service.refresh_ratings(force=args.refresh)
        output = {
            "applications": len(ratings.ratings),
            "fetched": int(ratings.fetched),
            "server": service.cache.server,
        }
        if not args.json:
            print(f"{len(ratings.ratings)} rated applications")
    elif args.command == "reviews":
        target = _target(args, program)
        page = service.cached_reviews(target) if args.cached else service.reviews(target)
        if page is None:
            raise OdrsError(f"no cached reviews of {target.app_id}")
        if page.stale:
            print(
                f"{program}: showing cached reviews, may be out of date: {_line(page.stale)}",
                file=sys.stderr,
            )
        output = {
            "app_id": target.app_id,
            "cached": page.cached,
            "stale": page.stale or None,
            "reviews": [review_json(review) for review in page.reviews],
        }
        if not args.json:
            if not page.reviews:
                print("no reviews")
            for review in page.reviews:
                _print_review(review)
    elif args.command == "review":
        target = _target(args, program)
        draft = ReviewDraft(args.stars, args.summary, args.text, args.name)
        review_id = service.submit(target, draft)
        output = {"success": True, "review_id": review_id}
        if not args.json:
            print(
                f"review of {target.app_id} published" + (f" (#{review_id})" if review_id else "")
            )
    else:
        target = _target(args, program)
        service.vote(target, args.review_id, args.kind)
        output = {"success": True, "review_id": args.review_id, "vote": args.kind}
        if not args.json:
            print(f"{args.kind} on review #{args.review_id}: done")
    if args.json:
        json.dump(output, sys.stdout, ensure_ascii=False, indent=2, sort_keys=True)
        print()
    return EXIT_OK
