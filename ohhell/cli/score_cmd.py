"""``ohhell score``: keep score of a real game, round by round.

Each line holds one round: the bids, a slash, the tricks, one number per
player in seat order, optionally after the round's number (``3: 1 0 2 0 / 1
1 1 0`` or ``round 3: ...``).  A refused round is entered again on a later
line.  Reading a file (or a pipe), the lines after a refused one must be that
round again: a line for a round of another hand size, or numbered for a later
round, stops the scoring there (later lines would fall on the wrong rounds);
when the next round deals as many cards, an unnumbered line after a refusal is
refused as ambiguous.  Lines left over after the last round are an error too.
Each refusal names the input line.
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from typing import TYPE_CHECKING, Any, TextIO

from ohhell.cli.common import add_rules_options, rules_from

if TYPE_CHECKING:
    from ohhell.records.scoresheet import ScoreSheet

FORMAT = "each round: the bids, a slash, the tricks, one number per player, e.g. `1 0 2 0 / 1 1 1 0`"
_LABEL = re.compile(r"^(?:round\s+)?(\d{1,4})\s*:\s*", re.IGNORECASE)
_COUNT = re.compile(r"-?\d{1,4}")


def register(sub: Any) -> None:
    p = sub.add_parser(
        "score",
        help="keep score of a real game (bids and tricks per round)",
        description=f"Reads rounds from --input or standard input, {FORMAT}, optionally after the round's"
        " number (`3: 1 0 2 0 / 1 1 1 0`). A round that breaks the rules is refused with the reason and the"
        " line, and is entered again on the next line; in a file, a line meant for a later round stops the"
        " scoring instead of shifting the rounds. Prints the running totals and the winner.",
    )
    add_rules_options(p)
    p.add_argument(
        "--names",
        default=None,
        help="comma-separated player names, in seat order; quote a name holding a comma: '\"Smith, J\",Anna'",
    )
    p.add_argument("--first-dealer", type=int, default=None, help="seat of the first dealer (default: preset's)")
    p.add_argument("--input", default=None, help="file with one round per line (default: standard input)")
    p.add_argument("--chart", default=None, help="write the running-totals chart to this image file")
    p.set_defaults(handler=run)


def parse_names(text: str) -> list[str]:
    """Names separated by commas, CSV-quoted where a name holds a comma; none may be empty.

    Examples
    --------
    >>> parse_names('Anna, "Smith, J",Cor')
    ['Anna', 'Smith, J', 'Cor']
    >>> parse_names("A,B,C,D,")
    Traceback (most recent call last):
    ...
    ValueError: --names: name 5 of 5 is empty in 'A,B,C,D,'; give one name per seat, separated by commas
    """
    try:
        rows = list(csv.reader([text], skipinitialspace=True, strict=True))
    except csv.Error as exc:
        raise ValueError(
            f"--names: cannot read {text!r} ({exc}); quote a name holding a comma: '\"Smith, J\",Anna'"
        ) from None
    names = [name.strip() for name in rows[0]] if rows else []
    for i, name in enumerate(names, start=1):
        if not name:
            raise ValueError(
                f"--names: name {i} of {len(names)} is empty in {text!r}; give one name per seat, separated by commas"
            )
    if not names:
        raise ValueError("--names: no names given; give one name per seat, separated by commas")
    return names


def parse_round(line: str) -> tuple[int | None, list[int], list[int]]:
    """The round's number if given, the bids and the tricks of one input line.

    Examples
    --------
    >>> parse_round("round 3: 1 0 2 0 / 1 1 1 0")
    (3, [1, 0, 2, 0], [1, 1, 1, 0])
    >>> parse_round("1 0 2 0 / 1 1 x 0")
    Traceback (most recent call last):
    ...
    ValueError: 'x' is not a whole number; expected each round: the bids, a slash, the tricks, ...
    """
    text = line.strip()
    label = _LABEL.match(text)
    number = int(label.group(1)) if label else None
    body = text[label.end() :] if label else text
    if body.count("/") != 1:
        raise ValueError(f"expected {FORMAT}" + ("; this line has more than one slash" if "/" in body else ""))
    left, right = body.split("/")
    sides = []
    for side in (left, right):
        for token in side.split():
            if not _COUNT.fullmatch(token):
                raise ValueError(f"{token[:20]!r} is not a whole number; expected {FORMAT}")
        sides.append([int(token) for token in side.split()])
    return number, sides[0], sides[1]


def _shifted(sheet: ScoreSheet, refused_line: int, line: str) -> str | None:
    """Why an input line after the refused one cannot be that round entered again (None when it can be)."""
    r = sheet.seating().round_index
    sizes = [int(h) for h in sheet.compiled.hand_sizes]
    number, _, tricks = parse_round(line)
    missing = f"round {r + 1} (refused on line {refused_line}) was not entered again"
    stop = "; scoring stops here, as the later lines would fall on the wrong rounds"
    if number is not None:
        return f"{missing}: this line is numbered round {number}{stop}" if number > r + 1 else None
    if sum(tricks) != sizes[r]:
        return f"{missing}: this line's tricks sum to {sum(tricks)}, round {r + 1} deals {sizes[r]}{stop}"
    return None


def _ambiguous(sheet: ScoreSheet, refused_line: int) -> str | None:
    r = sheet.seating().round_index
    sizes = [int(h) for h in sheet.compiled.hand_sizes]
    if r + 1 < len(sizes) and sizes[r + 1] == sizes[r]:
        return (
            f"after the refused line {refused_line} this line could be round {r + 1} again or round {r + 2}"
            f" (both deal {sizes[r]} cards): start it with `{r + 1}:` or `{r + 2}:`"
        )
    return None


def run(args: argparse.Namespace) -> int:
    from ohhell.engine import RecordError
    from ohhell.records.scoresheet import ScoreSheet

    names = parse_names(args.names) if args.names is not None else None
    rules = rules_from(args, len(names) if names else None)
    sheet = ScoreSheet(rules, names=names, first_dealer=args.first_dealer)
    source = args.input if args.input else "<stdin>"
    stream: TextIO = open(args.input, encoding="utf-8") if args.input else sys.stdin  # noqa: SIM115
    interactive = stream.isatty()
    refused = 0
    pending: int | None = None  # the input line of a refused round, until that round is entered again
    number = 0
    try:
        while not sheet.finished:
            if interactive:
                print(f"{sheet.next_round()} > ", end="", flush=True)
            line = stream.readline()
            number += 1
            if not line:
                break
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            where = "" if interactive else f"{source}:{number}: "
            try:
                if pending is not None and not interactive:
                    reason = _shifted(sheet, pending, line)
                    if reason is not None:
                        print(f"{where}{reason}", file=sys.stderr)
                        refused += 1
                        break
                label, bids, tricks = parse_round(line)
                next_round = sheet.seating().round_index + 1
                if label is not None and label != next_round:
                    raise ValueError(f"this line is numbered round {label}, but round {next_round} is next")
                if label is None and pending is not None and not interactive:
                    ambiguous = _ambiguous(sheet, pending)
                    if ambiguous is not None:
                        raise ValueError(ambiguous)
                scores = sheet.add_round(bids, tricks)
            except (ValueError, RecordError) as exc:
                refused += 1
                print(f"{where}refused: {exc}", file=sys.stderr)
                if pending is None:
                    pending = number
                continue
            pending = None
            print(f"round {len(sheet.ledger.history)}: scores {' '.join(map(str, scores))}")
        if sheet.finished and not interactive:
            extra = []
            for line in stream:
                number += 1
                if line.strip() and not line.lstrip().startswith("#"):
                    extra.append(number)
            if extra:
                refused += len(extra)
                more = f" and {len(extra) - 1} more lines were" if len(extra) > 1 else " was"
                print(
                    f"{source}:{extra[0]}: the match is over after round {len(sheet.ledger.history)}; this line{more}"
                    " not scored",
                    file=sys.stderr,
                )
    finally:
        if stream is not sys.stdin:
            stream.close()
    if sheet.rounds:
        print(sheet.running_totals().to_string())
    else:
        print("no round scored")
    state = "winner" if sheet.finished else "leader (match not finished)"
    print(f"{state}: {', '.join(sheet.leaders())}")
    if args.chart:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 4))
        sheet.plot(ax=ax)
        fig.savefig(args.chart, dpi=120, bbox_inches="tight")
        plt.close(fig)
        print(f"chart written to {args.chart}")
    return 1 if refused and not interactive else 0
