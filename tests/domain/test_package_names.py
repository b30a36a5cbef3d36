"""``appcenter_qt.domain`` offers its data classes by name but loads each submodule on first
use (PEP 562), so importing one of its modules does not create every class of the package."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import appcenter_qt.domain as domain


@pytest.mark.parametrize("name", domain.__all__)
def test_every_name_is_the_class_its_module_defines(name: str) -> None:
    value = getattr(domain, name)
    home = importlib.import_module(f"appcenter_qt.domain.{domain._HOMES[name]}")
    assert value is getattr(home, name)


def test_the_names_offered_are_the_names_listed() -> None:
    assert sorted(domain.__all__) == sorted(domain._HOMES)
    assert set(domain.__all__) <= set(dir(domain))


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="Applicaton"):
        getattr(domain, "Applicaton")  # noqa: B009 (the name is a typo on purpose)


def test_importing_a_submodule_loads_no_other() -> None:
    script = (
        "import sys, appcenter_qt.domain.errors\n"
        "print(sorted(m for m in sys.modules if m.startswith('appcenter_qt.domain.')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "['appcenter_qt.domain.errors']"
