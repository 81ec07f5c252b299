#!/usr/bin/env python3
"""openings.py — choose balanced gomoku openings for `mnk match --openings`.

    tools/openings.py --judge 'ENGINE COMMAND' [--judge-ms 1000] [--max-eval E] \
        [--evals FILE] > data/openings/freestyle-15.txt
    tools/openings.py --mnk build/src/cli/mnk [--seed S] > FILE
    tools/openings.py --random 8000 --stones 3,6 --judge 'ENGINE COMMAND' \
        --judge-ms 150 --max-eval 120 --count 2000 > data/openings/sprt-15.txt
    tools/openings.py --recentre 19 data/openings/freestyle-15.txt > data/openings/freestyle-19.txt

Candidates are positions of 2, 3 or 4 stones (Black, White, Black, White)
inside the central 5x5 of a 15x15 board, each stone within two cells of
another, kept once per shape up to the board's 8 symmetries and to moving
the shape around the centre (--candidates caps how many of each stone count
are drawn at random: there are 5, 80 and 1949 such shapes), each shown
centred on h8 and turned at random.

With --judge (the way the shipped files are chosen) a Gomocup-protocol
engine, run through `sh -c` once for the whole run, evaluates every
candidate: for each it gets START 15, INFO timeout_turn (--judge-ms),
timeout_match 0, max_memory (--judge-memory, 64 MB: an engine told "no
limit" may take a huge hash), rule (--rule: freestyle, exact, renju or
caro, as the protocol's value), then the stones in a BOARD block, in the
order played (1 = a stone of the side to move, 2 = the other's), and
answers with a move. Its evaluation is read from the last MESSAGE line
before the move that --eval-regex matches (its first group; the default
reads "Eval -129" or "Eval +M9"), taken as the side to move's and turned
to Black's. A score with an M (a mate in so many moves: "+M9", "-M12") or
of at least --decided in size means the opening is decided. An engine that
dies, answers ERROR or says nothing within --judge-ms plus a few seconds
is restarted and the candidate skipped with a message on stderr (the run
stops if it fails more often than not). Kept are the undecided candidates
with |score| at most --max-eval, nearest 0 first, with a cap per stone
count so the set stays varied. --evals FILE keeps every score (one line
per candidate and judge time, read back before judging): an interrupted
run resumes, and another threshold can be tried without judging again. A
time-limited search is not exactly repeatable: a second run gives slightly
other scores.

Without --judge, first `mnk match` plays each candidate between two copies
of the `threat` strategy (which play almost the same game every time): a
candidate on which one side wins within a few moves is dropped as
obviously lost. Each remaining candidate is then played out many times
between two copies of a small pattern-scoring player with random noise
(freestyle, five or more in a row wins); the ones whose Black score is
closest to 50% are kept, in two rounds (a first estimate for every
candidate, then more games for the best), with the same caps. That player
is a weak yardstick: an opening it finds balanced is not lost for either
side by plain threats, but a strong engine may still find it won.

Either way the file printed says in its header how it was made.

--random N prints N random openings instead, with no judging: 3 or 4
stones (Black, White, Black[, White]; --stones LO,HI for other counts) in
the central 7x7, each within two cells of an earlier one, no two the same.
For self-play at a fixed number of nodes (tools/sprt.sh), where each
opening gives the same two games every time: a test needs many more
openings than games per opening. With --judge as well, those N are the
candidates, judged as above and kept up to --count with no cap per stone
count: many balanced openings, for a self-play test whose games should be
decided by play rather than by the opening (most random short openings are
won for Black: data/openings/sprt-15.txt was made this way).

--recentre N moves every opening of a 15x15 file to the centre of an NxN
board: the openings sit in the middle, away from the edges, so the shapes
keep their character on a larger board.
"""
import argparse
import itertools
import os
import random
import re
import selectors
import shlex
import signal
import subprocess
import sys
import tempfile
import time

SIZE = 15
# The protocol's INFO rule value of each rule the judge can be told.
RULE_BITS = {"freestyle": 0, "exact": 1, "renju": 4, "caro": 8}
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


def random_openings(count, rng, sizes=(3, 4)):
    """count distinct random openings of sizes[0] to sizes[1] stones near
    the centre, as move lists."""
    seen, out = set(), []
    while len(out) < count:
        n = rng.choice(range(sizes[0], sizes[1] + 1))
        stones = [(CENTRE + rng.randint(-1, 1), CENTRE + rng.randint(-1, 1))]
        while len(stones) < n:
            bx, by = rng.choice(stones)
            c = (bx + rng.randint(-2, 2), by + rng.randint(-2, 2))
            if max(abs(c[0] - CENTRE), abs(c[1] - CENTRE)) <= 3 and c not in stones:
                stones.append(c)
        if tuple(stones) not in seen:
            seen.add(tuple(stones))
            out.append(stones)
    return out


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


# The judge's score in a MESSAGE line: "Eval -129", "eval: 35", "Eval +M9".
DEFAULT_REGEX = r"(?i)\beval:?\s*([+-]?M?\d+(?:\.\d+)?)"


class JudgeError(Exception):
    pass


class Judge:
    """A Gomocup-protocol engine run through `sh -c COMMAND`, started again
    whenever it failed."""

    GRACE = 5.0  # seconds allowed past the turn time (start-up, hash)

    def __init__(self, command, turn_ms, memory, regex, decided, rule="freestyle"):
        self.command, self.turn_ms, self.memory = command, turn_ms, memory
        self.rule = RULE_BITS[rule]
        self.regex, self.decided = re.compile(regex), decided
        self.proc, self.buf = None, b""

    def _start(self):
        self.proc = subprocess.Popen(["sh", "-c", self.command], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, start_new_session=True)
        self.buf = b""

    def close(self):
        if self.proc is None:
            return
        try:
            self.proc.stdin.write(b"END\n")
            self.proc.stdin.close()
            self.proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            pass
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                pass
            self.proc.wait()
        self.proc.stdout.close()
        self.proc = None

    def _send(self, lines):
        try:
            self.proc.stdin.write("".join(l + "\n" for l in lines).encode())
            self.proc.stdin.flush()
        except OSError:
            raise JudgeError("the engine exited (could not write to it)")

    def _line(self, deadline, waiting):
        """The next non-empty line from the engine, before the deadline."""
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise JudgeError("no answer to %s within %.1f s" %
                                 (waiting, self.turn_ms / 1000 + self.GRACE))
            with selectors.DefaultSelector() as sel:
                sel.register(fd, selectors.EVENT_READ)
                if not sel.select(left):
                    continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise JudgeError("the engine exited (status %s)" % self.proc.wait())
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        line = line.decode(errors="replace").strip()
        return line or self._line(deadline, waiting)

    def evaluate(self, stones):
        """The engine's score of the position after `stones` (moves in
        order from Black) from Black's point of view, as (value, decided);
        JudgeError when it has none."""
        try:
            if self.proc is None:
                self._start()
            return self._evaluate(stones)
        except JudgeError:
            self.close()
            raise

    def _evaluate(self, stones):
        deadline = time.monotonic() + self.turn_ms / 1000 + self.GRACE
        self._send(["START %d" % SIZE])
        while True:
            line = self._line(deadline, "START")
            if line.upper().startswith("ERROR"):
                raise JudgeError("START %d: %s" % (SIZE, line))
            if line.upper().startswith("OK"):
                break
        own = len(stones) % 2  # 0: Black to move, 1: White
        board = ["%d,%d,%d" % (x, y, 1 if i % 2 == own else 2) for i, (x, y) in enumerate(stones)]
        self._send(["INFO timeout_turn %d" % self.turn_ms, "INFO timeout_match 0",
                    "INFO max_memory %d" % self.memory, "INFO rule %d" % self.rule,
                    "BOARD"] + board + ["DONE"])
        deadline = time.monotonic() + self.turn_ms / 1000 + self.GRACE
        score = None
        while True:
            line = self._line(deadline, "BOARD")
            word = line.split()[0].upper()
            if word == "MESSAGE":
                m = self.regex.search(line)
                if m:
                    score = m.group(1)
            elif word == "ERROR":
                raise JudgeError(line)
            elif re.fullmatch(r"\d+,\d+", line):
                break
        if score is None:
            raise JudgeError("moved %s with no MESSAGE matching the evaluation pattern" % line)
        value, decided = parse_score(score, self.decided)
        return (-value if own else value), decided


def parse_score(text, decided_at):
    """(value, decided) of a score as an engine prints it: a number, or a
    mate in so many moves ("+M9", "-M12", "M3")."""
    m = re.fullmatch(r"([+-]?)M(\d+)", text.strip(), re.IGNORECASE)
    if m:
        return (-1.0 if m.group(1) == "-" else 1.0) * (10 ** 6 - int(m.group(2))), True
    try:
        value = float(text)
    except ValueError:
        raise JudgeError("score %r is not a number nor a mate (M)" % text)
    return value, abs(value) >= decided_at


def judge_all(args, pool):
    """[(black score, decided, stone count, stones)] of the candidates the
    judge scored; failures are reported and skipped."""
    # The judge time, and the rule unless freestyle, tell scores apart.
    tag = "%d" % args.judge_ms + ("" if args.rule == "freestyle" else "/" + args.rule)
    key_of = lambda stones: "%s\t%s" % (" ".join(notation(c) for c in stones), tag)
    known = {}
    if args.evals and os.path.exists(args.evals):
        with open(args.evals) as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 3 and not line.startswith("#"):
                    known["%s\t%s" % (parts[0], parts[1])] = parts[2]
    log = open(args.evals, "a") if args.evals else None
    judge = Judge(args.judge, args.judge_ms, args.judge_memory, args.eval_regex, args.decided,
                  args.rule)
    out, failed, started = [], 0, time.monotonic()
    try:
        for i, (n, stones) in enumerate(pool):
            key = key_of(stones)
            if key in known:
                value, decided = parse_score(known[key], args.decided)
            else:
                try:
                    value, decided = judge.evaluate(stones)
                except JudgeError as e:
                    failed += 1
                    print("judge: %s skipped: %s" % (key.split("\t")[0], e), file=sys.stderr)
                    if failed >= 3 and failed > len(out):
                        sys.exit("openings.py: the judge keeps failing; stopped")
                    continue
                if log:
                    log.write("%s\t%s\n" % (key, score_text(value)))
                    log.flush()
            out.append((value, decided, n, stones))
            if (i + 1) % 25 == 0:
                print("judged %d of %d (%.0f s)" % (i + 1, len(pool), time.monotonic() - started),
                      file=sys.stderr)
    finally:
        judge.close()
        if log:
            log.close()
    return out, failed


def score_text(value):
    if abs(value) > 10 ** 5:
        return "%sM%d" % ("+" if value > 0 else "-", 10 ** 6 - abs(value))
    return "%+g" % (value + 0.0)  # + 0.0: no "-0" for a zero seen from White


def per_n(counts, sizes):
    return ", ".join("%d with %d stones" % (counts.count(n), n) for n in sizes)


def choose_judged(args, cap, pool):
    """Judges the pool and prints the openings kept, with the file's header.
    cap: the most kept per stone count (None: only --count)."""
    judged, failed = judge_all(args, pool)
    decided = [j for j in judged if j[1]]
    even = sorted((j for j in judged if not j[1] and abs(j[0]) <= args.max_eval),
                  key=lambda j: abs(j[0]))
    chosen = []
    for value, _, n, stones in even:
        if len(chosen) == args.count or (cap is not None and cap[n] == 0):
            continue
        if cap is not None:
            cap[n] -= 1
        chosen.append((value, n, stones))
    if len(chosen) < 30:
        print("openings.py: only %d openings kept" % len(chosen), file=sys.stderr)
    black = sum(1 for j in decided if j[0] > 0)
    sizes = range(args.sizes[0], args.sizes[1] + 1) if args.random else (2, 3, 4)

    cmd = ["tools/openings.py", "--judge", "ENGINE", "--judge-ms", str(args.judge_ms),
           "--max-eval", "%g" % args.max_eval, "--count", str(args.count)]
    if args.random:
        cmd += ["--random", str(args.random), "--stones", args.stones]
    else:
        cmd += ["--candidates", args.candidates]
    cmd += ["--seed", str(args.seed)]
    for flag, default in (("rule", "freestyle"), ("judge_memory", 64 << 20),
                          ("eval_regex", DEFAULT_REGEX), ("decided", 10000)):
        if getattr(args, flag) != default:
            cmd += ["--" + flag.replace("_", "-"), "%s" % getattr(args, flag)]
    print("# Balanced openings for 15x15, five in a row (%s); one per line," % args.rule)
    print("# moves in order from Black, in mnk's notation (a = left column, row 1 at")
    print("# the bottom, h8 = centre). Use: mnk match --openings FILE%s ..." %
          ("" if args.rule == "freestyle" else " --rule " + args.rule))
    print("#")
    print("# How they were chosen:")
    print("#   " + " ".join(shlex.quote(a) for a in cmd))
    print("# with ENGINE %s," % args.judge_name)
    if args.random:
        print("# given %d ms a position. Candidates: random openings (as --random prints" %
              args.judge_ms)
        print("# them) of %s stones in the central 7x7, each within two cells of an" %
              args.stones.replace(",", " to "))
        print("# earlier one, no two the same:")
    else:
        print("# given %d ms a position. Candidates: 2-4 stones inside the central 5x5,"
              % args.judge_ms)
        print("# each within two cells of another, one per shape up to symmetry and")
        print("# translation, drawn at random, each shown centred on h8, turned at random:")
    print("#   %s." % per_n([n for n, _ in pool], sizes))
    print("# The engine scored %d of them (%d skipped: no score) and found %d decided" %
          (len(judged), failed, len(decided)))
    print("# (a forced win: %d for Black, %d for White). Kept: the %d undecided ones" %
          (black, len(decided) - black, len(chosen)))
    if cap is None:
        print("# with |score| <= %g (of %d such), nearest 0 first, at most %d:" %
              (args.max_eval, len(even), args.count))
    else:
        print("# with |score| <= %g (of %d such), nearest 0 first, at most %d with 2 stones" %
              (args.max_eval, len(even), args.count // 10))
        print("# and %d with 3 or 4 stones each:" % (args.count * 3 // 5))
    print("#   %s." % per_n([n for _, n, _ in chosen], sizes))
    print("# After each opening: its stone count and the engine's score from Black's")
    print("# side (its own units; a time-limited search, so a rerun differs a little).")
    print("# With an even count Black moves next.")
    for value, n, stones in chosen:
        print("%-16s # %d stones, Black %s" % (" ".join(notation(c) for c in stones), n,
                                               score_text(value)))


def recentre(size, path):
    shift = size // 2 - CENTRE
    letters = "abcdefghijklmnopqrstuvwxyz"
    print("# Balanced openings for %dx%d, five in a row (freestyle): those of" % (size, size))
    print("# %s moved to the centre (tools/openings.py --recentre %d)." % (path.split("/")[-1], size))
    print("# Chosen on 15x15; the edges are far enough not to matter this early. The")
    print("# note after each opening is the 15x15 one.")
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
    ap.add_argument("--random", type=int, metavar="N",
                    help="print N random openings (with --judge: judge them)")
    ap.add_argument("--stones", default="3,4", metavar="LO,HI",
                    help="stones of a random opening, LO to HI")
    ap.add_argument("file", nargs="?")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--count", type=int, default=50, help="openings to keep at most")
    ap.add_argument("--candidates", default="40,160,200", metavar="N2,N3,N4",
                    help="candidates drawn with 2, 3 and 4 stones at most")
    judge = ap.add_argument_group("judging by an engine")
    judge.add_argument("--judge", metavar="COMMAND", help="a Gomocup engine, run by sh -c")
    judge.add_argument("--judge-ms", type=int, default=1000, help="its time per position")
    judge.add_argument("--rule", choices=sorted(RULE_BITS), default="freestyle",
                       help="the rule the judge plays by (INFO rule)")
    judge.add_argument("--judge-memory", type=int, default=64 << 20, metavar="BYTES",
                       help="INFO max_memory sent to it")
    judge.add_argument("--judge-name", default="a Gomocup engine",
                       help="what the file header calls the judge")
    judge.add_argument("--eval-regex", default=DEFAULT_REGEX,
                       help="its score in a MESSAGE line: the first group")
    judge.add_argument("--decided", type=float, default=10000,
                       help="a score this large in size is a forced win")
    judge.add_argument("--max-eval", type=float, default=100, help="keep |score| <= this")
    judge.add_argument("--evals", metavar="FILE", help="scores kept and reused here")
    play = ap.add_argument_group("judging by play-outs (without --judge)")
    play.add_argument("--mnk", default="build/src/cli/mnk", help="the mnk binary")
    play.add_argument("--min-plies", type=int, default=20,
                      help="drop openings threat wins within this many moves")
    play.add_argument("--games", type=int, default=10, help="first-round games per candidate")
    play.add_argument("--finalists", type=int, default=100)
    play.add_argument("--final-games", type=int, default=20)
    args = ap.parse_args()
    if args.recentre:
        recentre(args.recentre, args.file)
        return
    rng = random.Random(args.seed)
    try:
        lo, hi = (int(v) for v in args.stones.split(","))
        if not 1 <= lo <= hi <= 12:
            raise ValueError
    except ValueError:
        ap.error("--stones wants LO,HI with 1 <= LO <= HI <= 12, e.g. 3,6")
    args.sizes = (lo, hi)  # parsed once; choose_judged's header lists them
    if args.random and args.judge:
        pool = [(len(st), st) for st in random_openings(args.random, rng, args.sizes)]
        choose_judged(args, None, pool)
        return
    if args.random:
        flag = "" if (lo, hi) == (3, 4) else " --stones %s" % args.stones
        print("# %d random openings (tools/openings.py --random %d%s --seed %d)"
              % (args.random, args.random, flag, args.seed))
        for stones in random_openings(args.random, rng, args.sizes):
            print(" ".join(notation(c) for c in stones))
        return
    try:
        counts = [int(v) for v in args.candidates.split(",")]
        if len(counts) != 3 or min(counts) < 0:
            raise ValueError
    except ValueError:
        ap.error("--candidates wants three counts, e.g. 40,160,200")
    try:
        re.compile(args.eval_regex)
    except re.error as e:
        ap.error("--eval-regex: %s" % e)

    per_size = dict(zip((2, 3, 4), counts))
    cands = enumerate_candidates(rng, per_size)
    pool = [(n, moves_of(b, w)) for n, shapes in cands.items() for b, w in shapes]
    cap = {2: args.count // 10, 3: args.count * 3 // 5, 4: args.count * 3 // 5}
    if args.judge:
        choose_judged(args, cap, [(n, present(st, rng)) for n, st in pool])
        return
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
