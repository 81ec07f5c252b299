#!/usr/bin/env python3
"""openings.py — choose balanced gomoku openings for `mnk match --openings`.

    tools/openings.py --mnk build/src/cli/mnk [--seed S] > data/openings/freestyle-15.txt
    tools/openings.py --recentre 19 data/openings/freestyle-15.txt > data/openings/freestyle-19.txt

Candidates are positions of 2, 3 or 4 stones (Black, White, Black, White)
inside the central 5x5 of a 15x15 board, each stone within two cells of
another, kept once per shape up to the board's 8 symmetries and to moving
the shape around the centre. First `mnk match` plays each candidate between
two copies of the `threat` strategy (which play almost the same game every
time): a candidate on which one side wins within a few moves is dropped as
obviously lost. Each remaining candidate is then played out many times
between two copies of a small pattern-scoring player with random noise
(freestyle, five or more in a row wins); the ones whose Black score is
closest to 50% are kept, in two rounds (a first estimate for every
candidate, then more games for the best), with a cap per number of stones
so the set stays varied. The file it prints says so in its header.

--recentre N moves every opening of a 15x15 file to the centre of an NxN
board: the openings sit in the middle, away from the edges, so the shapes
keep their character on a larger board.

The pattern player is a yardstick, not a strong engine: an opening it finds
balanced is not lost for either side by plain threats, which is what a match
needs. Re-check a file against stronger players with
`mnk match --openings FILE` and look at the score per opening.
"""
import argparse
import itertools
import os
import random
import re
import subprocess
import sys
import tempfile

SIZE = 15
WIN = 5
CENTRE = SIZE // 2
DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))
MAX_PLIES = 140  # a game still open after this many stones counts as a draw

# Score of extending a run: by stones already in line (0..3+) and open ends.
RUN_VALUE = {
    (3, 2): 50000, (3, 1): 5000,
    (2, 2): 2000, (2, 1): 200,
    (1, 2): 100, (1, 1): 20,
    (0, 2): 5, (0, 1): 1,
}
WIN_VALUE = 10 ** 7


def inside(x, y):
    return 0 <= x < SIZE and 0 <= y < SIZE


def run_through(board, x, y, dx, dy, side):
    """Stones of `side` adjacent to (x, y) along (dx, dy) both ways, and how
    many of the two ends past them are empty."""
    n, open_ends = 0, 0
    for sx, sy in ((dx, dy), (-dx, -dy)):
        cx, cy = x + sx, y + sy
        while inside(cx, cy) and board.get((cx, cy)) == side:
            n += 1
            cx += sx
            cy += sy
        if inside(cx, cy) and (cx, cy) not in board:
            open_ends += 1
    return n, open_ends


def cell_value(board, x, y, side):
    total = 0
    for dx, dy in DIRS:
        n, ends = run_through(board, x, y, dx, dy, side)
        if n >= WIN - 1:
            return WIN_VALUE
        total += RUN_VALUE.get((n, ends), 0)
    return total


def candidates(board):
    cells = set()
    for (x, y) in board:
        for ox in range(-2, 3):
            for oy in range(-2, 3):
                c = (x + ox, y + oy)
                if inside(*c) and c not in board:
                    cells.add(c)
    return cells


def choose(board, side, rng):
    other = 3 - side
    best, best_score = None, -1.0
    for (x, y) in sorted(candidates(board)):
        attack = cell_value(board, x, y, side)
        if attack >= WIN_VALUE:
            return (x, y)
        score = attack + 0.9 * cell_value(board, x, y, other)
        score *= 1.0 + 0.35 * rng.random()
        if score > best_score:
            best, best_score = (x, y), score
    return best


def wins(board, x, y, side):
    return any(run_through(board, x, y, dx, dy, side)[0] >= WIN - 1 for dx, dy in DIRS)


def play_out(stones, rng):
    """Black's score (1, 0.5, 0) of one noisy game from the opening."""
    board = {c: (1 if i % 2 == 0 else 2) for i, c in enumerate(stones)}
    side = 1 if len(stones) % 2 == 0 else 2
    for _ in range(MAX_PLIES - len(stones)):
        x, y = choose(board, side, rng)
        if wins(board, x, y, side):
            return 1.0 if side == 1 else 0.0
        board[(x, y)] = side
        side = 3 - side
    return 0.5


def symmetries(cells):
    for flip in (False, True):
        for rot in range(4):
            out = []
            for (x, y) in cells:
                u, v = x - CENTRE, y - CENTRE
                if flip:
                    u = -u
                for _ in range(rot):
                    u, v = -v, u
                out.append((u, v))
            yield out


def shape_key(black, white):
    """The same for every symmetric image and translation of the position."""
    keys = []
    for img in symmetries(black + white):
        b, w = img[:len(black)], img[len(black):]
        mx = min(u for u, _ in img)
        my = min(v for _, v in img)
        keys.append((tuple(sorted((u - mx, v - my) for u, v in b)),
                     tuple(sorted((u - mx, v - my) for u, v in w))))
    return min(keys)


def connected(cells):
    return all(any(c != d and max(abs(c[0] - d[0]), abs(c[1] - d[1])) <= 2 for d in cells)
               for c in cells)


def notation(c):
    x, y = c
    return "%s%d" % ("abcdefghijklmnopqrstuvwxyz"[x], SIZE - y)


def enumerate_candidates(rng, per_size):
    box = [(x, y) for x in range(CENTRE - 2, CENTRE + 3) for y in range(CENTRE - 2, CENTRE + 3)]
    found = {}
    for n in (2, 3, 4):
        nb, nw = (n + 1) // 2, n // 2
        shapes = {}
        for black in itertools.combinations(box, nb):
            rest = [c for c in box if c not in black]
            for white in itertools.combinations(rest, nw):
                if not connected(list(black) + list(white)):
                    continue
                key = shape_key(list(black), list(white))
                shapes.setdefault(key, (list(black), list(white)))
        keys = sorted(shapes)
        rng.shuffle(keys)
        found[n] = [shapes[k] for k in keys[:per_size[n]]]
    return found


def present(stones, rng):
    """The opening turned by a random symmetry and moved so that the middle
    of its bounding box is the centre cell."""
    img = list(symmetries(stones))[rng.randrange(8)]
    mx = (min(u for u, _ in img) + max(u for u, _ in img)) // 2
    my = (min(v for _, v in img) + max(v for _, v in img)) // 2
    return [(u - mx + CENTRE, v - my + CENTRE) for u, v in img]


def moves_of(black, white):
    out = []
    for i in range(len(black) + len(white)):
        out.append(black[i // 2] if i % 2 == 0 else white[i // 2])
    return out


def quick_losses(mnk, candidates, min_plies, seed):
    """The indices of candidates on which threat against itself wins for
    either side within min_plies moves after the opening."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for stones in candidates:
            f.write(" ".join(notation(c) for c in stones) + "\n")
        path = f.name
    try:
        out = subprocess.run([mnk, "match", "--black", "threat", "--white", "threat",
                              "--openings", path, "--seed", str(seed)],
                             check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    quick = set()
    for line in out.splitlines():
        m = re.match(r"game (\d+): .*: (Black wins|White wins|draw) \(([^)]*)\), (\d+) moves", line)
        if not m:
            continue
        i = (int(m.group(1)) - 1) // 2
        if m.group(2) != "draw" and int(m.group(4)) - len(candidates[i]) < min_plies:
            quick.add(i)
    return quick


def score(stones, games, rng):
    return sum(play_out(stones, rng) for _ in range(games)) / games


def recentre(size, path):
    shift = size // 2 - CENTRE
    letters = "abcdefghijklmnopqrstuvwxyz"
    print("# Balanced openings for %dx%d, five in a row (freestyle): those of" % (size, size))
    print("# %s moved to the centre (tools/openings.py --recentre %d)." % (path.split("/")[-1], size))
    print("# Chosen on 15x15; the edges are far enough not to matter this early. The")
    print("# score after each opening is the 15x15 one.")
    with open(path) as f:
        for line in f:
            body, _, comment = line.partition("#")
            moves = body.split()
            if not moves:
                continue
            out = []
            for m in moves:
                col, row = letters.index(m[0]), int(m[1:])
                out.append("%s%d" % (letters[col + shift], row + shift))
            print("%-16s #%s" % (" ".join(out), comment.rstrip("\n")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--recentre", type=int, metavar="N")
    ap.add_argument("file", nargs="?")
    ap.add_argument("--mnk", default="build/src/cli/mnk", help="the mnk binary")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--min-plies", type=int, default=20,
                    help="drop openings threat wins within this many moves")
    ap.add_argument("--games", type=int, default=10, help="first-round games per candidate")
    ap.add_argument("--finalists", type=int, default=100)
    ap.add_argument("--final-games", type=int, default=20)
    args = ap.parse_args()
    if args.recentre:
        recentre(args.recentre, args.file)
        return
    rng = random.Random(args.seed)

    per_size = {2: 40, 3: 160, 4: 200}
    cands = enumerate_candidates(rng, per_size)
    pool = [(n, moves_of(b, w)) for n, shapes in cands.items() for b, w in shapes]
    quick = quick_losses(args.mnk, [st for _, st in pool], args.min_plies, args.seed)
    print("threat filter: %d of %d dropped" % (len(quick), len(pool)), file=sys.stderr)
    pool = [p for i, p in enumerate(pool) if i not in quick]
    first = []
    for n, stones in pool:
        first.append((abs(score(stones, args.games, rng) - 0.5), n, stones))
    print("round 1 done", file=sys.stderr)
    first.sort(key=lambda t: t[0])
    finals = []
    for _, n, stones in first[:args.finalists]:
        s = score(stones, args.final_games, rng)
        finals.append((abs(s - 0.5), s, n, stones))
    finals.sort(key=lambda t: t[0])

    cap = {2: args.count // 10, 3: args.count * 3 // 5, 4: args.count * 3 // 5}
    chosen = []
    for dist, s, n, stones in finals:
        if cap[n] == 0 or len(chosen) == args.count:
            continue
        cap[n] -= 1
        chosen.append((s, n, present(stones, rng)))

    print("# Balanced openings for 15x15, five in a row (freestyle); one per line,")
    print("# moves in order from Black, in mnk's notation (a = left column, row 1 at")
    print("# the bottom, h8 = centre). Use: mnk match --openings FILE ...")
    print("#")
    print("# How they were chosen (tools/openings.py --seed %d):" % args.seed)
    print("# candidates are 2-4 stones inside the central 5x5, each within two cells")
    print("# of another, one per shape up to symmetry and translation. Dropped: those")
    print("# on which the threat strategy, playing itself, wins for either side within")
    print("# %d moves (%d of %d). The rest were played out %d times by two noisy" %
          (args.min_plies, len(quick), len(quick) + len(pool), args.games))
    print("# copies of a small pattern-scoring player, the %d closest to an even score" %
          args.finalists)
    print("# %d more times; kept are the %d whose Black score stayed nearest 50%%, at" %
          (args.final_games, len(chosen)))
    print("# most a tenth with 2 stones; each shown centred on h8, turned at random.")
    print("# After each opening: its stone count and Black's score in the last round.")
    print("# With an even count Black moves next.")
    for s, n, stones in chosen:
        print("%-16s # %d stones, Black scored %.0f%%" % (" ".join(notation(c) for c in stones), n, 100 * s))


if __name__ == "__main__":
    main()
