"""The window's reviews service made when first needed (services/reviews_access.py): once,
whichever thread asks first; off without a server or with an address that cannot be one."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import pytest

from appcenter_qt.services.reviews_access import ReviewsAccess


@pytest.fixture(autouse=True)
def _own_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    monkeypatch.delenv("APPCENTER_ODRS_URL", raising=False)


def test_one_service_for_every_thread_that_asks() -> None:
    access = ReviewsAccess("de_DE.UTF-8", "http://127.0.0.1:8080/1.0/reviews/api/")
    assert access.configured()
    start = threading.Barrier(8)
    made: list[object] = []

    def ask() -> None:
        start.wait()
        made.append(access.service())

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    service = access.service()
    assert service is not None and all(one is service for one in made)
    assert service.locale == "de_DE"  # as ODRS matches it
    assert service.cache.server == "http://127.0.0.1:8080/1.0/reviews/api"


def test_an_empty_address_turns_reviews_off_without_a_client() -> None:
    access = ReviewsAccess("C", "")
    assert not access.configured()
    assert access.service() is None


def test_the_environment_s_address_counts_when_no_flag_is_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("APPCENTER_ODRS_URL", "")
    assert not ReviewsAccess("C").configured()
    monkeypatch.setenv("APPCENTER_ODRS_URL", "http://127.0.0.1:8080/api")
    access = ReviewsAccess("C")
    assert access.configured()
    service = access.service()
    assert service is not None and service.cache.server == "http://127.0.0.1:8080/api"


def test_an_unusable_address_is_one_warning_and_no_service(
    caplog: pytest.LogCaptureFixture,
) -> None:
    access = ReviewsAccess("C", "http://127.0.0.1:99999/api")
    assert access.configured()  # an address is given: only making the client tells
    with caplog.at_level(logging.WARNING, logger="appcenter_qt.services.reviews_access"):
        assert access.service() is None
        assert access.service() is None
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1 and "reviews are off" in warnings[0] and "99999" in warnings[0]


def test_the_address_is_looked_up_once(tmp_path: Path) -> None:
    """The configuration file is read when the window makes its access, not again by each
    model, the cached ratings' read and the service."""
    config = tmp_path / "xdg_config_home" / "appcenter-qt" / "appcenter-qt.conf"
    config.parent.mkdir(parents=True)
    config.write_text("[odrs]\nurl = http://127.0.0.1:8081/first/\n", encoding="utf-8")
    access = ReviewsAccess("C")
    config.write_text("[odrs]\nurl = http://127.0.0.1:8082/second\n", encoding="utf-8")
    assert access.server == "http://127.0.0.1:8081/first"
    service = access.service()
    assert service is not None and service.cache.server == "http://127.0.0.1:8081/first"
