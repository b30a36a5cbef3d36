"""Real catalog files for the model and UI tests, written by the real writer."""

from __future__ import annotations

from pathlib import Path

from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import Application, LocalizedText, Package, Rating
from appcenter_qt.domain.categories import MAIN_CATEGORIES

WORDS = ("photo", "music", "chess", "editor", "mail", "notes", "paint", "terminal", "maps")


def generated_app(n: int) -> Application:
    word = WORDS[n % len(WORDS)]
    category = MAIN_CATEGORIES[n % len(MAIN_CATEGORIES)]
    return Application(
        id=f"org.example.App{n:05d}",
        name=LocalizedText({"C": f"App {n:05d} {word.title()}", "de": f"Anw {n:05d}"}),
        summary=LocalizedText.untranslated(f"A {word} application number {n}"),
        description=LocalizedText.untranslated(f"Paragraph one of {n}.\n\nParagraph two."),
        categories=(category,),
        packages=(Package(f"app-{n:05d}", "1.0-1", "amd64", "test"),),
        rating=Rating((n % 3, n % 5, n % 7, n % 11, n % 13)) if n % 4 else None,
    )


def write_generated_catalog(path: Path, count: int, extra: tuple[Application, ...] = ()) -> Path:
    with CatalogWriter(path, origin="test", generator="tests") as writer:
        for n in range(count):
            writer.add(generated_app(n))
        for app in extra:
            writer.add(app)
    return path
