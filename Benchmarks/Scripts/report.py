#!/usr/bin/env python3
"""Turns an export of `swift package benchmark --format histogramPercentiles` into the results
table of Benchmarks/README.md, and checks the wall-clock targets.

    report.py DIR [DIR ...]          prints the table (markdown) and the targets, met or missed
    report.py DIR [DIR ...] --check  the same, and exits 1 when a target is missed
    --partial                        a target whose benchmarks did not run (a filtered run) is
                                     skipped instead of counted as missed

With several directories (several runs of the whole suite), each figure is the best of the
runs' medians (the lowest time, the lowest allocation count): on a shared machine a slow moment
inflates whichever benchmark happens to run then, by up to 2× here, and never deflates one, so
the best run of each benchmark, baselines and bindings alike, is the closest to its real cost.

Every benchmark name is "<scenario>: <variant>"; the variant "binding" is PropertyBinding, the
others are its baselines in the same run. An update benchmark's iteration is 1,000 updates; a
scale benchmark's ("... of 10000") handles that many bindings.
"""
import glob
import os
import re
import sys

SUFFIX = ".histogram.percentiles.tsv"


def load(directory):
    """{benchmark name: {metric: median}} from the exported percentile files."""
    results = {}
    for path in glob.glob(os.path.join(directory, "*" + SUFFIX)):
        base = os.path.basename(path)[: -len(SUFFIX)]
        # <baseline>.<target>.<name>.<metric>; the name has no dots.
        parts = base.split(".")
        name, metric = ".".join(parts[2:-1]).replace("_", " "), parts[-1]
        with open(path) as handle:
            for line in handle:
                fields = line.strip().split("\t")
                if fields[0] == "50":
                    results.setdefault(name, {})[metric] = float(fields[1])
    return results


def per_unit(name):
    """How many updates (or bindings) one iteration of `name` covers."""
    # Scale benchmarks are named "... of 10000" ("Chain of 3 closures" is an update benchmark).
    match = re.match(r"(?:Set-up and teardown|Memory|List diff) of (\d+)", name)
    return int(match.group(1)) if match else 1_000


def split(name):
    scenario, _, variant = name.partition(": ")
    return scenario, variant


def metric(values, *candidates):
    for candidate in candidates:
        for key, value in values.items():
            if key.lower().startswith(candidate.lower()):
                return value
    return None


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    directories = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    runs = [load(directory) for directory in directories]
    results = {}
    for name in set().union(*runs):
        metrics = set().union(*(run.get(name, {}).keys() for run in runs))
        results[name] = {
            metric: min(run[name][metric] for run in runs if metric in run.get(name, {}))
            for metric in metrics
        }
    if not results:
        print("no results found in", " ".join(directories))
        return 2
    check = "--check" in sys.argv[1:]
    partial = "--partial" in sys.argv[1:]

    def time(name):
        value = metric(results.get(name, {}), "wallClock", "Time (wall clock)")
        return None if value is None else value / per_unit(name)

    def allocs(name):
        value = metric(results.get(name, {}), "mallocCountTotal", "Malloc (total)")
        return None if value is None else value / per_unit(name)

    def bytes_(name):
        value = metric(results.get(name, {}), "mallocBytesCount", "Malloc (bytes")
        return None if value is None else value / per_unit(name)

    scenarios = {}
    for name in sorted(results):
        scenario, variant = split(name)
        scenarios.setdefault(scenario, []).append(variant)

    print("| scenario | variant | median ns | allocs | ratio to each baseline (time) |")
    print("|---|---|---:|---:|---|")
    for scenario in scenarios:
        variants = sorted(scenarios[scenario], key=lambda v: (v.startswith("binding"), v))
        for variant in variants:
            name = f"{scenario}: {variant}"
            t, a = time(name), allocs(name)
            ratios = ""
            if variant.startswith("binding"):
                others = [v for v in variants if not v.startswith("binding")]
                ratios = ", ".join(f"{t / time(f'{scenario}: {o}'):.2f}× {o}" for o in others if time(f"{scenario}: {o}"))
            b = bytes_(name)
            extra = f" ({b:.0f} bytes)" if b is not None else ""
            label = f"**{variant}**" if variant.startswith("binding") else variant
            print(f"| {scenario} | {label} | {t:,.1f} | {a:.2f}{extra} | {ratios} |")

    print()
    missed = []

    # Wall clock on a shared machine moves by more than some targets' margins from one run to
    # the next (Benchmarks/README.md, *The same code on two hosts*): its targets are reported,
    # never fatal. What is exact here gates: allocations per update and bytes per binding.
    def target(what, value, limit, stretch=False, gates=False):
        if value is None:
            print(f"- [ ] {what}: not measured")
            if gates and not partial:
                missed.append(what)
            return
        ok = value <= limit
        mark = "x" if ok else " "
        tag = " (stretch)" if stretch else ("" if gates else " (wall clock: reported)")
        print(f"- [{mark}] {what}: {value:.2f} (target ≤ {limit}){tag}")
        if not ok and gates:
            missed.append(what)

    def ratio(a, b):
        ta, tb = time(a), time(b)
        return None if ta is None or tb is None else ta / tb

    print("Targets:")
    for scenario in scenarios:
        if not re.search(r"(sync update)", scenario):
            continue
        for variant in scenarios[scenario]:
            if not variant.startswith("binding"):
                continue
            ours = f"{scenario}: {variant}"
            target(f"{ours} / hand-applied key paths", ratio(ours, f"{scenario}: keypaths"), 1.5)
            for combine in ("combine-subject", "combine-published"):
                if f"{scenario}: {combine}" in results:
                    target(f"{ours} / OpenCombine {combine[8:]}", ratio(ours, f"{scenario}: {combine}"), 0.5)
            target(f"{ours}: allocations per update", allocs(ours), 0.0, gates=True)
            target(f"{ours} / hand-written closure", ratio(ours, f"{scenario}: closure"), 3.0, stretch=True)
    for scenario in scenarios:
        if "notification" not in scenario:
            continue
        ours = f"{scenario}: binding"
        target(f"{scenario}: binding / block observer with key paths", ratio(ours, f"{scenario}: observer-keypaths"), 1.15)
        target(f"{scenario}: binding / block observer", ratio(ours, f"{scenario}: observer"), 1.15, stretch=True)
    target(
        "StringToNumberTransformer / formatter.number(from:) + set",
        ratio("Number transformer: binding", "Number transformer: formatter"), 1.2)
    target(
        "fan-out: post with 10,000 bindings / with 1",
        ratio("Fan-out post: binding, 10000 registered", "Fan-out post: binding, 1 registered"), 1.5)
    for count in (10000, 100000, 1000000):
        target(
            f"set-up + teardown of {count:,} / raw addObserver + removeObserver",
            ratio(f"Set-up and teardown of {count}: binding", f"Set-up and teardown of {count}: observer"), 1.5)
    for count in (100000, 1000000):
        target(
            f"set-up + teardown per binding, {count:,} / 10,000",
            ratio(f"Set-up and teardown of {count}: binding", "Set-up and teardown of 10000: binding"), 1.2)
    target("bytes per binding with one trigger", bytes_("Memory of 10000: binding"), 512, gates=True)
    target("list diff of 10,000 rows / stdlib difference(from:) (1/25)",
           ratio("List diff of 10000: binding", "List diff of 10000: stdlib difference"), 0.04)
    # Linear in instructions (Scripts/instructions.py: 0.94×); in wall clock a million rows' table
    # no longer fits the caches, where 10,000 rows' does.
    target("list diff per row, 1,000,000 / 10,000 (wall clock)",
           ratio("List diff of 1000000: binding", "List diff of 10000: binding"), 1.2, stretch=True)

    if missed:
        print(f"\n{len(missed)} target(s) missed: " + "; ".join(missed))
        return 1 if check else 0
    print("\nall gating targets met (allocations, bytes); wall-clock ratios are reported above")
    return 0


if __name__ == "__main__":
    sys.exit(main())
