"""Our DEP-11 reader against libappstream on this machine's real AppStream pool.

The pool (``/var/lib/swcatalog/yaml/*Components-*.yml.gz``, written by ``apt-get update``
with DEP-11 enabled) is parsed with our reader and, for a sample of components, compared with
what ``appstreamcli dump ID`` (libappstream 0.16, the reference) says about the same id:
names and summaries in the untranslated locale and in every sampled locale spelling the
component has, description list items, categories, packages, icons and provided ids (each of
which must lead ``appstreamcli`` back to the same component).

Per locale, ``appstreamcli`` is run with ``LANGUAGE`` set to a key exactly as the component
spells it; libappstream then finds that key's text, and so must our lookup chain. Two kinds
of difference are counted and checked against the data rather than ignored (see
:func:`_compare`): libappstream answering untranslated for a locale the component has, and a
locale spelled both ways with different texts (``pt-BR`` and ``pt_BR``), where libappstream
keeps both and we keep the canonically spelled one (docs/catalog-schema.md, Conventions).

The sample is deterministic (ids ordered by CRC-32, so it spreads over the alphabet): ids with
``.desktop``, descriptions with lists, unusual locales (``@modifier``, scripts, BCP 47
spellings) and provided ids. Skipped, with the reason, without the pool or ``appstreamcli``.
"""

from __future__ import annotations

import gzip
import html
import os
import re
import shutil
import subprocess
import zlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from appcenter_qt.domain import Application, IconKind
from appcenter_qt.extract.appstream.dep11 import Dep11Reader, load_document, split_documents
from appcenter_qt.extract.appstream.locales import locale_key
from appcenter_qt.extract.result import ExtractResult
from appcenter_qt.support.l10n import locale_chain

pytestmark = pytest.mark.integration

POOL_DIR = Path("/var/lib/swcatalog/yaml")
ICON_CACHE = Path("/var/lib/swcatalog/icons")
POOL_FILES = sorted(POOL_DIR.glob("*Components-*.yml.gz")) if POOL_DIR.is_dir() else []
APPSTREAMCLI = shutil.which("appstreamcli")
if not POOL_FILES:
    pytestmark = [pytestmark, pytest.mark.skip(reason=f"no DEP-11 pool in {POOL_DIR} (apt-get "
                  "update with DEP-11 enabled writes it)")]  # fmt: skip
elif APPSTREAMCLI is None:
    pytestmark = [pytestmark, pytest.mark.skip(reason="appstreamcli (package appstream) is "
                  "not installed")]  # fmt: skip

#: How many components of each kind the sample takes.
PER_KIND = 10
#: User locales worth asking libappstream about, whichever spelling a component uses.
LOCALES_OF_INTEREST = re.compile(r"[@-]|_[A-Z][a-z]{3}|^(pt_BR|zh_TW|zh_CN|de|fr|ja|uk)$")
_LIST_ITEM = re.compile(r"<li>(.*?)</li>", re.DOTALL)
_TAG = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")
_OUR_ITEM = re.compile(r"^(?:• |\d+\. )(.*)$", re.MULTILINE)


def _crc(text: str) -> int:
    return zlib.crc32(text.encode())


def _raw_components() -> dict[str, dict[str, Any]]:
    """Every component document of the pool as plain values, by id (first one wins)."""
    raw: dict[str, dict[str, Any]] = {}
    for path in POOL_FILES:
        with gzip.open(path, "rb") as stream:
            for _line, document in split_documents(stream):
                doc = load_document(document)
                if isinstance(doc, dict) and isinstance(doc.get("ID"), str):
                    raw.setdefault(doc["ID"], doc)
    return raw


def _our_applications() -> tuple[dict[str, Application], str]:
    """Our applications by id, and the origin of the (first) pool file."""
    apps: dict[str, Application] = {}
    origins = []
    for path in POOL_FILES:
        with gzip.open(path, "rb") as stream:
            reader = Dep11Reader(stream, path.name, ExtractResult())
            for app in reader:
                apps.setdefault(app.id, app)
            origins.append(reader.origin)
    return apps, origins[0]


def _dump(component_id: str, language: str = "") -> dict[str, Any] | None:
    """``appstreamcli dump`` of one id, as libappstream sees it for ``LANGUAGE=language``."""
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    env.pop("LANGUAGE", None)
    if language:
        env["LANGUAGE"] = language
    out = subprocess.run(
        [APPSTREAMCLI or "appstreamcli", "dump", component_id, "--format", "yaml"],
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    ).stdout
    for doc in yaml.safe_load_all(out):
        if isinstance(doc, dict) and "ID" in doc:
            return doc
    return None


def _c(value: Any) -> Any:
    return value.get("C") if isinstance(value, dict) else None


def _items_of_markup(markup: str | None) -> list[str]:
    return [
        _SPACE.sub(" ", html.unescape(_TAG.sub("", item))).strip()
        for item in _LIST_ITEM.findall(markup or "")
    ]


def _items_of_text(text: str | None) -> list[str]:
    return _OUR_ITEM.findall(text or "")


class Pool:
    """Our applications, the raw documents and the sample, with ``appstreamcli`` answers
    cached per (id, language)."""

    def __init__(self) -> None:
        self.apps, self.origin = _our_applications()
        self.raw = _raw_components()
        self._dumps: dict[tuple[str, str], dict[str, Any] | None] = {}
        self.sample = self._sample()

    def dump(self, component_id: str, language: str = "") -> dict[str, Any] | None:
        key = (component_id, language)
        if key not in self._dumps:
            self._dumps[key] = _dump(component_id, language)
        return self._dumps[key]

    def _sample(self) -> list[str]:
        kinds: dict[str, Callable[[Application], bool]] = {
            "desktop-suffix": lambda app: app.id.endswith(".desktop"),
            "description-lists": lambda app: bool(_items_of_text(app.description.values.get("C"))),
            "unusual-locales": lambda app: any(
                (key != locale_key(key) and locale_key(key)) or "@" in key
                for field in ("Name", "Summary")
                for key in (self.raw[app.id].get(field) or {})
            ),
            "provides": lambda app: bool((self.raw[app.id].get("Provides") or {}).get("ids")),
        }
        counts = Counter(app_id for app_id, _ in Counter(self.raw).items())
        ids = sorted((i for i in self.apps if counts[i] == 1), key=_crc)
        chosen: dict[str, None] = {}
        for wanted in kinds.values():
            chosen.update(dict.fromkeys([i for i in ids if wanted(self.apps[i])][:PER_KIND]))
        return list(chosen)


@pytest.fixture(scope="module")
def pool() -> Pool:
    return Pool()


def test_the_sample_covers_what_it_should(pool: Pool) -> None:
    assert len(pool.apps) > 1000, "the pool should hold the distribution's applications"
    assert len(pool.sample) >= 2 * PER_KIND
    assert sum(i.endswith(".desktop") for i in pool.sample) >= PER_KIND
    for component_id in pool.sample:
        assert pool.dump(component_id) is not None, f"appstreamcli does not know {component_id}"


def test_untranslated_texts_categories_and_packages(pool: Pool) -> None:
    compared, wrong = 0, []
    for component_id in pool.sample:
        ours, theirs = pool.apps[component_id], pool.dump(component_id) or {}
        pairs = {
            "id": (ours.id, theirs.get("ID")),
            "name": (ours.name.values.get("C"), _c(theirs.get("Name"))),
            "summary": (ours.summary.values.get("C"), _c(theirs.get("Summary"))),
            "categories": (list(ours.categories), theirs.get("Categories") or []),
            "packages": (list(ours.package_names), sorted([theirs["Package"]])),
        }
        for field, (mine, reference) in pairs.items():
            compared += 1
            if mine != reference:
                wrong.append(f"{component_id} {field}: ours {mine!r:.80} ≠ {reference!r:.80}")
    print(f"\nuntranslated fields: {compared} compared, {len(wrong)} different")
    assert wrong == []


def _expected(values: dict[str, Any], language: str) -> Any:
    """What the data says a reader of ``language`` should get: the text stored under the
    canonical spelling if the component has it (it wins), else under ``language``."""
    canonical = locale_key(language)
    return values.get(canonical, values.get(language)) if canonical else values.get(language)


def _compare(
    mine: Any, reference: Any, values: dict[str, Any], language: str, tally: Counter[str]
) -> str | None:
    """Count one comparison in ``tally``; the difference to report, if any.

    Agreement with libappstream is the rule. Two outcomes differ for a reason the data shows
    and are counted instead: libappstream 0.16.1 answering with the untranslated text although
    the component has the locale (on Debian 12's pool it does so for some components in
    ``ar``, ``be``, ``be@latin``, ``bg``, ``bn-IN``, ``bs``, ``ur-PK``, with a fresh cache too),
    and a locale spelled two ways with different texts, where the canonical spelling wins for
    us. In both, ours must be what the data says.
    """
    tally["compared"] += 1
    if mine == reference:
        tally["agree"] += 1
        return None
    expected = _expected(values, language)
    if reference == values.get("C") and values.get(language) not in (None, values.get("C")):
        tally[f"libappstream untranslated [{language}]"] += 1
        return None if mine == expected else f"ours {mine!r:.80}, data says {expected!r:.80}"
    canonical = locale_key(language)
    if canonical != language and canonical in values and mine == expected:
        tally["two spellings, canonical wins"] += 1
        return None
    return f"ours {mine!r:.80} ≠ appstreamcli {reference!r:.80}"


def _summary(what: str, tally: Counter[str]) -> str:
    rest = ", ".join(
        f"{k}: {n}" for k, n in sorted(tally.items()) if k not in ("compared", "agree")
    )
    return (
        f"\n{what}: {tally['compared']} compared, {tally['agree']} agree with appstreamcli; {rest}"
    )


def test_description_list_items(pool: Pool) -> None:
    tally: Counter[str] = Counter()
    wrong = []
    for component_id in pool.sample:
        raw = pool.raw[component_id].get("Description") or {}
        items = {k: _items_of_markup(v) for k, v in raw.items() if isinstance(v, str)}
        for language in ["", *sorted(k for k in raw if k != "C")][:4]:
            theirs = pool.dump(component_id, language) or {}
            expected = _items_of_markup(_c(theirs.get("Description")))
            mine = _items_of_text(pool.apps[component_id].description.get(locale_chain(language)))
            tally["items"] += len(mine)
            problem = _compare(mine, expected, items, language or "C", tally)
            if problem:
                wrong.append(f"{component_id} [{language or 'C'}]: {problem}")
    print(_summary("description list items", tally))
    assert tally["items"] > 0 and wrong == []


def test_names_and_summaries_per_locale(pool: Pool) -> None:
    tally: Counter[str] = Counter()
    wrong = []
    spellings: set[str] = set()
    for component_id in pool.sample:
        raw, ours = pool.raw[component_id], pool.apps[component_id]
        languages = sorted(
            {
                key
                for field in ("Name", "Summary")
                for key in (raw.get(field) or {})
                if isinstance(key, str) and key != "C" and locale_key(key)
                if LOCALES_OF_INTEREST.search(key)
            }
        )
        for language in languages:
            theirs = pool.dump(component_id, language) or {}
            for field, mine in (("Name", ours.name), ("Summary", ours.summary)):
                values = raw.get(field) or {}
                if language not in values:
                    continue
                spellings.add(language)
                got = mine.get(locale_chain(language))
                problem = _compare(got, _c(theirs.get(field)), values, language, tally)
                if problem:
                    wrong.append(f"{component_id} {field}[{language}]: {problem}")
    unusual = sorted(k for k in spellings if k != locale_key(k) or "@" in k)
    print(_summary(f"names/summaries in {len(spellings)} spellings ({', '.join(unusual)})", tally))
    assert tally["compared"] > 0 and wrong == []


def test_icons(pool: Pool) -> None:
    """libappstream keeps the cached icons this machine's icon cache has (apt fetches the
    64×64 set), stock and remote icons as they are: ours must match after the same filter."""
    compared, wrong = 0, []
    for component_id in pool.sample:
        ours, theirs = pool.apps[component_id], (pool.dump(component_id) or {}).get("Icon") or {}
        mine = {
            "cached": sorted(
                (i.name, i.size, i.scale)
                for i in ours.icons
                if i.kind is IconKind.CACHED and (ICON_CACHE / pool.origin / i.path).is_file()
            ),
            "stock": sorted(i.name for i in ours.icons if i.kind is IconKind.STOCK),
            "remote": sorted(i.path for i in ours.icons if i.kind is IconKind.REMOTE),
        }
        reference = {
            "cached": sorted(
                (c["name"], c["width"], c.get("scale", 1)) for c in theirs.get("cached") or []
            ),
            "stock": [theirs["stock"]] if "stock" in theirs else [],
            "remote": sorted(r["url"] for r in theirs.get("remote") or []),
        }
        compared += 1
        if mine != reference:
            wrong.append(f"{component_id}: ours {mine} ≠ {reference}")
    print(f"\nicons: {compared} components compared, {len(wrong)} different")
    assert wrong == []


def test_provided_ids_are_aliases_libappstream_resolves(pool: Pool) -> None:
    compared, wrong = 0, []
    for component_id in pool.sample:
        ours = pool.apps[component_id]
        provided = ((pool.dump(component_id) or {}).get("Provides") or {}).get("ids") or []
        expected = set(provided) - {component_id}
        if component_id.endswith(".desktop"):
            expected.add(component_id.removesuffix(".desktop"))
        compared += 1
        if set(ours.aliases) != expected:
            wrong.append(f"{component_id}: aliases {ours.aliases} ≠ {sorted(expected)}")
        for alias in set(provided) - {component_id}:
            compared += 1
            found = (pool.dump(alias) or {}).get("ID")
            if found != component_id:
                wrong.append(f"{component_id}: appstreamcli resolves {alias} to {found}")
    print(f"\naliases: {compared} checks, {len(wrong)} different")
    assert wrong == []
