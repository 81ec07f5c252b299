#!/usr/bin/env python3
"""tcp_cut.py — a TCP relay on 127.0.0.1 whose connections server_drop.sh
can break as a network does: every connection made to it is carried to
127.0.0.1:TARGET, byte for byte, until the relay gets SIGUSR1, which
closes every connection open then (both ends see it drop, a cable
pulled), or SIGUSR2, which stops carrying them and leaves them open (both
ends hear nothing more, a silent link). Either way it goes on taking new
connections and carrying those.

    tcp_cut.py TARGET PORTFILE SECONDS   listen on a free port, write it to
                                         PORTFILE, stop after SECONDS

Standard library only, loopback only; it ends by itself after SECONDS.
"""
import os
import selectors
import signal
import socket
import sys
import time


def main():
    target, portfile, seconds = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    listener.setblocking(False)
    sel = selectors.DefaultSelector()
    sel.register(listener, selectors.EVENT_READ, None)
    peer = {}  # socket -> the socket at its other end
    cut, freeze = [False], [False]
    frozen = []  # connections left open and never read again

    def on_cut(signum, frame):
        cut[0] = True

    def on_freeze(signum, frame):
        freeze[0] = True

    signal.signal(signal.SIGUSR1, on_cut)
    signal.signal(signal.SIGUSR2, on_freeze)
    with open(portfile + ".tmp", "w") as f:
        f.write("%d\n" % listener.getsockname()[1])
    os.rename(portfile + ".tmp", portfile)

    def close_pair(s):
        o = peer.pop(s, None)
        for x in (s, o):
            if x is None:
                continue
            peer.pop(x, None)
            try:
                sel.unregister(x)
            except (KeyError, ValueError):
                pass
            x.close()

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cut[0]:
            cut[0] = False
            for s in list(peer):
                close_pair(s)
            sys.stdout.write("cut\n")
            sys.stdout.flush()
        if freeze[0]:
            freeze[0] = False
            for s in list(peer):
                sel.unregister(s)
                frozen.append(s)
                peer.pop(s)
            sys.stdout.write("frozen\n")
            sys.stdout.flush()
        for key, _ in sel.select(timeout=0.1):
            s = key.fileobj
            if s is listener:
                try:
                    c, _ = listener.accept()
                except OSError:
                    continue
                try:
                    t = socket.create_connection(("127.0.0.1", target), timeout=5)
                except OSError:
                    c.close()
                    continue
                peer[c], peer[t] = t, c
                sel.register(c, selectors.EVENT_READ, None)
                sel.register(t, selectors.EVENT_READ, None)
                continue
            if s not in peer:
                continue
            try:
                data = s.recv(65536)
            except OSError:
                data = b""
            if not data:
                close_pair(s)
                continue
            try:
                peer[s].sendall(data)
            except OSError:
                close_pair(s)


if __name__ == "__main__":
    main()
