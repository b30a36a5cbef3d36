"""Translations: every visible UI string is translatable, the .ts files are complete and up
to date, and the German UI over the German catalog reads as German.

The pseudo-locale ``en_XA`` (``scripts/pseudo-translate``) turns every translated string into
``[Ţŕåñšļåţéð ·····]``; in that locale any visible text that is neither bracketed nor text from
the catalog (names, summaries, package data are not UI strings) is a string someone forgot to
wrap in ``qsTr()``.
"""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from appcenter_qt.app import wait_until_idle
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.services.system_catalog import choose_catalog
from appcenter_qt.support.text_blocks import markdown_blocks
from tests.ui.scene_text import visible_texts

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("de", "fr")


@pytest.fixture(scope="module")
def compiled() -> dict[Path, int]:
    """``scripts/update-translations --check``: lupdate over the sources must leave the .ts
    files unchanged (CI fails when a developer added a string and did not refresh them); it
    then compiles the .qm files the app loads. Gives the inode each .qm had before."""
    before = {qm: qm.stat().st_ino for qm in (ROOT / "appcenter_qt" / "translations").glob("*.qm")}
    result = subprocess.run(
        [str(ROOT / "scripts" / "update-translations"), "--check"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return before


def _messages(lang: str) -> list[tuple[str, ET.Element]]:
    tree = ET.parse(ROOT / "translations" / f"appcenter-qt_{lang}.ts")  # noqa: S314 - ours
    return [
        (context.findtext("name") or "", message)
        for context in tree.getroot().iter("context")
        for message in context.iter("message")
    ]


def test_each_qm_is_replaced_not_rewritten_in_place(compiled: dict[Path, int]) -> None:
    """A running window maps the .qm it loaded: rewritten in place under it (what lrelease
    does to its output file), the file was cut short and a window in another test process
    died of a bus error. Compiled beside and renamed over, each .qm is a new file."""
    assert compiled  # the set-up compiled them before this run
    assert [qm.name for qm, inode in compiled.items() if qm.stat().st_ino == inode] == []


def test_ts_files_are_up_to_date_with_the_sources(compiled: object) -> None:
    for lang in (*LANGUAGES, "en", "en_XA"):
        assert (ROOT / "appcenter_qt" / "translations" / f"appcenter-qt_{lang}.qm").is_file()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_is_translated_with_its_placeholders(lang: str) -> None:
    messages = _messages(lang)
    assert len(messages) > 100
    for context, message in messages:
        source = message.findtext("source") or ""
        # A named context: an aliased translate() shows up as a context-less message.
        assert context, f"string without a context (aliased translate?): {source!r}"
        translation = message.find("translation")
        assert translation is not None and translation.get("type") is None, (context, source)
        forms = (
            [form.text or "" for form in translation.iter("numerusform")]
            if message.get("numerus") == "yes"
            else [translation.text or ""]
        )
        assert all(forms), (context, source)
        wanted = set(re.findall(r"%L?\d|%n", source))
        for form in forms:
            assert set(re.findall(r"%L?\d|%n", form)) >= wanted - {"%n"}, (context, source, form)


def _catalog_texts() -> set[str]:
    with Catalog(choose_catalog(None).path, "C") as catalog:
        texts: set[str] = set()
        for app in catalog.list():
            texts.update({app.name, app.summary})
            full = catalog.get(app.id)
            if full is not None:
                texts.update(full.description.values.values())
                texts.update({full.developer, full.homepage, full.project_license})
                texts.update(s.caption.get() or "" for s in full.screenshots)
                texts.update(package.name for package in full.packages)
                # release notes and add-ons come from the catalog too (the app page's blocks)
                for release in full.releases:
                    texts.add(release.version)
                    for notes in release.description.values.values():
                        texts.update(block.text for block in markdown_blocks(notes))
                for addon in catalog.addons(full):
                    texts.update({addon.name.get() or "", addon.summary.get() or ""})
        return {text for text in texts if text}


@pytest.mark.parametrize("page", ["home", "app:org.gnome.Mines", "updates", "search:zzzz"])
def test_pseudo_locale_leaves_no_untranslated_ui_text(
    compiled: object, make_center, output_dir: Path, page: str
) -> None:  # type: ignore[no-untyped-def]
    reason = "[Ţéšţ ŕéåšöñ]"  # the backend reason comes from the caller, here the test
    center = make_center(locale="en_XA", page=page, reason=reason)
    center.save_screenshot(output_dir / f"pseudo-{page.replace(':', '-')}.png")
    catalog = _catalog_texts()
    untranslated = [
        text
        for text in visible_texts(center)
        if "[" not in text
        and text not in catalog
        and not any(text in known or known in text for known in catalog if len(known) > 3)
        and re.search(r"[^\W\d_]", text)  # not counts, versions, stars, arrows
        and text != page.partition(":")[2]  # what the user typed into the search field
    ]
    assert untranslated == []


def test_german_ui_over_the_german_catalog(compiled: object, make_center, output_dir: Path) -> None:  # type: ignore[no-untyped-def]
    center = make_center(locale="de_DE.UTF-8", page="app:org.gnome.Mines")
    center.save_screenshot(output_dir / "german-app-page.png")
    texts = visible_texts(center)
    assert "Minen" in texts  # the catalog's German name
    assert "Alle Anwendungen" in texts  # the sidebar, from the German .qm
    assert any(text.startswith("Bewertungen") for text in texts)


def test_pseudo_locale_on_the_updates_page_with_real_updates(  # type: ignore[no-untyped-def]
    compiled: object, packagekit_stack, make_center, qtbot, output_dir: Path, tmp_path: Path
) -> None:
    """Every text of the Updates page with rows (badges, notes, group, buttons) is
    translatable; only what the packages and the daemon say stays as it is."""
    from appcenter_qt.backends.packagekit import PackageKitBackend
    from tests.models.catalogs import write_generated_catalog
    from tests.ui.test_updates_page import HTML_VIEWER, POWERTOP

    catalog = write_generated_catalog(tmp_path / "c.sqlite", 2, extra=(HTML_VIEWER, POWERTOP))
    backend = PackageKitBackend(packagekit_stack().address)
    center = make_center(
        backend=backend, reason="", locale="en_XA", catalog=str(catalog), page="updates"
    )
    updates = center.updates
    qtbot.waitUntil(lambda: updates.state == "ready", timeout=90_000)
    qtbot.waitUntil(lambda: not updates.rows()[0].pending, timeout=90_000)  # a pull-in note
    updates.toggle("system-infrastructure")
    updates.toggleExpanded("system-infrastructure")
    assert wait_until_idle(center)
    center.save_screenshot(output_dir / "pseudo-updates-rows.png")
    data = set()
    for row in updates.rows():
        data.update({row.name, row.summary, row.whats_new, row.installed_version, row.new_version})
    untranslated = [
        text
        for text in visible_texts(center)
        if "[" not in text
        and text not in data
        and not any(known and known in text for known in data if len(known) > 3)
        and not re.fullmatch(r"[\d.,\s]+\S?i?B", text)  # sizes: "133.0 KiB"
        and re.search(r"[^\W\d_]", text)
    ]
    assert untranslated == []
