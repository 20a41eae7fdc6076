"""Fuzz the three readers (map TOML, puzzle TOML, game-log JSON) for a long run.

The generators are those of tests/test_fuzz.py (the same functions, here driven by a
seeded ``random.Random`` instead of hypothesis). Prints the count of each outcome per
reader (ok / FormatError / IllegalTurnError / crash), the inputs per second, and the first
input of each kind of crash with its traceback.

    python benchmarks/fuzz_readers.py --n 100000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_fuzz import GENERATORS, READERS, outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="inputs in all (default 100000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default="map,puzzle,log",
                        help="comma-separated readers to fuzz (default: all three)")
    parser.add_argument("--slow", type=float, default=1.0,
                        help="report inputs taking longer than this many seconds")
    args = parser.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    rng = random.Random(args.seed)
    counts: dict[str, Counter[str]] = {k: Counter() for k in kinds}
    crashes: dict[tuple[str, str, str], tuple[str, str]] = {}
    slowest: tuple[float, str, str] = (0.0, "", "")
    gen_seconds = read_seconds = 0.0
    start = time.perf_counter()
    for i in range(args.n):
        kind = kinds[i % len(kinds)]
        t0 = time.perf_counter()
        text = GENERATORS[kind](rng)
        t1 = time.perf_counter()
        try:
            result = outcome(READERS[kind], text)
        except Exception as e:
            result = "crash"
            frames = traceback.extract_tb(e.__traceback__)
            where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
            key = (kind, type(e).__name__, where)
            if key not in crashes:
                crashes[key] = (text, traceback.format_exc())
        t2 = time.perf_counter()
        gen_seconds += t1 - t0
        read_seconds += t2 - t1
        if t2 - t1 > slowest[0]:
            slowest = (t2 - t1, kind, text)
        counts[kind][result] += 1
        if (i + 1) % 20_000 == 0:
            print(f"  ... {i + 1} inputs, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    total = time.perf_counter() - start

    print(f"{args.n} inputs (seed {args.seed}) in {total:.1f} s: {args.n / total:,.0f} inputs/s "
          f"overall; readers alone {args.n / read_seconds:,.0f} inputs/s "
          f"(generating took {gen_seconds:.1f} s)")
    outcomes = ("ok", "FormatError", "IllegalTurnError", "crash")
    print(f"{'reader':<8}" + "".join(f"{o:>18}" for o in outcomes))
    for kind in kinds:
        print(f"{kind:<8}" + "".join(f"{counts[kind][o]:>18,}" for o in outcomes))
    print(f"slowest input: {slowest[0] * 1000:.0f} ms ({slowest[1]})")
    if slowest[0] > args.slow:
        print(f"  {slowest[2]!r}"[:2000])
    if crashes:
        print(f"\n{len(crashes)} kinds of crash (reader, exception, where raised):")
        for (kind, name, where), (text, tb) in sorted(crashes.items()):
            print(f"\n--- {kind}: {name} at {where}\ninput: {text!r}"[:3000])
            print(tb.rstrip().splitlines()[-1])
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
