"""The one locale fallback function, checked against the Desktop Entry spec's lookup order."""

from __future__ import annotations

import pytest

from appcenter_qt.domain import LocalizedText
from appcenter_qt.l10n import environment_locale, locale_chain, normalize_locale


@pytest.mark.parametrize(
    ("locale", "chain"),
    [
        ("de_AT.UTF-8", ("de_AT", "de", "C")),
        ("de_AT", ("de_AT", "de", "C")),
        ("de", ("de", "C")),
        ("DE_at.utf8", ("de_AT", "de", "C")),
        ("pt-BR", ("pt_BR", "pt", "C")),
        ("sr@latin", ("sr@latin", "sr", "C")),
        ("sr_RS@latin", ("sr_RS@latin", "sr_RS", "sr@latin", "sr", "C")),
        ("sr_RS.UTF-8@latin", ("sr_RS@latin", "sr_RS", "sr@latin", "sr", "C")),
        (
            "sr_Latn_RS",
            (
                "sr_Latn_RS@latin",
                "sr_Latn_RS",
                "sr_Latn@latin",
                "sr_Latn",
                "sr_RS@latin",
                "sr_RS",
                "sr@latin",
                "sr",
                "C",
            ),
        ),
        ("ca@valencia", ("ca@valencia", "ca", "C")),
        ("zh_Hans_CN", ("zh_Hans_CN", "zh_Hans", "zh_CN", "zh", "C")),
        ("en_XA", ("en_XA", "en", "C")),
        ("C", ("C",)),
        ("C.UTF-8", ("C",)),
        ("POSIX", ("C",)),
        ("", ("C",)),
        (None, ("C",)),
        ("123", ("C",)),
        ("../../etc", ("C",)),
    ],
)
def test_locale_chain(locale: str | None, chain: tuple[str, ...]) -> None:
    assert locale_chain(locale) == chain


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        ("de", "de"),
        ("de_DE.UTF-8", "de_DE"),
        ("pt-BR", "pt_BR"),
        ("sr@Latin", "sr@latin"),
        ("C", None),
        ("POSIX", None),
        ("", None),
        ("x y", None),
    ],
)
def test_normalize_locale(raw: str, key: str | None) -> None:
    assert normalize_locale(raw) == key


def test_lookup_follows_the_chain() -> None:
    text = LocalizedText({"C": "Mines", "de": "Minen", "de_AT": "Minen (AT)", "sr@latin": "Mine"})
    assert text.get(locale_chain("de_AT.UTF-8")) == "Minen (AT)"
    assert text.get(locale_chain("de_CH")) == "Minen"
    assert text.get(locale_chain("sr_RS@latin")) == "Mine"
    assert text.get(locale_chain("sr_RS")) == "Mines"
    assert text.get(locale_chain("fr")) == "Mines"
    assert LocalizedText({"de": "Nur Deutsch"}).get(locale_chain("fr")) == "Nur Deutsch"
    assert LocalizedText().get(locale_chain("fr")) is None


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de_DE.UTF-8"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"}, "fr_FR.UTF-8"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": "C"}, "C"),
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "pt_BR:pt"}, "pt_BR"),
        ({"LANG": "C", "LANGUAGE": "pt_BR"}, "C"),
        ({}, "C"),
    ],
)
def test_environment_locale(environ: dict[str, str], expected: str) -> None:
    assert environment_locale(environ) == expected
