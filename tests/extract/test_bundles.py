"""``<bundle type="KIND">`` in catalog XML: every bundle is read as (kind, ref) data; only the
kinds the reader was told (the sources' formats, through the registry) become package rows."""

from __future__ import annotations

from appcenter_qt import backends
from appcenter_qt.domain import Package
from appcenter_qt.domain.bundles import BundleFormat

from .conftest import read_xml

XML = b"""<?xml version="1.0"?>
<components version="0.8" origin="remote-one">
  <component type="desktop-application">
    <id>org.example.App</id>
    <name>App</name>
    <summary>An app</summary>
    <bundle type="kind-a">app/org.example.App/x86_64/stable</bundle>
    <bundle type="kind-z">org.example.App-1.0.tar</bundle>
  </component>
</components>
"""
KIND_A = BundleFormat("kind-a", "app/{name}/{arch}/{version}")


def test_a_told_bundle_kind_becomes_a_package_row() -> None:
    apps, result, _ = read_xml(XML, bundles=[KIND_A])
    assert apps["org.example.App"].packages == (
        Package("org.example.App", "stable", "x86_64", "remote-one"),
    )
    assert result.hints == []


def test_untold_bundle_kinds_stay_data() -> None:
    apps, _, _ = read_xml(XML)
    assert apps["org.example.App"].packages == ()


def test_the_registry_declares_each_bundle_kind_once() -> None:
    kinds = [form.kind for form in backends.bundle_formats()]
    assert kinds and len(kinds) == len(set(kinds))
