#!/usr/bin/env python3
"""piskvork_peer.py — a Piskvork network-game peer for piskvork.sh, written
from the protocol's description (Piskvork's netgame.cpp, protocol 3): one
byte names a message, any byte below the board's width is a move's x, then
y, then the mover's time in ms, 4 bytes big-endian; chat is UTF-16LE.

    piskvork_peer.py host PORTFILE   listen on 127.0.0.1, write the port to
                                     PORTFILE, play scenario "host"
    piskvork_peer.py join PORT       connect to 127.0.0.1:PORT, play "join"

Standard library only, loopback only, every read bounded in time. Exits 0
when mnk did everything the scenario expects, 1 with the reason on stderr.
"""
import socket
import struct
import sys

INIT1, INIT2, INIT_DENY, BUSY = 147, 132, 226, 235
INFO, INFO_OK, MSG, END = 193, 177, 238, 249
UNDO_REQUEST, UNDO_YES, UNDO_NO = 230, 243, 246
NEW_REQUEST, NEW_YES, NEW_NO = 198, 225, 218
SIZE = 15
TIMEOUT = 15  # seconds for any one read


def fail(why):
    sys.stderr.write("piskvork_peer: FAIL: %s\n" % why)
    sys.exit(1)


class Peer:
    def __init__(self, sock):
        self.s = sock
        self.s.settimeout(TIMEOUT)

    def read(self, n):
        data = b""
        while len(data) < n:
            try:
                chunk = self.s.recv(n - len(data))
            except socket.timeout:
                fail("nothing from mnk for %d s (wanted %d bytes)" % (TIMEOUT, n))
            if not chunk:
                fail("mnk closed the connection (wanted %d bytes)" % n)
            data += chunk
        return data

    def byte(self):
        return self.read(1)[0]

    def send(self, data):
        self.s.sendall(bytes(data))

    def move(self, cell, ms=1234):
        x, y = cell_xy(cell)
        self.send([x, y] + list(struct.pack(">I", ms)))

    def chat(self, text):
        units = text.encode("utf-16-le")
        self.send(bytes([MSG]) + struct.pack(">H", len(units) // 2) + units)

    def expect_code(self, code, what):
        c = self.byte()
        if c != code:
            fail("%s: wanted %d, got %d" % (what, code, c))

    def expect_move(self, cell):
        x = self.byte()
        if x >= SIZE:
            fail("wanted mnk's move %s, got message %d" % (cell, x))
        y = self.byte()
        ms = struct.unpack(">I", self.read(4))[0]
        if (x, y) != cell_xy(cell):
            fail("wanted mnk's move %s, got %d,%d" % (cell, x, y))
        if ms > 600000:
            fail("mnk's move %s took %d ms?" % (cell, ms))

    def expect_chat(self, text):
        self.expect_code(MSG, "a chat line")
        n = struct.unpack(">H", self.read(2))[0]
        got = self.read(2 * n).decode("utf-16-le")
        if got != text:
            fail("chat: wanted %r, got %r" % (text, got))

    def expect_end(self):
        c = self.byte()
        if c != END:
            fail("wanted END, got %d" % c)


def cell_xy(cell):
    """mnk's notation (a1 bottom left) as Piskvork's x, y (0,0 top left)."""
    return ord(cell[0]) - ord("a"), SIZE - int(cell[1:])


def handshake_as_joiner(p):
    p.send([INIT2, 3])
    p.expect_code(INIT1, "the host's greeting")
    if p.byte() < 1:
        fail("version 0")
    p.expect_code(INFO, "the settings")
    n = p.byte()
    info = p.read(n)
    if n < 5 or list(info[:5]) != [SIZE, SIZE, 0, 0, 0]:
        fail("settings: wanted 15x15, mnk begins, single game, freestyle; got %r" % list(info))
    p.send([INFO_OK])


def handshake_as_host(p):
    p.send([INIT1, 3])
    p.expect_code(INIT2, "the joiner's greeting")
    if p.byte() < 1:
        fail("version 0")
    # 15x15, the joiner (mnk) begins, single game, freestyle.
    p.send([INFO, 5, SIZE, SIZE, 1, 0, 0])
    p.expect_code(INFO_OK, "the answer to the settings")


def scenario_host(p):
    """mnk hosts and begins (Black); it wins on row 1. On the way: chat
    both ways, this side's takeback accepted and then refused, malformed
    bytes."""
    handshake_as_joiner(p)
    p.expect_move("a1")
    p.expect_chat("你好, Piskvork")
    p.move("a15")
    p.expect_move("b1")
    p.chat("héllo 世界 \U0001F600")
    p.move("b15")
    p.send([UNDO_REQUEST, 0, 3])           # take b15 back: keep 3 moves
    p.expect_code(UNDO_YES, "the answer to the first takeback")
    p.move("c15")
    p.expect_move("c1")
    p.send([UNDO_REQUEST, 0, 3])           # keep 3 of 5: refused
    p.expect_code(UNDO_NO, "the answer to the second takeback")
    p.send([3, 200, 0, 0, 0, 0])           # a move off the board
    p.send([100])                          # no message, no move
    p.send([MSG, 0, 0])                    # an empty chat line
    p.move("d15")
    p.expect_move("d1")
    p.move("f15")
    p.expect_move("e1")                    # five: mnk wins
    p.expect_end()


def scenario_join(p):
    """mnk joins and begins (Black); this side wins on row 15. On the way:
    mnk's takeback accepted, then refused; an empty chat line; chat."""
    handshake_as_host(p)
    p.expect_move("a1")
    p.move("a15")
    p.expect_move("b1")
    p.expect_code(UNDO_REQUEST, "mnk's takeback")
    keep = struct.unpack(">H", p.read(2))[0]
    if keep != 2:
        fail("mnk's takeback keeps %d moves, not 2" % keep)
    p.send([UNDO_YES])
    p.expect_move("c3")
    p.expect_code(UNDO_REQUEST, "mnk's second takeback")
    p.read(2)
    p.send([UNDO_NO])
    p.send([MSG, 0, 0])                    # malformed: an empty line
    p.chat("ça va?")
    p.move("b15")
    p.expect_move("e5")
    p.move("c15")
    p.expect_move("g7")
    p.move("d15")
    p.expect_move("j9")
    p.move("e15")                          # five: this side wins
    p.send([END])


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("host", "join"):
        fail("usage: piskvork_peer.py host PORTFILE | join PORT")
    if sys.argv[1] == "host":
        ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        ls.bind(("127.0.0.1", 0))
        ls.listen(1)
        ls.settimeout(TIMEOUT)
        with open(sys.argv[2], "w") as f:
            f.write("%d\n" % ls.getsockname()[1])
        try:
            conn, _ = ls.accept()
        except socket.timeout:
            fail("mnk did not connect")
        scenario_join(Peer(conn))
    else:
        s = socket.create_connection(("127.0.0.1", int(sys.argv[2])), timeout=TIMEOUT)
        scenario_host(Peer(s))
    print("piskvork_peer: ok")


if __name__ == "__main__":
    main()
