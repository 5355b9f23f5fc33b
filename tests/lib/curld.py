#!/usr/bin/python3
"""curld: the black-box suite's curl command lines, run by one process.

A curl process costs 20 to 30 ms of CPU on the test machine, almost all of
it the dynamic linker binding libcurl and its 32 libraries (Debian builds
them with -z now), and the suite starts curl about 16,000 times. This
server runs the same requests through the same library, libcurl (Debian's
python3-pycurl), in one process that starts once per black-box run.
tests/lib/curld.sh's curl function sends it each command line over a
loopback connection (bash's /dev/tcp: no process) and falls back to the
real curl for any option it does not know here.

What it takes is the part of curl's command line the suite uses, with the
same meaning: -s (required: no progress meter to imitate), -S, -f, -I and
--head, -g, -o FILE, -D FILE, -w FORMAT (%{http_code}, %{size_download},
%{time_total}, %{content_type}, %header{NAME}, and \\n, \\r, \\t),
-H HEADER, -X METHOD, -m and --max-time SECONDS, --path-as-is and one
http:// URL. Every request goes on a new connection, closed after it, as
a curl process's does, with curl's User-Agent. Anything else is answered
"unsupported" and the caller runs curl itself.

Protocol, per connection: the caller sends NUL-terminated fields: "v1",
its working directory, the file its standard output goes to, the number of
arguments, the arguments (bytes, read as latin-1 and written back as
such). The server answers NUL-terminated fields: the
exit status (curl's: libcurl's error code), the -w text, the -S message,
and "1" when the file holds standard output for the caller to copy, else
"0". Or the single field "unsupported".

    curld.py PORTFILE    # listens on a free loopback port, writes it there
"""

import os
import re
import sys

import nulserver

import pycurl

USER_AGENT = "curl/" + pycurl.version_info()[1]
W_VAR = re.compile(r"%\{([a-z_]+)\}|%header\{([^}]*)\}|%%|\\[nrt\\]")
W_KNOWN = {"http_code", "size_download", "time_total", "content_type"}


class Unsupported(Exception):
    pass


def parse(args):
    """The options of curl's command line args, or Unsupported."""
    o = {"silent": False, "show": False, "fail": False, "head": False,
         "globoff": False, "path_as_is": False, "out": None, "dump": None,
         "wfmt": None, "headers": [], "method": None, "timeout": None,
         "url": None}
    long_flags = {"--silent": "silent", "--show-error": "show",
                  "--fail": "fail", "--head": "head", "--globoff": "globoff",
                  "--path-as-is": "path_as_is"}
    long_vals = {"--output": "o", "--dump-header": "D", "--write-out": "w",
                 "--header": "H", "--request": "X", "--max-time": "m"}
    short_flags = {"s": "silent", "S": "show", "f": "fail", "I": "head",
                   "g": "globoff"}
    i = 0

    def value(letter, v):
        if letter == "o":
            o["out"] = v
        elif letter == "D":
            o["dump"] = v
        elif letter == "w":
            for m in W_VAR.finditer(v):
                if m.group(1) is not None and m.group(1) not in W_KNOWN:
                    raise Unsupported
            if re.search(r"%(?![{%]|header\{)", v):
                raise Unsupported
            o["wfmt"] = v
        elif letter == "H":
            o["headers"].append(v)
        elif letter == "X":
            o["method"] = v
        elif letter == "m":
            try:
                o["timeout"] = float(v)
            except ValueError:
                raise Unsupported
    while i < len(args):
        a = args[i]
        if a in long_flags:
            o[long_flags[a]] = True
        elif a in long_vals:
            i += 1
            if i >= len(args):
                raise Unsupported
            value(long_vals[a], args[i])
        elif a.startswith("-") and len(a) > 1 and not a.startswith("--"):
            for j, c in enumerate(a[1:]):
                if c in short_flags:
                    o[short_flags[c]] = True
                elif c in "oDwHXm":
                    rest = a[j + 2:]
                    if not rest:
                        i += 1
                        if i >= len(args):
                            raise Unsupported
                        rest = args[i]
                    value(c, rest)
                    break
                else:
                    raise Unsupported
        elif a.startswith("-"):
            raise Unsupported
        else:
            if o["url"] is not None:
                raise Unsupported
            o["url"] = a
        i += 1
    url = o["url"]
    if not o["silent"] or url is None or not url.startswith("http://"):
        raise Unsupported
    if not o["globoff"] and re.search(r"[][{}]", url):
        raise Unsupported
    return o


def write_out(fmt, c, headers):
    """The -w text: curl's own formatting of the variables it has."""
    def one(m):
        t = m.group(0)
        if t == "%%":
            return "%"
        if t.startswith("\\"):
            return {"\\n": "\n", "\\r": "\r", "\\t": "\t", "\\\\": "\\"}[t]
        if m.group(2) is not None:
            name = m.group(2).lower()
            for line in reversed(last_response(headers)):
                k, _, v = line.partition(":")
                if k.strip().lower() == name:
                    return v.strip()
            return ""
        var = m.group(1)
        if var == "http_code":
            return "%03d" % c.getinfo(pycurl.RESPONSE_CODE)
        if var == "size_download":
            return "%d" % c.getinfo(pycurl.SIZE_DOWNLOAD)
        if var == "time_total":
            return "%.6f" % c.getinfo(pycurl.TOTAL_TIME)
        return c.getinfo(pycurl.CONTENT_TYPE) or ""
    return W_VAR.sub(one, fmt)


def last_response(headers):
    """The header lines of the last response (after its status line)."""
    text = [h.decode("latin-1").rstrip("\r\n") for h in headers]
    start = 0
    for k, line in enumerate(text):
        if line.startswith("HTTP/"):
            start = k + 1
    return [t for t in text[start:] if t]


def run(cwd, stdout_file, args):
    """Performs one command line; returns the answer's fields."""
    o = parse(args)
    c = pycurl.Curl()
    headers = []
    body = []
    c.setopt(pycurl.URL, o["url"].encode("latin-1"))
    c.setopt(pycurl.USERAGENT, USER_AGENT)
    c.setopt(pycurl.FRESH_CONNECT, 1)
    c.setopt(pycurl.FORBID_REUSE, 1)
    c.setopt(pycurl.NOSIGNAL, 1)
    if o["path_as_is"]:
        c.setopt(pycurl.PATH_AS_IS, 1)
    if o["headers"]:
        c.setopt(pycurl.HTTPHEADER,
                 [h.encode("latin-1") for h in o["headers"]])
    if o["method"] is not None:
        c.setopt(pycurl.CUSTOMREQUEST, o["method"].encode("latin-1"))
    if o["head"]:
        c.setopt(pycurl.NOBODY, 1)
    if o["fail"]:
        c.setopt(pycurl.FAILONERROR, 1)
    if o["timeout"] is not None:
        c.setopt(pycurl.TIMEOUT_MS, max(1, int(o["timeout"] * 1000)))
    c.setopt(pycurl.HEADERFUNCTION, headers.append)
    c.setopt(pycurl.WRITEFUNCTION, body.append)
    code, msg = 0, ""
    try:
        c.perform()
    except pycurl.error as e:
        code, msg = e.args[0], e.args[1]
    # What curl writes where: the headers to -D's file, and with --head
    # (and no body) where the body would go; the body to -o's file or to
    # standard output, after the headers of "-D -".
    head = b"".join(headers)
    data = head if o["head"] else b"".join(body)
    stdout = b""
    if o["dump"] == "-":
        stdout += head
    elif o["dump"] is not None:
        dump = nulserver.caller_path(cwd, o["dump"], "latin-1")
        with open(dump, "wb") as f:
            f.write(head)
    got = bool(headers) or bool(body)
    if o["out"] is not None and o["out"] != "-":
        if got or code == 0:
            out = nulserver.caller_path(cwd, o["out"], "latin-1")
            with open(out, "wb") as f:
                f.write(data)
    else:
        stdout += data
    w = write_out(o["wfmt"], c, headers) if o["wfmt"] is not None else ""
    err = ""
    if code != 0 and o["show"]:
        err = "curl: (%d) %s\n" % (code, msg)
        err = err.encode("utf-8", "replace").decode("latin-1")
    c.close()
    copy = "0"
    if stdout:
        with open(stdout_file.encode("latin-1"), "wb") as f:
            f.write(stdout)
        copy = "1"
    return [str(code), w, err, copy]


def answer(head, args):
    """The answer's fields for one connection: head is the caller's
    working directory and the file its standard output goes to."""
    try:
        return run(head[0], head[1], args)
    except Unsupported:
        return ["unsupported"]
    except OSError as e:
        return ["23", "", "curl: (23) %s\n" % e, "0"]


if __name__ == "__main__":
    nulserver.serve(sys.argv[1], answer, head=2, codec="latin-1")
