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
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from .core.errors import FormatError, IllegalTurnError, PaleoError
from .core.files import Document, check_solution, load_file
from .core.logs import GameLog, Outcome, replay_turns
from .core.maps import Map, Puzzle, load_document
from .core.rules import Game, Score
from .core.turns import Turn

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
        return Failure(EXIT_BAD_FILE, text, {"file": exc.file or path, "line": exc.line,
                                             "column": exc.column, "message": exc.message})
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
        return render(args.file, Path(args.output), player=args.player)

    result = attempt(args.file, action)
    if isinstance(result, Failure):
        return out.failure(result)
    who = f" (player {result['player']})" if "player" in result else ""
    out.text(f"wrote {result['output']}: {result['kind']} {args.file}{who}")
    out.json(result)
    return EXIT_OK


def render(path: str, output: Path, *, player: str | None = None) -> dict[str, Any]:
    """Write the sheet of a map, puzzle or (one player's) game log; the output file appears
    whole or not at all (``write_sheet`` writes through a temporary file and a rename)."""
    suffix = output.suffix.lower()
    if suffix not in SHEET_SUFFIXES:   # checked first: no work is done for a bad target
        shown = repr(output.suffix) if output.suffix else "no suffix"
        message = (f"cannot write a sheet with {shown}: the output must end in "
                   f"{', '.join(SHEET_SUFFIXES)}")
        raise Failure(EXIT_BAD_FILE, f"{output}: {message}",
                      {"file": str(output), "message": message})
    doc = load(path)
    info: dict[str, Any] = {"output": str(output), "format": suffix[1:], "source": path}
    if isinstance(doc, GameLog):
        info.update(kind="game", player=player_name(doc, player, path))
    elif player is not None:
        message = "--player applies only to game logs"
        raise Failure(EXIT_BAD_FILE, f"{path}: {message}", {"file": path, "message": message})
    else:
        info["kind"] = "puzzle" if isinstance(doc, Puzzle) else "map"
    write_output(doc, output, player=info.get("player"))
    return info


def player_name(log: GameLog, player: str | None, path: str) -> str:
    """The named player of the log, or the first one."""
    names = [p.name for p in log.players]
    if player is None:
        return names[0]
    if player not in names:
        message = f"no player {player!r} in the log (players: {', '.join(names)})"
        raise Failure(EXIT_BAD_FILE, f"{path}: {message}", {"file": path, "message": message})
    return player


def write_output(doc: Document, output: Path, *, player: str | None) -> None:
    """``write_sheet`` with the target checked first, and OS errors naming the target."""
    def cannot(reason: str) -> Failure:
        return Failure(EXIT_BAD_FILE, f"{output}: cannot write the sheet: {reason}",
                       {"file": str(output), "message": f"cannot write the sheet: {reason}"})

    if output.is_dir():
        raise cannot("it is a directory")
    if not output.parent.is_dir():
        raise cannot(f"directory {str(output.parent)!r} does not exist")
    from .render.export import write_sheet  # lazily: validate and score never load rendering

    try:
        if isinstance(doc, GameLog):
            write_sheet(doc, output, player=player)
        else:
            write_sheet(doc, output)
    except OSError as e:
        raise cannot(e.strerror or str(e)) from None


# ---------------------------------------------------------------------------------------
# paleo score LOG


def cmd_score(args: argparse.Namespace, out: Output) -> int:
    def action() -> tuple[GameLog, Outcome]:
        doc = load(args.log)
        if not isinstance(doc, GameLog):
            kind = "puzzle" if isinstance(doc, Puzzle) else "map"
            message = f"is a {kind}, not a game log (score replays a recorded game, .json)"
            raise Failure(EXIT_BAD_FILE, f"{args.log}: {message}",
                          {"file": args.log, "message": message})
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
# HOOKS for the exact solver (paleowidgets/solver/exact.py, written separately):
#   solve(puzzle, *, time_limit=None, progress=None)
#       -> Solution(optimum, proven, turns, nodes, seconds)
# `paleo solve` and `paleo puzzles verify` import it lazily; when it is missing they exit 2
# with one line, and every other subcommand keeps working.


class SolutionLike(Protocol):
    """What ``solve`` returns (``paleowidgets.solver.exact.Solution``), read-only."""

    @property
    def optimum(self) -> int: ...
    @property
    def proven(self) -> bool: ...
    @property
    def turns(self) -> Sequence[Turn]: ...
    @property
    def nodes(self) -> int: ...
    @property
    def seconds(self) -> float: ...


SolveFunction = Callable[..., SolutionLike]


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


class Progress:
    """Solver progress on a terminal's stderr, rewritten in place, gone when done."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.shown = False

    def __call__(self, nodes: int, best: int) -> None:
        if self.enabled:
            print(f"\r  {nodes:,} nodes searched, best {best} so far ", end="",
                  file=sys.stderr, flush=True)
            self.shown = True

    def clear(self) -> None:
        if self.shown:
            print("\r\033[K", end="", file=sys.stderr, flush=True)
            self.shown = False


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
        progress = Progress(not out.as_json)
        try:
            sol = solve(puzzle, time_limit=args.time_limit, progress=progress)
        finally:
            progress.clear()
        turns = _as_turns(sol.turns)
        reached = replayed_score(puzzle, turns)     # never print a line that does not replay
        if reached != sol.optimum:
            raise RuntimeError(f"the solver's line scores {reached}, not its optimum "
                               f"{sol.optimum}")
        return {"optimum": sol.optimum, "proven": bool(sol.proven),
                "solution": _turn_dicts(turns), "nodes": int(sol.nodes),
                "seconds": round(float(sol.seconds), 3)}

    result = attempt(args.puzzle, action)
    if isinstance(result, Failure):
        return out.failure(result)
    out.json(result)
    status = "proven" if result["proven"] else "NOT proven (time limit reached): best found"
    out.text(f"{args.puzzle}: optimum {result['optimum']} {status}; "
             f"{_plural(result['nodes'], 'node')} in {result['seconds']:.2f} s")
    out.text("# paste into the [puzzle] table:")
    out.text(f"optimum = {result['optimum']}")
    out.text("solution = [")
    for turn in result["solution"]:
        out.text(f"  {_toml_inline(turn)},")
    out.text("]")
    return EXIT_OK


def _toml_inline(turn: dict[str, Any]) -> str:
    """A turn as a TOML inline table (its values are strings, lists of strings, booleans)."""
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return json.dumps(v, ensure_ascii=False)

    return "{ " + ", ".join(f"{k} = {value(v)}" for k, v in turn.items()) + " }"


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


def verify_puzzle(path: str, solve: SolveFunction, time_limit: float | None) -> dict[str, Any]:
    """Refuse a draft, replay the solution to its optimum, re-prove the optimum."""
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
    return {"optimum": sol.optimum, "proven": True, "nodes": int(sol.nodes),
            "seconds": round(float(sol.seconds), 3)}


def cmd_puzzles_verify(args: argparse.Namespace, out: Output) -> int:
    solve = attempt(None, _solver)
    if isinstance(solve, Failure):
        return out.failure(solve)
    worst = EXIT_OK
    for path in puzzle_paths(args.paths):
        def action(path: str = path) -> dict[str, Any]:
            return verify_puzzle(path, solve, args.time_limit)

        result = attempt(path, action)
        if isinstance(result, Failure):
            worst = max(worst, out.failure(result, json_object={
                "file": path, "ok": False, "error": result.error}))
            continue
        out.text(f"ok: {path} (optimum {result['optimum']} proven, solution replays; "
                 f"{_plural(result['nodes'], 'node')}, {result['seconds']:.2f} s)")
        out.json({"file": path, "ok": True, **result})
    return worst


# ---------------------------------------------------------------------------------------
# The parser and main


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("paleowidgets")
    except Exception:
        return "unknown"


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
    p.set_defaults(run=cmd_render)

    p = sub.add_parser("score", parents=[common], help="replay a game log and score it")
    p.add_argument("log", metavar="LOG")
    p.set_defaults(run=cmd_score)

    p = sub.add_parser("solve", parents=[common], help="prove the optimum of a puzzle")
    p.add_argument("puzzle", metavar="PUZZLE")
    p.add_argument("--time-limit", type=_seconds, metavar="S",
                   help="stop after S seconds with the best line found (proven: false)")
    p.set_defaults(run=cmd_solve)

    group = sub.add_parser("puzzles", help="puzzle collections: verify")
    puzzles = group.add_subparsers(dest="puzzles_command", metavar="COMMAND")
    v = puzzles.add_parser("verify", parents=[common], help="re-prove each puzzle's optimum "
                           "and replay its solution (drafts are refused)")
    v.add_argument("paths", nargs="+", metavar="DIR_OR_FILE")
    v.add_argument("--time-limit", type=_seconds, metavar="S",
                   help="per puzzle; an optimum not proven in time fails")
    v.set_defaults(run=cmd_puzzles_verify)

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
        which = "paleo puzzles" if args.command == "puzzles" else "paleo"
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
