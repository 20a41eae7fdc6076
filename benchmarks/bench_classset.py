"""Class-set PDFs: 28 sheets a class, copies and named, against drawing every page alone.

    .venv/bin/python benchmarks/bench_classset.py             # 28 sheets, 2 runs each
    .venv/bin/python benchmarks/bench_classset.py --pupils 30 --runs 3

For three maps and languages (dig-site in English, snow-map in Korean, ring-school in
French on Letter), a class set of ``--pupils`` blank copies and one of as many named
sheets (the lesson's class list, numbered), each written three ways in the same process,
in turn, ``--runs`` times: every page drawn on its own by CairoSVG (``sheet_bytes``, the
way before class sets shared anything), :func:`~paleowidgets.render.export.pdf_pages`
with the names' split turned off (only identical pages share a drawing), and
``pdf_pages`` as it is (the rest of a sheet drawn once, each name on top). Printed: the
best seconds and the size of each, and the ratio to the first. Run it under
``flock /work/cpu.lock``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
SETS = (("dig-site", "en", "a4"), ("snow-map", "ko", "a4"), ("ring-school", "fr", "letter"))


def main(argv: list[str] | None = None) -> int:
    from paleowidgets.data import load_map
    from paleowidgets.render import export
    from paleowidgets.render.classset import class_set, read_names

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pupils", type=int, default=28)
    ap.add_argument("--runs", type=int, default=2)
    args = ap.parse_args(argv)
    names = read_names(ROOT / "lessons/class-list.txt")
    names = [f"{names[i % len(names)]} {i + 1}" for i in range(args.pupils)]

    def alone(sheets: list[str], paper: str) -> int:
        return sum(len(export.sheet_bytes(s, ".pdf")) for s in sheets)

    def whole_pages(sheets: list[str], paper: str) -> int:
        with mock.patch.object(export, "_name_apart", lambda svg: [svg]):
            return len(export.pdf_pages(sheets, paper))

    def names_on_top(sheets: list[str], paper: str) -> int:
        return len(export.pdf_pages(sheets, paper))

    ways: list[tuple[str, Callable[[list[str], str], int]]] = [
        ("each page alone", alone), ("copies shared", whole_pages),
        ("names on top", names_on_top)]
    print(f"| class set of {args.pupils} | " + " | ".join(w for w, _ in ways) + " |")
    print("|---|" + "---|" * len(ways))
    for map_name, lang, paper in SETS:
        document = load_map(map_name)
        for kind, sheets in (
                ("copies", class_set(document, copies=args.pupils, lang=lang)),
                ("names", class_set(document, names=names, lang=lang))):
            best = {w: float("inf") for w, _ in ways}
            size = {}
            for _ in range(args.runs):
                for way, write in ways:
                    start = time.perf_counter()
                    size[way] = write([str(s) for s in sheets], paper)
                    best[way] = min(best[way], time.perf_counter() - start)
            base = best[ways[0][0]]
            cells = [f"{best[w]:.2f} s, {size[w] // 1000} kB ({base / best[w]:.1f}x)"
                     for w, _ in ways]
            print(f"| {map_name} {lang} {paper}, {kind} | " + " | ".join(cells) + " |",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
