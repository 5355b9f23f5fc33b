#!/usr/bin/python3
"""jqd: the black-box suite's jq command lines, run by one process.

A jq 1.6 process costs about 30 ms of CPU on the test machine, 22 to 28 of
them compiling its builtins with the program, and the suite starts jq
about 12,000 times (process accounting: 6.2 to 6.4 core-minutes of a full
run). This server runs the same programs through the same library, libjq
(Debian's libjq1, which jq itself links; called through ctypes), in one
process per black-box run, and keeps each program compiled: a command
line it has seen before costs well under a millisecond. tests/lib/jqd.sh's
jq function sends it each command line over a loopback connection (bash's
/dev/tcp: no process) and runs the real jq for anything it declines.

What it takes is the part of jq's command line the suite uses, with jq's
meaning (jq 1.6's main.c, followed step by step below): -r, -j, -c, -n,
-s, -e, -S, -a, -R, --tab, --indent N, --arg NAME VALUE, --argjson NAME
JSON, --slurpfile NAME FILE, --rawfile NAME FILE, the program and input
files (standard input when none: the caller's, read through /proc). It
declines, and the caller runs jq itself, anything else: another option, a
program that reads the environment or the process's state ($ENV, env,
input_filename, $__loc__, debug, stderr, halt, halt_error,
input_line_number, import, include, modulemeta, get_search_list), and any
run that does not end cleanly (a compile error, an uncaught error, a
parse error of the input, a file that cannot be read): jq prints those
messages itself. A declined run that had read standard input hands back
its bytes in a file, for jq to read instead.

Protocol, per connection: the caller sends NUL-terminated fields: "v1",
its working directory, its standard input's path (/proc/PID/fd/0), the
file its standard output goes to, the number of arguments, the arguments.
The server answers NUL-terminated fields: jq's exit status and "1" when
the file holds standard output for the caller to print, else "0"; or
"unsupported" and the file holding the standard input it read ("" when it
read none).

    jqd.py PORTFILE    # listens on a free loopback port, writes it there
"""

import collections
import ctypes
import os
import re
import sys
import tempfile
import threading

import nulserver


class Jv(ctypes.Structure):
    # jq 1.6's jv, passed by value: the kind and flags, the offset and
    # size, and a union of a pointer and a double (one integer eightbyte
    # for the x86-64 calling convention either way).
    _fields_ = [("kind_flags", ctypes.c_ubyte), ("pad_", ctypes.c_ubyte),
                ("offset", ctypes.c_ushort), ("size", ctypes.c_int),
                ("u", ctypes.c_uint64)]


lib = ctypes.CDLL("libjq.so.1")
P = ctypes.c_void_p


def fn(name, res, *args):
    f = getattr(lib, name)
    f.restype = res
    f.argtypes = list(args)
    return f


jq_init = fn("jq_init", P)
jq_teardown = fn("jq_teardown", None, ctypes.POINTER(P))
jq_compile_args = fn("jq_compile_args", ctypes.c_int, P, ctypes.c_char_p, Jv)
jq_start = fn("jq_start", None, P, Jv, ctypes.c_int)
jq_next = fn("jq_next", Jv, P)
jq_halted = fn("jq_halted", ctypes.c_int, P)
jq_set_input_cb = fn("jq_set_input_cb", None, P, P, P)
jq_util_input_init = fn("jq_util_input_init", P, P, P)
jq_util_input_free = fn("jq_util_input_free", None, ctypes.POINTER(P))
jq_util_input_set_parser = fn("jq_util_input_set_parser", None, P, P,
                              ctypes.c_int)
jq_util_input_add_input = fn("jq_util_input_add_input", None, P,
                             ctypes.c_char_p)
jq_util_input_next_input = fn("jq_util_input_next_input", Jv, P)
jq_util_input_errors = fn("jq_util_input_errors", ctypes.c_int, P)
next_input_cb = ctypes.cast(lib.jq_util_input_next_input_cb, P)
jv_parser_new = fn("jv_parser_new", P, ctypes.c_int)
jv_copy = fn("jv_copy", Jv, Jv)
jv_free = fn("jv_free", None, Jv)
jv_get_kind = fn("jv_get_kind", ctypes.c_int, Jv)
jv_invalid_has_msg = fn("jv_invalid_has_msg", ctypes.c_int, Jv)
jv_null = fn("jv_null", Jv)
jv_string_sized = fn("jv_string_sized", Jv, ctypes.c_char_p, ctypes.c_int)
jv_string_value = fn("jv_string_value", P, Jv)
jv_string_length_bytes = fn("jv_string_length_bytes", ctypes.c_int, Jv)
jv_dump_string = fn("jv_dump_string", Jv, Jv, ctypes.c_int)
jv_parse_sized = fn("jv_parse_sized", Jv, ctypes.c_char_p, ctypes.c_int)
jv_load_file = fn("jv_load_file", Jv, ctypes.c_char_p, ctypes.c_int)
jv_object = fn("jv_object", Jv)
jv_object_set = fn("jv_object_set", Jv, Jv, Jv, Jv)
jv_array = fn("jv_array", Jv)

# jv.h's kinds and print flags.
KIND_INVALID, KIND_NULL, KIND_FALSE, KIND_STRING = 0, 1, 2, 5
PRETTY, ASCII, SORTED, TAB = 1, 2, 8, 64


def indent_flags(n):
    """JV_PRINT_INDENT_FLAGS(n)."""
    return 0 if n == 0 else n << 8 | PRETTY


def jv_bytes(s):
    """The bytes of jv string s (not consumed)."""
    n = jv_string_length_bytes(jv_copy(s))
    return ctypes.string_at(jv_string_value(s), n)


def jstring(b):
    return jv_string_sized(b, len(b))


class Unsupported(Exception):
    pass


# Programs that read what differs between this process and the caller's
# jq (its environment, the input's file name and line, the program's own
# location), or that print to standard error or end the process.
DECLINED = re.compile(r"\$ENV|\benv\b|input_filename|\$__loc__|\bdebug\b|"
                      r"\bstderr\b|\bhalt|input_line_number|\bimport\b|"
                      r"\binclude\b|modulemeta|get_search_list|"
                      r"\$__prog|get_prog_origin|get_jq_origin")


def utf8(a):
    """Argument a's bytes, or Unsupported when they are not UTF-8 (jq
    would replace them)."""
    b = a.encode("utf-8", "surrogateescape")
    try:
        b.decode("utf-8")
    except UnicodeDecodeError:
        raise Unsupported
    return b


def parse(cwd, args):
    """jq's command line as jq 1.6's main() reads it, or Unsupported."""
    o = {"raw": False, "join": False, "null": False, "slurp": False,
         "exit": False, "sorted": False, "ascii": False, "raw_in": False,
         "named": [], "program": None, "files": []}
    # The print flags, changed by -c, --tab and --indent in their order.
    dump = indent_flags(2)
    short = {"r": "raw", "j": "join", "n": "null", "s": "slurp",
             "e": "exit", "S": "sorted", "a": "ascii", "R": "raw_in"}
    longs = {"--raw-output": "raw", "--join-output": "join",
             "--null-input": "null", "--slurp": "slurp",
             "--exit-status": "exit", "--sort-keys": "sorted",
             "--ascii-output": "ascii", "--raw-input": "raw_in"}
    names = set()
    i = 0
    while i < len(args):
        a = args[i]
        optish = len(a) > 1 and a[0] == "-" and (a[1] == "-" or
                                                 a[1].isalpha())
        if not optish:
            if a == "-":
                raise Unsupported  # this process's standard input
            if o["program"] is None:
                o["program"] = utf8(a)
            else:
                o["files"].append(nulserver.caller_path(cwd, a,
                                                        "utf-8"))
        elif a in longs:
            o[longs[a]] = True
        elif a in ("-c", "--compact-output"):
            dump &= ~(TAB | indent_flags(7))
        elif a == "--tab":
            dump &= ~indent_flags(7)
            dump |= TAB | PRETTY
        elif a == "--indent":
            if i + 1 >= len(args) or not re.fullmatch(r"[0-7]", args[i + 1]):
                raise Unsupported
            dump &= ~(TAB | indent_flags(7))
            dump |= indent_flags(int(args[i + 1]))
            i += 1
        elif a in ("--arg", "--argjson", "--slurpfile", "--rawfile"):
            if i + 2 >= len(args) or args[i + 1] in names:
                raise Unsupported
            names.add(args[i + 1])
            v = args[i + 2]
            if a in ("--arg", "--argjson"):
                data = utf8(v)
            else:
                with open(nulserver.caller_path(cwd, v, "utf-8"), "rb") as f:
                    data = f.read()
            o["named"].append((a, utf8(args[i + 1]), data))
            i += 2
        elif a[1] != "-":
            for c in a[1:]:
                if c == "c":
                    dump &= ~(TAB | indent_flags(7))
                elif c in short:
                    o[short[c]] = True
                else:
                    raise Unsupported
        else:
            raise Unsupported
        i += 1
    if o["program"] is None or DECLINED.search(o["program"].decode()):
        raise Unsupported
    if o["join"]:
        o["raw"] = True
    if o["sorted"]:
        dump |= SORTED
    if o["ascii"]:
        dump |= ASCII
    o["dump"] = dump
    return o


def program_args(o):
    """The named arguments as jq 1.6 builds them (a jv object: each name
    to its value, then ARGS: {positional: [], named: {...}}), or
    Unsupported where jq would refuse one."""
    named = jv_object()
    for opt, name, data in o["named"]:
        if opt == "--arg":
            v = jstring(data)
        elif opt == "--argjson":
            v = jv_parse_sized(data, len(data))
        else:
            # jv_load_file, as jq, from a copy in a private file: the
            # bytes hashed into the cache key are the bytes parsed.
            v = load_bytes(data, opt == "--rawfile")
        if jv_get_kind(v) == KIND_INVALID:
            jv_free(v)
            jv_free(named)
            raise Unsupported
        named = jv_object_set(named, jstring(name), v)
    a = jv_object()
    a = jv_object_set(a, jstring(b"positional"), jv_array())
    a = jv_object_set(a, jstring(b"named"), jv_copy(named))
    return jv_object_set(named, jstring(b"ARGS"), a)


def load_bytes(data, raw):
    fd, path = tempfile.mkstemp(prefix="jqd.")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        return jv_load_file(path.encode(), 1 if raw else 0)
    finally:
        os.unlink(path)


class Cache:
    """Compiled programs by program and named arguments, the most recent
    kept (2,000: about 20 KB each)."""
    MAX = 2000

    def __init__(self):
        self.states = collections.OrderedDict()

    def get(self, o):
        key = (o["program"], tuple(o["named"]))
        st = self.states.get(key)
        if st is not None:
            self.states.move_to_end(key)
            return key, st
        counts["compiled"] += 1
        st = jq_init()
        if not st:
            raise Unsupported
        try:
            args = program_args(o)
        except Unsupported:
            self.drop_state(st)
            raise
        if not jq_compile_args(st, o["program"], args):
            self.drop_state(st)
            raise Unsupported
        self.states[key] = st
        while len(self.states) > self.MAX:
            _, old = self.states.popitem(last=False)
            self.drop_state(old)
        return key, st

    def forget(self, key):
        st = self.states.pop(key, None)
        if st is not None:
            self.drop_state(st)

    @staticmethod
    def drop_state(st):
        p = P(st)
        jq_teardown(ctypes.byref(p))


cache = Cache()
lock = threading.Lock()
# What the run asked, printed to the log when it ends (SIGTERM).
counts = collections.Counter()


def process(st, value, o, dumpopts, out):
    """jq 1.6's process(): runs the program on value, its outputs appended
    to out; returns jq's ret, or raises Unsupported on an error or halt."""
    ret = 14
    jq_start(st, value, 0)
    while True:
        r = jq_next(st)
        kind = jv_get_kind(r)
        if kind == KIND_INVALID:
            break
        if o["raw"] and kind == KIND_STRING:
            if o["ascii"]:
                d = jv_dump_string(r, ASCII)
                out += jv_bytes(d)
                jv_free(d)
            else:
                out += jv_bytes(r)
                jv_free(r)
            ret = 0
        else:
            ret = 11 if kind in (KIND_NULL, KIND_FALSE) else 0
            d = jv_dump_string(r, dumpopts)
            out += jv_bytes(d)
            jv_free(d)
        if not o["join"]:
            out += b"\n"
    halted = jq_halted(st)
    failed = jv_invalid_has_msg(r)
    if halted or failed:
        raise Unsupported
    return ret


def run(cwd, stdin_path, stdout_file, args, saved):
    o = parse(cwd, args)
    dumpopts = o["dump"]
    files = o["files"]
    if o["null"] and not files and b"input" in o["program"]:
        # jq would read standard input as far as the program asks.
        raise Unsupported
    if not o["null"] and not files:
        # The caller's standard input, read whole, kept in a file: jq
        # reads it from there should this run be declined after all.
        with open(stdin_path, "rb") as f:
            data = f.read()
        with open(saved, "wb") as f:
            f.write(data)
        files = [os.fsencode(saved)]
    out = bytearray()
    with lock:
        key, st = cache.get(o)
        state = jq_util_input_init(None, None)
        try:
            parser = None if o["raw_in"] else jv_parser_new(0)
            jq_util_input_set_parser(state, parser, 1 if o["slurp"] else 0)
            jq_set_input_cb(st, next_input_cb, state)
            for f in files:
                if not os.path.isfile(f):
                    raise Unsupported  # a pipe is jq's to read
                jq_util_input_add_input(state, f)
            ret = 0
            if o["null"]:
                ret = process(st, jv_null(), o, dumpopts, out)
            else:
                while jq_util_input_errors(state) == 0:
                    v = jq_util_input_next_input(state)
                    if jv_get_kind(v) != KIND_INVALID:
                        ret = process(st, v, o, dumpopts, out)
                        continue
                    if jv_invalid_has_msg(v):
                        raise Unsupported  # a parse error
                    break
            if jq_util_input_errors(state) != 0:
                raise Unsupported
        except Unsupported:
            cache.forget(key)
            raise
        finally:
            jq_set_input_cb(st, None, None)
            p = P(state)
            jq_util_input_free(ctypes.byref(p))
    if b"\0" in out:
        raise Unsupported
    if ret >= 10:
        ret = ret - 10 if o["exit"] else 0
    copy = "0"
    if out:
        with open(stdout_file, "wb") as f:
            f.write(out)
        copy = "1"
    return [str(ret), copy]


def answer(head, args):
    """The answer's fields for one connection: head is the caller's
    working directory, its standard input's path and the file its
    standard output goes to."""
    cwd, stdin_path, stdout_file = head
    saved = stdout_file + ".in"
    try:
        os.unlink(saved)
    except OSError:
        pass
    try:
        out = run(cwd, stdin_path, stdout_file, args, saved)
        counts["answered"] += 1
        return out
    except (Unsupported, OSError, ValueError, UnicodeError):
        counts["declined"] += 1
        return ["unsupported", saved if os.path.exists(saved) else ""]


def stop():
    print("jqd: %d command lines answered (%d programs compiled), "
          "%d declined" % (counts["answered"], counts["compiled"],
                           counts["declined"]), flush=True)


if __name__ == "__main__":
    nulserver.serve(sys.argv[1], answer, head=3, codec="utf-8", stop=stop)
