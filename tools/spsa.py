#!/usr/bin/env python3
"""spsa.py — tunes the search's constants together by SPSA self-play.

    tools/spsa.py --state FILE [--params NAME,...] [--iterations N]
                  [--nodes N] [--jobs J] [--openings FILE] [--mnk PATH]
                  [--c-end NAME=C,...] [--r-end R]

Simultaneous perturbation stochastic approximation, as chess engines tune
many constants at once (Fishtest's form of it): each iteration perturbs
every constant tuned at once, by +c or -c with a coin each (c shrinking as
the tuning goes on), plays one pair of games (an opening of its own, both
colours) between the engine with theta + c*delta and the one with
theta - c*delta, and moves theta towards the side that scored better:
theta += a * (score+ - score-) / (c * delta). A pair gives each constant a
noisy estimate of the slope; thousands of pairs, tens of thousands for
many constants, make it a reliable one. What it finds is a candidate: it
is kept only if it then passes an SPRT (tools/sprt.sh) against the tuned
values in use.

The constants, their tuned values and ranges are read from
src/engine/params.c (the one place they are written); the engines are
`mnk engine --tune` (engine/params.h) at a fixed number of nodes a move,
like tools/sprt.sh's games, so the load of the machine changes nothing but
the speed. --jobs pairs are played at once, all against one theta, and
theta moves after each batch. The state (theta, the iteration reached, the
totals) is written to --state after every batch and read back when it
exists, so a stopped run goes on where it stopped; the step sizes are
fixed by --iterations at the start and kept in the state.

    --state FILE     where the tuning is kept (made when missing)
    --params LIST    the constants to tune (default: all of params.c)
    --iterations N   pairs the tuning is planned for (default 10000): the
                     schedule of a and c runs over them
    --nodes N        nodes a move for both engines (default 100000)
    --jobs J         pairs played at once (default: the CPU count)
    --openings FILE  openings, one a pair, in order from where the state
                     left off (default data/openings/sprt-15.txt)
    --mnk PATH       the binary (default build/src/cli/mnk)
    --c-end SPEC     the final perturbation of named constants (default:
                     a twentieth of each range, at least 1)
    --r-end R        the final learning rate, a = R * c_end^2 (default 0.002)
    --max-pairs N    stop after this many pairs in this run (default: none)

Prints each batch's pairs and theta; at the end (or when stopped) the
`--tune` setting of the rounded theta, to give tools/sprt.sh's engines.
"""
import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALPHA, GAMMA = 0.602, 0.101


def read_params():
    """name -> (tuned, min, max), in params.c's order."""
    text = open(os.path.join(ROOT, "src", "engine", "params.c")).read()
    found = re.findall(r"PARAM\((\w+),\s*(-?\d+),\s*(-?\d+),\s*(-?\d+)\)", text)
    if not found:
        sys.exit("spsa: no PARAM(...) lines in src/engine/params.c")
    return {n: (int(v), int(lo), int(hi)) for n, v, lo, hi in found}


def parse_spec(spec, known):
    out = {}
    for item in filter(None, (spec or "").split(",")):
        name, eq, value = item.partition("=")
        if not eq or name not in known:
            sys.exit(f"spsa: expected NAME=VALUE with a tuned name, got '{item}'")
        out[name] = float(value)
    return out


def openings(path):
    with open(path) as f:
        return [l.strip() for l in f if re.match(r"[a-z]", l)]


def tune_spec(theta, names):
    return ",".join(f"{n}={int(round(theta[n]))}" for n in names)


def play_pair(mnk, nodes, opening, plus, minus):
    """(score of plus over the two games: 0..2, the match's game lines)."""
    cap = max(1000, nodes // 20)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(opening + "\n")
        path = f.name
    try:
        cmd = [mnk, "match",
               "--black", f"engine:{mnk} engine --nodes {nodes} --time-ms {cap} --seed 1 --tune {plus}",
               "--white", f"engine:{mnk} engine --nodes {nodes} --time-ms {cap} --seed 1 --tune {minus}",
               "--openings", path, "--games", "2", "--seed", "1"]
        out = subprocess.run(cmd, capture_output=True, text=True)
    finally:
        os.unlink(path)
    lines = [l for l in out.stdout.splitlines() if l.startswith("game ")]
    if len(lines) != 2:
        raise RuntimeError(f"match failed ({out.returncode}): {out.stderr.strip()[-300:]}")
    score = 0.0
    for line in lines:
        m = re.match(r"game \d+: Black (.*), White (.*): (Black wins|White wins|draw)", line)
        if not m:
            raise RuntimeError(f"cannot read the game line: {line}")
        plus_black = f"--tune {plus}" in m.group(1) and f"--tune {plus}" not in m.group(2)
        if m.group(3) == "draw":
            score += 0.5
        elif (m.group(3) == "Black wins") == plus_black:
            score += 1.0
    return score, lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--state", required=True)
    ap.add_argument("--params")
    ap.add_argument("--iterations", type=int, default=10000)
    ap.add_argument("--nodes", type=int, default=100000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--openings", default=os.path.join(ROOT, "data", "openings", "sprt-15.txt"))
    ap.add_argument("--mnk", default=os.path.join(ROOT, "build", "src", "cli", "mnk"))
    ap.add_argument("--c-end")
    ap.add_argument("--r-end", type=float, default=0.002)
    ap.add_argument("--max-pairs", type=int, default=0)
    args = ap.parse_args()

    known = read_params()
    if os.path.exists(args.state):
        state = json.load(open(args.state))
    else:
        names = args.params.split(",") if args.params else list(known)
        for n in names:
            if n not in known:
                sys.exit(f"spsa: no tunable named '{n}' (see src/engine/params.c)")
        c_end = {n: max(1.0, (known[n][2] - known[n][1]) / 20) for n in names}
        c_end.update({n: c for n, c in parse_spec(args.c_end, known).items() if n in c_end})
        state = {"names": names, "theta": {n: float(known[n][0]) for n in names},
                 "c_end": c_end, "r_end": args.r_end, "iterations": args.iterations,
                 "nodes": args.nodes, "next_opening": 0, "pairs": 0,
                 "score": 0.0}
    names, theta = state["names"], state["theta"]
    book = openings(args.openings)
    n_total = state["iterations"]
    big_a = 0.1 * n_total
    rng = random.Random(state["pairs"] * 7919 + 1)
    played = 0
    print(f"spsa: tuning {', '.join(names)} at {state['nodes']} nodes a move, "
          f"from pair {state['pairs'] + 1} of {n_total}", flush=True)
    try:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            while state["pairs"] < n_total and (not args.max_pairs or played < args.max_pairs):
                k = state["pairs"] + 1
                c_k = {n: state["c_end"][n] * n_total ** GAMMA / k ** GAMMA for n in names}
                a_k = {n: state["r_end"] * state["c_end"][n] ** 2 * (big_a + n_total) ** ALPHA
                       / (big_a + k) ** ALPHA for n in names}
                batch = []
                for _ in range(args.jobs):
                    delta = {n: rng.choice((-1, 1)) for n in names}
                    plus, minus = {}, {}
                    for n in names:
                        lo, hi = known[n][1], known[n][2]
                        plus[n] = min(hi, max(lo, theta[n] + c_k[n] * delta[n]))
                        minus[n] = min(hi, max(lo, theta[n] - c_k[n] * delta[n]))
                    opening = book[state["next_opening"] % len(book)]
                    state["next_opening"] += 1
                    batch.append((delta, pool.submit(play_pair, args.mnk, state["nodes"], opening,
                                                     tune_spec(plus, names), tune_spec(minus, names))))
                for delta, fut in batch:
                    score, _ = fut.result()
                    result = score - (2 - score)   # plus's wins less minus's, over the pair
                    for n in names:
                        lo, hi = known[n][1], known[n][2]
                        theta[n] = min(hi, max(lo, theta[n] + a_k[n] * result / (c_k[n] * delta[n])))
                    state["pairs"] += 1
                    state["score"] += score
                    played += 1
                tmp = args.state + ".part"
                with open(tmp, "w") as f:
                    json.dump(state, f, indent=1)
                os.replace(tmp, args.state)
                print(f"pairs {state['pairs']}: " +
                      " ".join(f"{n}={theta[n]:.2f}" for n in names), flush=True)
    except KeyboardInterrupt:
        print("spsa: stopped", file=sys.stderr)
    print("--tune " + tune_spec(theta, names))


if __name__ == "__main__":
    main()
