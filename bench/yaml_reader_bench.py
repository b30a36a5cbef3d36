"""Benchmark: YAML readers for DEP-11 documents, on this machine's pool (docs/yaml-reader.md).

Cuts the pool's DEP-11 files into documents as the importer does (``split_documents``),
keeps those the importer parses (not the plainly uncatalogued types), and times reading all
of them with each candidate, the best of ``--repeat`` runs in CPU seconds:

* ours: libyaml's parser and composer (PyYAML's C extension) and :func:`_construct`;
* PyYAML's ``CSafeLoader`` (what ours replaced);
* libyaml's events alone, no values built: the floor of any reader on top of its events;
* ``yaml-rs`` (Rust, builds the Python values directly), checked value for value against
  ours, and the byte scan a fast path on it would need to keep libyaml's reading of
  YAML 1.1 (see the doc for what the scan is and why);
* ``rapidyaml`` (C++): its tree alone, and the tree walked into Python values.

The candidates are not dependencies: install them into a throwaway venv that can see this
project's (``python -m venv --system-site-packages`` from the project's interpreter, or
``PYTHONPATH``) and run this file with it; a missing one is skipped::

    python bench/yaml_reader_bench.py [--root /] [--repeat 3]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from appcenter_qt.extract.appstream import dep11
from appcenter_qt.extract.appstream.catalog_import import open_decompressed
from appcenter_qt.extract.appstream.yaml_documents import load_document, split_documents
from appcenter_qt.extract.pool.system_pool import discover

#: The scan a yaml-rs fast path needs (docs/yaml-reader.md): what YAML 1.1 and 1.2 read
#: differently, found by differential fuzzing against ours.
_END = rb"[ \t]*(?:$|[,\]}#]|:[ \t]|:$)"
_NUMBER = (
    rb"(?![-+]?[0-9]{1,18}" + _END + rb")(?=[-+.0-9_])[-+]?"
    rb"(?:0[xXoObB][0-9A-Fa-f_]*|[0-9_]*\.?[0-9_]*(?:[eE][-+]?[0-9_]*)?|\.[A-Za-z]{3})" + _END
)
_NODE = rb"(?:!|[?:](?:[ \t]|$)|" + _NUMBER + rb")"
SCAN = re.compile(
    rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xef\xbf[\xbe\xbf]|\xe2\x80[\xa8\xa9]|\xef\xbb\xbf"
    rb"|\n(?:%|\.\.\.|---(?:[ \t\n]|\Z)|[ \t?-]{128}|[ \t]*[|>]|[ \t]*" + _NODE + rb")"
    rb"|[:?-][ \t]+" + _NODE + rb"|[\[{,][ \t]*" + _NODE + rb"|[\]}][ \t]*:(?:[ \t]|$)",
    re.M,
)


def documents(root: str) -> list[bytes]:
    pool = discover(root)
    context = dep11._Context("bench", "", "", dep11.APPLICATION_KINDS, "")
    found: list[bytes] = []
    for file in pool.catalogs:
        if file.format != "dep11":
            continue
        with open_decompressed(file.path) as stream:
            found += [
                document
                for _line, document in split_documents(stream)
                if dep11._skippable(context, document) is None
            ]
    return found


def best(repeat: int, function: Callable[[bytes], Any], data: list[bytes]) -> float:
    fastest = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        for document in data:
            function(document)
        fastest = min(fastest, time.process_time() - started)
    return fastest


def main() -> None:
    parser = argparse.ArgumentParser(allow_abbrev=False, description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default="/")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    import yaml
    from yaml._yaml import CParser

    data = documents(args.root)
    if not data:
        sys.exit("no DEP-11 documents in this pool")
    print(f"{len(data)} documents, {sum(map(len, data)) / 1e6:.1f} MB; best of {args.repeat}")
    ours = best(args.repeat, load_document, data)
    rows = [("ours: libyaml nodes + _construct", ours)]
    rows.append(
        ("PyYAML CSafeLoader", best(args.repeat, lambda d: yaml.load(d, yaml.CSafeLoader), data))
    )

    def events(document: bytes) -> None:
        parser = CParser(document)
        while parser.get_event() is not None:
            pass

    rows.append(("libyaml events only (no values)", best(args.repeat, events, data)))
    try:
        import yaml_rs
    except ImportError:
        print("yaml-rs: not installed, skipped")
    else:
        texts = [d.decode() for d in data]
        started = time.process_time()
        values = [yaml_rs.loads(t, parse_datetime=False) for t in texts]
        rows.append(("yaml-rs loads", time.process_time() - started))
        differ = sum(1 for d, v in zip(data, values, strict=True) if load_document(d) != v)
        print(f"yaml-rs: {differ} of {len(data)} documents read differently from ours")
        rows.append(("byte scan for a yaml-rs fast path", best(args.repeat, SCAN.search, data)))
        outside = sum(1 for d in data if SCAN.search(b"\n" + d.removeprefix(b"---")))
        print(f"the scan leaves {outside} of {len(data)} documents to libyaml")
    try:
        import ryml
    except ImportError:
        print("rapidyaml: not installed, skipped")
    else:

        def walk(tree: Any, node: int) -> Any:
            if tree.is_map(node):
                return {
                    bytes(tree.key(child)).decode(): walk(tree, child)
                    for child in ryml.children(tree, node)
                }
            if tree.is_seq(node):
                return [walk(tree, child) for child in ryml.children(tree, node)]
            value = tree.val(node)
            return None if value is None else bytes(value).decode()

        rows.append(("rapidyaml tree only", best(args.repeat, ryml.parse_in_arena, data)))
        rows.append(
            (
                "rapidyaml tree walked to values",
                best(args.repeat, lambda d: walk(t := ryml.parse_in_arena(d), t.root_id()), data),
            )
        )
    print(f"\n{'reader':40} {'CPU s':>6} {'vs ours':>8}")
    for name, seconds in rows:
        print(f"{name:40} {seconds:6.3f} {seconds / ours:7.2f}×")
    print(f"load average: {Path('/proc/loadavg').read_text().split()[0]}")


if __name__ == "__main__":
    main()
