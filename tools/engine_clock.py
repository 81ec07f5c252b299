#!/usr/bin/env python3
"""engine_clock.py — play Gomocup engines against each other under a game
clock and report how much of the allowed time each move took.

    tools/engine_clock.py --a 'build/src/cli/mnk engine' --b 'build/src/cli/mnk engine' \\
        --turn 5000 --match 180000 --games 2 --openings data/openings/freestyle-15.txt

Acts as the manager (Piskvork protocol 2): START 15, INFO timeout_turn,
timeout_match and, before every move, time_left (the match time minus what
that engine has used so far, as Piskvork does), then BEGIN / TURN. The time
of a move is the wall time from sending the command to reading the answer,
so it includes the pipe and process scheduling. Prints, per engine, the
moves played, the mean and maximum time per move, the share of the turn
limit used on average, the match time used, and every overrun of the turn
limit or of the time left. Openings (human notation, 'h8 i9', one per line)
are placed with BOARD before the first move; games alternate who starts.
"""
import argparse
import subprocess
import sys
import time


def parse_cell(word, size):
    col = ord(word[0]) - ord('a')
    row = int(word[1:])
    return col, size - row


class Engine:
    def __init__(self, command, name):
        self.name = name
        self.proc = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)

    def send(self, line):
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()

    def answer(self):
        """The next protocol answer, skipping MESSAGE / DEBUG lines."""
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f'{self.name}: engine closed its output')
            line = line.strip()
            if line.split(' ', 1)[0] in ('MESSAGE', 'DEBUG', 'SUGGEST'):
                continue
            return line

    def close(self):
        try:
            self.send('END')
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()
            self.proc.wait()


def five(board, size, x, y):
    me = board[y][x]
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for sgn in (1, -1):
            cx, cy = x + sgn * dx, y + sgn * dy
            while 0 <= cx < size and 0 <= cy < size and board[cy][cx] == me:
                n += 1
                cx += sgn * dx
                cy += sgn * dy
        if n >= 5:
            return True
    return False


def play(args, opening, a_first, stats):
    size = args.size
    engines = [Engine(args.a, 'A'), Engine(args.b, 'B')]
    try:
        used = [0.0, 0.0]
        for e in engines:
            e.send(f'START {size}')
            if e.answer() != 'OK':
                raise RuntimeError(f'{e.name}: START refused')
            e.send(f'INFO timeout_turn {args.turn}')
            e.send(f'INFO timeout_match {args.match}')
            e.send('INFO rule 0')
        board = [[0] * size for _ in range(size)]
        moves = [parse_cell(w, size) for w in opening]
        for i, (x, y) in enumerate(moves):
            board[y][x] = 1 + i % 2
        # side 0 moves next; engine `turn` plays it.
        turn = 0 if a_first else 1
        colour = 1 + len(moves) % 2
        last = None
        first_move = [True, True]
        for ply in range(size * size - len(moves)):
            e = engines[turn]
            left = max(0, int(args.match - used[turn] * 1000))
            e.send(f'INFO time_left {left}')
            t0 = time.monotonic()
            if first_move[turn] and moves:
                e.send('BOARD')
                for y in range(size):
                    for x in range(size):
                        if board[y][x]:
                            own = 1 if board[y][x] == colour else 2
                            e.send(f'{x},{y},{own}')
                e.send('DONE')
            elif first_move[turn] and last is None:
                e.send('BEGIN')
            else:
                e.send(f'TURN {last[0]},{last[1]}')
            first_move[turn] = False
            reply = e.answer()
            dt = time.monotonic() - t0
            used[turn] += dt
            s = stats[e.name]
            s['moves'] += 1
            s['total'] += dt
            s['max'] = max(s['max'], dt)
            if dt * 1000 > args.turn:
                s['over_turn'].append(round(dt * 1000))
            if dt * 1000 > left:
                s['over_left'].append(round(dt * 1000))
            x, y = (int(v) for v in reply.split(','))
            if board[y][x]:
                raise RuntimeError(f'{e.name}: illegal move {reply}')
            board[y][x] = colour
            if five(board, size, x, y):
                s['wins'] += 1
                break
            last = (x, y)
            turn = 1 - turn
            colour = 3 - colour
        for i in (0, 1):
            stats[engines[i].name]['match'] = max(stats[engines[i].name]['match'], used[i])
    finally:
        for e in engines:
            e.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--a', required=True, help='command of engine A')
    ap.add_argument('--b', required=True, help='command of engine B')
    ap.add_argument('--size', type=int, default=15)
    ap.add_argument('--turn', type=int, default=5000, help='INFO timeout_turn, ms')
    ap.add_argument('--match', type=int, default=180000, help='INFO timeout_match, ms')
    ap.add_argument('--games', type=int, default=2)
    ap.add_argument('--openings', help='file of openings in human notation')
    args = ap.parse_args()
    openings = [[]]
    if args.openings:
        with open(args.openings) as f:
            openings = [l.split('#')[0].split() for l in f]
            openings = [o for o in openings if o]
    stats = {n: dict(moves=0, total=0.0, max=0.0, wins=0, match=0.0, over_turn=[],
                     over_left=[]) for n in 'AB'}
    for g in range(args.games):
        play(args, list(openings[(g // 2) % len(openings)]), g % 2 == 0, stats)
        print(f'game {g + 1} done', file=sys.stderr)
    for n, s in stats.items():
        mean = s['total'] / max(1, s['moves'])
        print(f"{n}: wins {s['wins']}  moves {s['moves']}  mean {mean * 1000:.0f} ms "
              f"({100 * mean * 1000 / args.turn:.0f}% of the turn)  max {s['max'] * 1000:.0f} ms  "
              f"most match time used {s['match']:.1f} s of {args.match / 1000:.0f}  "
              f"turn overruns {s['over_turn']}  time-left overruns {s['over_left']}")
    bad = any(s['over_turn'] or s['over_left'] for s in stats.values())
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
