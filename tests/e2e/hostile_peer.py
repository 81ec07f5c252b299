#!/usr/bin/env python3
"""hostile_peer.py — clients that try to break an mnk server, for
tests/e2e/server_hostile.sh. Each attack connects to 127.0.0.1:PORT (the
loopback address only), does one kind of harm, and prints one line
"held ATTACK: WHAT" when the server answered as it must, or
"broke ATTACK: WHAT" and exits 1 when it did not. Every attack is bounded
in connections and time.

    hostile_peer.py PORT ATTACK [SECONDS]

ATTACK:
  silent N     N connections that never say a word, held SECONDS (default
               15); the server must end each within its handshake limit
  garbage      a connection that sends random bytes in place of TLS
  flood        16 KiB and more of bytes before any handshake
  longline     after TLS and HELLO, a line longer than a line may be
  controls     after TLS and HELLO, NAME with an escape sequence in it
  noread       after TLS and HELLO, LIST over and over, reading nothing:
               the server must give up on it, not keep its answers forever
  early        after TLS, a LIST before HELLO
  wrongver     after TLS, HELLO of another major version
  half         after TLS and HELLO, half a line, then silence
The protocol is the mnk link's (net/link.h): the server greets in clear
("mnk-net-1 server"), then TLS 1.3 with its certificate (not checked
here: these are attackers), then one line per message (net/wire.h).
"""
import os
import socket
import ssl
import sys
import time

HOST = "127.0.0.1"
GREETING = b"mnk-net-1 server\n"
LINE_MAX = 1024


def say(kind, attack, what):
    print(f"{kind} {attack}: {what}", flush=True)


def broke(attack, what):
    say("broke", attack, what)
    sys.exit(1)


def connect(port, timeout=10):
    s = socket.create_connection((HOST, port), timeout=timeout)
    return s


def read_greeting(s):
    got = b""
    while not got.endswith(b"\n") and len(got) < 64:
        b = s.recv(64 - len(got))
        if not b:
            break
        got += b
    return got


def tls(port):
    """A TLS link to the server past its greeting, and its HELLO read."""
    s = connect(port)
    if read_greeting(s) != GREETING:
        raise RuntimeError("no server greeting")
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    ctx.minimum_version = ssl.TLSVersion.TLSv1_3
    t = ctx.wrap_socket(s, server_hostname="localhost")
    t.settimeout(10)
    return t


def lines(t, until_s):
    """The server's lines until it closes or until_s seconds pass: (lines,
    closed)."""
    buf = b""
    out = []
    end = time.monotonic() + until_s
    while time.monotonic() < end:
        t.settimeout(max(0.05, end - time.monotonic()))
        try:
            b = t.recv(4096)
        except (socket.timeout, TimeoutError):
            break
        except (ssl.SSLError, ConnectionError, OSError):
            return out, True
        if not b:
            return out, True
        buf += b
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            out.append(line.decode("utf-8", "replace"))
    return out, False


def closed_within(sock, seconds):
    """True when the other side ends the connection within `seconds`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        sock.settimeout(max(0.05, end - time.monotonic()))
        try:
            b = sock.recv(65536)
        except (socket.timeout, TimeoutError):
            continue
        except (ssl.SSLError, ConnectionError, OSError):
            return True
        if not b:
            return True
    return False


def hello(t):
    t.sendall(b"HELLO 1.1 hostile\n")


def attack_silent(port, n, hold):
    socks = []
    for _ in range(n):
        try:
            socks.append(connect(port))
        except OSError as e:
            broke("silent", f"could not open connection {len(socks) + 1}: {e}")
    start = time.monotonic()
    # Each is ended by the server (its handshake limit), not kept.
    ended = 0
    for s in socks:
        if closed_within(s, max(0.1, hold - (time.monotonic() - start))):
            ended += 1
        s.close()
    if ended < n:
        broke("silent", f"{n - ended} of {n} silent connections still open after {hold} s")
    say("held", "silent", f"{n} silent connections, each ended by the server")


def attack_garbage(port):
    s = connect(port)
    read_greeting(s)
    s.sendall(os.urandom(3000))
    if not closed_within(s, 12):
        broke("garbage", "the server kept a connection that sent random bytes")
    say("held", "garbage", "random bytes in place of TLS: dropped")


def attack_flood(port):
    s = connect(port)
    read_greeting(s)
    sent = 0
    try:
        while sent < 4 * 1024 * 1024:
            s.sendall(os.urandom(16384))
            sent += 16384
    except OSError:
        pass
    if not closed_within(s, 12):
        broke("flood", f"the server kept reading a peer that sent {sent} bytes before TLS")
    say("held", "flood", f"bytes before any handshake: dropped after at most {sent}")


def after_hello(port, attack):
    t = tls(port)
    hello(t)
    got, closed = lines(t, 2)
    if closed or not got or not got[0].startswith("HELLO "):
        broke(attack, f"no HELLO from the server: {got}")
    return t


def attack_longline(port):
    t = after_hello(port, "longline")
    try:
        t.sendall(b"NAME " + b"x" * (LINE_MAX * 8))
    except OSError:
        pass
    got, closed = lines(t, 12)
    if not closed:
        broke("longline", "the server kept a peer sending a line past the limit")
    say("held", "longline", f"a line of {LINE_MAX * 8} bytes: dropped ({' | '.join(got)[:80]})")


def attack_controls(port):
    t = after_hello(port, "controls")
    t.sendall(b"NAME a\x1b[2Jb\n")
    got, closed = lines(t, 5)
    if not closed:
        broke("controls", "the server kept a peer that sent control characters")
    if any("\x1b" in l for l in got):
        broke("controls", "the server echoed the escape character back")
    say("held", "controls", "an escape sequence in a name: refused and dropped")


def attack_noread(port):
    t = after_hello(port, "noread")
    t.sendall(b"NAME noread\n")
    t.setblocking(False)
    sent = 0
    end = time.monotonic() + 20
    closed = False
    while time.monotonic() < end and sent < 400000:
        try:
            t.send(b"LIST\n")
            sent += 1
        except ssl.SSLWantWriteError:
            time.sleep(0.01)
        except (ssl.SSLError, ConnectionError, OSError):
            closed = True
            break
    t.setblocking(True)
    if not closed:
        closed = closed_within(t, 15)
    if not closed:
        broke("noread", f"the server kept answering {sent} LISTs nobody read")
    say("held", "noread", f"a peer that reads nothing: dropped after {sent} requests")


def attack_early(port):
    t = tls(port)
    t.sendall(b"LIST\n")
    got, closed = lines(t, 12)
    if not closed:
        broke("early", "the server kept a peer that skipped HELLO")
    say("held", "early", "a message before HELLO: dropped")


def attack_wrongver(port):
    t = tls(port)
    t.sendall(b"HELLO 9.0 hostile\n")
    got, closed = lines(t, 12)
    if not closed:
        broke("wrongver", "the server kept a peer of another major version")
    say("held", "wrongver", "HELLO 9.0: refused")


def attack_half(port, hold):
    t = after_hello(port, "half")
    t.sendall(b"NAME half")
    # The server must not act on half a line (nothing but keepalive comes
    # back); the lobby's idle limit, ten minutes, lets it go in the end.
    got, closed = lines(t, min(hold, 5))
    acted = [l for l in got if not l.startswith(("PING", "PONG"))]
    if acted:
        broke("half", f"the server acted on half a line: {acted}")
    say("held", "half", f"half a line: {'dropped' if closed else 'waited on'}, no action taken")


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    port = int(sys.argv[1])
    attack = sys.argv[2]
    rest = sys.argv[3:]
    try:
        if attack == "silent":
            attack_silent(port, int(rest[0]), float(rest[1]) if len(rest) > 1 else 15)
        elif attack == "garbage":
            attack_garbage(port)
        elif attack == "flood":
            attack_flood(port)
        elif attack == "longline":
            attack_longline(port)
        elif attack == "controls":
            attack_controls(port)
        elif attack == "noread":
            attack_noread(port)
        elif attack == "early":
            attack_early(port)
        elif attack == "wrongver":
            attack_wrongver(port)
        elif attack == "half":
            attack_half(port, float(rest[0]) if rest else 5)
        else:
            print(f"unknown attack {attack}", file=sys.stderr)
            sys.exit(2)
    except (OSError, RuntimeError) as e:
        broke(attack, f"{type(e).__name__}: {e}")


if __name__ == "__main__":
    main()
