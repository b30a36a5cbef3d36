"""The distribution's screenshot service: off unless configured, only for applications with
no screenshot of their own, only https, package names quoted."""

from __future__ import annotations

import pytest

from appcenter_qt.domain import Application, LocalizedText, Package, Screenshot, ScreenshotImage
from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.generator.screenshot_service import check_template, with_service_screenshots

TEMPLATE = "https://screenshots.example.org/screenshot/{package}"


def app(app_id: str, packages: tuple[str, ...], shots: int = 0) -> Application:
    return Application(
        id=app_id,
        name=LocalizedText({"C": app_id}),
        packages=tuple(Package(name) for name in packages),
        screenshots=tuple(
            Screenshot(images=(ScreenshotImage(f"https://own.example.org/{n}.png"),))
            for n in range(shots)
        ),
    )


def test_only_apps_without_screenshots_get_one_for_their_first_package() -> None:
    apps = with_service_screenshots(
        [app("a", ("zeta", "alpha")), app("b", ("beta",), shots=1), app("c", ())], TEMPLATE
    )
    (shot,) = apps[0].screenshots
    assert shot.default and [i.url for i in shot.images] == [
        "https://screenshots.example.org/screenshot/alpha"
    ]
    assert [i.url for s in apps[1].screenshots for i in s.images] == [
        "https://own.example.org/0.png"
    ]
    assert apps[2].screenshots == ()


def test_package_names_are_quoted() -> None:
    (filled,) = with_service_screenshots([app("a", ("g++/../x?y",))], TEMPLATE)
    assert filled.screenshots[0].images[0].url.endswith("/g%2B%2B%2F..%2Fx%3Fy")


@pytest.mark.parametrize(
    "template",
    [
        "http://screenshots.example.org/{package}",  # not https
        "https://screenshots.example.org/fixed.png",  # no placeholder
        "https://screenshots.example.org/{package}/{name}",  # an unknown field
        "file:///etc/{package}",
        "https://screenshots.example.org/{package",  # broken format
    ],
)
def test_unusable_templates_are_refused(template: str) -> None:
    with pytest.raises(ExtractError, match="screenshot service"):
        check_template(template)
