#!/usr/bin/env python3
"""`export --format hlog` read by another implementation of the format: the hdrhistogram
Python package (PyPI `hdrhistogram`, module hdrh). For each session given, exports its log,
reads every interval back with hdrh's HistogramLogReader, and checks that each interval's
decoded bucket counts equal the session's own histogram (stage x op) exactly, and that
total count, min, max and p50/p99 agree. Exit 0 when all agree; 77 (skipped) without hdrh.

Usage: check_hlog.py VAULT_WORKBENCH_BINARY SESSION.json...
       check_hlog.py VAULT_WORKBENCH_BINARY --generate TEMPLATE.json
  --generate: sessions like TEMPLATE whose stage histograms (and, in a second session, whose
  per-second interval histograms, second_histograms) hdrh itself filled with random latencies
  from 1 us to 1 h (hdrh chooses the bucket indexes, our reader takes them, our encoder writes
  them, hdrh decodes them), then checked as above.
"""
import json
import os
import subprocess
import sys
import tempfile

try:
    from hdrh.histogram import HdrHistogram
    from hdrh.log import HistogramLogReader
except ImportError:
    print("SKIP: the hdrhistogram Python package is not installed (pip install hdrhistogram)")
    sys.exit(77)


def label_of(op):
    return "".join("_" if c == "," or c.isspace() else c for c in op)


def compact_counts(a):
    """LatencyHistogram::toCompactJson(): [total, sum, min, max, clamped, [i0, c0, di, c, ...]]."""
    pairs = a[5]
    out = {}
    index = 0
    for k in range(0, len(pairs), 2):
        index = pairs[k] if k == 0 else index + pairs[k]
        out[int(index)] = int(pairs[k + 1])
    return int(a[0]), out


def session_histograms(path):
    """{(tag, start s): (total, {index: count})} from the session file, as hdrlog.h names
    them: per second from second_histograms when the session has them, else per stage."""
    import base64
    import zlib
    with open(path, encoding="utf-8") as f:
        s = json.load(f)
    out = {}
    sh = s.get("second_histograms")
    if sh:
        for op in sh["ops"]:
            packed = base64.b64decode(op["histograms"])
            arrays = json.loads(zlib.decompress(packed[4:]))   # qCompress: 4-byte length first
            for second, a in zip(op["seconds"], arrays):
                stage = 0
                for st in s["stages"]:
                    if st["start_ms"] <= second * 1000:
                        stage = st["index"]
                out[(f"{label_of(op['op'])}/stage-{stage + 1}", float(second))] = compact_counts(a)
        return out
    for st in s["stages"]:
        for op in st["ops"]:
            h = op.get("histogram") or {}
            if not h.get("total"):
                continue
            tag = f"{label_of(op['op'])}/stage-{st['index'] + 1}"
            start = (st["start_ms"] + st["warmup_ms"]) / 1000.0
            out[(tag, start)] = (h["total"], {int(i): int(c) for i, c in h["counts"]})
    return out


def generate(template, out, seed=7, per_second=False):
    import random
    rng = random.Random(seed)
    with open(template, encoding="utf-8") as f:
        s = json.load(f)
    for st in s["stages"]:
        for op in st["ops"]:
            h = HdrHistogram(1, 3600 * 1000 * 1000, 3)
            n = rng.randint(1, 20000)
            total_us = 0
            for _ in range(n):
                v = max(1, min(3600 * 1000 * 1000, int(rng.lognormvariate(8, 3))))
                h.record_value(v)
                total_us += v
            counts = [[i, h.get_count_at_index(i)] for i in range(h.counts_len)
                      if h.get_count_at_index(i)]
            op["count"] = op["ok"] = n
            op["errors"] = {}
            op["histogram"] = {"v": 1, "lowest_us": 1, "highest_us": 3600 * 1000 * 1000,
                               "digits": 3, "total": n, "sum_us": total_us,
                               "min_us": h.get_min_value(), "max_us": h.get_max_value(),
                               "clamped": 0, "counts": counts}
            op.pop("latency_ms", None)
    s.pop("analysis", None)
    if per_second:
        import base64
        import struct
        import zlib
        ops = []
        for label in s["ops"]:
            seconds, arrays = [], []
            for second in range(0, 6):
                h = HdrHistogram(1, 3600 * 1000 * 1000, 3)
                n = rng.randint(1, 3000)
                total_us = 0
                for _ in range(n):
                    v = max(1, min(3600 * 1000 * 1000, int(rng.lognormvariate(7, 2))))
                    h.record_value(v)
                    total_us += v
                pairs, last = [], None
                for i in range(h.counts_len):
                    c = h.get_count_at_index(i)
                    if c:
                        pairs += [i if last is None else i - last, c]
                        last = i
                seconds.append(second)
                arrays.append([n, total_us, h.get_min_value(), h.get_max_value(), 0, pairs])
            raw = json.dumps(arrays, separators=(",", ":")).encode()
            packed = struct.pack(">I", len(raw)) + zlib.compress(raw)
            ops.append({"op": label, "seconds": seconds, "encoding": "zlib+base64",
                        "histograms": base64.b64encode(packed).decode()})
        s["second_histograms"] = {"v": 1, "ops": ops}
    with open(out, "w", encoding="utf-8") as f:
        json.dump(s, f)


def check(binary, session):
    with tempfile.TemporaryDirectory() as d:
        log = os.path.join(d, "s.hlog")
        subprocess.run([binary, "export", session, "--format", "hlog", "--out", log],
                       check=True, capture_output=True)
        reader = HistogramLogReader(log, HdrHistogram(1, 3600 * 1000 * 1000, 3))
        expected = session_histograms(session)
        seen = 0
        problems = []
        while True:
            h = reader.get_next_interval_histogram()
            if h is None:
                break
            tag = (h.get_tag(), round(h.get_start_time_stamp() / 1000.0 - reader.base_time_sec, 3))
            seen += 1
            if tag not in expected:
                problems.append(f"{tag}: not in the session")
                continue
            total, counts = expected[tag]
            got = {i: h.get_count_at_index(i) for i in range(h.counts_len) if h.get_count_at_index(i)}
            if got != counts:
                diff = sorted(set(got.items()) ^ set(counts.items()))[:5]
                problems.append(f"{tag}: bucket counts differ, e.g. {diff}")
            if h.get_total_count() != total:
                problems.append(f"{tag}: total {h.get_total_count()} != {total}")
        if seen != len(expected):
            problems.append(f"{seen} intervals read, the session has {len(expected)} histograms")
        print(f"{session}: {seen} intervals, {sum(t for t, _ in expected.values())} samples: "
              + ("equal" if not problems else "DIFFERENT"))
        for p in problems:
            print("  " + p)
        return not problems


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    if sys.argv[2] == "--generate":
        with tempfile.TemporaryDirectory() as d:
            ok = True
            for per_second in (False, True):
                out = os.path.join(d, f"generated-{'seconds' if per_second else 'stages'}.json")
                generate(sys.argv[3], out, per_second=per_second)
                ok = check(sys.argv[1], out) and ok
            return 0 if ok else 1
    ok = all([check(sys.argv[1], s) for s in sys.argv[2:]])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
