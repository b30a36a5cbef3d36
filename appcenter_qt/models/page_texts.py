"""The app page's words for catalog vocabulary: link types and OARS content attributes.

The catalog stores ids (``bugtracker``, ``violence-realistic``/``moderate``); people read
sentences in their language. The texts are Qt translations (``QCoreApplication.translate``,
context ``AppPage``, collected by ``scripts/update-translations``), so they follow the same
``--locale`` as every other string of the window.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def link_label(kind: str) -> str:
    """The button text of a link type (``bugtracker`` → "Report a problem")."""
    labels = {
        "homepage": QCoreApplication.translate("AppPage", "Website"),
        "bugtracker": QCoreApplication.translate("AppPage", "Report a problem"),
        "help": QCoreApplication.translate("AppPage", "Help"),
        "faq": QCoreApplication.translate("AppPage", "Questions and answers"),
        "donation": QCoreApplication.translate("AppPage", "Donate"),
        "translate": QCoreApplication.translate("AppPage", "Translate"),
        "contact": QCoreApplication.translate("AppPage", "Contact"),
        "vcs-browser": QCoreApplication.translate("AppPage", "Source code"),
        "contribute": QCoreApplication.translate("AppPage", "Contribute"),
    }
    return labels.get(kind, kind)


def attribute_label(attribute: str) -> str:
    """What an OARS attribute is about, in a few words."""
    labels = {
        "violence-cartoon": QCoreApplication.translate("AppPage", "Cartoon violence"),
        "violence-fantasy": QCoreApplication.translate("AppPage", "Fantasy violence"),
        "violence-realistic": QCoreApplication.translate("AppPage", "Realistic violence"),
        "violence-bloodshed": QCoreApplication.translate("AppPage", "Bloodshed"),
        "violence-sexual": QCoreApplication.translate("AppPage", "Sexual violence"),
        "violence-desecration": QCoreApplication.translate(
            "AppPage", "Desecration of human remains"
        ),
        "violence-slavery": QCoreApplication.translate("AppPage", "Depictions of slavery"),
        "violence-worship": QCoreApplication.translate(
            "AppPage", "Destruction of places of worship"
        ),
        "drugs-alcohol": QCoreApplication.translate("AppPage", "References to alcohol"),
        "drugs-narcotics": QCoreApplication.translate("AppPage", "References to illicit drugs"),
        "drugs-tobacco": QCoreApplication.translate("AppPage", "References to tobacco"),
        "sex-nudity": QCoreApplication.translate("AppPage", "Nudity"),
        "sex-themes": QCoreApplication.translate("AppPage", "Sexual themes"),
        "sex-homosexuality": QCoreApplication.translate("AppPage", "Homosexual themes"),
        "sex-prostitution": QCoreApplication.translate("AppPage", "Prostitution"),
        "sex-adultery": QCoreApplication.translate("AppPage", "Adultery"),
        "sex-appearance": QCoreApplication.translate("AppPage", "Sexualized characters"),
        "language-profanity": QCoreApplication.translate("AppPage", "Profanity"),
        "language-humor": QCoreApplication.translate("AppPage", "Crude humor"),
        "language-discrimination": QCoreApplication.translate("AppPage", "Discriminatory language"),
        "money-advertising": QCoreApplication.translate("AppPage", "Advertising"),
        "money-gambling": QCoreApplication.translate("AppPage", "Gambling"),
        "money-purchasing": QCoreApplication.translate("AppPage", "In-app purchases"),
        "social-chat": QCoreApplication.translate("AppPage", "Chat with other people"),
        "social-audio": QCoreApplication.translate(
            "AppPage", "Voice or video chat with other people"
        ),
        "social-contacts": QCoreApplication.translate(
            "AppPage", "Sharing social media or contacts"
        ),
        "social-info": QCoreApplication.translate("AppPage", "Sharing personal information"),
        "social-location": QCoreApplication.translate("AppPage", "Sharing your location"),
    }
    return labels.get(attribute, attribute)


def reason_text(attribute: str, intensity: str) -> str:
    """One line of the content rating's reasons: "Realistic violence (moderate)"."""
    forms = {
        "mild": QCoreApplication.translate("AppPage", "%1 (mild)"),
        "moderate": QCoreApplication.translate("AppPage", "%1 (moderate)"),
        "intense": QCoreApplication.translate("AppPage", "%1 (intense)"),
    }
    return forms.get(intensity, "%1").replace("%1", attribute_label(attribute))


def release_kind_label(kind: str) -> str:
    if kind == "development":
        return QCoreApplication.translate("AppPage", "Development release")
    if kind == "snapshot":
        return QCoreApplication.translate("AppPage", "Snapshot")
    return ""
