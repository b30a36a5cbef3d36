"""Package names (the neutral part of a package reference) and the opaque reference."""

from __future__ import annotations

import pytest

from appcenter_qt.domain.package_ref import InvalidPackageRef, PackageRef, validate_package_name


@pytest.mark.parametrize("name", ["hello", "libstdc++6", "gnome-mines", "python3.11"])
def test_valid_names(name: str) -> None:
    assert validate_package_name(name) == name


@pytest.mark.parametrize("name", ["", "-hello", "hello;1", "a b", "../x", "x" * 300, "*"])
def test_invalid_names(name: str) -> None:
    with pytest.raises(InvalidPackageRef):
        validate_package_name(name)


def test_a_ref_prints_as_the_sources_own_reference() -> None:
    ref = PackageRef("app/org.example.App/x86_64/stable", "org.example.App", "1.0")
    assert str(ref) == "app/org.example.App/x86_64/stable"
