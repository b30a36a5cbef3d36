"""Bundle formats (domain/bundles.py): a source's declared ref layout read as a package row,
and nothing else, so ``extract/`` can carry bundle kinds as opaque data."""

from __future__ import annotations

import pytest

from appcenter_qt.domain import Package
from appcenter_qt.domain.bundles import BundleFormat, bundle_packages, by_kind

LAYOUT = BundleFormat("kind-a", "app/{name}/{arch}/{version}")


@pytest.mark.parametrize(
    ("ref", "package"),
    [
        ("app/org.example.App/x86_64/stable", Package("org.example.App", "stable", "x86_64", "o")),
        ("runtime/org.example.App/x86_64/stable", None),  # a literal differs
        ("app/org.example.App/x86_64", None),  # a part missing
        ("app/org.example.App/x86_64/stable/extra", None),
        ("app/org.example.App/x86_64/--reinstall", None),  # not a plain word
        ("app/org.example.App//stable", None),
        ("app/" + "a" * 256 + "/x86_64/stable", None),
    ],
)
def test_a_ref_reads_by_its_layout(ref: str, package: Package | None) -> None:
    assert LAYOUT.package(ref, "o") == package


def test_placeholders_fill_the_row_in_any_order() -> None:
    form = BundleFormat("kind-b", "{version}/{name}")
    assert form.package("2.0/tool", "o") == Package("tool", "2.0", "", "o")


@pytest.mark.parametrize("layout", ["app/{arch}", "{name}/{name}", "{name}/{branch}"])
def test_a_layout_names_the_package_once_with_known_fields(layout: str) -> None:
    with pytest.raises(ValueError, match="bundle layout"):
        BundleFormat("kind-c", layout)


def test_only_declared_kinds_become_packages() -> None:
    formats = by_kind([LAYOUT, BundleFormat("kind-a", "{name}")])  # the first of a kind wins
    bundles = [("kind-a", "app/org.example.App/x86_64/stable"), ("other", "app/x/y/z")]
    assert bundle_packages(bundles, formats, "o") == {
        Package("org.example.App", "stable", "x86_64", "o")
    }
