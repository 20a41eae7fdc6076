"""The ``paleo`` command (FORMATS.md): validate, render and score files, solve puzzles.

Every subcommand takes ``--json``. Exit codes: 0 all good, 1 an illegal turn (or a puzzle
that fails verification), 2 a file that cannot be read or parsed (or a usage error),
3 an internal error (a bug: please report it). A failure always writes exactly one line
to stderr; a traceback never reaches the user (set ``PALEO_DEBUG=1`` to see it).

>>> main(["validate", "quarry.toml"])          # doctest: +SKIP
ok: quarry.toml (map 'Little quarry', 7x7, 2 fossils)
0
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from .core.dice import normalise_seed
from .core.errors import FormatError, IllegalTurnError, PaleoError
from .core.files import Document, check_solution, load_file
from .core.logs import GameLog, Outcome, replay_turns
from .core.maps import Map, MapRuleError, Puzzle, load_document
from .core.rules import Game, Score
from .core.turns import Turn
from .core.writer import turn_inline

if TYPE_CHECKING:   # the solver is imported lazily, where a subcommand needs it
    from .solver.exact import Solution

EXIT_OK = 0
EXIT_ILLEGAL = 1       # an illegal turn; a puzzle that fails `puzzles verify`
EXIT_BAD_FILE = 2      # unreadable or unparseable input; bad usage; a missing component
EXIT_INTERNAL = 3      # a bug in paleowidgets
EXIT_INTERRUPTED = 130

SHEET_SUFFIXES = (".svg", ".png", ".pdf")   # FORMATS.md: `paleo render`

T = TypeVar("T")


# ---------------------------------------------------------------------------------------
# Failures: one exception the subcommands raise, carrying the exit code and the one line


class Failure(Exception):
    """What went wrong with one input: the exit code, the one-line text for stderr and the
    ``error`` object for ``--json``."""

    def __init__(self, code: int, text: str, error: dict[str, Any] | None = None) -> None:
        super().__init__(text)
        self.code = code
        self.text = text
        self.error: dict[str, Any] = error if error is not None else {"message": text}


def failure_of(exc: BaseException, path: str | None = None) -> Failure:
    """Turn any exception met while handling ``path`` into a Failure (never a traceback)."""
    if isinstance(exc, Failure):
        return exc
    if isinstance(exc, IllegalTurnError):
        e = exc.with_context(file=path)
        error: dict[str, Any] = {"player": e.player or "", "round": e.round or 0,
                                 "rule": e.rule, "message": e.message}
        if e.file is not None:
            error["file"] = e.file
        if e.line is not None:
            error["line"] = e.line
        return Failure(EXIT_ILLEGAL, str(e), error)
    if isinstance(exc, FormatError):
        if exc.file is None and path is not None:
            exc = exc.located(file=path)
        text = str(exc)
        if path is not None and not (exc.file or "").startswith(path):
            text = f"{path}: {text}"    # e.g. a log naming a map file that is broken
        error = {"file": exc.file or path, "line": exc.line, "column": exc.column,
                 "message": exc.message}
        if isinstance(exc, MapRuleError):       # a map rule: its id too (FORMATS.md)
            error["rule"] = exc.rule
        return Failure(EXIT_BAD_FILE, text, error)
    if isinstance(exc, PaleoError):
        return Failure(EXIT_BAD_FILE, f"{path}: {exc}" if path else str(exc),
                       {"file": path, "message": str(exc)})
    if isinstance(exc, OSError):
        name = exc.filename if exc.filename is not None else path
        message = exc.strerror or str(exc)
        return Failure(EXIT_BAD_FILE, f"{name}: {message}" if name else message,
                       {"file": None if name is None else str(name), "message": message})
    where = f" while handling {path}" if path else ""
    message = f"internal error{where}: {exc.__class__.__name__}: {exc} (a bug: please report it)"
    return Failure(EXIT_INTERNAL, " ".join(message.split()),
                   {"file": path, "message": f"{exc.__class__.__name__}: {exc}",
                    "internal": True})


def attempt(path: str | None, action: Callable[[], T]) -> T | Failure:
    """Run ``action`` for one input; its result, or the Failure it ended in."""
    try:
        return action()
    except KeyboardInterrupt:
        raise
    except Exception as exc:
        if os.environ.get("PALEO_DEBUG"):
            raise
        return failure_of(exc, path)


# ---------------------------------------------------------------------------------------
# Output


class Output:
    """Where results and failures go: text or ``--json`` on stdout, one line on stderr."""

    def __init__(self, *, as_json: bool) -> None:
        self.as_json = as_json

    def text(self, line: str = "") -> None:
        if not self.as_json:
            print(line, file=sys.stdout)

    def json(self, value: Any) -> None:
        if self.as_json:
            print(json.dumps(value, ensure_ascii=False), file=sys.stdout)

    def failure(self, f: Failure, *, json_object: dict[str, Any] | None = None) -> int:
        """Report a failure: the ``{"error": ...}`` object (or ``json_object``) on stdout
        with --json, one line on stderr always. Returns the exit code."""
        self.json(json_object if json_object is not None else {"error": f.error})
        print(f"paleo: {_one_line(f.text)}", file=sys.stderr)
        return f.code


def _one_line(text: str) -> str:
    """Exactly one line, whatever a message quotes (newlines, U+2028, form feeds...)."""
    return text if len(text.splitlines()) <= 1 else " ".join(text.split())


# ---------------------------------------------------------------------------------------
# Loading


def load(path: str) -> Document:
    """A map, puzzle or game log, fully checked; illegal turns name the file."""
    try:
        return load_file(path)
    except IllegalTurnError as e:
        raise e.with_context(file=path) from None


def describe(doc: Document) -> dict[str, Any]:
    """What ``validate`` reports about a good file."""
    if isinstance(doc, GameLog):
        d = doc.document
        total = len(d.rolls) if isinstance(d, Puzzle) else d.rounds
        return {"kind": "log", "players": [p.name for p in doc.players],
                "rounds": len(doc.rolls), "game_rounds": total, "map": _map_of(d).name}
    if isinstance(doc, Puzzle):
        m = doc.map
        return {"kind": "puzzle", "title": doc.title, "name": m.name, "width": m.width,
                "height": m.height, "fossils": len(m.fossils), "stars": len(m.stars),
                "rolls": len(doc.rolls), "draft": doc.is_draft, "optimum": doc.optimum}
    return {"kind": "map", "name": doc.name, "width": doc.width, "height": doc.height,
            "fossils": len(doc.fossils), "stars": len(doc.stars), "rounds": doc.rounds}


def summary(info: dict[str, Any]) -> str:
    """The parenthesis of an ``ok:`` line: ``map 'Name', 12x12, 8 fossils``."""
    if info["kind"] == "log":
        text = f"game log, {_plural(len(info['players']), 'player')}, {info['rounds']} rounds"
        if info["rounds"] < info["game_rounds"]:
            text += f" of {info['game_rounds']} (game in progress)"
        return text
    size = f"{info['width']}x{info['height']}"
    if info["kind"] == "puzzle":
        title = info["title"] or info["name"]
        if info["draft"]:
            return f"puzzle draft: unsolved, {title!r}, {size}, {info['rolls']} rolls"
        return f"puzzle {title!r}, {size}, {info['rolls']} rolls, optimum {info['optimum']}"
    return f"map {info['name']!r}, {size}, {_plural(info['fossils'], 'fossil')}"


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _map_of(doc: Map | Puzzle) -> Map:
    return doc.map if isinstance(doc, Puzzle) else doc


# ---------------------------------------------------------------------------------------
# paleo validate FILE...


def cmd_validate(args: argparse.Namespace, out: Output) -> int:
    """Check every file, report each (one line, or one JSON object a line), exit with the
    worst code."""
    worst = EXIT_OK
    for path in args.files:
        def action(path: str = path) -> dict[str, Any]:
            return describe(load(path))

        result = attempt(path, action)
        if isinstance(result, Failure):
            worst = max(worst, out.failure(result, json_object={
                "file": path, "ok": False, "error": result.error}))
            continue
        out.text(f"ok: {path} ({summary(result)})")
        out.json({"file": path, "ok": True, **result})
    return worst


# ---------------------------------------------------------------------------------------
# paleo render FILE -o OUT


def cmd_render(args: argparse.Namespace, out: Output) -> int:
    def action() -> dict[str, Any]:
        return render(args.file, Path(args.output), player=args.player, copies=args.copies,
                      names=args.names, seed=args.seed, paper=args.paper, lang=args.lang)

    result = attempt(args.file, action)
    if isinstance(result, Failure):
        return out.failure(result)
    who = f" (player {result['player']})" if "player" in result else ""
    pages = result.get("pages")
    paper = "" if pages is None else \
        f", {pages} page{'s' if pages != 1 else ''} on {result['paper']}"
    out.text(f"wrote {result['output']}: {result['kind']} {args.file}{who}{paper}")
    if result.get("cut"):
        out.text(f"note: the name line holds about 16 letters; cut on the sheets: "
                 f"{', '.join(result['cut'])}")
    out.json(result)
    return EXIT_OK


def render(path: str, output: Path, *, player: str | None = None, copies: int | None = None,
           names: str | None = None, seed: str | None = None, paper: str | None = None,
           lang: str | None = None) -> dict[str, Any]:
    """Write the sheet of a map, puzzle or (one player's) game log; the output file appears
    whole or not at all (``write_sheet`` writes through a temporary file and a rename).
    ``copies`` or ``names`` (a class list file) make a class set: one PDF, a sheet a page
    (``paper``: ``a4`` by default, or ``letter``; ``paper`` alone puts one sheet on such a
    page); ``seed`` puts a seed code's rolls on a map's sheets; ``lang`` is their language."""
    suffix = output.suffix.lower()
    if suffix not in SHEET_SUFFIXES:   # checked first: no work is done for a bad target
        shown = repr(output.suffix) if output.suffix else "no suffix"
        message = (f"cannot write a sheet with {shown}: the output must end in "
                   f"{', '.join(SHEET_SUFFIXES)}")
        raise Failure(EXIT_BAD_FILE, f"{output}: {message}",
                      {"file": str(output), "message": message})
    class_set = copies is not None or names is not None
    if (class_set or paper is not None) and suffix != ".pdf":
        option = "--copies" if copies is not None else "--names" if names is not None \
            else "--paper"
        message = f"{option} makes pages of a PDF: the output must end in .pdf"
        raise Failure(EXIT_BAD_FILE, f"{output}: {message}",
                      {"file": str(output), "message": message})
    pupils = read_class_list(names) if names is not None else None
    if copies is not None and pupils is not None and len(pupils) > copies:
        message = (f"--copies {copies} is fewer than the {len(pupils)} names in --names "
                   f"{names}: a class set needs a sheet for every name")
        raise Failure(EXIT_BAD_FILE, message, {"file": names, "message": message})
    doc = load(path)
    info: dict[str, Any] = {"output": str(output), "format": suffix[1:], "source": path}
    if isinstance(doc, GameLog):
        for option, value in (("--copies", copies), ("--names", names), ("--seed", seed)):
            if value is not None:
                bad_option(path, f"{option} prints blank sheets of a map or a puzzle; this "
                           "is a game log")
        info.update(kind="game", player=player_name(doc, player, path))
    elif player is not None:
        bad_option(path, "--player applies only to game logs")
    else:
        info["kind"] = "puzzle" if isinstance(doc, Puzzle) else "map"
    if seed is not None and isinstance(doc, Puzzle):
        bad_option(path, "--seed gives the rolls of a map; a puzzle has its own rolls")
    if lang is not None:
        info["lang"] = lang
    if seed is not None:
        info["seed"] = str(normalise_seed(seed))
    if class_set or paper is not None:
        if isinstance(doc, GameLog):     # --paper alone: one game's sheet on that paper
            info.update(pages=1, paper=paper)
            write_pages_output(doc, output, player=info["player"], paper=paper or "a4",
                               lang=lang)
            return info
        pages = copies if copies is not None else len(pupils) if pupils else 1
        info.update(pages=pages, paper=paper or "a4", names=pupils or [])
        info["cut"] = write_class_output(doc, output, copies=pages, names=pupils or [],
                                         seed=seed, paper=paper or "a4", lang=lang)
    else:
        write_output(doc, output, player=info.get("player"), seed=seed, lang=lang)
    return info


def bad_option(path: str, message: str) -> NoReturn:
    raise Failure(EXIT_BAD_FILE, f"{path}: {message}", {"file": path, "message": message})


def read_class_list(names: str) -> list[str]:
    """The names of ``--names FILE``; a file that is missing or unreadable is one failure
    naming the option and the file."""
    from .render.classset import read_names

    try:
        return read_names(names)
    except FormatError as e:
        message = f"--names: {e.message}"
        raise Failure(EXIT_BAD_FILE, f"{names}:{e.line}: {message}" if e.line else
                      f"{names}: {message}", {"file": names, "line": e.line,
                                              "message": message}) from None
    except OSError as e:
        message = f"--names: cannot read the class list: {e.strerror or e}"
        raise Failure(EXIT_BAD_FILE, f"{names}: {message}",
                      {"file": names, "message": message}) from None


def player_name(log: GameLog, player: str | None, path: str) -> str:
    """The named player of the log, or the first one."""
    names = [p.name for p in log.players]
    if player is None:
        return names[0]
    if player not in names:
        message = f"no player {player!r} in the log (players: {', '.join(names)})"
        raise Failure(EXIT_BAD_FILE, f"{path}: {message}", {"file": path, "message": message})
    return player


@contextlib.contextmanager
def _writing(output: Path, what: str) -> Iterator[None]:
    """Check that ``output`` can be a file (not a directory, in one that exists), then run
    the block that writes it; each problem is one failure naming the file and ``what``:
    ``with _writing(path, "the sheet"): write_sheet(doc, path)``."""
    def cannot(reason: str) -> Failure:
        message = f"cannot write {what}: {reason}"
        return Failure(EXIT_BAD_FILE, f"{output}: {message}",
                       {"file": str(output), "message": message})

    if output.is_dir():
        raise cannot("it is a directory")
    if not output.parent.is_dir():
        raise cannot(f"directory {str(output.parent)!r} does not exist")
    try:
        yield
    except OSError as e:
        raise cannot(e.strerror or str(e)) from None


def write_output(doc: Document, output: Path, *, player: str | None,
                 seed: str | None = None, lang: str | None = None) -> None:
    """``write_sheet`` with the target checked first, and OS errors naming the target."""
    from .render.export import write_sheet  # lazily: validate and score never load rendering

    with _writing(output, "the sheet"):
        if isinstance(doc, GameLog):
            write_sheet(doc, output, player=player, lang=lang)
        else:
            write_sheet(doc, output, seed=seed, lang=lang)


def write_pages_output(log: GameLog, output: Path, *, player: str, paper: str,
                       lang: str | None) -> None:
    """One game's sheet as a PDF page of ``paper``, the target checked first."""
    from .render.export import pdf_pages, write_atomically
    from .render.svg import render_svg

    with _writing(output, "the sheet"):
        write_atomically(output, pdf_pages([render_svg(log, player=player, lang=lang)],
                                           paper))


def write_class_output(doc: Map | Puzzle, output: Path, *, copies: int | None,
                       names: list[str], seed: str | None, paper: str,
                       lang: str | None) -> list[str]:
    """The class set's PDF, the target checked first; returns the names that the sheets'
    name line had to cut."""
    from .render.classset import class_set, shown_name, write_class_set

    with _writing(output, "the class set"):
        write_class_set(doc, output, paper=paper, copies=copies, names=names, seed=seed,
                        lang=lang)
    sheets = class_set(doc, names=names, lang=lang) if names else []
    return [name for name, sheet in zip(names, sheets, strict=True)
            if shown_name(sheet) != name]


# ---------------------------------------------------------------------------------------
# paleo code FILE, paleo decode CODE [-o FILE]


def kind_of(doc: Document) -> str:
    """``"map"``, ``"puzzle"`` or ``"log"``: what a file (or a code) holds."""
    return "log" if isinstance(doc, GameLog) else "puzzle" if isinstance(doc, Puzzle) else "map"


def cmd_code(args: argparse.Namespace, out: Output) -> int:
    def action() -> dict[str, Any]:
        from .core.codes import encode

        doc = load(args.file)
        code = encode(doc)
        return {"file": args.file, "kind": kind_of(doc), "code": code, "length": len(code)}

    result = attempt(args.file, action)
    if isinstance(result, Failure):
        return out.failure(result)
    out.json(result)
    out.text(result["code"])
    return EXIT_OK


def cmd_decode(args: argparse.Namespace, out: Output) -> int:
    target = Path(args.output) if args.output else None

    def action() -> dict[str, Any]:
        from .core.atomic import write_atomically
        from .core.codes import decode, file_text

        doc = decode(args.code)
        text, suffix = file_text(doc)
        kind = kind_of(doc)
        if target is not None:
            if target.suffix.lower() != suffix:
                message = (f"cannot write the {kind}: the code holds a {kind}, which is "
                           f"written to a {suffix} file")
                raise Failure(EXIT_BAD_FILE, f"{target}: {message}",
                              {"file": str(target), "message": message})
            if target.exists() and not args.force:
                message = f"cannot write the {kind}: it exists (use --force to overwrite)"
                raise Failure(EXIT_BAD_FILE, f"{target}: {message}",
                              {"file": str(target), "message": message})
            with _writing(target, f"the {kind}"):
                write_atomically(target, text.encode("utf-8"))
        return {"file": None if target is None else str(target), "kind": kind, "text": text}

    result = attempt("<code>", action)
    if isinstance(result, Failure):
        return out.failure(result)
    out.json({k: v for k, v in result.items() if k != "text" or target is None})
    if target is None:
        out.text(result["text"].rstrip("\n"))
    else:
        out.text(f"wrote {target} ({result['kind']})")
    return EXIT_OK


# ---------------------------------------------------------------------------------------
# paleo score LOG


def load_log(path: str, why: str) -> GameLog:
    """The game log at ``path``; a map or puzzle is a failure naming the file and ``why``
    a log is needed."""
    doc = load(path)
    if not isinstance(doc, GameLog):
        kind = "puzzle" if isinstance(doc, Puzzle) else "map"
        message = f"is a {kind}, not a game log ({why}, .json)"
        raise Failure(EXIT_BAD_FILE, f"{path}: {message}", {"file": path, "message": message})
    return doc


def cmd_score(args: argparse.Namespace, out: Output) -> int:
    def action() -> tuple[GameLog, Outcome]:
        doc = load_log(args.log, "score replays a recorded game")
        return doc, doc.outcome()

    result = attempt(args.log, action)
    if isinstance(result, Failure):
        return out.failure(result)
    log, outcome = result
    players = [{"name": name, **score.to_dict()} for name, score in outcome.scores]
    out.json({"players": players, "winners": list(outcome.winners)})
    if not out.as_json:
        for line in score_table(log, outcome.scores, outcome.winners):
            out.text(line)
    return EXIT_OK


def score_table(log: GameLog, scores: Sequence[tuple[str, Score]],
                winners: Sequence[str]) -> Iterator[str]:
    """A readable table: each player's fossils (points + same-dig bonus), +1s and total.

    Ada      7  Ammonite (A) 4+2         1
    """
    game_map = _map_of(log.document)
    total = len(log.document.rolls) if isinstance(log.document, Puzzle) else game_map.rounds
    played = len(log.rolls)
    when = "final score" if played >= total else f"after {played} of {total} rounds"
    yield f"{game_map.name}: {when}"

    def fossils(score: Score) -> str:
        parts = []
        for f in score.fossils:
            label = game_map.fossil(f.id).name
            name = f"{label} ({f.id})" if label else f.id
            parts.append(f"{name} {f.points}" + (f"+{f.bonus}" if f.bonus else ""))
        return ", ".join(parts) or "-"

    rows = [(name, str(s.total), fossils(s), str(s.plus_one)) for name, s in scores]
    head = ("player", "score", "fossils dug up (points+same-dig bonus)", "+1 points")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(4)]
    for r in [head, *rows]:
        yield (f"{r[0]:<{widths[0]}}  {r[1]:>{widths[1]}}  {r[2]:<{widths[2]}}  "
               f"{r[3]:>{widths[3]}}").rstrip()
    if winners:
        best = max(s.total for _, s in scores)
        label = "winner" if len(winners) == 1 else "winners (shared)"
        yield f"{label}: {', '.join(winners)} with {best} point{'s' if best != 1 else ''}"


# ---------------------------------------------------------------------------------------
# The exact solver (paleowidgets/solver/exact.py):
#   solve(puzzle, *, time_limit=None, progress=None)
#       -> Solution(optimum, proven, turns, nodes, seconds, bound)
# `paleo solve` and `paleo puzzles verify` import it lazily; when it is missing they exit 2
# with one line, and every other subcommand keeps working.

SolveFunction = Callable[..., "Solution"]


def _solver() -> SolveFunction:
    """``paleowidgets.solver.exact.solve``, imported only for solve and verify; a missing
    solver is a one-line failure (exit 2), while an import error inside it stays a bug."""
    name = "paleowidgets.solver.exact"
    try:
        from .solver.exact import solve
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        message = f"solving puzzles needs {name}, which this installation does not have"
        raise Failure(EXIT_BAD_FILE, message, {"message": message}) from None
    return solve


class StatusLine:
    """One line on a terminal's stderr, rewritten in place and gone when done; nothing when
    stderr is not a terminal (a pipe, a log file) or when not ``enabled`` (``--json``)."""

    WIDTH = 24

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.start = time.monotonic()
        self.shown = False

    def bar(self, share: float) -> str:
        """``[######··················]`` for a share from 0 to 1."""
        done = round(self.WIDTH * min(1.0, max(0.0, share)))
        return f"[{'#' * done}{'·' * (self.WIDTH - done)}]"

    def show(self, text: str) -> None:
        if self.enabled:
            print(f"\r{text}\033[K", end="", file=sys.stderr, flush=True)
            self.shown = True

    def clear(self) -> None:
        if self.shown:
            print("\r\033[K", end="", file=sys.stderr, flush=True)
            self.shown = False


class Progress(StatusLine):
    """Solver progress: a bar of the time limit when there is one, else the time spent;
    nodes and the best line."""

    def __init__(self, enabled: bool, time_limit: float | None = None) -> None:
        super().__init__(enabled)
        self.time_limit = time_limit

    def line(self, nodes: int, best: int, elapsed: float) -> str:
        """``[######··················] 3.1 s of 12 s · 1,234 nodes · best line 17``"""
        where = f"{elapsed:.1f} s"
        if self.time_limit:
            where = f"{self.bar(elapsed / self.time_limit)} {where} of {self.time_limit:g} s"
        return f"  {where} · {nodes:,} nodes · best line {best} (Ctrl-C keeps it)"

    def __call__(self, nodes: int, best: int) -> None:
        if self.enabled:
            self.show(self.line(nodes, best, time.monotonic() - self.start))


class GamesProgress(StatusLine):
    """Simulation progress: ``[######··················] 50 of 200 games · 12.3 s``, at
    most ten times a second."""

    def __init__(self, enabled: bool) -> None:
        super().__init__(enabled)
        self.last = 0.0

    def line(self, done: int, total: int, elapsed: float) -> str:
        return f"  {self.bar(done / total)} {done} of {total} games · {elapsed:.1f} s"

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.enabled and (now - self.last >= 0.1 or done == total):
            self.last = now
            self.show(self.line(done, total, now - self.start))


class AnalysisStatus(StatusLine):
    """Analysis progress: ``[######··················] 15.2 s of 60 s · 9 of 20 rounds``,
    at most ten times a second (``analyse`` calls it after each round and about twice a
    second in between)."""

    def __init__(self, enabled: bool, total_time: float) -> None:
        super().__init__(enabled)
        self.total_time = total_time
        self.last = 0.0

    def line(self, done: int, total: int, elapsed: float) -> str:
        return (f"  {self.bar(elapsed / self.total_time)} {elapsed:.1f} s of "
                f"{self.total_time:g} s · {done} of {total} rounds analysed")

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.enabled and now - self.last >= 0.1:
            self.last = now
            self.show(self.line(done, total, now - self.start))


def _turn_dicts(turns: Sequence[Turn | dict[str, Any]]) -> list[dict[str, Any]]:
    return [t.to_dict() if isinstance(t, Turn) else dict(t) for t in turns]


def _as_turns(turns: Sequence[Turn | dict[str, Any]]) -> list[Turn]:
    return [t if isinstance(t, Turn) else Turn.from_dict(t) for t in turns]


def load_puzzle(path: str) -> Puzzle:
    doc = load_document(path)
    if not isinstance(doc, Puzzle):
        message = "is a map, not a puzzle (it has no [puzzle] table with rolls)"
        raise Failure(EXIT_BAD_FILE, f"{path}: {message}", {"file": path, "message": message})
    return doc


def replayed_score(puzzle: Puzzle, turns: Sequence[Turn]) -> int:
    """The score a line of play reaches on the puzzle (checked turn by turn)."""
    return replay_turns(Game.from_puzzle(puzzle), puzzle.rolls, turns)[-1].score().total


def cmd_solve(args: argparse.Namespace, out: Output) -> int:
    def action() -> dict[str, Any]:
        puzzle = load_puzzle(args.puzzle)
        solve = _solver()
        progress = Progress(not out.as_json, args.time_limit)
        try:
            sol = solve(puzzle, time_limit=args.time_limit, progress=progress)
        finally:
            progress.clear()
        turns = _as_turns(sol.turns)
        reached = replayed_score(puzzle, turns)     # never print a line that does not replay
        if reached != sol.optimum:
            raise RuntimeError(f"the solver's line scores {reached}, not its optimum "
                               f"{sol.optimum}")
        bound = getattr(sol, "bound", None)
        if bound is None and sol.proven:
            bound = sol.optimum
        return {"optimum": sol.optimum, "proven": bool(sol.proven),
                "bound": None if bound is None else int(bound),
                "solution": _turn_dicts(turns), "nodes": int(sol.nodes),
                "seconds": round(float(sol.seconds), 3)}

    result = attempt(args.puzzle, action)
    if isinstance(result, Failure):
        return out.failure(result)
    out.json(result)
    found = f"optimum {result['optimum']} proven"
    if not result["proven"]:
        at_most = "" if result["bound"] is None else f", at most {result['bound']}"
        found = (f"optimum {result['optimum']} NOT proven (time limit reached): best found "
                 f"{result['optimum']}{at_most}")
    out.text(f"{args.puzzle}: {found}; "
             f"{_plural(result['nodes'], 'node')} in {result['seconds']:.2f} s")
    out.text("# paste into the [puzzle] table:")
    out.text(f"optimum = {result['optimum']}")
    out.text("solution = [")
    for turn in result["solution"]:
        out.text(f"  {turn_inline(turn)},")
    out.text("]")
    return EXIT_OK


# ---------------------------------------------------------------------------------------
# paleo analyse LOG: the hindsight analysis of one player's finished game


def cmd_analyse(args: argparse.Namespace, out: Output) -> int:
    def action() -> dict[str, Any]:
        from .solver.analysis import analyse_log

        log = load_log(args.log, "analyse reads a recorded game")
        name = player_name(log, args.player, args.log)
        turns = next(p.turns for p in log.players if p.name == name)
        rounds = log.game.rounds
        if len(turns) != rounds:
            message = (f"{name}'s game is not finished: {len(turns)} turns of {rounds} "
                       "(the analysis needs every roll and every turn)")
            raise Failure(EXIT_BAD_FILE, f"{args.log}: {message}",
                          {"file": args.log, "message": message})
        start = time.monotonic()
        status = AnalysisStatus(not out.as_json, args.time_limit)
        try:
            a = analyse_log(log, name, total_time=args.time_limit, progress=status)
        finally:
            status.clear()
        return {"player": name, **a.to_dict(), "seconds": round(time.monotonic() - start, 3)}

    result = attempt(args.log, action)
    if isinstance(result, Failure):
        return out.failure(result)
    out.json(result)
    if not out.as_json:
        for line in analysis_table(result):
            out.text(line)
    return EXIT_OK


def _bracket(found: int, bound: int) -> str:
    return str(found) if found == bound else f"{found}-{bound}"


def analysis_table(result: dict[str, Any]) -> Iterator[str]:
    """``paleo analyse``'s table: per round the roll, the best final score still reachable
    before the turn played (a bracket "found-bound" when not proven), after it, the regret
    (a bracket when not proven) and whether the round is proven; then the summary."""
    yield f"{'round':>5}  {'roll':<4}  {'best before':>11}  {'best after':>10}  " \
          f"{'regret':>6}  proven"
    for ra in result["rounds"]:
        a, b = ra["roll"]
        yield (f"{ra['round']:>5}  {a} {b}   {_bracket(ra['best_before'], ra['bound_before']):>11}"
               f"  {_bracket(ra['best_after'], ra['bound_after']):>10}"
               f"  {_bracket(ra['regret_low'], ra['regret_high']):>6}"
               f"  {'yes' if ra['proven'] else 'no'}")
    n = len(result["rounds"])
    proven = sum(1 for ra in result["rounds"] if ra["proven"])
    best = result["best"] if result["best"] == result["bound"] else \
        f"{result['best']}, at most {result['bound']}"
    stopped = (", stopped by Ctrl-C (the rounds not reached: the line played and a quick "
               "bound)") if result.get("stopped") else ""
    yield (f"{result['player']}: final {result['final']}, best reachable {best}; "
           f"{proven} of {n} rounds proven in {result['seconds']:.1f} s{stopped}")


# ---------------------------------------------------------------------------------------
# paleo puzzles verify DIR_OR_FILES...


def puzzle_paths(items: Sequence[str]) -> list[str]:
    """Files as given; a directory stands for every ``*.toml`` under it, sorted."""
    paths: list[str] = []
    for item in items:
        p = Path(item)
        if p.is_dir():
            found = sorted(str(f) for f in p.rglob("*.toml") if f.is_file())
            paths.extend(found or [item])
        else:
            paths.append(item)
    return paths


def verify_puzzle(path: str, solve: SolveFunction, time_limit: float | None, *,
                  grading: bool = False) -> dict[str, Any]:
    """Refuse a draft, replay the solution to its optimum, re-prove the optimum; with
    ``grading``, grade it too (``"grade"``: solver/grading.py's tier and measures)."""
    if Path(path).is_dir():
        message = "no puzzle files (*.toml) in this directory"
        raise Failure(EXIT_BAD_FILE, f"{path}: {message}", {"file": path, "message": message})
    puzzle = load_puzzle(path)
    if puzzle.is_draft:
        message = "is a draft (no solution): solve it first with `paleo solve`"
        raise Failure(EXIT_ILLEGAL, f"{path}: {message}", {"file": path, "message": message})
    check_solution(puzzle)    # replays the solution; it must score exactly the optimum
    sol = solve(puzzle, time_limit=time_limit)
    if not sol.proven:
        message = (f"could not prove the optimum within {time_limit} s "
                   f"(best found {sol.optimum}, the file says {puzzle.optimum})")
        raise Failure(EXIT_ILLEGAL, f"{path}: {message}", {"file": path, "message": message})
    if sol.optimum != puzzle.optimum:
        message = f"optimum says {puzzle.optimum} but the solver proves {sol.optimum}"
        raise Failure(EXIT_ILLEGAL, f"{path}: {message}", {"file": path, "message": message})
    result: dict[str, Any] = {"optimum": sol.optimum, "proven": True, "nodes": int(sol.nodes),
                              "seconds": round(float(sol.seconds), 3)}
    if grading:
        result["grade"] = _grade_of(puzzle, sol)
    return result


def each_puzzle(args: argparse.Namespace, out: Output,
                work: Callable[[str, Any], dict[str, Any]],
                lines: Callable[[str, dict[str, Any]], list[str]]) -> int:
    """Run ``work(path, solve)`` on every puzzle of ``args.paths``: its text ``lines`` or its
    JSON object per file; a file that fails is reported and the others still run. The exit
    code is the worst of them."""
    solve = attempt(None, _solver)
    if isinstance(solve, Failure):
        return out.failure(solve)
    worst = EXIT_OK
    for path in puzzle_paths(args.paths):
        result = attempt(path, functools.partial(work, path, solve))
        if isinstance(result, Failure):
            worst = max(worst, out.failure(result, json_object={
                "file": path, "ok": False, "error": result.error}))
            continue
        for line in lines(path, result):
            out.text(line)
        out.json({"file": path, "ok": True, **result})
    return worst


def cmd_puzzles_verify(args: argparse.Namespace, out: Output) -> int:
    def work(path: str, solve: Any) -> dict[str, Any]:
        return verify_puzzle(path, solve, args.time_limit, grading=args.grade)

    def lines(path: str, result: dict[str, Any]) -> list[str]:
        ok = (f"ok: {path} (optimum {result['optimum']} proven, solution replays; "
              f"{_plural(result['nodes'], 'node')}, {result['seconds']:.2f} s)")
        return [ok] + (["  " + _grade_text(path, result["grade"])] if "grade" in result else [])

    return each_puzzle(args, out, work, lines)


# ---------------------------------------------------------------------------------------
# paleo puzzles grade FILE...   and   paleo puzzles new --size WxH ... [-o FILE]


def _grade_of(puzzle: Puzzle, sol: Solution, *, first_moves: bool = False) -> dict[str, Any]:
    """The grade of a solved puzzle (solver/grading.py) with the tier its file states."""
    from .solver.grading import FIRST_MOVES_CAP, grade

    g = grade(puzzle, sol, first_moves=first_moves)
    summary = str(g)
    if first_moves and g.first_moves is None:
        summary += f"; first round not analysed (more than {FIRST_MOVES_CAP} first turns)"
    return {**g.to_dict(), "difficulty": puzzle.difficulty,
            "agrees": g.tier == puzzle.difficulty, "summary": summary}


def _grade_text(path: str, g: dict[str, Any]) -> str:
    says = g["difficulty"] or "no difficulty"
    note = "" if g["agrees"] else f" -- the file says {says}"
    return f"{path}: {g['summary']}{note}"


def cmd_puzzles_grade(args: argparse.Namespace, out: Output) -> int:
    def work(path: str, solve: Any) -> dict[str, Any]:
        puzzle = load_puzzle(path)
        sol = solve(puzzle, time_limit=args.time_limit)
        if not sol.proven:
            message = f"could not prove the optimum within {args.time_limit} s"
            raise Failure(EXIT_ILLEGAL, f"{path}: {message}", {"file": path, "message": message})
        return _grade_of(puzzle, sol, first_moves=args.first_moves)

    return each_puzzle(args, out, work, lambda path, result: [_grade_text(path, result)])


def _size(text: str) -> tuple[int, int]:
    """``--size 8x6``: width and height, each from 3 to 26."""
    w, sep, h = text.lower().partition("x")
    if not (sep and w.isdigit() and h.isdigit()):
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT like 8x8, not {text!r}")
    if not (3 <= int(w) <= 26 and 3 <= int(h) <= 26):
        raise argparse.ArgumentTypeError(f"width and height go from 3 to 26, not {text!r}")
    return int(w), int(h)


def _count(lo: int, hi: int) -> Callable[[str], int]:
    def read(text: str) -> int:
        if not text.strip().isdigit() or not lo <= int(text) <= hi:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi}, "
                                             f"not {text!r}")
        return int(text)
    return read


def _bonus(text: str) -> tuple[str, int]:
    """``--bonus switch-shape=1``: a starting bonus kind and how many."""
    from .core.terms import BONUS_KINDS

    kind, sep, n = text.partition("=")
    if not sep or kind not in BONUS_KINDS or not n.isdigit() or not 1 <= int(n) <= 20:
        raise argparse.ArgumentTypeError(f"a bonus is KIND=N with KIND one of "
                                         f"{', '.join(BONUS_KINDS)} and N from 1 to 20, "
                                         f"not {text!r}")
    return kind, int(n)


def new_puzzle_file(args: argparse.Namespace) -> dict[str, Any]:
    """Generate, solve, grade and write one puzzle (``paleo puzzles new``)."""
    from .solver.puzzlegen import Spec, new_puzzle

    target = Path(args.output) if args.output else None
    if target is not None:      # checked first: no solving for a file we will not write
        problem = ("it exists (use --force to overwrite)" if target.exists() and not args.force
                   else "it is a directory" if target.is_dir()
                   else f"directory {str(target.parent)!r} does not exist"
                   if not target.parent.is_dir() else "")
        if problem:
            message = f"cannot write the puzzle: {problem}"
            raise Failure(EXIT_BAD_FILE, f"{target}: {message}",
                          {"file": str(target), "message": message})
    width, height = args.size
    kinds = [k for k, _ in args.bonus]
    if len(set(kinds)) != len(kinds):
        raise Failure(EXIT_BAD_FILE, "each --bonus kind may be given once")
    if args.stars + args.predrawn > (width - 2) * (height - 2):
        message = (f"{args.stars} stars and {args.predrawn} drawn cells do not fit on a "
                   f"{width}x{height} map with {args.fossils} fossils")
        raise Failure(EXIT_BAD_FILE, message)
    spec = Spec(width, height, args.fossils, args.rounds, args.theme, args.stars,
                args.predrawn, tuple(args.bonus), args.custom_dice)
    try:
        made = new_puzzle(spec, args.seed, title=args.title or "", story=args.story or "",
                          tier=args.tier, time_limit=args.time_limit,
                          max_nodes=args.max_nodes, tries=args.tries)
    except LookupError as e:
        raise Failure(EXIT_BAD_FILE, str(e)) from None
    except RuntimeError as e:   # random_puzzle: the fossils do not fit on the map
        raise Failure(EXIT_BAD_FILE, f"cannot place {args.fossils} fossils apart and off "
                      f"the edge of a {width}x{height} map with {args.stars} stars and "
                      f"{args.predrawn} drawn cells ({e})") from None
    if target is not None:
        tmp = target.with_name(f".{target.name}.tmp")
        tmp.write_text(made.text, encoding="utf-8")
        tmp.replace(target)     # the file appears whole or not at all
    return {"file": None if target is None else str(target), "candidates": made.candidates,
            "rejected": [{"candidate": r.number, "reason": r.reason} for r in made.rejected],
            "optimum": made.solution.optimum, "grade": made.grade.to_dict(),
            "toml": made.text}


def cmd_puzzles_new(args: argparse.Namespace, out: Output) -> int:
    result = attempt(args.output, lambda: new_puzzle_file(args))
    if isinstance(result, Failure):
        return out.failure(result)
    out.json(result)
    if result["file"] is None:
        out.text(result["toml"].rstrip("\n"))
        return EXIT_OK
    g = result["grade"]
    out.text(f"wrote {result['file']}: optimum {result['optimum']}, {g['tier']} "
             f"({g['points']} points), greedy {g['greedy']}; candidate "
             f"{result['candidates']} (rejected: {len(result['rejected'])}). "
             "Now edit its title and story.")
    return EXIT_OK


# ---------------------------------------------------------------------------------------
# paleo simulate MAP --bot NAME --games N [--seed S] [-o HIST]

CHART_SUFFIXES = (".svg", ".png", ".pdf")
MAX_GAMES = 1_000_000


def simulation_game(spec: str) -> tuple[Game, tuple[tuple[int, int], ...] | None, str]:
    """The game to simulate for MAP: a map or puzzle file, or a shipped map's name. A
    puzzle plays its own rolls (and starting bonuses) every game; a map is rolled afresh.
    Returns the game, the fixed rolls (None for a map) and the map's name."""
    from .data import MAP_NAMES, load_map

    if spec in MAP_NAMES and not Path(spec).exists():
        game_map = load_map(spec)
        return Game(game_map), None, game_map.name
    if not Path(spec).exists() and not Path(spec).suffix:
        message = f"no such file, and no shipped map of that name ({', '.join(MAP_NAMES)})"
        raise Failure(EXIT_BAD_FILE, f"{spec}: {message}", {"file": spec, "message": message})
    doc = load(spec)
    if isinstance(doc, GameLog):
        message = ("is a game log, not a map (simulate plays a map or puzzle file, or a "
                   f"shipped map: {', '.join(MAP_NAMES)})")
        raise Failure(EXIT_BAD_FILE, f"{spec}: {message}", {"file": spec, "message": message})
    if isinstance(doc, Puzzle):
        return Game.from_puzzle(doc), doc.rolls, doc.map.name
    return Game(doc), None, doc.name


def score_stats(scores: Sequence[int]) -> dict[str, Any]:
    """Mean, sample sd (0 for one game), min, quartiles (inclusive method), max, and the
    count of every score from min to max (0 counts included)."""
    import statistics

    q1, median, q3 = (statistics.quantiles(scores, n=4, method="inclusive")
                      if len(scores) > 1 else [float(scores[0])] * 3)
    counts = {s: 0 for s in range(min(scores), max(scores) + 1)}
    for s in scores:
        counts[s] += 1
    return {"mean": round(statistics.fmean(scores), 4),
            "sd": round(statistics.stdev(scores), 4) if len(scores) > 1 else 0.0,
            "min": min(scores), "q1": q1, "median": median, "q3": q3, "max": max(scores),
            "histogram": [{"score": s, "count": c} for s, c in counts.items()]}


def simulate_map(spec: str, bot_name: str, games: int, seed: int,
                 progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play ``games`` seeded games of the bot; the ``--json`` object of ``paleo simulate``."""
    from .solver.bots import bot_named, simulate

    game, rolls, name = simulation_game(spec)
    finals = simulate(game, bot_named(bot_name), games, seed=seed, rolls=rolls,
                      progress=progress)
    scores = [s.score().total for s in finals]
    everything = (1 << len(game.map.fossils)) - 1
    full = sum(1 for s in finals if s.dug == everything)
    return {"map": spec, "name": name, "bot": bot_name, "games": games, "seed": seed,
            "rounds": game.rounds, "rolls": "seeded" if rolls is None else "puzzle",
            "scores": scores, **score_stats(scores), "full_digs": full}


def simulation_text(result: dict[str, Any]) -> Iterator[str]:
    """The readable report: the numbers, then a histogram in text."""
    from .render.chart import histogram_bins  # pure numbers; no drawing is loaded

    n = result["games"]
    rolls = ("the puzzle's rolls every game" if result["rolls"] == "puzzle" else
             f"seeds {result['seed']}..{result['seed'] + n - 1}")
    yield (f"{result['name']} ({result['map']}): {_plural(n, 'game')} of the {result['bot']} "
           f"bot, {result['rounds']} rounds, {rolls}")
    yield f"mean {result['mean']:.2f}  sd {result['sd']:.2f}"
    yield (f"min {result['min']}  q1 {result['q1']:g}  median {result['median']:g}  "
           f"q3 {result['q3']:g}  max {result['max']}")
    yield (f"full digs (every fossil dug up): {result['full_digs']} of {n} "
           f"({result['full_digs'] / n:.1%})")
    bins = histogram_bins(result["scores"], most=16)
    widest = max(c for _, _, c in bins)
    yield "histogram (score: games):"
    for lo, hi, count in bins:
        label = f"{lo}" if hi - lo == 1 else f"{lo}-{hi - 1}"
        yield f"  {label:>7}  {count:6d} {'#' * round(50 * count / widest)}".rstrip()


def write_histogram(result: dict[str, Any], output: Path) -> None:
    """The score histogram as an image (.svg, .png, .pdf), written whole or not at all."""
    from .render.chart import histogram
    from .render.export import sheet_bytes, write_atomically

    svg = histogram(result["scores"], title=f"{result['name']}: {result['bot']} bot, "
                    f"{_plural(result['games'], 'game')}", xlabel="score", ylabel="games",
                    mark=result["mean"], mark_label=f"mean {result['mean']:.1f}")
    with _writing(output, "the histogram"):
        write_atomically(output, sheet_bytes(svg, output.suffix.lower()))


def cmd_simulate(args: argparse.Namespace, out: Output) -> int:
    def action() -> dict[str, Any]:
        output = Path(args.output) if args.output else None
        if output is not None and output.suffix.lower() not in CHART_SUFFIXES:
            shown = repr(output.suffix) if output.suffix else "no suffix"
            message = (f"cannot write a histogram with {shown}: the output must end in "
                       f"{', '.join(CHART_SUFFIXES)}")   # checked before any game is played
            raise Failure(EXIT_BAD_FILE, f"{output}: {message}",
                          {"file": str(output), "message": message})
        progress = GamesProgress(not out.as_json)
        try:
            result = simulate_map(args.map, args.bot, args.games, args.seed, progress)
        finally:
            progress.clear()
        if output is not None:
            write_histogram(result, output)
            result["output"] = str(output)
        return result

    result = attempt(args.map, action)
    if isinstance(result, Failure):
        return out.failure(result)
    out.json(result)
    for line in simulation_text(result):
        out.text(line)
    if "output" in result:
        out.text(f"wrote {result['output']}: score histogram")
    return EXIT_OK


# ---------------------------------------------------------------------------------------
# paleo results FOLDER


def cmd_results(args: argparse.Namespace, out: Output) -> int:
    """The class's answers to the lessons' checks: one row a pupil, one column an exercise."""
    from .exercises.results import load_results
    folder = Path(args.folder)
    if not folder.is_dir():
        return out.failure(Failure(EXIT_BAD_FILE, f"{folder}: no such folder",
                                   {"file": str(folder), "message": "no such folder"}))
    table = load_results(folder)
    out.json(table.to_json())
    out.text(str(table) if table.records else f"{folder}: no answers recorded yet")
    for _file, why in table.skipped:
        print(f"paleo: skipped {_one_line(why)}", file=sys.stderr)
    return EXIT_OK if not table.skipped else EXIT_BAD_FILE


def _games(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of games: {text!r}") from None
    if not 1 <= value <= MAX_GAMES:
        raise argparse.ArgumentTypeError(f"the number of games must be 1 to {MAX_GAMES:,}, "
                                         f"not {text!r}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number, not {text!r}"
                                         ) from None


# ---------------------------------------------------------------------------------------
# The parser and main


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("paleowidgets")
    except Exception:
        return "unknown"


# ---------------------------------------------------------------------------------------
# paleo lessons student TEACHER.ipynb... -o OUT


def cmd_lessons_student(args: argparse.Namespace, out: Output) -> int:
    """Write the pupil edition of each teacher notebook (paleowidgets.editions)."""
    from .editions import write_pupil_edition

    problem = _lessons_output(args.output, several=len(args.notebooks) > 1)
    if problem:
        return out.failure(Failure(EXIT_BAD_FILE, f"{args.output}: {problem}"))
    output = Path(args.output)
    worst = EXIT_OK
    for path in args.notebooks:
        def action(path: str = path) -> Path:
            return write_pupil_edition(Path(path), output)

        result = attempt(path, action)
        if isinstance(result, Failure):
            worst = max(worst, out.failure(result))
            continue
        out.text(f"wrote {result}: the pupil edition of {path}")
        out.json({"file": path, "output": str(result)})
    return worst


def _lessons_output(raw: str, *, several: bool) -> str:
    """Why ``-o`` cannot take the pupil editions ('' when it can), making the folder it
    names: a path ending in ``/`` or an existing folder is a folder (created if missing);
    anything else is one notebook, ``.ipynb``, in an existing folder."""
    output = Path(raw)
    if raw.endswith(("/", os.sep)) or output.is_dir():
        if output.exists() and not output.is_dir():
            return "not a folder: a file of that name is in the way"
        try:
            output.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            return f"cannot create the folder: {e.strerror or e}"
        return ""
    if several:
        return ("not a folder (several notebooks go into a folder; end its name with / to "
                "have it created)")
    if output.suffix.lower() != ".ipynb":
        return ("neither a folder nor a notebook: end a folder's name with / (it is created "
                "if missing), or a notebook's with .ipynb")
    if not output.parent.is_dir():
        return (f"no folder {output.parent} to write it in (end the output with / to write "
                "into a new folder)")
    return ""


def _copies(text: str) -> int:
    from .render.classset import MAX_COPIES

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of sheets: {text!r}") from None
    if not 1 <= value <= MAX_COPIES:
        raise argparse.ArgumentTypeError(f"a class set has 1 to {MAX_COPIES} sheets, "
                                         f"not {value}")
    return value


def _seed_code(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("the seed code is empty")
    return text


def _language(text: str) -> str:
    from .i18n import normalize

    try:
        return normalize(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"the time limit must be positive, not {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--json", action="store_true",
                        help="machine-readable output on stdout (FORMATS.md)")
    parser = argparse.ArgumentParser(
        prog="paleo", description="Paleontologists: check, draw, score and solve the files "
        "of FORMATS.md. Exit codes: 0 ok, 1 illegal turn, 2 unreadable or bad file, "
        "3 internal error.")
    parser.add_argument("--version", action="version", version=f"paleo {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("validate", parents=[common], help="check map, puzzle and log files",
                       description="Check each file; one line per file (with --json, one "
                       "JSON object per line). Exits with the worst code.")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(run=cmd_validate)

    p = sub.add_parser("render", parents=[common], help="a printable sheet (.svg .png .pdf)",
                       description="Draw a map, a puzzle or the finished game of one player "
                       "of a log.")
    p.add_argument("file", metavar="FILE")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="the sheet to write: .svg, .png or .pdf")
    p.add_argument("--player", metavar="NAME", help="in a game log, whose game (default: "
                   "the first player)")
    p.add_argument("--copies", type=_copies, metavar="N", help="a class set: N sheets of "
                   "the map or puzzle in one PDF, a sheet a page (default with --names: "
                   "one per name)")
    p.add_argument("--names", metavar="FILE", help="a class list, one name a line (UTF-8): "
                   "each sheet of the class set gets a name on its name line")
    p.add_argument("--seed", type=_seed_code, metavar="CODE", help="a map's sheets with "
                   "the rolls of this seed code on the round track (a class game's dice) "
                   "and the code beside the title")
    p.add_argument("--paper", choices=("a4", "letter"), help="the PDF's page size: each "
                   "sheet fitted to an A4 or US Letter page (default for a class set: a4; "
                   "one sheet alone: a page the size of the sheet)")
    p.add_argument("--lang", type=_language, metavar="LANG", help="the sheets' language: "
                   "en, fr or ko (default: $PALEOWIDGETS_LANG, else en)")
    p.set_defaults(run=cmd_render)

    p = sub.add_parser("score", parents=[common], help="replay a game log and score it")
    p.add_argument("log", metavar="LOG")
    p.set_defaults(run=cmd_score)

    p = sub.add_parser("code", parents=[common], help="a short text code of a map, "
                       "puzzle or game log, to paste anywhere", description="Print the code "
                       "of FILE (a map, a puzzle or a game log): one URL-safe line that "
                       "`paleo decode` turns back into the file.")
    p.add_argument("file", metavar="FILE")
    p.set_defaults(run=cmd_code)

    p = sub.add_parser("decode", parents=[common], help="turn a code back into its file",
                       description="Check CODE and write what it holds: a map or puzzle as "
                       ".toml, a game log as .json (its map inline); without -o, print it.")
    p.add_argument("code", metavar="CODE")
    p.add_argument("-o", "--output", metavar="FILE", help="the file to write (.toml or .json)")
    p.add_argument("--force", action="store_true", help="overwrite FILE")
    p.set_defaults(run=cmd_decode)

    p = sub.add_parser("solve", parents=[common], help="prove the optimum of a puzzle")
    p.add_argument("puzzle", metavar="PUZZLE")
    p.add_argument("--time-limit", type=_seconds, metavar="S",
                   help="stop after S seconds with the best line found (proven: false)")
    p.set_defaults(run=cmd_solve)

    p = sub.add_parser("analyse", parents=[common], help="the hindsight analysis of a "
                       "finished game", description="For every round of one player's "
                       "finished game: the best final score still reachable before and after "
                       "the turn played (every roll known), the regret, and whether both are "
                       "proven; a bracket found-bound where the time limit cut a search.")
    p.add_argument("log", metavar="LOG")
    p.add_argument("--player", metavar="NAME", help="whose game (default: the first player)")
    p.add_argument("--time-limit", type=_seconds, default=60.0, metavar="S",
                   help="seconds for the whole analysis (default: 60)")
    p.set_defaults(run=cmd_analyse)

    p = sub.add_parser("simulate", parents=[common], help="a bot's score distribution over "
                       "seeded games", description="Play N games of a bot on a map (a map or "
                       "puzzle file, or a shipped map's name: dig-site, snow-map, first-dig, "
                       "ring-school); game i rolls the dice of seed S+i. A puzzle plays its own "
                       "rolls every game. The same seed gives the same output.")
    p.add_argument("map", metavar="MAP")
    p.add_argument("--bot", default="greedy", choices=("random", "greedy", "expectation"),
                   help="which bot plays (default: greedy)")
    p.add_argument("--games", type=_games, default=100, metavar="N",
                   help="how many games (default: 100)")
    p.add_argument("--seed", type=_seed, default=0, metavar="S", help="first seed (default: 0)")
    p.add_argument("-o", "--output", metavar="HIST",
                   help="also write the score histogram: .svg, .png or .pdf")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("results", parents=[common], help="the class's answers to the lessons' "
                       "checks", description="Read the answers pupils' checks recorded in "
                       "FOLDER/answers/ (record_to(FOLDER, pupil=...)) and print one table: a "
                       "row a pupil, a column an exercise, the last answer's sign (✔ right, ✘ "
                       "wrong, ? unreadable, … not answered) and the number of tries. A file "
                       "that cannot be read is named and makes the exit code 2.")
    p.add_argument("folder", metavar="FOLDER")
    p.set_defaults(run=cmd_results)

    group = sub.add_parser("puzzles", help="puzzle collections: verify, grade, new")
    puzzles = group.add_subparsers(dest="puzzles_command", metavar="COMMAND")
    # verify and grade read the same collection: puzzle files or folders, a time per proof
    collection = argparse.ArgumentParser(add_help=False)
    collection.add_argument("paths", nargs="+", metavar="DIR_OR_FILE")
    collection.add_argument("--time-limit", type=_seconds, metavar="S",
                            help="per puzzle; an optimum not proven in time fails")
    v = puzzles.add_parser("verify", parents=[common, collection], help="re-prove each "
                           "puzzle's optimum and replay its solution (drafts are refused)")
    v.add_argument("--grade", action="store_true", help="grade each puzzle too "
                   "(solver/grading.py) and say where its tier differs from the file's")
    v.set_defaults(run=cmd_puzzles_verify)

    g = puzzles.add_parser("grade", parents=[common, collection], help="grade each puzzle: "
                           "tier, solver effort, greedy gap (puzzles/README.md)")
    g.add_argument("--first-moves", action="store_true", help="also count the first "
                   "turns that keep the optimum (one solve per first turn: slow)")
    g.set_defaults(run=cmd_puzzles_grade)

    n = puzzles.add_parser("new", parents=[common], help="generate, solve, grade and "
                           "write a new puzzle", description="Draw candidates from the "
                           "seed until one is proven, not trivial (the greedy bot scores "
                           "below the optimum) and of --tier if given; write it with its "
                           "optimum, solution and difficulty. The same arguments give the "
                           "same file.")
    n.add_argument("--size", type=_size, required=True, metavar="WxH", help="e.g. 8x8")
    n.add_argument("--fossils", type=_count(1, 26), required=True, metavar="N")
    n.add_argument("--rounds", type=_count(1, 20), required=True, metavar="R")
    n.add_argument("--theme", choices=("paleontologists", "snowman"),
                   default="paleontologists")
    n.add_argument("--seed", type=_count(0, 10**9), required=True, metavar="S")
    n.add_argument("--stars", type=_count(0, 676), default=0, metavar="K")
    n.add_argument("--predrawn", type=_count(0, 676), default=0, metavar="N",
                   help="cells already drawn ('#')")
    n.add_argument("--bonus", type=_bonus, action="append", default=[], metavar="KIND=N",
                   help="a bonus held at the start, e.g. switch-shape=1 (repeatable)")
    n.add_argument("--custom-dice", action="store_true", help="random dice tables")
    n.add_argument("--tier", choices=("beginner", "intermediate", "advanced", "expert"),
                   help="keep only a candidate graded so")
    n.add_argument("--title", metavar="T")
    n.add_argument("--story", metavar="TEXT")
    n.add_argument("-o", "--output", metavar="FILE", help="the puzzle file to write "
                   "(default: print it)")
    n.add_argument("--force", action="store_true", help="overwrite FILE")
    n.add_argument("--time-limit", type=_seconds, default=60.0, metavar="S",
                   help="per candidate (default 60); one not proven in time is skipped")
    n.add_argument("--max-nodes", type=_count(1, 10**12), metavar="N",
                   help="skip candidates whose proof takes more nodes")
    n.add_argument("--tries", type=_count(1, 10_000), default=50, metavar="N",
                   help="candidates to draw at most (default 50)")
    n.set_defaults(run=cmd_puzzles_new)

    group = sub.add_parser("lessons", help="lesson notebooks: the pupil edition")
    lessons = group.add_subparsers(dest="lessons_command", metavar="COMMAND")
    s = lessons.add_parser("student", parents=[common], help="write the pupil edition of "
                           "teacher notebooks", description="Write the pupil edition of each "
                           "teacher notebook (lessons/teacher/*.ipynb, nbgrader's conventions): "
                           "answers emptied to 'answer = None', hidden tests and teacher's "
                           "notes left out, outputs cleared (lessons/README.md).")
    s.add_argument("notebooks", nargs="+", metavar="TEACHER.ipynb")
    s.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="the notebook to write (.ipynb), or a folder (kept names): an "
                   "existing folder or a path ending in /, created if missing")
    s.set_defaults(run=cmd_lessons_student)

    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``paleo`` command; returns the exit code (the console script exits with it)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:      # --help, --version, usage errors: argparse already printed
        return e.code if isinstance(e.code, int) else (EXIT_OK if e.code is None
                                                       else EXIT_BAD_FILE)
    run: Callable[[argparse.Namespace, Output], int] | None = getattr(args, "run", None)
    if run is None:              # `paleo` or `paleo puzzles` without a command
        which = f"paleo {args.command}" if args.command in ("puzzles", "lessons") else "paleo"
        print(f"{which}: a command is required (see {which} --help)", file=sys.stderr)
        return EXIT_BAD_FILE
    out = Output(as_json=bool(getattr(args, "json", False)))
    try:
        return int(run(args, out))
    except KeyboardInterrupt:
        print("paleo: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:      # `paleo score x.json | head -1`: not an error worth a trace
        with contextlib.suppress(OSError):   # let the interpreter's final flush go nowhere
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return EXIT_OK
    except Exception as exc:     # the last guard: one line, never a traceback
        if os.environ.get("PALEO_DEBUG"):
            raise
        return out.failure(failure_of(exc))


if __name__ == "__main__":
    sys.exit(main())
