#!/usr/bin/env python3
"""Runs one load generator against the bench stub and prints one JSON line:
{"tool", "connections", "requests", "seconds", "cpu_s", "rps_per_cpu_s", "p50_us"}.

Client CPU is the child's user + system time from wait4() (resource.getrusage of the child),
the same method for every tool: requests per client CPU-second = requests / cpu_s.
Usage: measure.py TOOL CONNECTIONS [--session FILE] -- COMMAND...
  TOOL: wrk[-...] | hey | vw-<transport> (bench-transport's output) | vw-run (with --session: the
  session file `vault-workbench run --out FILE` wrote; requests = the completed requests of
  its 1-second series, warm-up included; p50 = the last stage's first operation's p50).
"""
import json
import os
import re
import subprocess
import sys
import time

UNITS = {"us": 1.0, "ms": 1000.0, "s": 1e6}


def parse_wrk(out):
    req = int(re.search(r"(\d+) requests in", out).group(1))
    m = re.search(r"^\s*50%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
    return req, float(m.group(1)) * UNITS[m.group(2)]


def parse_hey(out):
    req = sum(int(n) for n in re.findall(r"\[2\d\d\]\s+(\d+) responses", out))
    m = re.search(r"50%+ in ([\d.]+) secs", out)
    return req, float(m.group(1)) * 1e6


def parse_vw(out):
    kv = dict(p.split("=", 1) for p in out.split() if "=" in p)
    return int(kv["requests"]), float(kv["p50_us"])


def parse_session(path):
    with open(path) as f:
        session = json.load(f)
    series = session["series"]
    count = series["columns"].index("count")
    req = sum(int(row[count]) for row in series["rows"])
    p50_ms = session["stages"][-1]["ops"][0]["latency_ms"]["p50"]
    return req, float(p50_ms) * 1000.0


def main():
    tool, conns = sys.argv[1], int(sys.argv[2])
    dash = sys.argv.index("--")
    opts = sys.argv[3:dash]
    session = opts[opts.index("--session") + 1] if "--session" in opts else None
    cmd = sys.argv[dash + 1:]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.monotonic() - start
    if proc.returncode != 0:
        sys.stderr.write(out)
        sys.exit(f"{tool}: exit code {proc.returncode}")
    if session:
        req, p50 = parse_session(session)
    else:
        parse = parse_wrk if tool.startswith("wrk") else parse_hey if tool == "hey" else parse_vw
        req, p50 = parse(out)
    cpu = usage.ru_utime + usage.ru_stime
    print(json.dumps({"tool": tool, "connections": conns, "requests": req,
                      "seconds": round(seconds, 2), "cpu_s": round(cpu, 3),
                      "rps_per_cpu_s": round(req / cpu) if cpu > 0 else 0,
                      "us_cpu_per_request": round(cpu / req * 1e6, 2) if req else 0,
                      "p50_us": round(p50, 1)}))


if __name__ == "__main__":
    main()
