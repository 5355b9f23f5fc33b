"""nulserver: the loopback server under curld.py and jqd.py.

Each serves the black-box run that started it: a caller (tests/lib/
nulserver.sh, from bash's /dev/tcp: no process) opens a connection, sends
NUL-terminated fields (a version, HEAD fields of its own, the number of
arguments, the arguments) and reads NUL-terminated answer fields back.

    serve(sys.argv[1], answer, head=..., codec=..., stop=...)
"""

import ctypes
import os
import signal
import socketserver


def caller_path(cwd, p, codec):
    """A path the caller gave (p, relative to its working directory
    cwd), as the bytes of the file system: the fields were decoded with
    codec."""
    return os.path.join(cwd, p).encode(
        codec, "surrogateescape" if codec == "utf-8" else "strict")


def serve(port_file, answer, head, codec, stop=None):
    """Listens on a free loopback port, writes it to port_file (renamed
    into place once listening) and answers each connection with
    answer(fields): the fields after "v1" (head of them, then the
    arguments), decoded and the answer encoded with codec ("latin-1", or
    "utf-8" with surrogateescape: any bytes come back as sent). stop, if
    given, runs on SIGTERM before the process exits."""
    errors = "surrogateescape" if codec == "utf-8" else "strict"

    class Handler(socketserver.BaseRequestHandler):
        def handle(self):
            buf = b""
            fields = []
            need = None
            while need is None or len(fields) < need:
                chunk = self.request.recv(65536)
                if not chunk:
                    return
                buf += chunk
                *done, buf = buf.split(b"\0")
                fields += [f.decode(codec, errors) for f in done]
                if need is None and len(fields) >= head + 2:
                    if fields[0] != "v1":
                        return
                    need = head + 2 + int(fields[head + 1])
            out = answer(fields[1:head + 1], fields[head + 2:need])
            self.request.sendall(b"".join(
                a.encode(codec, "replace" if codec != "utf-8" else errors)
                + b"\0" for a in out))

    class Server(socketserver.ThreadingTCPServer):
        daemon_threads = True
        allow_reuse_address = True
        request_queue_size = 256

    # Ended with the run that started it (prctl PR_SET_PDEATHSIG, SIGTERM),
    # should it end without being stopped.
    parent = os.getppid()
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)
    if os.getppid() != parent:
        return

    def term(signum, frame):
        if stop is not None:
            stop()
        os._exit(0)
    signal.signal(signal.SIGTERM, term)
    srv = Server(("127.0.0.1", 0), Handler)
    tmp = port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write("%d\n" % srv.server_address[1])
    os.rename(tmp, port_file)
    srv.serve_forever()
