#!/usr/bin/env python3
"""Wall clock per row of the sectioned diff + apply next to the unsectioned one, in the same run.

    swift build -c release --package-path Benchmarks --product BindingProfile
    python3 Benchmarks/Scripts/sections-wallclock.py [--rounds N]

Runs the BindingProfile scenarios `rows-apply N R` (an array of N rows bound to a table of 20
visible rows by `TableRows`: one update with 10% of the rows deleted and 10% inserted, diff +
apply) and `sections-apply N R` (the same rows and change in sections of 100 rows, bound by
`TableSections`), alternating them round by round, each printing the fastest of R updates in one
process. Prints the median of the rounds (9 by default), in nanoseconds per row, with the ratio of
the sectioned to the unsectioned figure and of each size to 10,000.
"""

import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BINARY = HERE.parent / ".build" / "release" / "BindingProfile"
SIZES = [(10_000, 100), (100_000, 20), (1_000_000, 5)]


def run(scenario, rows, repeats):
    output = subprocess.run(
        [str(BINARY), scenario, str(rows), str(repeats)], capture_output=True, text=True, check=True
    ).stdout
    line = next(line for line in output.splitlines() if "nanoseconds" in line)
    return int(line.split()[-1]) / rows


def main():
    arguments = sys.argv[1:]
    rounds = 9
    if arguments[:1] == ["--rounds"]:
        rounds = int(arguments[1])
    elif arguments:
        sys.exit(__doc__)
    figures = {}
    for _ in range(rounds):
        for rows, repeats in SIZES:
            for scenario in ("rows-apply", "sections-apply"):
                figures.setdefault((scenario, rows), []).append(run(scenario, rows, repeats))
    print("| rows | unsectioned (`rows-apply`), ns per row | sectioned, 100 rows a section (`sections-apply`) | sectioned / unsectioned |")
    print("|---:|---:|---:|---:|")
    medians = {key: statistics.median(values) for key, values in figures.items()}
    for rows, _ in SIZES:
        flat, sectioned = medians[("rows-apply", rows)], medians[("sections-apply", rows)]
        print(f"| {rows:,} | {flat:.1f} | {sectioned:.1f} | {sectioned / flat:.2f} |")
    for rows, _ in SIZES[1:]:
        print(
            f"{rows:,} / 10,000: unsectioned {medians[('rows-apply', rows)] / medians[('rows-apply', 10_000)]:.2f}, "
            f"sectioned {medians[('sections-apply', rows)] / medians[('sections-apply', 10_000)]:.2f}")


if __name__ == "__main__":
    main()
