#!/usr/bin/env python3
"""Where the instructions of one update go, by kind of work: callgrind's exclusive cost per
function, for a run of `count` updates less a run of 0, divided by `count`, grouped by what
the function does (see CATEGORIES). The table of Benchmarks/README.md, "Where an update's
instructions go", is this script's output.

    breakdown.py [SCENARIO ...]     (default: the Int synchronous updates and their baselines)

Needs valgrind (callgrind_annotate) and a release build of BindingProfile
(`swift build -c release --package-path Benchmarks --product BindingProfile`).
"""
import os
import re
import subprocess
import sys
import tempfile

from instructions import PROFILE, callgrind  # this script's folder is on the path
UPDATES = 20_000

# The first category whose pattern matches a function's line (`file:function [object]`) gets
# its instructions.
CATEGORIES = [
    ("weak loads, and the releases and retains of what they return",
     r"swift_weakLoadStrong|doDecrementSlow|swift_release|swift_retain|swift_weak|swift_unknownObjectWeak"),
    ("dynamic exclusivity checks on the user's properties",
     r"swift_beginAccess|swift_endAccess|AccessSet|SwiftTLSContext|tls_get_addr"),
    ("locks", r"SynchronizationShims|StateLock\.swift|pthread_mutex|futex|Mutex"),
    ("the thread's identity", r"pthread_getspecific|ThreadIdentity"),
    ("the update gate's state machine", r"UpdateGate|GateStateMachine"),
    ("reading, comparing and writing the values (the folded key paths)",
     r"accessor|makeStep|Property\.swift|ValueComparison|EquatableComparison|swift_bridgeObjectRe|_stringCompare|String"),
]
OTHER = "the rest: triggering, dispatch to the binding, counting, results"


def functions(scenario, count):
    """Exclusive instructions per function of one run."""
    with tempfile.TemporaryDirectory() as directory:
        out = callgrind(scenario, count, directory)
        text = subprocess.run(
            ["callgrind_annotate", "--threshold=100", "--inclusive=no", "--auto=no", out],
            check=True, capture_output=True, text=True).stdout
    costs = {}
    for line in text.splitlines():
        match = re.match(r"\s*([\d,]+) \([^)]*\)\s+(.*)", line)
        if match and "PROGRAM TOTALS" not in line and not match.group(2).startswith("=>"):
            costs[match.group(2)] = costs.get(match.group(2), 0) + int(match.group(1).replace(",", ""))
    return costs


def breakdown(scenario):
    with_updates, without = functions(scenario, UPDATES), functions(scenario, 0)
    totals = {name: 0.0 for name, _ in CATEGORIES}
    totals[OTHER] = 0.0
    for function in set(with_updates) | set(without):
        per_update = (with_updates.get(function, 0) - without.get(function, 0)) / UPDATES
        category = next((name for name, pattern in CATEGORIES if re.search(pattern, function)), OTHER)
        totals[category] += per_update
    return totals


def main():
    scenarios = sys.argv[1:] or [
        "handed-int", "closure-int", "custom-int", "keypath-trigger-int", "action-int", "delegation-int"]
    if not os.path.exists(PROFILE):
        sys.exit(f"{PROFILE} is missing: swift build -c release --package-path Benchmarks --product BindingProfile")
    results = {scenario: breakdown(scenario) for scenario in scenarios}
    names = [name for name, _ in CATEGORIES] + [OTHER]
    print("| instructions per update | " + " | ".join(f"`{s}`" for s in scenarios) + " |")
    print("|---|" + "---:|" * len(scenarios))
    for name in names:
        print(f"| {name} | " + " | ".join(f"{int(round(results[s][name])):,}" for s in scenarios) + " |")
    print("| **total** | " + " | ".join(f"**{sum(results[s].values()):,.0f}**" for s in scenarios) + " |")


if __name__ == "__main__":
    main()
