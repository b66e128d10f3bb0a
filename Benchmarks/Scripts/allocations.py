#!/usr/bin/env python3
"""Allocations per hidden row of an array bound to a table (issue 28: "a list of 100k rows with
two bindings per visible row does not allocate per hidden row"), counted under
`valgrind --tool=callgrind`, and the heap bytes per hidden row, from glibc's `mallinfo2`.

    allocations.py [--check]

BindingProfile's `rows-hidden N` binds N repositories (objects made first, with their strings)
to a `TableView` of 20 visible rows by one write of a `TableRows`, whose rows each make two
bindings (name → text, detail → detailText, `triggers: .standard`); `rows-hidden-unbound N`
makes the same repositories and binds nothing. The allocations of the binding are the malloc
calls of the one less those of the other (the repositories, their strings and the array that
holds them cancel out); per hidden row, the difference between N = 100,000 and N = 1,000
divided by 99,000 (the table's 20 rows, their 40 bindings and the fixed costs cancel out).

Allocations are the calls into glibc's allocator (`malloc`, `calloc`, `realloc`, `memalign`,
`posix_memalign`, `aligned_alloc`) from outside it, read from callgrind's call counts; Swift's
`swift_allocObject` calls (objects and boxes) are shown beside them. Needs valgrind and a
release build of BindingProfile (`Benchmarks/check --instructions` builds it).

--check      exit 1 when the target (≤ 0.01 allocations per hidden row) is missed
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROFILE = os.path.join(HERE, "..", ".build", "release", "BindingProfile")

SIZES = (1_000, 100_000)
ALLOCATORS = {"malloc", "calloc", "realloc", "memalign", "posix_memalign", "aligned_alloc"}
SWIFT_OBJECTS = "swift_allocObject"
TARGET = 0.01


def inside_allocator(function):
    """Whether `function` is glibc's allocator: `malloc`, `_mid_memalign.constprop.0`, `_int_malloc`…"""
    base = re.sub(r"('\d+|\.(constprop|isra|part)\.\d+)+$", "", function or "")
    return base in ALLOCATORS or base.startswith(("_mid_memalign", "_int_", "__libc_"))


def call_counts(path):
    """The calls into each function, summed over its callers, from a callgrind output file:
    `{name: calls}`. Calls from within the allocator (glibc's `posix_memalign` of a small
    alignment relays to `malloc` through `_mid_memalign`, `realloc(NULL, n)` calls `malloc`)
    are left out, so that each allocation counts once."""
    names = {}
    counts = {}
    caller = None
    callee = None

    def name_of(field):
        # `(12) malloc` names function 12; `(12)` refers to it again (name compression).
        match = re.match(r"\((\d+)\)(?: (.*))?", field)
        if match is None:
            return field
        if match.group(2) is not None:
            names[match.group(1)] = match.group(2)
        return names.get(match.group(1), match.group(1))

    with open(path) as handle:
        for line in handle:
            if line.startswith("fn="):
                caller = name_of(line[3:].rstrip("\n"))
                callee = None
            elif line.startswith("cfn="):
                callee = name_of(line[4:].rstrip("\n"))
            elif line.startswith("calls=") and callee is not None:
                if not (callee in ALLOCATORS and inside_allocator(caller)):
                    counts[callee] = counts.get(callee, 0) + int(line[6:].split()[0])
                callee = None
    return counts


def allocations(scenario, count):
    """(allocator calls, swift_allocObject calls) of one run of BindingProfile under callgrind."""
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "callgrind.out")
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", PROFILE, scenario, str(count)],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        counts = call_counts(out)
    return sum(counts.get(name, 0) for name in ALLOCATORS), counts.get(SWIFT_OBJECTS, 0)


def heap_bytes(scenario, count):
    """The heap bytes in use that binding added (BindingProfile prints them; run natively)."""
    output = subprocess.run([PROFILE, scenario, str(count)], check=True, capture_output=True, text=True).stdout
    return int(re.search(r"heap bytes (-?\d+)", output).group(1))


def measure():
    """The figures of the hidden rows: allocations and objects of the binding at each size, and
    per hidden row; heap bytes likewise."""
    figures = {"sizes": {}}
    unbound_by_size = {}
    for size in SIZES:
        bound, bound_objects = allocations("rows-hidden", size)
        unbound, unbound_objects = allocations("rows-hidden-unbound", size)
        unbound_by_size[size] = unbound
        figures["sizes"][size] = {
            "allocations": bound - unbound,
            "objects": bound_objects - unbound_objects,
            "heap bytes": heap_bytes("rows-hidden", size),
        }
    small, large = (figures["sizes"][size] for size in SIZES)
    hidden = SIZES[1] - SIZES[0]
    for key in ("allocations", "objects", "heap bytes"):
        figures[f"{key} per hidden row"] = (large[key] - small[key]) / hidden
    # The control: the same count finds the allocations of each repository the scenario makes.
    figures["allocations per repository made"] = (unbound_by_size[SIZES[1]] - unbound_by_size[SIZES[0]]) / hidden
    return figures


def report(figures, out=sys.stdout):
    """Prints the table of `figures`."""
    print(f"\n| an array bound to a table of 20 visible rows, two bindings a row | "
          + " | ".join(f"{size:,} rows" for size in SIZES) + " | per hidden row |", file=out)
    print("|---|" + "---:|" * (len(SIZES) + 1), file=out)
    labels = {
        "allocations": "allocations (malloc calls, less the unbound run)",
        "objects": "of which swift_allocObject",
        "heap bytes": "heap bytes in use added (mallinfo2)",
    }
    for key, label in labels.items():
        cells = " | ".join(f"{figures['sizes'][size][key]:,}" for size in SIZES)
        print(f"| {label} | {cells} | {figures[f'{key} per hidden row']:.5f} |", file=out)
    print(f"\nThe control: the unbound run makes {figures['allocations per repository made']:.2f} allocations "
          "per repository (the object, its observer list, the buffers of its two interpolated "
          "strings), which the count finds.", file=out)


def target_line(figures):
    """The target line, in the style of instructions.py: (line, met)."""
    value = figures["allocations per hidden row"]
    met = value <= TARGET
    return f"- [{'x' if met else ' '}] allocations per hidden row: {value:.5f} (target ≤ {TARGET})", met


def main():
    check = "--check" in sys.argv[1:]
    if not os.path.exists(PROFILE):
        sys.exit(f"{PROFILE} is missing: swift build -c release --package-path Benchmarks --product BindingProfile")
    figures = measure()
    report(figures)
    line, met = target_line(figures)
    print("\nTargets (allocations):")
    print(line)
    return 1 if check and not met else 0


if __name__ == "__main__":
    sys.exit(main())
