"""The Sources page's Flatpak part in the real window: remotes listed beside the package
repositories (real packagekitd dummy daemon), a .flatpakrepo handed over with --add-remote
asked about and added, a hostile file refused by name, a remote removed after its question,
and the unused runtimes counted. Real libflatpak and the local test repo; screenshots go to
test-output/ui for a person to look at."""

from __future__ import annotations

from appcenter_qt.backends.packagekit import PackageKitBackend
from tests.flatpak_fixtures import FlatpakWorld
from tests.ui.test_pages import delegate_item
from tests.ui.test_scenes import find, visible_texts


def click(item) -> None:  # type: ignore[no-untyped-def]
    item.metaObject().invokeMethod(item, "click")


def remote_rows(center) -> dict[str, object]:  # type: ignore[no-untyped-def]
    return {r.source_id: r for r in center.sources.rows() if r.kind == "remote"}


def test_add_and_remove_a_flatpak_source_on_the_page(  # type: ignore[no-untyped-def]
    flatpak_world: FlatpakWorld, packagekit_stack, make_center, qtbot, output_dir, tmp_path
) -> None:
    stack = packagekit_stack()
    file = tmp_path / "Extra UI.flatpakrepo"
    file.write_text(
        "[Flatpak Repo]\nTitle=Extra <b>UI</b> repo\n"
        f"Url={flatpak_world.repo.resolve().as_uri()}\nSuggestRemoteName=extra-ui\n"
        "Homepage=https://extra.example/\n"
        f"Comment=Test applications, {'very ' * 80}long description\n"
    )
    center = make_center(
        backend=PackageKitBackend(stack.address), reason="", page="sources", add_remote=str(file)
    )
    sources = center.sources
    qtbot.waitUntil(
        lambda: sources.repositoryCount == 3 and sources.remoteCount >= 1, timeout=60000
    )
    assert sources.managesRemotes and sources.canRemoveUnused
    texts = visible_texts(center)
    for text in ("Package repositories", "Flatpak sources", "Test repo", "Fedora - 9"):
        assert text in texts, text
    # The handed-over file is asked about, not added.
    dialog = find(center, "confirmAddRemote")
    qtbot.waitUntil(lambda: dialog.property("visible"), timeout=5000)
    texts = visible_texts(center)
    # What the file says, as plain text (its markup stays visible), the overlong Comment cut.
    for text in (str(file), "Extra <b>UI</b> repo", flatpak_world.repo.resolve().as_uri(),
                 "https://extra.example/"):  # fmt: skip
        assert text in texts, text
    comment = find(center, "pendingRemoteComment").property("text")
    assert comment.startswith("Test applications, very") and comment.endswith("…")
    assert "extra-ui" not in remote_rows(center)
    center.save_screenshot(output_dir / "sources-flatpak-add-confirm.png")
    dialog.metaObject().invokeMethod(dialog, "accept")
    qtbot.waitUntil(lambda: "extra-ui" in remote_rows(center), timeout=60000)
    qtbot.waitUntil(lambda: not sources.working, timeout=60000)
    assert sources.errorText == "" and "The catalog is updated" in sources.noticeText
    row = remote_rows(center)["extra-ui"]
    assert row.title == "Extra <b>UI</b> repo" and row.scope == "user"
    # The window chooses its catalog again after the change (the demo here: unchanged), and
    # the page lays itself out again under the reload's bar, then without it.
    qtbot.waitUntil(lambda: not center.catalog_source.property("reloading"), timeout=60000)
    qtbot.waitUntil(lambda: "Extra <b>UI</b> repo" in visible_texts(center), timeout=5000)
    assert "Your user installation" in row.detail
    center.save_screenshot(output_dir / "sources-flatpak.png")

    # A hostile file: not asked about; the banner names the file and the cause.
    hostile = tmp_path / "hostile.flatpakrepo"
    hostile.write_text("[Flatpak Repo]\nTitle=<b>Trust me</b>\nUrl=javascript:alert(1)\n")
    sources.offerRemoteFile(hostile.as_uri())
    assert str(hostile) in sources.errorText and "https, http or file" in sources.errorText
    assert not dialog.property("visible") and sources.pendingRemoteFile == ""
    assert find(center, "sourcesError").property("visible")
    center.save_screenshot(output_dir / "sources-flatpak-error.png")
    sources.clearError()
    sources.addRemote(hostile.as_uri(), False)  # and addRemote checks again on its own
    assert str(hostile) in sources.errorText and not sources.working
    sources.clearError()

    # Remove asks first, then the row goes.
    remove_buttons = _scene_named(center, "removeRemote")  # in delegates: the scene has them
    assert len(remove_buttons) == len(remote_rows(center))
    ask = find(center, "confirmRemoveRemote")
    target = next(b for b in remove_buttons if _row_of(b) == "extra-ui")
    click(target)
    qtbot.waitUntil(lambda: ask.property("visible"), timeout=5000)
    assert ask.property("name") == "extra-ui" and ask.property("apps") == ""
    center.save_screenshot(output_dir / "sources-flatpak-remove-confirm.png")
    ask.metaObject().invokeMethod(ask, "accept")
    qtbot.waitUntil(lambda: "extra-ui" not in remote_rows(center), timeout=60000)
    assert sources.errorText == ""


def _scene_named(center, name: str) -> list:  # type: ignore[no-untyped-def]
    from appcenter_qt.app import scene_items

    items = scene_items(center.window.contentItem())
    return [i for i in items if i.objectName() == name and i.isVisible()]


def _row_of(button) -> str:  # type: ignore[no-untyped-def]
    """The remote name of the delegate holding ``button``."""
    item = button
    while item is not None and item.property("sourceId") is None:
        item = item.parentItem()
    return "" if item is None else str(item.property("sourceId"))


def test_unused_runtimes_are_counted_and_removed_after_the_question(  # type: ignore[no-untyped-def]
    flatpak_world: FlatpakWorld, make_center, qtbot, output_dir
) -> None:
    import asyncio

    from appcenter_qt import backends

    backend = backends.make(f"flatpak:{flatpak_world.remote}")
    hello = flatpak_world.ref("org.test.Hello")

    async def run(transaction) -> None:  # type: ignore[no-untyped-def]
        async for _event in transaction:
            pass

    asyncio.run(run(backend.install([hello])))
    asyncio.run(run(backend.remove([hello])))  # the runtime stays behind, unused
    center = make_center(page="sources")
    sources = center.sources
    qtbot.waitUntil(lambda: sources.unusedCount == 1, timeout=60000)
    assert "1 Flatpak runtime no installed application needs." in visible_texts(center)
    button = delegate_item(center, "removeUnused")
    click(button)
    ask = find(center, "confirmRemoveUnused")
    qtbot.waitUntil(lambda: ask.property("visible"), timeout=5000)
    center.save_screenshot(output_dir / "sources-flatpak-unused-confirm.png")
    ask.metaObject().invokeMethod(ask, "accept")
    qtbot.waitUntil(lambda: not sources.working and sources.unusedCount == 0, timeout=60000)
    assert sources.errorText == ""
    runtime = f"runtime/org.test.Platform/{flatpak_world.arch}/master"
    assert runtime not in flatpak_world.installed()
    assert "No unused Flatpak runtimes." in visible_texts(center)


def test_the_page_without_flatpak_keeps_its_old_shape(make_center, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from appcenter_qt import backends

    monkeypatch.setattr(backends, "managers", lambda **_options: [])
    center = make_center(page="sources")
    assert not center.sources.managesRemotes and center.loop is None
    from appcenter_qt.app import scene_items

    items = scene_items(center.window.contentItem())
    assert not [i for i in items if i.objectName() == "addRemote" and i.isVisible()]
    assert "Flatpak sources" not in visible_texts(center)


def test_a_source_that_cannot_load_is_one_line_saying_what_to_install(  # type: ignore[no-untyped-def]
    make_center, monkeypatch, output_dir
) -> None:
    # This process has PyGObject (the Flatpak source loads); the registry's own answer for a
    # system without it is tested in tests/backends/test_registry.py.
    from appcenter_qt import backends
    from appcenter_qt.services import source_set

    monkeypatch.setattr(
        source_set,
        "setup_hints",
        lambda: [backends.SetupHint("Flatpak", "python3-gi <b>gir1.2-flatpak-1.0</b>")],
    )
    from appcenter_qt.app import scene_items

    center = make_center(page="sources")
    (line,) = [
        i for i in scene_items(center.window.contentItem()) if i.objectName() == "sourceSetupHint"
    ]
    assert line.isVisible()
    assert line.property("text") == (
        "Flatpak sources are off: install python3-gi <b>gir1.2-flatpak-1.0</b>, then start"
        " appcenter-qt again."
    )
    center.save_screenshot(output_dir / "sources-setup-hint.png")


def test_two_remote_managers_are_two_groups_on_the_page(  # type: ignore[no-untyped-def]
    flatpak_world: FlatpakWorld, make_center, monkeypatch, qtbot, output_dir
) -> None:
    """The page has no first manager: with two (Flatpak's twice, the one source with remotes
    here), each has its heading, its remotes and its Add button."""
    from appcenter_qt import backends
    from appcenter_qt.app import scene_items

    real = backends.managers
    monkeypatch.setattr(backends, "managers", lambda **options: real(**options) * 2)
    center = make_center(page="sources")
    sources = center.sources
    qtbot.waitUntil(lambda: sources.remoteCount == 4 and not sources.loading, timeout=60000)
    texts = visible_texts(center)
    for heading in ("Flatpak sources (Flatpak 1)", "Flatpak sources (Flatpak 2)"):
        assert heading in texts, heading
    buttons = [
        i
        for i in scene_items(center.window.contentItem())
        if i.objectName() == "addRemote" and i.isVisible()
    ]
    assert [b.property("text") for b in buttons] == ["Add Flatpak source…"] * 2
    center.save_screenshot(output_dir / "sources-two-managers.png")
