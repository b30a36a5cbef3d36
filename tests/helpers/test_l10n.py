"""The one locale fallback function, checked against the Desktop Entry spec's lookup order."""

from __future__ import annotations

import pytest

from appcenter_qt.domain import LocalizedText
from appcenter_qt.support.l10n import environment_locale, locale_chain, normalize_locale


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
        # sr-Latn is sr@latin: one lookup, whichever way the user writes it
        ("sr_Latn_RS", ("sr_RS@latin", "sr_RS", "sr@latin", "sr", "C")),
        ("sr-Latn-RS", ("sr_RS@latin", "sr_RS", "sr@latin", "sr", "C")),
        # Valencian belongs to Spain: the territory adds nothing
        ("ca_ES.UTF-8@valencia", ("ca@valencia", "ca", "C")),
        ("ca-ES-valencia", ("ca@valencia", "ca", "C")),
        ("be_BY.UTF-8@tarask", ("be@tarask", "be", "C")),
        # Chinese: the territory implies the script (CLDR likely subtags), before plain zh
        ("zh_TW.UTF-8", ("zh_TW", "zh_Hant_TW", "zh_Hant", "zh", "C")),
        ("zh_HK", ("zh_HK", "zh_Hant_HK", "zh_Hant", "zh", "C")),
        ("zh_CN", ("zh_CN", "zh_Hans_CN", "zh_Hans", "zh", "C")),
        ("zh-Hant", ("zh_Hant", "zh", "C")),
        ("de_DE@euro", ("de_DE", "de", "C")),
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
        ("pt_br", "pt_BR"),
        # one canonical POSIX spelling for both spellings of a locale
        ("sr-Latn", "sr@latin"),
        ("sr@Latn", "sr@latin"),
        ("sr-Latn-RS", "sr_RS@latin"),
        ("sr-RS-Latn", "sr_RS@latin"),
        ("sr_RS@latin", "sr_RS@latin"),
        ("be-Latn", "be@latin"),
        ("uz-Cyrl", "uz@cyrillic"),
        ("ks@deva", "ks@devanagari"),
        ("en-Shaw", "en@shaw"),
        ("ca-valencia", "ca@valencia"),
        ("ca-ES-valencia", "ca@valencia"),
        ("ca_ES@valencia", "ca@valencia"),
        ("be-tarask", "be@tarask"),
        ("be@tarask", "be@tarask"),
        ("sr-ijekavianlatin", "sr@ijekavianlatin"),
        ("sr-Latn-ijekavian", "sr@ijekavianlatin"),
        ("en-quot", "en@quot"),
        ("zh-Hant", "zh_Hant"),
        ("zh_Hant", "zh_Hant"),
        ("zh-HANS", "zh_Hans"),
        ("zh-Hans-CN", "zh_Hans_CN"),
        ("ms@Arab", "ms_Arab"),
        ("es-419", "es_419"),
        ("no", "no"),
        ("de_DE@euro", "de_DE"),
        # not locales
        ("valencia", None),
        ("x-test", None),
        ("de-x", None),
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


def test_variants_keep_their_own_text_and_both_spellings_agree() -> None:
    raw = {
        "C": "Mines",
        "ca": "Mines (ca)",
        "ca-ES-valencia": "Mines (valencià)",
        "sr": "Мине",
        "sr-Latn": "Mine",
        "be": "Міны",
        "be@tarask": "Міны (тарашкевіца)",
        "zh_CN": "扫雷",
        "zh-Hant": "踩地雷",
    }
    text = LocalizedText({normalize_locale(k) or "C": v for k, v in raw.items()})
    assert text.get(locale_chain("ca_ES.UTF-8@valencia")) == "Mines (valencià)"
    assert text.get(locale_chain("ca@valencia")) == "Mines (valencià)"
    assert text.get(locale_chain("ca_ES.UTF-8")) == "Mines (ca)"
    assert text.get(locale_chain("sr_RS.UTF-8@latin")) == "Mine"
    assert text.get(locale_chain("sr_RS")) == "Мине"
    assert text.get(locale_chain("be_BY@tarask")) == "Міны (тарашкевіца)"
    assert text.get(locale_chain("be_BY")) == "Міны"
    assert text.get(locale_chain("zh_TW")) == "踩地雷"
    assert text.get(locale_chain("zh_CN")) == "扫雷"


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
