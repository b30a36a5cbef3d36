"""DEP-11 reader on hand-written, spec-conformant sample files (tests/data/imports)."""

from __future__ import annotations

import io

from appcenter_qt.domain import IconKind
from appcenter_qt.extract.appstream.dep11 import split_documents
from appcenter_qt.extract.appstream.dep11_fields import description_text as _description
from appcenter_qt.extract.appstream.markup import join_paragraphs, paragraphs_from_markup
from tests.extract.conftest import DATA, read_dep11, tags


def test_header_values_are_read() -> None:
    _, _, reader = read_dep11(DATA / "sample.yml")
    assert reader.origin == "sample-main"
    assert reader.media_base_url == "https://media.example.org/pool"
    assert reader.priority == 10


def test_only_desktop_applications_are_kept_and_the_others_reported() -> None:
    apps, result, _ = read_dep11(DATA / "sample.yml")
    assert sorted(apps) == ["org.example.Editor", "org.example.Mines"]
    skipped = {h.message.split("'")[1] for h in result.hints if h.tag == "not-desktop-application"}
    assert skipped == {"console-application", "font"}  # the add-on is read as one


def test_an_addon_is_read_as_an_addon_of_the_application_it_extends() -> None:
    apps, result, reader = read_dep11(DATA / "sample.yml")
    assert "org.example.Mines.Themes" not in apps
    (record,) = result.addons
    addon = record.addon
    assert addon.id == "org.example.Mines.Themes"
    assert addon.extends == ("org.example.Mines",)
    assert addon.packages == ("example-mines-themes",)
    assert addon.name.get() == "Mines themes" and addon.summary.get() == "Extra themes for Mines"
    assert record.where == "Components-test.yml (org.example.Mines.Themes)"
    assert reader.components == 5  # the header is not a component


ADDONS = b"""---
File: DEP-11
Origin: t
---
Type: addon
ID: org.example.NoExtends
Package: no-extends
Name: {C: Orphan}
---
Type: addon
ID: org.example.Plugin
Package: [plugin-a, plugin-b]
Extends: [org.example.App, "bad id/", org.example.Other.desktop]
Name: {C: Plugin, de: Erweiterung}
ProjectLicense: MIT
---
Type: addon
ID: org.example.Plugin
Package: plugin-again
Extends: [org.example.App]
Name: {C: Twice}
---
Type: addon
ID: org.example.Nameless
Extends: [org.example.App]
"""


def test_addon_fields_and_what_rejects_one() -> None:
    _apps, result, _ = read_dep11(ADDONS)
    (record,) = result.addons
    plugin = record.addon
    assert plugin.extends == ("org.example.App", "org.example.Other.desktop")
    assert plugin.packages == ("plugin-a", "plugin-b")
    assert plugin.name.get(("de",)) == "Erweiterung" and plugin.project_license == "MIT"
    found = {(h.source, h.tag) for h in result.hints}
    assert ("Components-test.yml (org.example.NoExtends)", "addon-no-extends") in found
    assert ("Components-test.yml (org.example.Plugin)", "invalid-field") in found
    assert ("Components-test.yml (org.example.Plugin)", "duplicate-id") in found
    assert ("Components-test.yml (org.example.Nameless)", "no-name") in found
    assert "not-desktop-application" not in tags(result)


def test_addons_are_read_the_same_in_worker_processes() -> None:
    """More than one batch of documents goes to worker processes; the add-ons come back in
    file order, as with one process."""
    from appcenter_qt.extract.appstream.dep11 import _BATCH

    parts = [b"---\nFile: DEP-11\nOrigin: t\n"]
    for n in range(_BATCH + 10):
        parts.append(
            f"---\nType: addon\nID: org.example.A{n:04d}\nPackage: a{n}\n"
            f"Extends: [org.example.App]\nName: {{C: A{n}}}\n".encode()
        )
    raw = b"".join(parts)
    one = read_dep11(raw)[1].addons
    two = read_dep11(raw, workers=2)[1].addons
    assert len(one) == _BATCH + 10 and one == two


def test_localized_texts_description_and_keywords() -> None:
    mines = read_dep11(DATA / "sample.yml")[0]["org.example.Mines"]
    assert mines.name.values == {"C": "Mines", "de": "Minen", "pt_BR": "Minas"}
    assert mines.summary.get(("de",)) == "Räumen Sie verborgene Minen"
    assert mines.description.values["C"] == (
        "Mines is a puzzle game where you search for hidden mines.\n\n• Three board sizes\n• Hints"
    )
    assert mines.description.values["de"] == "Minen ist ein Puzzlespiel."
    assert mines.keywords.values == {"C": ("minesweeper", "puzzle"), "de": ("Minensucher",)}


def test_categories_package_launchable_and_metadata() -> None:
    mines = read_dep11(DATA / "sample.yml", arch="amd64")[0]["org.example.Mines"]
    assert mines.categories == ("Game", "LogicGame")
    assert [(p.name, p.arch, p.origin) for p in mines.packages] == [
        ("example-mines", "amd64", "sample-main")
    ]
    assert mines.desktop_id == "org.example.Mines.desktop"
    assert mines.homepage == "https://example.org/mines"
    assert mines.project_license == "GPL-3.0-or-later"
    assert mines.developer == "The Example Project"
    assert mines.provenance == "dep11:Components-test.yml"


def test_icons_cached_stock_and_remote() -> None:
    apps = read_dep11(DATA / "sample.yml")[0]
    icons = {(i.kind, i.size, i.scale): i for i in apps["org.example.Mines"].icons}
    assert icons[(IconKind.CACHED, 64, 1)].path == "64x64/example-mines_org.example.Mines.png"
    assert icons[(IconKind.CACHED, 64, 2)].path == "64x64@2/example-mines_org.example.Mines.png"
    assert icons[(IconKind.STOCK, 0, 1)].name == "org.example.Mines"
    remote = [i for i in apps["org.example.Editor"].icons if i.kind is IconKind.REMOTE]
    assert [(i.path, i.size) for i in remote] == [
        ("https://media.example.org/pool/org/example/Editor/icons/128x128/editor.png", 128)
    ]


def test_screenshots_join_media_base_url() -> None:
    shots = read_dep11(DATA / "sample.yml")[0]["org.example.Mines"].screenshots
    assert [s.default for s in shots] == [True, False]
    first = shots[0]
    assert first.caption.values == {"C": "A game in progress", "de": "Ein laufendes Spiel"}
    assert first.source is not None
    assert first.source.url == (
        "https://media.example.org/pool/org/example/Mines/a1/screenshots/image-1_orig.png"
    )
    assert (first.source.width, first.source.height) == (1280, 720)
    thumbs = [i for i in first.images if i.thumbnail]
    assert [(t.width, t.height) for t in thumbs] == [(624, 351)]


def test_absolute_media_urls_are_not_prefixed() -> None:
    app = read_dep11(DATA / "absolute-urls.yml")[0]["org.example.Absolute"]
    assert app.screenshots[0].images[0].url == "https://shots.example.net/absolute.png"
    assert app.icons[0].path == "https://icons.example.net/absolute.png"


def test_origin_override_wins_over_the_header() -> None:
    apps, _, reader = read_dep11(DATA / "sample.yml", origin="my-repo")
    assert reader.origin == "my-repo"
    assert {p.origin for p in apps["org.example.Mines"].packages} == {"my-repo"}


def test_kinds_can_be_widened() -> None:
    apps, _, _ = read_dep11(
        DATA / "sample.yml", kinds=frozenset({"desktop-application", "console-application"})
    )
    assert "org.example.grep" in apps


def test_split_documents_across_chunk_boundaries() -> None:
    raw = (DATA / "sample.yml").read_bytes()
    whole = [doc for _, doc in split_documents(io.BytesIO(raw))]
    for chunk in (1, 7, 64, 333):
        assert [doc for _, doc in split_documents(io.BytesIO(raw), chunk)] == whole
    assert len(whole) == 6
    assert b"".join(whole) == raw


def test_line_numbers_point_at_the_document() -> None:
    raw = (DATA / "sample.yml").read_bytes()
    lines = [line for line, _ in split_documents(io.BytesIO(raw))]
    text = raw.decode().splitlines()
    assert lines[0] == 1
    assert all(text[line - 1] == "---" for line in lines)


def test_description_fast_path_matches_markup_module() -> None:
    for markup in (
        "<p>One</p><p>Two   lines\n here</p>",
        "  <p> spaced </p>\n<p></p>",
        "<p>a &amp; b</p>",
        "<p>x</p><ul><li>y</li></ul>",
    ):
        assert _description(markup) == join_paragraphs(paragraphs_from_markup(markup))


def test_no_header_is_reported_but_components_import() -> None:
    raw = b"---\nType: desktop-application\nID: org.example.A\nName: {C: A}\n"
    apps, result, _ = read_dep11(raw)
    assert list(apps) == ["org.example.A"]
    assert "no-dep11-header" in tags(result)


def test_plainly_uncatalogued_types_are_counted_without_parsing() -> None:
    """Fonts, addons and codecs are counted from their top-level Type line alone; a quoted
    type, a merge component or an indented 'Type:' inside a value is parsed as usual."""
    from appcenter_qt.extract.appstream.dep11 import APPLICATION_KINDS, _Context, _skippable

    context = _Context("x.yml", "", "", APPLICATION_KINDS, "")
    assert _skippable(context, b"Type: font\nID: a\nName:\n  C: A\n") == "font"
    assert _skippable(context, b"Type: desktop-application\nID: a\n") is None
    assert _skippable(context, b'Type: "addon"\nID: a\n') is None
    assert _skippable(context, b"Type: addon\nMerge: append\nID: a\n") is None
    assert _skippable(context, b"ID: a\nDescription:\n  C: >-\n    Type: font\n") is None
    # a font is a font however broken the rest of it is: counted, never an application
    apps, result, _reader = read_dep11(
        b"---\nFile: DEP-11\nVersion: '0.16'\nOrigin: o\n---\nType: font\nID: [broken\n"
    )
    assert apps == {} and tags(result) == ["not-desktop-application"]
