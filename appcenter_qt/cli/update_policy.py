"""``appcenter-update --policy``: the effective update policy, each value with its origin.

The values and their provenance come from :mod:`appcenter_qt.services.update_policy` (the
one configuration reader underneath), so what is printed is what the automatic checks use:
the file that set each value, or "default", and whether an administrator locked it.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from appcenter_qt.services.update_policy import UpdatePolicy


def policy_json(policy: UpdatePolicy) -> dict[str, Any]:
    return {
        rule.key: {
            "value": rule.value if isinstance(rule.value, bool | float) else str(rule.value),
            "file": str(rule.found.path) if rule.found.path is not None else None,
            "locked": rule.locked,
            "locked_by": str(rule.found.locked_by) if rule.found.locked_by else None,
        }
        for rule in policy.rules
    }


def print_policy(policy: UpdatePolicy, as_json: bool) -> None:
    if as_json:
        json.dump(policy_json(policy), sys.stdout, indent=2, sort_keys=True)
        print()
        return
    width = max(len(rule.key) for rule in policy.rules)
    print("[updates]")
    for rule in policy.rules:
        print(f"{rule.key:<{width}} = {rule.shown:<8} # {rule.found.origin()}")
