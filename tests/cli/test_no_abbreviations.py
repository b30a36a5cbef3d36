"""No console script takes a prefix of an option for the option: ``--rep`` must never be read
as ``--report`` (or, once it exists, ``--repo``), whatever options are added later."""

from __future__ import annotations

import argparse

import pytest

from appcenter_qt import app
from appcenter_qt.cli import generate, pk, query, update


def _parsers(parser: argparse.ArgumentParser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


@pytest.mark.parametrize("module", [generate, pk, query, update], ids=lambda m: m.__name__)
def test_every_parser_and_subparser_rejects_prefixes(module) -> None:
    for parser in _parsers(module._parser()):
        longs = [o for a in parser._actions for o in a.option_strings if o.startswith("--")]
        for option in longs:
            if option == "--help":
                continue
            prefix = option[: max(3, len(option) - 1)]
            if prefix in longs:
                continue
            with pytest.raises(SystemExit):
                parser.parse_args([prefix, "x"])


def test_generate_rep_is_not_report(tmp_path, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        generate._parser().parse_args(["--output", str(tmp_path), "--rep", "r.json", "x.deb"])
    assert exit_info.value.code == 2
    assert "--rep" in capsys.readouterr().err
    args = generate._parser().parse_args(["--output", str(tmp_path), "--report", "r.json", "x"])
    assert args.report == "r.json"


def test_the_application_rejects_prefixes() -> None:
    with pytest.raises(SystemExit):
        app.parse_args(["--cata", "x.sqlite"])
