#!/usr/bin/env python3
"""Wall clock per row of the list diff and of diff + apply at 10,000, 100,000 and 1,000,000 rows.

    swift build -c release --package-path Benchmarks --product BindingProfile
    python3 Benchmarks/Scripts/list-wallclock.py [--rounds N] [--baseline PATH/TO/BindingProfile]

Runs the BindingProfile scenarios `diff N` (the diff alone) and `rows-apply N` (one update of an
array bound to a table of 20 visible rows: diff + apply), each two ways, and prints the fastest
figure of all rounds (9 by default), in nanoseconds per row, and each size's ratio to 10,000:

- in one process: `N R` runs the diff R times (300, 40 and 12 for the three sizes) and prints the
  fastest; the memory is reused, as in an app that diffs again and again;
- in a fresh process: one run, every page touched for the first time.

This host is shared and noisy (±15% between rounds), so the rounds alternate sizes and the
fastest of each is kept. With --baseline, another build's BindingProfile is run both ways in the
same rounds (a build from before the repeat count was added runs once where it is given one:
only its fresh-process figures mean anything).
"""

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BINARY = HERE.parent / ".build" / "release" / "BindingProfile"
SIZES = [(10_000, 300), (100_000, 40), (1_000_000, 12)]


def run(binary, scenario, rows, repeats):
    output = subprocess.run(
        [str(binary), scenario, str(rows), str(repeats)], capture_output=True, text=True, check=True
    ).stdout
    line = next(line for line in output.splitlines() if "nanoseconds" in line)
    return int(line.split()[-1]) / rows


def main():
    arguments = sys.argv[1:]
    rounds = 9
    baseline = None
    while arguments:
        argument = arguments.pop(0)
        if argument == "--rounds":
            rounds = int(arguments.pop(0))
        elif argument == "--baseline":
            baseline = Path(arguments.pop(0))
        else:
            sys.exit(__doc__)
    for scenario in ("diff", "rows-apply"):
        ways = {"one process": {}, "fresh process": {}}
        if baseline:
            ways["baseline, one process"] = {}
            ways["baseline, fresh process"] = {}
        for _ in range(rounds):
            for rows, repeats in SIZES:
                for way, best in ways.items():
                    binary = baseline if way.startswith("baseline") else BINARY
                    count = repeats if way.endswith("one process") else 1
                    figure = run(binary, scenario, rows, count)
                    best[rows] = min(best.get(rows, figure), figure)
        for way, best in ways.items():
            figures = "  ".join(f"{rows:,}: {best[rows]:.1f}" for rows, _ in SIZES)
            ratios = "  ".join(f"{rows:,}/10,000: {best[rows] / best[10_000]:.2f}" for rows, _ in SIZES[1:])
            print(f"{scenario}, {way}, ns per row: {figures}  |  {ratios}")


if __name__ == "__main__":
    main()
