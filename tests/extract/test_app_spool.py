"""AppSpool keeps applications on disk: same records back, in order, however they are read;
the merge gives the same catalog from spools as from lists."""

from __future__ import annotations

import pickle

import pytest

from appcenter_qt.domain import Application, Icon, IconKind, LocalizedText
from appcenter_qt.extract import app_spool
from appcenter_qt.extract.app_spool import AppSpool, app_heads, app_ids
from appcenter_qt.extract.appstream.catalog_import import CatalogImport
from appcenter_qt.extract.result import ExtractResult
from appcenter_qt.generator.merge import merge
from appcenter_qt.generator.reports.report import count_icons


def _app(n: int, provenance: str = "dep11:Components-amd64.yml.gz", **fields) -> Application:
    # a long description makes records of very different sizes, across read-ahead chunks
    text = "words " * (n % 7) * 300
    fields.setdefault("description", LocalizedText({"C": text}))
    return Application(
        id=f"org.example.App{n:04d}",
        name=LocalizedText({"C": f"App {n}", "de": f"Anwendung {n}"}),
        provenance=provenance,
        **fields,
    )


def test_iteration_and_lookup_give_back_every_record(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_spool, "_CHUNK", 4096)  # many chunks, some records larger
    apps = [_app(n) for n in range(200)]
    spool = AppSpool(apps[:50])
    spool.extend(apps[50:])
    assert len(spool) == 200
    assert list(spool) == apps
    assert list(spool) == apps  # re-iterable
    assert spool[0] == apps[0] and spool[-1] == apps[-1] and spool[123] == apps[123]
    assert spool[5:8] == apps[5:8]
    assert list(app_ids(spool)) == [app.id for app in apps]
    with pytest.raises(IndexError):
        spool[200]


def test_appending_while_iterating_and_pickling() -> None:
    spool = AppSpool([_app(1), _app(2)])
    seen = []
    for app in spool:  # the iteration covers what was there when it began
        seen.append(app.id)
        spool.append(_app(len(spool) + 1))
    assert seen == ["org.example.App0001", "org.example.App0002"]
    assert len(spool) == 4
    copy = pickle.loads(pickle.dumps(spool))  # noqa: S301 (a parse cache stores results whole)
    assert isinstance(copy, AppSpool) and list(copy) == list(spool)


def test_merge_of_spools_equals_merge_of_lists() -> None:
    deb = _app(3, "deb:app3_1_amd64.deb", description=LocalizedText())
    catalog = [_app(n) for n in (5, 3, 1, 4)]
    other = [_app(n, "appstream-xml:other.xml") for n in (4, 2)]
    as_lists = merge(
        [ExtractResult(apps=[deb]), CatalogImport(apps=catalog), CatalogImport(apps=other)]
    )
    as_spools = merge(
        [
            ExtractResult(apps=[deb]),
            CatalogImport(apps=AppSpool(catalog)),
            CatalogImport(apps=AppSpool(other)),
        ]
    )
    expected = list(as_lists.apps)
    assert [app.id for app in expected] == [f"org.example.App{n:04d}" for n in range(1, 6)]
    assert expected[2].provenance.startswith("deb:")  # the package wins, the catalog filled
    assert expected[2].description == catalog[1].description
    assert list(as_spools.apps) == expected
    assert as_spools.hints == as_lists.hints
    assert len(as_spools.apps) == 5 and as_spools.apps[4] == expected[4]
    # ids and provenances (the report's merge hints) come from the spools' heads, the
    # merged record's included, as reading every application would give them
    heads = [(app.id, app.provenance) for app in expected]
    assert list(app_heads(as_spools.apps)) == heads == list(app_heads(as_lists.apps))


def test_icon_count_from_the_spools_equals_counting_the_applications() -> None:
    # The report counts icons with pixels from the spools' per-record counts; merged
    # records (the package's icons and the catalog's in a union) are counted too.
    def icons(n: int) -> tuple[Icon, ...]:
        cached = tuple(
            Icon(IconKind.CACHED, f"a{n}.png", size, 1, f"{size}x{size}/a{n}.png")
            for size in (64, 128)[: n % 3]
        )
        return (*cached, Icon(IconKind.STOCK, f"a{n}"), Icon(IconKind.LOCAL, "x", 48, 1, "/x.png"))

    deb = _app(3, "deb:app3_1_amd64.deb", icons=(Icon(IconKind.CACHED, "d.png", 32, 1, "d"),))
    catalog = [_app(n, icons=icons(n)[n % 2 :]) for n in (5, 3, 1, 4, 7, 8)]
    merged = merge([ExtractResult(apps=[deb]), CatalogImport(apps=AppSpool(catalog))])
    counted = sum(
        1
        for app in list(merged.apps)
        for i in app.icons
        if i.kind in (IconKind.CACHED, IconKind.LOCAL)
    )
    assert counted > 6
    assert count_icons(merged.apps) == counted
    assert count_icons(AppSpool(catalog)) == count_icons(catalog)


def test_a_pickled_spool_carries_its_records_and_refuses_damaged_ones() -> None:
    """A parse cache entry holds the records as they are (not the applications unpickled
    and pickled again); a state whose parts do not fit together is refused."""
    spool = AppSpool([_app(n) for n in range(1, 40)])
    reducer, state = spool.__reduce__()
    data, ends, heads, pixels = state
    assert isinstance(data, bytes) and len(heads) == 39
    copy = reducer(*state)
    assert list(copy) == list(spool) and copy.heads == spool.heads
    assert copy.pixel_icon_count() == spool.pixel_icon_count()
    for damaged in (
        (data[:-1], ends, heads, pixels),
        (data, ends, heads[:-1], pixels),
        (data, ends[:-8], heads, pixels),
    ):
        with pytest.raises(ValueError):
            reducer(*damaged)
    empty = pickle.loads(pickle.dumps(AppSpool()))  # noqa: S301 (our own pickle)
    assert len(empty) == 0 and list(empty) == []


def test_an_amended_record_reads_changed_and_is_never_copied_raw() -> None:
    """Resolving a catalog's cached icons changes records where they are read (the merge,
    the writer) instead of unpickling and pickling every one again; the raw records of an
    amended spool are not what it reads as, so copying or pickling them is refused."""
    spool = AppSpool([_app(n) for n in range(1, 6)])
    renamed = LocalizedText({"C": "Changed"})

    def rename(app: Application) -> Application:
        return Application(id=app.id, name=renamed, provenance=app.provenance)

    spool.amend(2, rename, 7)
    assert spool.amended
    assert spool[2].name == renamed and list(spool)[2].name == renamed
    assert [app.name for app in spool][1] != renamed  # the others as stored
    assert spool.pixel_icons(2) == 7 and spool.pixel_icon_count() == 7
    assert list(app_heads(spool))[2] == ("org.example.App0003", spool[2].provenance)
    with pytest.raises(ValueError, match="amended"):
        spool.records()
    with pytest.raises(ValueError, match="amended"):
        pickle.dumps(spool)
