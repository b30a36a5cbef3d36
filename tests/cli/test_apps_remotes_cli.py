"""``appcenter-apps remotes | remote-add | remote-remove | remove-unused`` as a user runs them,
against the real libflatpak and the local test repo (tests/flatpak_fixtures.py): JSON and
text output, one-line errors, and the exit codes every appcenter tool uses."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_flatpak_sources_cli import cli
from tests.flatpak_fixtures import FlatpakWorld


def remote_names() -> list[str]:
    listed = cli("apps", "remotes", "--json")
    assert listed.returncode == 0, listed.stderr
    return [r["name"] for r in json.loads(listed.stdout)]


def test_remotes_lists_each_with_its_installation_and_address(
    flatpak_world: FlatpakWorld,
) -> None:
    listed = cli("apps", "remotes", "--json")
    assert listed.returncode == 0, listed.stderr
    rows = {r["name"]: r for r in json.loads(listed.stdout)}
    assert rows[flatpak_world.remote] == {
        "name": flatpak_world.remote,
        "source": f"flatpak:{flatpak_world.remote}",
        "title": "Test repo",
        "url": flatpak_world.repo.resolve().as_uri(),
        "installation": "user",
        "enabled": True,
        "apps": [],
    }
    text = cli("apps", "remotes")
    assert text.returncode == 0 and f"{flatpak_world.remote} " in text.stdout
    assert "user" in text.stdout and "Test repo" in text.stdout


def test_add_then_remove_a_remote(flatpak_world: FlatpakWorld, tmp_path: Path) -> None:
    path = tmp_path / "cli.flatpakrepo"
    path.write_text(
        f"[Flatpak Repo]\nTitle=CLI repo\nUrl={flatpak_world.repo.resolve().as_uri()}\n"
        "SuggestRemoteName=extra-cli\n"
    )
    added = cli("apps", "remote-add", str(path), "--user")
    assert added.returncode == 0, added.stderr
    assert added.stdout.strip() == "added the remote extra-cli (user installation)"
    try:
        assert "extra-cli" in remote_names()
        again = cli("apps", "remote-add", str(path))
        assert again.returncode == 1
        assert again.stderr.strip().splitlines()[-1] == (
            "appcenter-apps: A Flatpak remote “extra-cli” is already configured in the user "
            "installation."
        )
    finally:
        removed = cli("apps", "remote-remove", "extra-cli", "--json")
    assert removed.returncode == 0, removed.stderr
    assert json.loads(removed.stdout) == {"name": "extra-cli", "removed": []}
    assert "extra-cli" not in remote_names()


def test_a_remote_in_use_is_refused_then_forced(
    flatpak_world: FlatpakWorld, tmp_path: Path
) -> None:
    path = tmp_path / "used.flatpakrepo"
    path.write_text(f"[Flatpak Repo]\nUrl={flatpak_world.repo.resolve().as_uri()}\n")
    added = cli("apps", "remote-add", str(path), "--name", "extra-used-cli")
    assert added.returncode == 0, added.stderr
    hello = flatpak_world.ref("org.test.Hello")
    import asyncio

    from appcenter_qt import backends

    async def install() -> None:
        async for _event in backends.make("flatpak:extra-used-cli").install([hello]):
            pass

    asyncio.run(install())
    assert hello in flatpak_world.installed()
    refused = cli("apps", "remote-remove", "extra-used-cli")
    assert refused.returncode == 1
    lines = [line for line in refused.stderr.splitlines() if line.startswith("appcenter-apps:")]
    assert len(lines) == 1 and "org.test.Hello" in lines[0] and "“extra-used-cli”" in lines[0]
    forced = cli("apps", "remote-remove", "extra-used-cli", "--force")
    assert forced.returncode == 0, forced.stderr
    assert forced.stdout.startswith("removed the remote extra-used-cli and ")
    assert hello not in flatpak_world.installed()
    assert "extra-used-cli" not in remote_names()


def test_bad_files_and_names_are_one_line_usage_errors(
    flatpak_world: FlatpakWorld, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.flatpakrepo"
    bad.write_text("[Flatpak Repo]\nUrl=ftp://x.example/\n")
    for args in (
        ("remote-add", str(bad)),
        ("remote-add", str(tmp_path / "missing.flatpakrepo")),
        ("remote-remove", "../etc"),
    ):
        result = cli("apps", *args)
        assert result.returncode == 2, (args, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("appcenter-apps: "), result.stderr
        assert "Traceback" not in result.stderr
    assert str(bad) in cli("apps", "remote-add", str(bad)).stderr
    unknown = cli("apps", "remote-remove", "extra-nothing")
    assert unknown.returncode == 1
    assert "No Flatpak remote “extra-nothing” is configured" in unknown.stderr
    both = cli("apps", "remote-add", str(bad), "--user", "--system")
    assert both.returncode == 2  # argparse: not allowed with


def test_remove_unused_dry_run_lists_and_changes_nothing(flatpak_world: FlatpakWorld) -> None:
    before = flatpak_world.installed()
    dry = cli("apps", "remove-unused", "--dry-run", "--json")
    assert dry.returncode == 0, dry.stderr
    report = json.loads(dry.stdout)
    assert report["dry_run"] and report["removed"] == []
    assert set(report["unused"]) <= before  # only installed refs can be unused
    assert flatpak_world.installed() == before
    text = cli("apps", "remove-unused", "--dry-run")
    assert text.returncode == 0 and text.stdout.startswith("would remove ")
