"""Search relevance on real catalogs written by the writer: what is found (typos, stems,
diacritics, category names in German, synonyms, desktop names) and in which order (exact name
first, add-ons and documentation after their application, the prior breaking ties), and the
upgrade of a version 2 catalog."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from appcenter_qt.catalog import migrate
from appcenter_qt.catalog.category_names import category_translations, category_words
from appcenter_qt.catalog.queries import AppQuery, Catalog
from appcenter_qt.catalog.ranking import AppFacts, is_demoted, tier
from appcenter_qt.catalog.schema import SCHEMA_VERSION, SEARCH_TABLE_DDL_V2
from appcenter_qt.catalog.synonyms import load_synonyms, parse
from appcenter_qt.domain import Application, LocalizedList, LocalizedText, Package, Rating
from appcenter_qt.domain.errors import CatalogVersionError
from tests.catalog.conftest import write_catalog


def app(
    app_id: str,
    name: str,
    summary: str = "",
    *,
    description: str = "",
    keywords: tuple[str, ...] = (),
    categories: tuple[str, ...] = (),
    packages: tuple[str, ...] = (),
    kind: str = "desktop-application",
    rating: tuple[int, int, int, int, int] | None = None,
    project_group: str = "",
    binaries: tuple[str, ...] = (),
    names: dict[str, str] | None = None,
) -> Application:
    return Application(
        id=app_id,
        name=LocalizedText({"C": name, **(names or {})}),
        summary=LocalizedText({"C": summary} if summary else {}),
        description=LocalizedText({"C": description} if description else {}),
        keywords=LocalizedList({"C": keywords} if keywords else {}),
        categories=categories,
        packages=tuple(Package(p, "1.0", "amd64") for p in packages or (app_id.lower(),)),
        kind=kind,
        rating=Rating(rating) if rating else None,
        project_group=project_group,
        binaries=binaries,
    )


APPS = [
    app(
        "org.example.Stellar",
        "Stellar",
        "Look at the night sky",
        description="A planetarium for your desktop that shows stars and planets.",
        categories=("Education", "Science", "Astronomy"),
        packages=("stellar",),
    ),
    app(
        "org.example.SkyAtlas",
        "Sky Atlas",
        "Star charts",
        description="Mentions Stellar once, in passing.",
        packages=("skyatlas",),
    ),
    app(
        "org.example.Recorder",
        "Sound Recorder",
        "Record sound from a microphone",
        categories=("AudioVideo", "Audio", "Recorder"),
        packages=("sound-recorder",),
    ),
    app(
        "org.example.Writer",
        "Quill",
        "Write letters and documents",
        categories=("Office", "WordProcessor"),
        packages=("quill",),
    ),
    app(
        "org.example.Cafe",
        "Café Manager",
        "Run a coffee shop",
        description="Gère un café ou un élevage.",
        packages=("cafe",),
    ),
    app(
        "org.example.Paint",
        "Pixel Painter",
        "Draw and edit images",
        keywords=("image editor",),
        categories=("Graphics", "RasterGraphics"),
        packages=("pixelpainter",),
    ),
    app(
        "org.example.Paint.Doc",
        "Pixel Painter Manual",
        "The manual of Pixel Painter",
        packages=("pixelpainter-doc",),
    ),
    app(
        "org.example.Paint.Brushes",
        "Pixel Painter Brushes",
        "Extra brushes for Pixel Painter",
        kind="addon",
        packages=("pixelpainter-brushes",),
    ),
    # Two text editors that match "notes" equally: the prior (ratings) decides.
    app("org.example.NotesA", "Notes A", "Take notes", packages=("notes-a",)),
    app(
        "org.example.NotesB",
        "Notes B",
        "Take notes",
        packages=("notes-b",),
        rating=(0, 0, 10, 200, 800),
    ),
    app(
        "org.lxqt.Term",
        "QTerm",
        "A terminal",
        project_group="LXQt",
        binaries=("qterm",),
        packages=("qterm",),
    ),
    app("org.example.Thunderbolt", "Thunderbolt", "Read your mail", packages=("thunderbolt",)),
]


@pytest.fixture
def path(catalog_path: Path) -> Path:
    return write_catalog(catalog_path, APPS, synonyms={"photoshop": "image editor"})


def ids(catalog: Catalog, text: str) -> list[str]:
    return [a.id for a in catalog.search(text, limit=None)]


def test_one_edit_typo_of_a_name_finds_it(path: Path) -> None:
    with Catalog(path) as catalog:
        assert ids(catalog, "thunderbolr")[0] == "org.example.Thunderbolt"
        assert ids(catalog, "stelar")[0] == "org.example.Stellar"
        assert catalog.correction("stelar") == "stellar"
        assert catalog.correction("stellar") == ""  # found as typed: nothing to suggest


def test_stemming_recording_finds_recorder(path: Path) -> None:
    with Catalog(path) as catalog:
        assert "org.example.Recorder" in ids(catalog, "recording")


def test_diacritics_match_both_ways(path: Path) -> None:
    with Catalog(path) as catalog:
        assert ids(catalog, "cafe")[0] == "org.example.Cafe"
        assert ids(catalog, "CAFÉ")[0] == "org.example.Cafe"
        assert "org.example.Cafe" in ids(catalog, "elevage")


def test_german_category_word_finds_its_applications(path: Path) -> None:
    # The sidebar's own translation of "Office" in translations/appcenter-qt_de.ts.
    german = category_translations()["de"]["Office"]
    assert german == "Büro"
    with Catalog(path, "de_DE") as catalog:
        assert ids(catalog, "Büro") == ["org.example.Writer"]
        assert ids(catalog, "buro") == ["org.example.Writer"]
    with Catalog(path) as catalog:  # English: the English label and the spec's id
        assert ids(catalog, "office") == ["org.example.Writer"]
        assert "org.example.Writer" in ids(catalog, "word processor")


def test_category_words_cover_english_spelled_out_and_translated() -> None:
    words = category_words(["Game", "LogicGame"], {"fr": {"Games": "Jeux"}})
    assert words == {"C": ["Games", "Game", "Logic Game"], "fr": ["Jeux"]}


def test_description_and_intent_words_are_searched(path: Path) -> None:
    with Catalog(path) as catalog:
        assert ids(catalog, "planetarium") == ["org.example.Stellar"]


def test_synonym_finds_what_its_expansion_finds(path: Path) -> None:
    with Catalog(path) as catalog:
        found = ids(catalog, "photoshop")
        assert found and found[0] == "org.example.Paint"


def test_desktop_and_command_names_are_searched(path: Path) -> None:
    with Catalog(path) as catalog:
        assert ids(catalog, "lxqt") == ["org.lxqt.Term"]
        assert ids(catalog, "qterm")[0] == "org.lxqt.Term"


def test_exact_name_beats_a_description_mention(path: Path) -> None:
    with Catalog(path) as catalog:
        found = ids(catalog, "stellar")
        assert found.index("org.example.Stellar") < found.index("org.example.SkyAtlas")


def test_application_comes_before_its_documentation_and_addons(path: Path) -> None:
    with Catalog(path) as catalog:
        found = ids(catalog, "pixel painter")
        assert found[0] == "org.example.Paint"
        assert set(found[1:3]) == {"org.example.Paint.Doc", "org.example.Paint.Brushes"}


def test_the_prior_breaks_a_tie(path: Path) -> None:
    with Catalog(path) as catalog:
        assert ids(catalog, "take notes")[:2] == ["org.example.NotesB", "org.example.NotesA"]


def test_scoped_and_unscoped_search(path: Path) -> None:
    with Catalog(path) as catalog:
        everywhere = catalog.list(AppQuery(text="notes"))
        in_office = catalog.list(AppQuery(text="notes", category="Office"))
        assert len(everywhere) == 2 and in_office == []


def test_ranking_rules() -> None:
    plain, doc = AppFacts(), AppFacts(demoted=True)
    assert tier("Mines", "Mines", plain) == 0
    assert tier("min", "Mines", plain) == 1
    assert tier("Mines", "Mines", doc) == 1
    assert tier("mines", "Sweeper", AppFacts(handles=frozenset({"mines"}))) == 1
    assert is_demoted("addon", "org.x.Y", ["y"])
    assert is_demoted("desktop-application", "org.x.Y", ["y-doc"])
    assert not is_demoted("desktop-application", "org.x.Y", ["y", "y-doc"])


def test_synonym_files(tmp_path: Path) -> None:
    table: dict[str, str] = {}
    parse("# comment\nPhotoShop = Image  Editor\nbad line\nexcel = spreadsheet\n", "x", table)
    parse("excel =\n", "y", table)
    assert table == {"photoshop": "image editor"}
    extra = tmp_path / "d"
    extra.mkdir()
    (extra / "10-site.conf").write_text("gimpshop = image editor\n", encoding="utf-8")
    loaded = load_synonyms([extra])
    assert loaded["gimpshop"] == "image editor" and "photoshop" in loaded


def _downgrade_to_version_2(path: Path) -> None:
    """Rewrite a current catalog into version 2's layout (the previous writer's tables)."""
    connection = sqlite3.connect(path)
    connection.executescript(
        "DROP TABLE search; DROP TABLE search_words; DROP TABLE search_synonyms;"
        "ALTER TABLE applications DROP COLUMN binaries;"
        "ALTER TABLE applications DROP COLUMN project_group;"
        "UPDATE meta SET value = '2' WHERE key = 'schema_version';"
        "PRAGMA user_version = 2;"
    )
    connection.execute(SEARCH_TABLE_DDL_V2)
    connection.commit()
    connection.close()


def test_version_2_catalog_is_named_and_upgraded(path: Path) -> None:
    _downgrade_to_version_2(path)
    with pytest.raises(CatalogVersionError, match="2 \\(upgrade it with: appcenter-generate"):
        Catalog(path)
    assert migrate.upgrade(path) is True
    assert migrate.upgrade(path) is False  # already current
    with Catalog(path, "de") as catalog:
        assert catalog.meta()["schema_version"] == str(SCHEMA_VERSION)
        assert ids(catalog, "büro") == ["org.example.Writer"]
        assert ids(catalog, "stelar")[0] == "org.example.Stellar"
        # version 2 never stored commands or project groups: empty until regenerated
        assert catalog.get("org.lxqt.Term").project_group == ""


def test_upgrade_refuses_other_files(tmp_path: Path) -> None:
    other = tmp_path / "not.sqlite"
    other.write_bytes(b"hello")
    with pytest.raises(Exception, match="not an SQLite database"):
        migrate.upgrade(other)
